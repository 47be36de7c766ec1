import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { userMessages } from '@finboard/shared/users';
import { auditEvents, outboxEmails, passwordResetTokens, sessions, users } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { outboxMailTo } from '../../../test/outbox.ts';
import {
  bearer,
  createOrganization,
  createUser,
  login,
  loginAs,
  uniqueEmail,
  uniqueIp,
  type OrganizationRow,
  type TestUser,
} from '../../../test/factories.ts';

const NEW_PASSWORD = 'N3w!Passw0rd';

let t: TestApp;
let adminToken: string;
let adminId: string;
let organization: OrganizationRow;
beforeAll(async () => {
  t = await buildTestApp();
  const session = await loginAs(t.app, TEST_ADMIN);
  adminToken = session.token;
  adminId = session.user.id;
  organization = await createOrganization(t.database);
});
afterAll(() => t?.close());

const forgot = (email: string, headers: Record<string, string> = bearer(adminToken)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/forgot-password',
    payload: { email },
    headers,
    remoteAddress: uniqueIp(),
  });
const postLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: uniqueIp() });
const storedUser = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const outboxTo = (email: string) => outboxMailTo(t.app, email);
const outboxCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outboxEmails))[0]?.n;
const liveSessionsOf = async (userId: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  )[0]?.n;
const auditOf = (userId: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'user'), eq(auditEvents.entityId, userId)));

/** Resets the user's password as the admin and reads the temporary password out of the e-mail. */
async function resetAsAdmin(user: TestUser): Promise<string> {
  const response = await forgot(user.email);
  expect(response.statusCode).toBe(200);
  const [mail] = await outboxTo(user.email);
  const password = mail?.text.match(/Your temporary password is:\n\n(\S+)\n/)?.[1];
  if (!password) throw new Error(`no temporary password mailed to ${user.email}`);
  return password;
}

