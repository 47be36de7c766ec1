import type { User } from '@finboard/shared/users';

/** Where a signed-in person belongs (spec §2, §6); a forced password change comes first. */
export function landingPathFor(user: Pick<User, 'role' | 'mustChangePassword'>): string {
  if (user.mustChangePassword) return '/change-password';
  return user.role === 'admin' ? '/organizations' : '/pipelines';
}

/** Spec §2: the logo leads admins to /organizations, users to /pipelines, anyone else to /dashboard. */
export function logoTargetFor(role: string | undefined): string {
  if (role === 'admin') return '/organizations';
  if (role === 'user') return '/pipelines';
  return '/dashboard';
}
