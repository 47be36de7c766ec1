import { uploadEncryptionMessages, uploadKeyResponseSchema, type UploadKey } from '@finboard/shared/upload-encryption';
import { apiRequest } from '../../../lib/api-client';

/** The server's public key for sealing a file (docs/upload-encryption.md), asked for before each upload. */
export const getUploadKey = (signal?: AbortSignal): Promise<UploadKey> =>
  apiRequest('/api/v1/pipeline/upload-key', {
    signal,
    schema: uploadKeyResponseSchema,
    errorMessage: uploadEncryptionMessages.unknownKey,
  }).then((response) => response.data);
