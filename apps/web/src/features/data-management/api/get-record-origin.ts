import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { dataManagementMessages, dataOriginDataSchema } from '@finboard/shared/data-management';
import { apiRequest } from '../../../lib/api-client';
import { dataManagementQueryKey } from './get-tables';

const originResponseSchema = apiSuccessSchema(dataOriginDataSchema);

export const getRecordOrigin = (organizationId: string, table: string, rowId: string, signal?: AbortSignal) =>
  apiRequest(
    `/api/v1/crud/${encodeURIComponent(organizationId)}/${encodeURIComponent(table)}/${encodeURIComponent(rowId)}/origin`,
    { signal, schema: originResponseSchema, errorMessage: dataManagementMessages.originFailed },
  ).then((response) => response.data.origin);

export const recordOriginQueryOptions = (organizationId: string, table: string, rowId: string) =>
  queryOptions({
    queryKey: [...dataManagementQueryKey(organizationId), 'origin', table, rowId],
    queryFn: ({ signal }) => getRecordOrigin(organizationId, table, rowId, signal),
  });

export const useRecordOrigin = (target: { organizationId: string; table: string; rowId: string } | undefined) =>
  useQuery({
    ...recordOriginQueryOptions(target?.organizationId ?? '', target?.table ?? '', target?.rowId ?? ''),
    enabled: Boolean(target),
  });
