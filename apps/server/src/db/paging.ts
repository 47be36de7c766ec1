import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * How many rows of `table` match `where`, as a column of the page query: the page and its total in one
 * round trip and one snapshot. Uncorrelated, so PostgreSQL evaluates it once (an InitPlan), and the page
 * keeps its own plan (a sorted page can still walk an index and stop at its limit).
 */
export const matchingCount = (table: PgTable, where: SQL | undefined) =>
  sql<number>`(select count(*)::int from ${table}${where ? sql` where ${where}` : sql``})`.mapWith(Number);

/**
 * A page whose rows carry `matchingCount(table, where)` as `total`, and that total. A page past the end
 * has no row to carry it: only then is it counted apart.
 */
export async function pageAndTotal<Row extends { total: number }>(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  page: Promise<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  const rows = await page;
  if (rows[0]) return { rows, total: rows[0].total };
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}
