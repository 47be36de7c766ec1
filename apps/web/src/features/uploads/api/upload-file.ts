import type { ColumnMapping } from '@finboard/shared/column-mapping';
import type { Layout } from '@finboard/shared/layouts';
import { sealedBlob, sealUpload, type UploadKey } from '@finboard/shared/upload-encryption';
import { fileUploadResponseSchema, uploadApiMessages } from '@finboard/shared/uploads';
import { apiUpload, type UploadProgress } from '../../../lib/api-client';

export interface UploadFileInput {
  organizationId: string;
  dataTypeId: string;
  /** YYYY-MM, for period-based data types only. */
  period?: string;
  file: File;
  /** File column → expected column, when the user confirmed one (the server saves it on the data type). */
  columnMapping?: ColumnMapping;
  /** How a real export is read (issue 23), as analyze proposed it or the user corrected it. */
  layout?: Layout;
  /** With a layout: the accounts the file names and the chart lacks are created by the run. */
  createAccounts?: boolean;
  /**
   * With a trial balance's layout: "Use as opening balances" — the server also posts it to the ledger as one
   * balanced journal on the period's first day.
   */
  openingBalances?: boolean;
  /** An earlier processed file of the same data type whose rows this file's rows replace. */
  replacesFileId?: string;
  /** Period-based types: the run replaces the whole period(s), whatever loaded them. */
  replacePeriods?: boolean;
  uploadKey: UploadKey;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');

/**
 * One file, sealed in the browser and sent in its own request (fields first, then the sealed bytes under
 * the plain file's name): a refusal names this file alone, and a cancel stops this file alone.
 */
export async function uploadFile(input: UploadFileInput) {
  const { organizationId, dataTypeId, period, file, columnMapping, uploadKey, signal, onProgress } = input;
  const { replacesFileId, replacePeriods, layout, createAccounts, openingBalances } = input;
  const sealed = await sealUpload(uploadKey, file);
  const body = await sealedBlob(sealed.chunks);
  if (signal?.aborted) throw cancelled();

  const form = new FormData();
  form.append('organizationId', organizationId);
  form.append('data_type_id', dataTypeId);
  if (period) form.append('period', period);
  if (replacesFileId) form.append('replacesFileId', replacesFileId);
  if (replacePeriods) form.append('replacePeriods', 'true');
  if (layout && createAccounts) form.append('createAccounts', 'true');
  if (layout && openingBalances) form.append('openingBalances', 'true');
  form.append('encryption', JSON.stringify(sealed.encryption));
  if (columnMapping) form.append('columnMapping', JSON.stringify(columnMapping));
  if (layout) form.append('layout', JSON.stringify(layout));
  form.append('files', body, file.name);
  return apiUpload('/api/v1/pipeline/file-upload', {
    body: form,
    schema: fileUploadResponseSchema,
    signal,
    onProgress,
    errorMessage: uploadApiMessages.uploadFailed,
  });
}
