/**
 * Where the uploads module keeps files. In the platform's storage: `uploads/<organization>/<file id>` for
 * uploaded files, `flat-file-imports/<organization>/<file id>` for Import Flat File's copy while it imports.
 * In an onboarded organization's container: `incoming/<file id>` (uploads, and Import Flat File's copy), then
 * `processed/` or `rejected/` once a pipeline run has settled the file.
 */
export const PLATFORM_UPLOADS_FOLDER = 'uploads';
export const PLATFORM_IMPORTS_FOLDER = 'flat-file-imports';
export const INCOMING_FOLDER = 'incoming';
export const SETTLED_FOLDER = { processed: 'processed', rejected: 'rejected' } as const;
export const CONTAINER_UPLOAD_FOLDERS = [INCOMING_FOLDER, SETTLED_FOLDER.processed, SETTLED_FOLDER.rejected] as const;
