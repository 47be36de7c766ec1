import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packCommentaryResponseSchema } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { commentaryPath, commentaryQueryKey } from './get-commentary';
import { packPreviewsQueryKey, type PackRef } from './report-pack-urls';

/** `PUT …/{packId}/commentary/{period}`: the period's commentary, as written. */
export const saveCommentary = (ref: PackRef, period: string, text: string) =>
  apiRequest(commentaryPath(ref, period), { method: 'PUT', body: { text }, schema: packCommentaryResponseSchema });

/** The preview's commentary page reads the saved text: it is stale once the text is saved. */
export function useSaveCommentary(ref: PackRef, period: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => saveCommentary(ref, period, text),
    onSuccess: async (response) => {
      queryClient.setQueryData(commentaryQueryKey(ref, period), response.data);
      await queryClient.invalidateQueries({ queryKey: packPreviewsQueryKey(ref) });
    },
  });
}
