import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { openTestDatabase } from '../../test/database.ts';
import { CANONICAL_COLUMNS, CANONICAL_TABLES, CANONICAL_VIEWS } from './canonical-model.ts';
import { UnknownIdentifierError, warehouseSchemaName } from './identifiers.ts';
import { createWarehouseService, type WarehouseService } from './warehouse.service.ts';
import { WAREHOUSE_AGGREGATES, WAREHOUSE_LINEAGE } from '@finboard/shared/warehouse';
import { WAREHOUSE_MIGRATIONS } from './warehouse-migrations.ts';

let database: DatabaseHandle;
let warehouse: WarehouseService;
const orgA = randomUUID();
const orgB = randomUUID();

beforeAll(async () => {
  database = await openTestDatabase();
  warehouse = createWarehouseService({ database, logger: pino({ level: 'silent' }) });
  await warehouse.provision(orgA);
  await warehouse.provision(orgB);
});
afterAll(() => database?.close());

const query = async <T>(executor: Executor, statement: ReturnType<typeof sql>) =>
  rowsOf<T>(await executor.execute(statement));
/** The SQLSTATE of a failed statement, through Drizzle's wrapper. */
const sqlState = (error: unknown): string | undefined => {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
};
const failureOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return { code: sqlState(error), message: String((error as Error).message) + String((error as Error).cause ?? '') };
  }
  throw new Error('expected the statement to fail');
};
const count = (organizationId: string, table: string) =>
  warehouse.withOrganization(organizationId, async (tx) => {
    const [row] = await query<{ n: number }>(tx, sql.raw(`select count(*)::int as n from "${table}"`));
    return row!.n;
  });

