import { useQuery } from '@tanstack/react-query';
import { dataListResponseSchema } from '@finboard/shared/data-management';
import { apiRequest } from '../../../lib/api-client';
import type { PeriodRow } from '../pack-period';

/**
 * The organization's latest months and whether each is closed (00_Period, newest first), for the period a pack
 * opens on. Three years is more than enough to find the last closed one.
 */
export const getPackPeriods = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(`/api/v1/crud/${encodeURIComponent(organizationId)}/00_Period`, {
    query: { page: 1, pageSize: 36, sortBy: 'Period', sortOrder: 'desc' },
    signal,
    schema: dataListResponseSchema,
  }).then((response) => response.data.rows as PeriodRow[]);

export const usePackPeriods = (organizationId: string) =>
  useQuery({
    queryKey: ['data-management', organizationId, 'report-pack-periods'],
    queryFn: ({ signal }) => getPackPeriods(organizationId, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });
