import { sql } from 'drizzle-orm';
import type { JournalLine, JournalLineRow } from '@finboard/shared/journals';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { qualifiedSql } from '../../warehouse/identifiers.ts';

/**
 * SQL of journals: the lines of 02_GL_Detail that share `source` and `journal_id`. Table and column
 * names are the canonical model's own, qualified with the warehouse `schema` by the warehouse's one helper;
 * values are parameters. Runs inside warehouse.withOrganization(). Sums are numeric in SQL and come back as
 * decimal strings.
 */

export interface JournalKey {
  source: string;
  journalId: string;
}

const glOf = (schema: string) => qualifiedSql(schema, '02_GL_Detail');

const LINE_COLUMNS = sql.raw(`row_id, line_no, to_char(posting_date, 'YYYY-MM-DD') as posting_date, period,
  account_code, description, debit::text as debit, credit::text as credit, entity, department, counterparty, reference`);

function lineRow(row: Record<string, unknown>): JournalLineRow {
  const rowId = Number(row.row_id);
  return {
    ...(row as Omit<JournalLineRow, 'row_id' | 'line_no'>),
    row_id: Number.isSafeInteger(rowId) ? rowId : String(row.row_id),
    line_no: Number(row.line_no),
  };
}

const keyText = (key: JournalKey) => JSON.stringify([key.source, key.journalId]);
export const sameJournal = (a: JournalKey, b: JournalKey) => keyText(a) === keyText(b);

export const journalsRepository = {
  /**
   * Serializes writers of the same journals until the transaction ends (also journals that have no line
   * yet, which no row lock could cover). Keys are locked in one order, so two writers cannot deadlock.
   */
  async lock(tx: Executor, keys: readonly JournalKey[]): Promise<void> {
    const texts = [...new Set(keys.map(keyText))].sort();
    for (const key of texts) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 9))`);
  },

  async lines(tx: Executor, schema: string, key: JournalKey): Promise<JournalLineRow[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`select ${LINE_COLUMNS} from ${glOf(schema)}
        where source = ${key.source} and journal_id = ${key.journalId} order by line_no, row_id`),
    );
    return rows.map(lineRow);
  },

  /** Σ debit − Σ credit of each journal (journals without lines are absent). */
  async differences(tx: Executor, schema: string, keys: readonly JournalKey[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = rowsOf<{ source: string; journal_id: string; difference: string }>(
      await tx.execute(sql`select source, journal_id, (sum(debit) - sum(credit))::text as difference
        from ${glOf(schema)}
        where ${sql.join(
          keys.map((key) => sql`(source = ${key.source} and journal_id = ${key.journalId})`),
          sql` or `,
        )}
        group by source, journal_id`),
    );
    return new Map(rows.map((row) => [keyText({ source: row.source, journalId: row.journal_id }), row.difference]));
  },

  /** The periods of `periods` that exist, with whether they are closed. */
  async periods(tx: Executor, schema: string, periods: readonly string[]): Promise<Map<string, { closed: boolean }>> {
    if (periods.length === 0) return new Map();
    const rows = rowsOf<{ period: string; closed: boolean }>(
      await tx.execute(sql`select "Period" as period, is_closed as closed from ${qualifiedSql(schema, '00_Period')}
        where "Period" in ${[...new Set(periods)]}`),
    );
    return new Map(rows.map((row) => [row.period, { closed: row.closed }]));
  },

  /** The account codes of `codes` that exist. */
  async accounts(tx: Executor, schema: string, codes: readonly string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = rowsOf<{ code: string }>(
      await tx.execute(sql`select account_code as code from ${qualifiedSql(schema, '01_Account')}
        where account_code in ${[...new Set(codes)]}`),
    );
    return new Set(rows.map((row) => row.code));
  },

  /** Adds a line; `loadId`: the load it is written as (lineage; none in a warehouse without it). */
  async insert(
    tx: Executor,
    schema: string,
    key: JournalKey,
    line: JournalLine,
    loadId?: number,
  ): Promise<JournalLineRow> {
    const lineage = loadId === undefined ? sql`` : sql`, load_id`;
    const load = loadId === undefined ? sql`` : sql`, ${loadId}::bigint`;
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`insert into ${glOf(schema)} (journal_id, source, line_no, posting_date, period, account_code,
          description, debit, credit, entity, department, counterparty, reference${lineage})
        values (${key.journalId}, ${key.source}, ${line.line_no}::integer, ${line.posting_date}::date, ${line.period},
          ${line.account_code}, ${line.description ?? null}, ${line.debit}::numeric, ${line.credit}::numeric,
          ${line.entity ?? null}, ${line.department ?? null}, ${line.counterparty ?? null}, ${line.reference ?? null}${load})
        returning ${LINE_COLUMNS}`),
    );
    return lineRow(row!);
  },

  /** Rewrites a line; `editLoadId`: the Studio load that edits it (lineage). */
  async update(
    tx: Executor,
    schema: string,
    rowId: JournalLineRow['row_id'],
    line: JournalLine,
    editLoadId?: number,
  ): Promise<JournalLineRow> {
    const lineage = editLoadId === undefined ? sql`` : sql`, edit_load_id = ${editLoadId}::bigint`;
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`update ${glOf(schema)} set line_no = ${line.line_no}::integer, posting_date = ${line.posting_date}::date,
          period = ${line.period}, account_code = ${line.account_code}, description = ${line.description ?? null},
          debit = ${line.debit}::numeric, credit = ${line.credit}::numeric, entity = ${line.entity ?? null},
          department = ${line.department ?? null}, counterparty = ${line.counterparty ?? null},
          reference = ${line.reference ?? null}${lineage}
        where row_id = ${String(rowId)}::bigint returning ${LINE_COLUMNS}`),
    );
    return lineRow(row!);
  },

  async remove(tx: Executor, schema: string, rowId: JournalLineRow['row_id']): Promise<void> {
    await tx.execute(sql`delete from ${glOf(schema)} where row_id = ${String(rowId)}::bigint`);
  },
};

export { keyText as journalKeyText };
export type JournalsRepository = typeof journalsRepository;
