import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  pipelineMessages,
  pipelineRunListResponseSchema,
  type pipelineRunListQuerySchema,
} from '@finboard/shared/pipelines';
import { apiRequest } from '../../../lib/api-client';
import { isActiveRun } from '../run-progress';
import { pipelinesQueryKey, pipelinesUrls } from './pipelines-urls';

/** The history query with its defaults applied. */
export type PipelineRunListQuery = z.output<typeof pipelineRunListQuerySchema>;

/** While a listed run is under way its row is refreshed this often (started, finished, counts). */
const ACTIVE_REFRESH_MS = 3000;

export const getPipelineRuns = (organizationId: string, query: PipelineRunListQuery, signal?: AbortSignal) =>
  apiRequest(pipelinesUrls.runs(organizationId), {
    query,
    signal,
    schema: pipelineRunListResponseSchema,
    errorMessage: pipelineMessages.fetchRunsFailed,
  }).then(({ data, pagination }) => ({ runs: data.pipelines, pagination }));

export const pipelineRunsQueryOptions = (organizationId: string, query: PipelineRunListQuery) =>
  queryOptions({
    queryKey: [...pipelinesQueryKey, organizationId, 'runs', query],
    queryFn: ({ signal }) => getPipelineRuns(organizationId, query, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.runs.some((run) => isActiveRun(run.status)) ? ACTIVE_REFRESH_MS : false,
  });

export const usePipelineRuns = (organizationId: string | undefined, query: PipelineRunListQuery) =>
  useQuery({ ...pipelineRunsQueryOptions(organizationId ?? '', query), enabled: Boolean(organizationId) });
