import type { FastifyBaseLogger } from 'fastify';
import type { ProfileUpdateRequest, SignupRequest, User } from '@finboard/shared/users';
import { messages } from '@finboard/shared/messages';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { generatePassword, hashPassword } from '../../platform/crypto/passwords.ts';
import { usersRepository, type UserRow } from './users.repository.ts';

export type { UserRow };

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phoneNumber: row.phoneNumber,
    role: row.role,
    organization_id: row.organizationId,
    isActive: row.isActive,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService({ db }: { db: Database }) {
  const repo = usersRepository(db);

  return {
    /** Account records, password hash included: for the auth module only. */
    findAccountByEmail: (email: string) => repo.findByEmail(email),
    findAccountById: (id: string) => repo.findById(id),

    listActiveAdminEmails: () => repo.listActiveAdminEmails(),

    async setPassword(
      userId: string,
      passwordHash: string,
      mustChangePassword: boolean,
      tx: Executor = db,
    ): Promise<void> {
      await usersRepository(tx).update(userId, { passwordHash, mustChangePassword });
    },

    async getProfile(userId: string): Promise<User> {
      const row = await repo.findById(userId);
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
      return toUser(row);
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
      return toUser(row);
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
