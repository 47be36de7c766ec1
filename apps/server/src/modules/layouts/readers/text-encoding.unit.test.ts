import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTextDecoder, decodeText, detectEncoding } from './text-encoding.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const utf16le = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le'));
const utf16be = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le').swap16());
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** Windows-1252's 0x80–0x9F as Microsoft and WHATWG define them (0x81, 0x8D, 0x8F, 0x90, 0x9D are unassigned). */
// prettier-ignore
const WINDOWS_1252_HIGH: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š',
  0x8b: '‹', 0x8c: 'Œ', 0x8e: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—',
  0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

/** Text as Windows-1252 bytes (every character given is one of its 256). */
function windows1252(text: string): Uint8Array {
  const byChar = new Map(Object.entries(WINDOWS_1252_HIGH).map(([byte, char]) => [char, Number(byte)]));
  return bytes(...[...text].map((char) => byChar.get(char) ?? char.charCodeAt(0)));
}

const CSV = 'Date,Account,Amount\r\n2024-01-31,6120,"1,234.50"\r\n';

describe('detectEncoding', () => {
  it.each([
    ['a UTF-8 byte order mark', concat(bytes(0xef, 0xbb, 0xbf), utf8(CSV)), 'utf-8', 3],
    ['a UTF-16 LE byte order mark', concat(bytes(0xff, 0xfe), utf16le(CSV)), 'utf-16le', 2],
    ['a UTF-16 BE byte order mark', concat(bytes(0xfe, 0xff), utf16be(CSV)), 'utf-16be', 2],
    ['UTF-16 LE without a mark', utf16le(CSV), 'utf-16le', 0],
    ['UTF-16 BE without a mark', utf16be(CSV), 'utf-16be', 0],
    ['UTF-16 LE of text with accents, without a mark', utf16le('Société;Montant\n€;1.234,56\n'), 'utf-16le', 0],
    ['ASCII', utf8(CSV), 'utf-8', 0],
    ['UTF-8 with accents and a euro sign', utf8('Café;€ 1.234,56\n'), 'utf-8', 0],
    ['UTF-8 cut in the middle of its last character (a sample)', utf8('Total €').slice(0, -1), 'utf-8', 0],
    ['UTF-8 cut after the first byte of a 4-byte character', utf8('a😀').slice(0, 2), 'utf-8', 0],
    ['Windows-1252 with an é', windows1252('Café;12,50\n'), 'windows-1252', 0],
    ['Windows-1252 with curly quotes and a euro sign', windows1252('“Rent” €1,000.00\n'), 'windows-1252', 0],
    ['a broken UTF-8 sequence before the end', concat(utf8('Total €').slice(0, -1), utf8('x')), 'windows-1252', 0],
    ['an overlong UTF-8 encoding of "/"', bytes(0x61, 0xc0, 0xaf), 'windows-1252', 0],
    ['no bytes at all', bytes(), 'utf-8', 0],
  ])('recognizes %s', (_case, input, encoding, bomLength) => {
    expect(detectEncoding(input)).toEqual({ encoding, bomLength });
  });

  it('reads a UTF-32 LE mark (FF FE 00 00) as UTF-16 LE, the encoding it starts like', () => {
    expect(detectEncoding(bytes(0xff, 0xfe, 0, 0))).toEqual({ encoding: 'utf-16le', bomLength: 2 });
  });

  it('recognizes any text as UTF-8 when it is valid UTF-8, whatever its characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (text) => {
        // A NUL in every other byte would be UTF-16's pattern; CSV text has none.
        fc.pre(!text.includes('\u0000'));
        expect(detectEncoding(utf8(text))).toEqual({ encoding: 'utf-8', bomLength: 0 });
      }),
    );
  });
});

