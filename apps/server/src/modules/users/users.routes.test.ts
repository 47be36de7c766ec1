import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { emailMessages, nameMessages, passwordMessages, phoneMessages } from '@finboard/shared/validation';
import { users } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createUser, login, loginAs, uniqueEmail, uniqueIp } from '../../../test/factories.ts';

const storedUser = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const storedByEmail = (t: TestApp, email: string) => t.database.db.select().from(users).where(eq(users.email, email));
const userCount = async (t: TestApp) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;

describe('with sign-up disabled (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const updateProfile = (token: string, userId: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/auth/profile/${userId}`, headers: bearer(token), payload });

  describe('PUT /api/v1/auth/profile/:userId', () => {
    it('updates one’s own names and phone, keeping only the phone’s digits', async () => {
      const user = await createUser(t.database);
      const token = await login(t.app, user);

      const response = await updateProfile(token, user.id, {
        firstName: ' Ada ',
        lastName: 'Lovelace',
        phoneNumber: '(555) 123-4567',
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: true,
        message: messages.profileUpdated,
        data: {
          id: user.id,
          firstName: 'Ada',
          lastName: 'Lovelace',
          fullName: 'Ada Lovelace',
          phoneNumber: '5551234567',
        },
      });
      expect(await storedUser(t, user.id)).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
        phoneNumber: '5551234567',
        email: user.email,
        role: 'user',
      });
    });

    it('accepts names in any alphabet', async () => {
      const user = await createUser(t.database);
      const token = await login(t.app, user);

      const response = await updateProfile(token, user.id, {
        firstName: 'Zoë Anne',
        lastName: 'Müller',
        phoneNumber: '555.123.4567',
      });

      expect(response.statusCode).toBe(200);
      expect(await storedUser(t, user.id)).toMatchObject({ firstName: 'Zoë Anne', lastName: 'Müller' });
    });

    const validProfile = { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '5551234567' };
    it.each([
      ['a missing phone', { phoneNumber: undefined }, phoneMessages.required, 'phoneNumber'],
      ['an empty phone', { phoneNumber: '' }, 'Phone number is required', 'phoneNumber'],
      ['letters in the phone', { phoneNumber: '555-CALL-NOW' }, 'Invalid phone number format', 'phoneNumber'],
      ['a 7-digit phone', { phoneNumber: '555-1234' }, 'Phone number should have 10 digits', 'phoneNumber'],
      ['an 11-digit phone', { phoneNumber: '1 555 123 4567' }, 'Phone number should have 10 digits', 'phoneNumber'],
      [
        'digits in the first name',
        { firstName: 'Ada2' },
        'First name can only contain letters, spaces, apostrophes and hyphens',
        'firstName',
      ],
      ['digits in the last name', { lastName: 'L0velace' }, nameMessages.letters('Last name'), 'lastName'],
      ['an empty first name', { firstName: '  ' }, 'First name is required', 'firstName'],
    ])('refuses %s with 400 and its message, and changes nothing', async (_, change, message, path) => {
      const user = await createUser(t.database, { phoneNumber: '5550000000' });
      const token = await login(t.app, user);
      const before = await storedUser(t, user.id);

      const response = await updateProfile(token, user.id, { ...validProfile, ...change });

      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ status: false, message });
      // An empty value also breaks the later rules; the first error is the one shown.
      expect(body.errors[0]).toEqual({ msg: message, path });
      expect(await storedUser(t, user.id)).toEqual(before);
    });

    it('refuses to update someone else’s profile with 403 and leaves their row unchanged', async () => {
      const caller = await createUser(t.database);
      const victim = await createUser(t.database);
      const token = await login(t.app, caller);
      const before = await storedUser(t, victim.id);

      const response = await updateProfile(token, victim.id, {
        firstName: 'Mallory',
        lastName: 'Evil',
        phoneNumber: '5551234567',
      });

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status: false, message: messages.notOwnProfile });
      expect(await storedUser(t, victim.id)).toEqual(before);
    });

    it('refuses an id that is not a UUID with 400', async () => {
      const token = await login(t.app, TEST_ADMIN);

      const response = await updateProfile(token, 'not-a-uuid', {
        firstName: 'Ada',
        lastName: 'Lovelace',
        phoneNumber: '5551234567',
      });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: false, message: 'Invalid user id' });
    });

    it('answers 401 without a token', async () => {
      const user = await createUser(t.database);
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/auth/profile/${user.id}`,
        payload: { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '5551234567' },
      });

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: false, message: messages.unauthenticated });
    });
  });

  describe('GET /api/v1/user/profile', () => {
    it('returns the caller’s own profile', async () => {
      const user = await createUser(t.database, { firstName: 'Grace', lastName: 'Hopper' });
      const token = await login(t.app, user);

      const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/profile', headers: bearer(token) });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: true,
        message: messages.profileFetched,
        data: { id: user.id, fullName: 'Grace Hopper', email: user.email, role: 'user', organization_id: null },
      });
    });
  });

  describe('POST /api/v1/user (sign-up)', () => {
    it('refuses with 403 "Sign-up is disabled. Please contact your administrator." and stores no user', async () => {
      const email = uniqueEmail('signup');
      const before = await userCount(t);

      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user',
        payload: { firstName: 'New', lastName: 'Person', email, password: 'N3w!Passw0rd' },
        remoteAddress: uniqueIp(),
      });

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        status: false,
        message: 'Sign-up is disabled. Please contact your administrator.',
      });
      expect(await storedByEmail(t, email)).toHaveLength(0);
      expect(await userCount(t)).toBe(before);
    });
  });
});

describe('with sign-up enabled (ALLOW_SIGNUP=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ALLOW_SIGNUP: true });
  });
  afterAll(() => t?.close());

  const signUp = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/user', payload, headers, remoteAddress: uniqueIp() });

  it('GET /api/v1/auth/settings reports sign-up as enabled', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/settings' });

    expect(response.json()).toEqual({ status: true, message: 'OK', data: { signupEnabled: true } });
  });

  it('creates a user with role user and no organization (201), who can then sign in', async () => {
    const email = uniqueEmail('Signup').toUpperCase();

    const response = await signUp({
      firstName: 'New',
      lastName: 'Person',
      email,
      phoneNumber: '555 123 4567',
      password: 'N3w!Passw0rd',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: true,
      message: messages.signupSuccess,
      data: { email: email.toLowerCase(), role: 'user', organization_id: null, phoneNumber: '5551234567' },
    });
    const [stored] = await storedByEmail(t, email.toLowerCase());
    expect(stored).toMatchObject({ role: 'user', organizationId: null, isActive: true, mustChangePassword: false });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(response.body).not.toContain('argon2');
    const session = await loginAs(t.app, { email: email.toLowerCase(), password: 'N3w!Passw0rd' });
    expect(session.user.role).toBe('user');
  });

  it('refuses an e-mail that already has an account with 409, in any letter case, and stores nothing', async () => {
    const existing = await createUser(t.database);
    const before = await userCount(t);

    const response = await signUp({
      firstName: 'Copy',
      lastName: 'Cat',
      email: existing.email.toUpperCase(),
      password: 'N3w!Passw0rd',
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      message: 'An account with this email already exists',
      errors: [{ msg: 'An account with this email already exists', path: 'email' }],
    });
    expect(await userCount(t)).toBe(before);
    expect((await storedUser(t, existing.id)).firstName).toBe(existing.firstName);
  });

  it.each([
    ['a weak password', { password: 'password' }, passwordMessages.uppercase],
    ['a malformed e-mail', { email: 'someone@nowhere' }, emailMessages.invalid],
    ['digits in the first name', { firstName: 'R2D2' }, nameMessages.letters('First name')],
    ['a 9-digit phone', { phoneNumber: '555123456' }, phoneMessages.digits],
  ])('refuses %s with 400 and its message, and stores nothing', async (_, change, message) => {
    const email = uniqueEmail('signup');
    const before = await userCount(t);

    const response = await signUp({ firstName: 'New', lastName: 'Person', email, password: 'N3w!Passw0rd', ...change });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, message });
    expect(await userCount(t)).toBe(before);
  });

  it('refuses a signed-in organization user with 403: only an admin token adds users', async () => {
    const token = await login(t.app, await createUser(t.database));
    const email = uniqueEmail('signup');

    const response = await signUp(
      { firstName: 'New', lastName: 'Person', email, password: 'N3w!Passw0rd' },
      bearer(token),
    );

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.forbidden });
    expect(await storedByEmail(t, email)).toHaveLength(0);
  });
});
