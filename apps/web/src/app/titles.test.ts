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
  it("spells acronyms and the product's own names as the product does", () => {
    expect(titleForPath('/faq')).toBe('FAQ');
    expect(titleForPath('/db-chat')).toBe('Chat DB');
    expect(titleForPath('/datatypemaster')).toBe('Data Type Master');
  });
  it('keeps the rule for every other signed-in page', () => {
    expect(titleForPath('/data-management')).toBe('Data Management');
    expect(titleForPath('/org-onboarding')).toBe('Org Onboarding');
    expect(titleForPath('/organizations/5f0c')).toBe('Organizations');
  });
});
