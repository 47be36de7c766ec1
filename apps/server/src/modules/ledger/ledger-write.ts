import type { PoolClient } from 'pg';
import { pipelineMessages, type LoadMode, type PipelineProblem } from '@finboard/shared/pipelines';
import type { WarehouseTable } from '@finboard/shared/warehouse';
import { quoteIdent } from '../../warehouse/identifiers.ts';
import { keepBefore } from '../../warehouse/lineage.ts';
import { describeKey, describeRow, keyMatch, TABLE_RULES } from './table-rules.ts';
import { periodsApartFrom } from './gl-partition-catalog.ts';

/**
 * The ledger engine's write of staged rows, with lineage (warehouse migration 3). What a load may do:
 *
 * - By default it ADDS its rows. A journal (GL: source + journal_id) or another table's natural key that the
 *   table already holds is refused before anything is written, naming where it came from — unless the row
 *   is one the load replaces. (Another table's row with exactly the same values is simply left as it is.)
 * - It REPLACES exactly what it was asked to: the rows of the files its upload named (`replacedFileIds`), and
 *   with mode 'replace-periods' every row of the periods it covers (GL: the uploaded lines). Of those, rows
 *   the files still have are overwritten in place (same row id), the others removed.
 * - Rows edited in the Studio after they were loaded are never removed or overwritten silently: the load is
 *   refused naming them, unless `overwriteEdits` (then they are counted and listed).
 * - Everything removed or overwritten is kept as it was (06_Load_Change), and every row written carries the
 *   load's id and its file: an undo (ledger-undo.ts) puts the table back exactly.
 *
 * All of it runs in the caller's write transaction, after its table locks: the checks hold for the write.
 */

const q = quoteIdent;
const GL: WarehouseTable = '02_GL_Detail';

/**
 * Where a row `t` came from, as people read it (with `l` its 06_Load and `f` its 06_Load_File): the file's
 * name, 'the Studio', 'the demo books', a sync's or the baseline's label. A short noun that groups rows in
 * SQL for refusals and the replace preview ('12 lines of gl_2026-11.csv'); one row's origin in a sentence
 * is `describeRowOrigin` (packages/shared), from the origin route's fields.
 */
export const ORIGIN_TEXT =
  `CASE l.kind WHEN 'run' THEN coalesce(f.file_name, l.label) WHEN 'studio' THEN 'the Studio' ` +
  `WHEN 'demo' THEN 'the demo books' ELSE coalesce(l.label, 'an earlier load') END`;
const UPLOAD_SOURCE = 'upload';
/** Edited rows a refusal names (the count says how many in all). */
const EDITS_NAMED = 5;

export interface StagedWrite {
  schema: string;
  table: WarehouseTable;
  /** The run's scratch table: the target's columns given by `columns`, plus `_file` (index into fileIds) and `_line`. */
  stage: string;
  columns: readonly string[];
  /** The load writing (06_Load.load_id) and, per `_file` index, the uploaded file each row came from. */
  loadId: number;
  fileIds: readonly (string | null)[];
  mode: LoadMode;
  /** The periods the files cover (replaced whole with mode 'replace-periods'). */
  periods: readonly string[];
  /** Files whose rows this load replaces. */
  replacedFileIds: readonly string[];
  overwriteEdits: boolean;
  /** The GL source the load owns (uploads: 'upload'). */
  source?: string;
}

export interface WriteOutcome {
  rowsAdded: number;
  rowsRemoved: number;
  /** Rows overwritten in place with other values. */
  rowsReplaced: number;
  editsOverwritten: number;
  /** The edited rows overwritten or removed, as people read them. */
  overwritten: string[];
  /** Periods of the rows written or removed (GL: what the aggregates refresh). */
  touchedPeriods: string[];
}

/** The load's parts of the SQL, all on the target row `t` and stage row `s`. */
export function partsOf(write: StagedWrite) {
  const { schema, table, columns, mode, source = UPLOAD_SOURCE } = write;
  const rules = TABLE_RULES[table];
  const isGl = table === GL;
  const key = rules.key.filter((column) => !(isGl && column === 'source'));
  const written = isGl ? columns.filter((column) => column !== 'source') : [...columns];
  const values = written.filter((column) => !rules.key.includes(column));
  const staged = (column: string) =>
    rules.defaults?.[column] === undefined ? `s.${q(column)}` : `coalesce(s.${q(column)}, ${rules.defaults[column]})`;
  const own = isGl ? `t.source = '${source}'` : 'true';
  // What the load replaces, as parameters every query below passes first (only those it uses: an unused
  // parameter has no type).
  const params: unknown[] = [];
  const parameter = (value: unknown) => `$${params.push(value)}`;
  const byPeriod =
    mode === 'replace-periods' && rules.period
      ? `t.${q(rules.period)} = ANY(${parameter([...write.periods])}::text[])`
      : 'false';
  const byFile =
    write.replacedFileIds.length > 0 ? `t.file_id = ANY(${parameter([...write.replacedFileIds])}::uuid[])` : 'false';
  const removable = `(${own} AND (${byPeriod} OR ${byFile}))`;
  const same = keyMatch(key);
  const sameValues =
    values.length === 0
      ? 'true'
      : `(${values.map((column) => `t.${q(column)}`).join(', ')}) IS NOT DISTINCT FROM (${values.map(staged).join(', ')})`;
  const target = `${q(schema)}.${q(table)}`;
  const origin =
    `LEFT JOIN ${q(schema)}."06_Load" l ON l.load_id = t.load_id ` +
    `LEFT JOIN ${q(schema)}."06_Load_File" f ON f.load_id = t.load_id AND f.file_id = t.file_id`;
  const originText = ORIGIN_TEXT;
  const originDay = `coalesce(to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'an unknown date')`;
  return {
    rules,
    isGl,
    key,
    written,
    values,
    staged,
    own,
    removable,
    same,
    sameValues,
    target,
    origin,
    originText,
    originDay,
    params,
    source,
  };
}

