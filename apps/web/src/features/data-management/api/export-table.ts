import { dataManagementMessages, encodeFilters, type DataFilter } from '@finboard/shared/data-management';
import { apiDownload } from '../../../lib/api-client';

export interface ExportQuery {
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  filters: readonly DataFilter[];
}

/** The current filtered view as CSV (all rows), fetched with the session's token. */
export const exportTable = (organizationId: string, table: string, query: ExportQuery) =>
  apiDownload(`/api/v1/crud/${encodeURIComponent(organizationId)}/${encodeURIComponent(table)}/export`, {
    query: {
      sortBy: query.sortBy,
      sortOrder: query.sortBy ? query.sortOrder : undefined,
      filters: encodeFilters(query.filters),
    },
    errorMessage: dataManagementMessages.exportFailed,
  });