describe('provisioning', () => {
  it('creates the schema, the tables and the views, and running it again changes nothing', async () => {
    const objects = () =>
      query<{ name: string; type: string }>(
        database.db,
        sql`select table_name as name, table_type as type from information_schema.tables
            where table_schema = ${warehouse.schemaOf(orgA)} order by table_name`,
      );
    const before = await objects();
    await warehouse.provision(orgA);
    await warehouse.provision(orgA);
    expect(await objects()).toEqual(before);
    expect(before).toEqual([
      // The GL's partition for the periods without their own (migration 4).
      ...[...CANONICAL_TABLES, '02_GL_Detail_default'].sort().map((name) => ({ name, type: 'BASE TABLE' })),
      ...[...WAREHOUSE_AGGREGATES].sort().map((name) => ({ name, type: 'BASE TABLE' })),
      ...[...WAREHOUSE_LINEAGE].sort().map((name) => ({ name, type: 'BASE TABLE' })),
      ...CANONICAL_VIEWS.map((name) => ({ name, type: 'VIEW' })).sort((a, b) => a.name.localeCompare(b.name)),
    ]);
  });

  it('creates only the warehouses that are missing, at the latest version', async () => {
    const orgC = randomUUID();
    expect(await warehouse.migrateAll([orgA, orgB, orgC])).toEqual({ migrated: [orgC], failed: [] });
    expect(await warehouse.versionOf(orgC)).toBe(WAREHOUSE_MIGRATIONS.length);
    expect(await warehouse.migrateAll([orgA, orgB, orgC])).toEqual({ migrated: [], failed: [] });
    expect(await warehouse.migrateAll([])).toEqual({ migrated: [], failed: [] });
  });

  it('gives every table exactly the columns and types of the canonical model', async () => {
    const columns = await query<{ table: string; column: string; type: string; nullable: string }>(
      database.db,
      sql`select c.table_name as table, c.column_name as column, c.is_nullable as nullable,
            case when c.data_type = 'numeric' then 'numeric(' || c.numeric_precision || ',' || c.numeric_scale || ')'
                 else c.data_type end as type
          from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
          where c.table_schema = ${warehouse.schemaOf(orgA)} and t.table_type = 'BASE TABLE'
          order by c.table_name, c.ordinal_position`,
    );
    const shape = (table: string) =>
      columns.filter((c) => c.table === table).map((c) => `${c.column} ${c.type}${c.nullable === 'NO' ? ' !' : ''}`);
    const money = 'numeric(18,2) !';
    // Every loaded table ends with its lineage (warehouse migration 3).
    const lineage = ['load_id bigint', 'file_id uuid', 'edit_load_id bigint'];
    expect(shape('00_Period')).toEqual([
      'row_id bigint !',
      'Period text !',
      'start_date date !',
      'end_date date !',
      'fiscal_year integer !',
      'fiscal_period integer !',
      'is_closed boolean !',
      ...lineage,
    ]);
    expect(shape('01_Account')).toEqual([
      'row_id bigint !',
      'account_code text !',
      'account_name text !',
      'account_type text !',
      'account_subtype text',
      'parent_code text',
      'is_active boolean !',
      ...lineage,
    ]);
    expect(shape('02_GL_Detail')).toEqual([
      'row_id bigint !',
      'journal_id text !',
      'line_no integer !',
      'posting_date date !',
      'period text !',
      'account_code text !',
      'description text',
      `debit ${money}`,
      `credit ${money}`,
      'entity text',
      'department text',
      'counterparty text',
      'source text !',
      'reference text',
      ...lineage,
    ]);
    expect(shape('03_Budget')).toEqual([
      'row_id bigint !',
      'period text !',
      'account_code text !',
      'department text',
      `amount ${money}`,
      ...lineage,
    ]);
    expect(shape('04_Trial_Balance')).toEqual([
      'row_id bigint !',
      'period text !',
      'account_code text !',
      `opening_balance ${money}`,
      `debit ${money}`,
      `credit ${money}`,
      `closing_balance ${money}`,
      ...lineage,
    ]);
  });

  it('keys every table by an identity row_id and its natural key, with the foreign keys of the model', async () => {
    const constraints = await query<{ table: string; type: string; columns: string; target: string | null }>(
      database.db,
      sql`select cl.relname as table, co.contype as type,
            (select string_agg(a.attname, ',' order by k.ord) from unnest(co.conkey) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = co.conrelid and a.attnum = k.num) as columns,
            (select relname from pg_class where oid = co.confrelid) as target
          from pg_constraint co join pg_class cl on cl.oid = co.conrelid
          join pg_namespace n on n.oid = cl.relnamespace
          where n.nspname = ${warehouse.schemaOf(orgA)} and co.contype in ('p', 'u', 'f') and not cl.relispartition
          order by 1, 2, 3`,
    );
    expect(constraints).toEqual([
      { table: '00_Period', type: 'p', columns: 'row_id', target: null },
      { table: '00_Period', type: 'u', columns: 'Period', target: null },
      { table: '01_Account', type: 'p', columns: 'row_id', target: null },
      { table: '01_Account', type: 'u', columns: 'account_code', target: null },
      { table: '02_GL_Detail', type: 'f', columns: 'account_code', target: '01_Account' },
      { table: '02_GL_Detail', type: 'f', columns: 'period', target: '00_Period' },
      // Partitioned by period (migration 4): PostgreSQL puts the partition key in every unique key.
      { table: '02_GL_Detail', type: 'p', columns: 'row_id,period', target: null },
      { table: '02_GL_Detail', type: 'u', columns: 'source,journal_id,line_no,period', target: null },
      { table: '03_Budget', type: 'p', columns: 'row_id', target: null },
      { table: '03_Budget', type: 'u', columns: 'period,account_code,department', target: null },
      { table: '04_Trial_Balance', type: 'p', columns: 'row_id', target: null },
      { table: '04_Trial_Balance', type: 'u', columns: 'period,account_code', target: null },
      // The reports' aggregates (migration 2): one key each, no identity.
      { table: '05_Aggregate_Refresh', type: 'p', columns: 'id', target: null },
      { table: '05_Monthly_Balance', type: 'u', columns: 'grain,period,account_code,entity,department', target: null },
      { table: '05_Monthly_Cash_Flow', type: 'u', columns: 'period,entity,department', target: null },
      // Lineage (migration 3): loads, their files and what they removed or overwrote.
      { table: '06_Load', type: 'p', columns: 'load_id', target: null },
      { table: '06_Load_Change', type: 'f', columns: 'load_id', target: '06_Load' },
      { table: '06_Load_Change', type: 'p', columns: 'load_id,table_name,row_id', target: null },
      { table: '06_Load_File', type: 'f', columns: 'load_id', target: '06_Load' },
      { table: '06_Load_File', type: 'p', columns: 'load_id,file_id', target: null },
    ]);
    const identities = await query<{ table: string }>(
      database.db,
      sql`select table_name as table from information_schema.columns
          where table_schema = ${warehouse.schemaOf(orgA)} and column_name = 'row_id'
            and is_identity = 'YES' and identity_generation = 'ALWAYS'
            and not (select relispartition from pg_class where oid = format('%I.%I', table_schema, table_name)::regclass)
          order by 1`,
    );
    expect(identities.map((row) => row.table)).toEqual([...CANONICAL_TABLES]);
    const indexes = await query<{ name: string }>(
      database.db,
      sql`select indexname as name from pg_indexes
          where schemaname = ${warehouse.schemaOf(orgA)} and tablename = '02_GL_Detail' order by 1`,
    );
    expect(indexes.map((row) => row.name)).toEqual([
      '02_GL_Detail_account_code_idx',
      '02_GL_Detail_journal_id_idx',
      '02_GL_Detail_load_id_idx',
      '02_GL_Detail_period_account_code_idx',
      '02_GL_Detail_pkey',
      '02_GL_Detail_posting_date_idx',
      '02_GL_Detail_source_journal_id_line_no_key',
    ]);
  });

  it.each([
    [
      'a period not in YYYY-MM',
      `insert into "00_Period" ("Period", start_date, end_date, fiscal_year, fiscal_period) values ('2025-13', '2025-12-01', '2025-12-31', 2025, 12)`,
    ],
    [
      'an unknown account type',
      `insert into "01_Account" (account_code, account_name, account_type) values ('9', 'X', 'income')`,
    ],
    [
      'a negative debit',
      `insert into "02_GL_Detail" (journal_id, line_no, posting_date, period, account_code, debit) values ('J', 1, '2025-01-01', '2025-01', '1000', -1)`,
    ],
    [
      'a GL line of an unknown account',
      `insert into "02_GL_Detail" (journal_id, line_no, posting_date, period, account_code, debit) values ('J', 1, '2025-01-01', '2025-01', 'nope', 1)`,
    ],
    [
      'an unknown GL source',
      `insert into "02_GL_Detail" (journal_id, line_no, posting_date, period, account_code, source) values ('J', 1, '2025-01-01', '2025-01', '1000', 'excel')`,
    ],
    [
      'a row_id chosen by the writer',
      `insert into "01_Account" (row_id, account_code, account_name, account_type) values (1, '9', 'X', 'asset')`,
    ],
  ])('refuses %s', async (_, statement) => {
    const failure = await failureOf(
      warehouse.withOrganization(orgB, async (tx) => {
        await tx.execute(
          sql.raw(`insert into "00_Period" ("Period", start_date, end_date, fiscal_year, fiscal_period)
                   values ('2025-01', '2025-01-01', '2025-01-31', 2025, 1)`),
        );
        await tx.execute(
          sql.raw(
            `insert into "01_Account" (account_code, account_name, account_type) values ('1000', 'Cash', 'asset')`,
          ),
        );
        await tx.execute(sql.raw(statement));
      }),
    );
    expect(failure.code).toMatch(/^(23514|23503|428C9)$/);
    expect(await count(orgB, '00_Period')).toBe(0);
  });
});

