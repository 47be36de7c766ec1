import { describe, expect, it } from 'vitest';
import { titleForPath } from './titles';

describe('titleForPath', () => {
  it('titles home as the product homepage', () => {
    expect(titleForPath('/')).toBe('Finboard Homepage');
  });
  it('capitalises words and turns hyphens into spaces', () => {
    expect(titleForPath('/data-refresh-log')).toBe('Data Refresh Log');
    expect(titleForPath('/about-us')).toBe('About Us');
  });
  it('uses the first segment of nested paths', () => {
    expect(titleForPath('/reset-password/abc123')).toBe('Reset Password');
  });
});
