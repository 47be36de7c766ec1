import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';

// @node-rs/argon2 defaults to argon2id with OWASP's recommended cost (19 MiB, t=2, p=1).
export const hashPassword = (password: string): Promise<string> => hash(password);

/** Verifies against a real hash even when the user is unknown, so timing does not reveal accounts. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const target = passwordHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && passwordHash !== null;
  } catch {
    return false;
  }
}

const dummyHash = hash('dummy-password-for-timing');

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '@$!%*?&';

/** A random password that satisfies the spec's password rule (used for the bootstrap admin). */
export function generatePassword(length = 20): string {
  const all = LOWER + UPPER + DIGITS + SPECIAL;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
