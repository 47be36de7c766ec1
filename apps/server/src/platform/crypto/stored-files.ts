import { randomBytes } from 'node:crypto';
import { pipeline, Readable, type Transform } from 'node:stream';
import { z } from 'zod';
import {
  UPLOAD_CHUNK_SIZE,
  UPLOAD_NONCE_PREFIX_BYTES,
  uploadEncryptionMessages,
} from '@finboard/shared/upload-encryption';
import { internalError } from '../../errors.ts';
import type { FileStorage } from '../storage/storage.ts';
import type { SecretBox } from './secret-box.ts';
import { openSealedStream, sealStream } from './sealed-stream.ts';

/** The secret-box purpose (deriveKey) of the files' data keys. */
export const STORED_FILES_PURPOSE = 'uploaded-files';

/** How a stored file was sealed: kept beside it (uploaded_files.encryption). The data key is itself sealed. */
export const storedFileEncryptionSchema = z.object({
  format: z.literal('stream-aes-256-gcm'),
  /** The file's random AES-256 key, sealed with the secret box, the file id as context. */
  sealedKey: z.string(),
  noncePrefix: z.base64(),
  chunkSize: z.int().positive(),
});
export type StoredFileEncryption = z.infer<typeof storedFileEncryptionSchema>;

/**
 * Files at rest, encrypted under the server's own key with the upload format's STREAM construction: a
 * random data key per file, sealed with the app secret's key for STORED_FILES_PURPOSE and bound to the
 * file id, so a file's record copied to another file does not open it.
 */
export interface StoredFileCrypto {
  /**
   * A fresh data key for file `fileId`: the plain file goes through `transform` into storage, and
   * `encryption` is kept with the file's record. Join the streams with stream.pipeline, never .pipe():
   * a failure of the plain stream (a refused upload) must reach storage, which then keeps nothing.
   */
  sealForStorage(fileId: string): { transform: Transform; encryption: StoredFileEncryption };
  /**
   * Seals `plain` into storage as `storageKey` (sealForStorage + FileStorage.putStream). When `plain`
   * fails, its error rejects this and no file is left.
   */
  storeSealed(storage: FileStorage, storageKey: string, fileId: string, plain: Readable): Promise<StoredFileEncryption>;
  /**
   * The plain file, streamed. A missing file rejects, and a damaged one errors the stream, with a 500
   * AppError (STORED_FILE_MISSING, STORED_FILE_DAMAGED) whose cause names what was found.
   */
  openStoredFile(
    storage: FileStorage,
    storageKey: string,
    encryption: StoredFileEncryption,
    fileId: string,
  ): Promise<Readable>;
}

/** `box`: a secret box of purpose STORED_FILES_PURPOSE. */
export function createStoredFileCrypto(box: SecretBox): StoredFileCrypto {
  function sealForStorage(fileId: string) {
    const key = randomBytes(32);
    const noncePrefix = randomBytes(UPLOAD_NONCE_PREFIX_BYTES);
    const encryption: StoredFileEncryption = {
      format: 'stream-aes-256-gcm',
      sealedKey: box.seal(key.toString('base64'), fileId),
      noncePrefix: noncePrefix.toString('base64'),
      chunkSize: UPLOAD_CHUNK_SIZE,
    };
    return { transform: sealStream({ key, noncePrefix, chunkSize: UPLOAD_CHUNK_SIZE }), encryption };
  }

  return {
    sealForStorage,

    async storeSealed(storage, storageKey, fileId, plain) {
      const { transform, encryption } = sealForStorage(fileId);
      // pipeline() destroys `transform` with any error of `plain`; putStream sees it and removes its file.
      await storage.putStream(
        storageKey,
        pipeline(plain, transform, () => {}),
      );
      return encryption;
    },

    async openStoredFile(storage, storageKey, encryption, fileId) {
      const sealed = await storage.getStream(storageKey);
      if (!sealed) {
        throw internalError('STORED_FILE_MISSING', uploadEncryptionMessages.storedFileMissing, storageKey);
      }
      let key: Buffer;
      try {
        key = Buffer.from(box.open(encryption.sealedKey, fileId), 'base64');
      } catch (error) {
        sealed.destroy();
        throw internalError('STORED_FILE_DAMAGED', uploadEncryptionMessages.storedFileDamaged, error);
      }
      const streamKey = {
        key,
        noncePrefix: Buffer.from(encryption.noncePrefix, 'base64'),
        chunkSize: encryption.chunkSize,
      };
      return Readable.from(plainChunks(openSealedStream(sealed, streamKey)), { objectMode: false });
    },
  };
}

/** The opener's refusals in words for a stored file: our data is damaged, not the client's upload. */
async function* plainChunks(chunks: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* chunks;
  } catch (error) {
    throw internalError('STORED_FILE_DAMAGED', uploadEncryptionMessages.storedFileDamaged, error);
  }
}
