import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingMessages } from '@finboard/shared/onboarding';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../test/build-app.ts';
import { bearer, createOrganization, login } from '../../test/factories.ts';
import { rowsOf } from '../db/client.ts';
import { auditEvents, warehouseLocations, warehouseMigrations } from '../db/schema.ts';
import { createWarehouseReaders } from '../modules/chat/warehouse-readers.ts';
import { createSecretBox } from '../platform/crypto/secret-box.ts';
import { quoteIdent, warehouseDatabaseName, warehouseRoleName, warehouseSchemaName } from './identifiers.ts';
import type { WarehouseMigration } from './migrations/migration.ts';
import { WAREHOUSE_MIGRATIONS } from './warehouse-migrations.ts';
import { createWarehouseService } from './warehouse.service.ts';

/**
 * WAREHOUSE_ISOLATION=database: every organization's warehouse in a PostgreSQL database of its own. PostgreSQL
 * only by nature (the embedded database is one database), so this file runs in the api-postgres project alone
 * (vitest.config.ts leaves *.postgres.test.ts out of api-pglite); the refusal on PGlite is warehouse-locator.test.ts.
 */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp({ WAREHOUSE_ISOLATION: 'database' });
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

const warehouse = () => t.app.services.warehouse;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(adminToken) });
const createDatabase = (orgID: string, databaseName: string, cloneFromDatabase?: string) =>
  post('/api/v1/onboard/sql/create-database', { orgID, databaseJson: { databaseName, cloneFromDatabase } });

/** A short-lived connection to `database` on the test server, as the platform's user. */
async function onDatabase<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(t.database.url!);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const schemaExistsIn = (database: string, organizationId: string) =>
  onDatabase(database, async (client) => {
    const found = await client.query('select 1 from pg_namespace where nspname = $1', [
      warehouseSchemaName(organizationId),
    ]);
    return found.rowCount === 1;
  });
const platformDatabase = () => new URL(t.database.url!).pathname.slice(1);
const countOf = (organizationId: string, table: string) =>
  warehouse().withOrganization(organizationId, async (tx) => {
    const [row] = rowsOf<{ n: number }>(await tx.execute(sql.raw(`select count(*)::int as n from "${table}"`)));
    return row!.n;
  });

/** An organization whose warehouse (its own database) holds two periods, three accounts and a journal. */
async function organizationWithBooks() {
  const organization = await createOrganization(t.database);
  await warehouse().loadTables(organization.id, [
    {
      table: '00_Period',
      columns: ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'],
      rows: [
        ['2024-01', '2024-01-01', '2024-01-31', 2024, 1],
        ['2024-02', '2024-02-01', '2024-02-29', 2024, 2],
      ],
    },
    {
      table: '01_Account',
      columns: ['account_code', 'account_name', 'account_type'],
      rows: [
        ['1000', 'Cash', 'asset'],
        ['4000', 'Sales', 'revenue'],
        ['6000', 'Rent', 'expense'],
      ],
    },
    {
      table: '02_GL_Detail',
      columns: ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit'],
      rows: [
        ['J1', 1, '2024-01-05', '2024-01', '1000', '100.00', '0'],
        ['J1', 2, '2024-01-05', '2024-01', '4000', '0', '100.00'],
      ],
    },
  ]);
  return organization;
}