/**
 * What stops the load before anything is written: rows already in the table that it would add again, and
 * Studio edits it would remove or overwrite (unless allowed). At most `limit` problems.
 */
export async function writeProblems(
  client: Pick<PoolClient, 'query'>,
  write: StagedWrite,
  files: readonly { name: string }[],
  describeWhere: string,
  limit: number,
): Promise<PipelineProblem[]> {
  const p = partsOf(write);
  const { stage } = write;
  const problems: PipelineProblem[] = [];
  const fileOf = (index: number | null) => (index !== null && files[index] ? { file: files[index]!.name } : {});

  if (p.isGl) {
    // Each staged journal looked up in the ledger's key (a lookup per journal and partition), not the ledger
    // scanned whole, and only in the months whose journal ids could hold it (gl-partitions.ts): a month's file
    // costs the same beside millions of lines as beside none.
    const apart = await periodsApartFrom(client, { gl: p.target, stage });
    const found = apart.none
      ? { rows: [] }
      : await client.query<{ value: string; file: number; line: string; row_id: string }>(
          `SELECT s.journal_id AS value, s.file, s.line, first.row_id ` +
            `FROM (SELECT journal_id, min(_file) AS file, min(_line) AS line FROM ${stage} GROUP BY journal_id) s ` +
            `CROSS JOIN LATERAL (SELECT min(t.row_id) AS row_id FROM ${p.target} t ` +
            `WHERE ${p.own} AND t.journal_id = s.journal_id AND NOT ${p.removable} ` +
            `AND t.period <> ALL($${p.params.length + 1}::text[])) first ` +
            `WHERE first.row_id IS NOT NULL ORDER BY 2, 3 LIMIT ${limit}`,
          [...p.params, apart.periods],
        );
    // Where the ledger's first line of each came from (asked only when there are some: the usual file has none).
    const origins = new Map(
      found.rows.length === 0
        ? []
        : (
            await client.query<{ row_id: string; origin: string; day: string }>(
              `SELECT t.row_id, ${p.originText} AS origin, ${p.originDay} AS day FROM ${p.target} t ${p.origin} ` +
                `WHERE t.row_id = ANY($1::bigint[])`,
              [found.rows.map((row) => row.row_id)],
            )
          ).rows.map((row) => [row.row_id, row] as const),
    );
    for (const row of found.rows)
      problems.push({
        ...fileOf(row.file),
        line: Number(row.line),
        column: 'journal_id',
        value: row.value,
        problem: pipelineMessages.journalInLedger(
          row.value,
          origins.get(row.row_id)!.origin,
          origins.get(row.row_id)!.day,
        ),
      });
  } else if (p.values.length > 0) {
    const found = await client.query<{ extra: string; file: number; line: string; origin: string; day: string }>(
      `SELECT concat_ws(E'\\x1f', ${p.key.map((column) => `s.${q(column)}::text`).join(', ')}) AS extra, ` +
        `min(s._file) AS file, min(s._line) AS line, min(${p.originText}) AS origin, min(${p.originDay}) AS day ` +
        `FROM ${stage} s JOIN ${p.target} t ON ${p.same} ${p.origin} ` +
        `WHERE NOT ${p.removable} AND NOT ${p.sameValues} GROUP BY 1 ORDER BY 2, 3 LIMIT ${limit}`,
      p.params,
    );
    for (const row of found.rows)
      problems.push({
        ...fileOf(row.file),
        line: Number(row.line),
        problem: pipelineMessages.keyInLedger(describeKey(write.table, p.key, row.extra), row.origin, row.day),
      });
  }
  if (problems.length > 0 || write.overwriteEdits) return problems;

  const edits = await editsInTheWay(client, write);
  if (edits.count > 0)
    problems.push({
      problem: pipelineMessages.editsInTheWay(edits.count, p.isGl, describeWhere, edits.named),
      editsInTheWay: true,
    });
  return problems;
}

