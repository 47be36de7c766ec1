import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from './phone-number';

describe('formatPhoneNumber', () => {
  it('shows ten stored digits as (555) 123-4567', () => {
    expect(formatPhoneNumber('5551234567')).toBe('(555) 123-4567');
  });
  it('shows a value that is not ten digits as it is, and a missing one as a dash', () => {
    expect(formatPhoneNumber('555-1234')).toBe('555-1234');
    expect(formatPhoneNumber('55512345678')).toBe('55512345678');
    expect(formatPhoneNumber(null)).toBe('—');
    expect(formatPhoneNumber('')).toBe('—');
  });
});
