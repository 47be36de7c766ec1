import { useQuery } from '@tanstack/react-query';
import { parentGroupsResponseSchema } from '@finboard/shared/consolidation';
import { apiRequest } from './api-client';

/**
 * `GET /api/v1/consolidation-groups/of-organization/{organizationId}`: the consolidation groups an organization is
 * the parent of — its users read their statements and put them in its report packs (they may not list every
 * group). Under the consolidation groups' key, so a group saved or deleted refreshes it.
 */
export const getParentGroups = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(`/api/v1/consolidation-groups/of-organization/${encodeURIComponent(organizationId)}`, {
    signal,
    schema: parentGroupsResponseSchema,
  }).then((response) => response.data.groups);

export const useParentGroups = (organizationId: string | undefined) =>
  useQuery({
    queryKey: ['consolidation-groups', 'of-organization', organizationId ?? ''],
    queryFn: ({ signal }) => getParentGroups(organizationId!, signal),
    enabled: Boolean(organizationId),
    staleTime: 60_000,
  });

/** Chat DB's `?group=`: a group its organization is the parent of, asked instead of the organization's books. */
export const CHAT_GROUP_PARAM = 'group';

/** Chat DB asked of a group: the page opens on its parent organization with the group chosen. */
export const groupChatHref = (groupId: string, parentOrganizationId: string) =>
  `/db-chat?${new URLSearchParams({ organization: parentOrganizationId, [CHAT_GROUP_PARAM]: groupId }).toString()}`;
