import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** `GET /api/v1/admin/outbox/{id}/attachments/{index}`: one file of a kept mail, saved under its own name. */
export async function downloadAttachment(attachment: { emailId: string; index: number; filename: string }) {
  const blob = await apiDownload(
    `/api/v1/admin/outbox/${encodeURIComponent(attachment.emailId)}/attachments/${attachment.index}`,
    {},
  );
  saveFile(blob, attachment.filename);
}

export const useDownloadAttachment = () => useMutation({ mutationFn: downloadAttachment });
