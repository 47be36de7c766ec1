import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { userSchema } from '@finboard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

const userResponseSchema = apiSuccessSchema(userSchema);

export const userQueryKey = (userId: string) => [...usersQueryKey, 'detail', userId] as const;

export const getUser = (userId: string) =>
  apiRequest(`/api/v1/user/${encodeURIComponent(userId)}`, { schema: userResponseSchema }).then(
    (response) => response.data,
  );

export const userQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userQueryKey(userId), queryFn: () => getUser(userId) });

export const useUser = (userId: string) => useQuery(userQueryOptions(userId));
