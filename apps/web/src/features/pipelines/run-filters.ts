import type { Dayjs } from 'dayjs';
import type { PipelineRunFilters, PipelineRunStatus } from '@finboard/shared/pipelines';

/** The Filter Pipelines form as antd holds it. */
export interface RunFilterForm {
  name?: string;
  status?: PipelineRunStatus;
  /** Days the runs were queued on, both included; the server reads them as UTC days. */
  queued?: [Dayjs | null, Dayjs | null] | null;
}

export type RunFilters = Pick<PipelineRunFilters, 'name' | 'status' | 'from' | 'to'>;

/** The form's values as the history query's filters; every key is set so applying replaces the last ones. */
export function runFiltersOf(form: RunFilterForm): RunFilters {
  const [from, to] = form.queued ?? [];
  return {
    name: form.name?.trim() || undefined,
    status: form.status,
    from: from?.format('YYYY-MM-DD'),
    to: to?.format('YYYY-MM-DD'),
  };
}
