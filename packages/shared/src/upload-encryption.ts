import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';

/**
 * Client-side encryption of uploads (issue 10, docs/upload-encryption.md): a random AES-256-GCM key per
 * file, wrapped with the server's RSA-OAEP-256 public key, and the file sealed in chunks with the STREAM
 * construction — chunk i under IV = noncePrefix ‖ uint64-BE(i) and additional data `${i}:0`, or
 * `${i}:1` for the last chunk — so that no chunk can be altered, reordered, dropped or cut off unseen.
 * This file holds the format and the sealing side, with WebCrypto only: browsers and Node both run it.
 */

/**
 * 1 MiB: one WebCrypto call (a promise, a copy into the crypto thread) per MiB keeps the per-chunk cost
 * far below the cost of the bytes (a 1 GB file is ~1,000 calls), the tag adds 0.0015 %, and the server
 * holds at most a couple of chunks per upload (a few MiB), however large the file.
 */
export const UPLOAD_CHUNK_SIZE = 1024 * 1024;
export const UPLOAD_TAG_BYTES = 16;
export const UPLOAD_NONCE_PREFIX_BYTES = 4;
const IV_BYTES = 12;
const AES_KEY_BYTES = 32;
/** 3072-bit RSA at least (NIST: 128-bit security): its modulus is 384 bytes, 512 base64url characters. */
export const UPLOAD_MIN_MODULUS_BYTES = 384;
/** Chunk sizes a client may state; the server accepts only its own (UPLOAD_CHUNK_SIZE). */
const MAX_CHUNK_SIZE = 64 * 1024 * 1024;

/** User-facing texts (ours). Every refusal means the whole upload is refused. */
export const uploadEncryptionMessages = {
  keyFetched: 'Upload key fetched successfully',
  encryptionInvalid: 'The encryption details of the upload are missing or not valid.',
  keyIdInvalid: 'The upload key id is not valid',
  wrappedKeyInvalid: 'The wrapped file key must be base64 of an RSA-OAEP-256 ciphertext',
  noncePrefixInvalid: 'The nonce prefix must be base64 of 4 bytes',
  chunkSizeInvalid: 'The chunk size must be a whole number of bytes',
  unknownKey: 'The upload key is unknown or has been retired. Reload the page and upload the file again.',
  badWrap: 'The file key could not be opened with the upload key. Reload the page and upload the file again.',
  wrongChunkSize: 'The file was sealed with a chunk size this server does not use. Reload the page and try again.',
  tampered: 'The file was altered or damaged in transit: a part of it did not verify. Please upload it again.',
  reordered: 'Parts of the file arrived out of order. Please upload it again.',
  dropped: 'A part of the file is missing from the upload. Please upload it again.',
  truncated: 'The upload ended before the end of the file. Please upload it again.',
  trailingData: 'The upload has data after the end of the file. Please upload it again.',
  storedFileMissing: 'The stored file could not be found.',
  storedFileDamaged: 'The stored file is damaged and cannot be read.',
} as const;

const decodedLength = (base64: string) => {
  try {
    return atob(base64).length;
  } catch {
    return -1;
  }
};

/** The `encryption` field of a multipart upload, sent (as JSON) before each file part. */
export const uploadEncryptionSchema = z.object({
  /** RFC 7638 thumbprint (SHA-256, base64url) of the public key the file key was wrapped with. */
  keyId: z.string({ error: uploadEncryptionMessages.keyIdInvalid }).regex(/^[A-Za-z0-9_-]{43}$/, {
    error: uploadEncryptionMessages.keyIdInvalid,
  }),
  /** base64 of RSA-OAEP-256(public key, the raw 32-byte AES key). */
  wrappedKey: z
    .base64({ error: uploadEncryptionMessages.wrappedKeyInvalid })
    .refine((value) => decodedLength(value) >= UPLOAD_MIN_MODULUS_BYTES && decodedLength(value) <= 2048, {
      error: uploadEncryptionMessages.wrappedKeyInvalid,
    }),
  /** base64 of 4 random bytes, drawn per file. */
  noncePrefix: z
    .base64({ error: uploadEncryptionMessages.noncePrefixInvalid })
    .refine((value) => decodedLength(value) === UPLOAD_NONCE_PREFIX_BYTES, {
      error: uploadEncryptionMessages.noncePrefixInvalid,
    }),
  chunkSize: z
    .int({ error: uploadEncryptionMessages.chunkSizeInvalid })
    .min(1, { error: uploadEncryptionMessages.chunkSizeInvalid })
    .max(MAX_CHUNK_SIZE, { error: uploadEncryptionMessages.chunkSizeInvalid }),
});
export type UploadEncryption = z.infer<typeof uploadEncryptionSchema>;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/);

/** The server's public key as a JWK that WebCrypto imports for RSA-OAEP with SHA-256. */
export const uploadPublicKeySchema = z.object({
  kty: z.literal('RSA'),
  alg: z.literal('RSA-OAEP-256'),
  use: z.literal('enc'),
  n: base64url.refine((n) => n.length >= Math.ceil((UPLOAD_MIN_MODULUS_BYTES * 4) / 3)),
  e: base64url,
});
export type UploadPublicKey = z.infer<typeof uploadPublicKeySchema>;

/** `GET /api/v1/pipeline/upload-key` → data. */
export const uploadKeySchema = z.object({
  keyId: uploadEncryptionSchema.shape.keyId,
  publicKey: uploadPublicKeySchema,
  chunkSize: z.int().positive(),
});
export type UploadKey = z.infer<typeof uploadKeySchema>;
export const uploadKeyResponseSchema = apiSuccessSchema(uploadKeySchema);

