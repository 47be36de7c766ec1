import { createHash } from 'node:crypto';

/**
 * A header's fingerprint: the key a data type keeps a confirmed layout under. Its cells in order, trimmed
 * and in any letter case, so an export of another month (other title lines, other rows) matches.
 */
export const layoutFingerprint = (header: readonly string[]): string =>
  createHash('sha256')
    .update(header.map((cell) => cell.trim().toLowerCase()).join('\u001f'))
    .digest('hex');
