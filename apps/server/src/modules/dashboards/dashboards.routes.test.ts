import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_DASHBOARDS, dashboardMessages } from '@finboard/shared/dashboards';
import { organizationMessages } from '@finboard/shared/organizations';
import { auditEvents, dashboards, userDashboards } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createDashboard, createOrganization, createUser, login } from '../../../test/factories.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

const entry = (name: string, overrides: Record<string, unknown> = {}) => ({
  dashboard: name,
  url: 'https://app.powerbi.com/reportEmbed?reportId=5b1c',
  workspaceId: 'workspace-1',
  datasetId: 'dataset-1',
  type: 'report',
  ...overrides,
});

const base = (organizationId: string) => `/api/v1/organization/${organizationId}/dashboards`;
const stored = (organizationId: string) =>
  t.database.db
    .select()
    .from(dashboards)
    .where(eq(dashboards.organizationId, organizationId))
    .orderBy(dashboards.position);
const storedNames = async (organizationId: string) => (await stored(organizationId)).map((row) => row.name);
const auditOf = (entityId: string, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, entityId), eq(auditEvents.action, action)));

describe('POST /api/v1/organization/:id/dashboards', () => {
  const create = (organizationId: string, payload: object) =>
    t.app.inject({ method: 'POST', url: base(organizationId), headers: bearer(admin), payload });

  it('appends the dashboard at the end of the list (201) and audits it', async () => {
    const organization = await createOrganization(t.database);
    await createDashboard(t.database, organization.id, { name: 'Existing' });

    const response = await create(organization.id, entry('  Cash Flow  ', { type: 'paginatedReport' }));

    expect(response.statusCode).toBe(201);
    const dashboard = response.json().data.dashboard;
    expect(response.json()).toMatchObject({
      status: true,
      message: 'Dashboards updated successfully',
      data: {
        dashboard: {
          dashboard: 'Cash Flow',
          name: 'Cash Flow',
          url: 'https://app.powerbi.com/reportEmbed?reportId=5b1c',
          workspaceId: 'workspace-1',
          datasetId: 'dataset-1',
          type: 'paginatedReport',
          position: 1,
        },
      },
    });
    expect(await storedNames(organization.id)).toEqual(['Existing', 'Cash Flow']);
    const [event] = await auditOf(dashboard.id, 'dashboard.created');
    expect(event).toMatchObject({
      entityType: 'dashboard',
      organizationId: organization.id,
      actorEmail: TEST_ADMIN.email,
      after: { name: 'Cash Flow', type: 'paginatedReport' },
    });
  });

  it('refuses a name the organization already uses, in any letter case, with 409 and stores nothing', async () => {
    const organization = await createOrganization(t.database);
    await createDashboard(t.database, organization.id, { name: 'Sales' });

    const response = await create(organization.id, entry('SALES'));

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      message: dashboardMessages.duplicateName,
      errors: [{ msg: dashboardMessages.duplicateName, path: 'dashboard' }],
    });
    expect(await storedNames(organization.id)).toEqual(['Sales']);
  });

  it('allows the same name in another organization', async () => {
    const first = await createOrganization(t.database);
    const second = await createOrganization(t.database);
    await createDashboard(t.database, first.id, { name: 'Sales' });

    const response = await create(second.id, entry('Sales'));

    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['an empty form', {}, dashboardMessages.nameRequired, 'dashboard'],
    ['no URL', entry('Sales', { url: '' }), dashboardMessages.urlRequired, 'url'],
    ['a plain http URL', entry('Sales', { url: 'http://app.powerbi.com/x' }), dashboardMessages.urlInvalid, 'url'],
    ['no workspace', entry('Sales', { workspaceId: ' ' }), dashboardMessages.workspaceRequired, 'workspaceId'],
    ['no dataset', entry('Sales', { datasetId: undefined }), dashboardMessages.datasetRequired, 'datasetId'],
    ['an unknown type', entry('Sales', { type: 'dashboard' }), dashboardMessages.typeRequired, 'type'],
  ])('refuses %s with 400 and the spec’s message, storing nothing', async (_, payload, message, path) => {
    const organization = await createOrganization(t.database);

    const response = await create(organization.id, payload);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, message });
    expect(response.json().errors[0]).toEqual({ msg: message, path });
    expect(await stored(organization.id)).toEqual([]);
  });

  it('adds a built-in statement by its template alone, storing no Power BI fields', async () => {
    const organization = await createOrganization(t.database);

    const response = await create(organization.id, {
      dashboard: 'Monthly P&L',
      type: 'builtin',
      template: 'profit-and-loss',
      // Power BI fields sent along are not kept: a built-in entry has none.
      url: 'https://app.powerbi.com/x',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().data.dashboard).toMatchObject({
      name: 'Monthly P&L',
      type: 'builtin',
      template: 'profit-and-loss',
      url: '',
      workspaceId: '',
      datasetId: '',
      position: 0,
    });
    expect(await stored(organization.id)).toMatchObject([
      { name: 'Monthly P&L', type: 'builtin', template: 'profit-and-loss', url: '', workspaceId: '', datasetId: '' },
    ]);
  });

  it.each([
    ['no template', { dashboard: 'P&L', type: 'builtin' }],
    ['an unknown template', { dashboard: 'P&L', type: 'builtin', template: 'tax-return' }],
  ])('refuses a built-in entry with %s with 400 "Statement required", storing nothing', async (_, payload) => {
    const organization = await createOrganization(t.database);

    const response = await create(organization.id, payload);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: false,
      message: dashboardMessages.templateRequired,
      errors: [{ msg: dashboardMessages.templateRequired, path: 'template' }],
    });
    expect(await stored(organization.id)).toEqual([]);
  });

  it('keeps a report’s template null: the template belongs to built-in entries only', async () => {
    const organization = await createOrganization(t.database);

    const response = await create(organization.id, entry('Sales', { template: 'cash-flow' }));

    expect(response.statusCode).toBe(201);
    expect(await stored(organization.id)).toMatchObject([{ name: 'Sales', type: 'report', template: null }]);
  });

  it('answers 404 "Organization not found" for an unknown organization', async () => {
    const response = await create(randomUUID(), entry('Sales'));

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: organizationMessages.notFound });
  });
});

