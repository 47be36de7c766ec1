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
import { journalsRepository, type JournalKey, type JournalsRepository } from './journals.repository.ts';
import { reconciliationRepository } from './reconciliation.repository.ts';
import { recordRowChanges, type RowChange } from './row-changes.ts';
import type { StudioLedger } from './studio-change.ts';

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

/** A line given as it would be stored (the request's amounts are already normalized: '100' → '100.00'). */
const asStored = (row_id: JournalLineRow['row_id'], line: JournalLine): JournalLineRow => ({
  row_id,
  line_no: line.line_no,
  posting_date: line.posting_date,
  period: line.period,
  account_code: line.account_code,
  description: line.description ?? null,
  debit: line.debit,
  credit: line.credit,
  entity: line.entity ?? null,
  department: line.department ?? null,
  counterparty: line.counterparty ?? null,
  reference: line.reference ?? null,
});

const sameLine = (a: JournalLineRow, b: JournalLineRow) =>
  JSON.stringify({ ...a, row_id: 0 }) === JSON.stringify({ ...b, row_id: 0 });

/**
 * Journals of 02_GL_Detail as a whole (issue 9): read, created and replaced in one transaction, only
 * when balanced to the cent and outside closed periods; and the trial balance check. Every line written
 * is in the audit trail and the row history, as the Studio's own edits, and is a Studio change with its
 * lineage and the monthly aggregates updated in the same transaction (studio-change.ts).
 */
export function createJournalsService(deps: {
  warehouse: Pick<WarehouseService, 'schemaOf' | 'withOrganization' | 'leaveOrganization'>;
  audit: Pick<AuditService, 'record'>;
  organizations: Pick<OrganizationsService, 'assertExists'>;
  ledger: StudioLedger;
  /** A user's name as the row origins show it ('Demo User'). */
  nameOf: (userId: string) => Promise<string | undefined>;
  /** Told once a journal write has committed (the portfolio's summaries follow the aggregates). Never awaited. */
  onWritten?: (organizationId: string) => void;
  repository?: JournalsRepository;
}) {
  const { warehouse, organizations, ledger } = deps;
  const repo = deps.repository ?? journalsRepository;
  const actorOf = async (principal: Principal) => (await deps.nameOf(principal.id)) || principal.email;

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
      repo,
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
      repo,
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

  /** `run` of a write, told once it has committed. */
  async function write<T>(
    organizationId: string,
    failure: string,
    work: (tx: Executor, schema: string) => Promise<T>,
  ): Promise<T> {
    const result = await run(organizationId, failure, work);
    deps.onWritten?.(organizationId);
    return result;
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
      const actor = await actorOf(principal);
      return write(organizationId, m.journalCreateFailed, async (tx, schema) => {
        await repo.lock(tx, [key]);
        if ((await repo.lines(tx, schema, key)).length > 0)
          throw conflict('JOURNAL_EXISTS', m.journalExists(key.journalId), 'journal_id');
        await checkLines(tx, schema, key, lines);
        const change = ledger.open(tx, schema, actor);
        const settle = await change.linesChanging([key]);
        const loadId = await change.adding(GL_TABLE);
        const written: JournalLineRow[] = [];
        for (const line of lines) written.push(await repo.insert(tx, schema, key, line, loadId));
        await settle();
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
    },

    /**
     * Replaces the journal's lines, matched by line number: a line kept is updated in place (its row
     * history goes on), a new number is inserted, a missing one deleted. Unchanged lines are not written
     * (nor marked as edited).
     */
    async replace(
      principal: Principal,
      organizationId: string,
      key: JournalKey,
      lines: JournalLine[],
    ): Promise<Journal> {
      const actor = await actorOf(principal);
      return write(organizationId, m.journalSaveFailed, async (tx, schema) => {
        const existing = await lockedOpenJournal(tx, schema, key);
        await checkLines(tx, schema, key, lines);
        const byNumber = new Map(existing.map((line) => [line.line_no, line]));
        const wanted = new Set(lines.map((line) => line.line_no));
        const removed = existing.filter((line) => !wanted.has(line.line_no));
        const edited = lines.flatMap((line) => {
          const old = byNumber.get(line.line_no);
          return old && !sameLine(old, asStored(old.row_id, line)) ? [{ old, line }] : [];
        });
        const added = lines.filter((line) => !byNumber.has(line.line_no));
        if (removed.length + edited.length + added.length === 0) return journalOf(key, existing);

        const change = ledger.open(tx, schema, actor);
        const settle = await change.linesChanging([key]);
        const changes: RowChange[] = [];
        await change.removing(
          GL_TABLE,
          removed.map((line) => line.row_id),
        );
        for (const old of removed) {
          await repo.remove(tx, schema, old.row_id);
          changes.push(lineChange('deleted', key, old));
        }
        const editLoadId = await change.editing(
          GL_TABLE,
          edited.map(({ old }) => old.row_id),
        );
        const written = new Map<number, JournalLineRow>();
        for (const { old, line } of edited) {
          const updated = await repo.update(tx, schema, old.row_id, line, editLoadId);
          changes.push({
            action: 'updated',
            row: historyRow(key, updated),
            before: historyRow(key, old),
            after: historyRow(key, updated),
          });
          written.set(line.line_no, updated);
        }
        const loadId = added.length > 0 ? await change.adding(GL_TABLE) : undefined;
        for (const line of added) {
          const row = await repo.insert(tx, schema, key, line, loadId);
          changes.push(lineChange('created', key, row));
          written.set(line.line_no, row);
        }
        await settle();
        await record(tx, principal, organizationId, changes);
        return journalOf(
          key,
          lines
            .map((line) => written.get(line.line_no) ?? byNumber.get(line.line_no)!)
            .sort((a, b) => a.line_no - b.line_no),
        );
      });
    },

    /** Deletes every line of the journal (what deleting a ledger line in the Studio means). */
    async remove(principal: Principal, organizationId: string, key: JournalKey): Promise<void> {
      const actor = await actorOf(principal);
      await write(organizationId, m.journalDeleteFailed, async (tx, schema) => {
        const existing = await lockedOpenJournal(tx, schema, key);
        const change = ledger.open(tx, schema, actor);
        const settle = await change.linesChanging([key]);
        await change.removing(
          GL_TABLE,
          existing.map((line) => line.row_id),
        );
        for (const line of existing) await repo.remove(tx, schema, line.row_id);
        await settle();
        await record(
          tx,
          principal,
          organizationId,
          existing.map((line) => lineChange('deleted', key, line)),
        );
      });
    },

    reconciliation(organizationId: string): Promise<ReconciliationDifference[]> {
      return run(organizationId, m.reconciliationFailed, (tx, schema) =>
        reconciliationRepository.differences(tx, schema),
      );
    },
  };
}
