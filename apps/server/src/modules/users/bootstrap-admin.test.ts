import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { uniqueIp } from '../../../test/factories.ts';

let t: TestApp;
let logLines: { level: number; msg: string }[];
const logger = () => {
  logLines = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return pino({ level: 'info' }, stream);
};
const WARN = 40;

// Every case holds whatever order it runs in: an administrator exists before and after each.
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const adminCount = async () =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, 'admin'))
  )[0]?.n;

describe('the platform administrator at start-up', () => {
  it('warns that ADMIN_EMAIL / ADMIN_PASSWORD are ignored when an administrator already exists, and creates none', async () => {
    const adminsBefore = await adminCount();

    const created = await t.app.services.users.ensureBootstrapAdmin(
      { email: 'other-admin@finboard.test', password: 'An0ther!Admin' },
      logger(),
    );

    expect(created).toBeUndefined();
    expect(logLines).toEqual([
      expect.objectContaining({
        level: WARN,
        msg: 'ADMIN_EMAIL / ADMIN_PASSWORD are set but a platform administrator already exists: they are ignored',
      }),
    ]);
    expect(await adminCount()).toBe(adminsBefore);
  });

  it('says nothing when an administrator exists and neither variable is set', async () => {
    await t.app.services.users.ensureBootstrapAdmin({}, logger());

    expect(logLines).toEqual([]);
  });

  it('returns the administrator it creates with its generated password, which signs in', async () => {
    // A platform whose only administrator became a user: the next start creates one again.
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.email, TEST_ADMIN.email));

    const created = await t.app.services.users.ensureBootstrapAdmin({}, logger());

    expect(created?.email).toBe('admin@finboard.local');
    expect(created?.password).toMatch(/\S{12,}/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: created?.email, password: created?.password },
      remoteAddress: uniqueIp(),
    });
    expect(login.statusCode).toBe(200);
  });
});
