import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE, uploadEncryptionMessages } from '@finboard/shared/upload-encryption';
import { AppError } from '../../errors.ts';
import { createLocalStorage } from '../storage/storage.ts';
import { createSecretBox } from './secret-box.ts';
import { deriveKey } from './secret-key.ts';
import { createStoredFileCrypto, STORED_FILES_PURPOSE, storedFileEncryptionSchema } from './stored-files.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-stored-files-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage(root);
const secret = Buffer.from('the test application secret');
const files = createStoredFileCrypto(createSecretBox(deriveKey(secret, STORED_FILES_PURPOSE)));

const digest = (bytes: Uint8Array) => `${bytes.length}:${createHash('sha256').update(bytes).digest('hex')}`;

async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** Stores `plain` as an upload route does: plain stream → seal → storage. */
async function store(plain: Buffer, fileId = randomUUID()) {
  const key = `uploads/${fileId}`;
  const encryption = await files.storeSealed(
    storage,
    key,
    fileId,
    Readable.from([plain.subarray(0, 1000), plain.subarray(1000)]),
  );
  return { fileId, key, encryption };
}

describe('files sealed at rest', () => {
  it.each([
    ['an empty file', 0],
    ['a small CSV', 100],
    ['exactly a chunk', UPLOAD_CHUNK_SIZE],
    ['several chunks', UPLOAD_CHUNK_SIZE * 2 + 999],
  ])('reads back %s exactly, and never stores it in the clear', async (_name, size) => {
    const plain = randomBytes(size);

    const { fileId, key, encryption } = await store(plain);
    const stored = fs.readFileSync(path.join(root, key));
    const opened = await collect(await files.openStoredFile(storage, key, encryption, fileId));

    expect(digest(opened)).toBe(digest(plain));
    expect(stored.length).toBe(size + 16 * Math.max(1, Math.ceil(size / UPLOAD_CHUNK_SIZE)));
    if (size > 0) expect(stored.includes(plain.subarray(0, 32))).toBe(false);
    expect(storedFileEncryptionSchema.parse(encryption)).toEqual(encryption);
  });

  it('keeps a sealed data key per file, bound to the file id', async () => {
    const plain = Buffer.from('posting_date,debit\n2026-01-31,10.00\n');
    const first = await store(plain);
    const second = await store(plain);

    expect(first.encryption.sealedKey).toMatch(/^v1\./);
    expect(first.encryption.sealedKey).not.toBe(second.encryption.sealedKey);
    expect(fs.readFileSync(path.join(root, first.key)).equals(fs.readFileSync(path.join(root, second.key)))).toBe(
      false,
    );
    // The first file's record used for the second file's bytes, or under another id, does not open.
    await expect(files.openStoredFile(storage, second.key, first.encryption, second.fileId)).rejects.toMatchObject({
      statusCode: 500,
      code: 'STORED_FILE_DAMAGED',
      message: uploadEncryptionMessages.storedFileDamaged,
    });
  });

  it('refuses a stored file that was altered, with a 500 that names the damage', async () => {
    const { fileId, key, encryption } = await store(randomBytes(UPLOAD_CHUNK_SIZE + 10));
    const file = path.join(root, key);
    const bytes = fs.readFileSync(file);
    bytes[UPLOAD_CHUNK_SIZE + 20]! ^= 1;
    fs.writeFileSync(file, bytes);

    const error = await collect(await files.openStoredFile(storage, key, encryption, fileId)).catch((e) => e);

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 500, code: 'STORED_FILE_DAMAGED' });
    expect((error as AppError & { cause: { failure: string } }).cause.failure).toBe('tampered');
  });

  it('refuses a file that is not there', async () => {
    const { encryption, fileId } = await store(Buffer.from('x'));

    await expect(files.openStoredFile(storage, 'uploads/none', encryption, fileId)).rejects.toMatchObject({
      statusCode: 500,
      code: 'STORED_FILE_MISSING',
      message: uploadEncryptionMessages.storedFileMissing,
    });
  });
});

describe('streaming storage', () => {
  it('writes a stream whole and reads it back as a stream', async () => {
    const data = randomBytes(300_000);

    await storage.putStream('streams/whole', Readable.from([data.subarray(0, 7), data.subarray(7)]));
    const read = await storage.getStream('streams/whole');

    expect(digest(await collect(read!))).toBe(digest(data));
    expect(digest((await storage.get('streams/whole'))!)).toBe(digest(data));
  });

  it('answers undefined for a file that is not there', async () => {
    expect(await storage.getStream('streams/missing')).toBeUndefined();
  });

  it('leaves nothing behind, not even a partial file, when the stream fails', async () => {
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(100_000);
        throw new Error('the client went away');
      })(),
    );

    await expect(storage.putStream('streams/failed', failing)).rejects.toThrow('the client went away');
    expect(await storage.getStream('streams/failed')).toBeUndefined();
    expect(fs.readdirSync(path.join(root, 'streams')).filter((name) => name.startsWith('failed'))).toEqual([]);
  });

  it('keeps the previous file when a replacement fails midway', async () => {
    await storage.put('streams/kept', Buffer.from('before'));
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('half of the new');
        throw new Error('refused');
      })(),
    );

    await expect(storage.putStream('streams/kept', failing)).rejects.toThrow('refused');
    expect((await storage.get('streams/kept'))!.toString()).toBe('before');
  });

  it('refuses a key that leaves the storage root', async () => {
    await expect(storage.putStream('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      'invalid storage key',
    );
    await expect(storage.getStream('a/../../escape')).rejects.toThrow('invalid storage key');
  });

  it('stores a refused upload nowhere: the failure reaches storage and the partial file goes', async () => {
    const fileId = randomUUID();
    const refused = Readable.from(
      (async function* () {
        yield randomBytes(UPLOAD_CHUNK_SIZE * 2);
        throw new Error(uploadEncryptionMessages.tampered);
      })(),
    );

    await expect(files.storeSealed(storage, `uploads/${fileId}`, fileId, refused)).rejects.toThrow(
      uploadEncryptionMessages.tampered,
    );
    expect(fs.readdirSync(path.join(root, 'uploads')).filter((name) => name.startsWith(fileId))).toEqual([]);
  });

  it('seals through the transform in a pipeline of the caller, as storeSealed does', async () => {
    const fileId = randomUUID();
    const { transform, encryption } = files.sealForStorage(fileId);
    const plain = randomBytes(UPLOAD_CHUNK_SIZE + 1);

    await pipeline(Readable.from([plain]), transform, fs.createWriteStream(path.join(root, `piped-${fileId}`)));
    const opened = await collect(await files.openStoredFile(storage, `piped-${fileId}`, encryption, fileId));

    expect(digest(opened)).toBe(digest(plain));
  });
});
