import type { ChangePasswordRequest, LoginData, ResetLinkState } from '@finboard/shared/auth';
import { organizationMessages } from '@finboard/shared/organizations';
import { messages } from '@finboard/shared/messages';
import { userMessages, type User } from '@finboard/shared/users';
import type { Database } from '../../db/client.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors.ts';
import { generatePassword, hashPassword, verifyPassword } from '../../platform/crypto/passwords.ts';
import { hashToken } from '../../platform/crypto/tokens.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AuthContext, Principal } from '../../principal.ts';
import type { PasswordLinksService } from './password-links.service.ts';
import type { SessionsService } from './sessions.service.ts';
import { authRepository, prepareSessionAccountLookup } from './auth.repository.ts';
import { passwordResetEmail, temporaryPasswordEmail } from './auth.emails.ts';
import type { SessionTokens } from './session-tokens.ts';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Database;
  users: UsersService;
  audit: AuditService;
  sessions: SessionsService;
  passwordLinks: PasswordLinksService;
  tokens: SessionTokens;
  mailer: Mailer;
  sessionTtlSeconds: number;
  publicUrl: string;
}) {
  const { db, users, audit, sessions, passwordLinks, tokens, mailer, sessionTtlSeconds, publicUrl } = deps;
  const repo = authRepository(db);
  const findSessionAccount = prepareSessionAccountLookup(db);

  return {
    async login(email: string, password: string, client: ClientInfo): Promise<LoginData> {
      const account = await users.findAccountByEmail(email);
      const ok = await verifyPassword(account?.passwordHash ?? null, password);
      if (!account || !ok) throw unauthorized(messages.invalidCredentials);
      if (!account.isActive) throw forbidden('ACCOUNT_DISABLED', messages.accountDisabled);
      if (account.organizationActive === false) throw forbidden('ORGANIZATION_INACTIVE', organizationMessages.inactive);

      const expiresAt = new Date(Date.now() + sessionTtlSeconds * 1000);
      const newSession = { userId: account.id, expiresAt, ip: client.ip, userAgent: client.userAgent?.slice(0, 500) };
      // An e-mailed temporary password opens one session, in which its owner must choose a new one. It is
      // used up by one atomic statement, never checked and then marked, and in the session's transaction, so
      // a failure in between cannot burn it. Any other sign-in is the one insert.
      const session = account.temporaryPasswordIssuedAt
        ? await db.transaction(async (tx) => {
            if (!(await users.consumeTemporaryPassword(account.id, account.passwordHash!, tx))) {
              throw unauthorized(messages.temporaryPasswordUsed);
            }
            return authRepository(tx).createSession(newSession);
          })
        : await repo.createSession(newSession);
      const token = await tokens.sign({ userId: account.id, sessionId: session.id }, expiresAt);
      return { user: users.profileOfAccount(account), token, expiresIn: sessionTtlSeconds };
    },

    /** Resolves a bearer token to a live session of an active user, or undefined. */
    async authenticate(token: string): Promise<AuthContext | undefined> {
      const claims = await tokens.verify(token);
      if (!claims) return undefined;
      const account = await findSessionAccount(claims.sessionId, claims.userId);
      if (!account || !account.isActive) return undefined;
      return {
        sessionId: claims.sessionId,
        user: {
          id: account.id,
          email: account.email,
          role: account.role,
          organizationId: account.organizationId,
          mustChangePassword: account.mustChangePassword,
        },
      };
    },

    logout: (sessionId: string) => repo.revokeSession(sessionId),

    /** Always succeeds from the caller's point of view: the answer never reveals whether the e-mail exists. */
    async requestPasswordReset(email: string): Promise<void> {
      const account = await users.findAccountByEmail(email);
      if (!account || !account.isActive) return;
      const link = await passwordLinks.issue(account.id, 'reset');
      const fullName = `${account.firstName} ${account.lastName}`.trim();
      // In the background: the response time never tells whether an account exists.
      mailer.sendInBackground(passwordResetEmail(account.email, fullName, link));
    },

    /**
     * An admin resets someone's password (forgot-password called with an admin token): a temporary
     * password, good for one sign-in that forces a new one, is e-mailed; every session of the user ends.
     */
    async adminResetPassword(actor: Principal, email: string): Promise<void> {
      const account = await users.findAccountByEmail(email);
      if (!account) throw notFound(userMessages.notFound);
      const temporaryPassword = generatePassword();
      const passwordHash = await hashPassword(temporaryPassword);
      await db.transaction(async (tx) => {
        const before = await users.getProfile(account.id, tx);
        await users.setTemporaryPassword(account.id, passwordHash, tx);
        await sessions.revokeUserSessions([account.id], tx);
        // An outstanding reset or invite link would otherwise bypass the forced change.
        await authRepository(tx).invalidateResetTokens(account.id);
        await audit.record(
          {
            actor,
            action: 'user.password_reset',
            entityType: 'user',
            entityId: account.id,
            organizationId: account.organizationId,
            before,
            after: await users.getProfile(account.id, tx),
          },
          tx,
        );
      });
      // Sent before answering, so the admin learns when the mail could not go out and can try again.
      const fullName = `${account.firstName} ${account.lastName}`.trim();
      await mailer.send(temporaryPasswordEmail(account.email, fullName, temporaryPassword, `${publicUrl}/login`));
    },

    /** What a set-password link is worth, so its page can say so before the form (nothing is changed). */
    async resetLinkState(token: string): Promise<ResetLinkState> {
      const row = await repo.findResetToken(hashToken(token));
      if (!row) return 'invalid';
      // Used before expired: a link that did its job should not read as one that ran out.
      if (row.usedAt) return 'used';
      return row.expiresAt.getTime() > Date.now() ? 'valid' : 'expired';
    },

    /** Sets the new password, burns every outstanding link and ends every session of the user. */
    async resetPassword(token: string, password: string): Promise<void> {
      // Used up by one atomic statement before the slow hash: of uses arriving together exactly one
      // passes, and a guessed or spent token costs no hashing. (The new password was validated already.)
      const userId = await repo.consumeResetToken(hashToken(token));
      if (!userId) throw badRequest('RESET_TOKEN_INVALID', messages.resetTokenInvalid);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const txRepo = authRepository(tx);
        await users.setPassword(userId, passwordHash, false, tx);
        await txRepo.invalidateResetTokens(userId);
        await txRepo.revokeUserSessions(userId);
      });
    },

    /** Changes the caller's password and ends their other sessions; this one stays signed in. */
    async changePassword(auth: AuthContext, input: ChangePasswordRequest): Promise<User> {
      const account = await users.findAccountById(auth.user.id);
      if (!account || !(await verifyPassword(account.passwordHash, input.currentPassword))) {
        throw badRequest('CURRENT_PASSWORD_WRONG', messages.currentPasswordWrong, [
          { msg: messages.currentPasswordWrong, path: 'currentPassword' },
        ]);
      }
      if (input.currentPassword === input.newPassword) {
        throw badRequest('PASSWORD_UNCHANGED', messages.passwordUnchanged, [
          { msg: messages.passwordUnchanged, path: 'newPassword' },
        ]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await users.setPassword(account.id, passwordHash, false, tx);
        await authRepository(tx).revokeUserSessions(account.id, auth.sessionId);
        await authRepository(tx).invalidateResetTokens(account.id);
      });
      return users.getProfile(account.id);
    },
  };
}
