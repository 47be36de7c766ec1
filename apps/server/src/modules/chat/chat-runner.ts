import type { PoolClient } from 'pg';
import type { DatabaseHandle } from '../../db/client.ts';
import { quoteIdent, warehouseRoleName, warehouseSchemaName } from '../../warehouse/identifiers.ts';
import type { WarehouseReaders } from './warehouse-readers.ts';

/** How long one Chat DB statement may run, and wait for a lock. */
export const STATEMENT_TIMEOUT_MS = 5_000;
export const LOCK_TIMEOUT_MS = 1_000;

export type ChatRows = Record<string, unknown>[];

/**
 * Runs one statement the SQL guard accepted, in a READ ONLY transaction with statement_timeout and lock_timeout,
 * then rolled back (nothing it did could be kept).
 * - PostgreSQL (`readers`): on a connection that logged in as the organization's read-only role
 *   (warehouse-readers.ts), where RESET ROLE, SET ROLE or set_config('role', …) reach nothing.
 * - PGlite (one backend, one login): as the organization's warehouse role, search_path its schema alone; there
 *   the guard's allowlist (no SET/RESET, no set_config, no catalogs) is what keeps the statement in its place.
 */
export function createChatRunner(database: DatabaseHandle, readers?: WarehouseReaders) {
  async function readOnly(client: PoolClient, organizationId: string, text: string, params: readonly unknown[]) {
    let broken: Error | undefined;
    await client.query('BEGIN READ ONLY');
    try {
      await client.query(
        `SELECT set_config('statement_timeout', $1, true), set_config('lock_timeout', $2, true),
           set_config('search_path', $3, true)`,
        [`${STATEMENT_TIMEOUT_MS}ms`, `${LOCK_TIMEOUT_MS}ms`, quoteIdent(warehouseSchemaName(organizationId))],
      );
      if (!readers) await client.query(`SET LOCAL ROLE ${quoteIdent(warehouseRoleName(organizationId))}`);
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
    async run(organizationId: string, text: string, params: readonly unknown[]): Promise<ChatRows> {
      const pool = readers ? await readers.poolOf(organizationId) : database.pool;
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const done = await readOnly(client, organizationId, text, params);
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
