import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sealChunks, UPLOAD_TAG_BYTES, uploadEncryptionMessages } from '@finboard/shared/upload-encryption';
import { openSealedStream, sealStream, SealedStreamError, type StreamKey } from './sealed-stream.ts';

const CHUNK = 64;
const SEALED_CHUNK = CHUNK + UPLOAD_TAG_BYTES;
const streamKey: StreamKey = { key: randomBytes(32), noncePrefix: randomBytes(4), chunkSize: CHUNK };

/** Cuts bytes into pieces of awkward sizes, as a network delivers them. */
function* oddPieces(bytes: Buffer, sizes = [1, 7, 100, 3, 161, 2, 80]): Generator<Buffer> {
  let offset = 0;
  for (let i = 0; offset < bytes.length; i += 1) {
    const size = sizes[i % sizes.length]!;
    yield bytes.subarray(offset, offset + size);
    offset += size;
  }
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

const seal = (plain: Buffer, key = streamKey) => collect(Readable.from(oddPieces(plain)).pipe(sealStream(key)));
const open = (sealed: Buffer, key = streamKey) => collect(openSealedStream(Readable.from(oddPieces(sealed)), key));

/** The failure the opener reports, with the message people see. */
async function failureOf(sealed: Buffer): Promise<{ failure: string; message: string; status: number }> {
  try {
    await open(sealed);
  } catch (error) {
    if (!(error instanceof SealedStreamError)) throw error;
    return { failure: error.failure, message: error.message, status: error.statusCode };
  }
  throw new Error('the sealed body opened');
}

const sealedChunks = (sealed: Buffer) => {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < sealed.length; offset += SEALED_CHUNK) {
    chunks.push(sealed.subarray(offset, offset + SEALED_CHUNK));
  }
  return chunks;
};

