import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { authSettingsSchema } from '@finboard/shared/auth';
import { apiRequest } from '../../../lib/api-client';

const authSettingsResponseSchema = apiSuccessSchema(authSettingsSchema);

export const getAuthSettings = () =>
  apiRequest('/api/v1/auth/settings', { auth: false, schema: authSettingsResponseSchema }).then((r) => r.data);

export const authSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['auth-settings'], queryFn: getAuthSettings, staleTime: Infinity });

export const useAuthSettings = () => useQuery(authSettingsQueryOptions());
