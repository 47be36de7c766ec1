import { useQuery } from '@tanstack/react-query';
import { consolidationGroupResponseSchema } from '@finboard/shared/consolidation';
import { apiRequest } from '../../../lib/api-client';
import { groupPath, groupQueryKey } from './consolidation-urls';

/** `GET /api/v1/consolidation-groups/{id}` (administrators). */
export const getGroup = (groupId: string, signal?: AbortSignal) =>
  apiRequest(groupPath(groupId), { signal, schema: consolidationGroupResponseSchema }).then(
    (response) => response.data.group,
  );

export const useGroup = (groupId: string, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: groupQueryKey(groupId),
    queryFn: ({ signal }) => getGroup(groupId, signal),
    enabled: options.enabled ?? true,
  });
