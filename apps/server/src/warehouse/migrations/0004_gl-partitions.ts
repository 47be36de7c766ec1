import type { WarehouseMigration } from './migration.ts';
import { qualifiedName, quoteIdent, quoteLiteral } from '../identifiers.ts';

/**
 * Warehouse migration 4: 02_GL_Detail partitioned by period (issue 24), so that a month loaded in bulk is
 * written, indexed and checked apart from the rest of the ledger and then attached: a month onto a grown
 * ledger costs what it costs into an empty one (ledger/gl-partitions.ts).
 *
 * - The table becomes `PARTITION BY LIST (period)` with a DEFAULT partition, `02_GL_Detail_default`, that
 *   holds every period without a partition of its own: all existing lines go there, as do lines written one
 *   by one (the Studio, journals, syncs, small files). A bulk load of a month the ledger does not hold yet
 *   gives it its own partition.
 * - PostgreSQL requires a partitioned table's unique keys to include the partition key: the primary key is
 *   (row_id, period) and the natural key (source, journal_id, line_no, period), under their former names.
 *   Row ids stay unique by their identity; the ledger engine refuses a journal the ledger already holds in
 *   any period, as before.
 * - A journal is found by its id alone (`02_GL_Detail_journal_id_idx`): the natural key starts with the source.
 * - The rows keep their row ids, lineage and order; the identity continues after the highest row id.
 * - The views reading the GL are re-pointed at the new table with their definitions and options as stored,
 *   so this migration follows whatever the views are when it runs.
 */
export const glPartitions: WarehouseMigration = {
  version: 4,
  name: 'gl-partitions',
  statements(schema: string): string[] {
    const t = (name: string) => qualifiedName(schema, name);
    const gl = t('02_GL_Detail');
    const before = '02_GL_Detail_unpartitioned';
    const index = (name: string, columns: string) => `CREATE INDEX ${quoteIdent(name)} ON ${gl} (${columns})`;
    return [
      // The views reading the GL, as stored: names qualified (the warehouse schema is never on the path).
      // (A transaction that provisions several warehouses runs this for each.) The dependency's class is named so
      // that the lookup uses pg_depend's index, whatever the number of warehouses in the database.
      `DROP TABLE IF EXISTS pg_temp.warehouse_gl_views`,
      `CREATE TEMP TABLE warehouse_gl_views ON COMMIT DROP AS
        SELECT c.oid::regclass::text AS name, c.reloptions AS options, pg_get_viewdef(c.oid) AS definition
        FROM pg_class c
        WHERE c.relkind = 'v' AND c.oid IN (
          SELECT r.ev_class FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid
          WHERE d.classid = 'pg_rewrite'::regclass AND d.refclassid = 'pg_class'::regclass
            AND d.refobjid = ${quoteLiteral(gl)}::regclass)
        ORDER BY c.oid`,
      `ALTER TABLE ${gl} RENAME TO ${quoteIdent(before)}`,
      `CREATE TABLE ${gl} (LIKE ${t(before)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING IDENTITY)
        PARTITION BY LIST (period)`,
      `CREATE TABLE ${t('02_GL_Detail_default')} PARTITION OF ${gl} DEFAULT`,
      `SELECT setval(pg_get_serial_sequence(${quoteLiteral(gl)}, 'row_id'), coalesce(max(row_id), 0) + 1, false)
        FROM ${t(before)}`,
      `INSERT INTO ${gl} OVERRIDING SYSTEM VALUE SELECT * FROM ${t(before)} ORDER BY row_id`,
      `DO $$
        DECLARE v record;
        BEGIN
          FOR v IN SELECT * FROM warehouse_gl_views LOOP
            EXECUTE format('CREATE OR REPLACE VIEW %s%s AS %s', v.name,
              CASE WHEN v.options IS NULL THEN '' ELSE ' WITH (' || array_to_string(v.options, ', ') || ')' END,
              rtrim(v.definition, E'; \\n'));
          END LOOP;
        END $$`,
      `DROP TABLE ${t(before)}`,
      `ALTER TABLE ${gl}
        ADD CONSTRAINT "02_GL_Detail_pkey" PRIMARY KEY (row_id, period),
        ADD CONSTRAINT "02_GL_Detail_source_journal_id_line_no_key" UNIQUE (source, journal_id, line_no, period),
        ADD CONSTRAINT "02_GL_Detail_period_fkey" FOREIGN KEY (period) REFERENCES ${t('00_Period')} ("Period"),
        ADD CONSTRAINT "02_GL_Detail_account_code_fkey" FOREIGN KEY (account_code)
          REFERENCES ${t('01_Account')} (account_code)`,
      index('02_GL_Detail_period_account_code_idx', 'period, account_code'),
      index('02_GL_Detail_account_code_idx', 'account_code'),
      index('02_GL_Detail_posting_date_idx', 'posting_date'),
      index('02_GL_Detail_load_id_idx', 'load_id'),
      // A journal opened by its id (the Studio, journal edits) without reading every line of the ledger.
      index('02_GL_Detail_journal_id_idx', 'journal_id'),
    ];
  },
};