/** Rows edited in the Studio since loading that the write would remove or overwrite with other values. */
async function editsInTheWay(client: Pick<PoolClient, 'query'>, write: StagedWrite, all = false) {
  const p = partsOf(write);
  const condition =
    `${p.removable} AND t.edit_load_id IS NOT NULL ` +
    `AND NOT EXISTS (SELECT 1 FROM ${write.stage} s WHERE ${p.same} AND ${p.sameValues})`;
  const keyText = `concat_ws(E'\\x1f', ${p.key.map((column) => `t.${q(column)}::text`).join(', ')})`;
  const found = await client.query<{ extra: string; total: string }>(
    `SELECT ${keyText} AS extra, count(*) OVER () AS total FROM ${p.target} t WHERE ${condition} ` +
      `ORDER BY t.row_id${all ? '' : ` LIMIT ${EDITS_NAMED}`}`,
    p.params,
  );
  return {
    count: Number(found.rows[0]?.total ?? 0),
    named: found.rows.map((row) => describeRow(write.table, row.extra, p.key)),
  };
}

/** Writes the staged rows as the load: removes and overwrites what it replaces (kept first), adds the rest. */
export async function writeStaged(client: Pick<PoolClient, 'query'>, write: StagedWrite): Promise<WriteOutcome> {
  const p = partsOf(write);
  const { schema, table, stage, loadId } = write;
  const overwrittenEdits = write.overwriteEdits ? await editsInTheWay(client, write, true) : { count: 0, named: [] };
  const periodColumn = p.rules.period;
  const touched = new Set<string>();
  // A data-changing statement as a CTE: its row count and the periods of its rows, never the rows themselves.
  const counted = async (statement: string, params: unknown[]) => {
    const returning = periodColumn ? `t.${q(periodColumn)}` : 'NULL::text';
    const result = await client.query<{ period: string | null; rows: string }>(
      `WITH done AS (${statement} RETURNING ${returning} AS period) SELECT period, count(*) AS rows FROM done GROUP BY period`,
      params,
    );
    let rows = 0;
    for (const row of result.rows) {
      rows += Number(row.rows);
      if (row.period !== null) touched.add(row.period);
    }
    return rows;
  };

  // Removed: rows it replaces that the files no longer have.
  const gone = `${p.removable} AND NOT EXISTS (SELECT 1 FROM ${stage} s WHERE ${p.same})`;
  await keepBefore(client, schema, loadId, table, 'removed', gone, p.params);
  const rowsRemoved = await counted(`DELETE FROM ${p.target} t WHERE ${gone}`, p.params);

  // Overwritten in place: rows it replaces that the files still have (now the new file's rows).
  const kept = `${p.removable} AND EXISTS (SELECT 1 FROM ${stage} s WHERE ${p.same})`;
  await keepBefore(client, schema, loadId, table, 'replaced', kept, p.params);
  const changed = await client.query<{ count: string }>(
    `SELECT count(*) AS count FROM ${p.target} t JOIN ${stage} s ON ${p.same} WHERE ${p.removable} AND NOT ${p.sameValues}`,
    p.params,
  );
  const lineage = [[...write.fileIds], loadId];
  const [files, load] = [`$${p.params.length + 1}`, `$${p.params.length + 2}`];
  await counted(
    `UPDATE ${p.target} t SET ${[...p.values.map((column) => `${q(column)} = ${p.staged(column)}`), `load_id = ${load}`, `file_id = (${files}::uuid[])[s._file + 1]`, 'edit_load_id = NULL'].join(', ')} ` +
      `FROM ${stage} s WHERE ${p.same} AND ${p.removable}`,
    [...p.params, ...lineage],
  );

  // Added: the rest (a row with the same key and values outside what it replaces stays as it is).
  const insertColumns = [...p.written, ...(p.isGl ? ['source'] : []), 'load_id', 'file_id'];
  const selected = [
    ...p.written.map(p.staged),
    ...(p.isGl ? [`'${p.source}'`] : []),
    '$2::bigint',
    `($1::uuid[])[s._file + 1]`,
  ];
  const rowsAdded = await counted(
    `INSERT INTO ${p.target} AS t (${insertColumns.map(q).join(', ')}) SELECT ${selected.join(', ')} FROM ${stage} s ` +
      // In file order: row ids follow the files' lines.
      `WHERE NOT EXISTS (SELECT 1 FROM ${p.target} t WHERE ${p.same} AND ${p.own}) ORDER BY s._file, s._line`,
    lineage,
  );

  return {
    rowsAdded,
    rowsRemoved,
    rowsReplaced: Number(changed.rows[0]?.count ?? 0),
    editsOverwritten: overwrittenEdits.count,
    overwritten: overwrittenEdits.named,
    touchedPeriods: [...touched].sort(),
  };
}