describe('POST /api/v1/auth/forgot-password with an admin token (admin password reset)', () => {
  it('e-mails a temporary password, ends every session of the user and audits it', async () => {
    const user = await createUser(t.database, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      organizationId: organization.id,
    });
    const first = await login(t.app, user);
    const second = await login(t.app, user);
    const before = await storedUser(user.id);

    const response = await forgot(user.email.toUpperCase());

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: "Password reset successfully! A new password has been sent to the user's email.",
    });
    // Mailed before the answer: no flush needed.
    const mails = await outboxTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your new Finboard password');
    expect(mails[0]?.text).toContain('Hello Ada Lovelace,');
    expect(mails[0]?.text).toContain('one sign-in only');
    expect(mails[0]?.text).toContain('you must change it');
    expect(mails[0]?.text).toContain(`http://localhost:${t.config.PORT}/login`);

    const stored = await storedUser(user.id);
    expect(stored.passwordHash).not.toBe(before.passwordHash);
    expect(stored).toMatchObject({ mustChangePassword: true, temporaryPasswordUsedAt: null });
    expect(stored.temporaryPasswordIssuedAt).toBeInstanceOf(Date);
    expect(await liveSessionsOf(user.id)).toBe(0);
    for (const token of [first, second]) {
      const profile = await t.app.inject({ method: 'GET', url: '/api/v1/user/profile', headers: bearer(token) });
      expect(profile.statusCode).toBe(401);
      expect(profile.json()).toEqual({ status: false, message: messages.sessionExpired });
    }
    expect((await postLogin(user.email, user.password)).statusCode).toBe(401);

    const audit = await auditOf(user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.password_reset',
      actorId: adminId,
      actorEmail: TEST_ADMIN.email,
      organizationId: organization.id,
      before: { id: user.id, mustChangePassword: false },
      after: { id: user.id, mustChangePassword: true },
    });
    const temporary = mails[0]?.text.match(/Your temporary password is:\n\n(\S+)\n/)?.[1];
    expect(temporary).toMatch(/^[A-Za-z\d@$!%*?&]{20}$/);
    const recorded = JSON.stringify(audit[0]);
    expect(recorded).not.toMatch(/argon2|passwordHash/);
    expect(recorded).not.toContain(temporary);
  });

  it('the temporary password signs in once, into a session that must set a new password; then the new one works', async () => {
    const user = await createUser(t.database, { organizationId: organization.id });
    const temporary = await resetAsAdmin(user);

    // First sign-in: allowed, and flagged.
    const session = await loginAs(t.app, { email: user.email, password: temporary });
    expect(session.user.mustChangePassword).toBe(true);
    expect((await storedUser(user.id)).temporaryPasswordUsedAt).toBeInstanceOf(Date);

    // In that session, only the profile, change password and logout answer.
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/user/profile', headers: bearer(session.token) });
    expect(profile.statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['PUT', `/api/v1/auth/profile/${user.id}`, { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '5551234567' }],
      ['GET', '/api/v1/user', undefined],
      ['GET', `/api/v1/user/${user.id}`, undefined],
      ['POST', '/api/v1/user', { firstName: 'New', lastName: 'Person', email: uniqueEmail(), password: NEW_PASSWORD }],
    ] as const) {
      const response = await t.app.inject({ method, url, payload, headers: bearer(session.token) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ status: false, message: messages.mustChangePassword });
    }

    // A second sign-in with it is refused, even while the first session lives.
    const again = await postLogin(user.email, temporary);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ status: false, message: messages.temporaryPasswordUsed });

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/change-password',
      payload: { currentPassword: temporary, newPassword: NEW_PASSWORD },
      headers: bearer(session.token),
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().data.mustChangePassword).toBe(false);
    expect(await storedUser(user.id)).toMatchObject({
      mustChangePassword: false,
      temporaryPasswordIssuedAt: null,
      temporaryPasswordUsedAt: null,
    });

    // The session that changed it goes on without restriction; the new password signs in, the temporary one not.
    const unblocked = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/auth/profile/${user.id}`,
      payload: { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '5551234567' },
      headers: bearer(session.token),
    });
    expect(unblocked.statusCode).toBe(200);
    expect((await loginAs(t.app, { email: user.email, password: NEW_PASSWORD })).user.mustChangePassword).toBe(false);
    const withTemporary = await postLogin(user.email, temporary);
    expect(withTemporary.statusCode).toBe(401);
    expect(withTemporary.json()).toEqual({ status: false, message: messages.invalidCredentials });
  });

  it('burns the reset links the user already had', async () => {
    const user = await createUser(t.database);
    expect((await forgot(user.email, {})).statusCode).toBe(200);
    await t.app.services.mailer.flush();

    await resetAsAdmin(user);

    const outstanding = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    expect(outstanding).toHaveLength(0);
  });

  it('answers an unknown e-mail with 404 "User not found" and mails nothing', async () => {
    const before = await outboxCount();

    const response = await forgot(uniqueEmail('nobody'));

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: userMessages.notFound });
    await t.app.services.mailer.flush();
    expect(await outboxCount()).toBe(before);
  });

  it('refuses an administrator who must change their own password first with 403 and changes nothing', async () => {
    const admin = await createUser(t.database, { role: 'admin', mustChangePassword: true });
    const user = await createUser(t.database);
    const before = await storedUser(user.id);

    const response = await forgot(user.email, bearer(await login(t.app, admin)));

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.mustChangePassword });
    expect(await storedUser(user.id)).toEqual(before);
    expect(await outboxTo(user.email)).toHaveLength(0);
  });

  it('answers an ended admin session with 401 and changes nothing', async () => {
    const admin = await createUser(t.database, { role: 'admin' });
    const token = await login(t.app, admin);
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, admin.id));
    const user = await createUser(t.database);
    const before = await storedUser(user.id);

    const response = await forgot(user.email, bearer(token));

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.sessionExpired });
    expect(await storedUser(user.id)).toEqual(before);
  });

  it('with an organization user’s token, behaves as the ordinary forgot-password: a reset link, the password unchanged', async () => {
    const caller = await createUser(t.database, { organizationId: organization.id });
    const user = await createUser(t.database, { organizationId: organization.id });
    const before = await storedUser(user.id);

    const response = await forgot(user.email, bearer(await login(t.app, caller)));
    await t.app.services.mailer.flush();

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: messages.forgotPasswordSent });
    expect(await storedUser(user.id)).toEqual(before);
    expect(await outboxTo(user.email)).toMatchObject([{ subject: 'Reset your Finboard password' }]);
    expect(await auditOf(user.id)).toHaveLength(0);
  });

  it('without a token, behaves as the ordinary forgot-password, even for an unknown e-mail', async () => {
    const response = await forgot(uniqueEmail('nobody'), {});

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: messages.forgotPasswordSent });
  });
});

describe('a temporary password used by sign-ins that arrive together', () => {
  it('opens exactly one session for 20 concurrent sign-ins; the 19 others are refused as already used', async () => {
    const user = await createUser(t.database, { organizationId: organization.id });
    const temporary = await resetAsAdmin(user);

    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => t.app.services.auth.login(user.email, temporary, { ip: uniqueIp() })),
    );

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.flatMap((result) =>
      result.status === 'rejected' ? [{ status: result.reason.statusCode, message: result.reason.message }] : [],
    );
    expect(refusals).toEqual(Array(19).fill({ status: 401, message: messages.temporaryPasswordUsed }));
    expect(await liveSessionsOf(user.id)).toBe(1);
    expect((await storedUser(user.id)).temporaryPasswordUsedAt).toBeInstanceOf(Date);
  });

  it('answers exactly one of 20 concurrent POST /api/v1/auth/login with 200; the others get 401 "already used" or 429', async () => {
    const user = await createUser(t.database, { organizationId: organization.id });
    const temporary = await resetAsAdmin(user);

    const responses = await Promise.all(Array.from({ length: 20 }, () => postLogin(user.email, temporary)));

    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const used = responses.filter((response) => response.statusCode === 401);
    const limited = responses.filter((response) => response.statusCode === 429);
    expect(used.length + limited.length).toBe(19);
    // The e-mail's attempt limit lets 10 reach the password check: at least 9 of them find it used.
    expect(used.length).toBeGreaterThanOrEqual(9);
    for (const response of used) {
      expect(response.json()).toEqual({ status: false, message: messages.temporaryPasswordUsed });
    }
    expect(await liveSessionsOf(user.id)).toBe(1);
  });

  it('is used up only under the hash the sign-in checked: a stale one consumes nothing', async () => {
    const user = await createUser(t.database, { organizationId: organization.id });
    await resetAsAdmin(user);
    const [replaced] = await t.database.db.select().from(users).where(eq(users.id, user.id));

    const consumed = await t.app.services.users.consumeTemporaryPassword(user.id, 'the-hash-checked-before-the-reset');

    expect(consumed).toBe(false);
    expect(await storedUser(user.id)).toEqual(replaced);
  });
});
