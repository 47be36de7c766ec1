import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

const TOKEN = 'k3Y_t0kEn-AbC';

describe('request URLs in the log', () => {
  it.each([
    ['the reset and invitation page', `/reset-password/${TOKEN}`, '/reset-password/[redacted]'],
    ['the page with a query', `/reset-password/${TOKEN}?from=mail`, '/reset-password/[redacted]?from=mail'],
    ['the page in another letter case', `/Reset-Password/${TOKEN}`, '/Reset-Password/[redacted]'],
    ['the page with an encoded path', `/%72eset-password/${TOKEN}`, '/reset-password/[redacted]'],
    ['an encoded slash inside the token', `/reset-password/${TOKEN}%2Fmore`, '/reset-password/[redacted]'],
    ['the reset link check', `/api/v1/auth/reset-password/${TOKEN}`, '/api/v1/auth/reset-password/[redacted]'],
    [
      'an API path with a token segment',
      `/api/v1/auth/reset-password/${TOKEN}/x`,
      '/api/v1/auth/reset-password/[redacted]',
    ],
    [
      'a token parameter',
      `/api/v1/auth/reset-password?token=${TOKEN}&a=1`,
      '/api/v1/auth/reset-password?token=[redacted]&a=1',
    ],
    [
      'an OAuth authorization code',
      `/api/v1/quickbooks/callback?code=${TOKEN}&realmId=9`,
      '/api/v1/quickbooks/callback?code=[redacted]&realmId=9',
    ],
    [
      'an OAuth state beside its code',
      `/api/v1/quickbooks/callback?state=${TOKEN}&code=${TOKEN}&realmId=9`,
      '/api/v1/quickbooks/callback?state=[redacted]&code=[redacted]&realmId=9',
    ],
    ['an access_token in any case', `/x?Access_Token=${TOKEN}`, '/x?Access_Token=[redacted]'],
    ['an encoded parameter name', `/x?%74oken=${TOKEN}`, '/x?%74oken=[redacted]'],
    ['a password parameter', `/x?newPassword=${TOKEN}`, '/x?newPassword=[redacted]'],
  ])('redacts %s', (_case, url, logged) => {
    expect(redactUrl(url)).toBe(logged);
    expect(redactUrl(url)).not.toContain(TOKEN);
  });

  it.each([
    '/api/v1/organization/list?page=2&search=acme',
    '/reset-password',
    '/api/v1/image?url=logos%2Fa.png&w=64',
    '/api/v1/crud/5a1c/02_GL_Detail/export',
    '/%E0%A4%A',
  ])('leaves %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
