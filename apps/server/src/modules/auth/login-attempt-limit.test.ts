import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { sessions } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-app.ts';
import { createUser, uniqueEmail, uniqueIp } from '../../../test/factories.ts';

const LIMIT = 10;
const WRONG = 'Wr0ng!Password';

let t: TestApp;
// Every attempt that gets past the limit reaches the service's login, which always checks the password (argon2,
// the slow work a limit is for): the tests count those calls. A spy on the app's own service, not a module
// mock, so it holds however the test files share their modules.
let passwordChecks: MockInstance<TestApp['app']['services']['auth']['login']>;
beforeAll(async () => {
  t = await buildTestApp();
  passwordChecks = vi.spyOn(t.app.services.auth, 'login');
});
afterAll(() => t?.close());
// A block body: mockClear returns the spy, and a function returned by beforeEach is run as its teardown.
beforeEach(() => {
  passwordChecks.mockClear();
});

const postLogin = (payload: { email: string; password: string }, remoteAddress = uniqueIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, remoteAddress });
const sessionsOf = (userId: string) => t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
const countStatuses = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe('login attempt limit under parallel guesses', () => {
  it('checks at most 10 of 200 parallel guesses for one e-mail from one address; the right one (#151) gets 429', async () => {
    const user = await createUser(t.database);
    const ip = uniqueIp();
    const guesses = Array.from({ length: 200 }, (_, index) => (index === 150 ? user.password : `${WRONG}${index}`));

    const responses = await Promise.all(guesses.map((password) => postLogin({ email: user.email, password }, ip)));

    expect(passwordChecks).toHaveBeenCalledTimes(LIMIT);
    expect(passwordChecks.mock.calls.map(([, password]) => password)).not.toContain(user.password);
    expect(countStatuses(responses.map((response) => response.statusCode))).toEqual({ 401: LIMIT, 429: 200 - LIMIT });
    expect(responses[150]!.statusCode).toBe(429);
    expect(responses[150]!.json()).toEqual({ status: false, message: messages.tooManyAttempts });
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('checks at most 10 of 200 parallel guesses for one e-mail from 200 addresses', async () => {
    const user = await createUser(t.database);

    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => postLogin({ email: user.email, password: `${WRONG}${index}` })),
    );

    expect(passwordChecks).toHaveBeenCalledTimes(LIMIT);
    expect(countStatuses(responses.map((response) => response.statusCode))).toEqual({ 401: LIMIT, 429: 200 - LIMIT });
  });

  it('checks at most 10 of 200 parallel guesses for 200 e-mails from one address', async () => {
    const ip = uniqueIp();

    const responses = await Promise.all(
      Array.from({ length: 200 }, () => postLogin({ email: uniqueEmail('guess'), password: WRONG }, ip)),
    );

    expect(passwordChecks).toHaveBeenCalledTimes(LIMIT);
    expect(countStatuses(responses.map((response) => response.statusCode))).toEqual({ 401: LIMIT, 429: 200 - LIMIT });
  });
});

describe('login attempt limit for people who sign in often', () => {
  it('never blocks successful sign-ins: 15 in a row for one e-mail from one address all get 200', async () => {
    const user = await createUser(t.database);
    const ip = uniqueIp();

    for (let attempt = 1; attempt <= 15; attempt++) {
      const response = await postLogin({ email: user.email, password: user.password }, ip);
      expect(response.statusCode, `sign-in ${attempt}`).toBe(200);
    }
    expect(await sessionsOf(user.id)).toHaveLength(15);
  });

  it('keeps the failures a sign-in did not make: after 9 failures, a sign-in and a 10th failure, the 11th attempt gets 429', async () => {
    const user = await createUser(t.database);
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect((await postLogin({ email: user.email, password: WRONG })).statusCode, `failure ${attempt}`).toBe(401);
    }
    expect((await postLogin({ email: user.email, password: user.password })).statusCode).toBe(200);
    expect((await postLogin({ email: user.email, password: WRONG })).statusCode).toBe(401);
    passwordChecks.mockClear();

    const refused = await postLogin({ email: user.email, password: user.password });

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: messages.tooManyAttempts });
    expect(passwordChecks).not.toHaveBeenCalled();
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it('does not count a refused attempt on any key: 10 refusals for a blocked e-mail leave the address its attempts', async () => {
    const blocked = await createUser(t.database);
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      expect((await postLogin({ email: blocked.email, password: WRONG })).statusCode).toBe(401);
    }
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      expect((await postLogin({ email: blocked.email, password: blocked.password }, ip)).statusCode).toBe(429);
    }
    passwordChecks.mockClear();

    // Ten failures from the address still run ten password checks; only the eleventh is refused.
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      expect((await postLogin({ email: uniqueEmail('guess'), password: WRONG }, ip)).statusCode).toBe(401);
    }
    expect((await postLogin({ email: uniqueEmail('guess'), password: WRONG }, ip)).statusCode).toBe(429);
    expect(passwordChecks).toHaveBeenCalledTimes(LIMIT);
  });
});
