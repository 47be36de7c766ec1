import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userListResponseSchema } from '@finboard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { organizationsQueryKey } from './get-organizations';

export interface OrganizationUsersQuery {
  organizationId: string;
  page: number;
  pageSize: number;
}

export const organizationUsersQueryKey = (query: OrganizationUsersQuery) =>
  [...organizationsQueryKey, 'users', query] as const;

/** The users of one organization, for its profile page (the users feature owns the full admin list). */
export const getOrganizationUsers = (
  { organizationId, page, pageSize }: OrganizationUsersQuery,
  signal?: AbortSignal,
) =>
  apiRequest('/api/v1/user', {
    query: { organization_id: organizationId, page, pageSize, sortBy: 'name' },
    signal,
    schema: userListResponseSchema,
  });

export const organizationUsersQueryOptions = (query: OrganizationUsersQuery) =>
  queryOptions({
    queryKey: organizationUsersQueryKey(query),
    queryFn: ({ signal }) => getOrganizationUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useOrganizationUsers = (query: OrganizationUsersQuery) => useQuery(organizationUsersQueryOptions(query));
