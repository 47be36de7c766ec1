import {
  journalMessages as m,
  journalTotals,
  centsToAmount,
  type Journal,
  type JournalLine,
  type JournalLineRow,
  type JournalSource,
  type ReconciliationDifference,
} from '@finboard/shared/journals';
import type { DataRow } from '@finboard/shared/data-management';
import type { Executor } from '../../db/client.ts';
import { AppError, badRequest, conflict, internalError, notFound } from '../../errors.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Principal } from '../auth/principal.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { GL_TABLE, outOfBalance, refuseClosedPeriods } from './journal-guard.ts';
import { journalsRepository as repo, type JournalKey } from './journals.repository.ts';
import { reconciliationRepository } from './reconciliation.repository.ts';
import { recordRowChanges, type RowChange } from './row-changes.ts';
import type { LedgerChanged } from './ledger-changed.ts';

export type JournalsService = ReturnType<typeof createJournalsService>;

const journalNotFound = () => notFound(m.journalNotFound);

/** A written line as the row history shows it (the same columns as the Studio's rows of GL_Detail). */
const historyRow = (key: JournalKey, line: JournalLineRow): DataRow => ({
  row_id: line.row_id,
  journal_id: key.journalId,
  line_no: line.line_no,
  posting_date: line.posting_date,
  period: line.period,
  account_code: line.account_code,
  description: line.description,
  debit: line.debit,
  credit: line.credit,
  entity: line.entity,
  department: line.department,
  counterparty: line.counterparty,
  source: key.source,
  reference: line.reference,
});

/** A line created or deleted, as the audit trail records it. */
function lineChange(action: 'created' | 'deleted', key: JournalKey, line: JournalLineRow): RowChange {
  const row = historyRow(key, line);
  return action === 'created' ? { action, row, before: null, after: row } : { action, row, before: row, after: null };
}

const sameLine = (a: JournalLineRow, b: JournalLineRow) =>
  JSON.stringify({ ...a, row_id: 0 }) === JSON.stringify({ ...b, row_id: 0 });

/**
 * Journals of 02_GL_Detail as a whole (issue 9): read, created and replaced in one transaction, only
 * when balanced to the cent and outside closed periods; and the trial balance check. Every line written
 * is in the audit trail and the row history, as the Studio's own edits.
 */
