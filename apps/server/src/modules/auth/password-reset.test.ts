import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { passwordMessages } from '@finboard/shared/validation';
import { outboxEmails, passwordResetTokens, sessions, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-app.ts';
import { outboxMailTo } from '../../../test/outbox.ts';
import { bearer, createUser, loginAs, uniqueEmail, uniqueIp, type TestUser } from '../../../test/factories.ts';

const NEW_PASSWORD = 'N3w!Passw0rd';

let t: TestApp;
let linkPattern: RegExp;
beforeAll(async () => {
  t = await buildTestApp();
  linkPattern = new RegExp(`http://localhost:${t.config.PORT}/reset-password/([A-Za-z0-9_-]+)`);
});
afterAll(() => t?.close());

const forgot = (email: string, remoteAddress = uniqueIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email }, remoteAddress });
const reset = (token: string, password: string, remoteAddress = uniqueIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password }, remoteAddress });
const postLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: uniqueIp() });

const outboxTo = (email: string) => outboxMailTo(t.app, email);
const outboxCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outboxEmails))[0]?.n;
const tokensOf = (userId: string) =>
  t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
const expireLinksOf = (userId: string) =>
  t.database.db
    .update(passwordResetTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(passwordResetTokens.userId, userId));
const passwordHashOf = async (userId: string) =>
  (await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]?.hash;

