import { describe, expect, it } from 'vitest';
import { organizationNameLength } from './organization-name';

describe('organization name length in the header', () => {
  it('keeps the normal style up to 15 characters', () => {
    expect(organizationNameLength('Acme')).toBe('normal');
    expect(organizationNameLength('A'.repeat(15))).toBe('normal');
  });

  it('uses the long style from 16 to 25 characters', () => {
    expect(organizationNameLength('A'.repeat(16))).toBe('long');
    expect(organizationNameLength('A'.repeat(25))).toBe('long');
  });

  it('uses the very long style past 25 characters', () => {
    expect(organizationNameLength('A'.repeat(26))).toBe('very-long');
  });

  it('counts letters, not UTF-16 units, and ignores surrounding spaces', () => {
    expect(organizationNameLength('𝔄'.repeat(15))).toBe('normal');
    expect(organizationNameLength(`  ${'B'.repeat(15)}  `)).toBe('normal');
  });
});
