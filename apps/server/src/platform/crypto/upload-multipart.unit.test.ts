import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sealedBlob,
  sealUpload,
  UPLOAD_CHUNK_SIZE,
  uploadEncryptionMessages,
  uploadEncryptionSchema,
  type UploadEncryption,
  type UploadKey,
} from '@finboard/shared/upload-encryption';
import { errorHandlerPlugin } from '../../plugins/error-handler.ts';
import { multipartPlugin, readMultipart } from '../../plugins/multipart.ts';
import { createLocalStorage } from '../storage/storage.ts';
import { createSecretBox } from './secret-box.ts';
import { deriveKey } from './secret-key.ts';
import { createStoredFileCrypto, STORED_FILES_PURPOSE, type StoredFileEncryption } from './stored-files.ts';
import { openUpload } from './upload-opener.ts';
import { createUploadKeys, UPLOAD_KEYS_PURPOSE } from './upload-keys.ts';
import type { UploadKeyRow, UploadKeysRepository } from './upload-keys.repository.ts';

/*
 * The pieces of this part as an upload route joins them, over real HTTP and @fastify/multipart: the
 * route itself (another part of issue 10) is not built here, so the test declares a minimal one.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-upload-multipart-'));
const storage = createLocalStorage(root);
const keys = createUploadKeys(inMemoryKeys(), createSecretBox(deriveKey(randomBytes(32), UPLOAD_KEYS_PURPOSE)));
const files = createStoredFileCrypto(createSecretBox(deriveKey(randomBytes(32), STORED_FILES_PURPOSE)));

function inMemoryKeys(): UploadKeysRepository {
  const rows: UploadKeyRow[] = [];
  return {
    newest: async () => rows.at(-1),
    find: async (id) => rows.find((row) => row.id === id),
    insert: async (row) => void rows.push({ ...row, createdAt: new Date() }),
  };
}

interface Stored {
  fileId: string;
  name: string;
  sha256: string;
  encryption: StoredFileEncryption;
}

/** Hashes the plain file on its way to storage, as the route does for the file list's sha256. */
async function* hashed(chunks: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
}

let app: FastifyInstance;
let url: string;
let uploadKey: UploadKey;

