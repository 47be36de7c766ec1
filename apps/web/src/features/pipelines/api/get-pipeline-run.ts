import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { pipelineMessages, pipelineRunResponseSchema } from '@finboard/shared/pipelines';
import { apiRequest } from '../../../lib/api-client';
import { isActiveRun } from '../run-progress';
import { pipelinesQueryKey, pipelinesUrls } from './pipelines-urls';

/** A queued or running run is asked about this often, for its progress bar. */
export const RUN_POLL_MS = 1000;

export const getPipelineRun = (runId: string, signal?: AbortSignal) =>
  apiRequest(pipelinesUrls.run(runId), {
    signal,
    schema: pipelineRunResponseSchema,
    errorMessage: pipelineMessages.runFailed,
  }).then(({ data }) => data.run);

/**
 * One run with its steps and problems: the progress bars and the detail drawer share this query, and it
 * polls only while the run is queued or running.
 */
export const pipelineRunQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: [...pipelinesQueryKey, 'run', runId],
    queryFn: ({ signal }) => getPipelineRun(runId, signal),
    refetchInterval: (current) => (current.state.data && !isActiveRun(current.state.data.status) ? false : RUN_POLL_MS),
  });

export const usePipelineRun = (runId: string | undefined) =>
  useQuery({ ...pipelineRunQueryOptions(runId ?? ''), enabled: Boolean(runId) });

export const usePipelineRunsById = (runIds: readonly string[]) =>
  useQueries({ queries: runIds.map((runId) => pipelineRunQueryOptions(runId)) });
