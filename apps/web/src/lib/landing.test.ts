import { describe, expect, it } from 'vitest';
import { afterSignInPathFor, loginPathFor, safeNextPath } from './landing';

describe('safeNextPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeNextPath('/data-management?table=02_GL_Detail&page=3#top')).toBe(
      '/data-management?table=02_GL_Detail&page=3#top',
    );
  });

  it.each([
    ['another origin', 'https://evil.example/x'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'data-management'],
    ['the sign-in page itself', '/login?next=/users'],
    ['a reset page', '/reset-password/abc'],
    ['nothing', null],
  ])('refuses %s', (_name, next) => {
    expect(safeNextPath(next)).toBeUndefined();
  });
});

describe('loginPathFor', () => {
  it('remembers the page asked for', () => {
    expect(loginPathFor({ pathname: '/data-management', search: '?table=02_GL_Detail', hash: '' })).toBe(
      '/login?next=%2Fdata-management%3Ftable%3D02_GL_Detail',
    );
  });

  it('remembers nothing for the home page', () => {
    expect(loginPathFor({ pathname: '/', search: '', hash: '' })).toBe('/login');
  });
});

describe('afterSignInPathFor', () => {
  const user = { role: 'user' as const, mustChangePassword: false };

  it('returns to the page asked for, or the landing page when none (or a foreign one) was', () => {
    expect(afterSignInPathFor(user, '/data-management?table=00_Period')).toBe('/data-management?table=00_Period');
    expect(afterSignInPathFor(user, null)).toBe('/pipelines');
    expect(afterSignInPathFor(user, '//evil.example')).toBe('/pipelines');
  });

  it('puts a forced password change first', () => {
    expect(afterSignInPathFor({ ...user, mustChangePassword: true }, '/data-management')).toBe('/change-password');
  });
});
