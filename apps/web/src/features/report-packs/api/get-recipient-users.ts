import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@finboard/shared/pagination';
import { userListResponseSchema } from '@finboard/shared/users';
import { apiRequest } from '../../../lib/api-client';

/**
 * The organization's users a pack may be sent to, by name: `GET /api/v1/user?organization_id=` (the list the
 * organization profile shows), which only administrators may read. Under the users key, so a user added or
 * changed there refreshes it.
 */
export const getRecipientUsers = (organizationId: string, name: string, signal?: AbortSignal) =>
  apiRequest('/api/v1/user', {
    query: { organization_id: organizationId, name, page: 1, pageSize: MAX_PAGE_SIZE, sortBy: 'name' },
    signal,
    schema: userListResponseSchema,
  }).then((response) => response.data);

export const useRecipientUsers = (organizationId: string, name: string, enabled: boolean) =>
  useQuery({
    queryKey: ['users', 'report-pack-recipients', organizationId, name],
    queryFn: ({ signal }) => getRecipientUsers(organizationId, name, signal),
    enabled,
    staleTime: 60_000,
  });
