import { createCipheriv, createDecipheriv } from 'node:crypto';
import { Transform } from 'node:stream';
import {
  chunkAdditionalData,
  chunkIv,
  UPLOAD_TAG_BYTES,
  uploadEncryptionMessages,
} from '@finboard/shared/upload-encryption';
import { AppError } from '../../errors.ts';

/**
 * The STREAM construction of docs/upload-encryption.md on the server (node:crypto): chunk i sealed with
 * AES-256-GCM under IV = noncePrefix ‖ uint64-BE(i) and additional data `${i}:0` / `${i}:1` (last).
 * Uploads are opened with it, and files are sealed at rest with it.
 */

export type SealedStreamFailure =
  'unknownKey' | 'badWrap' | 'wrongChunkSize' | 'tampered' | 'reordered' | 'dropped' | 'truncated' | 'trailingData';

const FAILURE_CODES: Record<SealedStreamFailure, string> = {
  unknownKey: 'UPLOAD_KEY_UNKNOWN',
  badWrap: 'UPLOAD_KEY_UNWRAP_FAILED',
  wrongChunkSize: 'UPLOAD_CHUNK_SIZE',
  tampered: 'UPLOAD_TAMPERED',
  reordered: 'UPLOAD_REORDERED',
  dropped: 'UPLOAD_CHUNK_MISSING',
  truncated: 'UPLOAD_TRUNCATED',
  trailingData: 'UPLOAD_TRAILING_DATA',
};

/** A sealed upload that cannot be opened: the whole upload is refused (400) with a message for people. */
export class SealedStreamError extends AppError {
  constructor(
    readonly failure: SealedStreamFailure,
    /** The chunk where it was found, for the log. */
    readonly chunkIndex?: number,
  ) {
    super(400, FAILURE_CODES[failure], uploadEncryptionMessages[failure]);
    this.name = 'SealedStreamError';
  }
}

export interface StreamKey {
  /** 32 bytes (AES-256). */
  key: Uint8Array;
  /** 4 bytes, random per file. */
  noncePrefix: Uint8Array;
  chunkSize: number;
}

/** Bytes in pieces, so that a chunk arriving in pieces is sealed or opened without being copied together. */
type Pieces = readonly Buffer[];

const lengthOf = (pieces: Pieces) => pieces.reduce((total, piece) => total + piece.length, 0);

/** Chunk `index` sealed: its ciphertext in pieces, then the tag. */
export function sealChunk({ key, noncePrefix }: StreamKey, index: number, last: boolean, plain: Pieces): Buffer[] {
  const cipher = createCipheriv('aes-256-gcm', key, chunkIv(noncePrefix, index), { authTagLength: UPLOAD_TAG_BYTES });
  cipher.setAAD(chunkAdditionalData(index, last));
  const sealed = plain.map((piece) => cipher.update(piece));
  sealed.push(cipher.final(), cipher.getAuthTag());
  return sealed;
}

/** The plain pieces of a sealed chunk, or undefined when it does not verify as chunk `index` with that flag. */
export function openChunk(
  { key, noncePrefix }: StreamKey,
  index: number,
  last: boolean,
  sealed: Pieces,
): Buffer[] | undefined {
  let ciphertextLeft = lengthOf(sealed) - UPLOAD_TAG_BYTES;
  if (ciphertextLeft < 0) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', key, chunkIv(noncePrefix, index), {
    authTagLength: UPLOAD_TAG_BYTES,
  });
  decipher.setAAD(chunkAdditionalData(index, last));
  const plain: Buffer[] = [];
  const tag: Buffer[] = [];
  for (const piece of sealed) {
    const ciphertext = piece.subarray(0, Math.max(0, ciphertextLeft));
    if (ciphertext.length > 0) plain.push(decipher.update(ciphertext));
    if (ciphertext.length < piece.length) tag.push(piece.subarray(ciphertext.length));
    ciphertextLeft -= ciphertext.length;
  }
  decipher.setAuthTag(Buffer.concat(tag));
  try {
    decipher.final();
  } catch {
    return undefined;
  }
  return plain;
}

/**
 * Plain pieces in, sealed chunks out. Holds back up to one chunk, since a chunk is known to be the last
 * only when the input ends; an empty input gives one empty last chunk.
 */
export function sealStream(streamKey: StreamKey): Transform {
  const { chunkSize } = streamKey;
  const held = new ByteQueue();
  let index = 0;
  return new Transform({
    transform(piece: Buffer, _encoding, callback) {
      held.push(piece);
      // Strictly more than a chunk: only then is the first chunk surely not the last.
      while (held.length > chunkSize) {
        for (const sealed of sealChunk(streamKey, index, false, held.take(chunkSize))) this.push(sealed);
        index += 1;
      }
      callback();
    },
    flush(callback) {
      for (const sealed of sealChunk(streamKey, index, true, held.take(held.length))) this.push(sealed);
      callback();
    },
  });
}

