import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportMessages, reportResponseSchema, type ReportTemplate } from '@finboard/shared/reports';
import { apiRequest } from '../../../lib/api-client';
import { reportsQueryKey } from '../../../lib/reports-query-key';
import type { ReportFilterState } from '../report-url-state';

export const getReport = (
  organizationId: string,
  template: ReportTemplate,
  filters: ReportFilterState,
  signal?: AbortSignal,
) =>
  apiRequest(`/api/v1/reports/${encodeURIComponent(organizationId)}/${template}`, {
    query: { ...filters },
    signal,
    schema: reportResponseSchema,
    errorMessage: reportMessages.loadFailed,
  }).then((response) => response.data);

/** A statement for the filters; the previous one stays on screen while a new selection loads. */
export const useReport = (organizationId: string, template: ReportTemplate, filters: ReportFilterState) =>
  useQuery({
    queryKey: [...reportsQueryKey, organizationId, template, filters],
    queryFn: ({ signal }) => getReport(organizationId, template, filters, signal),
    placeholderData: keepPreviousData,
  });
