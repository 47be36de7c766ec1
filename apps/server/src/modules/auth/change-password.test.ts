import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { passwordMessages } from '@finboard/shared/validation';
import { users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-app.ts';
import { bearer, createUser, loginAs, uniqueIp } from '../../../test/factories.ts';

const NEW_PASSWORD = 'N3w!Passw0rd';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user/change-password',
    headers: bearer(token),
    payload: { currentPassword, newPassword },
  });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const postLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: uniqueIp() });
const storedUser = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('POST /api/v1/user/change-password', () => {
  it('refuses a wrong current password with 400 "Current password is incorrect" and keeps the password', async () => {
    const user = await createUser(t.database);
    const { token } = await loginAs(t.app, user);
    const before = await storedUser(user.id);

    const response = await changePassword(token, 'Wr0ng!Password', NEW_PASSWORD);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: false,
      message: 'Current password is incorrect',
      errors: [{ msg: 'Current password is incorrect', path: 'currentPassword' }],
    });
    expect((await storedUser(user.id)).passwordHash).toBe(before.passwordHash);
  });

  it('counts wrong current passwords with sign-in guesses: the 11th attempt is 429, even with the right one', async () => {
    const user = await createUser(t.database);
    const { token } = await loginAs(t.app, user);
    const before = await storedUser(user.id);

    for (let i = 0; i < 9; i++)
      expect((await changePassword(token, `Wr0ng!Guess${i}`, NEW_PASSWORD)).statusCode).toBe(400);
    // A wrong sign-in adds to the same count: the tenth guess.
    expect((await postLogin(user.email, 'Wr0ng!Guess9')).statusCode).toBe(401);
    const refused = await changePassword(token, user.password, NEW_PASSWORD);

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: messages.tooManyAttempts });
    expect((await storedUser(user.id)).passwordHash).toBe(before.passwordHash);
  });

  it('refuses a new password equal to the current one with 400', async () => {
    const user = await createUser(t.database);
    const { token } = await loginAs(t.app, user);

    const response = await changePassword(token, user.password, user.password);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, message: messages.passwordUnchanged });
  });

  it.each([
    ['short', 'Sh0rt!', passwordMessages.tooShort],
    ['without a digit', 'NoDigits!!', passwordMessages.digit],
    ['without a special character', 'N0Special1', passwordMessages.special],
  ])('refuses a new password %s with its rule message and keeps the password', async (_, newPassword, message) => {
    const user = await createUser(t.database);
    const { token } = await loginAs(t.app, user);
    const before = await storedUser(user.id);

    const response = await changePassword(token, user.password, newPassword);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message, errors: [{ msg: message, path: 'newPassword' }] });
    expect((await storedUser(user.id)).passwordHash).toBe(before.passwordHash);
  });

  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const user = await createUser(t.database);
    const current = await loginAs(t.app, user);
    const other = await loginAs(t.app, user);

    const response = await changePassword(current.token, user.password, NEW_PASSWORD);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: messages.changePasswordSuccess,
      data: { id: user.id, email: user.email, mustChangePassword: false },
    });
    expect((await get('/api/v1/user/profile', current.token)).statusCode).toBe(200);
    const otherAfter = await get('/api/v1/user/profile', other.token);
    expect(otherAfter.statusCode).toBe(401);
    expect(otherAfter.json()).toEqual({ status: false, message: messages.sessionExpired });
    expect((await postLogin(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await postLogin(user.email, user.password)).statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/change-password',
      payload: { currentPassword: 'Any!Passw0rd', newPassword: NEW_PASSWORD },
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.unauthenticated });
  });
});

describe('a user who must change their password', () => {
  it('is told so at login, held at 403 everywhere but profile and change-password, then let through', async () => {
    const admin = await createUser(t.database, { role: 'admin' });
    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, admin.id));

    const session = await loginAs(t.app, admin);
    expect(session.user.mustChangePassword).toBe(true);

    const held = await get('/api/v1/admin/outbox', session.token);
    expect(held.statusCode).toBe(403);
    expect(held.json()).toEqual({ status: false, message: 'You must change your password before continuing.' });
    const profileUpdate = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/auth/profile/${admin.id}`,
      headers: bearer(session.token),
      payload: { firstName: 'Changed', lastName: 'Name', phoneNumber: '5551234567' },
    });
    expect(profileUpdate.statusCode).toBe(403);
    expect((await storedUser(admin.id)).firstName).toBe(admin.firstName);

    const profile = await get('/api/v1/user/profile', session.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.mustChangePassword).toBe(true);

    const changed = await changePassword(session.token, admin.password, NEW_PASSWORD);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.mustChangePassword).toBe(false);
    expect((await storedUser(admin.id)).mustChangePassword).toBe(false);
    expect((await get('/api/v1/admin/outbox', session.token)).statusCode).toBe(200);
  });

  it('may still sign out', async () => {
    const user = await createUser(t.database, { mustChangePassword: true });
    const { token } = await loginAs(t.app, user);

    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });

    expect(response.statusCode).toBe(200);
    expect((await get('/api/v1/user/profile', token)).statusCode).toBe(401);
  });
});
