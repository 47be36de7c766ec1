import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { organizationListQuerySchema } from '@finboard/shared/organizations';
import { organizationListResponseSchema, organizationMessages } from '@finboard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';

/** The list query with its defaults applied (page, page size, sort, status). */
type OrganizationListQuery = z.output<typeof organizationListQuerySchema>;

/** Every organizations query (lists and details) sits under this key, so one invalidation refreshes them all. */
export const organizationsQueryKey = ['organizations'] as const;
export const organizationListQueryKey = (query: OrganizationListQuery) =>
  [...organizationsQueryKey, 'list', query] as const;

export const getOrganizations = (query: OrganizationListQuery, signal?: AbortSignal) =>
  apiRequest('/api/v1/organization', {
    query,
    signal,
    schema: organizationListResponseSchema,
    errorMessage: organizationMessages.fetchFailed,
  }).then(({ data, pagination }) => ({ ...data, pagination }));

export const organizationListQueryOptions = (query: OrganizationListQuery) =>
  queryOptions({
    queryKey: organizationListQueryKey(query),
    queryFn: ({ signal }) => getOrganizations(query, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useOrganizations = (query: OrganizationListQuery) => useQuery(organizationListQueryOptions(query));
