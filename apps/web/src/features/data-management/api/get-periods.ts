import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataListResponseSchema, dataManagementMessages, MAX_DATA_PAGE_SIZE } from '@finboard/shared/data-management';
import { apiRequest } from '../../../lib/api-client';
import { dataManagementQueryKey } from './get-tables';

/** The organization's periods, newest first: the values of 00_Period's 'Period' column (spec §7). */
export const getPeriods = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(`/api/v1/crud/${encodeURIComponent(organizationId)}/00_Period`, {
    query: { page: 1, pageSize: MAX_DATA_PAGE_SIZE, sortBy: 'Period', sortOrder: 'desc' },
    signal,
    schema: dataListResponseSchema,
    errorMessage: dataManagementMessages.periodFailed,
  }).then((response) =>
    response.data.rows.map((row) => row.Period).filter((period): period is string => typeof period === 'string'),
  );

export const periodsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...dataManagementQueryKey(organizationId), 'periods'],
    queryFn: ({ signal }) => getPeriods(organizationId, signal),
  });

export const usePeriods = (organizationId: string | undefined) =>
  useQuery({ ...periodsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
