import type { WarehouseMigration } from './migration.ts';
import { qualifiedName, quoteIdent } from '../identifiers.ts';

/**
 * Warehouse migration 3: lineage. Every row of the loaded tables knows the load that wrote it, and every
 * load keeps what it removed or overwrote, so nothing is lost without a trace and any load can be undone.
 *
 * - `06_Load`: one row per load — a pipeline run, an accounting sync, a Studio change, the demo books, or
 *   the baseline below — with what people read of it (`label`: a file name, "QuickBooks sync", …), who and
 *   when, and when it was undone.
 * - `06_Load_File`: the uploaded files a run loaded (a run may load several).
 * - `06_Load_Change`: the rows a load removed or overwrote, as they were (`before`, the whole row with its
 *   row_id and lineage): an undo puts them back. `before_load_id` is the load that had written the row, so
 *   "a later load touched what load X wrote" is one indexed lookup.
 * - On 00_Period … 04_Trial_Balance: `load_id` (the load that wrote the row's values), `file_id` (the upload
 *   they came from) and `edit_load_id` (the last Studio change of the row after it was loaded; null while it
 *   is as loaded).
 *
 * Rows already there get a baseline load per GL source and period (per period for budget and trial balance,
 * one for the accounts and one for the periods): nothing is left without lineage.
 */
const LOADED_TABLES = ['00_Period', '01_Account', '02_GL_Detail', '03_Budget', '04_Trial_Balance'] as const;

export const lineage: WarehouseMigration = {
  version: 3,
  name: 'lineage',
  statements(schema: string): string[] {
    const t = (name: string) => qualifiedName(schema, name);
    const load = t('06_Load');
    const statements = [
      `CREATE TABLE ${load} (
        load_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('run', 'sync', 'studio', 'demo', 'baseline')),
        run_id uuid,
        source text,
        label text NOT NULL,
        actor text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        undone_at timestamptz,
        undone_by text
      )`,
      `CREATE INDEX ${quoteIdent('06_Load_run_id_idx')} ON ${load} (run_id) WHERE run_id IS NOT NULL`,
      `CREATE TABLE ${t('06_Load_File')} (
        load_id bigint NOT NULL REFERENCES ${load} (load_id) ON DELETE CASCADE,
        file_id uuid NOT NULL,
        file_name text NOT NULL,
        PRIMARY KEY (load_id, file_id)
      )`,
      `CREATE INDEX ${quoteIdent('06_Load_File_file_id_idx')} ON ${t('06_Load_File')} (file_id)`,
      `CREATE TABLE ${t('06_Load_Change')} (
        load_id bigint NOT NULL REFERENCES ${load} (load_id) ON DELETE CASCADE,
        table_name text NOT NULL,
        row_id bigint NOT NULL,
        action text NOT NULL CHECK (action IN ('removed', 'replaced')),
        before_load_id bigint,
        before jsonb NOT NULL,
        PRIMARY KEY (load_id, table_name, row_id)
      )`,
      `CREATE INDEX ${quoteIdent('06_Load_Change_before_load_id_idx')} ON ${t('06_Load_Change')} (before_load_id)`,
    ];
    for (const table of LOADED_TABLES)
      statements.push(
        `ALTER TABLE ${t(table)} ADD COLUMN load_id bigint, ADD COLUMN file_id uuid, ADD COLUMN edit_load_id bigint`,
        `CREATE INDEX ${quoteIdent(`${table}_load_id_idx`)} ON ${t(table)} (load_id)`,
      );

    // The baseline: a load per group of existing rows, then the rows pointed at it.
    statements.push(
      ...baselineStatements(t, load, '02_GL_Detail', ['source', 'period']),
      ...baselineStatements(t, load, '03_Budget', ['period']),
      ...baselineStatements(t, load, '04_Trial_Balance', ['period']),
      ...baselineStatements(t, load, '01_Account', []),
      ...baselineStatements(t, load, '00_Period', []),
    );
    return statements;
  },
};

/**
 * A baseline load per distinct value of `groupBy` among the rows of `table` (one load when it is empty and
 * the table has rows), labelled for people, then the rows pointed at their load. Two statements: the
 * labels are unique per table, so the update finds each group's load by its label.
 */
function baselineStatements(
  t: (name: string) => string,
  load: string,
  table: string,
  groupBy: readonly string[],
): string[] {
  const name = table.replace(/^\d+_/, '').replaceAll('_', ' ');
  const labelOf = (prefix: string) =>
    groupBy.length === 0
      ? `'Loaded before lineage was kept (${name})'`
      : `'Loaded before lineage was kept (${name}, ' || concat_ws(', ', ${groupBy
          .map((column) => `${prefix}${quoteIdent(column)}::text`)
          .join(', ')}) || ')'`;
  const source = groupBy.includes('source') ? quoteIdent('source') : 'NULL';
  return [
    `INSERT INTO ${load} (kind, source, label)
     SELECT DISTINCT 'baseline', ${source}, ${labelOf('')} FROM ${t(table)}`,
    `UPDATE ${t(table)} r SET load_id = l.load_id FROM ${load} l
     WHERE l.kind = 'baseline' AND l.label = ${labelOf('r.')}`,
  ];
}
