import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { userMessages } from '@finboard/shared/users';
import { emailMessages, nameMessages } from '@finboard/shared/validation';
import { auditEvents, sessions, userDashboards, users } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import {
  bearer,
  createDashboard,
  createOrganization,
  createUser,
  login,
  loginAs,
  uniqueEmail,
  uniqueIp,
  type DashboardRow,
  type OrganizationRow,
} from '../../../test/factories.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let adminToken: string;
let adminId: string;
let organization: OrganizationRow;
let sales: DashboardRow;
let finance: DashboardRow;
let elsewhere: DashboardRow;
beforeAll(async () => {
  t = await buildTestApp();
  const session = await loginAs(t.app, TEST_ADMIN);
  adminToken = session.token;
  adminId = session.user.id;
  organization = await createOrganization(t.database, { name: 'Northwind' });
  sales = await createDashboard(t.database, organization.id, { name: 'Sales' });
  finance = await createDashboard(t.database, organization.id, { name: 'Finance' });
  const other = await createOrganization(t.database);
  elsewhere = await createDashboard(t.database, other.id);
});
afterAll(() => t?.close());

const member = (overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(t.database, { firstName: 'Ada', lastName: 'Lovelace', organizationId: organization.id, ...overrides });
const storedUser = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const grantsOf = async (userId: string) =>
  (await t.database.db.select().from(userDashboards).where(eq(userDashboards.userId, userId)))
    .map((row) => row.dashboardId)
    .sort();
const auditOf = (userId: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'user'), eq(auditEvents.entityId, userId)))
    .orderBy(auditEvents.createdAt);
const liveSessionsOf = async (userId: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  )[0]?.n;

const getUser = (userId: string, headers: Record<string, string> = bearer(adminToken)) =>
  t.app.inject({ method: 'GET', url: `/api/v1/user/${userId}`, headers });
const updateUser = (userId: string, payload: object, headers: Record<string, string> = bearer(adminToken)) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/user/update/${userId}`, payload, headers });
const setStatus = (userId: string, payload: object, headers: Record<string, string> = bearer(adminToken)) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/user/${userId}/status`, payload, headers });

describe('GET /api/v1/user/:userId (admin)', () => {
  it('answers the user with their organization name and dashboards', async () => {
    const user = await member({ phoneNumber: '5551234567', pipeline: 'nightly', allDashboards: false });
    await t.database.db.insert(userDashboards).values({ userId: user.id, dashboardId: sales.id });

    const response = await getUser(user.id);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: userMessages.fetchedOne,
      data: {
        id: user.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        fullName: 'Ada Lovelace',
        email: user.email,
        phoneNumber: '5551234567',
        role: 'user',
        organization_id: organization.id,
        organizationName: 'Northwind',
        pipeline: 'nightly',
        allDashboards: false,
        dashboards: [sales.id],
        isActive: true,
        mustChangePassword: false,
        createdAt: user.createdAt.toISOString(),
      },
    });
  });

  it('answers an unknown user with 404 "User not found"', async () => {
    const response = await getUser(UNKNOWN_ID);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: userMessages.notFound });
  });

  it('refuses an id that is not a UUID with 400', async () => {
    const response = await getUser('42');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, message: 'Invalid user id' });
  });

  it('refuses an organization user, even about a colleague, with 403', async () => {
    const caller = await member();
    const colleague = await member();

    const response = await getUser(colleague.id, bearer(await login(t.app, caller)));

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.forbidden });
  });

  it('answers 401 without a token', async () => {
    const response = await getUser((await member()).id, {});

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.unauthenticated });
  });
});

