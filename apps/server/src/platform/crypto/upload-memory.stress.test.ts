import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { sealUpload } from '@finboard/shared/upload-encryption';
import { createLocalStorage } from '../storage/storage.ts';
import { createSecretBox } from './secret-box.ts';
import { deriveKey } from './secret-key.ts';
import { createStoredFileCrypto, STORED_FILES_PURPOSE } from './stored-files.ts';
import { openUpload } from './upload-opener.ts';
import { createUploadKeys, UPLOAD_KEYS_PURPOSE } from './upload-keys.ts';
import type { UploadKeyRow, UploadKeysRepository } from './upload-keys.repository.ts';

const FILE_BYTES = 256 * 1024 * 1024;
const MAX_RSS_GROWTH = 100 * 1024 * 1024;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-upload-memory-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The key table in memory: this test is about the streams, not the database. */
function inMemoryKeys(): UploadKeysRepository {
  const rows: UploadKeyRow[] = [];
  return {
    newest: async () => rows.at(-1),
    find: async (id) => rows.find((row) => row.id === id),
    insert: async (row) => void rows.push({ ...row, createdAt: new Date() }),
  };
}

/** A file made up as it is read, in the uneven pieces a disk or network gives, hashed on the way. */
function generatedFile(bytes: number, hash: ReturnType<typeof createHash>): AsyncGenerator<Buffer> {
  const block = randomBytes(1024 * 1024 + 13);
  return (async function* () {
    for (let sent = 0, i = 0; sent < bytes; i += 1) {
      const piece = Buffer.from(block.subarray(i % 7, Math.min(block.length, (i % 7) + bytes - sent)));
      piece.writeUInt32BE(i, 0); // no two pieces alike
      hash.update(piece);
      sent += piece.length;
      yield piece;
    }
  })();
}

describe('memory of an upload', () => {
  it(
    'opens, re-seals and stores 256 MB with RSS growing by less than 100 MB, and reads it back intact',
    async () => {
      const keys = createUploadKeys(inMemoryKeys(), createSecretBox(deriveKey(randomBytes(32), UPLOAD_KEYS_PURPOSE)));
      const files = createStoredFileCrypto(createSecretBox(deriveKey(randomBytes(32), STORED_FILES_PURPOSE)));
      const storage = createLocalStorage(root);
      const uploadKey = await keys.current();
      const fileId = randomUUID();
      const sent = createHash('sha256');

      const baseline = process.memoryUsage.rss();
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
      try {
        const { encryption, chunks } = await sealUpload(uploadKey, generatedFile(FILE_BYTES, sent));
        const plain = Readable.from(openUpload(chunks, encryption, keys), { objectMode: false });
        const atRest = await files.storeSealed(storage, `uploads/${fileId}`, fileId, plain);

        const readBack = createHash('sha256');
        let readBytes = 0;
        for await (const chunk of await files.openStoredFile(storage, `uploads/${fileId}`, atRest, fileId)) {
          readBack.update(chunk as Buffer);
          readBytes += (chunk as Buffer).length;
        }

        expect(readBytes).toBe(FILE_BYTES);
        expect(readBack.digest('hex')).toBe(sent.digest('hex'));
      } finally {
        clearInterval(sampler);
      }
      peak = Math.max(peak, process.memoryUsage.rss());
      expect(peak - baseline).toBeLessThan(MAX_RSS_GROWTH);
    },
    // 256 MB sealed, opened, re-sealed, written, read and opened again on a shared two-core machine.
    180_000,
  );
});
