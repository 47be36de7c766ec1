import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  dataRefreshMessages,
  FINISHED_REFRESH_STATUSES,
  REFRESH_POLL_MS,
  refreshLogsResponseSchema,
} from '@finboard/shared/data-refresh';
import { apiRequest } from '../../../lib/api-client';
import { dataRefreshQueryKey, dataRefreshUrls } from './data-refresh-urls';

export const getRefreshLogs = (organizationId: string, date: string | undefined, signal?: AbortSignal) =>
  apiRequest(dataRefreshUrls.logs, {
    query: { organizationId, ...(date && { date }) },
    signal,
    schema: refreshLogsResponseSchema,
    errorMessage: dataRefreshMessages.fetchLogsFailed,
  }).then(({ data }) => data);

export const refreshLogsQueryOptions = (organizationId: string, date: string | undefined) =>
  queryOptions({
    queryKey: [...dataRefreshQueryKey, organizationId, 'logs', date ?? 'all'],
    queryFn: ({ signal }) => getRefreshLogs(organizationId, date, signal),
    placeholderData: keepPreviousData,
    // Statuses move live while any refresh is unfinished.
    refetchInterval: (current) =>
      current.state.data?.some((log) => !FINISHED_REFRESH_STATUSES.includes(log.status)) ? REFRESH_POLL_MS : false,
  });

export const useRefreshLogs = (organizationId: string | undefined, date: string | undefined) =>
  useQuery({ ...refreshLogsQueryOptions(organizationId ?? '', date), enabled: Boolean(organizationId) });
