import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_TOKEN_TTL_SECONDS } from '@finboard/shared/constants';
import { messages } from '@finboard/shared/messages';
import { organizationMessages } from '@finboard/shared/organizations';
import { userMessages } from '@finboard/shared/users';
import { nameMessages, passwordMessages, phoneMessages } from '@finboard/shared/validation';
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
} from '../../../test/factories.ts';

const INITIAL_PASSWORD = 'F1rst!Passw0rd';
const CHOSEN_PASSWORD = 'Ch0sen!Passw0rd';

let t: TestApp;
let adminToken: string;
let adminId: string;
let organization: OrganizationRow;
let linkPattern: RegExp;
beforeAll(async () => {
  t = await buildTestApp();
  const session = await loginAs(t.app, TEST_ADMIN);
  adminToken = session.token;
  adminId = session.user.id;
  organization = await createOrganization(t.database, { name: 'Acme Analytics' });
  linkPattern = new RegExp(`http://localhost:${t.config.PORT}/reset-password/([A-Za-z0-9_-]+)`);
});
afterAll(() => t?.close());

const addUser = (payload: object, headers: Record<string, string> = bearer(adminToken)) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user', payload, headers, remoteAddress: uniqueIp() });
const newUser = (overrides: object = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: uniqueEmail('added'),
  phoneNumber: '(555) 123-4567',
  role: 'user',
  organization_id: organization.id,
  ...overrides,
});

const storedByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const count = async (table: typeof users | typeof auditEvents | typeof outboxEmails | typeof passwordResetTokens) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
const auditOf = (userId: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'user'), eq(auditEvents.entityId, userId)));
const outboxTo = (email: string) => outboxMailTo(t.app, email);
const tokensOf = (userId: string) =>
  t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));

/** The rows a refused request must leave alone. */
const snapshotCounts = async () => ({
  users: await count(users),
  audit: await count(auditEvents),
  mail: await count(outboxEmails),
  tokens: await count(passwordResetTokens),
});

