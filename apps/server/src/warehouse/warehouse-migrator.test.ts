/**
 * Warehouse migrations: a warehouse made by the version before them (a frozen copy of its DDL in
 * test/warehouse-v1.ts) is recorded at the baseline, then upgraded by the current list plus test-only
 * migrations: structure, rows, grants and recorded versions checked, and what a failing, concurrent
 * or interrupted run leaves behind.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { DatabaseHandle, Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { warehouseMigrations } from '../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../test/build-app.ts';
import { bearer, createOrganization, login } from '../../test/factories.ts';
import { provisionVersion1Warehouse } from '../../test/warehouse-v1.ts';
import { qualifiedName, quoteIdent, warehouseRoleName, warehouseSchemaName } from './identifiers.ts';
import { createWarehouseMigrator, LEGACY_WAREHOUSE_MARKER } from './warehouse-migrator.ts';
import type { WarehouseMigration } from './migrations/migration.ts';
import { messages } from '@finboard/shared/messages';
import { isLineageColumn } from '@finboard/shared/warehouse';
import { WAREHOUSE_MIGRATIONS } from './warehouse-migrations.ts';

let t: TestApp;
let database: DatabaseHandle;
beforeAll(async () => {
  t = await buildTestApp();
  database = t.database;
});
afterAll(() => t?.close());

const logger = pino({ level: 'silent' });
/** The shipped migrations: the test-only ones below come after them. */
const SHIPPED = WAREHOUSE_MIGRATIONS.length;
/** What a warehouse made before migrations is: migration 1. */
const BASELINE = WAREHOUSE_MIGRATIONS.slice(0, 1);
const query = async <T>(executor: Executor, statement: ReturnType<typeof sql>) =>
  rowsOf<T>(await executor.execute(statement));

/** Test-only: alters a table, adds a column, a table and a view. */
const enrichAccounts: WarehouseMigration = {
  version: SHIPPED + 1,
  name: 'test-enrich-accounts',
  statements: (schema) => {
    const t = (name: string) => qualifiedName(schema, name);
    return [
      `ALTER TABLE ${t('01_Account')} ADD COLUMN currency text NOT NULL DEFAULT 'USD'`,
      `ALTER TABLE ${t('02_GL_Detail')} ALTER COLUMN description TYPE varchar(500)`,
      `CREATE TABLE ${t('05_Entity')} (
        row_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        entity_code text NOT NULL UNIQUE
      )`,
      `CREATE VIEW ${t('vw_accounts_by_currency')} WITH (security_invoker = true) AS
        SELECT currency, count(*)::int AS accounts FROM ${t('01_Account')} GROUP BY currency`,
    ];
  },
};
/** Test-only: fails halfway on a warehouse with a non-numeric account code (its first statement succeeds). */
const numericCodes: WarehouseMigration = {
  version: SHIPPED + 2,
  name: 'test-numeric-account-codes',
  statements: (schema) => [
    `ALTER TABLE ${qualifiedName(schema, '01_Account')} ADD COLUMN code_digits int`,
    `ALTER TABLE ${qualifiedName(schema, '01_Account')} ADD CONSTRAINT "01_Account_numeric_code" CHECK (account_code ~ '^[0-9]+$')`,
  ],
};
const UPGRADE = [...WAREHOUSE_MIGRATIONS, enrichAccounts];
const versionsOf = (list: readonly WarehouseMigration[]) => list.map(({ version, name }) => ({ version, name }));
const migratorWith = (migrations: readonly WarehouseMigration[]) =>
  createWarehouseMigrator({ db: database.db, logger, migrations });

/** An organization's warehouse exactly as the version before migrations made it, with a few rows. */
async function version1Warehouse(accountCodes: [string, string] = ['1000', '4000']): Promise<string> {
  const id = randomUUID();
  const s = (name: string) => qualifiedName(warehouseSchemaName(id), name);
  await database.db.transaction(async (tx) => {
    await provisionVersion1Warehouse(tx, id);
    const [cash, sales] = accountCodes;
    for (const statement of [
      `INSERT INTO ${s('00_Period')} ("Period", start_date, end_date, fiscal_year, fiscal_period)
         VALUES ('2024-01', '2024-01-01', '2024-01-31', 2024, 1)`,
      `INSERT INTO ${s('01_Account')} (account_code, account_name, account_type)
         VALUES ('${cash}', 'Cash', 'asset'), ('${sales}', 'Sales', 'revenue')`,
      `INSERT INTO ${s('02_GL_Detail')} (journal_id, line_no, posting_date, period, account_code, description, debit, credit)
         VALUES ('J1', 1, '2024-01-05', '2024-01', '${cash}', 'Invoice 1', 100, 0),
                ('J1', 2, '2024-01-05', '2024-01', '${sales}', 'Invoice 1', 0, 100)`,
    ])
      await tx.execute(sql.raw(statement));
  });
  return id;
}

