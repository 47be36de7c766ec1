/** A warehouse schema and how many relations (tables, partitions, views, sequences) it holds. */
export interface SchemaSize {
  name: string;
  relations: number;
}

/**
 * The schemas of one database in consecutive groups of at most `maxLocks` relations each: pg_dump locks every
 * relation it dumps in one transaction, and the server's lock table holds max_locks_per_transaction ×
 * max_connections of them for everyone. A schema larger than the budget is a group of its own.
 */
export function dumpBatches(schemas: readonly SchemaSize[], maxLocks: number): string[][] {
  if (!Number.isInteger(maxLocks) || maxLocks < 1) throw new Error('maxLocks must be a positive integer');
  const batches: string[][] = [];
  let current: string[] = [];
  let locks = 0;
  for (const schema of schemas) {
    if (current.length > 0 && locks + schema.relations > maxLocks) {
      batches.push(current);
      current = [];
      locks = 0;
    }
    current.push(schema.name);
    locks += schema.relations;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