/** Reorders up to this many chunks away are named as such; farther ones are reported as tampering. */
const DIAGNOSIS_REACH = 8;

/**
 * Opens a sealed body arriving in pieces of any size and yields the plain chunks as they verify. Every
 * way the body can differ from what was sealed ends in a SealedStreamError naming what happened. Holds
 * at most about two sealed chunks, however large the body.
 */
export async function* openSealedStream(body: AsyncIterable<Uint8Array>, streamKey: StreamKey): AsyncGenerator<Buffer> {
  const sealedChunkSize = streamKey.chunkSize + UPLOAD_TAG_BYTES;
  const input = new PieceQueue(body);
  try {
    for (let index = 0; ; index += 1) {
      // One byte past a chunk tells whether more follows, and so whether this chunk must be the last.
      await input.fill(sealedChunkSize + 1);
      const last = input.length <= sealedChunkSize;
      const sealed = input.take(Math.min(input.length, sealedChunkSize));
      if (last && lengthOf(sealed) < UPLOAD_TAG_BYTES) throw new SealedStreamError('truncated', index);
      const plain = openChunk(streamKey, index, last, sealed);
      if (!plain) throw new SealedStreamError(await diagnose(streamKey, index, last, sealed, input), index);
      for (const piece of plain) if (piece.length > 0) yield piece;
      if (last) return;
    }
  } finally {
    await input.close();
  }
}

/** Why chunk `index` did not verify: tried as the other flag, then as a nearby index. Only on failure. */
async function diagnose(
  streamKey: StreamKey,
  index: number,
  last: boolean,
  sealed: Pieces,
  input: PieceQueue,
): Promise<SealedStreamFailure> {
  if (openChunk(streamKey, index, !last, sealed)) return last ? 'truncated' : 'trailingData';
  const found = nearbyIndexOf(streamKey, index, sealed);
  if (found === undefined) return 'tampered';
  if (found < index) return 'reordered';
  if (last) return 'dropped';
  // A later chunk came here: chunk `index` was either dropped or comes next (the two were swapped).
  await input.fill(streamKey.chunkSize + UPLOAD_TAG_BYTES + 1);
  const next = input.take(Math.min(input.length, streamKey.chunkSize + UPLOAD_TAG_BYTES));
  return openChunk(streamKey, index, false, next) || openChunk(streamKey, index, true, next) ? 'reordered' : 'dropped';
}

function nearbyIndexOf(streamKey: StreamKey, index: number, sealed: Pieces): number | undefined {
  for (let distance = 1; distance <= DIAGNOSIS_REACH; distance += 1) {
    for (const candidate of [index - distance, index + distance]) {
      if (candidate < 0) continue;
      if (openChunk(streamKey, candidate, false, sealed) || openChunk(streamKey, candidate, true, sealed)) {
        return candidate;
      }
    }
  }
  return undefined;
}

/** Bytes held as the pieces they came in; taking a count of them copies nothing. */
class ByteQueue {
  private readonly pieces: Buffer[] = [];
  length = 0;

  push(piece: Buffer): void {
    if (piece.length === 0) return;
    this.pieces.push(piece);
    this.length += piece.length;
  }

  take(bytes: number): Buffer[] {
    const taken: Buffer[] = [];
    let wanted = bytes;
    while (wanted > 0) {
      const piece = this.pieces[0]!;
      if (piece.length <= wanted) {
        taken.push(piece);
        this.pieces.shift();
        wanted -= piece.length;
      } else {
        taken.push(piece.subarray(0, wanted));
        this.pieces[0] = piece.subarray(wanted);
        wanted = 0;
      }
    }
    this.length -= bytes;
    return taken;
  }
}

/** An async iterable read into a ByteQueue on demand: the only buffering the opener does. */
class PieceQueue extends ByteQueue {
  private readonly iterator: AsyncIterator<Uint8Array>;
  private ended = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    super();
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** Reads until `bytes` are held or the input ends. */
  async fill(bytes: number): Promise<void> {
    while (!this.ended && this.length < bytes) {
      const next = await this.iterator.next();
      if (next.done) this.ended = true;
      else
        this.push(
          Buffer.isBuffer(next.value)
            ? next.value
            : Buffer.from(next.value.buffer, next.value.byteOffset, next.value.length),
        );
    }
  }

  /** Stops the source early (a refused upload is not read to its end). */
  async close(): Promise<void> {
    if (!this.ended) await this.iterator.return?.();
  }
}
