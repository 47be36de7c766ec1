/**
 * Every organization has its warehouse: provisioned with the organization in one transaction, and at
 * start-up for organizations that predate it; the header's info bell (viewHasData) reads it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { auditEvents, dashboards, organizations, warehouseMigrations } from '../../db/schema.ts';
import { WAREHOUSE_MIGRATIONS } from '../../warehouse/warehouse-migrations.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, login } from '../../../test/factories.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const fields = () => ({
  organizationName: `Warehouse ${letters()}`,
  organizationEmail: `finance-${letters()}@acme.example`,
  organizationPhoneNumber: '5551234567',
  dashboards: [
    {
      dashboard: 'Sales',
      url: 'https://app.powerbi.com/reportEmbed?reportId=1',
      workspaceId: 'workspace-1',
      datasetId: 'dataset-1',
      type: 'report',
    },
  ],
});
const add = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/organization/add', headers: bearer(admin), payload });

/** The warehouse schemas in the database, by name. */
const warehouseSchemas = async () =>
  (
    (await t.database.db.execute(
      sql`select nspname as name from pg_namespace where nspname like 'org\_%' order by nspname`,
    )) as unknown as { rows: { name: string }[] }
  ).rows.map((row) => row.name);
/** What warehouse_migrations records, per organization. */
const recorded = (organizationId: string) =>
  t.database.db
    .select({ version: warehouseMigrations.version, name: warehouseMigrations.name })
    .from(warehouseMigrations)
    .where(eq(warehouseMigrations.organizationId, organizationId))
    .orderBy(warehouseMigrations.version);
const everyMigration = WAREHOUSE_MIGRATIONS.map(({ version, name }) => ({ version, name }));

describe('creating an organization', () => {
  it('provisions its warehouse in the same transaction', async () => {
    const response = await add(fields());

    expect(response.statusCode).toBe(201);
    const id: string = response.json().data.createdOrganization.id;
    const warehouse = t.app.services.warehouse;
    expect(await warehouseSchemas()).toContain(warehouse.schemaOf(id));
    expect(await recorded(id)).toEqual(everyMigration);
    const catalog = await warehouse.catalog(id);
    expect(catalog.relations.map((relation) => relation.name).sort()).toEqual([
      '00_Period',
      '01_Account',
      '02_GL_Detail',
      '03_Budget',
      '04_Trial_Balance',
      '05_Aggregate_Refresh',
      '05_Monthly_Balance',
      '05_Monthly_Cash_Flow',
      '06_Load',
      '06_Load_Change',
      '06_Load_File',
      'vw_balance_sheet',
      'vw_budget_vs_actual',
      'vw_cash_flow',
      'vw_profit_and_loss',
    ]);
  });

  it('stores nothing when the warehouse cannot be provisioned', async () => {
    const warehouse = t.app.services.warehouse;
    const provision = vi.spyOn(warehouse, 'provision').mockRejectedValueOnce(new Error('out of disk'));
    const schemasBefore = await warehouseSchemas();
    const input = fields();

    const response = await add(input);

    expect(provision).toHaveBeenCalledTimes(1);
    const [id] = provision.mock.calls[0]!;
    provision.mockRestore();
    expect(response.statusCode).toBe(500);
    expect(response.json().status).toBe(false);
    expect(
      await t.database.db.select().from(organizations).where(eq(organizations.name, input.organizationName)),
    ).toEqual([]);
    expect(await t.database.db.select().from(dashboards).where(eq(dashboards.organizationId, id))).toEqual([]);
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, id))).toEqual([]);
    expect(await warehouseSchemas()).toEqual(schemasBefore);
    expect(await recorded(id)).toEqual([]);
  });

  it('rolls back a provisioned warehouse, role included, when the organization is not stored', async () => {
    const warehouse = t.app.services.warehouse;
    const original = warehouse.provision;
    const provision = vi.spyOn(warehouse, 'provision').mockImplementationOnce(async (id, tx) => {
      await original(id, tx);
      throw new Error('a later step failed');
    });
    const schemasBefore = await warehouseSchemas();
    const input = fields();

    const response = await add(input);

    const [id] = provision.mock.calls[0]!;
    provision.mockRestore();
    expect(response.statusCode).toBe(500);
    expect(
      await t.database.db.select().from(organizations).where(eq(organizations.name, input.organizationName)),
    ).toEqual([]);
    expect(await warehouseSchemas()).toEqual(schemasBefore);
    expect(await recorded(id)).toEqual([]);
    const roles = (await t.database.db.execute(
      sql`select rolname from pg_roles where rolname = ${warehouse.roleOf(id)}`,
    )) as unknown as { rows: unknown[] };
    expect(roles.rows).toEqual([]);
  });
});

describe('start-up', () => {
  it('migrates the warehouses of organizations that have none in the background, after ready, and once', async () => {
    const older = await createOrganization(t.database);
    const warehouse = t.app.services.warehouse;
    expect(await warehouseSchemas()).not.toContain(warehouse.schemaOf(older.id));

    const app = await buildApp({ config: t.config, database: t.database, logger: false });
    // Migration waits on a gate the test opens: ready() must not wait for it (it would never resolve).
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const migrateAll = app.services.warehouse.migrateAll;
    const migrate = vi.spyOn(app.services.warehouse, 'migrateAll').mockImplementation(async (ids, signal) => {
      markStarted();
      await gate;
      return migrateAll(ids, signal);
    });
    await app.ready();

    await started;
    expect(migrate).toHaveBeenCalledTimes(1);
    let migrated = false;
    const ready = app.warehousesReady().then(() => (migrated = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(migrated).toBe(false);
    expect(await warehouseSchemas()).not.toContain(warehouse.schemaOf(older.id));

    openGate();
    await ready;
    expect((await migrate.mock.results[0]!.value).migrated).toContain(older.id);
    expect(await warehouseSchemas()).toContain(warehouse.schemaOf(older.id));
    await app.close();
    const versions = await recorded(older.id);
    expect(versions).toEqual(everyMigration);

    const again = await buildApp({ config: t.config, database: t.database, logger: false });
    const migrateAgain = vi.spyOn(again.services.warehouse, 'migrateAll');
    await again.ready();
    await again.warehousesReady();
    await again.close();
    expect(migrateAgain).toHaveBeenCalledTimes(1);
    expect(await migrateAgain.mock.results[0]!.value).toEqual({ migrated: [], failed: [] });
    expect(await recorded(older.id)).toEqual(versions);
  });
});

describe('viewHasData', () => {
  const detail = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/organization/${id}`, headers: bearer(admin) })).json().data
      .viewHasData;

  it('is true once the warehouse holds GL lines, false before', async () => {
    const id: string = (await add(fields())).json().data.createdOrganization.id;
    expect(await detail(id)).toBe(false);

    const warehouse = t.app.services.warehouse;
    await warehouse.copyRows(
      id,
      '00_Period',
      ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'],
      [['2025-01', '2025-01-01', '2025-01-31', 2025, 1]],
    );
    await warehouse.copyRows(
      id,
      '01_Account',
      ['account_code', 'account_name', 'account_type'],
      [['1000', 'Bank', 'asset']],
    );
    await warehouse.copyRows(
      id,
      '02_GL_Detail',
      ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit'],
      [['J1', 1, '2025-01-05', '2025-01', '1000', '10.00']],
    );
    expect(await detail(id)).toBe(true);
  });

  it('is false for an organization whose warehouse does not exist yet', async () => {
    const organization = await createOrganization(t.database);
    expect(await detail(organization.id)).toBe(false);
  });
});
