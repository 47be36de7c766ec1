import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_DASHBOARDS } from '@finboard/shared/dashboards';
import { BUILTIN_REFRESH_NAME } from '@finboard/shared/data-refresh';
import { userMessages } from '@finboard/shared/users';
import { userDashboards, users } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import {
  addOrganizationThroughApi,
  bearer,
  createDashboard,
  createOrganization,
  createUser,
  login,
  uniqueEmail,
  uniqueIp,
} from '../../../test/factories.ts';

const PASSWORD = 'Ad4!Lovelace';
const SIX = BUILTIN_DASHBOARDS.map((entry) => entry.dashboard);

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

const admin = () => bearer(adminToken);
const addUser = (organizationId: string, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user',
    headers: admin(),
    remoteAddress: uniqueIp(),
    payload: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: uniqueEmail('access'),
      phoneNumber: '5551234567',
      role: 'user',
      organization_id: organizationId,
      password: PASSWORD,
      ...extra,
    },
  });
/** Signs in a user Add User gave a password, as after they changed it at their first sign-in. */
const signInAdded = async (email: string) => {
  await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.email, email));
  return login(t.app, { email, password: PASSWORD });
};
const editUser = (userId: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/user/update/${userId}`, headers: admin(), payload });
/** The dashboards' names the user's Dashboard menu and drawer show (GET /organization/:id as that user). */
const seenBy = async (organizationId: string, token: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/organization/${organizationId}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.organization.dashboards as { name: string }[]).map((d) => d.name);
};
const dashboardsOf = async (organizationId: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/organization/${organizationId}`,
    headers: admin(),
  });
  return response.json().data.organization.dashboards as { id: string; name: string }[];
};
const stored = async (userId: string) => {
  const [row] = await t.database.db
    .select({ allDashboards: users.allDashboards })
    .from(users)
    .where(eq(users.id, userId));
  const grants = await t.database.db
    .select({ id: userDashboards.dashboardId })
    .from(userDashboards)
    .where(eq(userDashboards.userId, userId));
  return { allDashboards: row!.allDashboards, grants: grants.map((g) => g.id).sort() };
};
const addDashboard = (organizationId: string, name: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/organization/${organizationId}/dashboards`,
    headers: admin(),
    payload: {
      dashboard: name,
      url: 'https://app.powerbi.com/reportEmbed?reportId=5b1c',
      workspaceId: 'workspace-1',
      datasetId: 'dataset-1',
      type: 'report',
    },
  });

describe('which dashboards a user sees', () => {
  it('a user added to a newly onboarded organization sees its six statements at once, and Refresh All works', async () => {
    const organizationId = await addOrganizationThroughApi(t.app, adminToken, 'Fresh client');

    const added = await addUser(organizationId);

    expect(added.statusCode, added.body).toBe(201);
    const user = added.json().data;
    expect(user).toMatchObject({ allDashboards: true, dashboards: [] });
    expect(await stored(user.id)).toEqual({ allDashboards: true, grants: [] });
    const token = await signInAdded(user.email);
    expect(await seenBy(organizationId, token)).toEqual(SIX);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/data-refresh/refresh-all',
      headers: bearer(token),
      payload: { organizationId },
    });
    expect(refresh.statusCode, refresh.body).toBe(200);
    expect(refresh.json().data.refreshedDatasets.map((d: { dashboardName: string }) => d.dashboardName)).toEqual([
      BUILTIN_REFRESH_NAME,
    ]);
  });

  it('a user restricted in Edit User sees only the chosen list; a dashboard added later reaches only the user who sees all', async () => {
    const organization = await createOrganization(t.database);
    await createDashboard(t.database, organization.id, { name: 'Sales' });
    const finance = await createDashboard(t.database, organization.id, { name: 'Finance' });
    const everyone = await createUser(t.database, { organizationId: organization.id });
    const restricted = await createUser(t.database, { organizationId: organization.id });

    const edited = await editUser(restricted.id, { allDashboards: false, dashboards: [finance.id] });

    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ allDashboards: false, dashboards: [finance.id] });
    expect(await stored(restricted.id)).toEqual({ allDashboards: false, grants: [finance.id] });
    const everyoneToken = await login(t.app, everyone);
    const restrictedToken = await login(t.app, restricted);
    expect(await seenBy(organization.id, everyoneToken)).toEqual(['Sales', 'Finance']);
    expect(await seenBy(organization.id, restrictedToken)).toEqual(['Finance']);

    expect((await addDashboard(organization.id, 'Later')).statusCode).toBe(201);

    expect(await seenBy(organization.id, everyoneToken)).toEqual(['Sales', 'Finance', 'Later']);
    expect(await seenBy(organization.id, restrictedToken)).toEqual(['Finance']);
    expect(await stored(everyone.id)).toEqual({ allDashboards: true, grants: [] });
  });

  it('Edit User back to all dashboards clears the chosen list and shows every dashboard', async () => {
    const organization = await createOrganization(t.database);
    const sales = await createDashboard(t.database, organization.id, { name: 'Sales' });
    await createDashboard(t.database, organization.id, { name: 'Finance' });
    const user = await createUser(t.database, { organizationId: organization.id });
    await editUser(user.id, { dashboards: [sales.id] });
    expect(await stored(user.id)).toEqual({ allDashboards: false, grants: [sales.id] });

    const response = await editUser(user.id, { allDashboards: true });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ allDashboards: true, dashboards: [] });
    expect(await stored(user.id)).toEqual({ allDashboards: true, grants: [] });
    expect(await seenBy(organization.id, await login(t.app, user))).toEqual(['Sales', 'Finance']);
  });

  it('Add User with a chosen list restricts the user from the start', async () => {
    const organizationId = await addOrganizationThroughApi(t.app, adminToken, 'Chosen');
    const [profitAndLoss] = await dashboardsOf(organizationId);

    const added = await addUser(organizationId, { allDashboards: false, dashboards: [profitAndLoss!.id] });

    expect(added.statusCode, added.body).toBe(201);
    const user = added.json().data;
    expect(await stored(user.id)).toEqual({ allDashboards: false, grants: [profitAndLoss!.id] });
    expect(await seenBy(organizationId, await signInAdded(user.email))).toEqual([profitAndLoss!.name]);
  });

  it('Add User refuses a dashboard of another organization with 400 and adds nobody', async () => {
    const organization = await createOrganization(t.database);
    const elsewhere = await createDashboard(t.database, (await createOrganization(t.database)).id);
    const email = uniqueEmail('refused');

    const added = await addUser(organization.id, { email, allDashboards: false, dashboards: [elsewhere.id] });

    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual({
      status: false,
      message: userMessages.dashboardNotInOrganization,
      errors: [{ msg: userMessages.dashboardNotInOrganization, path: 'dashboards' }],
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe('migration 0023_all-dashboards', () => {
  const migrationFile = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../drizzle/0023_all-dashboards.sql',
  );

  it('moves a user never restricted to all dashboards and keeps a granted user to their list', async () => {
    const organization = await createOrganization(t.database);
    const sales = await createDashboard(t.database, organization.id, { name: 'Sales' });
    await createDashboard(t.database, organization.id, { name: 'Finance' });
    const unrestricted = await createUser(t.database, { organizationId: organization.id });
    const granted = await createUser(t.database, { organizationId: organization.id });
    await t.database.db.insert(userDashboards).values({ userId: granted.id, dashboardId: sales.id });
    // The table as it was before the migration.
    await t.database.db.execute(sql`alter table users drop column all_dashboards`);

    for (const statement of fs.readFileSync(migrationFile, 'utf8').split('--> statement-breakpoint')) {
      await t.database.db.execute(sql.raw(statement));
    }

    expect(await stored(unrestricted.id)).toEqual({ allDashboards: true, grants: [] });
    expect(await stored(granted.id)).toEqual({ allDashboards: false, grants: [sales.id] });
    expect(await seenBy(organization.id, await login(t.app, unrestricted))).toEqual(['Sales', 'Finance']);
    expect(await seenBy(organization.id, await login(t.app, granted))).toEqual(['Sales']);
  });
});
