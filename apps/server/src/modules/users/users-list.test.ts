import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { userListResponseSchema, userMessages, userSchema } from '@finboard/shared/users';
import { userDashboards, users } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import {
  bearer,
  createDashboard,
  createOrganization,
  createUser,
  login,
  type OrganizationRow,
  type TestUser,
} from '../../../test/factories.ts';

let t: TestApp;
let adminToken: string;
let zephyr: OrganizationRow;
let alpha: OrganizationRow;
const suffix = randomBytes(3).toString('hex');
const email = (local: string) => `${local}-${suffix}@finboard.test`;
const people: Record<string, TestUser> = {};

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await login(t.app, TEST_ADMIN);
  zephyr = await createOrganization(t.database, { name: `Zephyr Holdings ${suffix}` });
  alpha = await createOrganization(t.database, { name: `alpha Partners ${suffix}` });
  const add = async (key: string, values: Parameters<typeof createUser>[1]) => {
    people[key] = await createUser(t.database, values);
  };
  // Zephyr's people, created in this order on distinct days.
  await add('lovelace', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: email('ada.lovelace'),
    organizationId: zephyr.id,
    allDashboards: false,
    createdAt: new Date('2024-01-01T00:00:00Z'),
  });
  await add('hopper', {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: email('grace'),
    organizationId: zephyr.id,
    createdAt: new Date('2024-01-02T00:00:00Z'),
  });
  await add('turing', {
    firstName: 'Alan',
    lastName: 'Turing',
    email: email('alan'),
    organizationId: zephyr.id,
    isActive: false,
    createdAt: new Date('2024-01-03T00:00:00Z'),
  });
  await add('king', {
    firstName: 'ada',
    lastName: 'King',
    email: email('zz.king'),
    organizationId: zephyr.id,
    createdAt: new Date('2024-01-04T00:00:00Z'),
  });
  await add('byron', { firstName: 'Ada', lastName: 'Byron', email: email('byron'), organizationId: alpha.id });
  // For the sorts across organizations and roles: a last name nobody else has.
  await add('sortZephyr', { firstName: 'Bea', lastName: 'Quorvath', email: email('q1'), organizationId: zephyr.id });
  await add('sortAlpha', { firstName: 'Cy', lastName: 'Quorvath', email: email('q2'), organizationId: alpha.id });
  await add('sortAdmin', { firstName: 'Al', lastName: 'Quorvath', email: email('q3'), role: 'admin' });
  // E-mails that differ only where a LIKE wildcard would match anything.
  await add('underscore', { firstName: 'Una', lastName: 'Score', email: email('under_score') });
  await add('lookalike', { firstName: 'Una', lastName: 'Scorex', email: email('underxscore') });

  const dashboard = await createDashboard(t.database, zephyr.id);
  await t.database.db.insert(userDashboards).values({ userId: people.lovelace!.id, dashboardId: dashboard.id });
});
afterAll(() => t?.close());

const list = (query: Record<string, string | number> = {}, headers: Record<string, string> = bearer(adminToken)) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/user',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers,
  });
const emailsOf = (body: { data: { email: string }[] }) => body.data.map((user) => user.email);
const allUserCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;