describe('isolation', () => {
  it('runs as the organization role with its schema as the only search path', async () => {
    const [who] = await warehouse.withOrganization(orgA, (tx) =>
      query<{ role: string; path: string }>(
        tx,
        sql`select current_user as role, current_setting('search_path') as path`,
      ),
    );
    expect(who).toEqual({ role: warehouse.roleOf(orgA), path: warehouse.schemaOf(orgA) });
    // SET LOCAL ends with the transaction: the pool's connection is the application's again.
    const [after] = await query<{ role: string }>(database.db, sql`select current_user as role`);
    expect(after!.role).not.toBe(warehouse.roleOf(orgA));
  });

  it("refuses another organization's tables and views inside withOrganization", async () => {
    for (const relation of ['02_GL_Detail', '00_Period', 'vw_profit_and_loss']) {
      const failure = await failureOf(
        warehouse.withOrganization(orgA, (tx) =>
          tx.execute(sql.raw(`select * from "${warehouse.schemaOf(orgB)}"."${relation}"`)),
        ),
      );
      expect(failure.code).toBe('42501');
      expect(failure.message).toContain(`permission denied for schema ${warehouse.schemaOf(orgB)}`);
    }
    const write = await failureOf(
      warehouse.withOrganization(orgA, (tx) =>
        tx.execute(sql.raw(`delete from "${warehouse.schemaOf(orgB)}"."02_GL_Detail"`)),
      ),
    );
    expect(write.code).toBe('42501');
  });

  it('refuses the platform tables inside withOrganization', async () => {
    for (const table of ['public.users', 'public.organizations', 'public.sessions', 'public.audit_events']) {
      const failure = await failureOf(
        warehouse.withOrganization(orgA, (tx) => tx.execute(sql.raw(`select * from ${table}`))),
      );
      expect(failure.code, table).toBe('42501');
      expect(failure.message).toContain(`permission denied for table ${table.slice('public.'.length)}`);
    }
    const migrations = await failureOf(
      warehouse.withOrganization(orgA, (tx) => tx.execute(sql.raw('select * from drizzle.__drizzle_migrations'))),
    );
    expect(migrations.code).toBe('42501');
  });

  it('lets the organization role read and change its own tables but not their structure', async () => {
    await warehouse.withOrganization(orgA, async (tx) => {
      await tx.execute(
        sql.raw(`insert into "00_Period" ("Period", start_date, end_date, fiscal_year, fiscal_period)
                 values ('2030-01', '2030-01-01', '2030-01-31', 2030, 1)`),
      );
      await tx.execute(sql.raw(`update "00_Period" set is_closed = true where "Period" = '2030-01'`));
      await tx.execute(sql.raw(`delete from "00_Period" where "Period" = '2030-01'`));
    });
    for (const statement of [
      'drop table "04_Trial_Balance"',
      'alter table "00_Period" add column x int',
      'truncate "03_Budget"',
      'create table evil (x int)',
    ]) {
      const failure = await failureOf(warehouse.withOrganization(orgA, (tx) => tx.execute(sql.raw(statement))));
      expect(failure.code, statement).toBe('42501');
    }
  });
});

