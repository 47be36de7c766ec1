import type { WarehouseTable } from '@finboard/shared/warehouse';
import type { LoadKind, RowOrigin } from '@finboard/shared/data-management';
import type { Executor } from '../../db/client.ts';
import { queryClientOf } from '../../db/query-client.ts';
import {
  applyJournalChangesOn,
  journalsShareOn,
  type JournalsShare,
  type LedgerJournal,
} from '../../warehouse/aggregate-changes.ts';
import { refreshCashFlowOn } from '../../warehouse/aggregates.ts';
import { qualifiedName } from '../../warehouse/identifiers.ts';
import { beginLoad, keepBefore } from '../../warehouse/lineage.ts';

/**
 * SQL of what a Studio write does beside its rows (lineage, warehouse migration 3; the monthly aggregates,
 * migration 2), inside the write's withOrganization() transaction. The statements are the warehouse's own
 * (lineage.ts, aggregate-changes.ts); this adapts them to the Studio's transaction.
 */

export type { JournalsShare, LedgerJournal };

/** What the warehouse keeps beside its tables (tests of older models have neither). */
export interface LedgerFeatures {
  lineage: boolean;
  aggregates: boolean;
}

export interface StudioLedgerRepository {
  features(tx: Executor, schema: string): Promise<LedgerFeatures>;
  /** Records a Studio change (06_Load) by `actor`; its id goes on the rows it writes. */
  beginLoad(tx: Executor, schema: string, actor: string): Promise<number>;
  /** Keeps the rows of `table` with these ids as they are, before load `loadId` overwrites or removes them. */
  keep(
    tx: Executor,
    schema: string,
    loadId: number,
    table: WarehouseTable,
    action: 'removed' | 'replaced',
    rowIds: readonly (string | number)[],
  ): Promise<void>;
  journalsShare(tx: Executor, schema: string, journals: readonly LedgerJournal[]): Promise<JournalsShare>;
  applyJournalChanges(tx: Executor, schema: string, before: JournalsShare): Promise<void>;
  refreshCashFlow(tx: Executor, schema: string): Promise<void>;
  /** Where the row came from (null: no load recorded for it); undefined when there is no such row. */
  origin(tx: Executor, schema: string, table: WarehouseTable, rowId: string): Promise<RowOrigin | null | undefined>;
}

interface OriginRow {
  load_id: string | null;
  kind: LoadKind | null;
  label: string | null;
  source: string | null;
  actor: string | null;
  created_at: Date | null;
  file_name: string | null;
  edit_load_id: string | null;
  edit_actor: string | null;
  edit_created_at: Date | null;
}

export const studioLedgerRepository: StudioLedgerRepository = {
  async features(tx, schema) {
    const found = await queryClientOf(tx).query<LedgerFeatures>(
      'SELECT to_regclass($1) IS NOT NULL AS lineage, to_regclass($2) IS NOT NULL AS aggregates',
      [qualifiedName(schema, '06_Load'), qualifiedName(schema, '05_Aggregate_Refresh')],
    );
    return found.rows[0] ?? { lineage: false, aggregates: false };
  },

  beginLoad: (tx, schema, actor) => beginLoad(queryClientOf(tx), schema, { kind: 'studio', label: 'Studio', actor }),

  async keep(tx, schema, loadId, table, action, rowIds) {
    if (rowIds.length === 0) return;
    await keepBefore(queryClientOf(tx), schema, loadId, table, action, 't.row_id = ANY($1::bigint[])', [
      rowIds.map(String),
    ]);
  },

  journalsShare: (tx, schema, journals) => journalsShareOn(queryClientOf(tx), schema, journals),
  applyJournalChanges: (tx, schema, before) => applyJournalChangesOn(queryClientOf(tx), schema, before),
  refreshCashFlow: async (tx, schema) => void (await refreshCashFlowOn(queryClientOf(tx), schema)),

  async origin(tx, schema, table, rowId) {
    const t = (name: string) => qualifiedName(schema, name);
    const found = await queryClientOf(tx).query<OriginRow>(
      `SELECT l.load_id, l.kind, l.label, l.source, l.actor, l.created_at, f.file_name,
         e.load_id AS edit_load_id, e.actor AS edit_actor, e.created_at AS edit_created_at
       FROM ${t(table)} r
       LEFT JOIN ${t('06_Load')} l ON l.load_id = r.load_id
       LEFT JOIN ${t('06_Load_File')} f ON f.load_id = r.load_id AND f.file_id = r.file_id
       LEFT JOIN ${t('06_Load')} e ON e.load_id = r.edit_load_id
       WHERE r.row_id = $1::bigint`,
      [rowId],
    );
    const row = found.rows[0];
    if (!row) return undefined;
    if (row.load_id === null || row.kind === null || row.created_at === null) return null;
    return {
      load: {
        id: Number(row.load_id),
        kind: row.kind,
        label: row.label ?? '',
        source: row.source,
        fileName: row.file_name,
        actor: row.actor,
        at: new Date(row.created_at).toISOString(),
      },
      edit:
        row.edit_load_id === null || row.edit_created_at === null
          ? null
          : { id: Number(row.edit_load_id), actor: row.edit_actor, at: new Date(row.edit_created_at).toISOString() },
    };
  },
};
