import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';

const authSettingsResponseSchema = lazySchema('authSettingsResponseSchema');

export const getAuthSettings = () =>
  apiRequest('/api/v1/auth/settings', { auth: false, schema: authSettingsResponseSchema }).then((r) => r.data);

export const authSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['auth-settings'], queryFn: getAuthSettings, staleTime: Infinity });

export const useAuthSettings = () => useQuery(authSettingsQueryOptions());
