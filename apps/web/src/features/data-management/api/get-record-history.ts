import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { dataHistoryDataSchema, dataManagementMessages } from '@finboard/shared/data-management';
import { apiRequest } from '../../../lib/api-client';
import { dataManagementQueryKey } from './get-tables';

const historyResponseSchema = apiSuccessSchema(dataHistoryDataSchema);

export const getRecordHistory = (organizationId: string, table: string, rowId: string, signal?: AbortSignal) =>
  apiRequest(
    `/api/v1/crud/${encodeURIComponent(organizationId)}/${encodeURIComponent(table)}/${encodeURIComponent(rowId)}/history`,
    { signal, schema: historyResponseSchema, errorMessage: dataManagementMessages.historyFailed },
  ).then((response) => response.data.history);

export const recordHistoryQueryOptions = (organizationId: string, table: string, rowId: string) =>
  queryOptions({
    queryKey: [...dataManagementQueryKey(organizationId), 'history', table, rowId],
    queryFn: ({ signal }) => getRecordHistory(organizationId, table, rowId, signal),
  });

export const useRecordHistory = (target: { organizationId: string; table: string; rowId: string } | undefined) =>
  useQuery({
    ...recordHistoryQueryOptions(target?.organizationId ?? '', target?.table ?? '', target?.rowId ?? ''),
    enabled: Boolean(target),
  });
