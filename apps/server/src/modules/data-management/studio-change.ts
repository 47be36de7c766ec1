import type { DataRow, RowOrigin } from '@finboard/shared/data-management';
import { WAREHOUSE_TABLES, type WarehouseTable } from '@finboard/shared/warehouse';
import type { Executor } from '../../db/client.ts';
import type { LedgerFeatures, LedgerJournal, StudioLedgerRepository } from './studio-ledger.repository.ts';

/**
 * What a Studio write (the Studio's rows, the journal editor) does beside its rows, in its transaction
 * (issue 22):
 *
 * - Lineage: one request is one Studio load (06_Load, kind 'studio', by the user), begun at its first write
 *   of a loaded table. Rows it adds carry it in `load_id`; rows it edits are kept as they were first and carry
 *   it in `edit_load_id` (their `load_id` stays: it says where they came from); rows it deletes are kept. An
 *   undo of the load that wrote them then knows a person changed them since.
 * - Read your writes: the monthly aggregates follow in the same transaction — by the share of the journals
 *   whose lines it writes (the periods and journals it touched, whatever the periods hold), and the cash flow
 *   of every period when an account becomes or stops being a cash account (the balances do not depend on it).
 *
 * A warehouse without lineage or aggregates (tests of older models) is written as before.
 */

export interface StudioChange {
  /** The load the rows it adds to `table` carry (undefined: `table` keeps no lineage). */
  adding(table: string): Promise<number | undefined>;
  /** Keeps the rows as they are; answers the load their edit carries (undefined: no lineage kept, or no rows). */
  editing(table: string, rowIds: readonly (string | number)[]): Promise<number | undefined>;
  /** Keeps the rows as they are, before they are deleted. */
  removing(table: string, rowIds: readonly (string | number)[]): Promise<void>;
  /**
   * Before writing lines of `journals` (after they are locked): answers what to call once they are written,
   * which moves the aggregates by what changed. `columns`: the columns an edit sets (none given: lines are
   * added or removed); an edit of none the aggregates read (a description) leaves them as they are.
   */
  linesChanging(journals: readonly LedgerJournal[], columns?: readonly string[]): Promise<() => Promise<void>>;
  /** After an account was added, changed or deleted (`before`/`after` null when there was or is none). */
  accountChanged(before: DataRow | null, after: DataRow | null): Promise<void>;
}

export type StudioLedger = ReturnType<typeof createStudioLedger>;

const isLoadedTable = (table: string): table is WarehouseTable =>
  (WAREHOUSE_TABLES as readonly string[]).includes(table);
const isCash = (account: DataRow | null) => account?.account_subtype === 'cash';
/** The GL columns the monthly aggregates read (aggregates.ts): journal, period, account, dimensions, amounts. */
const AGGREGATED_COLUMNS = new Set([
  'source',
  'journal_id',
  'period',
  'account_code',
  'entity',
  'department',
  'debit',
  'credit',
]);

export function createStudioLedger(repo: StudioLedgerRepository) {
  /**
   * Warehouses known to keep lineage and aggregates: a migration never takes them away, so only this answer
   * is remembered (a warehouse of an older model may be migrated while the server runs).
   */
  const complete = new Set<string>();
  const featuresIn = async (tx: Executor, schema: string): Promise<LedgerFeatures> => {
    if (complete.has(schema)) return { lineage: true, aggregates: true };
    const features = await repo.features(tx, schema);
    if (features.lineage && features.aggregates) complete.add(schema);
    return features;
  };

  return {
    /** The change one request makes in transaction `tx` of the warehouse `schema`, by the user named `actor`. */
    open(tx: Executor, schema: string, actor: string): StudioChange {
      let features: Promise<LedgerFeatures> | undefined;
      let load: Promise<number> | undefined;
      const featuresOf = () => (features ??= featuresIn(tx, schema));
      /** The request's load, begun at its first write of a loaded table. */
      const loadFor = async (table: string): Promise<number | undefined> => {
        if (!isLoadedTable(table) || !(await featuresOf()).lineage) return undefined;
        return (load ??= repo.beginLoad(tx, schema, actor));
      };

      return {
        adding: loadFor,

        async editing(table, rowIds) {
          if (rowIds.length === 0) return undefined;
          const loadId = await loadFor(table);
          if (loadId !== undefined) await repo.keep(tx, schema, loadId, table as WarehouseTable, 'replaced', rowIds);
          return loadId;
        },

        async removing(table, rowIds) {
          if (rowIds.length === 0) return;
          const loadId = await loadFor(table);
          if (loadId !== undefined) await repo.keep(tx, schema, loadId, table as WarehouseTable, 'removed', rowIds);
        },

        async linesChanging(journals, columns) {
          const moves = columns === undefined || columns.some((column) => AGGREGATED_COLUMNS.has(column));
          if (journals.length === 0 || !moves || !(await featuresOf()).aggregates) return async () => undefined;
          const before = await repo.journalsShare(tx, schema, journals);
          return () => repo.applyJournalChanges(tx, schema, before);
        },

        async accountChanged(before, after) {
          if (isCash(before) === isCash(after) || !(await featuresOf()).aggregates) return;
          await repo.refreshCashFlow(tx, schema);
        },
      };
    },

    /**
     * Where the row `rowId` of `table` came from: undefined when the table keeps lineage and has no such row;
     * null when it keeps none (the caller says whether the row exists) or no load is recorded for the row.
     */
    async origin(tx: Executor, schema: string, table: string, rowId: string): Promise<RowOrigin | null | undefined> {
      if (!isLoadedTable(table) || !(await featuresIn(tx, schema)).lineage) return null;
      return repo.origin(tx, schema, table, rowId);
    },
  };
}