beforeAll(async () => {
  uploadKey = await keys.current();
  app = Fastify();
  await app.register(errorHandlerPlugin);
  await app.register(multipartPlugin);
  app.post('/upload', async (request) => {
    let encryption: UploadEncryption | undefined;
    const stored: Stored[] = [];
    await readMultipart(request, { limits: { fileSize: Infinity, files: 5 } }, async (part) => {
      if (part.type === 'field') {
        if (part.fieldname === 'encryption') encryption = uploadEncryptionSchema.parse(JSON.parse(String(part.value)));
        return;
      }
      const fileId = randomUUID();
      const hash = createHash('sha256');
      const plain = Readable.from(hashed(openUpload(part.file, encryption!, keys), hash), { objectMode: false });
      const atRest = await files.storeSealed(storage, `uploads/${fileId}`, fileId, plain);
      stored.push({ fileId, name: part.filename, sha256: hash.digest('hex'), encryption: atRest });
    });
    return { stored };
  });
  url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/upload`;
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function sealedPart(plain: Buffer, alter?: (sealed: Buffer) => Buffer) {
  const { encryption, chunks } = await sealUpload(uploadKey, new Blob([new Uint8Array(plain)]));
  const blob = await sealedBlob(chunks);
  const body = alter ? new Blob([new Uint8Array(alter(Buffer.from(await blob.arrayBuffer())))]) : blob;
  return { encryption, body };
}

async function post(parts: { name: string; encryption: UploadEncryption; body: Blob }[]) {
  const form = new FormData();
  form.append('organizationId', randomUUID());
  for (const part of parts) {
    form.append('encryption', JSON.stringify(part.encryption));
    form.append('files', part.body, part.name);
  }
  const response = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(15_000) });
  return { status: response.status, body: (await response.json()) as { stored?: Stored[]; message?: string } };
}

const storedFiles = () => (fs.existsSync(path.join(root, 'uploads')) ? fs.readdirSync(path.join(root, 'uploads')) : []);

describe('an encrypted upload over HTTP (multipart)', () => {
  it('opens each file with its own encryption field, stores it sealed and reads it back', async () => {
    const large = randomBytes(UPLOAD_CHUNK_SIZE * 2 + 500);
    const small = Buffer.from('account_code,account_name\n1000,Cash\n');

    const { status, body } = await post([
      { name: 'gl.csv', ...(await sealedPart(large)) },
      { name: 'accounts.csv', ...(await sealedPart(small)) },
    ]);

    expect(status).toBe(200);
    expect(body.stored!.map(({ name, sha256 }) => ({ name, sha256 }))).toEqual([
      { name: 'gl.csv', sha256: sha256(large) },
      { name: 'accounts.csv', sha256: sha256(small) },
    ]);
    for (const [file, plain] of [
      [body.stored![0]!, large],
      [body.stored![1]!, small],
    ] as const) {
      const opened = await files.openStoredFile(storage, `uploads/${file.fileId}`, file.encryption, file.fileId);
      const parts: Buffer[] = [];
      for await (const chunk of opened) parts.push(chunk as Buffer);
      expect(sha256(Buffer.concat(parts))).toBe(sha256(plain));
    }
  });

  it.each([
    [
      'a chunk altered in transit',
      (sealed: Buffer) => {
        sealed[UPLOAD_CHUNK_SIZE + 40]! ^= 1;
        return sealed;
      },
      uploadEncryptionMessages.tampered,
    ],
    [
      'a body cut off before its last chunk',
      (sealed: Buffer) => sealed.subarray(0, (UPLOAD_CHUNK_SIZE + 16) * 2),
      uploadEncryptionMessages.truncated,
    ],
    [
      'two chunks swapped',
      (sealed: Buffer) => {
        const size = UPLOAD_CHUNK_SIZE + 16;
        return Buffer.concat([sealed.subarray(size, size * 2), sealed.subarray(0, size), sealed.subarray(size * 2)]);
      },
      uploadEncryptionMessages.reordered,
    ],
  ])('refuses %s with a 400 and its message, and stores nothing', async (_name, alter, message) => {
    const before = storedFiles();

    const { status, body } = await post([
      { name: 'gl.csv', ...(await sealedPart(randomBytes(UPLOAD_CHUNK_SIZE * 3 + 5), alter)) },
    ]);

    expect({ status, message: body.message }).toEqual({ status: 400, message });
    expect(storedFiles()).toEqual(before);
  });

  it('answers the next upload on the same connection after refusing one midway', async () => {
    const tampered = await sealedPart(randomBytes(UPLOAD_CHUNK_SIZE * 4), (sealed) => {
      sealed[100]! ^= 1;
      return sealed;
    });
    const good = Buffer.from('period\n2026-01\n');

    const refused = await post([{ name: 'a.csv', ...tampered }]);
    const accepted = await post([{ name: 'b.csv', ...(await sealedPart(good)) }]);

    expect(refused.status).toBe(400);
    expect(accepted.status).toBe(200);
    expect(accepted.body.stored!.map((file) => file.sha256)).toEqual([sha256(good)]);
  });

  it('refuses an unknown key before reading the file, and stores nothing', async () => {
    const before = storedFiles();
    const part = await sealedPart(randomBytes(UPLOAD_CHUNK_SIZE * 2));

    const { status, body } = await post([
      { name: 'gl.csv', encryption: { ...part.encryption, keyId: 'B'.repeat(43) }, body: part.body },
    ]);

    expect({ status, message: body.message }).toEqual({ status: 400, message: uploadEncryptionMessages.unknownKey });
    expect(storedFiles()).toEqual(before);
  });
});
