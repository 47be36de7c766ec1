import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reportPackMessages as m, packPreviewResponseSchema, type PackPageInput } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { packPath, packPreviewsQueryKey, type PackRef } from './report-pack-urls';

export interface PreviewRequest {
  period: string;
  /** The pages being edited (unsaved); without them, the pack's saved pages. */
  pages?: PackPageInput[];
}

/** `POST …/{packId}/preview`: the pack assembled for a period, as the PDF shows it. Reads only. */
export const previewPack = (ref: PackRef, body: PreviewRequest, signal?: AbortSignal) =>
  apiRequest(`${packPath(ref.organizationId, ref.packId)}/preview`, {
    method: 'POST',
    body,
    schema: packPreviewResponseSchema,
    signal,
    errorMessage: m.loadFailed,
  }).then((response) => response.data.document);

export const packPreviewQueryOptions = (ref: PackRef, body: PreviewRequest) =>
  queryOptions({
    queryKey: [...packPreviewsQueryKey(ref), body] as const,
    queryFn: ({ signal }) => previewPack(ref, body, signal),
    // The last preview stays on screen while the next edit's one is assembled.
    placeholderData: keepPreviousData,
    retry: false,
  });

export const usePackPreview = (ref: PackRef, body: PreviewRequest | undefined) =>
  useQuery({
    ...packPreviewQueryOptions(ref, body ?? { period: '' }),
    enabled: Boolean(body?.period),
  });