describe('decodeText', () => {
  it.each([
    ['UTF-8 with a byte order mark', concat(bytes(0xef, 0xbb, 0xbf), utf8('Café\n')), 'Café\n', 'utf-8'],
    ['UTF-16 LE with a byte order mark', concat(bytes(0xff, 0xfe), utf16le('Café\n')), 'Café\n', 'utf-16le'],
    ['UTF-16 BE with a byte order mark', concat(bytes(0xfe, 0xff), utf16be('Café\n')), 'Café\n', 'utf-16be'],
    ['UTF-16 LE without one', utf16le('a;b\n1;2\n'), 'a;b\n1;2\n', 'utf-16le'],
    ['Windows-1252', windows1252('“Café” – 1.234,56 €'), '“Café” – 1.234,56 €', 'windows-1252'],
  ])('decodes %s, the mark removed', (_case, input, text, encoding) => {
    expect(decodeText(input)).toEqual({ text, encoding });
  });

  it('maps every byte 0x80–0x9F as Windows-1252 does, not as ISO-8859-1', () => {
    const high = bytes(...Array.from({ length: 32 }, (_, index) => 0x80 + index));
    const expected = [...high].map((byte) => WINDOWS_1252_HIGH[byte] ?? String.fromCharCode(byte)).join('');

    expect(decodeText(high, 'windows-1252').text).toBe(expected);
    expect(decodeText(bytes(0x41, 0xa0, 0xe9, 0xff), 'windows-1252').text).toBe('A\u00a0éÿ');
  });

  it('decodes in the encoding given, even when the bytes would be detected otherwise', () => {
    expect(decodeText(utf8('é'), 'windows-1252')).toEqual({ text: 'Ã©', encoding: 'windows-1252' });
  });

  it('refuses bytes that are not valid in the encoding instead of replacing them', () => {
    expect(() => decodeText(bytes(0x61, 0xe9, 0x62), 'utf-8')).toThrow(TypeError);
    // A lone high surrogate (D800) followed by "a".
    expect(() => decodeText(bytes(0x00, 0xd8, 0x61, 0x00), 'utf-16le')).toThrow(TypeError);
  });

  it('leaves out a character cut off at the end of a partial file, and refuses it in a whole one', () => {
    const cut = utf8('Rent €').slice(0, -2);

    expect(decodeText(cut, undefined, { partial: true })).toEqual({ text: 'Rent ', encoding: 'utf-8' });
    expect(() => decodeText(cut)).toThrow(TypeError);
  });

  it('round-trips any text through UTF-8 and UTF-16 with their byte order marks', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(decodeText(concat(bytes(0xef, 0xbb, 0xbf), utf8(text)))).toEqual({ text, encoding: 'utf-8' });
        expect(decodeText(concat(bytes(0xff, 0xfe), utf16le(text)))).toEqual({ text, encoding: 'utf-16le' });
        expect(decodeText(concat(bytes(0xfe, 0xff), utf16be(text)))).toEqual({ text, encoding: 'utf-16be' });
      }),
    );
  });
});

describe('createTextDecoder', () => {
  /** The bytes cut at every position in turn, decoded as two chunks. */
  function inTwoChunks(encoding: Parameters<typeof createTextDecoder>[0], input: Uint8Array): string[] {
    return Array.from({ length: input.length + 1 }, (_, cut) => {
      const decoder = createTextDecoder(encoding);
      return (
        decoder.decode(input.subarray(0, cut), { stream: true }) +
        decoder.decode(input.subarray(cut), { stream: true }) +
        decoder.decode()
      );
    });
  }

  it.each([
    ['utf-8', concat(bytes(0xef, 0xbb, 0xbf), utf8('Société €😀\n'))],
    ['utf-16le', concat(bytes(0xff, 0xfe), utf16le('Société €😀\n'))],
    ['utf-16be', concat(bytes(0xfe, 0xff), utf16be('Société €😀\n'))],
    ['windows-1252', windows1252('Société €\n')],
  ] as const)('decodes %s cut anywhere into chunks as one text, the mark removed', (encoding, input) => {
    const whole = encoding === 'windows-1252' ? 'Société €\n' : 'Société €😀\n';

    expect(new Set(inTwoChunks(encoding, input))).toEqual(new Set([whole]));
  });

  it('says its encoding', () => {
    expect(createTextDecoder('windows-1252').encoding).toBe('windows-1252');
    expect(createTextDecoder('utf-16be').encoding).toBe('utf-16be');
  });

  it('refuses a UTF-8 file that breaks after the part it was detected from', () => {
    const decoder = createTextDecoder('utf-8');
    expect(decoder.decode(utf8('Date,Amount\n'), { stream: true })).toBe('Date,Amount\n');
    expect(() => decoder.decode(bytes(0x93, 0x52, 0x65, 0x6e, 0x74, 0x94), { stream: true })).toThrow(TypeError);
  });

  it('refuses a UTF-8 file that ends in the middle of a character', () => {
    const decoder = createTextDecoder('utf-8');
    expect(decoder.decode(utf8('€').slice(0, 2), { stream: true })).toBe('');
    expect(() => decoder.decode()).toThrow(TypeError);
  });
});
