import type { PoolClient } from 'pg';

/**
 * What the catalog says of the GL's partitions (warehouse migration 4, gl-partitions.ts): which exist, which
 * period each holds, and which of them a load's checks and statistics need to read.
 */

interface Partition {
  /** Schema-qualified and quoted whatever the search path (ANALYZE runs as the platform, on a path of its own). */
  name: string;
  /** Its rows as its statistics last counted them (0 before any). */
  rows: number;
  /** The one period it holds; undefined for the default partition. */
  period?: string;
}

/** The partitions of a partitioned table (none for another table). */
async function partitionsOf(client: Pick<PoolClient, 'query'>, table: string): Promise<Partition[]> {
  const found = await client.query<{ name: string; rows: number; bound: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name, greatest(c.reltuples, 0)::float8 AS rows, ` +
      `pg_catalog.pg_get_expr(c.relpartbound, c.oid) AS bound ` +
      `FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid ` +
      `JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE i.inhparent = $1::regclass`,
    [table],
  );
  return found.rows.map((partition) => ({
    name: partition.name,
    rows: Number(partition.rows),
    period: /^FOR VALUES IN \('([^']+)'\)$/.exec(partition.bound)?.[1],
  }));
}

/** The partitions of `gl` that hold one period each (not the default one). */
export async function ownPartitionsOf(
  client: Pick<PoolClient, 'query'>,
  gl: string,
): Promise<(Partition & { period: string })[]> {
  return (await partitionsOf(client, gl)).filter(
    (partition): partition is Partition & { period: string } => partition.period !== undefined,
  );
}

/**
 * The periods whose own partition can hold none of the staged journals: its journal ids (the lowest and the
 * highest, read from its index) lie all below or all above the staged ones. A check of the staged journals
 * against the ledger leaves them out (`period <> ALL(…)` prunes their partitions), so a month whose journal
 * numbers follow the earlier months' is checked against what it could meet, not against every month's key.
 * `none`: no partition can hold one, the default partition (lines of any period) included — nothing to check.
 */
export async function periodsApartFrom(
  client: Pick<PoolClient, 'query'>,
  context: { gl: string; stage: string },
): Promise<{ periods: string[]; none: boolean }> {
  const { gl, stage } = context;
  const partitions = await partitionsOf(client, gl);
  if (partitions.length === 0) return { periods: [], none: false };
  const ranges = partitions.map(
    (partition, index) =>
      `SELECT $${index + 1}::text AS period, (SELECT min(journal_id) FROM ${partition.name}) AS low, ` +
      `(SELECT max(journal_id) FROM ${partition.name}) AS high`,
  );
  const found = await client.query<{ period: string | null }>(
    `WITH staged AS (SELECT min(journal_id) AS low, max(journal_id) AS high FROM ${stage}) ` +
      `SELECT r.period FROM (${ranges.join(' UNION ALL ')}) r, staged s ` +
      `WHERE r.low IS NULL OR r.high < s.low OR r.low > s.high ORDER BY 1`,
    partitions.map((partition) => partition.period ?? null),
  );
  return {
    periods: found.rows.flatMap((row) => (row.period === null ? [] : [row.period])),
    none: found.rows.length === partitions.length,
  };
}

/**
 * The partitions of a partitioned table that hold `periods` (each period's own, or the default one), with the
 * periods each holds: those whose statistics a load of them changed. Empty for a table that is not partitioned.
 */
export async function partitionsHolding(
  client: Pick<PoolClient, 'query'>,
  table: string,
  periods: readonly string[],
): Promise<{ name: string; rows: number; periods: string[] }[]> {
  const partitions = await partitionsOf(client, table);
  const owned = new Set(partitions.map((partition) => partition.period));
  return partitions
    .map(({ period, ...partition }) => ({
      ...partition,
      periods: periods.filter((wanted) => (period === undefined ? !owned.has(wanted) : wanted === period)),
    }))
    .filter((partition) => partition.periods.length > 0);
}
