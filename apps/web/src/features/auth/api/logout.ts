import { useMutation } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import { apiRequest } from '../../../lib/api-client';

export const logout = () => apiRequest('/api/v1/auth/logout', { method: 'POST', schema: apiMessageSchema });

export const useLogout = () => useMutation({ mutationFn: logout });
