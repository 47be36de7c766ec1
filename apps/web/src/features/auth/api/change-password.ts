import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import type { ChangePasswordRequest } from '@finboard/shared/auth';
import { messages } from '@finboard/shared/messages';
import { userSchema } from '@finboard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

const changePasswordResponseSchema = apiSuccessSchema(userSchema);

export const changePassword = (body: ChangePasswordRequest) =>
  apiRequest('/api/v1/user/change-password', {
    method: 'POST',
    body,
    schema: changePasswordResponseSchema,
    errorMessage: messages.changePasswordFailed,
  });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (response) => {
      queryClient.setQueryData(currentUserQueryKey, response.data);
      // Calls refused while a password change was pending (403) may answer now: ask again.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
    },
  });
}
