import type { QueryClient } from '../db/query-client.ts';
import { qualifiedName } from './identifiers.ts';

/**
 * Whether a relation of an organization's schema exists. A warehouse is brought to the newest model by its
 * numbered migrations at start-up; tests that build a warehouse of an older model (before lineage or the
 * aggregates) rely on the writers asking rather than assuming.
 */
export async function relationExists(client: QueryClient, schema: string, relation: string): Promise<boolean> {
  const found = await client.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [
    qualifiedName(schema, relation),
  ]);
  return found.rows[0]?.present === true;
}
