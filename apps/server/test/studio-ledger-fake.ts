import type { RowOrigin } from '@finboard/shared/data-management';
import type {
  LedgerFeatures,
  StudioLedgerRepository,
} from '../src/modules/data-management/studio-ledger.repository.ts';

/**
 * An in-memory StudioLedgerRepository for unit tests: it records, in order, what a Studio write asked of the
 * ledger (`calls`), numbers the loads it begins, and answers the origins it was given.
 */
export function fakeStudioLedgerRepository(features: LedgerFeatures = { lineage: true, aggregates: true }) {
  const calls: string[] = [];
  const origins = new Map<string, RowOrigin | null>();
  let nextLoad = 41;
  const repository: StudioLedgerRepository = {
    async features() {
      calls.push('features');
      return features;
    },
    async beginLoad(_tx, _schema, actor) {
      nextLoad += 1;
      calls.push(`begin load ${nextLoad} by ${actor}`);
      return nextLoad;
    },
    async keep(_tx, _schema, loadId, table, action, rowIds) {
      calls.push(`keep ${table} ${rowIds.join(',')} as ${action} by load ${loadId}`);
    },
    async journalsShare(_tx, _schema, journals) {
      const names = journals.map((journal) => `${journal.source}/${journal.journalId}`).join(',');
      calls.push(`share of ${names}`);
      return { journals, balance: '[]', cash: '[]' };
    },
    async applyJournalChanges(_tx, _schema, before) {
      calls.push(`apply changes of ${before.journals.map((journal) => journal.journalId).join(',')}`);
    },
    async refreshCashFlow() {
      calls.push('refresh the cash flow');
    },
    async origin(_tx, _schema, table, rowId) {
      return origins.get(`${table}:${rowId}`);
    },
  };
  return { repository, calls, origins };
}
