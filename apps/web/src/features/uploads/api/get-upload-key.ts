import { queryOptions } from '@tanstack/react-query';
import { uploadKeyResponseSchema } from '@finboard/shared/upload-encryption';
import { uploadApiMessages } from '@finboard/shared/uploads';
import { apiRequest } from '../../../lib/api-client';

/** The server's public key that each file's own AES key is wrapped with (docs/upload-encryption.md). */
export const getUploadKey = (signal?: AbortSignal) =>
  apiRequest('/api/v1/pipeline/upload-key', {
    signal,
    schema: uploadKeyResponseSchema,
    errorMessage: uploadApiMessages.uploadFailed,
  }).then((response) => response.data);

export const uploadKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['upload-key'],
    queryFn: ({ signal }) => getUploadKey(signal),
    // Keys rotate rarely and older ones stay valid for a while; a batch asks at most once a minute.
    staleTime: 60_000,
  });
