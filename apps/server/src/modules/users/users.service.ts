import type { FastifyBaseLogger } from 'fastify';
import type { ProfileUpdateRequest, SignupRequest, User } from '@finboard/shared/users';
import { messages } from '@finboard/shared/messages';
import type { Database, Executor } from '../../db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { SessionsService } from '../auth/sessions.service.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { generatePassword, hashPassword } from '../../platform/crypto/passwords.ts';
import { usersRepository, type AccountRow, type UserProfileRow, type UserRow } from './users.repository.ts';

export type { AccountRow, UserRow };

export function toUser(row: UserProfileRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phoneNumber: row.phoneNumber,
    role: row.role,
    organization_id: row.organizationId,
    organizationName: row.organizationName,
    pipeline: row.pipeline,
    dashboards: row.dashboards,
    isActive: row.isActive,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: {
  db: Database;
  audit: AuditService;
  mailer: Mailer;
  sessions: SessionsService;
  publicUrl: string;
  logger: FastifyBaseLogger;
}) {
  const { db } = deps;
  const repo = usersRepository(db);

  return {
    /** Account records, password hash included: for the auth module only. */
    findAccountByEmail: (email: string) => repo.findAccountByEmail(email),
    findAccountById: (id: string) => repo.findById(id),

    listActiveAdminEmails: () => repo.listActiveAdminEmails(),

    /** A password the user chose: clears any temporary-password state. */
    async setPassword(
      userId: string,
      passwordHash: string,
      mustChangePassword: boolean,
      tx: Executor = db,
    ): Promise<void> {
      await usersRepository(tx).update(userId, {
        passwordHash,
        mustChangePassword,
        temporaryPasswordIssuedAt: null,
        temporaryPasswordUsedAt: null,
      });
    },

    /** A password an admin had e-mailed: good for one sign-in, after which a new one is forced. */
    async setTemporaryPassword(userId: string, passwordHash: string, tx: Executor = db): Promise<void> {
      await usersRepository(tx).update(userId, {
        passwordHash,
        mustChangePassword: true,
        temporaryPasswordIssuedAt: new Date(),
        temporaryPasswordUsedAt: null,
      });
    },

    async markTemporaryPasswordUsed(userId: string): Promise<void> {
      await repo.update(userId, { temporaryPasswordUsedAt: new Date() });
    },

    async getProfile(userId: string, tx: Executor = db): Promise<User> {
      const row = await usersRepository(tx).findProfile(userId);
      if (!row) throw notFound(messages.notFound);
      return toUser(row);
    },

    /** Only one's own profile: the id in the path must be the caller's. */
    async updateOwnProfile(actorId: string, userId: string, input: ProfileUpdateRequest): Promise<User> {
      if (actorId !== userId) throw forbidden('NOT_OWN_PROFILE', messages.notOwnProfile);
      const row = await repo.update(userId, {
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
      });
      if (!row) throw notFound(messages.notFound);
      return this.getProfile(row.id);
    },

    /** Self sign-up: role user, no organization until an admin assigns one. */
    async signUp(input: SignupRequest): Promise<User> {
      const row = await repo.insert({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phoneNumber: input.phoneNumber ?? null,
        role: 'user',
        organizationId: null,
        passwordHash: await hashPassword(input.password),
      });
      if (!row) throw conflict('EMAIL_TAKEN', messages.emailTaken, 'email');
      return this.getProfile(row.id);
    },

    /**
     * First start: creates the platform administrator from ADMIN_EMAIL / ADMIN_PASSWORD, or
     * admin@finboard.local with a random password printed once in the log.
     */
    async ensureBootstrapAdmin(opts: { email?: string; password?: string }, logger: FastifyBaseLogger): Promise<void> {
      if ((await repo.countAdmins()) > 0) return;
      const email = (opts.email ?? 'admin@finboard.local').toLowerCase();
      const password = opts.password ?? generatePassword();
      const row = await repo.insert({
        firstName: 'Platform',
        lastName: 'Administrator',
        email,
        role: 'admin',
        passwordHash: await hashPassword(password),
      });
      if (!row) {
        logger.warn({ email }, 'bootstrap admin e-mail belongs to an existing user; no admin created');
        return;
      }
      if (opts.password) logger.info({ email }, 'created the platform administrator from ADMIN_EMAIL / ADMIN_PASSWORD');
      else
        logger.warn(
          `created the platform administrator ${email} with password ${password} — it is shown only this once; sign in and change it`,
        );
    },
  };
}
