import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import { apiRequest } from '../../../lib/api-client';
import { packListQueryKey, packPath, packQueryKey, templatesQueryKey, type PackRef } from './report-pack-urls';

/** `DELETE /api/v1/report-packs/{organizationId}/{packId}`: the pack, its runs and their files. */
export const deletePack = (ref: PackRef) =>
  apiRequest(packPath(ref.organizationId, ref.packId), { method: 'DELETE', schema: apiMessageSchema });

export function useDeletePack(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packId: string) => deletePack({ organizationId, packId }),
    onSuccess: async (_response, packId) => {
      queryClient.removeQueries({ queryKey: packQueryKey({ organizationId, packId }) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: packListQueryKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
      ]);
    },
  });
}
