import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportPackMessages as m, packRunResponseSchema } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { isActiveRun, RUN_POLL_MS } from '../run-labels';
import { packPath, type PackRef } from './report-pack-urls';
import { packRunsQueryKey } from './get-pack-runs';

/** `GET …/{packId}/runs/{runId}`: one run, asked for again while it is queued or running. */
export const getPackRun = (ref: PackRef, runId: string, signal?: AbortSignal) =>
  apiRequest(`${packPath(ref.organizationId, ref.packId)}/runs/${encodeURIComponent(runId)}`, {
    schema: packRunResponseSchema,
    signal,
    errorMessage: m.loadFailed,
  }).then((response) => response.data.run);

export const packRunQueryOptions = (ref: PackRef, runId: string) =>
  queryOptions({
    queryKey: [...packRunsQueryKey(ref), runId] as const,
    queryFn: ({ signal }) => getPackRun(ref, runId, signal),
    refetchInterval: (query) => (!query.state.data || isActiveRun(query.state.data) ? RUN_POLL_MS : false),
  });

export const usePackRun = (ref: PackRef, runId: string | undefined) =>
  useQuery({ ...packRunQueryOptions(ref, runId ?? ''), enabled: Boolean(runId) });
