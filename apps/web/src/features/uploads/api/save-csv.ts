import { useMutation } from '@tanstack/react-query';
import {
  FLAT_FILE_TIMEOUT_MS,
  flatFileImportResponseSchema,
  flatFileMessages,
  flatFileTableExistsSchema,
  type FlatFileTableExists,
} from '@finboard/shared/flat-file';
import { sealedBlob, sealUpload } from '@finboard/shared/upload-encryption';
import { ApiError, apiUpload, type UploadProgress } from '../../../lib/api-client';
import { getUploadKey } from './get-upload-key';

/** Where an import is: sealing the file in the browser (bytes sealed of the file), then sending it. */
export type SaveCsvProgress =
  { stage: 'sealing'; sealed: number; total: number } | ({ stage: 'uploading' } & UploadProgress);

export interface SaveCsvInput {
  organizationId: string;
  tableName: string;
  file: File;
  /** The person confirmed replacing the table of that name. */
  replace?: boolean;
  onProgress?: (progress: SaveCsvProgress) => void;
  signal?: AbortSignal;
}

/** Counts the plain bytes of a file as its sealed chunks go by (each chunk is 16 bytes of tag longer). */
async function* counted(chunks: AsyncIterable<Uint8Array<ArrayBuffer>>, onChunk: (plainBytes: number) => void) {
  for await (const chunk of chunks) {
    onChunk(chunk.byteLength - 16);
    yield chunk;
  }
}

/**
 * Import Flat File (`POST /api/v1/pipeline/saveCSV`): the file is sealed with the server's upload key,
 * then sent with the organization and the table name; the answer is awaited up to 100 s (spec §7).
 */
export async function saveCsv({ organizationId, tableName, file, replace, onProgress, signal }: SaveCsvInput) {
  const uploadKey = await getUploadKey(signal);
  const { encryption, chunks } = await sealUpload(uploadKey, file);
  let sealed = 0;
  onProgress?.({ stage: 'sealing', sealed, total: file.size });
  const body = await sealedBlob(
    counted(chunks, (bytes) => {
      sealed += bytes;
      onProgress?.({ stage: 'sealing', sealed, total: file.size });
    }),
  );
  signal?.throwIfAborted();
  const form = new FormData();
  form.append('orgID', organizationId);
  form.append('tableName', tableName);
  if (replace) form.append('replace', 'true');
  form.append('encryption', JSON.stringify(encryption));
  form.append('file', body, file.name);
  return apiUpload('/api/v1/pipeline/saveCSV', {
    body: form,
    schema: flatFileImportResponseSchema,
    signal,
    timeoutMs: FLAT_FILE_TIMEOUT_MS,
    errorMessage: flatFileMessages.failed,
    onProgress: (progress) => onProgress?.({ stage: 'uploading', ...progress }),
  });
}

/** The refusal of a table that exists (409): its name and rows, for the page to ask before replacing. */
export function tableExistsOf(error: unknown): FlatFileTableExists | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const parsed = flatFileTableExistsSchema.safeParse(error.data);
  return parsed.success ? parsed.data : undefined;
}

export const useSaveCsv = () => useMutation({ mutationFn: saveCsv });