describe('provisioning', () => {
  it("creates the organization's warehouse in a database of its own on Create Database, recorded in the platform", async () => {
    const organization = await createOrganization(t.database);

    const response = await createDatabase(organization.id, 'acme_books');

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(onboardingMessages.databaseCreated('acme_books'));
    const name = warehouseDatabaseName(organization.id);
    const [location] = await t.database.db
      .select()
      .from(warehouseLocations)
      .where(eq(warehouseLocations.organizationId, organization.id));
    expect(location).toMatchObject({ databaseName: name, serverUrl: null });
    expect(await schemaExistsIn(name, organization.id)).toBe(true);
    // Nothing of it in the platform database.
    expect(await schemaExistsIn(platformDatabase(), organization.id)).toBe(false);
    // Every migration recorded in the organization's database and in the platform's summary.
    const own = await onDatabase(name, async (client) =>
      (await client.query('select version from warehouse_migrations order by version')).rows.map((row) => row.version),
    );
    expect(own).toEqual(WAREHOUSE_MIGRATIONS.map((migration) => migration.version));
    expect(await warehouse().versionOf(organization.id)).toBe(WAREHOUSE_MIGRATIONS.length);
    // Only the platform connects to it: PUBLIC's CONNECT is revoked.
    const connectable = await onDatabase(
      name,
      async (client) =>
        (await client.query(`select has_database_privilege('public', current_database(), 'CONNECT') as ok`)).rows[0].ok,
    );
    expect(connectable).toBe(false);

    const again = await createDatabase(organization.id, 'acme_books');
    expect(again.json().message).toBe(onboardingMessages.databaseExisted('acme_books'));
  });

  it('creates the database on first use for an organization that has none yet, and loads and reads there', async () => {
    const organization = await organizationWithBooks();

    expect(await countOf(organization.id, '02_GL_Detail')).toBe(2);
    expect(await warehouse().hasData(organization.id)).toBe(true);
    const aggregated = await warehouse().withOrganization(organization.id, async (tx) =>
      rowsOf<{ n: number }>(await tx.execute(sql.raw('select count(*)::int as n from "05_Aggregate_Refresh"'))),
    );
    expect(aggregated[0]!.n).toBeGreaterThan(0);
    const inOwnDatabase = await onDatabase(
      warehouseDatabaseName(organization.id),
      async (client) =>
        (await client.query(`select count(*)::int as n from ${warehouseSchemaName(organization.id)}."02_GL_Detail"`))
          .rows[0].n,
    );
    expect(inOwnDatabase).toBe(2);
  });

  it("writes a Studio change in the organization's database and its audit event in the platform's", async () => {
    const organization = await organizationWithBooks();

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/crud/${organization.id}/01_Account`,
      payload: { account_code: '7000', account_name: 'Travel', account_type: 'expense' },
      headers: bearer(adminToken),
    });

    expect(response.statusCode, response.body).toBe(201);
    expect(await countOf(organization.id, '01_Account')).toBe(4);
    const rowId = response.json().data.createddata.row_id as number;
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, organization.id), eq(auditEvents.entityId, `01_Account:${rowId}`)));
    expect(events.map((event) => event.action)).toEqual(['warehouse_row.created']);
  });
});

describe('tenant isolation across databases', () => {
  it("keeps each organization's role out of the other's database, and its work in its own", async () => {
    const [a, b] = [await organizationWithBooks(), await organizationWithBooks()];

    // Inside A's warehouse transaction, B's schema does not exist: it is in another database.
    const error = await warehouse()
      .withOrganization(a.id, (tx) =>
        tx.execute(sql.raw(`select count(*) from ${quoteIdent(warehouseSchemaName(b.id))}."01_Account"`)),
      )
      .catch((caught: Error) => caught);
    expect((error as { cause?: Error }).cause?.message ?? (error as Error).message).toMatch(
      /relation ".*01_Account" does not exist/,
    );
    // A's role, on B's database, reaches nothing of B's.
    const refused = await onDatabase(warehouseDatabaseName(b.id), async (client) => {
      await client.query('begin');
      await client.query(`set local role ${quoteIdent(warehouseRoleName(a.id))}`);
      return client.query(`select count(*) from ${quoteIdent(warehouseSchemaName(b.id))}."01_Account"`).then(
        () => 'read',
        (caught: Error) => caught.message,
      );
    });
    expect(refused).toBe(`permission denied for schema ${warehouseSchemaName(b.id)}`);
  });

  it("logs Chat DB's reader in to its organization's database only", async () => {
    const [a, b] = [await organizationWithBooks(), await organizationWithBooks()];
    const readers = createWarehouseReaders({
      database: t.database,
      warehouse: warehouse(),
      secrets: createSecretBox(randomBytes(32)),
    });
    try {
      const pool = await readers.poolOf(a.id);
      const { rows } = await pool.query('select current_database() as name, count(*)::int as n from "01_Account"');
      expect(rows).toEqual([{ name: warehouseDatabaseName(a.id), n: 3 }]);

      // Its role may not even connect to B's database.
      const url = new URL(t.database.url!);
      url.pathname = `/${warehouseDatabaseName(b.id)}`;
      url.username = `${warehouseRoleName(a.id)}_reader`;
      const client = new pg.Client({ connectionString: url.toString(), password: 'irrelevant' });
      const refused = await client.connect().then(
        () => 'connected',
        (caught: Error) => caught.message,
      );
      await client.end().catch(() => undefined);
      expect(refused).not.toBe('connected');
    } finally {
      await readers.close();
    }
  });
});

describe('clone and list-databases', () => {
  it("copies the source's periods and accounts across databases, never its ledger; a second run adds nothing", async () => {
    const source = await organizationWithBooks();
    const target = await createOrganization(t.database);

    const response = await createDatabase(target.id, `books_${target.id.slice(0, 8)}`, warehouseSchemaName(source.id));

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.cloned).toMatchObject({ periods: 2, accounts: 3 });
    expect(await countOf(target.id, '00_Period')).toBe(2);
    expect(await countOf(target.id, '01_Account')).toBe(3);
    expect(await countOf(target.id, '02_GL_Detail')).toBe(0);
    const periods = await warehouse().withOrganization(target.id, async (tx) =>
      rowsOf(await tx.execute(sql.raw('select "Period", end_date::text as end_date from "00_Period" order by 1'))),
    );
    expect(periods).toEqual([
      { Period: '2024-01', end_date: '2024-01-31' },
      { Period: '2024-02', end_date: '2024-02-29' },
    ]);

    expect(await warehouse().copyReferenceData(source.id, target.id)).toEqual({ periods: 0, accounts: 0 });
  });

  it("lists each organization's database with its warehouse's size and tables", async () => {
    const organization = await organizationWithBooks();
    await createDatabase(organization.id, `listed_${organization.id.slice(0, 8)}`);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/onboard/sql/list-databases',
      headers: bearer(adminToken),
    });

    expect(list.statusCode).toBe(200);
    const entry = (list.json().data.databases as { organizationId: string; size: number; tables: number }[]).find(
      (database) => database.organizationId === organization.id,
    );
    expect(entry).toMatchObject({ name: `listed_${organization.id.slice(0, 8)}` });
    expect(entry!.tables).toBeGreaterThanOrEqual(5);
    expect(entry!.size).toBeGreaterThan(0);
  });
});

describe('migrateAll', () => {
  it("brings every organization's own database to the latest migration, creating a missing one", async () => {
    const existing = await organizationWithBooks();
    const missing = randomUUID();
    const extra: WarehouseMigration = {
      version: WAREHOUSE_MIGRATIONS.length + 1,
      name: 'test-notes',
      statements: (schema) => [`CREATE TABLE ${quoteIdent(schema)}.notes (id int)`],
    };
    const service = createWarehouseService({
      database: t.database,
      logger: pino({ level: 'silent' }),
      isolation: 'database',
      migrations: [...WAREHOUSE_MIGRATIONS, extra],
    });
    try {
      const result = await service.migrateAll([existing.id, missing]);

      expect(result).toEqual({ migrated: [existing.id, missing], failed: [] });
      for (const id of [existing.id, missing]) {
        const notes = await onDatabase(
          warehouseDatabaseName(id),
          async (client) =>
            (await client.query('select to_regclass($1) is not null as present', [`${warehouseSchemaName(id)}.notes`]))
              .rows[0].present,
        );
        expect(notes).toBe(true);
        const [latest] = await t.database.db
          .select({ version: sql<number>`max(${warehouseMigrations.version})::int` })
          .from(warehouseMigrations)
          .where(eq(warehouseMigrations.organizationId, id));
        expect(latest!.version).toBe(extra.version);
      }
      // Up to date: a second run applies nothing.
      expect(await service.migrateAll([existing.id, missing])).toEqual({ migrated: [], failed: [] });
    } finally {
      await service.discard(missing);
      await service.close();
    }
    expect(
      await t.database.db.select().from(warehouseLocations).where(eq(warehouseLocations.organizationId, missing)),
    ).toEqual([]);
    // Two CREATE DATABASE and a DROP: seconds each on a busy two-core machine.
  }, 60_000);
});

describe('shutdown', () => {
  it("closes the organization databases' connections", async () => {
    const service = createWarehouseService({
      database: t.database,
      logger: pino({ level: 'silent' }),
      isolation: 'database',
    });
    const organization = await createOrganization(t.database);
    await service.provision(organization.id);
    const sessions = () =>
      t.database.pool
        .query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          warehouseDatabaseName(organization.id),
        ])
        .then((result) => result.rows[0].n as number);
    expect(await sessions()).toBeGreaterThan(0);

    await service.close();

    await expect.poll(sessions).toBe(0);
  });
});
