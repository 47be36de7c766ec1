import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '@finboard/shared/auth';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';
import { sessionStore } from '../../../lib/session-store';
import { currentUserQueryKey } from '../../../lib/current-user';

const loginResponseSchema = lazySchema('loginResponseSchema');

export const login = (body: LoginRequest) =>
  apiRequest('/api/v1/auth/login', { method: 'POST', body, auth: false, schema: loginResponseSchema });

/** Signs in, stores the session (spec §4) and seeds the profile so the shell renders at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      queryClient.clear();
      sessionStore.save(response.data.token, response.data.expiresIn);
      queryClient.setQueryData(currentUserQueryKey, response.data.user);
    },
  });
}