/** Bytes on the wire for a file of `plainSize` bytes: every chunk gains a tag, and an empty file is one chunk. */
export const sealedSize = (plainSize: number, chunkSize: number): number =>
  plainSize + UPLOAD_TAG_BYTES * Math.max(1, Math.ceil(plainSize / chunkSize));

/** IV of chunk `index`: the 4-byte prefix, then the index as an unsigned 64-bit big-endian integer. */
export function chunkIv(noncePrefix: Uint8Array, index: number): Uint8Array<ArrayBuffer> {
  const iv = new Uint8Array(IV_BYTES);
  iv.set(noncePrefix, 0);
  new DataView(iv.buffer).setBigUint64(UPLOAD_NONCE_PREFIX_BYTES, BigInt(index));
  return iv;
}

/** Additional data of chunk `index`: ASCII `${index}:1` for the last chunk, `${index}:0` for the others. */
export const chunkAdditionalData = (index: number, last: boolean): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(`${index}:${last ? 1 : 0}`);

/** What a file can be read from: a Blob (a browser's File), a web stream, or any async iterable (Node). */
export type UploadSource = Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface SealedUpload {
  /** The multipart `encryption` field, sent (as JSON) before the file part. */
  encryption: UploadEncryption;
  /** The file part's body: the sealed chunks (ciphertext ‖ tag each), produced as they are read. */
  chunks: AsyncGenerator<Uint8Array<ArrayBuffer>>;
}

/**
 * Seals a file for upload with the server's key (`GET /api/v1/pipeline/upload-key`): a fresh AES-256-GCM
 * key and nonce prefix per file. The file is read a chunk at a time, so a 1 GB file never sits in memory.
 */
export async function sealUpload(uploadKey: UploadKey, source: UploadSource): Promise<SealedUpload> {
  const { subtle } = globalThis.crypto;
  const publicKey = await subtle.importKey('jwk', uploadKey.publicKey, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
  const rawKey = globalThis.crypto.getRandomValues(new Uint8Array(AES_KEY_BYTES));
  const noncePrefix = globalThis.crypto.getRandomValues(new Uint8Array(UPLOAD_NONCE_PREFIX_BYTES));
  const wrappedKey = new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, rawKey));
  const chunks = sealChunks(rawKey, noncePrefix, uploadKey.chunkSize, source);
  return {
    encryption: {
      keyId: uploadKey.keyId,
      wrappedKey: toBase64(wrappedKey),
      noncePrefix: toBase64(noncePrefix),
      chunkSize: uploadKey.chunkSize,
    },
    chunks,
  };
}

/** The sealed chunks of `source` under a given AES-256 key: the format itself (the document's test vector). */
export async function* sealChunks(
  rawKey: Uint8Array<ArrayBuffer>,
  noncePrefix: Uint8Array,
  chunkSize: number,
  source: UploadSource,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  if (!Number.isInteger(chunkSize) || chunkSize < 1)
    throw new RangeError(`chunk size ${chunkSize} is not a whole number of bytes`);
  const { subtle } = globalThis.crypto;
  const key = await subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['encrypt']);
  let index = 0;
  for await (const { bytes, last } of withLastFlag(fixedChunks(source, chunkSize))) {
    const sealed = await subtle.encrypt(
      {
        name: 'AES-GCM',
        iv: chunkIv(noncePrefix, index),
        additionalData: chunkAdditionalData(index, last),
        tagLength: UPLOAD_TAG_BYTES * 8,
      },
      key,
      bytes,
    );
    yield new Uint8Array(sealed);
    index += 1;
  }
}

/**
 * The sealed chunks as one Blob, for XMLHttpRequest (the only way to get upload progress in Chromium).
 * A Blob of chunk Blobs lets Chromium keep them in its blob store, which goes to disk for large files,
 * rather than in the tab's memory.
 */
export async function sealedBlob(chunks: AsyncIterable<Uint8Array<ArrayBuffer>>): Promise<Blob> {
  const parts: Blob[] = [];
  for await (const chunk of chunks) parts.push(new Blob([chunk]));
  return new Blob(parts, { type: 'application/octet-stream' });
}

/** Pairs each chunk with whether it is the last; an empty file is one empty last chunk. */
async function* withLastFlag(
  chunks: AsyncIterable<Uint8Array<ArrayBuffer>>,
): AsyncGenerator<{ bytes: Uint8Array<ArrayBuffer>; last: boolean }> {
  let previous: Uint8Array<ArrayBuffer> | undefined;
  for await (const chunk of chunks) {
    if (previous) yield { bytes: previous, last: false };
    previous = chunk;
  }
  yield { bytes: previous ?? new Uint8Array(0), last: true };
}

/** Chunks of exactly `chunkSize` bytes, then the remainder if any; never an empty chunk. */
async function* fixedChunks(source: UploadSource, chunkSize: number): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  if (source instanceof Blob) {
    for (let offset = 0; offset < source.size; offset += chunkSize) {
      yield new Uint8Array(await source.slice(offset, offset + chunkSize).arrayBuffer());
    }
    return;
  }
  let chunk = new Uint8Array(chunkSize);
  let filled = 0;
  for await (const piece of pieces(source)) {
    let offset = 0;
    while (offset < piece.length) {
      const taken = Math.min(chunkSize - filled, piece.length - offset);
      chunk.set(piece.subarray(offset, offset + taken), filled);
      filled += taken;
      offset += taken;
      if (filled === chunkSize) {
        yield chunk;
        chunk = new Uint8Array(chunkSize);
        filled = 0;
      }
    }
  }
  if (filled > 0) yield chunk.slice(0, filled);
}

/** A web stream read through its reader (not every browser iterates ReadableStream yet). */
async function* pieces(source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (!('getReader' in source)) {
    yield* source;
    return;
  }
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
