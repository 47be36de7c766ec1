import type { DatabaseHandle } from '../../db/client.ts';
import { quoteIdent, warehouseRoleName, warehouseSchemaName } from '../../warehouse/identifiers.ts';

/** How long one Chat DB statement may run, and wait for a lock. */
export const STATEMENT_TIMEOUT_MS = 5_000;
export const LOCK_TIMEOUT_MS = 1_000;

export type ChatRows = Record<string, unknown>[];

/**
 * Runs one statement the SQL guard accepted: in a READ ONLY transaction with statement_timeout and
 * lock_timeout, as the organization's warehouse role with the search_path set to its schema alone, then rolled
 * back (nothing it did could be kept). The guard has refused SET/RESET ROLE, set_config and catalog reads
 * before this point; READ ONLY stops any write a function could still attempt.
 */
export function createChatRunner(database: DatabaseHandle) {
  return {
    async run(organizationId: string, text: string, params: readonly unknown[]): Promise<ChatRows> {
      const client = await database.pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN READ ONLY');
        try {
          await client.query(
            `SELECT set_config('statement_timeout', $1, true), set_config('lock_timeout', $2, true),
               set_config('search_path', $3, true)`,
            [`${STATEMENT_TIMEOUT_MS}ms`, `${LOCK_TIMEOUT_MS}ms`, quoteIdent(warehouseSchemaName(organizationId))],
          );
          await client.query(`SET LOCAL ROLE ${quoteIdent(warehouseRoleName(organizationId))}`);
          const result = await client.query({ text, values: [...params] });
          return result.rows as ChatRows;
        } finally {
          try {
            await client.query('ROLLBACK');
          } catch (error) {
            broken = error as Error;
          }
        }
      } finally {
        client.release(broken ?? false);
      }
    },
  };
}
export type ChatRunner = ReturnType<typeof createChatRunner>;
