import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { glLinesResponseSchema, reportMessages, type ReportDrill } from '@finboard/shared/reports';
import { apiRequest } from '../../../lib/api-client';
import { reportsQueryKey } from '../../../lib/reports-query-key';

/** The drill-down's query: the figure's filter in the API's spelling, and the page. */
const queryOf = (drill: ReportDrill, page: number, pageSize: number) => ({
  account_code: drill.accountCode,
  account_type: drill.accountType,
  account_subtype: drill.accountSubtype,
  counterparty: drill.counterparty,
  from: drill.from,
  to: drill.to,
  entity: drill.entity,
  department: drill.department,
  page,
  pageSize,
});

export const getGlLines = (
  organizationId: string,
  drill: ReportDrill,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) =>
  apiRequest(`/api/v1/reports/${encodeURIComponent(organizationId)}/gl-lines`, {
    query: queryOf(drill, page, pageSize),
    signal,
    schema: glLinesResponseSchema,
    errorMessage: reportMessages.linesLoadFailed,
  }).then((response) => response.data);

/** The GL lines behind a figure, one page at a time (paged on the server). */
export const useGlLines = (organizationId: string, drill: ReportDrill | undefined, page: number, pageSize: number) =>
  useQuery({
    queryKey: [...reportsQueryKey, organizationId, 'gl-lines', drill, page, pageSize],
    queryFn: ({ signal }) => getGlLines(organizationId, drill!, page, pageSize, signal),
    enabled: drill !== undefined,
    placeholderData: keepPreviousData,
  });