describe('POST /api/v1/user with an admin token (Add New User)', () => {
  it('with a password: creates the user (201), who must change it at first sign-in, and audits it', async () => {
    const payload = newUser({ password: INITIAL_PASSWORD });

    const response = await addUser(payload);

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      status: true,
      message: userMessages.created,
      data: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        fullName: 'Ada Lovelace',
        email: payload.email,
        phoneNumber: '5551234567',
        role: 'user',
        organization_id: organization.id,
        organizationName: 'Acme Analytics',
        pipeline: null,
        dashboards: [],
        isActive: true,
        mustChangePassword: true,
      },
    });
    expect(response.body).not.toMatch(/password_?hash|\$argon2/i);
    const stored = await storedByEmail(payload.email);
    expect(stored).toMatchObject({
      id: body.data.id,
      organizationId: organization.id,
      mustChangePassword: true,
      temporaryPasswordIssuedAt: null,
      isActive: true,
    });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await tokensOf(body.data.id)).toHaveLength(0);
    await t.app.services.mailer.flush();
    expect(await outboxTo(payload.email)).toHaveLength(0);

    const audit = await auditOf(body.data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.created',
      actorId: adminId,
      actorEmail: TEST_ADMIN.email,
      organizationId: organization.id,
      before: null,
      after: body.data,
    });
    expect(JSON.stringify(audit[0])).not.toMatch(/argon2|passwordHash/);

    // The given password signs in, into a session that must change it first.
    const session = await loginAs(t.app, { email: payload.email, password: INITIAL_PASSWORD });
    expect(session.user.mustChangePassword).toBe(true);
    const blocked = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/auth/profile/${session.user.id}`,
      headers: bearer(session.token),
      payload: { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '5551234567' },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ status: false, message: messages.mustChangePassword });
  });

  it('without a password: creates the user with none and e-mails a 7-day set-password link that works once, end to end', async () => {
    const payload = newUser({ firstName: 'Grace', lastName: 'Hopper' });

    const response = await addUser(payload);

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      status: true,
      message: userMessages.createdInvite,
      data: { email: payload.email, fullName: 'Grace Hopper', mustChangePassword: false },
    });
    const stored = await storedByEmail(payload.email);
    expect(stored).toMatchObject({ passwordHash: null, mustChangePassword: false });
    const [token, ...more] = await tokensOf(body.data.id);
    expect(more).toHaveLength(0);
    expect(token?.purpose).toBe('invite');
    expect(token?.usedAt).toBeNull();
    const ttl = (token!.expiresAt.getTime() - token!.createdAt.getTime()) / 1000;
    expect(Math.abs(ttl - INVITE_TOKEN_TTL_SECONDS)).toBeLessThan(60);
    expect(await auditOf(body.data.id)).toMatchObject([{ action: 'user.created', organizationId: organization.id }]);

    // Until a password is set, nothing signs in.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: payload.email, password: CHOSEN_PASSWORD },
      remoteAddress: uniqueIp(),
    });
    expect(early.statusCode).toBe(401);

    await t.app.services.mailer.flush();
    const mails = await outboxTo(payload.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('You have been invited to Finboard for Acme Analytics');
    expect(mails[0]?.text).toContain('Hello Grace Hopper,');
    expect(mails[0]?.text).toContain('Acme Analytics');
    const linkToken = mails[0]?.text.match(linkPattern)?.[1];
    expect(linkToken).toBeDefined();
    expect(JSON.stringify(await tokensOf(body.data.id))).not.toContain(linkToken);

    const setPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: linkToken, password: CHOSEN_PASSWORD },
      remoteAddress: uniqueIp(),
    });
    expect(setPassword.statusCode).toBe(200);
    expect(setPassword.json()).toEqual({ status: true, message: messages.resetPasswordSuccess });
    expect(await storedByEmail(payload.email)).toMatchObject({ mustChangePassword: false });

    const session = await loginAs(t.app, { email: payload.email, password: CHOSEN_PASSWORD });
    expect(session.user).toMatchObject({
      id: body.data.id,
      mustChangePassword: false,
      organizationName: 'Acme Analytics',
    });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: linkToken, password: 'An0ther!Passw0rd' },
      remoteAddress: uniqueIp(),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: false, message: messages.resetTokenInvalid });
  });

  it('accepts an invite link once even when 10 uses arrive together: one password is set, 9 are refused', async () => {
    const response = await addUser(newUser());
    const { id: userId, email } = response.json().data as { id: string; email: string };
    await t.app.services.mailer.flush();
    const linkToken = (await outboxTo(email))[0]?.text.match(linkPattern)?.[1];
    const passwords = Array.from({ length: 10 }, (_, index) => `${CHOSEN_PASSWORD}${index}`);

    const answers = await Promise.all(
      passwords.map((password) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/reset-password',
          payload: { token: linkToken, password },
          remoteAddress: uniqueIp(),
        }),
      ),
    );

    const winners = passwords.filter((_, index) => answers[index]!.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.statusCode !== 200).map((answer) => [answer.statusCode, answer.json()]),
    ).toEqual(Array(9).fill([400, { status: false, message: messages.resetTokenInvalid }]));
    expect((await tokensOf(userId)).map((token) => token.usedAt)).toEqual([expect.any(Date)]);
    expect((await loginAs(t.app, { email, password: winners[0]! })).user.id).toBe(userId);
  });

  it('keeps an invite link valid after the 30 minutes a reset link has', async () => {
    const response = await addUser(newUser());
    const userId = response.json().data.id as string;
    await t.app.services.mailer.flush();
    const linkToken = (await outboxTo(response.json().data.email))[0]?.text.match(linkPattern)?.[1];
    // Issued an hour ago, still within its seven days.
    await t.database.db
      .update(passwordResetTokens)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(passwordResetTokens.userId, userId));

    const setPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: linkToken, password: CHOSEN_PASSWORD },
      remoteAddress: uniqueIp(),
    });

    expect(setPassword.statusCode).toBe(200);
  });

  it('refuses an expired invite link and leaves the user without a password', async () => {
    const response = await addUser(newUser());
    const { id: userId, email } = response.json().data as { id: string; email: string };
    await t.app.services.mailer.flush();
    const linkToken = (await outboxTo(email))[0]?.text.match(linkPattern)?.[1];
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, userId));

    const setPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: linkToken, password: CHOSEN_PASSWORD },
      remoteAddress: uniqueIp(),
    });

    expect(setPassword.statusCode).toBe(400);
    expect(setPassword.json()).toEqual({ status: false, message: messages.resetTokenInvalid });
    expect((await storedByEmail(email))?.passwordHash).toBeNull();
  });

  it('stores and shows a name as people write it ("O\'Neil-Berg", "José")', async () => {
    const input = newUser({ firstName: 'José', lastName: "O'Neil-Berg", phoneNumber: '+1 555.123.4567' });

    const response = await addUser({ ...input, password: INITIAL_PASSWORD });

    expect(response.statusCode).toBe(201);
    expect(await storedByEmail(input.email)).toMatchObject({
      firstName: 'José',
      lastName: "O'Neil-Berg",
      phoneNumber: '5551234567',
    });
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${response.json().data.id}`,
      headers: bearer(adminToken),
    });
    expect(shown.json().data).toMatchObject({ fullName: "José O'Neil-Berg", phoneNumber: '5551234567' });
  });

  it('creates a platform administrator without an organization', async () => {
    const payload = newUser({ role: 'admin', organization_id: null, password: INITIAL_PASSWORD });

    const response = await addUser(payload);

    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ role: 'admin', organization_id: null, organizationName: null });
    expect(await storedByEmail(payload.email)).toMatchObject({ role: 'admin', organizationId: null });
    expect(await auditOf(response.json().data.id)).toMatchObject([{ action: 'user.created', organizationId: null }]);
  });

  it('refuses an e-mail that already has an account, in any letter case, with 409 and stores nothing', async () => {
    const existing = await createUser(t.database);
    const before = await snapshotCounts();

    const response = await addUser(newUser({ email: existing.email.toUpperCase() }));
    await t.app.services.mailer.flush();

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      message: messages.emailTaken,
      errors: [{ msg: messages.emailTaken, path: 'email' }],
    });
    expect(await snapshotCounts()).toEqual(before);
  });

  it('refuses an organization that does not exist with 404 "Organization not found" and stores nothing', async () => {
    const payload = newUser({ organization_id: '00000000-0000-4000-8000-000000000000' });
    const before = await snapshotCounts();

    const response = await addUser(payload);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: organizationMessages.notFound });
    expect(await storedByEmail(payload.email)).toBeUndefined();
    expect(await snapshotCounts()).toEqual(before);
  });

  it('refuses an inactive organization with 400 and its message, and stores nothing', async () => {
    const inactive = await createOrganization(t.database, { isActive: false });
    const payload = newUser({ organization_id: inactive.id });
    const before = await snapshotCounts();

    const response = await addUser(payload);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: false,
      message: userMessages.organizationInactive,
      errors: [{ msg: userMessages.organizationInactive, path: 'organization_id' }],
    });
    expect(await snapshotCounts()).toEqual(before);
  });

  it.each([
    ['digits in the first name', { firstName: 'Ada2' }, nameMessages.letters('First name'), 'firstName'],
    [
      'digits in the last name',
      { lastName: 'L0velace' },
      'Last name can only contain letters, spaces, apostrophes and hyphens',
      'lastName',
    ],
    ['a missing first name', { firstName: undefined }, 'First name is required', 'firstName'],
    ['a missing phone', { phoneNumber: undefined }, phoneMessages.required, 'phoneNumber'],
    ['letters in the phone', { phoneNumber: '555-CALL-NOW' }, 'Invalid phone number format', 'phoneNumber'],
    ['a 9-digit phone', { phoneNumber: '555 123 456' }, 'Phone number should have 10 digits', 'phoneNumber'],
    ['a malformed e-mail', { email: 'someone@nowhere' }, 'Please enter a valid email address', 'email'],
    ['a missing role', { role: undefined }, 'Role is required', 'role'],
    ['an unknown role', { role: 'superuser' }, 'Role is required', 'role'],
    [
      'a user without an organization',
      { organization_id: undefined },
      userMessages.organizationRequired,
      'organization_id',
    ],
    [
      'an organization id that is not a UUID',
      { organization_id: '42' },
      userMessages.organizationRequired,
      'organization_id',
    ],
    [
      'an administrator with an organization',
      { role: 'admin' },
      userMessages.adminHasNoOrganization,
      'organization_id',
    ],
    ['a weak initial password', { password: 'password1!' }, passwordMessages.uppercase, 'password'],
  ])('refuses %s with 400 and its message, and stores nothing', async (_, change, message, path) => {
    const payload = { ...newUser(), ...change };
    const before = await snapshotCounts();

    const response = await addUser(payload);

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: false, message });
    expect(body.errors[0]).toEqual({ msg: message, path });
    expect(await snapshotCounts()).toEqual(before);
  });

  it('refuses an organization user with 403 and stores nothing', async () => {
    const member = await createUser(t.database, { organizationId: organization.id });
    const token = await login(t.app, member);
    const payload = newUser();
    const before = await snapshotCounts();

    const response = await addUser(payload, bearer(token));

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.forbidden });
    expect(await storedByEmail(payload.email)).toBeUndefined();
    expect(await snapshotCounts()).toEqual(before);
  });

  it('refuses an administrator who must change their own password first with 403', async () => {
    const admin = await createUser(t.database, { role: 'admin', mustChangePassword: true });
    const token = await login(t.app, admin);
    const payload = newUser();

    const response = await addUser(payload, bearer(token));

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.mustChangePassword });
    expect(await storedByEmail(payload.email)).toBeUndefined();
  });

  it('answers an ended session with 401 and stores nothing', async () => {
    const admin = await createUser(t.database, { role: 'admin' });
    const token = await login(t.app, admin);
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, admin.id));
    const payload = newUser();

    const response = await addUser(payload, bearer(token));

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.sessionExpired });
    expect(await storedByEmail(payload.email)).toBeUndefined();
  });

  it('treats a call without a token as sign-up: refused while sign-up is disabled, nothing stored', async () => {
    const payload = newUser({ password: INITIAL_PASSWORD });

    const response = await addUser(payload, {});

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.signupDisabled });
    expect(await storedByEmail(payload.email)).toBeUndefined();
  });
});
