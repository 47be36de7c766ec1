import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { dataManagementMessages, dataTablesDataSchema } from '@finboard/shared/data-management';
import { apiRequest } from '../../../lib/api-client';

const tablesResponseSchema = apiSuccessSchema(dataTablesDataSchema);

/** Every Data Management query sits under this key, per organization. */
export const dataManagementQueryKey = (organizationId: string) => ['data-management', organizationId] as const;

export const getTables = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(`/api/v1/crud/tables/${encodeURIComponent(organizationId)}`, {
    signal,
    schema: tablesResponseSchema,
    errorMessage: dataManagementMessages.tablesFailed,
  }).then((response) => response.data);

export const tablesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...dataManagementQueryKey(organizationId), 'tables'],
    queryFn: ({ signal }) => getTables(organizationId, signal),
  });

export const useTables = (organizationId: string | undefined) =>
  useQuery({ ...tablesQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
