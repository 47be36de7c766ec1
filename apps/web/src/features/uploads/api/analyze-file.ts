import { queryOptions } from '@tanstack/react-query';
import { analyzeFileResponseSchema, layoutApiMessages, type Layout } from '@finboard/shared/layouts';
import { sealedBlob, sealUpload, type UploadKey } from '@finboard/shared/upload-encryption';
import { apiRequest } from '../../../lib/api-client';
import { analyzedPart } from '../file-prefix';

export interface AnalyzeFileInput {
  organizationId: string;
  dataTypeId: string;
  file: Blob;
  /** The layout the user corrected: the preview follows it instead of the recognizer's. */
  layout?: Layout;
  /** YYYY-MM chosen on the page: a trial balance is for that period. */
  period?: string;
  uploadKey: UploadKey;
  signal?: AbortSignal;
}

/**
 * What a file is and what it would load, before anything is stored (issue 23 §2). The file is sealed as an
 * upload is (docs/upload-encryption.md); of a file over 8 MB only the first 8 MB are sealed and sent, cut
 * at a line break, and the preview then says it covers that part.
 */
export async function analyzeFile(input: AnalyzeFileInput) {
  const { organizationId, dataTypeId, file, layout, period, uploadKey, signal } = input;
  const { part, partial } = await analyzedPart(file);
  const sealed = await sealUpload(uploadKey, part);
  const body = await sealedBlob(sealed.chunks);
  signal?.throwIfAborted();

  const form = new FormData();
  form.append('organizationId', organizationId);
  form.append('data_type_id', dataTypeId);
  if (layout) form.append('layout', JSON.stringify(layout));
  if (period) form.append('period', period);
  if (partial) form.append('partial', 'true');
  form.append('encryption', JSON.stringify(sealed.encryption));
  form.append('file', body, file instanceof File ? file.name : 'file.csv');
  const response = await apiRequest('/api/v1/pipeline/analyze-file', {
    method: 'POST',
    body: form,
    schema: analyzeFileResponseSchema,
    signal,
    errorMessage: layoutApiMessages.analyzeFailed,
  });
  return response.data;
}

/**
 * One file's analysis, as recognized (`layout` undefined) or with the user's layout. The file itself is
 * named by `fileKey` (the page's id of the chosen file): a File cannot be part of a key.
 */
export const analyzeFileQueryOptions = (
  input: Omit<AnalyzeFileInput, 'uploadKey' | 'signal'> & { fileKey: string },
  uploadKey: () => Promise<UploadKey>,
) =>
  queryOptions({
    queryKey: [
      'analyze-file',
      input.organizationId,
      input.dataTypeId,
      input.fileKey,
      input.period ?? null,
      input.layout ?? null,
    ],
    queryFn: async ({ signal }) =>
      analyzeFile({
        organizationId: input.organizationId,
        dataTypeId: input.dataTypeId,
        file: input.file,
        layout: input.layout,
        period: input.period,
        uploadKey: await uploadKey(),
        signal,
      }),
    // A chosen file does not change: its analysis with a given layout stays true until the chart changes,
    // which an upload of it does not do before its run.
    staleTime: Infinity,
    retry: false,
  });