describe('PUT /api/v1/user/update/:userId (admin)', () => {
  it('changes pipeline, e-mail, full name and dashboards, and audits before and after', async () => {
    const user = await member();
    const email = uniqueEmail('Renamed').toUpperCase();

    const response = await updateUser(user.id, {
      pipeline: ' quarterly-close ',
      email,
      fullname: 'Augusta Ada  King',
      dashboards: [sales.id, finance.id, sales.id],
    });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: true,
      message: userMessages.updated,
      data: {
        id: user.id,
        firstName: 'Augusta Ada',
        lastName: 'King',
        fullName: 'Augusta Ada King',
        email: email.toLowerCase(),
        pipeline: 'quarterly-close',
        dashboards: [sales.id, finance.id].sort(),
        organization_id: organization.id,
      },
    });
    expect(await storedUser(user.id)).toMatchObject({
      firstName: 'Augusta Ada',
      lastName: 'King',
      email: email.toLowerCase(),
      pipeline: 'quarterly-close',
      passwordHash: user.passwordHash,
    });
    expect(await grantsOf(user.id)).toEqual([sales.id, finance.id].sort());

    const audit = await auditOf(user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.updated',
      actorId: adminId,
      actorEmail: TEST_ADMIN.email,
      organizationId: organization.id,
      before: { fullName: 'Ada Lovelace', email: user.email, dashboards: [], pipeline: null },
      after: body.data,
    });
    expect(JSON.stringify(audit[0])).not.toMatch(/argon2|passwordHash/);
  });

  it('makes a one-word full name the first name, with an empty last name', async () => {
    const user = await member();

    const response = await updateUser(user.id, { fullname: 'Cher' });

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ firstName: 'Cher', lastName: '', fullName: 'Cher' });
    expect(await storedUser(user.id)).toMatchObject({ firstName: 'Cher', lastName: '' });
  });

  it('replaces the dashboards granted, down to none, and changes nothing it was not sent', async () => {
    const user = await member({ pipeline: 'nightly' });
    await updateUser(user.id, { dashboards: [sales.id, finance.id] });

    expect((await updateUser(user.id, { dashboards: [finance.id] })).statusCode).toBe(200);
    expect(await grantsOf(user.id)).toEqual([finance.id]);

    expect((await updateUser(user.id, { dashboards: [] })).statusCode).toBe(200);
    expect(await grantsOf(user.id)).toEqual([]);
    expect(await storedUser(user.id)).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: user.email,
      pipeline: 'nightly',
    });
  });

  it('clears the pipeline when sent null', async () => {
    const user = await member({ pipeline: 'nightly' });

    const response = await updateUser(user.id, { pipeline: null });

    expect(response.statusCode).toBe(200);
    expect((await storedUser(user.id)).pipeline).toBeNull();
  });

  it('keeps the user’s own e-mail, in another letter case, without a clash', async () => {
    const user = await member();

    const response = await updateUser(user.id, { email: user.email.toUpperCase() });

    expect(response.statusCode).toBe(200);
    expect((await storedUser(user.id)).email).toBe(user.email);
  });

  it.each([
    ['a dashboard of another organization', () => [sales.id, elsewhere.id]],
    ['a dashboard that does not exist', () => [sales.id, '00000000-0000-4000-8000-00000000d00d']],
  ])('refuses %s with 400 and changes nothing', async (_, dashboards) => {
    const user = await member();
    await updateUser(user.id, { dashboards: [finance.id] });
    const before = await storedUser(user.id);
    const auditBefore = (await auditOf(user.id)).length;

    const response = await updateUser(user.id, { fullname: 'Changed Name', dashboards: dashboards() });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: false,
      message: userMessages.dashboardNotInOrganization,
      errors: [{ msg: userMessages.dashboardNotInOrganization, path: 'dashboards' }],
    });
    expect(await storedUser(user.id)).toEqual(before);
    expect(await grantsOf(user.id)).toEqual([finance.id]);
    expect(await auditOf(user.id)).toHaveLength(auditBefore);
  });

  it('refuses dashboards for a platform administrator, who has no organization', async () => {
    const admin = await createUser(t.database, { role: 'admin' });

    const response = await updateUser(admin.id, { dashboards: [sales.id] });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(userMessages.dashboardNotInOrganization);
    expect(await grantsOf(admin.id)).toEqual([]);
  });

  it('refuses an e-mail another account has with 409 and changes nothing', async () => {
    const user = await member();
    const other = await member();
    const before = await storedUser(user.id);

    const response = await updateUser(user.id, { email: other.email.toUpperCase(), fullname: 'Changed Name' });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      message: messages.emailTaken,
      errors: [{ msg: messages.emailTaken, path: 'email' }],
    });
    expect(await storedUser(user.id)).toEqual(before);
    expect(await auditOf(user.id)).toHaveLength(0);
  });

  it.each([
    ['digits in the full name', { fullname: 'Ada 2' }, nameMessages.letters('Full name'), 'fullname'],
    ['an empty full name', { fullname: ' ' }, 'Full name is required', 'fullname'],
    ['a malformed e-mail', { email: 'ada@home' }, emailMessages.invalid, 'email'],
    ['a dashboard id that is not a UUID', { dashboards: ['sales'] }, undefined, 'dashboards.0'],
    [
      'a pipeline over 200 characters',
      { pipeline: 'p'.repeat(201) },
      'Pipeline must be at most 200 characters',
      'pipeline',
    ],
  ])('refuses %s with 400 and changes nothing', async (_, payload, message, path) => {
    const user = await member();
    const before = await storedUser(user.id);

    const response = await updateUser(user.id, payload);

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.status).toBe(false);
    if (message) expect(body.message).toBe(message);
    expect(body.errors[0].path).toBe(path);
    expect(await storedUser(user.id)).toEqual(before);
    expect(await auditOf(user.id)).toHaveLength(0);
  });

  it('answers an unknown user with 404 "User not found"', async () => {
    const response = await updateUser(UNKNOWN_ID, { pipeline: 'x' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: userMessages.notFound });
  });

  it('refuses an organization user with 403 and changes nothing', async () => {
    const caller = await member();
    const before = await storedUser(caller.id);

    const response = await updateUser(
      caller.id,
      { pipeline: 'mine', dashboards: [sales.id] },
      bearer(await login(t.app, caller)),
    );

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.forbidden });
    expect(await storedUser(caller.id)).toEqual(before);
    expect(await grantsOf(caller.id)).toEqual([]);
  });

  it('answers 401 without a token and changes nothing', async () => {
    const user = await member();

    const response = await updateUser(user.id, { pipeline: 'x' }, {});

    expect(response.statusCode).toBe(401);
    expect((await storedUser(user.id)).pipeline).toBeNull();
  });
});

