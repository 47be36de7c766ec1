import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  dataListResponseSchema,
  dataManagementMessages,
  encodeFilters,
  type DataFilter,
} from '@finboard/shared/data-management';
import { apiRequest } from '../../../lib/api-client';
import { dataManagementQueryKey } from './get-tables';

export interface TablePageQuery {
  page: number;
  pageSize: number;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  filters?: readonly DataFilter[];
  /** Also answer the money columns' totals over the whole filter (ask once per filter: they read every row). */
  totals?: boolean;
}

/** One page of a table or view, paged, sorted and filtered on the server. */
export const getTableData = (organizationId: string, table: string, query: TablePageQuery, signal?: AbortSignal) =>
  apiRequest(`/api/v1/crud/${encodeURIComponent(organizationId)}/${encodeURIComponent(table)}`, {
    query: {
      page: query.page,
      pageSize: query.pageSize,
      sortBy: query.sortBy,
      sortOrder: query.sortBy ? query.sortOrder : undefined,
      filters: encodeFilters(query.filters ?? []),
      totals: query.totals ? 'true' : undefined,
    },
    signal,
    schema: dataListResponseSchema,
    errorMessage: dataManagementMessages.dataFailed,
  }).then(({ data, pagination }) => ({ ...data, pagination }));

/** The columns of a table (from a one-row page): the grid needs them before it asks for rows. */
export const tableColumnsQueryOptions = (organizationId: string, table: string) =>
  queryOptions({
    queryKey: [...dataManagementQueryKey(organizationId), 'columns', table],
    queryFn: ({ signal }) =>
      getTableData(organizationId, table, { page: 1, pageSize: 1 }, signal).then((data) => data.columns),
    staleTime: 5 * 60_000,
  });

export const useTableColumns = (organizationId: string | undefined, table: string | undefined) =>
  useQuery({
    ...tableColumnsQueryOptions(organizationId ?? '', table ?? ''),
    enabled: Boolean(organizationId && table),
  });
