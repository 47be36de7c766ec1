import { describe, expect, it } from 'vitest';
import { analyzedPart, lengthToLastLineBreak } from './file-prefix';

const bytes = (text: string) => new TextEncoder().encode(text);
const utf16 = (text: string, order: 'le' | 'be') => {
  const units = [0xfeff, ...[...text].map((char) => char.charCodeAt(0))];
  return Uint8Array.from(
    units.flatMap((unit) => (order === 'le' ? [unit & 0xff, unit >> 8] : [unit >> 8, unit & 0xff])),
  );
};

describe('lengthToLastLineBreak', () => {
  it('ends after the last line feed, a CRLF whole', () => {
    expect(lengthToLastLineBreak(bytes('a,b\r\n1,2\r\n3,'))).toBe(10);
    expect(lengthToLastLineBreak(bytes('a,b\n1,2\n'))).toBe(8);
  });

  it('ends after the last carriage return of a file whose lines end with CR alone', () => {
    expect(lengthToLastLineBreak(bytes('a,b\r1,2\r3'))).toBe(8);
  });

  it('keeps everything when there is no line break', () => {
    expect(lengthToLastLineBreak(bytes('a,b,c'))).toBe(5);
    expect(lengthToLastLineBreak(new Uint8Array())).toBe(0);
  });

  it('cuts UTF-16 text after a whole line-feed unit, never inside a character holding the byte 0x0A', () => {
    // 'ਊ' is U+0A0A: both its bytes are 0x0A, and it is no line break.
    const little = utf16('a\r\nਊb', 'le');
    expect(lengthToLastLineBreak(little)).toBe(8);
    expect(lengthToLastLineBreak(little.subarray(0, 11))).toBe(8);
    const big = utf16('a\nਊ\nb', 'be');
    expect(lengthToLastLineBreak(big)).toBe(10);
    expect(lengthToLastLineBreak(utf16('ਊb', 'be'))).toBe(6);
  });
});

describe('analyzedPart', () => {
  it('sends a file up to the limit whole', async () => {
    const file = new Blob(['a,b\n1,2']);
    expect(await analyzedPart(file, 7)).toEqual({ part: file, partial: false });
  });

  it('sends the first part of a larger file, ending with its last whole line', async () => {
    const { part, partial } = await analyzedPart(new Blob(['a,b\n1,2\n3,4\n5,6\n']), 10);
    expect(partial).toBe(true);
    expect(await part.text()).toBe('a,b\n1,2\n');
  });
});
