import { describe, expect, it } from 'vitest';
import { deriveKey } from './secret-key.ts';
import { createSecretBox } from './secret-box.ts';

const secret = Buffer.from('a test application secret');
const box = createSecretBox(deriveKey(secret, 'test'));
const PLAINTEXT = 'Your temporary password is: Xy7!abcdEFGH2345kmnp — é, 漢字';

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, for the same context, and never shows the plaintext in the sealed form', () => {
    const sealed = box.seal(PLAINTEXT, 'row-1');

    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('temporary');
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('utf8')).not.toContain('temporary');
    expect(box.open(sealed, 'row-1')).toBe(PLAINTEXT);
  });

  it('seals the same plaintext differently each time (a random IV)', () => {
    expect(box.seal(PLAINTEXT, 'row-1')).not.toBe(box.seal(PLAINTEXT, 'row-1'));
  });

  it('refuses a value sealed for another context', () => {
    expect(() => box.open(box.seal(PLAINTEXT, 'row-1'), 'row-2')).toThrow();
  });

  it('refuses a value sealed under another key', () => {
    const other = createSecretBox(deriveKey(secret, 'another purpose'));

    expect(() => other.open(box.seal(PLAINTEXT, 'row-1'), 'row-1')).toThrow();
  });

  it('refuses an altered value, a truncated one and one in no known format', () => {
    const sealed = box.seal(PLAINTEXT, 'row-1');
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[20] = bytes[20]! ^ 1;

    expect(() => box.open(`v1.${bytes.toString('base64url')}`, 'row-1')).toThrow();
    expect(() => box.open(sealed.slice(0, 20), 'row-1')).toThrow();
    expect(() => box.open(PLAINTEXT, 'row-1')).toThrow('not a sealed value');
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createSecretBox(new Uint8Array(16))).toThrow('AES-256-GCM needs a 32-byte key');
  });
});