describe('PUT and DELETE /api/v1/organization/:id/dashboards/:dashboardId', () => {
  const update = (organizationId: string, dashboardId: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `${base(organizationId)}/${dashboardId}`, headers: bearer(admin), payload });
  const remove = (organizationId: string, dashboardId: string) =>
    t.app.inject({ method: 'DELETE', url: `${base(organizationId)}/${dashboardId}`, headers: bearer(admin) });

  it('edits a dashboard in place and audits before and after', async () => {
    const organization = await createOrganization(t.database);
    const dashboard = await createDashboard(t.database, organization.id, { name: 'Sales' });

    const response = await update(organization.id, dashboard.id, entry('Sales by Region', { datasetId: 'ds-9' }));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: dashboardMessages.updated,
      data: { dashboard: { id: dashboard.id, name: 'Sales by Region', datasetId: 'ds-9', position: 0 } },
    });
    expect(await stored(organization.id)).toMatchObject([{ id: dashboard.id, name: 'Sales by Region' }]);
    const [event] = await auditOf(dashboard.id, 'dashboard.updated');
    expect(event).toMatchObject({ before: { name: 'Sales' }, after: { name: 'Sales by Region', datasetId: 'ds-9' } });
  });

  it('keeps a dashboard’s own name in another case but refuses a sibling’s name with 409', async () => {
    const organization = await createOrganization(t.database);
    const sales = await createDashboard(t.database, organization.id, { name: 'Sales' });
    await createDashboard(t.database, organization.id, { name: 'Costs' });

    const recased = await update(organization.id, sales.id, entry('SALES'));
    const clash = await update(organization.id, sales.id, entry('costs'));

    expect(recased.statusCode).toBe(200);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(dashboardMessages.duplicateName);
    expect(await storedNames(organization.id)).toEqual(['SALES', 'Costs']);
  });

  it('removes a dashboard, and the grants to it, and audits it', async () => {
    const organization = await createOrganization(t.database);
    const dashboard = await createDashboard(t.database, organization.id, { name: 'Sales' });
    const user = await createUser(t.database, { organizationId: organization.id });
    await t.database.db.insert(userDashboards).values({ userId: user.id, dashboardId: dashboard.id });

    const response = await remove(organization.id, dashboard.id);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: dashboardMessages.updated });
    expect(await stored(organization.id)).toEqual([]);
    expect(await t.database.db.select().from(userDashboards).where(eq(userDashboards.userId, user.id))).toEqual([]);
    const [event] = await auditOf(dashboard.id, 'dashboard.deleted');
    expect(event).toMatchObject({ before: { name: 'Sales' }, after: null });
  });

  it('answers 404 for a dashboard of another organization addressed through this one, changing nothing', async () => {
    const mine = await createOrganization(t.database);
    const theirs = await createOrganization(t.database);
    const foreign = await createDashboard(t.database, theirs.id, { name: 'Theirs' });

    const edited = await update(mine.id, foreign.id, entry('Hijacked'));
    const deleted = await remove(mine.id, foreign.id);

    for (const response of [edited, deleted]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: false, message: dashboardMessages.notFound });
    }
    expect(await stored(theirs.id)).toEqual([foreign]);
  });
});

