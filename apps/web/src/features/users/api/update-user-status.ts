import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { userSchema } from '@finboard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { userQueryKey } from './get-user';
import { usersQueryKey } from './get-users';

const userStatusResponseSchema = apiSuccessSchema(userSchema);

/** Deactivate or reactivate a user; nothing is deleted. */
export const updateUserStatus = ({ userId, isActive }: { userId: string; isActive: boolean }) =>
  apiRequest(`/api/v1/user/${encodeURIComponent(userId)}/status`, {
    method: 'PUT',
    body: { isActive },
    schema: userStatusResponseSchema,
  });

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserStatus,
    onSuccess: (response) => {
      queryClient.setQueryData(userQueryKey(response.data.id), response.data);
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
