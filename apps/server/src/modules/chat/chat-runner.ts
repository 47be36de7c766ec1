import type { PoolClient } from 'pg';
import type { DatabaseHandle } from '../../db/client.ts';
import { quoteIdent, warehouseRoleName, warehouseSchemaName } from '../../warehouse/identifiers.ts';
import { SqlRefusedError } from './sql-guard.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { WarehouseReaders } from './warehouse-readers.ts';

/** How long one Chat DB statement may run, and wait for a lock. */
export const STATEMENT_TIMEOUT_MS = 5_000;
export const LOCK_TIMEOUT_MS = 1_000;
/**
 * PGlite runs a statement inside this process and cannot cut it off (statement_timeout is not enforced there:
 * measured, a 10 s query ran to its end under a 300 ms timeout), so a model's statement whose plan costs more
 * than this — roughly what PGlite gets through in a few seconds — is refused before it starts.
 */
export const PGLITE_MAX_PLAN_COST = 250_000;

export interface RunOptions {
  /** SQL not compiled by us (a language model's): on PGlite its plan's cost is checked first. */
  untrusted?: boolean;
}

export type ChatRows = Record<string, unknown>[];

/**
 * Runs one statement the SQL guard accepted, in a READ ONLY transaction with statement_timeout and lock_timeout,
 * then rolled back (nothing it did could be kept).
 * - PostgreSQL (`readers`): on a connection that logged in as the organization's read-only role
 *   (warehouse-readers.ts), where RESET ROLE, SET ROLE or set_config('role', …) reach nothing.
 * - PGlite (one backend, one login): as the organization's warehouse role, search_path its schema alone; there
 *   the guard's allowlist (no SET/RESET, no set_config, no catalogs) is what keeps the statement in its place.
 */
export function createChatRunner(
  database: DatabaseHandle,
  warehouse: Pick<WarehouseService, 'targetOf'>,
  readers?: WarehouseReaders,
) {
  const cutsOffStatements = database.kind === 'postgres';

  async function refuseCostly(client: PoolClient, text: string, params: readonly unknown[]) {
    const explained = await client.query({ text: `EXPLAIN (FORMAT JSON) ${text}`, values: [...params] });
    const plan = (explained.rows[0] as { 'QUERY PLAN': [{ Plan: { 'Total Cost': number } }] })['QUERY PLAN'];
    if (plan[0].Plan['Total Cost'] > PGLITE_MAX_PLAN_COST)
      throw new SqlRefusedError('it would take too long to run on the embedded database');
  }

  async function readOnly(
    client: PoolClient,
    organizationId: string,
    text: string,
    params: readonly unknown[],
    options: RunOptions,
  ) {
    let broken: Error | undefined;
    await client.query('BEGIN READ ONLY');
    try {
      await client.query(
        `SELECT set_config('statement_timeout', $1, true), set_config('lock_timeout', $2, true),
           set_config('search_path', $3, true)`,
        [`${STATEMENT_TIMEOUT_MS}ms`, `${LOCK_TIMEOUT_MS}ms`, quoteIdent(warehouseSchemaName(organizationId))],
      );
      if (!readers) await client.query(`SET LOCAL ROLE ${quoteIdent(warehouseRoleName(organizationId))}`);
      if (options.untrusted && !cutsOffStatements) await refuseCostly(client, text, params);
      const result = await client.query({ text, values: [...params] });
      return { rows: result.rows as ChatRows, broken };
    } finally {
      try {
        await client.query('ROLLBACK');
      } catch (error) {
        broken = error as Error;
      }
    }
  }

  return {
    async run(
      organizationId: string,
      text: string,
      params: readonly unknown[],
      options: RunOptions = {},
    ): Promise<ChatRows> {
      const pool = readers ? await readers.poolOf(organizationId) : (await warehouse.targetOf(organizationId)).pool;
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const done = await readOnly(client, organizationId, text, params, options);
        broken = done.broken;
        return done.rows;
      } catch (error) {
        broken = error as Error;
        throw error;
      } finally {
        client.release(broken ?? false);
      }
    },
    /** The reader pools (PostgreSQL). */
    close: () => readers?.close() ?? Promise.resolve(),
  };
}
export type ChatRunner = ReturnType<typeof createChatRunner>;
