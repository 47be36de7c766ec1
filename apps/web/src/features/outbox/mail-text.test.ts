import { describe, expect, it } from 'vitest';
import { splitLinks } from './mail-text';

describe('splitLinks', () => {
  it('turns the addresses in a mail into links and keeps the text around them', () => {
    expect(splitLinks('Open http://localhost:3000/reset-password/abc_123-x to choose a password.')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'http://localhost:3000/reset-password/abc_123-x' },
      { kind: 'text', text: ' to choose a password.' },
    ]);
  });

  it('leaves sentence punctuation after an address out of the link', () => {
    expect(splitLinks('Sign in at https://finboard.example/login.')).toEqual([
      { kind: 'text', text: 'Sign in at ' },
      { kind: 'link', href: 'https://finboard.example/login' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps text without addresses, and other schemes, as text', () => {
    expect(splitLinks('Hello\n\njavascript:alert(1) mailto:a@b.c')).toEqual([
      { kind: 'text', text: 'Hello\n\njavascript:alert(1) mailto:a@b.c' },
    ]);
  });
});
