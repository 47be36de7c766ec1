import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  accountingMessages,
  FINISHED_SYNC_STATUSES,
  SYNC_POLL_MS,
  syncRunsResponseSchema,
} from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey, accountingUrls } from './accounting-urls';

export const getSyncRuns = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(accountingUrls.syncRuns, {
    query: { organization_id: organizationId },
    signal,
    schema: syncRunsResponseSchema,
    errorMessage: accountingMessages.fetchRunsFailed,
  }).then(({ data }) => data.runs);

export const syncRunsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...accountingQueryKey, organizationId, 'sync-runs'],
    queryFn: ({ signal }) => getSyncRuns(organizationId, signal),
    // States move live while a sync is unfinished.
    refetchInterval: (current) =>
      current.state.data?.some((run) => !FINISHED_SYNC_STATUSES.includes(run.status)) ? SYNC_POLL_MS : false,
  });

export const useSyncRuns = (organizationId: string | undefined) =>
  useQuery({ ...syncRunsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