/** Asks for a reset link through the API and reads the token out of the e-mail in the outbox. */
async function requestResetToken(user: TestUser): Promise<string> {
  expect((await forgot(user.email)).statusCode).toBe(200);
  await t.app.services.mailer.flush();
  const [mail] = await outboxTo(user.email);
  const token = mail?.text.match(linkPattern)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${user.email}`);
  return token;
}

describe('POST /api/v1/auth/forgot-password', () => {
  it('mails a known user a reset link to http://localhost:<PORT>/reset-password/<token> through the outbox', async () => {
    const user = await createUser(t.database);

    const response = await forgot(user.email);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: messages.forgotPasswordSent });
    await t.app.services.mailer.flush();
    const mails = await outboxTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Reset your Finboard password' });
    expect(mails[0]?.text).toMatch(linkPattern);
  });

  it('gives an unknown e-mail the same answer and mails nothing', async () => {
    const before = await outboxCount();

    const response = await forgot(uniqueEmail('nobody'));
    await t.app.services.mailer.flush();

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: messages.forgotPasswordSent });
    expect(await outboxCount()).toBe(before);
  });

  it('gives a deactivated account the same answer and mails nothing', async () => {
    const user = await createUser(t.database, { isActive: false });

    const response = await forgot(user.email);
    await t.app.services.mailer.flush();

    expect(response.json()).toEqual({ status: true, message: messages.forgotPasswordSent });
    expect(await outboxTo(user.email)).toHaveLength(0);
    expect(await tokensOf(user.id)).toHaveLength(0);
  });

  it('stores only the SHA-256 hash of the token, never the token itself', async () => {
    const user = await createUser(t.database);

    const token = await requestResetToken(user);

    const stored = await tokensOf(user.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('stores a reset link that expires 30 minutes after it is sent, for the purpose "reset"', async () => {
    const user = await createUser(t.database);

    await requestResetToken(user);

    const [stored] = await tokensOf(user.id);
    expect(stored?.purpose).toBe('reset');
    const ttl = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 1000;
    expect(Math.abs(ttl - 30 * 60)).toBeLessThan(60);
  });

  it('refuses a malformed e-mail with 400 and mails nothing', async () => {
    const before = await outboxCount();

    const response = await forgot('not-an-email');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, message: 'Please enter a valid email address' });
    expect(await outboxCount()).toBe(before);
  });
});

describe('POST /api/v1/auth/reset-password', () => {
  it('sets the new password: it signs in, the old one no longer does', async () => {
    const user = await createUser(t.database);
    const token = await requestResetToken(user);

    const response = await reset(token, NEW_PASSWORD);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: messages.resetPasswordSuccess });
    expect((await postLogin(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const withOld = await postLogin(user.email, user.password);
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json()).toEqual({ status: false, message: messages.invalidCredentials });
  });

  it('ends every existing session of the user', async () => {
    const user = await createUser(t.database);
    const first = await loginAs(t.app, user);
    const second = await loginAs(t.app, user);
    const token = await requestResetToken(user);

    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);

    for (const { token: sessionToken } of [first, second]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/profile',
        headers: bearer(sessionToken),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: false, message: messages.sessionExpired });
    }
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), sql`${sessions.revokedAt} is null`));
    expect(live).toHaveLength(0);
  });

  it('accepts a link once: the second use gets 400 "This password reset link is invalid or has expired."', async () => {
    const user = await createUser(t.database);
    const token = await requestResetToken(user);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
    const hashAfterFirstUse = await passwordHashOf(user.id);

    const second = await reset(token, 'An0ther!Passw0rd');

    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ status: false, message: 'This password reset link is invalid or has expired.' });
    expect(await passwordHashOf(user.id)).toBe(hashAfterFirstUse);
  });

  it('accepts a link once even when 20 uses arrive together: one 200, 19 times 400, the winner’s password set', async () => {
    const user = await createUser(t.database);
    const token = await requestResetToken(user);
    const passwords = Array.from({ length: 20 }, (_, index) => `N3w!Passw0rd${index}`);

    const responses = await Promise.all(passwords.map((password) => reset(token, password)));

    const winners = passwords.filter((_, index) => responses[index]!.statusCode === 200);
    expect(winners).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(refused.map((response) => [response.statusCode, response.json()])).toEqual(
      Array(19).fill([400, { status: false, message: messages.resetTokenInvalid }]),
    );
    expect((await postLogin(user.email, winners[0]!)).statusCode).toBe(200);
  });

  it('burns the other outstanding links of the user once one is used', async () => {
    const user = await createUser(t.database);
    const older = await requestResetToken(user);
    const newer = await requestResetToken(user);
    expect(older).not.toBe(newer);

    expect((await reset(newer, NEW_PASSWORD)).statusCode).toBe(200);

    const response = await reset(older, 'An0ther!Passw0rd');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message: messages.resetTokenInvalid });
  });

  it('refuses an expired link and keeps the old password', async () => {
    const user = await createUser(t.database);
    const token = await requestResetToken(user);
    await expireLinksOf(user.id);

    const response = await reset(token, NEW_PASSWORD);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message: messages.resetTokenInvalid });
    expect((await postLogin(user.email, user.password)).statusCode).toBe(200);
    expect((await tokensOf(user.id))[0]?.usedAt).toBeNull();
  });

  it('refuses a token nobody was sent', async () => {
    const response = await reset('made-up-token', NEW_PASSWORD);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message: messages.resetTokenInvalid });
  });

  it('refuses a weak password with the password-rule message and changes nothing, the link stays usable', async () => {
    const user = await createUser(t.database);
    const token = await requestResetToken(user);
    const hashBefore = await passwordHashOf(user.id);

    const response = await reset(token, 'passw0rd!x');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: false,
      message: passwordMessages.uppercase,
      errors: [{ msg: 'Password must contain an uppercase letter', path: 'password' }],
    });
    expect(await passwordHashOf(user.id)).toBe(hashBefore);
    expect((await tokensOf(user.id))[0]?.usedAt).toBeNull();
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['Sh0rt!', passwordMessages.tooShort],
    ['n0uppercase!', passwordMessages.uppercase],
    ['N0LOWERCASE!', passwordMessages.lowercase],
    ['NoDigits!!', passwordMessages.digit],
    ['N0Special1', passwordMessages.special],
    ['Sp4ce !Passw0rd', passwordMessages.allowed],
  ])('refuses the new password %j with "%s"', async (password, message) => {
    const response = await reset('any-token', password);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, message });
  });
});

describe('GET /api/v1/auth/reset-password/{token}', () => {
  const check = (token: string, remoteAddress = uniqueIp()) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/reset-password/${encodeURIComponent(token)}`,
      remoteAddress,
    });

  it('tells a fresh link is valid, and checking does not spend it', async () => {
    const user = await createUser(t.database);
    const token = await requestResetToken(user);

    const response = await check(token);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: 'This password reset link is valid.',
      data: { state: 'valid' },
    });
    expect((await tokensOf(user.id))[0]?.usedAt).toBeNull();
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('tells a link that was used is used', async () => {
    const user = await createUser(t.database);
    const token = await requestResetToken(user);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);

    const response = await check(token);

    expect(response.json()).toEqual({
      status: true,
      message: 'This password reset link has already been used. Ask for a new one.',
      data: { state: 'used' },
    });
  });

  it('tells an expired link is expired and leaves it and the password as they were', async () => {
    const user = await createUser(t.database);
    const token = await requestResetToken(user);
    await expireLinksOf(user.id);
    const hashBefore = await passwordHashOf(user.id);

    const response = await check(token);

    expect(response.json()).toEqual({
      status: true,
      message: 'This password reset link has expired. Ask for a new one.',
      data: { state: 'expired' },
    });
    expect((await tokensOf(user.id))[0]?.usedAt).toBeNull();
    expect(await passwordHashOf(user.id)).toBe(hashBefore);
  });

  it('tells a link burnt by a newer reset is used', async () => {
    const user = await createUser(t.database);
    const first = await requestResetToken(user);
    const second = await requestResetToken(user);
    expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(200);

    expect((await check(first)).json().data).toEqual({ state: 'used' });
  });

  it('tells a token nobody was sent is invalid', async () => {
    const response = await check('made-up-token');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: 'This password reset link is not valid. Check that you copied the whole link, or ask for a new one.',
      data: { state: 'invalid' },
    });
  });

  it('answers the 11th check from one client within a minute with 429', async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await check('made-up-token', ip)).statusCode).toBe(200);

    const response = await check('made-up-token', ip);

    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ status: false, message: messages.tooManyAttempts });
  });
});

describe('attempt limits on forgot and reset', () => {
  it('answers the 11th forgot-password request from one client within a minute with 429 and Retry-After', async () => {
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await forgot(uniqueEmail('nobody'), ip)).statusCode, `request ${attempt}`).toBe(200);
    }

    const refused = await forgot(uniqueEmail('nobody'), ip);

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: messages.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('answers the 11th forgot-password request for one e-mail with 429 and mails no 11th link', async () => {
    const user = await createUser(t.database);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await forgot(user.email)).statusCode, `request ${attempt}`).toBe(200);
    }

    const refused = await forgot(user.email);
    await t.app.services.mailer.flush();

    expect(refused.statusCode).toBe(429);
    expect(await outboxTo(user.email)).toHaveLength(10);
  });

  it('answers the 11th reset attempt from one client within a minute with 429, even with a valid link', async () => {
    const user = await createUser(t.database);
    const token = await requestResetToken(user);
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await reset(`guess-${attempt}`, NEW_PASSWORD, ip)).statusCode, `attempt ${attempt}`).toBe(400);
    }

    const refused = await reset(token, NEW_PASSWORD, ip);

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: messages.tooManyAttempts });
    expect((await tokensOf(user.id))[0]?.usedAt).toBeNull();
  });
});