/** Every table's rows, in order, as the platform's role reads them. */
async function contents(id: string) {
  // The values only: lineage (migration 3) is checked on its own below.
  const rows = async (table: string) =>
    (
      await query<Record<string, unknown>>(
        database.db,
        sql.raw(`select * from ${qualifiedName(warehouseSchemaName(id), table)} order by row_id`),
      )
    ).map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !isLineageColumn(column))));
  return {
    periods: await rows('00_Period'),
    accounts: await rows('01_Account'),
    gl: await rows('02_GL_Detail'),
  };
}

/**
 * The warehouse as the database describes it — columns, constraints, indexes, views and every
 * privilege, the organization's own names replaced — so two warehouses can be compared whole.
 */
async function structure(id: string) {
  const schema = warehouseSchemaName(id);
  const role = warehouseRoleName(id);
  const same = (text: string | null) => text?.replaceAll(schema, '<schema>').replaceAll(role, '<role>') ?? null;
  const columns = await query<Record<string, unknown>>(
    database.db,
    sql`select table_name, column_name, ordinal_position, data_type, character_maximum_length,
          numeric_precision, numeric_scale, is_nullable, column_default, is_identity
        from information_schema.columns where table_schema = ${schema} order by table_name, ordinal_position`,
  );
  const constraints = await query<{ relation: string; name: string; definition: string }>(
    database.db,
    sql`select c.relname as relation, k.conname as name, pg_get_constraintdef(k.oid) as definition
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} order by 1, 2`,
  );
  const indexes = await query<{ name: string; definition: string }>(
    database.db,
    sql`select indexname as name, indexdef as definition from pg_indexes where schemaname = ${schema} order by 1`,
  );
  const relations = await query<{ name: string; kind: string; options: string[] | null; definition: string | null }>(
    database.db,
    sql`select c.relname as name, c.relkind::text as kind, c.reloptions as options,
          case when c.relkind = 'v' then pg_get_viewdef(c.oid) end as definition
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${schema} order by 1`,
  );
  const privileges = await query<{ relation: string; grantee: string; privilege: string }>(
    database.db,
    sql`select c.relname as relation,
          case when a.grantee = 0 then 'PUBLIC' else pg_get_userbyid(a.grantee) end as grantee,
          a.privilege_type as privilege
        from pg_class c join pg_namespace n on n.oid = c.relnamespace, aclexplode(c.relacl) a
        where n.nspname = ${schema} order by 1, 2, 3`,
  );
  const [namespace] = await query<{ comment: string | null; acl: string[] }>(
    database.db,
    sql`select obj_description(n.oid, 'pg_namespace') as comment,
          array(select case when a.grantee = 0 then 'PUBLIC' else pg_get_userbyid(a.grantee) end || ':' || a.privilege_type
                from aclexplode(n.nspacl) a order by 1) as acl
        from pg_namespace n where n.nspname = ${schema}`,
  );
  return {
    schema: namespace && { comment: namespace.comment, acl: namespace.acl.map(same) },
    columns,
    constraints: constraints.map((constraint) => ({ ...constraint, definition: same(constraint.definition) })),
    indexes: indexes.map((index) => ({ ...index, definition: same(index.definition) })),
    relations: relations.map((relation) => ({ ...relation, definition: same(relation.definition) })),
    privileges: privileges.map((privilege) => ({ ...privilege, grantee: same(privilege.grantee) })),
  };
}

/** What the organization's own role may do on a relation of its warehouse. */
const privilegesOf = async (id: string, relation: string, roleOf = id) =>
  (
    await query<{ privileges: string[] }>(
      database.db,
      sql`select array(select p from unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE']) p
            where has_table_privilege(${warehouseRoleName(roleOf)}, ${qualifiedName(warehouseSchemaName(id), relation)}, p)
          ) as privileges`,
    )
  )[0]!.privileges;

