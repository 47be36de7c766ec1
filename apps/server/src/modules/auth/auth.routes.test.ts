import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { organizationMessages } from '@finboard/shared/organizations';
import { emailMessages } from '@finboard/shared/validation';
import { organizations, sessions, users } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, loginAs, uniqueEmail, uniqueIp } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const postLogin = (payload: object, remoteAddress = uniqueIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, remoteAddress });
const getProfile = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/user/profile', headers });
const sessionsOf = (userId: string) => t.database.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('POST /api/v1/auth/login', () => {
  it('signs in the bootstrap admin with a token, its lifetime and the user without any password field', async () => {
    const response = await postLogin(TEST_ADMIN);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(true);
    expect(body.message).toBe(messages.loginSuccess);
    expect(body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.data.expiresIn).toBe(t.config.SESSION_TTL_SECONDS);
    expect(body.data.user).toMatchObject({
      email: TEST_ADMIN.email,
      role: 'admin',
      isActive: true,
      mustChangePassword: false,
    });
    expect(Object.keys(body.data.user).sort()).toEqual([
      'allDashboards',
      'createdAt',
      'dashboards',
      'email',
      'firstName',
      'fullName',
      'id',
      'isActive',
      'lastName',
      'mustChangePassword',
      'organizationName',
      'organization_id',
      'phoneNumber',
      'pipeline',
      'role',
    ]);
    expect(response.body).not.toMatch(/passwordHash|password_hash|\$argon2/);
  });

  it('accepts the e-mail in any letter case and records the session with its client', async () => {
    const user = await createUser(t.database);
    const response = await postLogin({ email: user.email.toUpperCase(), password: user.password }, '10.200.0.1');

    expect(response.statusCode).toBe(200);
    const stored = await sessionsOf(user.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ip: '10.200.0.1', revokedAt: null });
  });

  it('refuses a wrong password with 401 "Invalid email or password" and opens no session', async () => {
    const user = await createUser(t.database);
    const response = await postLogin({ email: user.email, password: 'Wr0ng!Password' });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.invalidCredentials });
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('refuses an unknown e-mail with the same 401 answer as a wrong password', async () => {
    const response = await postLogin({ email: uniqueEmail('nobody'), password: 'Any!Passw0rd' });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.invalidCredentials });
  });

  it('refuses a malformed e-mail with 400 and the e-mail rule message', async () => {
    const response = await postLogin({ email: 'not-an-email', password: 'Any!Passw0rd' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: false,
      message: emailMessages.invalid,
      errors: [{ msg: emailMessages.invalid, path: 'email' }],
    });
  });

  it('refuses an empty password with 400 "Password is required"', async () => {
    const response = await postLogin({ email: TEST_ADMIN.email, password: '' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, message: 'Password is required' });
  });

  it('answers the 11th failed login from one client within a minute with 429 and Retry-After, even with the right password', async () => {
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const failed = await postLogin({ email: uniqueEmail('guess'), password: 'Wr0ng!Password' }, ip);
      expect(failed.statusCode, `attempt ${attempt}`).toBe(401);
    }

    const refused = await postLogin(TEST_ADMIN, ip);

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: messages.tooManyAttempts });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another client is not affected.
    expect((await postLogin(TEST_ADMIN)).statusCode).toBe(200);
  });

  it('answers 429 once one e-mail has 10 failures, whichever clients they came from', async () => {
    const user = await createUser(t.database);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await postLogin({ email: user.email, password: 'Wr0ng!Password' })).statusCode).toBe(401);
    }

    const refused = await postLogin({ email: user.email, password: user.password });

    expect(refused.statusCode).toBe(429);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('refuses a deactivated user with 403 even with the right password and opens no session', async () => {
    const user = await createUser(t.database);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));

    const response = await postLogin({ email: user.email, password: user.password });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.accountDisabled });
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('ends the sessions of a user deactivated after signing in: the token gets 401', async () => {
    const user = await createUser(t.database);
    const { token } = await loginAs(t.app, user);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));

    const response = await getProfile(bearer(token));

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.sessionExpired });
  });

  it('refuses a user of an inactive organization with 403 and opens no session; reactivated, they sign in', async () => {
    const organization = await createOrganization(t.database, { isActive: false });
    const user = await createUser(t.database, { organizationId: organization.id });

    const response = await postLogin({ email: user.email, password: user.password });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: organizationMessages.inactive });
    expect(await sessionsOf(user.id)).toHaveLength(0);

    await t.database.db.update(organizations).set({ isActive: true }).where(eq(organizations.id, organization.id));
    expect((await postLogin({ email: user.email, password: user.password })).statusCode).toBe(200);
  });
});

describe('POST /api/v1/auth/logout', () => {
  it('ends the session: the old token then gets 401 "Your session has expired. Please login again."', async () => {
    const user = await createUser(t.database);
    const { token } = await loginAs(t.app, user);
    expect((await getProfile(bearer(token))).statusCode).toBe(200);

    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });

    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ status: true, message: messages.logoutDone });
    const after = await getProfile(bearer(token));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ status: false, message: 'Your session has expired. Please login again.' });
    const [stored] = await sessionsOf(user.id);
    expect(stored?.revokedAt).toBeInstanceOf(Date);
  });

  it("leaves the user's other sessions signed in", async () => {
    const user = await createUser(t.database);
    const first = await loginAs(t.app, user);
    const second = await loginAs(t.app, user);

    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(first.token) });

    expect((await getProfile(bearer(second.token))).statusCode).toBe(200);
  });

  it('answers 401 "Authentication required" without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.unauthenticated });
  });

  it('answers 401 session-expired to a garbage token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer('garbage.not-a.jwt'),
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.sessionExpired });
  });
});

describe('GET /api/v1/user/profile with a bearer token', () => {
  it('answers 401 "Authentication required" without a token', async () => {
    const response = await getProfile();

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.unauthenticated });
  });

  it('answers 401 session-expired to a token whose signature was altered', async () => {
    const { token } = await loginAs(t.app, TEST_ADMIN);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, -2)}${last}${token.at(-1)}`;

    const response = await getProfile(bearer(tampered));

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.sessionExpired });
  });

  it('answers 401 session-expired to a token signed by another installation', async () => {
    const other = await buildTestApp();
    try {
      const { token } = await loginAs(other.app, TEST_ADMIN);
      const response = await getProfile(bearer(token));

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: false, message: messages.sessionExpired });
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/v1/auth/settings', () => {
  it('tells the sign-in pages that sign-up is off by default, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/settings' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'OK', data: { signupEnabled: false } });
  });
});
