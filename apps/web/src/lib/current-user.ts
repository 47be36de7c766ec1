import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { lazySchema } from './lazy-schema';
import { useSession } from './session-store';

// The login page's layout asks for the profile too: its schema stays out of that page's first load.
const currentUserResponseSchema = lazySchema('currentUserResponseSchema');
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