describe('the STREAM construction on the server', () => {
  it.each([
    ['an empty file', 0],
    ['one byte', 1],
    ['a chunk less one byte', CHUNK - 1],
    ['exactly a chunk', CHUNK],
    ['a chunk and one byte', CHUNK + 1],
    ['many chunks', CHUNK * 37 + 11],
    ['many whole chunks', CHUNK * 20],
  ])('opens what it sealed: %s, fed in odd pieces', async (_name, size) => {
    const plain = randomBytes(size);

    const sealed = await seal(plain);

    expect(sealed.length).toBe(size + UPLOAD_TAG_BYTES * Math.max(1, Math.ceil(size / CHUNK)));
    expect(await open(sealed)).toEqual(plain);
  });

  it('seals an empty file as one empty last chunk: a tag alone', async () => {
    const sealed = await seal(Buffer.alloc(0));

    expect(sealed.length).toBe(UPLOAD_TAG_BYTES);
    expect(await open(sealed)).toEqual(Buffer.alloc(0));
  });

  it('opens the test vector of docs/upload-encryption.md, and seals its plaintext to the same bytes', async () => {
    const document = fs.readFileSync(new URL('../../../../../docs/upload-encryption.md', import.meta.url), 'utf8');
    const value = (name: string) => new RegExp(`^${name}:\\s+(\\S+)$`, 'm').exec(document)![1]!;
    const documentKey: StreamKey = {
      key: Buffer.from(value('key'), 'hex'),
      noncePrefix: Buffer.from(value('noncePrefix'), 'hex'),
      chunkSize: Number(value('chunkSize')),
    };
    const plaintext = Buffer.from(value('plaintext'), 'hex');

    expect((await open(Buffer.from(value('sealed'), 'hex'), documentKey)).toString('hex')).toBe(value('plaintext'));
    expect((await seal(plaintext, documentKey)).toString('hex')).toBe(value('sealed'));
    expect((await seal(Buffer.alloc(0), documentKey)).toString('hex')).toBe(value('emptySealed'));
  });

  it('opens what the shared WebCrypto sealing sealed, in odd pieces', async () => {
    const plain = randomBytes(CHUNK * 9 + 5);

    const sealed = await collect(
      sealChunks(new Uint8Array(streamKey.key), streamKey.noncePrefix, CHUNK, Readable.from(oddPieces(plain))),
    );

    expect(sealed).toEqual(await seal(plain));
    expect(await open(sealed)).toEqual(plain);
  });

  describe('refuses a body that is not what was sealed, naming what happened', () => {
    const plain = randomBytes(CHUNK * 4 + 20); // four whole chunks and a short last one

    it('a chunk altered in transit', async () => {
      const sealed = Buffer.from(await seal(plain));
      sealed[SEALED_CHUNK * 2 + 10]! ^= 1;

      expect(await failureOf(sealed)).toEqual({
        failure: 'tampered',
        message: uploadEncryptionMessages.tampered,
        status: 400,
      });
    });

    it('a tag altered in transit', async () => {
      const sealed = Buffer.from(await seal(plain));
      sealed[sealed.length - 1]! ^= 0x80;

      expect((await failureOf(sealed)).failure).toBe('tampered');
    });

    it('two chunks swapped', async () => {
      const [c0, c1, c2, ...rest] = sealedChunks(await seal(plain));

      expect(await failureOf(Buffer.concat([c0!, c2!, c1!, ...rest]))).toEqual({
        failure: 'reordered',
        message: uploadEncryptionMessages.reordered,
        status: 400,
      });
    });

    it('an earlier chunk sent again in place of a later one', async () => {
      const [c0, c1, , ...rest] = sealedChunks(await seal(plain));

      expect((await failureOf(Buffer.concat([c0!, c1!, c0!, ...rest]))).failure).toBe('reordered');
    });

    it('a chunk dropped from the middle', async () => {
      const [c0, , ...rest] = sealedChunks(await seal(plain));

      expect(await failureOf(Buffer.concat([c0!, ...rest]))).toEqual({
        failure: 'dropped',
        message: uploadEncryptionMessages.dropped,
        status: 400,
      });
    });

    it('the chunk before the last dropped', async () => {
      const chunks = sealedChunks(await seal(plain));
      chunks.splice(3, 1);

      expect((await failureOf(Buffer.concat(chunks))).failure).toBe('dropped');
    });

    it('a body cut off at a chunk boundary (no last chunk seen)', async () => {
      const chunks = sealedChunks(await seal(plain));

      expect(await failureOf(Buffer.concat(chunks.slice(0, 3)))).toEqual({
        failure: 'truncated',
        message: uploadEncryptionMessages.truncated,
        status: 400,
      });
    });

    it('an empty body, and one shorter than a tag', async () => {
      expect((await failureOf(Buffer.alloc(0))).failure).toBe('truncated');
      expect((await failureOf(randomBytes(UPLOAD_TAG_BYTES - 1))).failure).toBe('truncated');
    });

    it('a body cut off within its last chunk', async () => {
      const sealed = await seal(plain);

      expect((await failureOf(sealed.subarray(0, sealed.length - 5))).failure).toBe('tampered');
    });

    it('data after a whole last chunk', async () => {
      const sealed = await seal(randomBytes(CHUNK * 3));

      expect(await failureOf(Buffer.concat([sealed, Buffer.from('more')]))).toEqual({
        failure: 'trailingData',
        message: uploadEncryptionMessages.trailingData,
        status: 400,
      });
    });

    it('a whole chunk appended after the last one', async () => {
      const sealed = await seal(randomBytes(CHUNK * 3));

      expect((await failureOf(Buffer.concat([sealed, sealedChunks(sealed)[0]!]))).failure).toBe('trailingData');
    });

    it('a body sealed under another key, or another nonce prefix', async () => {
      const otherKey = await seal(plain, { ...streamKey, key: randomBytes(32) });
      const otherPrefix = await seal(plain, { ...streamKey, noncePrefix: randomBytes(4) });

      expect((await failureOf(otherKey)).failure).toBe('tampered');
      expect((await failureOf(otherPrefix)).failure).toBe('tampered');
    });

    it('stops reading the body at the first chunk that does not verify', async () => {
      const sealed = Buffer.from(await seal(randomBytes(CHUNK * 50)));
      sealed[5]! ^= 1;
      let piecesRead = 0;
      const body = (async function* () {
        for (const chunk of sealedChunks(sealed)) {
          piecesRead += 1;
          yield chunk;
        }
      })();

      await expect(collect(openSealedStream(body, streamKey))).rejects.toThrow(uploadEncryptionMessages.tampered);
      expect(piecesRead).toBeLessThan(5);
    });
  });
});
