import { useMutation } from '@tanstack/react-query';
import { packDraftResponseSchema } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { commentaryPath } from './get-commentary';
import type { PackRef } from './report-pack-urls';

/** `POST …/{packId}/commentary/{period}/draft`: a draft written from the period's figures; nothing is saved. */
export const draftCommentary = (ref: PackRef, period: string) =>
  apiRequest(`${commentaryPath(ref, period)}/draft`, { method: 'POST', schema: packDraftResponseSchema }).then(
    (response) => ({ ...response.data, message: response.message }),
  );

export const useDraftCommentary = (ref: PackRef, period: string) =>
  useMutation({ mutationFn: () => draftCommentary(ref, period) });
