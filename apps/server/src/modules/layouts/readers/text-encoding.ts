// Stand-in until the readers land (h/readers): the same signatures.
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export function detectEncoding(bytes: Uint8Array): { encoding: TextEncoding; bomLength: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return { encoding: 'utf-8', bomLength: 0 };
  } catch {
    return { encoding: 'windows-1252', bomLength: 0 };
  }
}

export function decodeText(bytes: Uint8Array, encoding?: TextEncoding): { text: string; encoding: TextEncoding } {
  const detected = detectEncoding(bytes);
  const chosen = encoding ?? detected.encoding;
  const start = chosen === detected.encoding ? detected.bomLength : 0;
  return { text: new TextDecoder(chosen).decode(bytes.subarray(start)), encoding: chosen };
}