/** Runs `work` as the organization's own role with its schema on the search path (as the app does). */
const asOrganization = <T>(id: string, work: (tx: Executor) => Promise<T>) =>
  database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL ROLE ${quoteIdent(warehouseRoleName(id))}`));
    await tx.execute(sql.raw(`SET LOCAL search_path TO ${quoteIdent(warehouseSchemaName(id))}`));
    return work(tx);
  });

const recorded = async (id: string) =>
  database.db
    .select({ version: warehouseMigrations.version, name: warehouseMigrations.name })
    .from(warehouseMigrations)
    .where(eq(warehouseMigrations.organizationId, id))
    .orderBy(warehouseMigrations.version);

/** A warehouse created new by the given migrations (the reference an upgraded one must equal). */
async function freshWarehouse(migrations: readonly WarehouseMigration[]): Promise<string> {
  const id = randomUUID();
  await database.db.transaction((tx) => migratorWith(migrations).provision(tx, id));
  return id;
}

describe('a warehouse made before warehouse migrations', () => {
  it('is recorded at the baseline, unchanged otherwise: the baseline is the model it already has', async () => {
    const id = await version1Warehouse();
    const rows = await contents(id);
    const { schema: _marked, ...before } = await structure(id);
    expect(_marked?.comment).toBe(LEGACY_WAREHOUSE_MARKER);

    expect(await migratorWith(BASELINE).migrate(id)).toEqual([]);

    expect(await recorded(id)).toEqual(versionsOf(BASELINE));
    const after = await structure(id);
    expect(after.schema?.comment).toBeNull();
    expect({ ...after, schema: undefined }).toEqual({ ...before, schema: undefined });
    expect(after).toEqual(await structure(await freshWarehouse(BASELINE)));
    expect(await contents(id)).toEqual(rows);
  });
});

describe('upgrading a warehouse made by the previous version', () => {
  let id: string;
  let before: Awaited<ReturnType<typeof contents>>;
  beforeAll(async () => {
    id = await version1Warehouse();
    before = await contents(id);
  });

  it('applies the new migration: the table altered, the column, table and view added, the rows kept', async () => {
    const applied = await migratorWith(UPGRADE).migrate(id);

    // Every migration after the baseline, the shipped ones and the test's own.
    expect(applied.map((migration) => migration.name)).toEqual(UPGRADE.slice(1).map((migration) => migration.name));
    expect(await recorded(id)).toEqual(versionsOf(UPGRADE));
    const shape = await structure(id);
    expect(shape.columns).toContainEqual(
      expect.objectContaining({
        table_name: '01_Account',
        column_name: 'currency',
        data_type: 'text',
        is_nullable: 'NO',
        column_default: "'USD'::text",
      }),
    );
    expect(shape.columns).toContainEqual(
      expect.objectContaining({
        table_name: '02_GL_Detail',
        column_name: 'description',
        data_type: 'character varying',
        character_maximum_length: 500,
      }),
    );
    expect(shape.relations.map((relation) => [relation.name, relation.kind])).toEqual(
      expect.arrayContaining([
        ['05_Entity', 'r'],
        ['vw_accounts_by_currency', 'v'],
      ]),
    );
    // Rows kept; the new column filled with its default.
    const after = await contents(id);
    expect(after.periods).toEqual(before.periods);
    expect(after.gl).toEqual(before.gl);
    expect(after.accounts).toEqual(before.accounts.map((account) => ({ ...account, currency: 'USD' })));
    // Every existing row got a baseline load: one per GL source and period, one for the accounts, one for the periods.
    const schema = warehouseSchemaName(id);
    expect(
      await query(
        database.db,
        sql.raw(
          `select l.kind, l.source, l.label, (select count(*)::int from ${qualifiedName(schema, '02_GL_Detail')} g ` +
            `where g.load_id = l.load_id) as lines from ${qualifiedName(schema, '06_Load')} l order by l.label`,
        ),
      ),
    ).toEqual([
      { kind: 'baseline', source: null, label: 'Loaded before lineage was kept (Account)', lines: 0 },
      {
        kind: 'baseline',
        source: 'manual',
        label: 'Loaded before lineage was kept (GL Detail, manual, 2024-01)',
        lines: 2,
      },
      { kind: 'baseline', source: null, label: 'Loaded before lineage was kept (Period)', lines: 0 },
    ]);
    for (const table of ['00_Period', '01_Account', '02_GL_Detail'])
      expect(
        await query(
          database.db,
          sql.raw(`select count(*)::int as n from ${qualifiedName(schema, table)} where load_id is null`),
        ),
        table,
      ).toEqual([{ n: 0 }]);
    // The same warehouse as one created new by the same migrations, privileges included.
    expect(shape).toEqual(await structure(await freshWarehouse(UPGRADE)));
  });

  it("leaves the organization's role the rights it has on every table and view, and no other role any", async () => {
    for (const table of ['00_Period', '01_Account', '02_GL_Detail', '03_Budget', '04_Trial_Balance', '05_Entity'])
      expect([table, await privilegesOf(id, table)]).toEqual([table, ['SELECT', 'INSERT', 'UPDATE', 'DELETE']]);
    for (const view of ['vw_profit_and_loss', 'vw_balance_sheet', 'vw_cash_flow', 'vw_budget_vs_actual'])
      expect([view, await privilegesOf(id, view)]).toEqual([view, ['SELECT']]);
    expect(await privilegesOf(id, 'vw_accounts_by_currency')).toEqual(['SELECT']);

    const neighbour = await freshWarehouse(UPGRADE);
    expect(await privilegesOf(id, '05_Entity', neighbour)).toEqual([]);
    expect(await privilegesOf(id, 'vw_accounts_by_currency', neighbour)).toEqual([]);
    const publicRights = (await structure(id)).privileges.filter((privilege) => privilege.grantee === 'PUBLIC');
    expect(publicRights).toEqual([]);

    // As the organization itself: it writes the new table (identity included) and reads the new view.
    const seen = await asOrganization(id, async (tx) => {
      await tx.execute(sql`insert into "05_Entity" (entity_code) values ('HQ')`);
      return {
        entities: await query(tx, sql`select row_id::int as row_id, entity_code from "05_Entity"`),
        currencies: await query(tx, sql`select currency, accounts from vw_accounts_by_currency`),
      };
    });
    expect(seen).toEqual({
      entities: [{ row_id: 1, entity_code: 'HQ' }],
      currencies: [{ currency: 'USD', accounts: 2 }],
    });
  });

  it('changes nothing when run again', async () => {
    const shape = await structure(id);
    const rows = await contents(id);
    const versions = await database.db
      .select()
      .from(warehouseMigrations)
      .where(eq(warehouseMigrations.organizationId, id));

    expect(await migratorWith(UPGRADE).migrate(id)).toEqual([]);
    expect(await migratorWith(UPGRADE).migrateAll([id])).toEqual({ migrated: [], failed: [] });

    expect(await structure(id)).toEqual(shape);
    expect(await contents(id)).toEqual(rows);
    expect(
      await database.db.select().from(warehouseMigrations).where(eq(warehouseMigrations.organizationId, id)),
    ).toEqual(versions);
  });
});

describe('a migration that fails', () => {
  it('leaves that warehouse at the version before, whole, while the others are brought up to date', async () => {
    const failing = await version1Warehouse(['1000', 'SALES']);
    const passing = await version1Warehouse();
    const rows = await contents(failing);

    const result = await migratorWith([...UPGRADE, numericCodes]).migrateAll([failing, passing]);

    expect(result).toEqual({ migrated: [passing], failed: [failing] });
    // The migration before it was applied and kept; nothing of the failing one (not even its first statement).
    expect(await recorded(failing)).toEqual(versionsOf(UPGRADE));
    expect((await structure(failing)).columns.map((column) => column.column_name)).not.toContain('code_digits');
    expect(await structure(failing)).toEqual(await structure(await freshWarehouse(UPGRADE)));
    expect((await contents(failing)).gl).toEqual(rows.gl);
    expect(await recorded(passing)).toEqual(versionsOf([...UPGRADE, numericCodes]));
  });

  it('creates no new warehouse at all: role, schema and recorded versions roll back with it', async () => {
    const id = randomUUID();
    const broken: WarehouseMigration = {
      version: SHIPPED + 1,
      name: 'test-broken',
      statements: () => ['SELECT 1 / 0'],
    };

    await expect(
      database.db.transaction((tx) => migratorWith([...WAREHOUSE_MIGRATIONS, broken]).provision(tx, id)),
    ).rejects.toThrow();

    expect(await recorded(id)).toEqual([]);
    expect(await structure(id)).toMatchObject({ schema: undefined, relations: [] });
    const roles = await query(database.db, sql`select 1 from pg_roles where rolname = ${warehouseRoleName(id)}`);
    expect(roles).toEqual([]);
  });
});

describe('running', () => {
  it('applies each migration once when two migrators run at the same time', async () => {
    const id = await version1Warehouse();
    const [first, second] = await Promise.all([migratorWith(UPGRADE).migrate(id), migratorWith(UPGRADE).migrate(id)]);

    expect([...first, ...second].map((migration) => migration.version).sort((a, b) => a - b)).toEqual(
      UPGRADE.slice(1).map((migration) => migration.version),
    );
    expect(await recorded(id)).toEqual(versionsOf(UPGRADE));
  });

  it('stops between migrations when asked to (shutdown) and resumes where it stopped', async () => {
    const id = await version1Warehouse();
    const shutdown = new AbortController();
    // The signal aborts while the first new migration is applied: it completes, the next one waits.
    const interrupted: WarehouseMigration = {
      ...enrichAccounts,
      statements: (schema) => {
        shutdown.abort();
        return enrichAccounts.statements(schema);
      },
    };
    const later: WarehouseMigration = { ...numericCodes, name: 'test-later' };
    const list = [...WAREHOUSE_MIGRATIONS, interrupted, later];

    expect(await migratorWith(list).migrateAll([id], shutdown.signal)).toEqual({ migrated: [id], failed: [] });
    expect(await recorded(id)).toEqual(versionsOf([...WAREHOUSE_MIGRATIONS, interrupted]));

    expect((await migratorWith(list).migrate(id)).map((migration) => migration.name)).toEqual(['test-later']);
    expect(await recorded(id)).toEqual(versionsOf(list));
  });

  it("migrates a warehouse asked for while start-up's are queued at once, before the others", async () => {
    const ids = [await version1Warehouse(), await version1Warehouse(), await version1Warehouse()];
    const [first, second, asked] = ids.map(warehouseSchemaName);
    const order: string[] = [];
    // The first one, under way when the third is asked for, takes long enough that the queue could not reach
    // the second before the third's migration began.
    const recording: WarehouseMigration = {
      ...enrichAccounts,
      statements: (schema) => {
        order.push(schema);
        return [...(schema === first ? ['SELECT pg_sleep(0.4)'] : []), ...enrichAccounts.statements(schema)];
      },
    };
    const list = [...WAREHOUSE_MIGRATIONS, recording];
    const migrator = migratorWith(list);
    let answered: Promise<void> | undefined;

    const result = await migrator.migrateAll(ids, undefined, {
      concurrency: 1,
      onQueued: () => (answered = migrator.whenCurrent(ids[2]!)),
    });

    await answered;
    expect(order.indexOf(asked!)).toBeLessThan(order.indexOf(second!));
    expect(order).toHaveLength(3);
    expect(result).toEqual({ migrated: ids, failed: [] });
    expect(migrator.progress()).toEqual({ pending: 0, done: 3, failed: 0 });
    expect(await recorded(ids[2]!)).toEqual(versionsOf(list));
  });

  it('refuses a warehouse whose migration failed (503) until the next start; the others are served', async () => {
    const failing = await version1Warehouse(['1000', 'SALES']);
    const passing = await version1Warehouse();
    const migrator = migratorWith([...UPGRADE, numericCodes]);

    expect(await migrator.migrateAll([failing, passing], undefined, { concurrency: 2 })).toEqual({
      migrated: [passing],
      failed: [failing],
    });

    await expect(migrator.whenCurrent(failing)).rejects.toMatchObject({
      statusCode: 503,
      code: 'WAREHOUSE_NOT_CURRENT',
      message: messages.warehouseNotCurrent,
    });
    await expect(migrator.whenCurrent(passing)).resolves.toBeUndefined();
    expect(migrator.progress()).toEqual({ pending: 0, done: 1, failed: 1 });
  });

  it('refuses a list that is not numbered 1, 2, 3, …', () => {
    expect(() => migratorWith([...WAREHOUSE_MIGRATIONS, numericCodes])).toThrow(
      `Warehouse migration "${numericCodes.name}" is number ${SHIPPED + 2}, expected ${SHIPPED + 1}`,
    );
  });
});

describe('start-up', () => {
  it("brings every organization's warehouse up to date in the background; the Studio sees what it added", async () => {
    const organization = await createOrganization(database);
    await database.db.transaction((tx) => provisionVersion1Warehouse(tx, organization.id));
    const missing = await createOrganization(database);

    const app = await buildApp({ config: t.config, database, logger: false, warehouseMigrations: UPGRADE });
    try {
      await app.ready();
      await app.warehousesReady();

      expect(await recorded(organization.id)).toEqual(versionsOf(UPGRADE));
      expect(await recorded(missing.id)).toEqual(versionsOf(UPGRADE));
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/crud/tables/${organization.id}`,
        headers: bearer(await login(app, TEST_ADMIN)),
      });
      expect(response.statusCode, response.body).toBe(200);
      const { tables, views } = response.json().data as { tables: { name: string }[]; views: { name: string }[] };
      expect(tables.map((table) => table.name)).toContain('05_Entity');
      expect(views.map((view) => view.name)).toContain('vw_accounts_by_currency');
      // The versions live in the platform's tables, never in the organization's own schema.
      expect(JSON.stringify(response.json())).not.toContain('migration');
    } finally {
      await app.close();
    }
  });
});