describe('PUT /api/v1/organization/:id/dashboards/order', () => {
  const reorder = (organizationId: string, dashboardIds: string[], token = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `${base(organizationId)}/order`,
      headers: bearer(token),
      payload: { dashboardIds },
    });

  const organizationWith = async (...names: string[]) => {
    const organization = await createOrganization(t.database);
    const rows = [];
    for (const name of names) rows.push(await createDashboard(t.database, organization.id, { name }));
    return { organization, rows };
  };

  it('saves an admin’s new order ("Dashboards updated successfully") and audits it', async () => {
    const { organization, rows } = await organizationWith('A', 'B', 'C');
    const [a, b, c] = rows;

    const response = await reorder(organization.id, [c!.id, a!.id, b!.id]);

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Dashboards updated successfully');
    expect(response.json().data.dashboards.map((d: { name: string }) => d.name)).toEqual(['C', 'A', 'B']);
    expect(await storedNames(organization.id)).toEqual(['C', 'A', 'B']);
    const [event] = await auditOf(organization.id, 'dashboards.reordered');
    expect(event).toMatchObject({
      entityType: 'organization',
      before: { dashboardIds: [a!.id, b!.id, c!.id] },
      after: { dashboardIds: [c!.id, a!.id, b!.id] },
    });
  });

  it('lets an organization user reorder the dashboards they see among their own places', async () => {
    const { organization, rows } = await organizationWith('A', 'B', 'C', 'D');
    const [, b, , d] = rows;
    const user = await createUser(t.database, { organizationId: organization.id, allDashboards: false });
    await t.database.db.insert(userDashboards).values([
      { userId: user.id, dashboardId: b!.id },
      { userId: user.id, dashboardId: d!.id },
    ]);

    const response = await reorder(organization.id, [d!.id, b!.id], await login(t.app, user));

    expect(response.statusCode).toBe(200);
    expect(response.json().data.dashboards.map((x: { name: string }) => x.name)).toEqual(['D', 'B']);
    expect(await storedNames(organization.id)).toEqual(['A', 'D', 'C', 'B']);
  });

  it.each([
    ['a dashboard of another organization', true],
    ['a repeated dashboard', false],
  ])('refuses an order with %s with 400 and changes nothing', async (_, foreign) => {
    const { organization, rows } = await organizationWith('A', 'B');
    const other = await organizationWith('X');
    const ids = foreign ? [rows[1]!.id, other.rows[0]!.id] : [rows[1]!.id, rows[1]!.id, rows[0]!.id];
    const before = await stored(organization.id);

    const response = await reorder(organization.id, ids);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: false,
      message: dashboardMessages.reorderInvalid,
      errors: [{ msg: dashboardMessages.reorderInvalid, path: 'dashboardIds' }],
    });
    expect(await stored(organization.id)).toEqual(before);
    expect(await stored(other.organization.id)).toEqual(other.rows);
  });

  it('refuses a user’s order naming a dashboard not granted to them with 400 and changes nothing', async () => {
    const { organization, rows } = await organizationWith('A', 'B');
    const user = await createUser(t.database, { organizationId: organization.id, allDashboards: false });
    await t.database.db.insert(userDashboards).values({ userId: user.id, dashboardId: rows[0]!.id });
    const before = await stored(organization.id);

    const response = await reorder(organization.id, [rows[1]!.id, rows[0]!.id], await login(t.app, user));

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(dashboardMessages.reorderInvalid);
    expect(await stored(organization.id)).toEqual(before);
  });
});

describe('built-in entries of organizations created before them (start-up)', () => {
  it('gives an organization without any the six after its own entries, once, and audits it', async () => {
    const organization = await createOrganization(t.database);
    await createDashboard(t.database, organization.id, { name: 'Cash Flow' });
    const alreadyHas = await createOrganization(t.database);
    await createDashboard(t.database, alreadyHas.id, {
      name: 'Only P&L',
      type: 'builtin',
      template: 'profit-and-loss',
      url: '',
      workspaceId: '',
      datasetId: '',
    });

    await t.app.services.dashboards.addBuiltinsWhereMissing();
    await t.app.services.dashboards.addBuiltinsWhereMissing();

    // 'Cash Flow' is the organization's own Power BI entry: the built-in one of that name is left out.
    expect(await storedNames(organization.id)).toEqual([
      'Cash Flow',
      ...BUILTIN_DASHBOARDS.map((d) => d.dashboard).filter((name) => name !== 'Cash Flow'),
    ]);
    expect((await stored(organization.id)).slice(1).every((row) => row.type === 'builtin')).toBe(true);
    expect(await auditOf(organization.id, 'dashboards.builtin_added')).toMatchObject([
      {
        actorEmail: null,
        after: { dashboards: BUILTIN_DASHBOARDS.map((d) => d.dashboard).filter((n) => n !== 'Cash Flow') },
      },
    ]);
    // An organization whose admin kept only some of them keeps its choice.
    expect(await storedNames(alreadyHas.id)).toEqual(['Only P&L']);
  });

  it('refuses a built-in row without a template, and a report row with one, in the table itself', async () => {
    const organization = await createOrganization(t.database);

    await expect(createDashboard(t.database, organization.id, { type: 'builtin' })).rejects.toThrow();
    await expect(createDashboard(t.database, organization.id, { template: 'cash-flow' })).rejects.toThrow();
    expect(await stored(organization.id)).toEqual([]);
  });
});
