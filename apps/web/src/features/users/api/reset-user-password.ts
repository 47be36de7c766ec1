import { useMutation } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import { messages } from '@finboard/shared/messages';
import { apiRequest } from '../../../lib/api-client';

/**
 * Admin reset (spec §1, §7): the forgot-password call made WITH the admin token e-mails the user a
 * temporary password and ends their sessions, instead of sending a reset link.
 */
export const resetUserPassword = (email: string) =>
  apiRequest('/api/v1/auth/forgot-password', {
    method: 'POST',
    body: { email },
    auth: true,
    schema: apiMessageSchema,
    errorMessage: messages.adminResetFailed,
  });

export const useResetUserPassword = () => useMutation({ mutationFn: resetUserPassword });
