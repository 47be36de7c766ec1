import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consolidationGroupResponseSchema, type ConsolidationGroupInput } from '@finboard/shared/consolidation';
import { apiRequest } from '../../../lib/api-client';
import { groupQueryKey, groupsPath, groupsQueryKey } from './consolidation-urls';

/** `POST /api/v1/consolidation-groups`. */
export const createGroup = (body: ConsolidationGroupInput) =>
  apiRequest(groupsPath, { method: 'POST', body, schema: consolidationGroupResponseSchema });

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: async (response) => {
      queryClient.setQueryData(groupQueryKey(response.data.group.id), response.data.group);
      await queryClient.invalidateQueries({ queryKey: groupsQueryKey });
    },
  });
}
