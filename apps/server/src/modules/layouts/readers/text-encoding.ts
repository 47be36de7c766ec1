/**
 * The text encoding of an exported file (issue 23 §1): accounting systems write UTF-8 with or without a
 * byte order mark, Excel's "Unicode text" writes UTF-16, and older Windows tools write Windows-1252.
 */

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DetectedEncoding {
  encoding: TextEncoding;
  /** Bytes of the byte order mark at the start (0 without one); decoders drop it. */
  bomLength: number;
}

/** The most bytes looked at for UTF-16's zero bytes: a few kB decide it. */
const UTF16_SAMPLE_BYTES = 4096;
/**
 * BOM-less UTF-16 of text that is mostly ASCII, as CSV is, has a zero in one byte of most pairs. At least
 * this share of the pairs must have one on the same side, and hardly any on the other side.
 */
const UTF16_ZERO_SHARE = 0.4;
const UTF16_OTHER_SIDE_SHARE = 0.05;

function utf16WithoutBom(bytes: Uint8Array): TextEncoding | undefined {
  const pairs = Math.floor(Math.min(bytes.length, UTF16_SAMPLE_BYTES) / 2);
  if (pairs === 0) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let pair = 0; pair < pairs; pair++) {
    if (bytes[2 * pair] === 0) evenZeros++;
    if (bytes[2 * pair + 1] === 0) oddZeros++;
  }
  if (oddZeros >= pairs * UTF16_ZERO_SHARE && evenZeros <= pairs * UTF16_OTHER_SIDE_SHARE) return 'utf-16le';
  if (evenZeros >= pairs * UTF16_ZERO_SHARE && oddZeros <= pairs * UTF16_OTHER_SIDE_SHARE) return 'utf-16be';
  return undefined;
}

/** Valid UTF-8, a multi-byte sequence cut off at the very end allowed: the sample may be a file's first part. */
function isUtf8Prefix(bytes: Uint8Array): boolean {
  try {
    // stream: true keeps an unfinished last sequence for a next chunk instead of refusing it.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The encoding of a file from its first bytes (or all of them): a byte order mark decides (UTF-8, UTF-16 LE
 * or BE); then UTF-16 without one, recognized by its zero bytes; then UTF-8 when the bytes are valid UTF-8
 * (plain ASCII is); otherwise Windows-1252, in which every byte is a character.
 */
export function detectEncoding(bytes: Uint8Array): DetectedEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { encoding: utf16, bomLength: 0 };
  return { encoding: isUtf8Prefix(bytes) ? 'utf-8' : 'windows-1252', bomLength: 0 };
}

/** Decodes a file chunk by chunk, as TextDecoder does: `stream: true` on every chunk but the last. */
export interface TextChunkDecoder {
  readonly encoding: TextEncoding;
  decode(bytes?: Uint8Array, options?: { stream?: boolean }): string;
}

/*
 * Windows-1252 is ISO-8859-1 but for 0x80–0x9F (WHATWG Encoding Standard, index-windows-1252). Node
 * 20.18.3+ and 22.13+ decode 'windows-1252' as ISO-8859-1 (nodejs/node#60888), so '€' (0x80) and the
 * curly quotes (0x91–0x94) would come out as invisible control characters: we map those 32 bytes ourselves.
 */
const WINDOWS_1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
const C1_RANGE = /[\u0080-\u009F]/g;

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(C1_RANGE, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!);
}

/**
 * A chunk decoder of the encoding. The byte order mark at the start is dropped. UTF-8 and UTF-16 are
 * decoded strictly: bytes that are not valid text throw a TypeError rather than become U+FFFD, so a
 * file detected from its first part and wrong further on is refused, not silently altered.
 */
export function createTextDecoder(encoding: TextEncoding): TextChunkDecoder {
  if (encoding === 'windows-1252') {
    // Single-byte: nothing is ever held over between chunks.
    return { encoding, decode: (bytes) => (bytes ? decodeWindows1252(bytes) : '') };
  }
  const decoder = new TextDecoder(encoding, { fatal: true });
  return { encoding, decode: (bytes, options) => decoder.decode(bytes, options) };
}

/**
 * A whole file as text, in the encoding given or else detected, its byte order mark removed. `partial`: the
 * bytes are a file's first part, so a character cut off at their end is left out instead of refused.
 */
export function decodeText(
  bytes: Uint8Array,
  encoding?: TextEncoding,
  options: { partial?: boolean } = {},
): { text: string; encoding: TextEncoding } {
  const used = encoding ?? detectEncoding(bytes).encoding;
  return { text: createTextDecoder(used).decode(bytes, { stream: options.partial === true }), encoding: used };
}
