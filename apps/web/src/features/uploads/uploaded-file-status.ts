import { UPLOADED_FILE_STATUSES, type UploadedFileStatus } from '@finboard/shared/uploads';

/** How each status reads and looks: waiting for a pipeline, in one, loaded, refused by one, or its load undone. */
export const STATUS_TAGS: Record<UploadedFileStatus, { label: string; color: string }> = {
  uploaded: { label: 'Uploaded', color: 'blue' },
  processing: { label: 'Processing', color: 'gold' },
  processed: { label: 'Processed', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  undone: { label: 'Undone', color: 'default' },
};

export const STATUS_OPTIONS = UPLOADED_FILE_STATUSES.map((status) => ({
  value: status,
  label: STATUS_TAGS[status].label,
}));
