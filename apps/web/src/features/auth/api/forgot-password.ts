import { useMutation } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import type { ForgotPasswordRequest } from '@finboard/shared/auth';
import { apiRequest } from '../../../lib/api-client';

export const forgotPassword = (body: ForgotPasswordRequest) =>
  apiRequest('/api/v1/auth/forgot-password', { method: 'POST', body, auth: false, schema: apiMessageSchema });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
