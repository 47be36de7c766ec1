import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { userSchema } from '@finboard/shared/users';
import { apiRequest } from './api-client';
import { useSession } from './session-store';

const currentUserResponseSchema = apiSuccessSchema(userSchema);
export const currentUserQueryKey = ['profile'] as const;

export const getCurrentUser = () =>
  apiRequest('/api/v1/user/profile', { schema: currentUserResponseSchema }).then((r) => r.data);

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser, staleTime: 5 * 60_000 });

/** Spec §4: the profile is fetched when a token exists but no user is loaded. */
export function useCurrentUser() {
  const session = useSession();
  return useQuery({ ...currentUserQueryOptions(), enabled: Boolean(session) });
}
