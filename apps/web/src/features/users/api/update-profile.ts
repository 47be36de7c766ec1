import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { userSchema, type ProfileUpdateRequest } from '@finboard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

const profileResponseSchema = apiSuccessSchema(userSchema);

export const updateProfile = ({ userId, body }: { userId: string; body: ProfileUpdateRequest }) =>
  apiRequest(`/api/v1/auth/profile/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body,
    schema: profileResponseSchema,
  });

/** Saves one's own profile and shows it at once everywhere (header name included). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (response) => queryClient.setQueryData(currentUserQueryKey, response.data),
  });
}
