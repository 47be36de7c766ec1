import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataListResponseSchema, dataManagementMessages, MAX_DATA_PAGE_SIZE } from '@finboard/shared/data-management';
import { apiRequest } from '../../../lib/api-client';
import { dataManagementQueryKey } from './get-tables';

export interface AccountOption {
  code: string;
  name: string;
}

/**
 * The organization's chart of accounts (01_Account), by code: one request for the grid's account names
 * and the Add Record picker, never one per row. A chart is a few hundred accounts; the first
 * MAX_DATA_PAGE_SIZE are read (a code beyond them shows without its name).
 */
export const getAccounts = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(`/api/v1/crud/${encodeURIComponent(organizationId)}/01_Account`, {
    query: { page: 1, pageSize: MAX_DATA_PAGE_SIZE, sortBy: 'account_code', sortOrder: 'asc' },
    signal,
    schema: dataListResponseSchema,
    errorMessage: dataManagementMessages.dataFailed,
  }).then((response) =>
    response.data.rows.flatMap((row): AccountOption[] =>
      typeof row.account_code === 'string'
        ? [{ code: row.account_code, name: typeof row.account_name === 'string' ? row.account_name : '' }]
        : [],
    ),
  );

export const accountsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...dataManagementQueryKey(organizationId), 'accounts'],
    queryFn: ({ signal }) => getAccounts(organizationId, signal),
    staleTime: 60_000,
  });

export const useAccounts = (organizationId: string | undefined) =>
  useQuery({ ...accountsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