describe('catalog', () => {
  it('lists the tables and views with their columns as the organization role sees them', async () => {
    const catalog = await warehouse.catalog(orgA);
    expect(catalog.schema).toBe(warehouse.schemaOf(orgA));
    expect(catalog.relations.map((relation) => `${relation.kind}:${relation.name}`).sort()).toEqual(
      [
        ...CANONICAL_TABLES.map((t) => `table:${t}`),
        ...WAREHOUSE_AGGREGATES.map((t) => `table:${t}`),
        ...WAREHOUSE_LINEAGE.map((t) => `table:${t}`),
        ...CANONICAL_VIEWS.map((v) => `view:${v}`),
      ].sort(),
    );
    const gl = catalog.relations.find((relation) => relation.name === '02_GL_Detail')!;
    expect(gl.columns[0]).toEqual({
      name: 'row_id',
      type: 'bigint',
      nullable: false,
      primaryKey: true,
      generated: true,
      hasDefault: false,
    });
    expect(gl.columns.find((column) => column.name === 'debit')).toEqual({
      name: 'debit',
      type: 'numeric',
      nullable: false,
      primaryKey: false,
      generated: false,
      hasDefault: true,
    });
    expect(gl.columns.find((column) => column.name === 'journal_id')?.hasDefault).toBe(false);
  });
});

/** N generated GL lines over 12 periods and 4 accounts; each journal of two lines balances. */
function* generatedLines(n: number, bad?: { at: number; account: string }) {
  for (let i = 0; i < n; i++) {
    const journal = Math.floor(i / 2);
    const month = (journal % 12) + 1;
    const period = `2024-${String(month).padStart(2, '0')}`;
    const amount = `${(journal % 997) + 1}.${String(journal % 100).padStart(2, '0')}`;
    const debitSide = i % 2 === 0;
    yield [
      `J${journal}`,
      (i % 2) + 1,
      `${period}-15`,
      period,
      bad?.at === i ? bad.account : debitSide ? '5000' : '1000',
      i % 1000 === 0 ? 'Line with "quotes", commas,\nand a newline' : `Line ${i}`,
      debitSide ? amount : '0',
      debitSide ? '0' : amount,
      i % 3 === 0 ? null : 'Main',
      i % 5 === 0 ? '' : 'Ops',
      null,
      'upload',
      null,
    ];
  }
}
/** Every loadable column of 02_GL_Detail, in the order generatedLines() yields them. */
const GL_COLUMNS = CANONICAL_COLUMNS['02_GL_Detail'];

