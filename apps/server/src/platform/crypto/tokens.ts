import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random token with 256 bits of entropy. */
export const generateToken = (): string => randomBytes(32).toString('base64url');

/** Link tokens (sent by e-mail, or an OAuth state carried through a redirect) are stored only as this hash. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
