import { sql, type SQL } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Executor } from './client.ts';

/** What the warehouse's SQL modules (lineage, aggregates) run their statements on: pg's `query`. */
export type QueryClient = Pick<PoolClient, 'query'>;

const PLACEHOLDER = /\$(\d+)/;

/**
 * A Drizzle transaction as a pg query client, for the warehouse's SQL modules that write `$1`-style
 * statements (lineage.ts, aggregates.ts) to run inside a Studio request's transaction. Each placeholder
 * becomes one bound parameter (an array stays one array parameter). Statements must not hold `$n` inside
 * string literals: ours never do.
 */
export function queryClientOf(tx: Executor): QueryClient {
  async function query(text: string, values: readonly unknown[] = []) {
    const pieces = text.split(PLACEHOLDER);
    const chunks: SQL[] = pieces.map((piece, index) =>
      index % 2 === 0 ? sql.raw(piece) : sql`${sql.param(values[Number(piece) - 1])}`,
    );
    return tx.execute(sql.join(chunks));
  }
  return { query } as unknown as QueryClient;
}
