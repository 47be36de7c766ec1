import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../test/build-app.ts';
import { bearer, createUser, login } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('route access', () => {
  it.each(['/%61pi/v1/admin/outbox', '/api/v1/%61dmin/outbox', '/api/v1/admin/%6Futbox'])(
    'guards a route reached through the percent-encoded path %s like its plain path',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: false, message: messages.unauthenticated });
    },
  );

  it('refuses a signed-in user who is not an admin on an encoded admin path, and serves the admin', async () => {
    const user = await createUser(t.database);
    const userToken = await login(t.app, user);
    const adminToken = await login(t.app, TEST_ADMIN);

    const refused = await t.app.inject({ method: 'GET', url: '/%61pi/v1/admin/outbox', headers: bearer(userToken) });
    const served = await t.app.inject({ method: 'GET', url: '/%61pi/v1/admin/outbox', headers: bearer(adminToken) });

    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: false, message: messages.forbidden });
    expect(served.statusCode).toBe(200);
  });
});
