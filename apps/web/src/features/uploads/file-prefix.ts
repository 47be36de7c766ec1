/** What analyze is sent of a larger file: its first 8 MB recognize it and show what will load. */
export const ANALYZE_PREFIX_BYTES = 8 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/**
 * The length of `bytes` up to and including their last line break, so that the first part of a file ends
 * with a whole line; all of them when there is none. UTF-16 text (told by its byte order mark) breaks on
 * two-byte units, so a line feed's byte is not mistaken inside another character.
 */
export function lengthToLastLineBreak(bytes: Uint8Array): number {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'be' : null;
  if (utf16) {
    // Code units start at even offsets (the mark is one unit); the last unit may be cut in half.
    for (let at = bytes.length - 2 - (bytes.length % 2); at >= 2; at -= 2) {
      const unit = utf16 === 'le' ? bytes[at]! | (bytes[at + 1]! << 8) : (bytes[at]! << 8) | bytes[at + 1]!;
      if (unit === LF || unit === CR) return at + 2;
    }
    return bytes.length;
  }
  const lastLineFeed = bytes.lastIndexOf(LF);
  if (lastLineFeed >= 0) return lastLineFeed + 1;
  // Classic Mac files end their lines with CR alone.
  const lastReturn = bytes.lastIndexOf(CR);
  return lastReturn >= 0 ? lastReturn + 1 : bytes.length;
}

/**
 * The part of a file analyze is sent: all of a file up to `limit` bytes, else its first `limit` bytes cut at
 * the last line break (`partial`: the preview then covers that part only).
 */
export async function analyzedPart(
  file: Blob,
  limit = ANALYZE_PREFIX_BYTES,
): Promise<{ part: Blob; partial: boolean }> {
  if (file.size <= limit) return { part: file, partial: false };
  const head = new Uint8Array(await file.slice(0, limit).arrayBuffer());
  return { part: file.slice(0, lengthToLastLineBreak(head)), partial: true };
}
