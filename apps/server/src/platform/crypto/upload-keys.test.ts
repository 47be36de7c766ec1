import { constants, createHash, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sealedBlob,
  sealUpload,
  UPLOAD_CHUNK_SIZE,
  uploadEncryptionMessages,
  uploadKeySchema,
  type UploadEncryption,
  type UploadKey,
} from '@finboard/shared/upload-encryption';
import type { DatabaseHandle } from '../../db/client.ts';
import { uploadKeys as uploadKeysTable } from '../../db/schema.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { createSecretBox } from './secret-box.ts';
import { deriveKey } from './secret-key.ts';
import { SealedStreamError } from './sealed-stream.ts';
import { openUpload } from './upload-opener.ts';
import { createUploadKeys, jwkThumbprint, UPLOAD_KEYS_PURPOSE, type UploadKeys } from './upload-keys.ts';
import { uploadKeysRepository } from './upload-keys.repository.ts';

const secret = Buffer.from('the test application secret');
const box = createSecretBox(deriveKey(secret, UPLOAD_KEYS_PURPOSE));

let database: DatabaseHandle;
let keys: UploadKeys;
let uploadKey: UploadKey;

beforeAll(async () => {
  database = await openTestDatabase();
  keys = createUploadKeys(uploadKeysRepository(database.db), box);
  uploadKey = await keys.current();
});
afterAll(() => database?.close());

/** A digest to compare large buffers by: vitest's deep equality walks them byte by byte. */
const digest = (bytes: Uint8Array) => `${bytes.length}:${createHash('sha256').update(bytes).digest('hex')}`;

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

/** Seals with the shared (browser) code and answers the encryption field and the sealed body. */
async function sealed(plain: Buffer, key = uploadKey): Promise<{ encryption: UploadEncryption; body: Buffer }> {
  const { encryption, chunks } = await sealUpload(key, new Blob([new Uint8Array(plain)]));
  return { encryption, body: await collect(chunks) };
}

/** The body in pieces that never line up with chunks. */
async function* pieces(body: Buffer): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < body.length; offset += 65_521) yield body.subarray(offset, offset + 65_521);
}

async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof SealedStreamError) return error.failure;
    throw error;
  }
  throw new Error('it opened');
}

describe('the upload key pair', () => {
  it('is RSA-OAEP-256 of 3072 bits, named by its RFC 7638 thumbprint, with our chunk size', () => {
    expect(uploadKeySchema.parse(uploadKey)).toEqual(uploadKey);
    expect(uploadKey.publicKey).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc', e: 'AQAB' });
    expect(Buffer.from(uploadKey.publicKey.n, 'base64url').length).toBe(384);
    expect(uploadKey.keyId).toBe(jwkThumbprint(uploadKey.publicKey));
    expect(uploadKey.chunkSize).toBe(UPLOAD_CHUNK_SIZE);
  });

  it('computes the thumbprint of RFC 7638 §3.1', () => {
    const n =
      '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw';

    expect(jwkThumbprint({ n, e: 'AQAB' })).toBe('NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs');
  });

  it('is made once and kept in the database, sealed, so that every API node serves and opens the same key', async () => {
    const otherNode = createUploadKeys(uploadKeysRepository(database.db), box);
    const rows = await database.db.select().from(uploadKeysTable);

    expect(await otherNode.current()).toEqual(uploadKey);
    expect(rows.map((row) => row.id)).toEqual([uploadKey.keyId]);
    expect(rows[0]!.sealedPrivateKey).toMatch(/^v1\./);
    expect(rows[0]!.sealedPrivateKey).not.toContain('MII');

    const { encryption, body } = await sealed(Buffer.from('account_code,debit\n1000,12.50\n'));
    expect((await collect(openUpload(pieces(body), encryption, otherNode))).toString()).toBe(
      'account_code,debit\n1000,12.50\n',
    );
  });

  it('refuses to open a private key sealed under another application secret', async () => {
    const otherSecret = createSecretBox(deriveKey(Buffer.from('another secret'), UPLOAD_KEYS_PURPOSE));
    const otherNode = createUploadKeys(uploadKeysRepository(database.db), otherSecret);

    await expect(otherNode.unwrap(uploadKey.keyId, randomBytes(384))).rejects.toThrow();
  });
});

