import type { PoolClient } from 'pg';
import type { WarehouseTable } from '@finboard/shared/warehouse';
import { qualifiedName } from './identifiers.ts';
import { relationExists } from './relations.ts';

/**
 * Lineage (warehouse migration 3): every write of the loaded tables is a load. A load is recorded first
 * (`beginLoad`), the rows it writes carry its id, and what it removes or overwrites is kept as it was
 * (`keepBefore`) before the statement that removes or overwrites it, all in the write's transaction.
 */

export type LoadKind = 'run' | 'sync' | 'studio' | 'demo';

export interface LoadRecord {
  kind: LoadKind;
  /** The pipeline run or accounting sync (platform ids). */
  runId?: string | null;
  /** The GL source a sync writes. */
  source?: string | null;
  /** What people read: the files' names, "QuickBooks sync", "Studio", "Demo books". */
  label: string;
  /** Who (a user's name); null for the system. */
  actor?: string | null;
  /** The uploaded files a run loads. */
  files?: readonly { id: string; name: string }[];
  /** An id drawn before (reserveLoadId): rows staged with it already carry it. */
  loadId?: number;
}

type Client = Pick<PoolClient, 'query'>;

/** Records a load in the caller's transaction; its id goes on every row it writes. */
export async function beginLoad(client: Client, schema: string, record: LoadRecord): Promise<number> {
  const values = [record.kind, record.runId ?? null, record.source ?? null, record.label, record.actor ?? null];
  const inserted = await client.query<{ load_id: string }>(
    record.loadId === undefined
      ? `INSERT INTO ${qualifiedName(schema, '06_Load')} (kind, run_id, source, label, actor) ` +
          'VALUES ($1, $2, $3, $4, $5) RETURNING load_id'
      : `INSERT INTO ${qualifiedName(schema, '06_Load')} (load_id, kind, run_id, source, label, actor) ` +
          'OVERRIDING SYSTEM VALUE VALUES ($6, $1, $2, $3, $4, $5) RETURNING load_id',
    record.loadId === undefined ? values : [...values, record.loadId],
  );
  const loadId = Number(inserted.rows[0]!.load_id);
  if (record.files && record.files.length > 0)
    await client.query(
      `INSERT INTO ${qualifiedName(schema, '06_Load_File')} (load_id, file_id, file_name) ` +
        'SELECT $1, f.id::uuid, f.name FROM jsonb_to_recordset($2::jsonb) AS f(id text, name text)',
      [loadId, JSON.stringify(record.files.map(({ id, name }) => ({ id, name })))],
    );
  return loadId;
}

/**
 * Keeps the rows of `table` that `where` selects (an SQL condition on alias `t`, with `params`) as they are,
 * before the caller removes or overwrites them: an undo of `loadId` puts them back. A row kept twice by
 * one load keeps its first image (the state before the load).
 */
export async function keepBefore(
  client: Client,
  schema: string,
  loadId: number,
  table: WarehouseTable,
  action: 'removed' | 'replaced',
  where: string,
  params: unknown[] = [],
): Promise<number> {
  const index = params.length + 1;
  const kept = await client.query(
    `INSERT INTO ${qualifiedName(schema, '06_Load_Change')} (load_id, table_name, row_id, action, before_load_id, before) ` +
      `SELECT $${index}, $${index + 1}, t.row_id, $${index + 2}, t.load_id, to_jsonb(t) ` +
      `FROM ${qualifiedName(schema, table)} t WHERE ${where} ON CONFLICT DO NOTHING`,
    [...params, loadId, table, action],
  );
  return kept.rowCount ?? 0;
}

/**
 * Draws a load's id ahead of its record (beginLoad with `loadId`), so rows staged before the load begins carry
 * it. As the platform (the identity's owner): a drawn id never used leaves a gap, as a rolled-back load does.
 */
export async function reserveLoadId(client: Client, schema: string): Promise<number> {
  const drawn = await client.query<{ load_id: string }>(
    `SELECT nextval(pg_get_serial_sequence($1, 'load_id'))::text AS load_id`,
    [qualifiedName(schema, '06_Load')],
  );
  return Number(drawn.rows[0]!.load_id);
}

/** Whether the warehouse keeps lineage (warehouse migration 3; tests of older models have none). */
export const hasLineage = (client: Client, schema: string): Promise<boolean> =>
  relationExists(client, schema, '06_Load');
