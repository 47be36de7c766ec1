import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBooksThroughApi } from '../../test/books-files.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../test/build-app.ts';
import { oneSaleBooks } from '../../test/one-sale-books.ts';
import { addOrganizationThroughApi, bearer, login } from '../../test/factories.ts';
import { createTestJobRunner } from '../../test/jobs.ts';
import { CONTROLLER_BOOKS } from '../../test/statement-books.ts';
import { fetchUploadKey } from '../../test/uploads.ts';
import { warehouseLocations } from '../db/schema.ts';
import { moveWarehouse, MoveRefused } from '../modules/operations/move-warehouse.ts';
import { warehouseSchemaName } from './identifiers.ts';

/**
 * WAREHOUSE_ISOLATION=shared-database (at most two warehouses per database here) and `npm run warehouse:move`, on
 * PostgreSQL alone (the embedded database is one database).
 */
const jobs = createTestJobRunner();
let t: TestApp;
let adminToken: string;
const ids: string[] = [];

beforeAll(async () => {
  // A location is read again after a second: a move is seen quickly.
  t = await buildTestApp(
    {
      WAREHOUSE_ISOLATION: 'shared-database',
      WAREHOUSE_ORGANIZATIONS_PER_DATABASE: 2,
      DATABASE_IDLE_TIMEOUT_SECONDS: 1,
    },
    { jobs: jobs.runner },
  );
  adminToken = await login(t.app, TEST_ADMIN);
  for (const amount of ['100.00', '250.50', '75.25']) {
    const id = await addOrganizationThroughApi(t.app, adminToken, 'Placed');
    await t.app.services.warehouse.loadTables(id, oneSaleBooks(amount));
    ids.push(id);
  }
});
afterAll(() => t?.close());

const platformName = () => new URL(t.database.url!).pathname.slice(1);
const locationOf = async (id: string) =>
  (await t.database.db.select().from(warehouseLocations).where(eq(warehouseLocations.organizationId, id)))[0];
/** The organization's GL lines as the Studio reads them, through the API. */
async function debitsThroughApi(id: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/crud/${id}/02_GL_Detail?page=1&pageSize=10`,
    headers: bearer(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json()
    .data.rows.map((row: { debit: string | number }) => Number(row.debit).toFixed(2))
    .sort();
}
async function schemaIn(databaseName: string, id: string): Promise<boolean> {
  const url = new URL(t.database.url!);
  url.pathname = `/${databaseName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (
      (await client.query('select 1 from pg_namespace where nspname = $1', [warehouseSchemaName(id)])).rowCount === 1
    );
  } finally {
    await client.end();
  }
}
const afterLocationsExpire = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe('placement in shared warehouse databases', () => {
  it('fills a database with two warehouses, then creates the next, recording each in warehouse_locations', async () => {
    const first = `${platformName()}_wh_0001`;
    const second = `${platformName()}_wh_0002`;

    expect((await Promise.all(ids.map(locationOf))).map((location) => location?.databaseName)).toEqual([
      first,
      first,
      second,
    ]);
    expect(await schemaIn(first, ids[0]!)).toBe(true);
    expect(await schemaIn(platformName(), ids[0]!)).toBe(false);
    expect(await debitsThroughApi(ids[2]!)).toEqual(['0.00', '75.25']);
  });

  it("loads a user's files through a pipeline run into a shared database (the organization's temporary stage there)", async () => {
    const id = await addOrganizationThroughApi(t.app, adminToken, 'Piped');
    const uploadKey = await fetchUploadKey(t.app, adminToken);

    const runs = await loadBooksThroughApi({ app: t.app, token: adminToken, uploadKey, jobs }, id, CONTROLLER_BOOKS);

    expect(runs.map((run) => run.pipelineName)).toContain('GL Detail');
    expect((await locationOf(id))?.databaseName).toMatch(new RegExp(`^${platformName()}_wh_\\d{4}$`));
    expect((await debitsThroughApi(id)).length).toBeGreaterThan(0);
  });
});

describe('npm run warehouse:move', () => {
  it('moves a warehouse into the platform database and another between shared databases, checked, then switched', async () => {
    const second = `${platformName()}_wh_0002`;

    const toPlatform = await moveWarehouse({ platformUrl: t.database.url!, organizationId: ids[2]!, toDatabase: null });
    expect(toPlatform).toMatchObject({ from: second, to: `${platformName()} (the platform database)` });
    expect(toPlatform.tables).toBeGreaterThan(5);
    const toSecond = await moveWarehouse({ platformUrl: t.database.url!, organizationId: ids[0]!, toDatabase: second });
    expect(toSecond.to).toBe(second);

    expect(await locationOf(ids[2]!)).toBeUndefined();
    expect(await schemaIn(second, ids[2]!)).toBe(false);
    expect(await schemaIn(platformName(), ids[2]!)).toBe(true);
    expect((await locationOf(ids[0]!))?.databaseName).toBe(second);
    expect(await schemaIn(`${platformName()}_wh_0001`, ids[0]!)).toBe(false);
    await afterLocationsExpire();
    expect(await debitsThroughApi(ids[2]!)).toEqual(['0.00', '75.25']);
    expect(await debitsThroughApi(ids[0]!)).toEqual(['0.00', '100.00']);
    // Its versions went with it: provisioning again finds it current.
    await t.app.services.warehouse.provision(ids[0]!);
    await t.app.services.warehouse.loadTables(ids[0]!, [
      {
        table: '02_GL_Detail',
        columns: ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit'],
        rows: [
          ['J2', 1, '2024-01-09', '2024-01', '1000', '5.00', '0'],
          ['J2', 2, '2024-01-09', '2024-01', '4000', '0', '5.00'],
        ],
      },
    ]);
    expect(await debitsThroughApi(ids[0]!)).toEqual(['0.00', '0.00', '100.00', '5.00']);
  });

  it('refuses a move to where the warehouse already is, or of an unknown organization, changing nothing', async () => {
    const where = (await locationOf(ids[1]!))!.databaseName;
    await expect(
      moveWarehouse({ platformUrl: t.database.url!, organizationId: ids[1]!, toDatabase: where }),
    ).rejects.toThrow(new MoveRefused(`The warehouse of ${ids[1]} is already in ${where}`));
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(
      moveWarehouse({ platformUrl: t.database.url!, organizationId: unknown, toDatabase: null }),
    ).rejects.toThrow(new MoveRefused(`No organization has the id ${unknown}`));
    await expect(
      moveWarehouse({ platformUrl: t.database.url!, organizationId: ids[1]!, toDatabase: null, isolation: 'database' }),
    ).rejects.toThrow(
      new MoveRefused(
        'With WAREHOUSE_ISOLATION=database every warehouse has a database of its own: move it to another database',
      ),
    );
    expect((await locationOf(ids[1]!))?.databaseName).toBe(where);
    expect(await debitsThroughApi(ids[1]!)).toEqual(['0.00', '250.50']);
  });
});
