import type pg from 'pg';
import { qualifiedName, quoteLiteral } from '../../warehouse/identifiers.ts';

/** A table's row count and the sum of its rows' hashes (as text: both outgrow a JavaScript number). */
export interface TableFingerprint {
  rows: string;
  sum: string;
}

/** Tables per statement: one query reads many small warehouse tables at once. */
const TABLES_PER_QUERY = 100;

/**
 * Every table of `schemas` (partitions counted in their parent) by `schema.table`: its row count and the sum
 * of a 64-bit hash of each row's text. Equal on both sides of a dump and its restore, whatever the order of
 * the rows; a changed, missing or extra value changes the sum. The session's time zone and date style are
 * fixed so that the same rows read as the same text on any server.
 */
export async function fingerprintSchemas(
  client: pg.ClientBase,
  schemas: readonly string[],
): Promise<Record<string, TableFingerprint>> {
  await client.query(`set local timezone = 'UTC'`);
  await client.query(`set local datestyle = 'ISO, YMD'`);
  const tables = (
    await client.query<{ schema: string; table: string }>(
      `select n.nspname as schema, c.relname as table
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1::text[])
        order by 1, 2`,
      [schemas],
    )
  ).rows;
  const fingerprints: Record<string, TableFingerprint> = {};
  for (let start = 0; start < tables.length; start += TABLES_PER_QUERY) {
    const chunk = tables.slice(start, start + TABLES_PER_QUERY);
    const query = chunk
      .map(
        ({ schema, table }) =>
          `select ${quoteLiteral(`${schema}.${table}`)} as name, count(*)::text as rows,
                  coalesce(sum(hashtextextended(t::text, 0)::numeric), 0)::text as sum
             from ${qualifiedName(schema, table)} t`,
      )
      .join(' union all ');
    for (const row of (await client.query<{ name: string } & TableFingerprint>(query)).rows)
      fingerprints[row.name] = { rows: row.rows, sum: row.sum };
  }
  return fingerprints;
}

/** What differs between the fingerprints a backup recorded and a restore's: one line per table, empty when equal. */
export function fingerprintDifferences(
  expected: Record<string, TableFingerprint>,
  actual: Record<string, TableFingerprint>,
): string[] {
  const differences: string[] = [];
  for (const [name, want] of Object.entries(expected)) {
    const got = actual[name];
    if (!got) differences.push(`${name}: missing`);
    else if (got.rows !== want.rows) differences.push(`${name}: ${got.rows} rows, ${want.rows} backed up`);
    else if (got.sum !== want.sum) differences.push(`${name}: same ${got.rows} rows, different values`);
  }
  for (const name of Object.keys(actual)) if (!(name in expected)) differences.push(`${name}: not in the backup`);
  return differences;
}
