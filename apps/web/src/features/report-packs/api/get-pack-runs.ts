import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportPackMessages as m, packRunsResponseSchema } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { isActiveRun, RUN_POLL_MS } from '../run-labels';
import { packPath, packQueryKey, type PackRef } from './report-pack-urls';

/** `GET …/{packId}/runs`: the pack's runs, newest first. */
export const getPackRuns = (ref: PackRef, signal?: AbortSignal) =>
  apiRequest(`${packPath(ref.organizationId, ref.packId)}/runs`, {
    schema: packRunsResponseSchema,
    signal,
    errorMessage: m.loadFailed,
  }).then((response) => response.data.runs);

export const packRunsQueryKey = (ref: PackRef) => [...packQueryKey(ref), 'runs'] as const;

export const packRunsQueryOptions = (ref: PackRef) =>
  queryOptions({
    queryKey: packRunsQueryKey(ref),
    queryFn: ({ signal }) => getPackRuns(ref, signal),
    // A run the schedule started is followed as one started here.
    refetchInterval: (query) => (query.state.data?.some(isActiveRun) ? RUN_POLL_MS : false),
  });

export const usePackRuns = (ref: PackRef) => useQuery(packRunsQueryOptions(ref));
