import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { userSchema, type UserUpdateRequest } from '@finboard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { userQueryKey } from './get-user';
import { usersQueryKey } from './get-users';

const updateUserResponseSchema = apiSuccessSchema(userSchema);

export const updateUser = ({ userId, body }: { userId: string; body: UserUpdateRequest }) =>
  apiRequest(`/api/v1/user/update/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body,
    schema: updateUserResponseSchema,
  });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (response) => {
      queryClient.setQueryData(userQueryKey(response.data.id), response.data);
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
