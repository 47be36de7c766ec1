import { useQuery } from '@tanstack/react-query';
import { parentGroupsResponseSchema } from '@finboard/shared/consolidation';
import { apiRequest } from '../../../lib/api-client';
import { groupsPath, groupsQueryKey } from './consolidation-urls';

/**
 * `GET /api/v1/consolidation-groups/of-organization/{organizationId}`: the groups an organization is the parent
 * of, which its users may read (they may not list every group). Same key as the report packs' picker of them.
 */
export const getParentGroups = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(`${groupsPath}/of-organization/${encodeURIComponent(organizationId)}`, {
    signal,
    schema: parentGroupsResponseSchema,
  }).then((response) => response.data.groups);

export const useParentGroups = (organizationId: string | undefined) =>
  useQuery({
    queryKey: [...groupsQueryKey, 'of-organization', organizationId ?? ''],
    queryFn: ({ signal }) => getParentGroups(organizationId!, signal),
    enabled: Boolean(organizationId),
    staleTime: 60_000,
  });