describe('copyRows', () => {
  const org = randomUUID();
  beforeAll(async () => {
    await warehouse.provision(org);
    const periods = Array.from({ length: 12 }, (_, m) => {
      const month = String(m + 1).padStart(2, '0');
      const end = new Date(Date.UTC(2024, m + 1, 0)).toISOString().slice(0, 10);
      return [`2024-${month}`, `2024-${month}-01`, end, 2024, m + 1, false];
    });
    expect(
      await warehouse.copyRows(
        org,
        '00_Period',
        ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period', 'is_closed'],
        periods,
      ),
    ).toBe(12);
    const accounts = [
      ['1000', 'Bank', 'asset', 'cash'],
      ['5000', 'Materials', 'expense', 'cost_of_sales'],
    ];
    expect(
      await warehouse.copyRows(
        org,
        '01_Account',
        ['account_code', 'account_name', 'account_type', 'account_subtype'],
        accounts,
      ),
    ).toBe(2);
  });

  const totals = () =>
    warehouse.withOrganization(org, async (tx) => {
      const [row] = await query<{ lines: number; debit: string; credit: string }>(
        tx,
        sql`select count(*)::int as lines, sum(debit)::text as debit, sum(credit)::text as credit from "02_GL_Detail"`,
      );
      return row!;
    });

  it('loads 100,000 generated GL lines in one transaction, values intact', { timeout: 120_000 }, async () => {
    expect(await warehouse.hasData(org)).toBe(false);
    const started = performance.now();
    const loaded = await warehouse.copyRows(
      org,
      '02_GL_Detail',
      GL_COLUMNS,
      (async function* () {
        yield* generatedLines(100_000);
      })(),
    );
    const seconds = (performance.now() - started) / 1000;
    // The throughput goes to the log so a slowdown is visible; the benchmarks in bench/ own the targets.
    process.stdout.write(
      `copyRows on ${database.kind}: 100,000 GL lines in ${seconds.toFixed(2)} s (${Math.round(100_000 / seconds)} rows/s)\n`,
    );
    expect(loaded).toBe(100_000);
    const sums = await totals();
    expect(sums.lines).toBe(100_000);
    expect(sums.debit).toBe(sums.credit);
    expect(await warehouse.hasData(org)).toBe(true);
    const [special] = await warehouse.withOrganization(org, (tx) =>
      query<{ description: string; entity: string | null; department: string | null; counterparty: string | null }>(
        tx,
        sql`select description, entity, department, counterparty from "02_GL_Detail" where journal_id = 'J0' and line_no = 1`,
      ),
    );
    expect(special).toEqual({
      description: 'Line with "quotes", commas,\nand a newline',
      entity: null,
      department: '',
      counterparty: null,
    });
  });

  it(
    'loads nothing when one row of a later chunk is refused, and keeps the previous data',
    { timeout: 120_000 },
    async () => {
      const before = await totals();
      const failure = await failureOf(
        warehouse.copyRows(org, '02_GL_Detail', GL_COLUMNS, generatedLines(60_000, { at: 59_999, account: '9999' }), {
          replace: true,
        }),
      );
      expect(failure.code).toBe('23503');
      expect(await totals()).toEqual(before);
    },
  );

  it('loads nothing when a row has the wrong number of values or an unsupported value', async () => {
    const before = await totals();
    const rows = [...generatedLines(4)];
    await expect(
      warehouse.copyRows(org, '02_GL_Detail', GL_COLUMNS, [...rows.slice(0, 3), rows[3]!.slice(1)], { replace: true }),
    ).rejects.toThrow('Row 4 has 12 values; expected 13');
    const withObject = rows.map((row, i) => (i === 2 ? [...row.slice(0, 5), { evil: true }, ...row.slice(6)] : row));
    await expect(warehouse.copyRows(org, '02_GL_Detail', GL_COLUMNS, withObject, { replace: true })).rejects.toThrow(
      'Row 3, value 6: unsupported value',
    );
    expect(await totals()).toEqual(before);
  });

  it('loads nothing when the source fails midway, and the connection serves the next load', async () => {
    const before = await totals();
    async function* failing() {
      yield* generatedLines(20_000);
      throw new Error('the upload was cut off');
    }
    await expect(warehouse.copyRows(org, '02_GL_Detail', GL_COLUMNS, failing(), { replace: true })).rejects.toThrow(
      'the upload was cut off',
    );
    expect(await totals()).toEqual(before);
  });

  it('replaces the table when asked, in the same transaction', async () => {
    expect(await warehouse.copyRows(org, '02_GL_Detail', GL_COLUMNS, generatedLines(10), { replace: true })).toBe(10);
    expect((await totals()).lines).toBe(10);
  });

  it('replaces several tables all or nothing: a refused row in the last one keeps every table as it was', async () => {
    const accounts = () =>
      warehouse.withOrganization(org, async (tx) =>
        (await query<{ code: string }>(tx, sql`select account_code as code from "01_Account" order by 1`)).map(
          (row) => row.code,
        ),
      );
    const threeAccounts = {
      table: '01_Account' as const,
      columns: ['account_code', 'account_name', 'account_type', 'account_subtype'],
      rows: [
        ['1000', 'Bank', 'asset', 'cash'],
        ['5000', 'Materials', 'expense', 'cost_of_sales'],
        ['6000', 'Rent', 'expense', 'operating'],
      ],
    };
    const before = { lines: await totals(), accounts: await accounts() };
    const failure = await failureOf(
      warehouse.loadTables(
        org,
        [
          threeAccounts,
          { table: '02_GL_Detail', columns: GL_COLUMNS, rows: generatedLines(5, { at: 4, account: '9999' }) },
        ],
        { replace: true },
      ),
    );
    expect(failure.code).toBe('23503');
    expect({ lines: await totals(), accounts: await accounts() }).toEqual(before);

    expect(
      await warehouse.loadTables(
        org,
        [threeAccounts, { table: '02_GL_Detail', columns: GL_COLUMNS, rows: generatedLines(10) }],
        { replace: true },
      ),
    ).toEqual([3, 10]);
    expect(await accounts()).toEqual(['1000', '5000', '6000']);
    expect((await totals()).lines).toBe(10);
  });

  it.each([
    ['a column that is not in the table', '02_GL_Detail', ['journal_id', 'evil']],
    ['a hostile column name', '02_GL_Detail', ["debit\") FROM PROGRAM 'id'; --"]],
    ['the identity column', '02_GL_Detail', ['row_id']],
    ['a column in the wrong case', '00_Period', ['period']],
    ['an unknown table', 'users', ['email']],
    ["another organization's schema-qualified table", `${warehouseSchemaName(orgB)}.02_GL_Detail`, ['debit']],
    ['a catalog table', 'pg_catalog.pg_authid', ['rolname']],
    ['a view', 'vw_cash_flow', ['period']],
  ])('refuses %s before touching the database', async (_, table, columns) => {
    await expect(warehouse.copyRows(org, table as '02_GL_Detail', columns, [columns.map(() => '1')])).rejects.toThrow(
      UnknownIdentifierError,
    );
    expect((await totals()).lines).toBe(10);
  });
});

describe('hasData', () => {
  it('is false for an organization without a warehouse', async () => {
    expect(await warehouse.hasData(randomUUID())).toBe(false);
  });
});

describe('sharing the database between organizations', () => {
  it("answers another organization's two transactions after the one running, not after a busy organization's queue", async () => {
    // Three, so that on PostgreSQL (four connections in tests) B finds a connection of its own.
    let aDone = 0;
    const busy = Array.from({ length: 3 }, () =>
      warehouse.withOrganization(orgA, (tx) => tx.execute(sql`select pg_sleep(0.3)`)).then(() => (aDone += 1)),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));

    // A Studio page: the rows, then the money totals, each in a transaction of its own.
    await warehouse.withOrganization(orgB, (tx) => tx.execute(sql`select 1`));
    await warehouse.withOrganization(orgB, (tx) => tx.execute(sql`select 2`));
    const aDoneWhenBWasAnswered = aDone;
    await Promise.all(busy);

    // PostgreSQL runs them side by side; the embedded database one at a time, B's after the one running.
    expect(aDoneWhenBWasAnswered).toBeLessThanOrEqual(1);
    expect(aDone).toBe(3);
  });
});
