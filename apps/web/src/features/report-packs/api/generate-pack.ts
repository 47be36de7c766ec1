import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportPackMessages as m, packGenerateResponseSchema } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { packListQueryKey, packPath, packQueryKey, type PackRef } from './report-pack-urls';

/** `POST …/{packId}/generate`: queues a run; `deliver` mails the files to the recipients once made. */
export const generatePack = (ref: PackRef, body: { period: string; deliver: boolean }) =>
  apiRequest(`${packPath(ref.organizationId, ref.packId)}/generate`, {
    method: 'POST',
    body,
    schema: packGenerateResponseSchema,
    errorMessage: m.notQueued,
  }).then((response) => response.data.runId);

export function useGeneratePack(ref: PackRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { period: string; deliver: boolean }) => generatePack(ref, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...packQueryKey(ref), 'runs'] }),
        queryClient.invalidateQueries({ queryKey: packListQueryKey(ref.organizationId) }),
      ]);
    },
  });
}
