import { useMutation } from '@tanstack/react-query';
import { reportPackMessages as m, type PackFormat } from '@finboard/shared/report-packs';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { packPath, type PackRef } from './report-pack-urls';

export interface PackFileDownload {
  runId: string;
  format: PackFormat;
  /** The API path the run gives for the file. */
  url?: string;
  fileName: string;
}

/** `GET …/runs/{runId}/files/{pdf|xlsx}`: fetched with the session's token, then saved under the pack's name. */
export async function downloadPackFile(ref: PackRef, file: PackFileDownload): Promise<void> {
  const path = file.url?.startsWith('/api/')
    ? file.url
    : `${packPath(ref.organizationId, ref.packId)}/runs/${encodeURIComponent(file.runId)}/files/${file.format}`;
  const blob = await apiDownload(path, { errorMessage: m.fileNotFound });
  saveFile(blob, file.fileName);
}

export const useDownloadPackFile = (ref: PackRef) =>
  useMutation({ mutationFn: (file: PackFileDownload) => downloadPackFile(ref, file) });
