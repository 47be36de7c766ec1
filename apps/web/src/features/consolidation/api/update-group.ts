import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consolidationGroupResponseSchema, type ConsolidationGroupInput } from '@finboard/shared/consolidation';
import { apiRequest } from '../../../lib/api-client';
import { groupPath, groupQueryKey, groupReportsQueryKey, groupsQueryKey } from './consolidation-urls';

/** `PUT /api/v1/consolidation-groups/{id}`: replaces name, currency, parent, members and rules. */
export const updateGroup = ({ groupId, body }: { groupId: string; body: ConsolidationGroupInput }) =>
  apiRequest(groupPath(groupId), { method: 'PUT', body, schema: consolidationGroupResponseSchema });

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: async (response, { groupId }) => {
      queryClient.setQueryData(groupQueryKey(groupId), response.data.group);
      // Other members, rates or rules: other statements.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
        queryClient.invalidateQueries({ queryKey: groupReportsQueryKey(groupId) }),
      ]);
    },
  });
}
