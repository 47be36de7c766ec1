/**
 * Warehouse migration 4 (02_GL_Detail partitioned by period) on a warehouse that holds a ledger: nothing is
 * lost (lines, sums and row ids per period, lineage), the views read the new table with their options, the
 * identity goes on after the highest row id, and the organization's role sees one table, as before.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { qualifiedName, quoteIdent, warehouseRoleName, warehouseSchemaName } from './identifiers.ts';
import { createWarehouseMigrator } from './warehouse-migrator.ts';
import { WAREHOUSE_MIGRATIONS } from './warehouse-migrations.ts';

let t: TestApp;
let database: DatabaseHandle;
beforeAll(async () => {
  t = await buildTestApp();
  database = t.database;
});
afterAll(() => t?.close());

const logger = pino({ level: 'silent' });
const query = async <T>(statement: string, executor: Executor = database.db) =>
  rowsOf<T>(await executor.execute(sql.raw(statement)));

describe('warehouse migration 4: the GL partitioned by period', () => {
  const id = randomUUID();
  const schema = warehouseSchemaName(id);
  const tbl = (name: string) => qualifiedName(schema, name);
  const gl = tbl('02_GL_Detail');
  let before: { perPeriod: unknown[]; rows: unknown[]; profitAndLoss: unknown[]; balanceSheet: unknown[] };

  /** Per period: lines, debit and credit sums; every row as text in row id order; what two views answer. */
  const snapshot = async () => ({
    perPeriod: await query(
      `SELECT period, count(*)::int AS lines, sum(debit)::text AS debit, sum(credit)::text AS credit
       FROM ${gl} GROUP BY period ORDER BY period`,
    ),
    rows: await query(`SELECT row_id::text, g::text AS line FROM ${gl} g ORDER BY row_id`),
    profitAndLoss: await query(`SELECT * FROM ${tbl('vw_profit_and_loss')} ORDER BY period, account_code`),
    balanceSheet: await query(`SELECT * FROM ${tbl('vw_balance_sheet')} ORDER BY period, account_code`),
  });

  beforeAll(async () => {
    // A warehouse at version 3, with a ledger of three periods, two sources and lineage.
    const previous = createWarehouseMigrator({ db: database.db, logger, migrations: WAREHOUSE_MIGRATIONS.slice(0, 3) });
    await database.db.transaction((tx) => previous.provision(tx, id));
    await query(`INSERT INTO ${tbl('00_Period')} ("Period", start_date, end_date, fiscal_year, fiscal_period) VALUES
      ('2025-11', '2025-11-01', '2025-11-30', 2025, 11), ('2025-12', '2025-12-01', '2025-12-31', 2025, 12),
      ('2026-01', '2026-01-01', '2026-01-31', 2026, 1)`);
    await query(`INSERT INTO ${tbl('01_Account')} (account_code, account_name, account_type, account_subtype) VALUES
      ('1000', 'Cash', 'asset', 'cash'), ('3000', 'Capital', 'equity', NULL), ('4000', 'Sales', 'revenue', NULL),
      ('6000', 'Rent', 'expense', NULL)`);
    await query(`INSERT INTO ${tbl('06_Load')} (kind, label) VALUES ('run', 'gl.csv')`);
    await query(`INSERT INTO ${gl} (journal_id, line_no, posting_date, period, account_code, description, debit, credit,
        entity, department, counterparty, source, reference, load_id, edit_load_id)
      SELECT 'J' || n, line, date '2025-11-01' + (n % 90), to_char(date '2025-11-01' + (n % 90), 'YYYY-MM'),
        CASE WHEN line = 1 THEN '1000' WHEN n % 3 = 0 THEN '6000' ELSE '4000' END,
        'line ' || n, CASE WHEN line = 1 THEN n * 1.25 ELSE 0 END, CASE WHEN line = 2 THEN n * 1.25 ELSE 0 END,
        CASE WHEN n % 2 = 0 THEN 'East' END, NULL, 'Client ' || (n % 7),
        CASE WHEN n % 5 = 0 THEN 'manual' ELSE 'upload' END, NULL, 1, CASE WHEN n % 11 = 0 THEN 1 END
      FROM generate_series(1, 600) n, generate_series(1, 2) line ORDER BY n, line`);
    // A gap in the row ids: the identity must go on after the highest, not after the count.
    await query(`DELETE FROM ${gl} WHERE journal_id = 'J3'`);
    before = await snapshot();
    await createWarehouseMigrator({ db: database.db, logger }).migrate(id);
  });

  it('keeps every line: counts, debit and credit sums per period, row ids and values', async () => {
    expect(before.perPeriod).toEqual([
      // 600 journals of two lines, a day each from 2025-11-01 on a 90-day cycle, less journal J3 (November).
      { period: '2025-11', lines: 416, debit: '74677.50', credit: '74677.50' },
      { period: '2025-12', lines: 434, debit: '85443.75', credit: '85443.75' },
      { period: '2026-01', lines: 348, debit: '65250.00', credit: '65250.00' },
    ]);
    const after = await snapshot();
    expect(after.perPeriod).toEqual(before.perPeriod);
    expect(after.rows).toEqual(before.rows);
    expect(after.rows).toHaveLength(1198);
    expect(after.profitAndLoss).toEqual(before.profitAndLoss);
    expect(after.balanceSheet).toEqual(before.balanceSheet);
  });

  it('is partitioned by period, the existing lines in the default partition, migrated to the latest version', async () => {
    const [table] = await query<{ kind: string; key: string }>(
      `SELECT c.relkind AS kind, pg_get_partkeydef(c.oid) AS key FROM pg_class c WHERE c.oid = '${gl}'::regclass`,
    );
    expect(table).toEqual({ kind: 'p', key: 'LIST (period)' });
    const partitions = await query<{ partition: string; lines: number }>(
      `SELECT c.relname AS partition, count(*)::int AS lines FROM ${gl} g JOIN pg_class c ON c.oid = g.tableoid GROUP BY 1`,
    );
    expect(partitions).toEqual([{ partition: '02_GL_Detail_default', lines: 1198 }]);
    const [version] = await query<{ version: number }>(
      `SELECT max(version)::int AS version FROM warehouse_migrations WHERE organization_id = '${id}'`,
    );
    expect(version?.version).toBe(WAREHOUSE_MIGRATIONS.at(-1)!.version);
  });

  it('keeps the views reading the GL as they were: security invoker, on the new table', async () => {
    const views = await query<{ name: string; options: string[] | null }>(
      `SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
       WHERE c.relnamespace = '${quoteIdent(schema)}'::regnamespace AND c.relkind = 'v' ORDER BY 1`,
    );
    expect(views).toEqual([
      { name: 'vw_balance_sheet', options: ['security_invoker=true'] },
      { name: 'vw_budget_vs_actual', options: ['security_invoker=true'] },
      { name: 'vw_cash_flow', options: ['security_invoker=true'] },
      { name: 'vw_profit_and_loss', options: ['security_invoker=true'] },
    ]);
    const [unpartitioned] = await query<{ exists: boolean }>(
      `SELECT to_regclass('${tbl('02_GL_Detail_unpartitioned')}') IS NOT NULL AS exists`,
    );
    expect(unpartitioned?.exists).toBe(false);
  });

  it("numbers new lines after the highest row id, and gives the organization's role its partitions too", async () => {
    const [highest] = await query<{ row_id: string }>(`SELECT max(row_id)::text AS row_id FROM ${gl}`);
    const added = await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL ROLE ${quoteIdent(warehouseRoleName(id))}`));
      return query<{ row_id: string }>(
        `INSERT INTO ${gl} (journal_id, line_no, posting_date, period, account_code, debit)
         VALUES ('NEW', 1, '2026-01-15', '2026-01', '1000', 1) RETURNING row_id::text`,
        tx,
      );
    });
    expect(added).toEqual([{ row_id: String(Number(highest!.row_id) + 1) }]);
    const privileges = await query<{ relation: string; select: boolean }>(
      `SELECT c.relname AS relation, has_table_privilege('${warehouseRoleName(id)}', c.oid, 'SELECT') AS select
       FROM pg_class c WHERE c.relnamespace = '${quoteIdent(schema)}'::regnamespace AND c.relname LIKE '02_GL_Detail%'
         AND c.relkind IN ('r', 'p') ORDER BY 1`,
    );
    expect(privileges).toEqual([
      { relation: '02_GL_Detail', select: true },
      { relation: '02_GL_Detail_default', select: true },
    ]);
  });
});
