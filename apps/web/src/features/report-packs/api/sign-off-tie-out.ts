import { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { packSignOffSchema } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { packPath, packPreviewsQueryKey, type PackRef } from './report-pack-urls';

const signOffResponseSchema = apiSuccessSchema(z.object({ signedOff: packSignOffSchema }));

/** `POST …/{packId}/tie-out/{period}/sign-off`: who signed the period's tie-out off, and when. */
export const signOffTieOut = (ref: PackRef, period: string) =>
  apiRequest(`${packPath(ref.organizationId, ref.packId)}/tie-out/${encodeURIComponent(period)}/sign-off`, {
    method: 'POST',
    schema: signOffResponseSchema,
  });

/** The tie-out page of every preview shows the sign-off. */
export function useSignOffTieOut(ref: PackRef, period: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOffTieOut(ref, period),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packPreviewsQueryKey(ref) }),
  });
}
