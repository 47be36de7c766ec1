import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { userSchema, type AdminCreateUserRequest } from '@finboard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

const createUserResponseSchema = apiSuccessSchema(userSchema);

/** Add New User (admin): with the admin token, POST /api/v1/user creates rather than signs up. */
export const createUser = (body: AdminCreateUserRequest) =>
  apiRequest('/api/v1/user', { method: 'POST', body, schema: createUserResponseSchema });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