describe('opening an upload sealed by the shared (browser) code', () => {
  it.each([
    ['an empty file', 0],
    ['one byte', 1],
    ['a chunk less one byte', UPLOAD_CHUNK_SIZE - 1],
    ['exactly a chunk', UPLOAD_CHUNK_SIZE],
    ['a chunk and one byte', UPLOAD_CHUNK_SIZE + 1],
    ['several chunks', UPLOAD_CHUNK_SIZE * 3 + 12_345],
  ])('opens %s, whatever the pieces the body arrives in', async (_name, size) => {
    const plain = randomBytes(size);

    const { encryption, body } = await sealed(plain);

    expect(digest(await collect(openUpload(pieces(body), encryption, keys)))).toBe(digest(plain));
  });

  it('seals from a web stream and an async iterable the same way as from a Blob', async () => {
    const plain = randomBytes(UPLOAD_CHUNK_SIZE + 777);
    const fromStream = await sealUpload(uploadKey, new Blob([new Uint8Array(plain)]).stream());
    const fromIterable = await sealUpload(uploadKey, pieces(plain));

    const opened = [fromStream, fromIterable].map(async ({ encryption, chunks }) =>
      digest(await collect(openUpload(pieces(await collect(chunks)), encryption, keys))),
    );

    expect(await Promise.all(opened)).toEqual([digest(plain), digest(plain)]);
  });

  it('builds one Blob of the sealed chunks, as the browser sends it', async () => {
    const plain = randomBytes(UPLOAD_CHUNK_SIZE * 2 + 3);
    const { encryption, chunks } = await sealUpload(uploadKey, new Blob([new Uint8Array(plain)]));

    const blob = await sealedBlob(chunks);

    expect(blob.size).toBe(plain.length + 3 * 16);
    const body = Buffer.from(await blob.arrayBuffer());
    expect(digest(await collect(openUpload(pieces(body), encryption, keys)))).toBe(digest(plain));
  });

  it('draws a new file key and nonce prefix for every file', async () => {
    const first = await sealed(Buffer.from('same'));
    const second = await sealed(Buffer.from('same'));

    expect(first.encryption.wrappedKey).not.toBe(second.encryption.wrappedKey);
    expect(first.encryption.noncePrefix).not.toBe(second.encryption.noncePrefix);
    expect(first.body.equals(second.body)).toBe(false);
  });

  it('refuses an unknown key id with its message', async () => {
    const { encryption, body } = await sealed(Buffer.from('x'));
    const unknown = { ...encryption, keyId: 'A'.repeat(43) };

    await expect(collect(openUpload(pieces(body), unknown, keys))).rejects.toThrow(uploadEncryptionMessages.unknownKey);
  });

  it('refuses a file key wrapped wrongly: garbage, or a key that is not 32 bytes', async () => {
    const { encryption, body } = await sealed(Buffer.from('x'));
    const publicKey = createPublicKey({ key: uploadKey.publicKey, format: 'jwk' });
    const shortKey = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      randomBytes(16),
    );
    const sha1Wrapped = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      randomBytes(32),
    );

    for (const wrappedKey of [randomBytes(384), shortKey, sha1Wrapped]) {
      const bad = { ...encryption, wrappedKey: wrappedKey.toString('base64') };
      await expect(collect(openUpload(pieces(body), bad, keys))).rejects.toThrow(uploadEncryptionMessages.badWrap);
    }
  });

  it('refuses a chunk size other than its own, before reading the body', async () => {
    const { encryption, body } = await sealed(Buffer.from('x'));
    let read = false;
    const watched = (async function* () {
      read = true;
      yield body;
    })();

    const failure = await failureOf(collect(openUpload(watched, { ...encryption, chunkSize: 4096 }, keys)));

    expect(failure).toBe('wrongChunkSize');
    expect(read).toBe(false);
  });

  it('refuses a tampered body with its message', async () => {
    const { encryption, body } = await sealed(randomBytes(UPLOAD_CHUNK_SIZE * 2));
    body[UPLOAD_CHUNK_SIZE + 100]! ^= 1;

    await expect(collect(openUpload(pieces(body), encryption, keys))).rejects.toThrow(
      uploadEncryptionMessages.tampered,
    );
  });

  it('still opens uploads sealed under a key that a newer one replaced', async () => {
    const before = await sealed(Buffer.from('sealed before the rotation'));

    const newer = await keys.rotate();
    const after = await sealed(Buffer.from('sealed after'), await keys.current());

    expect(newer.keyId).not.toBe(uploadKey.keyId);
    expect(after.encryption.keyId).toBe(newer.keyId);
    expect((await collect(openUpload(pieces(before.body), before.encryption, keys))).toString()).toBe(
      'sealed before the rotation',
    );
    expect((await collect(openUpload(pieces(after.body), after.encryption, keys))).toString()).toBe('sealed after');
    const freshNode = createUploadKeys(uploadKeysRepository(database.db), box);
    expect((await collect(openUpload(pieces(before.body), before.encryption, freshNode))).toString()).toBe(
      'sealed before the rotation',
    );
  });
});