describe('PUT /api/v1/user/:userId/status (admin)', () => {
  it('deactivates a user: every session ends, sign-in is refused, the change is audited', async () => {
    const user = await member();
    const first = await login(t.app, user);
    const second = await login(t.app, user);

    const response = await setStatus(user.id, { isActive: false });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: userMessages.deactivated,
      data: { id: user.id, isActive: false },
    });
    expect((await storedUser(user.id)).isActive).toBe(false);
    expect(await liveSessionsOf(user.id)).toBe(0);
    for (const token of [first, second]) {
      const profile = await t.app.inject({ method: 'GET', url: '/api/v1/user/profile', headers: bearer(token) });
      expect(profile.statusCode).toBe(401);
      expect(profile.json()).toEqual({ status: false, message: messages.sessionExpired });
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: uniqueIp(),
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({ status: false, message: messages.accountDisabled });
    expect(await auditOf(user.id)).toMatchObject([
      {
        action: 'user.deactivated',
        actorId: adminId,
        organizationId: organization.id,
        before: { isActive: true },
        after: { isActive: false },
      },
    ]);
  });

  it('reactivates a user, who can sign in again', async () => {
    const user = await member({ isActive: false });

    const response = await setStatus(user.id, { isActive: true });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: userMessages.reactivated, data: { isActive: true } });
    expect((await loginAs(t.app, user)).user.id).toBe(user.id);
    expect(await auditOf(user.id)).toMatchObject([{ action: 'user.reactivated', after: { isActive: true } }]);
  });

  it('writes no audit event when the status does not change', async () => {
    const user = await member();

    const response = await setStatus(user.id, { isActive: true });

    expect(response.statusCode).toBe(200);
    expect(await auditOf(user.id)).toHaveLength(0);
  });

  it('refuses to let an admin deactivate themself with 400 and changes nothing', async () => {
    const response = await setStatus(adminId, { isActive: false });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message: userMessages.cannotDeactivateSelf });
    expect((await storedUser(adminId)).isActive).toBe(true);
    expect(await liveSessionsOf(adminId)).toBeGreaterThan(0);
    expect(await auditOf(adminId)).toHaveLength(0);
  });

  it('lets one admin deactivate another', async () => {
    const other = await createUser(t.database, { role: 'admin' });

    const response = await setStatus(other.id, { isActive: false });

    expect(response.statusCode).toBe(200);
    expect(await auditOf(other.id)).toMatchObject([{ action: 'user.deactivated', organizationId: null }]);
  });

  it('refuses a body without a boolean isActive with 400 and changes nothing', async () => {
    const user = await member();

    const response = await setStatus(user.id, { isActive: 'no' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, errors: [expect.objectContaining({ path: 'isActive' })] });
    expect((await storedUser(user.id)).isActive).toBe(true);
  });

  it('answers an unknown user with 404 "User not found"', async () => {
    const response = await setStatus(UNKNOWN_ID, { isActive: false });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: userMessages.notFound });
  });

  it('refuses an organization user with 403 and changes nothing', async () => {
    const caller = await member();
    const colleague = await member();

    const response = await setStatus(colleague.id, { isActive: false }, bearer(await login(t.app, caller)));

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.forbidden });
    expect((await storedUser(colleague.id)).isActive).toBe(true);
  });

  it('answers 401 without a token and changes nothing', async () => {
    const user = await member();

    const response = await setStatus(user.id, { isActive: false }, {});

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.unauthenticated });
    expect((await storedUser(user.id)).isActive).toBe(true);
  });
});
