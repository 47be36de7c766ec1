import type { PoolClient } from 'pg';
import { pipelineMessages } from '@finboard/shared/pipelines';
import { WAREHOUSE_TABLES, type WarehouseTable } from '@finboard/shared/warehouse';
import { AppError } from '../../errors.ts';
import { qualifiedName, quoteIdent } from '../../warehouse/identifiers.ts';
import { describeRow, keyMatch, TABLE_RULES } from './table-rules.ts';

/**
 * Undo of one load (warehouse migration 3's lineage): the rows it wrote are removed and the rows it removed
 * or overwrote are put back as they were (same row ids), in the caller's transaction after its locks — so the
 * tables are exactly as before the load. Refused, changing nothing, when later work touched what the load
 * wrote: a Studio edit of one of its rows, a later load (not undone) that removed or overwrote one, a row
 * now holding the key of a row it would put back, or a later line on an account it added.
 */

type Client = Pick<PoolClient, 'query'>;

/**
 * Undo of a run's or a sync's load as the API answers it: 409 when it loaded nothing or later work is in the
 * way. Returns when the warehouse is undone — now, or already (a process stopped before its run was marked
 * undone) — so the caller marks the run.
 */
export async function undoLoadOfRun(
  undo: (organizationId: string, runId: string, actor: string | null) => Promise<UndoOutcome | undefined>,
  organizationId: string,
  runId: string,
  actor: string | null,
): Promise<void> {
  try {
    if (!(await undo(organizationId, runId, actor)))
      throw new AppError(409, 'NOTHING_TO_UNDO', pipelineMessages.undoNothing);
  } catch (error) {
    if (error instanceof UndoRefused && error.message === pipelineMessages.undoAlreadyDone) return;
    if (error instanceof UndoRefused) throw new AppError(409, 'UNDO_REFUSED', error.message);
    throw error;
  }
}

/** Refused: later work touched the load's rows (named), or it was undone already. */
export class UndoRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UndoRefused';
  }
}

export interface UndoOutcome {
  rowsRemoved: number;
  rowsRestored: number;
  /** GL periods whose lines changed (the aggregates to refresh). */
  periods: string[];
  /** Accounts changed: every period's aggregates depend on them. */
  accountsChanged: boolean;
}

const q = quoteIdent;
const GL: WarehouseTable = '02_GL_Detail';
/** Conflicts a refusal names. */
const NAMED = 5;

/** The load of a pipeline run or a sync (its platform id), or undefined when it wrote nothing. */
export async function loadOfRun(client: Client, schema: string, runId: string): Promise<number | undefined> {
  const found = await client.query<{ load_id: string }>(
    `SELECT load_id FROM ${qualifiedName(schema, '06_Load')} WHERE run_id = $1 ORDER BY load_id DESC LIMIT 1`,
    [runId],
  );
  return found.rows[0] ? Number(found.rows[0].load_id) : undefined;
}

/** Takes the tables' write locks in the order every load takes them (no deadlock with a run or an edit). */
export async function lockLoadedTables(client: Client, schema: string): Promise<void> {
  for (const table of WAREHOUSE_TABLES)
    await client.query(`LOCK TABLE ${qualifiedName(schema, table)} IN SHARE ROW EXCLUSIVE MODE`);
}

