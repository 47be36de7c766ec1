import { useMutation } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import type { ResetPasswordRequest } from '@finboard/shared/auth';
import { apiRequest } from '../../../lib/api-client';

export const resetPassword = (body: ResetPasswordRequest) =>
  apiRequest('/api/v1/auth/reset-password', { method: 'POST', body, auth: false, schema: apiMessageSchema });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
