import type { LoadMode, PipelineRunStatus, PipelineStepName, PipelineRunStep } from '@finboard/shared/pipelines';
import { PIPELINE_RUN_STATUSES } from '@finboard/shared/pipelines';

/** Tag colors of antd: running pulses (processing). */
export const RUN_STATUS_COLORS: Record<PipelineRunStatus, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
};

export const runStatusOptions = PIPELINE_RUN_STATUSES.map((status) => ({ value: status, label: status }));

export const STEP_LABELS: Record<PipelineStepName, string> = {
  stage: 'Stage the files',
  validate: 'Validate',
  load: 'Load into the warehouse',
  refresh: 'Refresh',
};

export const STEP_STATUS_COLORS: Record<PipelineRunStep['status'], string> = {
  pending: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/** How a run loaded its files: added their rows (replacing only the files their uploads named), or whole periods. */
export const LOAD_MODE_LABELS: Record<LoadMode, string> = {
  add: 'Add rows',
  'replace-periods': 'Replace periods',
};
