import { useQuery } from '@tanstack/react-query';
import { parentGroupsResponseSchema } from '@finboard/shared/consolidation';
import { apiRequest } from '../../../lib/api-client';

/**
 * The consolidation groups a pack's statement page may show: those its organization is the parent of
 * (`GET /api/v1/consolidation-groups/of-organization/{organizationId}`).
 */
export const getParentGroups = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(`/api/v1/consolidation-groups/of-organization/${organizationId}`, {
    signal,
    schema: parentGroupsResponseSchema,
  }).then((response) => response.data.groups);

export const useParentGroups = (organizationId: string) =>
  useQuery({
    queryKey: ['consolidation-groups', 'of-organization', organizationId],
    queryFn: ({ signal }) => getParentGroups(organizationId, signal),
    staleTime: 60_000,
  });
