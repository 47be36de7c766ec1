import {
  PIPELINE_STEPS,
  pipelineMessages,
  type PipelineRunDetail,
  type PipelineRunStatus,
} from '@finboard/shared/pipelines';

/** A run still under way: the page keeps asking about it. */
export const isActiveRun = (status: PipelineRunStatus) => status === 'queued' || status === 'running';

/**
 * Whole percent of a run, for its progress bar: each step (stage, validate, load, refresh) is an equal
 * share; a running step adds the part of its rows done when it knows its total. 100 only once succeeded,
 * so a bar never looks finished while the load is still to commit.
 */
export function runProgressPercent(run: Pick<PipelineRunDetail, 'status' | 'steps'>): number {
  if (run.status === 'succeeded') return 100;
  const share = 100 / PIPELINE_STEPS.length;
  let percent = 0;
  for (const step of run.steps) {
    if (step.status === 'done') percent += share;
    else if (step.status === 'running' && step.total)
      percent += (share * Math.min(step.done ?? 0, step.total)) / step.total;
  }
  return Math.min(99, Math.floor(percent));
}

/** The step a run is at, for the text beside its bar ('validate', …); none before it starts or once over. */
export const currentStep = (run: Pick<PipelineRunDetail, 'steps'>) =>
  run.steps.find((step) => step.status === 'running')?.stage;

/**
 * What one Run Pipeline click ends with (spec §8), once every run it queued is over: undefined while any
 * is still queued or running.
 */
export function actionOutcome(statuses: readonly PipelineRunStatus[]): { ok: boolean; message: string } | undefined {
  if (statuses.some(isActiveRun)) return undefined;
  return statuses.every((status) => status === 'succeeded')
    ? { ok: true, message: pipelineMessages.allRan }
    : { ok: false, message: pipelineMessages.someFailed };
}

/** "850 ms", "12.4 s", "3 min 05 s", "1 h 02 min": a run's duration as people read it. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(seconds / 3600)} h ${String(Math.floor(seconds / 60) % 60).padStart(2, '0')} min`;
}
