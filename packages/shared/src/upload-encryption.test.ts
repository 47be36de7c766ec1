import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  chunkAdditionalData,
  chunkIv,
  sealChunks,
  sealedBlob,
  sealedSize,
  uploadEncryptionMessages,
  uploadEncryptionSchema,
  uploadKeySchema,
} from './upload-encryption.ts';

/** The test vector as docs/upload-encryption.md states it: `name: hex` lines of its text blocks. */
function documentedVector(): Record<string, string> {
  const document = fs.readFileSync(new URL('../../../docs/upload-encryption.md', import.meta.url), 'utf8');
  const lines = [...document.matchAll(/^(key|noncePrefix|chunkSize|plaintext|sealed|emptySealed):\s+(\S+)$/gm)];
  return Object.fromEntries(lines.map(([, name, value]) => [name!, value!]));
}

const hex = (value: string) => new Uint8Array(Buffer.from(value, 'hex'));
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

async function sealedHex(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += toHex(chunk);
  return all;
}

async function* inPieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

describe('the upload encryption format', () => {
  const vector = documentedVector();

  it('seals the documented test vector to the documented bytes, from a Blob, a stream and odd pieces', async () => {
    expect(Object.keys(vector).sort()).toEqual([
      'chunkSize',
      'emptySealed',
      'key',
      'noncePrefix',
      'plaintext',
      'sealed',
    ]);
    const key = hex(vector.key!);
    const prefix = hex(vector.noncePrefix!);
    const chunkSize = Number(vector.chunkSize);
    const plaintext = hex(vector.plaintext!);

    expect(plaintext.length).toBe(40);
    expect(await sealedHex(sealChunks(key, prefix, chunkSize, new Blob([plaintext])))).toBe(vector.sealed);
    expect(await sealedHex(sealChunks(key, prefix, chunkSize, new Blob([plaintext]).stream()))).toBe(vector.sealed);
    expect(await sealedHex(sealChunks(key, prefix, chunkSize, inPieces(plaintext, 7)))).toBe(vector.sealed);
    expect(vector.sealed!.length / 2).toBe(sealedSize(40, chunkSize));
  });

  it('seals an empty file as one empty last chunk: the documented tag alone', async () => {
    const sealed = await sealedHex(sealChunks(hex(vector.key!), hex(vector.noncePrefix!), 16, new Blob([])));

    expect(sealed).toBe(vector.emptySealed);
    expect(sealedSize(0, 16)).toBe(16);
  });

  it('builds the IV from the prefix and the big-endian index, and the additional data from index and flag', () => {
    const prefix = hex('a0a1a2a3');

    expect(toHex(chunkIv(prefix, 0))).toBe('a0a1a2a30000000000000000');
    expect(toHex(chunkIv(prefix, 258))).toBe('a0a1a2a30000000000000102');
    expect(toHex(chunkIv(prefix, 2 ** 40 + 1))).toBe('a0a1a2a30000010000000001');
    expect(new TextDecoder().decode(chunkAdditionalData(0, false))).toBe('0:0');
    expect(new TextDecoder().decode(chunkAdditionalData(41, true))).toBe('41:1');
  });

  it('refuses a chunk size that is not a whole positive number of bytes', async () => {
    const key = hex(vector.key!);
    const prefix = hex(vector.noncePrefix!);

    await expect(sealChunks(key, prefix, 0, new Blob(['x'])).next()).rejects.toThrow('chunk size 0 is not');
    await expect(sealChunks(key, prefix, 1.5, new Blob(['x'])).next()).rejects.toThrow('chunk size 1.5 is not');
  });

  it('counts a tag for every chunk, and one chunk for an empty file', () => {
    expect(sealedSize(1, 16)).toBe(17);
    expect(sealedSize(15, 16)).toBe(31);
    expect(sealedSize(16, 16)).toBe(32);
    expect(sealedSize(17, 16)).toBe(49);
    expect(sealedSize(1024 ** 3, 1024 ** 2)).toBe(1024 ** 3 + 16 * 1024);
  });

  it('builds one Blob of the sealed chunks, in order', async () => {
    const plaintext = hex(vector.plaintext!);
    const blob = await sealedBlob(sealChunks(hex(vector.key!), hex(vector.noncePrefix!), 16, new Blob([plaintext])));

    expect(toHex(new Uint8Array(await blob.arrayBuffer()))).toBe(vector.sealed);
    expect(blob.type).toBe('application/octet-stream');
  });
});

describe('the encryption field', () => {
  const valid = {
    keyId: 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs',
    wrappedKey: Buffer.alloc(384, 7).toString('base64'),
    noncePrefix: 'oKGiow==',
    chunkSize: 1048576,
  };
  const messageOf = (field: unknown) => uploadEncryptionSchema.safeParse(field).error?.issues[0]?.message;

  it('accepts a key id, a wrapped key of an RSA-3072 size, 4 bytes of nonce prefix and a chunk size', () => {
    expect(uploadEncryptionSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['a key id that is not a thumbprint', { keyId: 'key-1' }, uploadEncryptionMessages.keyIdInvalid],
    ['a wrapped key that is not base64', { wrappedKey: 'not base64!' }, uploadEncryptionMessages.wrappedKeyInvalid],
    [
      'a wrapped key shorter than RSA-3072',
      { wrappedKey: Buffer.alloc(256).toString('base64') },
      uploadEncryptionMessages.wrappedKeyInvalid,
    ],
    ['an empty nonce prefix', { noncePrefix: '' }, uploadEncryptionMessages.noncePrefixInvalid],
    ['a nonce prefix of 5 bytes', { noncePrefix: 'AAAAAAA=' }, uploadEncryptionMessages.noncePrefixInvalid],
    ['a fractional chunk size', { chunkSize: 1.5 }, uploadEncryptionMessages.chunkSizeInvalid],
    ['a chunk size of 0', { chunkSize: 0 }, uploadEncryptionMessages.chunkSizeInvalid],
    ['a chunk size given as text', { chunkSize: '1048576' }, uploadEncryptionMessages.chunkSizeInvalid],
  ])('refuses %s with its message', (_name, change, message) => {
    expect(messageOf({ ...valid, ...change })).toBe(message);
  });

  it('refuses a public key of fewer than 3072 bits, and one for another algorithm', () => {
    const key = {
      keyId: valid.keyId,
      publicKey: { kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc', n: 'A'.repeat(512), e: 'AQAB' },
      chunkSize: 1048576,
    };

    expect(uploadKeySchema.safeParse(key).success).toBe(true);
    expect(uploadKeySchema.safeParse({ ...key, publicKey: { ...key.publicKey, n: 'A'.repeat(342) } }).success).toBe(
      false,
    );
    expect(uploadKeySchema.safeParse({ ...key, publicKey: { ...key.publicKey, alg: 'RSA-OAEP' } }).success).toBe(false);
  });
});
