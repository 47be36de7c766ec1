import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportPackMessages as m, packsResponseSchema } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { isActiveRun, RUN_POLL_MS } from '../run-labels';
import { packListQueryKey, packsPath } from './report-pack-urls';

/** `GET /api/v1/report-packs/{organizationId}`: the organization's packs with their last run. */
export const getPacks = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(packsPath(organizationId), { schema: packsResponseSchema, signal, errorMessage: m.loadFailed }).then(
    (response) => response.data.packs,
  );

export const packsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: packListQueryKey(organizationId),
    queryFn: ({ signal }) => getPacks(organizationId, signal),
    // A last run under way is followed until it is done.
    refetchInterval: (query) => (query.state.data?.some((pack) => isActiveRun(pack.lastRun)) ? RUN_POLL_MS * 2 : false),
  });

export const usePacks = (organizationId: string | undefined) =>
  useQuery({ ...packsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
