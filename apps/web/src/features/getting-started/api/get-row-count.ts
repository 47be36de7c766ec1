import { useQuery } from '@tanstack/react-query';
import { dataListResponseSchema, dataManagementMessages } from '@finboard/shared/data-management';
import { apiRequest } from '../../../lib/api-client';

/** How many rows a warehouse table of the organization holds (a one-row page's total). */
const getRowCount = (organizationId: string, table: string, signal?: AbortSignal) =>
  apiRequest(`/api/v1/crud/${encodeURIComponent(organizationId)}/${encodeURIComponent(table)}`, {
    query: { page: 1, pageSize: 1 },
    signal,
    schema: dataListResponseSchema,
    errorMessage: dataManagementMessages.dataFailed,
  }).then(({ pagination }) => pagination.total);

export const useRowCount = (organizationId: string, table: string, enabled: boolean) =>
  useQuery({
    queryKey: ['getting-started', organizationId, table],
    queryFn: ({ signal }) => getRowCount(organizationId, table, signal),
    enabled,
    // Loads land while the page is open: the checklist follows them.
    refetchInterval: 15_000,
  });
