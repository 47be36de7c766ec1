import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packResponseSchema, type PackUpdateBody } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { packListQueryKey, packPath, packPreviewsQueryKey, packQueryKey, type PackRef } from './report-pack-urls';

/** `PUT /api/v1/report-packs/{organizationId}/{packId}`: only the fields sent change. */
export const updatePack = ({ organizationId, packId }: PackRef, body: PackUpdateBody) =>
  apiRequest(packPath(organizationId, packId), { method: 'PUT', body, schema: packResponseSchema });

export function useUpdatePack(ref: PackRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PackUpdateBody) => updatePack(ref, body),
    onSuccess: async (response) => {
      queryClient.setQueryData(packQueryKey(ref), response.data.pack);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: packListQueryKey(ref.organizationId) }),
        queryClient.invalidateQueries({ queryKey: packPreviewsQueryKey(ref) }),
      ]);
    },
  });
}
