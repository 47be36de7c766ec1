import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportPackMessages as m, packCommentaryResponseSchema } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { packPath, packQueryKey, type PackRef } from './report-pack-urls';

export const commentaryPath = (ref: PackRef, period: string) =>
  `${packPath(ref.organizationId, ref.packId)}/commentary/${encodeURIComponent(period)}`;
export const commentaryQueryKey = (ref: PackRef, period: string) =>
  [...packQueryKey(ref), 'commentary', period] as const;

/** `GET …/{packId}/commentary/{period}`: the text with its placeholders and each one's figure now. */
export const getCommentary = (ref: PackRef, period: string, signal?: AbortSignal) =>
  apiRequest(commentaryPath(ref, period), {
    schema: packCommentaryResponseSchema,
    signal,
    errorMessage: m.loadFailed,
  }).then((response) => response.data);

export const commentaryQueryOptions = (ref: PackRef, period: string) =>
  queryOptions({
    queryKey: commentaryQueryKey(ref, period),
    queryFn: ({ signal }) => getCommentary(ref, period, signal),
  });

export const useCommentary = (ref: PackRef, period: string | undefined) =>
  useQuery({ ...commentaryQueryOptions(ref, period ?? ''), enabled: Boolean(period) });