export async function undoLoad(
  client: Client,
  schema: string,
  loadId: number,
  actor: string | null,
): Promise<UndoOutcome> {
  const t = (name: string) => qualifiedName(schema, name);
  const [load] = (
    await client.query<{ undone_at: Date | null }>(
      `SELECT undone_at FROM ${t('06_Load')} WHERE load_id = $1 FOR UPDATE`,
      [loadId],
    )
  ).rows;
  if (!load) throw new UndoRefused(pipelineMessages.undoNothing);
  if (load.undone_at) throw new UndoRefused(pipelineMessages.undoAlreadyDone);

  const conflicts = await conflictsOf(client, schema, loadId);
  if (conflicts.length > 0) throw new UndoRefused(pipelineMessages.undoConflict(conflicts));

  // The GL periods it touched, before its rows go: its lines now and the lines it removed or overwrote.
  const periods = (
    await client.query<{ period: string }>(
      `SELECT period FROM ${t(GL)} WHERE load_id = $1 UNION ` +
        `SELECT before->>'period' FROM ${t('06_Load_Change')} WHERE load_id = $1 AND table_name = '${GL}' ORDER BY 1`,
      [loadId],
    )
  ).rows.map((row) => row.period);
  const accountsChanged =
    (
      await client.query<{ changed: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM ${t('01_Account')} WHERE load_id = $1) OR ` +
          `EXISTS (SELECT 1 FROM ${t('06_Load_Change')} WHERE load_id = $1 AND table_name = '01_Account') AS changed`,
        [loadId],
      )
    ).rows[0]?.changed === true;

  // Dependants first: lines before the accounts and periods they use; periods it created that lines of
  // other loads now use stay (a period is the calendar, not a figure).
  let rowsRemoved = 0;
  for (const table of WAREHOUSE_TABLES.toReversed()) {
    const stillUsed =
      table === '00_Period' ? ` AND NOT EXISTS (SELECT 1 FROM ${t(GL)} g WHERE g.period = p."Period")` : '';
    const removed = await client.query(`DELETE FROM ${t(table)} p WHERE p.load_id = $1${stillUsed}`, [loadId]);
    rowsRemoved += removed.rowCount ?? 0;
  }
  // Then what it removed or overwrote, as it was, in dependency order.
  let rowsRestored = 0;
  for (const table of WAREHOUSE_TABLES) {
    const restored = await client.query(
      `INSERT INTO ${t(table)} OVERRIDING SYSTEM VALUE SELECT (jsonb_populate_record(NULL::${t(table)}, c.before)).* ` +
        `FROM ${t('06_Load_Change')} c WHERE c.load_id = $1 AND c.table_name = $2 ORDER BY c.row_id`,
      [loadId, table],
    );
    rowsRestored += restored.rowCount ?? 0;
  }
  await client.query(`UPDATE ${t('06_Load')} SET undone_at = clock_timestamp(), undone_by = $2 WHERE load_id = $1`, [
    loadId,
    actor,
  ]);
  return { rowsRemoved, rowsRestored, periods, accountsChanged };
}

/** Later work on what the load wrote, as people read it (at most NAMED). */
async function conflictsOf(client: Client, schema: string, loadId: number): Promise<string[]> {
  const t = (name: string) => qualifiedName(schema, name);
  const named: string[] = [];
  // GL lines are named by journal and line (the source is the load's own).
  const namedKey = (table: WarehouseTable) => TABLE_RULES[table].key.filter((column) => column !== 'source');
  const keyText = (table: WarehouseTable, alias: string) =>
    `concat_ws(E'\\x1f', ${namedKey(table)
      .map((column) => `${alias}.${q(column)}::text`)
      .join(', ')})`;
  const describe = (table: WarehouseTable, joined: string) => describeRow(table, joined, namedKey(table));

  for (const table of WAREHOUSE_TABLES) {
    if (named.length >= NAMED) break;
    // Its rows edited in the Studio since.
    const edited = await client.query<{ extra: string }>(
      `SELECT ${keyText(table, 'r')} AS extra FROM ${t(table)} r WHERE r.load_id = $1 AND r.edit_load_id IS NOT NULL ` +
        `ORDER BY r.row_id LIMIT ${NAMED}`,
      [loadId],
    );
    for (const row of edited.rows) named.push(`${describe(table, row.extra)} was edited in the Studio`);
    // Its rows a later load (not undone) removed or overwrote.
    const later = await client.query<{ extra: string; label: string }>(
      `SELECT ${keyText(table, 'b')} AS extra, CASE l.kind WHEN 'studio' THEN 'the Studio' ELSE l.label END AS label ` +
        `FROM ${t('06_Load_Change')} c JOIN ${t('06_Load')} l ON l.load_id = c.load_id, ` +
        `jsonb_populate_record(NULL::${t(table)}, c.before) b ` +
        `WHERE c.before_load_id = $1 AND c.load_id <> $1 AND c.table_name = $2 AND l.undone_at IS NULL ` +
        `ORDER BY c.load_id, c.row_id LIMIT ${NAMED}`,
      [loadId, table],
    );
    for (const row of later.rows) named.push(`${describe(table, row.extra)} was changed since by ${row.label}`);
    // A row it would put back whose key another row holds now.
    const key = TABLE_RULES[table].key;
    const taken = await client.query<{ extra: string }>(
      `SELECT ${keyText(table, 'b')} AS extra FROM ${t('06_Load_Change')} c, ` +
        `jsonb_populate_record(NULL::${t(table)}, c.before) b ` +
        `WHERE c.load_id = $1 AND c.table_name = $2 AND EXISTS (SELECT 1 FROM ${t(table)} r ` +
        `WHERE ${keyMatch(key, 'b', 'r')} AND r.load_id IS DISTINCT FROM $1) ORDER BY c.row_id LIMIT ${NAMED}`,
      [loadId, table],
    );
    for (const row of taken.rows) named.push(`${describe(table, row.extra)} was loaded again since`);
  }
  // An account it added that lines of other loads use.
  const used = await client.query<{ account_code: string }>(
    `SELECT a.account_code FROM ${t('01_Account')} a WHERE a.load_id = $1 AND EXISTS ` +
      `(SELECT 1 FROM ${t(GL)} g WHERE g.account_code = a.account_code AND g.load_id IS DISTINCT FROM $1) ` +
      `ORDER BY a.account_code LIMIT ${NAMED}`,
    [loadId],
  );
  for (const row of used.rows) named.push(`Account ${row.account_code} is used by later lines`);
  return [...new Set(named)].slice(0, NAMED);
}
