import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userListResponseSchema } from '@finboard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import type { UserListParams } from '../users-query';

export const usersQueryKey = ['users'] as const;
export const userListQueryKey = (query: UserListParams) => [...usersQueryKey, 'list', query] as const;

export const getUsers = (query: UserListParams) =>
  apiRequest('/api/v1/user', { query, schema: userListResponseSchema }).then(({ data, pagination }) => ({
    users: data,
    pagination,
  }));

export const usersQueryOptions = (query: UserListParams) =>
  queryOptions({ queryKey: userListQueryKey(query), queryFn: () => getUsers(query) });

/** The table keeps showing the previous page while the next one loads. */
export const useUsers = (query: UserListParams) =>
  useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
