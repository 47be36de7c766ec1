import { INVITE_TOKEN_TTL_SECONDS, RESET_TOKEN_TTL_SECONDS } from '@finboard/shared/constants';
import type { Database, Executor } from '../../db/client.ts';
import { generateToken, hashToken } from '../../platform/crypto/tokens.ts';
import { authRepository } from './auth.repository.ts';

export type PasswordLinkPurpose = 'reset' | 'invite';

const TTL_SECONDS: Record<PasswordLinkPurpose, number> = {
  reset: RESET_TOKEN_TTL_SECONDS,
  invite: INVITE_TOKEN_TTL_SECONDS,
};

export type PasswordLinksService = ReturnType<typeof createPasswordLinksService>;

/**
 * Single-use links to set a password: forgot-password ('reset', 30 minutes) and the first password of a
 * user an admin added ('invite', 7 days). Both are redeemed by POST /api/v1/auth/reset-password.
 */
export function createPasswordLinksService({ db, publicUrl }: { db: Database; publicUrl: string }) {
  return {
    /** Stores only the token's hash and returns the link to e-mail. */
    async issue(userId: string, purpose: PasswordLinkPurpose, tx: Executor = db): Promise<string> {
      const token = generateToken();
      await authRepository(tx).createResetToken({
        userId,
        purpose,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + TTL_SECONDS[purpose] * 1000),
      });
      return `${publicUrl}/reset-password/${encodeURIComponent(token)}`;
    },
  };
}
