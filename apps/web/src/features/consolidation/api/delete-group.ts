import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import { apiRequest } from '../../../lib/api-client';
import { groupPath, groupQueryKey, groupReportsQueryKey, groupsQueryKey } from './consolidation-urls';

/** `DELETE /api/v1/consolidation-groups/{id}`. */
export const deleteGroup = (groupId: string) =>
  apiRequest(groupPath(groupId), { method: 'DELETE', schema: apiMessageSchema });

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: async (_response, groupId) => {
      queryClient.removeQueries({ queryKey: groupQueryKey(groupId) });
      queryClient.removeQueries({ queryKey: groupReportsQueryKey(groupId) });
      await queryClient.invalidateQueries({ queryKey: groupsQueryKey });
    },
  });
}
