import type { User } from '@finboard/shared/users';

/**
 * Where a signed-in person belongs (spec §2, §6): an administrator on the portfolio, every client at a glance (the
 * organizations list stays the administration page), a user on the pipelines; a forced password change comes first.
 */
export function landingPathFor(user: Pick<User, 'role' | 'mustChangePassword'>): string {
  if (user.mustChangePassword) return '/change-password';
  return user.role === 'admin' ? '/portfolio' : '/pipelines';
}

/** Spec §2: the logo leads admins to /organizations, users to /pipelines, anyone else to /dashboard. */
export function logoTargetFor(role: string | undefined): string {
  if (role === 'admin') return '/organizations';
  if (role === 'user') return '/pipelines';
  return '/dashboard';
}

/** Pages a sign-in never returns to: the sign-in pages themselves. */
const AUTH_PAGES = /^\/(login|signup|forgot-password|reset-password)(\/|$)/;
const SITE = 'https://finboard.invalid';

/**
 * The page a sign-in returns to (`/login?next=…`): a path of this site only. Anything that could leave
 * it ('//evil.example', '/\evil.example', 'https://…', 'javascript:…') is refused, so a crafted link
 * cannot send a person elsewhere after they sign in.
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  // Browsers drop tabs and newlines inside URLs ('/\t/evil.example' is '//evil.example').
  if ([...next].some((character) => character < ' ' || character === '\u007f')) return undefined;
  let url: URL;
  try {
    url = new URL(next, SITE);
  } catch {
    return undefined;
  }
  if (url.origin !== SITE || AUTH_PAGES.test(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login, remembering the page that was asked for (see safeNextPath). */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const asked = safeNextPath(`${location.pathname}${location.search}${location.hash}`);
  return asked && asked !== '/' ? `/login?next=${encodeURIComponent(asked)}` : '/login';
}

/** Where a sign-in goes: a forced password change first, then the page asked for, else the role's landing. */
export const afterSignInPathFor = (user: Pick<User, 'role' | 'mustChangePassword'>, next: string | null | undefined) =>
  user.mustChangePassword ? landingPathFor(user) : (safeNextPath(next) ?? landingPathFor(user));