export function createJournalsService(deps: {
  warehouse: WarehouseService;
  audit: AuditService;
  organizations: OrganizationsService;
  /** After a committed write of lines: the periods it touched (the reports' aggregates follow). */
  ledgerChanged?: LedgerChanged;
}) {
  const { warehouse, organizations } = deps;
  /** Tells of a committed write: the periods of the lines before and after it. */
  const changed = <T>(organizationId: string, lines: () => readonly { period: string }[], result: T): T => {
    deps.ledgerChanged?.(organizationId, [...new Set(lines().map((line) => line.period))]);
    return result;
  };

  function journalOf(key: JournalKey, lines: JournalLineRow[]): Journal {
    const totals = journalTotals(lines);
    return {
      journal_id: key.journalId,
      source: key.source as JournalSource,
      lines,
      debit: centsToAmount(totals.debit),
      credit: centsToAmount(totals.credit),
    };
  }

  /** Balanced, known periods (open) and accounts: checked before anything is written. */
  async function checkLines(tx: Executor, schema: string, key: JournalKey, lines: readonly JournalLine[]) {
    const { difference } = journalTotals(lines);
    if (difference !== 0n) throw outOfBalance(key.journalId, difference);
    const periods = await repo.periods(
      tx,
      schema,
      lines.map((line) => line.period),
    );
    const unknownPeriod = lines.find((line) => !periods.has(line.period));
    if (unknownPeriod) throw badRequest('PERIOD_UNKNOWN', m.periodUnknown(unknownPeriod.period));
    await refuseClosedPeriods(
      tx,
      schema,
      lines.map((line) => line.period),
    );
    const accounts = await repo.accounts(
      tx,
      schema,
      lines.map((line) => line.account_code),
    );
    const unknownAccount = lines.find((line) => !accounts.has(line.account_code));
    if (unknownAccount) throw badRequest('ACCOUNT_UNKNOWN', m.accountUnknown(unknownAccount.account_code));
  }

  /** The journal's lines, locked for this transaction; refused when it has none or touches a closed period. */
  async function lockedOpenJournal(tx: Executor, schema: string, key: JournalKey): Promise<JournalLineRow[]> {
    await repo.lock(tx, [key]);
    const existing = await repo.lines(tx, schema, key);
    if (existing.length === 0) throw journalNotFound();
    await refuseClosedPeriods(
      tx,
      schema,
      existing.map((line) => line.period),
    );
    return existing;
  }

  /** `work` in the organization's warehouse transaction, with the warehouse's schema. */
  async function run<T>(
    organizationId: string,
    failure: string,
    work: (tx: Executor, schema: string) => Promise<T>,
  ): Promise<T> {
    try {
      await organizations.assertExists(organizationId);
      const schema = warehouse.schemaOf(organizationId);
      return await warehouse.withOrganization(organizationId, (tx) => work(tx, schema));
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw internalError('JOURNAL_FAILED', failure, error);
    }
  }

  const record = (tx: Executor, principal: Principal, organizationId: string, changes: RowChange[]) =>
    recordRowChanges(deps, tx, principal, organizationId, GL_TABLE, changes);

  return {
    get(organizationId: string, key: JournalKey): Promise<Journal> {
      return run(organizationId, m.journalFailed, async (tx, schema) => {
        const lines = await repo.lines(tx, schema, key);
        if (lines.length === 0) throw journalNotFound();
        return journalOf(key, lines);
      });
    },

    async create(
      principal: Principal,
      organizationId: string,
      key: JournalKey,
      lines: JournalLine[],
    ): Promise<Journal> {
      const journal = await run(organizationId, m.journalCreateFailed, async (tx, schema) => {
        await repo.lock(tx, [key]);
        if ((await repo.lines(tx, schema, key)).length > 0)
          throw conflict('JOURNAL_EXISTS', m.journalExists(key.journalId), 'journal_id');
        await checkLines(tx, schema, key, lines);
        const written: JournalLineRow[] = [];
        for (const line of lines) written.push(await repo.insert(tx, schema, key, line));
        await record(
          tx,
          principal,
          organizationId,
          written.map((line) => lineChange('created', key, line)),
        );
        return journalOf(
          key,
          written.sort((a, b) => a.line_no - b.line_no),
        );
      });
      return changed(organizationId, () => journal.lines, journal);
    },

    /**
     * Replaces the journal's lines, matched by line number: a line kept is updated in place (its row
     * history goes on), a new number is inserted, a missing one deleted. Unchanged lines are not written.
     */
    async replace(
      principal: Principal,
      organizationId: string,
      key: JournalKey,
      lines: JournalLine[],
    ): Promise<Journal> {
      let before: JournalLineRow[] = [];
      const journal = await run(organizationId, m.journalSaveFailed, async (tx, schema) => {
        const existing = await lockedOpenJournal(tx, schema, key);
        before = existing;
        await checkLines(tx, schema, key, lines);
        const byNumber = new Map(existing.map((line) => [line.line_no, line]));
        const wanted = new Set(lines.map((line) => line.line_no));
        const changes: RowChange[] = [];
        for (const old of existing.filter((line) => !wanted.has(line.line_no))) {
          await repo.remove(tx, schema, old.row_id);
          changes.push(lineChange('deleted', key, old));
        }
        const result: JournalLineRow[] = [];
        for (const line of lines) {
          const old = byNumber.get(line.line_no);
          if (!old) {
            const added = await repo.insert(tx, schema, key, line);
            changes.push(lineChange('created', key, added));
            result.push(added);
            continue;
          }
          const updated = await repo.update(tx, schema, old.row_id, line);
          if (!sameLine(old, updated)) {
            changes.push({
              action: 'updated',
              row: historyRow(key, updated),
              before: historyRow(key, old),
              after: historyRow(key, updated),
            });
          }
          result.push(updated);
        }
        await record(tx, principal, organizationId, changes);
        return journalOf(
          key,
          result.sort((a, b) => a.line_no - b.line_no),
        );
      });
      return changed(organizationId, () => [...before, ...journal.lines], journal);
    },

    /** Deletes every line of the journal (what deleting a ledger line in the Studio means). */
    async remove(principal: Principal, organizationId: string, key: JournalKey): Promise<void> {
      const removed = await run(organizationId, m.journalDeleteFailed, async (tx, schema) => {
        const existing = await lockedOpenJournal(tx, schema, key);
        for (const line of existing) await repo.remove(tx, schema, line.row_id);
        await record(
          tx,
          principal,
          organizationId,
          existing.map((line) => lineChange('deleted', key, line)),
        );
        return existing;
      });
      changed(organizationId, () => removed, undefined);
    },

    reconciliation(organizationId: string): Promise<ReconciliationDifference[]> {
      return run(organizationId, m.reconciliationFailed, (tx, schema) =>
        reconciliationRepository.differences(tx, schema),
      );
    },
  };
}
