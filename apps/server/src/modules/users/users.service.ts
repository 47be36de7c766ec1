import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { paginationOf, type Pagination } from '@finboard/shared/pagination';
import { organizationMessages } from '@finboard/shared/organizations';
import {
  userMessages,
  type adminCreateUserRequestSchema,
  type ProfileUpdateRequest,
  type SignupRequest,
  type User,
  type userUpdateRequestSchema,
} from '@finboard/shared/users';
import { messages } from '@finboard/shared/messages';
import type { Database, Executor } from '../../db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PasswordLinksService } from '../auth/password-links.service.ts';
import type { Principal } from '../../principal.ts';
import type { SessionsService } from '../auth/sessions.service.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { generatePassword, hashPassword } from '../../platform/crypto/passwords.ts';
import { inviteEmail } from './users.emails.ts';
import {
  usersRepository,
  type AccountRow,
  type NewUserRow,
  type UserListFilter,
  type UserProfileRow,
  type UserRow,
} from './users.repository.ts';

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
    allDashboards: row.allDashboards,
    dashboards: row.allDashboards ? [] : row.dashboards,
    isActive: row.isActive,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Edit User's `fullname`: every word but the last is the first name, the last word the last name. */
export function splitFullName(fullname: string): { firstName: string; lastName: string } {
  const words = fullname.trim().split(/\s+/);
  if (words.length === 1) return { firstName: words[0]!, lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

type AdminCreateUserInput = z.output<typeof adminCreateUserRequestSchema>;
type UserUpdateInput = z.output<typeof userUpdateRequestSchema>;

const emailTaken = () => conflict('EMAIL_TAKEN', messages.emailTaken, 'email');

/**
 * Stores which dashboards a user sees, as Add / Edit User sent it (see dashboardAccessFields in
 * @finboard/shared/users): all of the organization's, or only a chosen list, each of the organization.
 * Nothing sent, nothing changed. The rule that reads it is the dashboards repository's `visibleTo`.
 */
async function setDashboardAccess(
  txRepo: ReturnType<typeof usersRepository>,
  user: { id: string; organizationId: string | null },
  input: { allDashboards?: boolean; dashboards?: string[] },
): Promise<void> {
  if (input.allDashboards === undefined && input.dashboards === undefined) return;
  if (input.allDashboards === true) {
    await txRepo.update(user.id, { allDashboards: true });
    await txRepo.replaceDashboards(user.id, []);
    return;
  }
  await txRepo.update(user.id, { allDashboards: false });
  if (input.dashboards === undefined) return;
  const wanted = [...new Set(input.dashboards)];
  const allowed = user.organizationId ? await txRepo.dashboardIdsInOrganization(user.organizationId, wanted) : [];
  if (allowed.length !== wanted.length) {
    throw badRequest('DASHBOARD_NOT_IN_ORGANIZATION', userMessages.dashboardNotInOrganization, [
      { msg: userMessages.dashboardNotInOrganization, path: 'dashboards' },
    ]);
  }
  await txRepo.replaceDashboards(user.id, wanted);
}

export type UsersService = ReturnType<typeof createUsersService>;

/** The platform administrator a first start created, with the password it was given. */
export interface BootstrapAdmin {
  email: string;
  password: string;
}

const BOOTSTRAP_SETTINGS_IGNORED =
  'ADMIN_EMAIL / ADMIN_PASSWORD are set but a platform administrator already exists: they are ignored';

export function createUsersService(deps: {
  db: Database;
  audit: AuditService;
  mailer: Mailer;
  sessions: SessionsService;
  passwordLinks: PasswordLinksService;
  logger: FastifyBaseLogger;
}) {
  const { db, audit, mailer, sessions, passwordLinks } = deps;
  const repo = usersRepository(db);

  async function profileOf(userId: string, tx: Executor = db): Promise<User> {
    const row = await usersRepository(tx).findProfile(userId);
    if (!row) throw notFound(userMessages.notFound);
    return toUser(row);
  }

  return {
    /** Account records, password hash included: for the auth module only. */
    findAccountByEmail: (email: string) => repo.findAccountByEmail(email),
    findAccountById: (id: string) => repo.findById(id),
    /** A user's name as records of their work show it ('Demo User'); undefined for an unknown id. */
    async nameOf(id: string): Promise<string | undefined> {
      const row = await repo.findById(id);
      return row ? `${row.firstName} ${row.lastName}`.trim() || row.email : undefined;
    },

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

    /** True for the one sign-in that uses up the temporary password `passwordHash` (see the repository). */
    consumeTemporaryPassword: (userId: string, passwordHash: string, tx: Executor = db) =>
      usersRepository(tx).consumeTemporaryPassword(userId, passwordHash),

    getProfile: profileOf,

    /** The profile of an account as findAccountByEmail read it (sign-in answers it without reading again). */
    profileOfAccount: (account: AccountRow): User => toUser(account),

    /** The Users table: one page of users matching the filters, and how many match. */
    async list(filter: UserListFilter): Promise<{ users: User[]; pagination: Pagination }> {
      const { rows, total } = await repo.list(filter);
      return { users: rows.map(toUser), pagination: paginationOf(filter, total) };
    },

    /**
     * Add New User (admin). With a password, the user must change it at first sign-in; without one,
     * they are e-mailed a link to set it. `invited` tells which happened.
     */
    async createByAdmin(actor: Principal, input: AdminCreateUserInput): Promise<{ user: User; invited: boolean }> {
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const { user, link } = await db.transaction(async (tx) => {
        const txRepo = usersRepository(tx);
        if (input.organization_id) {
          const organization = await txRepo.findOrganization(input.organization_id);
          if (!organization) throw notFound(organizationMessages.notFound);
          if (!organization.isActive) {
            throw badRequest('ORGANIZATION_INACTIVE', userMessages.organizationInactive, [
              { msg: userMessages.organizationInactive, path: 'organization_id' },
            ]);
          }
        }
        const row = await txRepo.insert({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phoneNumber: input.phoneNumber,
          role: input.role,
          organizationId: input.organization_id ?? null,
          passwordHash,
          mustChangePassword: passwordHash !== null,
        });
        if (!row) throw emailTaken();
        await setDashboardAccess(txRepo, row, input);
        const created = await profileOf(row.id, tx);
        await audit.record(
          {
            actor,
            action: 'user.created',
            entityType: 'user',
            entityId: row.id,
            organizationId: row.organizationId,
            after: created,
          },
          tx,
        );
        return { user: created, link: passwordHash ? undefined : await passwordLinks.issue(row.id, 'invite', tx) };
      });
      if (link) mailer.sendInBackground(inviteEmail(user.email, user.fullName, user.organizationName, link));
      return { user, invited: link !== undefined };
    },

    /** Edit User (admin): pipeline, e-mail, full name and which of the organization's dashboards the user sees. */
    async updateByAdmin(actor: Principal, userId: string, input: UserUpdateInput): Promise<User> {
      return db.transaction(async (tx) => {
        const txRepo = usersRepository(tx);
        const current = await txRepo.findProfile(userId);
        if (!current) throw notFound(userMessages.notFound);

        const values: Partial<NewUserRow> = {};
        if (input.pipeline !== undefined) values.pipeline = input.pipeline || null;
        if (input.fullname !== undefined) Object.assign(values, splitFullName(input.fullname));
        if (input.email !== undefined && input.email !== current.email) {
          const holder = await txRepo.findAccountByEmail(input.email);
          if (holder) throw emailTaken();
          values.email = input.email;
        }
        await setDashboardAccess(txRepo, current, input);
        if (Object.keys(values).length > 0) {
          try {
            await txRepo.update(userId, values);
          } catch (error) {
            // Another request took the e-mail since the check above.
            if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
            throw error;
          }
        }

        const after = await profileOf(userId, tx);
        await audit.record(
          {
            actor,
            action: 'user.updated',
            entityType: 'user',
            entityId: userId,
            organizationId: current.organizationId,
            before: toUser(current),
            after,
          },
          tx,
        );
        return after;
      });
    },

    /** Deactivate (every session ends; nothing is deleted) or reactivate a user. */
    async setStatusByAdmin(actor: Principal, userId: string, isActive: boolean): Promise<User> {
      if (!isActive && actor.id === userId) {
        throw badRequest('CANNOT_DEACTIVATE_SELF', userMessages.cannotDeactivateSelf);
      }
      return db.transaction(async (tx) => {
        const current = await usersRepository(tx).findProfile(userId);
        if (!current) throw notFound(userMessages.notFound);
        if (current.isActive === isActive) return toUser(current);
        await usersRepository(tx).update(userId, { isActive });
        if (!isActive) await sessions.revokeUserSessions([userId], tx);
        const after = await profileOf(userId, tx);
        await audit.record(
          {
            actor,
            action: isActive ? 'user.reactivated' : 'user.deactivated',
            entityType: 'user',
            entityId: userId,
            organizationId: current.organizationId,
            before: toUser(current),
            after,
          },
          tx,
        );
        return after;
      });
    },

    /** Only one's own profile: the id in the path must be the caller's. */
    async updateOwnProfile(actorId: string, userId: string, input: ProfileUpdateRequest): Promise<User> {
      if (actorId !== userId) throw forbidden('NOT_OWN_PROFILE', messages.notOwnProfile);
      const row = await repo.update(userId, {
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
      });
      if (!row) throw notFound(userMessages.notFound);
      return profileOf(row.id);
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
      if (!row) throw emailTaken();
      return profileOf(row.id);
    },

    /**
     * First start: creates the platform administrator from ADMIN_EMAIL / ADMIN_PASSWORD, or
     * admin@finboard.local with a random password printed once in the log. Returns the credentials it
     * created, so `npm run demo` can print them in its summary.
     */
    async ensureBootstrapAdmin(
      opts: { email?: string; password?: string },
      logger: FastifyBaseLogger,
    ): Promise<BootstrapAdmin | undefined> {
      if ((await repo.countAdmins()) > 0) {
        // Someone who set them expects to sign in with them; say why that will not work.
        if (opts.email || opts.password) logger.warn(BOOTSTRAP_SETTINGS_IGNORED);
        return undefined;
      }
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
        return undefined;
      }
      if (opts.password) logger.info({ email }, 'created the platform administrator from ADMIN_EMAIL / ADMIN_PASSWORD');
      else
        logger.warn(
          `created the platform administrator ${email} with password ${password} — it is shown only this once; sign in and change it`,
        );
      return { email, password };
    },
  };
}
