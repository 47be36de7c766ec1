import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  consolidatedReportResponseSchema,
  consolidationMessages as m,
  type ConsolidatedTemplate,
} from '@finboard/shared/consolidation';
import { apiRequest } from '../../../lib/api-client';
import { groupReportsQueryKey } from './consolidation-urls';

export interface ConsolidatedRange {
  from?: string;
  to?: string;
}

/**
 * `GET /api/v1/consolidation-groups/{id}/reports/{template}?from=&to=`: administrators and the parent's users. A
 * rate the group needs and does not have answers 422 naming it (consolidationMessages.ratesMissing).
 */
export const getConsolidatedReport = (
  groupId: string,
  template: ConsolidatedTemplate,
  range: ConsolidatedRange,
  signal?: AbortSignal,
) =>
  apiRequest(`/api/v1/consolidation-groups/${encodeURIComponent(groupId)}/reports/${template}`, {
    query: { ...range },
    signal,
    schema: consolidatedReportResponseSchema,
    errorMessage: m.loadFailed,
  }).then((response) => response.data);

/** A group's statement for the range; the previous one stays on screen while a new selection loads. */
export const useConsolidatedReport = (groupId: string, template: ConsolidatedTemplate, range: ConsolidatedRange) =>
  useQuery({
    queryKey: [...groupReportsQueryKey(groupId), template, range],
    queryFn: ({ signal }) => getConsolidatedReport(groupId, template, range, signal),
    placeholderData: keepPreviousData,
  });