describe('GET /api/v1/user (admin)', () => {
  it('answers exactly the list envelope, the users of an organization sorted by name', async () => {
    const response = await list({ organization_id: zephyr.id, status: 'all' });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'message', 'pagination', 'status']);
    expect(userListResponseSchema.safeParse(body).success).toBe(true);
    expect(body.status).toBe(true);
    expect(body.message).toBe(userMessages.fetched);
    expect(body.pagination).toEqual({ total: 5, totalIsEstimate: false, page: 1, pageSize: 20 });
    expect(body.data.map((user: { fullName: string }) => user.fullName)).toEqual([
      'ada King',
      'Ada Lovelace',
      'Alan Turing',
      'Bea Quorvath',
      'Grace Hopper',
    ]);
    for (const user of body.data) expect(Object.keys(user).sort()).toEqual(Object.keys(userSchema.shape).sort());
    expect(response.body).not.toMatch(/password_?hash|\$argon2/i);
  });

  it('shows each user with their organization name and the dashboards they may see', async () => {
    const body = (await list({ email: 'ada.lovelace' })).json();

    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      id: people.lovelace!.id,
      organization_id: zephyr.id,
      organizationName: zephyr.name,
      allDashboards: false,
      dashboards: [expect.any(String)],
      isActive: true,
    });
  });

  it('without filters pages through every user, 20 at a time', async () => {
    const body = (await list()).json();

    expect(body.pagination).toEqual({ total: await allUserCount(), totalIsEstimate: false, page: 1, pageSize: 20 });
    expect(body.data.length).toBe(Math.min(20, body.pagination.total));
  });

  it('ignores empty filters', async () => {
    const body = (await list({ name: '', email: '', organization_id: '', role: '' })).json();

    expect(body.pagination.total).toBe(await allUserCount());
  });

  it.each([
    ['a last name, in any letter case', 'LOVELACE', ['ada.lovelace']],
    ['part of a first name', 'gra', ['grace']],
    ['part of a last name', 'urin', ['alan']],
    ['a full name', 'ada love', ['ada.lovelace']],
    ['a first name several people share', 'ada', ['zz.king', 'ada.lovelace']],
  ])('filters by name: %s', async (_, name, locals) => {
    const body = (await list({ organization_id: zephyr.id, name })).json();

    expect(emailsOf(body)).toEqual(locals.map(email));
    expect(body.pagination.total).toBe(locals.length);
  });

  it('takes % and _ in a filter literally, not as wildcards', async () => {
    expect((await list({ name: '%' })).json().pagination.total).toBe(0);
    expect((await list({ name: '_' })).json().pagination.total).toBe(0);

    const body = (await list({ email: `under_score-${suffix}` })).json();
    expect(emailsOf(body)).toEqual([email('under_score')]);
  });

  it('filters by part of the e-mail', async () => {
    const body = (await list({ email: `GRACE-${suffix}` })).json();

    expect(emailsOf(body)).toEqual([email('grace')]);
  });

  it('filters by organization', async () => {
    const body = (await list({ organization_id: alpha.id })).json();

    expect(emailsOf(body)).toEqual([email('byron'), email('q2')]);
    expect(body.data.every((user: { organizationName: string }) => user.organizationName === alpha.name)).toBe(true);
  });

  it('filters by role', async () => {
    const admins = (await list({ role: 'admin', pageSize: 100 })).json();
    const members = (await list({ role: 'user', organization_id: alpha.id })).json();

    expect(emailsOf(admins)).toEqual(expect.arrayContaining([TEST_ADMIN.email, email('q3')]));
    expect(admins.data.every((user: { role: string }) => user.role === 'admin')).toBe(true);
    expect(members.pagination.total).toBe(2);
  });

  it('filters by status', async () => {
    const active = (await list({ organization_id: zephyr.id, status: 'active' })).json();
    const inactive = (await list({ organization_id: zephyr.id, status: 'inactive' })).json();

    expect(active.pagination.total).toBe(4);
    expect(emailsOf(active)).not.toContain(email('alan'));
    expect(emailsOf(inactive)).toEqual([email('alan')]);
  });

  it('combines filters', async () => {
    const body = (await list({ organization_id: zephyr.id, name: 'ada', email: 'king', status: 'active' })).json();

    expect(emailsOf(body)).toEqual([email('zz.king')]);
  });

  it.each([
    ['name descending', { sortBy: 'name', sortOrder: 'desc' }, ['grace', 'q1', 'alan', 'ada.lovelace', 'zz.king']],
    ['e-mail ascending', { sortBy: 'email' }, ['ada.lovelace', 'alan', 'grace', 'q1', 'zz.king']],
    ['e-mail descending', { sortBy: 'email', sortOrder: 'desc' }, ['zz.king', 'q1', 'grace', 'alan', 'ada.lovelace']],
  ])('sorts by %s', async (_, sort, locals) => {
    const body = (await list({ organization_id: zephyr.id, ...sort })).json();

    expect(emailsOf(body)).toEqual(locals.map(email));
  });

  it('sorts by creation date, oldest or newest first', async () => {
    const oldest = (await list({ organization_id: zephyr.id, sortBy: 'createdAt', pageSize: 4 })).json();
    const newest = (await list({ organization_id: zephyr.id, sortBy: 'createdAt', sortOrder: 'desc' })).json();

    expect(emailsOf(oldest)).toEqual(['ada.lovelace', 'grace', 'alan', 'zz.king'].map(email));
    // The user created now comes before the ones backdated to 2024.
    expect(emailsOf(newest)).toEqual(['q1', 'zz.king', 'alan', 'grace', 'ada.lovelace'].map(email));
  });

  it('sorts by role, then name', async () => {
    const ascending = (await list({ name: 'quorvath', sortBy: 'role' })).json();
    const descending = (await list({ name: 'quorvath', sortBy: 'role', sortOrder: 'desc' })).json();

    expect(emailsOf(ascending)).toEqual(['q3', 'q1', 'q2'].map(email));
    expect(emailsOf(descending)).toEqual(['q2', 'q1', 'q3'].map(email));
  });

  it('sorts by organization name in any letter case, administrators (no organization) last either way', async () => {
    const ascending = (await list({ name: 'quorvath', sortBy: 'organizationName' })).json();
    const descending = (await list({ name: 'quorvath', sortBy: 'organizationName', sortOrder: 'desc' })).json();

    expect(emailsOf(ascending)).toEqual(['q2', 'q1', 'q3'].map(email));
    expect(emailsOf(descending)).toEqual(['q1', 'q2', 'q3'].map(email));
  });

  it('pages: the second page of two, and an empty page past the end', async () => {
    const second = (await list({ organization_id: zephyr.id, pageSize: 2, page: 2 })).json();
    const past = (await list({ organization_id: zephyr.id, pageSize: 2, page: 4 })).json();

    expect(emailsOf(second)).toEqual(['alan', 'q1'].map(email));
    expect(second.pagination).toEqual({ total: 5, totalIsEstimate: false, page: 2, pageSize: 2 });
    expect(past.data).toEqual([]);
    expect(past.pagination).toEqual({ total: 5, totalIsEstimate: false, page: 4, pageSize: 2 });
  });

  it.each([
    ['a page size over 100', { pageSize: 101 }, 'pageSize'],
    ['page 0', { page: 0 }, 'page'],
    ['an unknown sort field', { sortBy: 'passwordHash' }, 'sortBy'],
    ['an organization id that is not a UUID', { organization_id: 'acme' }, 'organization_id'],
    ['an unknown role', { role: 'root' }, 'role'],
    ['an unknown status', { status: 'deleted' }, 'status'],
  ])('refuses %s with 400', async (_, query, path) => {
    const response = await list(query);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, errors: [expect.objectContaining({ path })] });
  });

  it('refuses an organization user with 403', async () => {
    const token = await login(t.app, people.lovelace!);

    const response = await list({}, bearer(token));

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.forbidden });
  });

  it('answers 401 without a token', async () => {
    const response = await list({}, {});

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.unauthenticated });
  });
});
