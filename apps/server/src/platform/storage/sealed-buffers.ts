import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { StoredFileCrypto, StoredFileEncryption } from '../crypto/stored-files.ts';
import type { FileStorage } from './storage.ts';

/**
 * Files the platform makes itself (report packs, mail attachments), kept whole in memory and at rest sealed
 * like uploads (stored-files.ts): `context` binds each file's key to what it is, so a record copied onto
 * another file does not open it.
 */
export interface SealedBuffers {
  put(storageKey: string, context: string, bytes: Buffer): Promise<StoredFileEncryption>;
  get(storageKey: string, context: string, encryption: StoredFileEncryption): Promise<Buffer>;
  delete(storageKey: string): Promise<void>;
}

export function createSealedBuffers(storage: FileStorage, storedFiles: StoredFileCrypto): SealedBuffers {
  return {
    put: (storageKey, context, bytes) => storedFiles.storeSealed(storage, storageKey, context, Readable.from([bytes])),
    get: async (storageKey, context, encryption) =>
      buffer(await storedFiles.openStoredFile(storage, storageKey, encryption, context)),
    delete: (storageKey) => storage.delete(storageKey),
  };
}
