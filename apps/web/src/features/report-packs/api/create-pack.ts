import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packResponseSchema, type PackCreateBody } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { packListQueryKey, packQueryKey, packsPath, templatesQueryKey } from './report-pack-urls';

/** `POST /api/v1/report-packs/{organizationId}`: blank (with pages) or from a template. */
export const createPack = (organizationId: string, body: PackCreateBody) =>
  apiRequest(packsPath(organizationId), { method: 'POST', body, schema: packResponseSchema });

export function useCreatePack(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PackCreateBody) => createPack(organizationId, body),
    onSuccess: async (response) => {
      const pack = response.data.pack;
      queryClient.setQueryData(packQueryKey({ organizationId, packId: pack.id }), pack);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: packListQueryKey(organizationId) }),
        // A template counts the packs that follow it.
        pack.templateId ? queryClient.invalidateQueries({ queryKey: templatesQueryKey }) : undefined,
      ]);
    },
  });
}
