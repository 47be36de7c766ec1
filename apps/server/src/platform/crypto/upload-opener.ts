import { UPLOAD_CHUNK_SIZE, type UploadEncryption } from '@finboard/shared/upload-encryption';
import { openSealedStream, SealedStreamError } from './sealed-stream.ts';
import type { UploadKeys } from './upload-keys.ts';

/**
 * The plain file of an upload's file part, chunk by chunk as its sealed body arrives (any piece sizes).
 * Throws a SealedStreamError (400, a message for people) on the first read when the key cannot be had or
 * the chunk size is not ours, and later when the body differs in any way from what the client sealed:
 * bytes already yielded must then be discarded with the whole upload. On any failure the body is stopped
 * (its iterator returned: a Node stream is destroyed), as when the opener stops early.
 */
export async function* openUpload(
  body: AsyncIterable<Uint8Array>,
  encryption: UploadEncryption,
  keys: UploadKeys,
): AsyncGenerator<Buffer> {
  let key: Buffer;
  try {
    // Any size would open, but only ours bounds what the server holds per upload.
    if (encryption.chunkSize !== UPLOAD_CHUNK_SIZE) throw new SealedStreamError('wrongChunkSize');
    key = await keys.unwrap(encryption.keyId, Buffer.from(encryption.wrappedKey, 'base64'));
  } catch (error) {
    await body[Symbol.asyncIterator]().return?.();
    throw error;
  }
  try {
    yield* openSealedStream(body, {
      key,
      noncePrefix: Buffer.from(encryption.noncePrefix, 'base64'),
      chunkSize: encryption.chunkSize,
    });
  } finally {
    key.fill(0);
  }
}
