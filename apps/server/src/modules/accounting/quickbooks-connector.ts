import { subtypeToStore } from '@finboard/shared/account-classification';
import { accountingMessages, syncStatusMessages } from '@finboard/shared/accounting';
import {
  QuickbooksError,
  type CallOptions,
  type CdcObject,
  type QboReport,
  type QboReportCell,
  type QboReportRow,
  type QuickbooksClient,
  type QuickbooksTokens,
} from '../../platform/quickbooks/quickbooks-client.ts';
import type { ConnectionRow } from './accounting.repository.ts';
import { SyncFailure, type LedgerChanges, type LedgerConnector, type ReadContext } from './accounting.service.ts';
import { quickbooksAccountClass } from './quickbooks-account-types.ts';

/** An access token this close to its expiry is renewed before the sync uses it. */
const RENEW_BEFORE_MS = 60_000;

/**
 * Transactions QuickBooks posts to the ledger besides journal entries, by their API names (change data
 * capture). Their postings are QuickBooks' own, read from the GeneralLedger report: invoices, bills and
 * the like carry items and taxes whose accounts only QuickBooks resolves.
 */
export const QUICKBOOKS_TRANSACTION_ENTITIES = [
  'Invoice',
  'SalesReceipt',
  'CreditMemo',
  'RefundReceipt',
  'Payment',
  'Deposit',
  'Transfer',
  'Bill',
  'BillPayment',
  'Purchase',
  'VendorCredit',
] as const;

/** The GeneralLedger report's columns a sync reads (their ColKeys). */
export const LEDGER_REPORT_COLUMNS = [
  'tx_date',
  'txn_type',
  'doc_num',
  'name',
  'memo',
  'account_name',
  'dept_name',
  'debt_amt',
  'credit_amt',
] as const;

/** How reports name journal entries: those come from the query, with their own line ids. */
const JOURNAL_ENTRY_TYPE = 'Journal Entry';
/** Change data capture looks back at most 30 days; an older last sync reads the whole ledger again. */
const CDC_LOOKBACK_MS = 29 * 24 * 3_600_000;
/** A CDC answer holds at most this many objects of an entity: a full one may have left some out. */
const CDC_MAX_OBJECTS = 1000;
/** A company that does not say when it started is read from this many years back. */
const FALLBACK_YEARS = 5;

interface QboRef {
  value?: string;
  name?: string;
}

export interface QboAccount {
  Id: string;
  Name: string;
  AcctNum?: string;
  AccountType?: string;
  AccountSubType?: string;
  Classification?: string;
  Active?: boolean;
  ParentRef?: QboRef;
}

export interface QboJournalEntry {
  Id: string;
  TxnDate: string;
  DocNumber?: string;
  PrivateNote?: string;
  Line?: {
    Id?: string;
    Description?: string;
    Amount?: number | string;
    DetailType?: string;
    JournalEntryLineDetail?: {
      PostingType?: 'Debit' | 'Credit';
      AccountRef?: QboRef;
      Entity?: { EntityRef?: QboRef };
      DepartmentRef?: QboRef;
    };
  }[];
}

/**
 * Our account code for a QuickBooks account: its account number when it has one (what accountants read),
 * else its QuickBooks id, prefixed so it never meets a number.
 */
export const quickbooksAccountCode = (account: Pick<QboAccount, 'Id' | 'AcctNum'>) =>
  account.AcctNum?.trim() || `QBO-${account.Id}`;

/** The chart of accounts as 01_Account rows (SYNCED_ACCOUNT_COLUMNS order). */
export function accountRows(accounts: readonly QboAccount[]) {
  const codeOf = new Map(accounts.map((account) => [account.Id, quickbooksAccountCode(account)]));
  return accounts.map((account) => {
    const kind = quickbooksAccountClass(account);
    const parent = account.ParentRef?.value;
    return [
      codeOf.get(account.Id)!,
      account.Name,
      kind?.type ?? null,
      subtypeToStore(kind?.type, kind?.subtype, account.Name),
      parent ? (codeOf.get(parent) ?? `QBO-${parent}`) : null,
      account.Active !== false,
    ];
  });
}

/**
 * Journal entries as 02_GL_Detail rows (SYNCED_LINE_COLUMNS order): the entry's id is the journal, the
 * line's own id its line number; only journal lines (DetailType JournalEntryLineDetail) carry a posting.
 */
export function lineRows(entries: readonly QboJournalEntry[], accounts: readonly QboAccount[]) {
  const codeOf = new Map(accounts.map((account) => [account.Id, quickbooksAccountCode(account)]));
  return entries.flatMap((entry) =>
    (entry.Line ?? [])
      .filter((line) => line.DetailType === 'JournalEntryLineDetail' && line.JournalEntryLineDetail)
      .map((line, index) => {
        const detail = line.JournalEntryLineDetail!;
        const amount = String(line.Amount ?? 0);
        const accountId = detail.AccountRef?.value ?? '';
        const lineNo = /^\d{1,9}$/.test(line.Id ?? '') ? Number(line.Id) : index + 1;
        return [
          entry.Id,
          lineNo,
          entry.TxnDate,
          entry.TxnDate.slice(0, 7),
          codeOf.get(accountId) ?? `QBO-${accountId}`,
          line.Description ?? entry.PrivateNote ?? null,
          detail.PostingType === 'Debit' ? amount : '0',
          detail.PostingType === 'Credit' ? amount : '0',
          null,
          detail.DepartmentRef?.name ?? null,
          detail.Entity?.EntityRef?.name ?? null,
          entry.DocNumber ?? null,
        ];
      }),
  );
}

/** The months from `start` (YYYY-MM-DD) to `end`, as [first day, last day] windows: one report each. */
export function monthWindows(start: string, end: string): [string, string][] {
  const windows: [string, string][] = [];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  const last = end.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) return windows;
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    windows.push([`${key}-01`, `${key}-${String(days).padStart(2, '0')}`]);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

const money = (cell: QboReportCell | undefined) => {
  const text = (cell?.value ?? '').replaceAll(',', '').trim();
  return text && Number(text) !== 0 ? text : '0';
};

/**
 * The postings of a GeneralLedger report (its columns LEDGER_REPORT_COLUMNS) as 02_GL_Detail rows, journal
 * entries left out: the transaction's id is the journal, its postings numbered in the report's order. Rows
 * without a transaction (beginning balances, totals) are not postings.
 */
export function reportLineRows(report: QboReport, accounts: readonly QboAccount[]) {
  const codeOf = new Map(accounts.map((account) => [account.Id, quickbooksAccountCode(account)]));
  const keys = (report.Columns?.Column ?? []).map(
    (column, index) =>
      column.MetaData?.find((meta) => meta.Name === 'ColKey')?.Value ?? LEDGER_REPORT_COLUMNS[index] ?? '',
  );
  const numbers = new Map<string, number>();
  const rows: (string | number | null)[][] = [];
  const walk = (row: QboReportRow, accountId: string | undefined) => {
    if (row.Rows?.Row) {
      const sectionAccount = row.Header?.ColData?.[0]?.id ?? accountId;
      for (const child of row.Rows.Row) walk(child, sectionAccount);
      return;
    }
    if (!row.ColData) return;
    const cells = new Map(keys.map((key, index) => [key, row.ColData![index]]));
    const transaction = cells.get('txn_type');
    const date = cells.get('tx_date')?.value ?? '';
    if (!transaction?.id || transaction.value === JOURNAL_ENTRY_TYPE || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    const debit = money(cells.get('debt_amt'));
    const credit = money(cells.get('credit_amt'));
    if (debit === '0' && credit === '0') return;
    const account = cells.get('account_name')?.id ?? accountId ?? '';
    const lineNo = (numbers.get(transaction.id) ?? 0) + 1;
    numbers.set(transaction.id, lineNo);
    rows.push([
      transaction.id,
      lineNo,
      date,
      date.slice(0, 7),
      codeOf.get(account) ?? `QBO-${account}`,
      cells.get('memo')?.value || null,
      debit,
      credit,
      null,
      cells.get('dept_name')?.value || null,
      cells.get('name')?.value || null,
      cells.get('doc_num')?.value || null,
    ]);
  };
  for (const row of report.Rows?.Row ?? []) walk(row, undefined);
  return rows;
}

const isDeleted = (object: CdcObject) => object.status === 'Deleted';

/**
 * QuickBooks Online's side of a sync (docs/integrations.md §2): the whole chart of accounts (active and
 * inactive) and the journal entries changed since the last successful sync (MetaData.LastUpdatedTime, on
 * QuickBooks' own clock), every page. The access token is renewed when near its end or refused (401); a
 * rotated refresh token is stored at once. A refresh refused with invalid_grant disconnects the connection.
 */
export function createQuickbooksConnector(client: QuickbooksClient): LedgerConnector {
  async function read(connection: ConnectionRow, context: ReadContext): Promise<LedgerChanges> {
    const { signal } = context;
    let tokens = context.credentials as QuickbooksTokens;
    const renew = async () => {
      tokens = await client.refresh(tokens.refreshToken, signal);
      await context.saveCredentials(tokens);
    };
    /** A call with the current access token, renewed once if QuickBooks refuses it. */
    const withToken = async <T>(call: (accessToken: string) => Promise<T>): Promise<T> => {
      try {
        return await call(tokens.accessToken);
      } catch (error) {
        if (!(error instanceof QuickbooksError) || error.kind !== 'authentication') throw error;
        await renew();
        return call(tokens.accessToken);
      }
    };
    const options: CallOptions = {
      signal,
      onRateLimited: (attempt, waitMs) =>
        context.report(
          'rate_limit_exceeded',
          `QuickBooks answered "rate limit exceeded" (429, code 3001): waiting ${Math.round(waitMs / 1000)} s before retry ${attempt}`,
        ),
      onRetry: () => context.report('retry', syncStatusMessages.retry),
    };
    const realmId = connection.externalId;
    const ledgerReport = (window: [string, string]) =>
      withToken((token) =>
        client.report(
          realmId,
          token,
          'GeneralLedger',
          {
            start_date: window[0],
            end_date: window[1],
            accounting_method: 'Accrual',
            columns: LEDGER_REPORT_COLUMNS.join(','),
            sort_by: 'tx_date',
          },
          options,
        ),
      );

    /** Everything: every journal entry and, month by month, every other transaction's postings. */
    async function readAll(accounts: QboAccount[]) {
      const entries = await withToken((token) =>
        client.queryAll<QboJournalEntry>(realmId, token, 'JournalEntry', undefined, options),
      );
      const company = await withToken((token) =>
        client.queryAll<{ CompanyStartDate?: string }>(realmId, token, 'CompanyInfo', undefined, options),
      );
      const today = new Date().toISOString().slice(0, 10);
      const fallback = `${Number(today.slice(0, 4)) - FALLBACK_YEARS}-01-01`;
      const started = company.rows[0]?.CompanyStartDate?.slice(0, 10);
      const entryDates = entries.rows.map((entry) => entry.TxnDate).toSorted();
      const from = [
        started && /^\d{4}-\d{2}-\d{2}$/.test(started) ? started : fallback,
        entryDates[0] ?? today,
      ].toSorted()[0]!;
      const lines = lineRows(entries.rows, accounts);
      const windows = monthWindows(from, today);
      for (const [index, window] of windows.entries()) {
        await context.report(
          'in_progress',
          `Reading the general ledger: ${window[0].slice(0, 7)} (${index + 1} of ${windows.length})`,
        );
        lines.push(...reportLineRows(await ledgerReport(window), accounts));
      }
      return { lines, complete: true };
    }

    /** What changed since `since`: changed journal entries in full, other changed transactions' postings, deletions. */
    async function readChanges(accounts: QboAccount[], since: string) {
      const changed = await withToken((token) =>
        client.changes(realmId, token, ['JournalEntry', ...QUICKBOOKS_TRANSACTION_ENTITIES], since, options),
      );
      if (Object.values(changed.entities).some((objects) => objects.length >= CDC_MAX_OBJECTS)) return undefined;
      const entries = changed.entities.JournalEntry ?? [];
      const transactions = QUICKBOOKS_TRANSACTION_ENTITIES.flatMap((entity) => changed.entities[entity] ?? []);
      const deletedJournals = [...entries, ...transactions].filter(isDeleted).map((object) => object.Id);
      const lines = lineRows(entries.filter((entry) => !isDeleted(entry)) as unknown as QboJournalEntry[], accounts);
      const wanted = new Set(transactions.filter((object) => !isDeleted(object)).map((object) => object.Id));
      const months = new Set(
        transactions
          .filter((object) => !isDeleted(object) && typeof object.TxnDate === 'string')
          .map((object) => object.TxnDate!.slice(0, 7)),
      );
      const found = new Set<string>();
      for (const month of [...months].toSorted()) {
        const [window] = monthWindows(`${month}-01`, `${month}-01`);
        for (const line of reportLineRows(await ledgerReport(window!), accounts))
          if (wanted.has(String(line[0]))) {
            lines.push(line);
            found.add(String(line[0]));
          }
      }
      // A changed transaction that no longer posts (voided, made non-posting) leaves the ledger.
      for (const id of wanted) if (!found.has(id)) deletedJournals.push(id);
      return { lines, deletedJournals, complete: false };
    }

    try {
      if (tokens.accessExpiresAt < Date.now() + RENEW_BEFORE_MS) await renew();
      const accounts = await withToken((token) =>
        client.queryAll<QboAccount>(realmId, token, 'Account', 'Active IN (true, false)', options),
      );
      await context.report('in_progress', 'Chart of accounts read; reading the ledger');
      const since = connection.syncedThrough;
      const recent = since !== null && Date.parse(since) > Date.now() - CDC_LOOKBACK_MS;
      const ledger = (recent ? await readChanges(accounts.rows, since) : undefined) ?? (await readAll(accounts.rows));
      return {
        accounts: accountRows(accounts.rows),
        ...ledger,
        // QuickBooks' clock when the read began: what changes while it reads is read again next time.
        syncedThrough: accounts.time ?? new Date(Date.now() - 5 * 60_000).toISOString(),
      };
    } catch (error) {
      throw failureOf(error);
    }
  }
  return { read };
}

/** QuickBooks' refusals as run states with our words; others pass on (a failure of ours, logged). */
function failureOf(error: unknown): unknown {
  if (!(error instanceof QuickbooksError)) return error;
  switch (error.kind) {
    case 'invalid_grant':
      return new SyncFailure('failed', accountingMessages.reconnectQuickbooks, {
        status: 'disconnected',
        forgetCredentials: true,
      });
    case 'authentication':
      return new SyncFailure('failed', `${accountingMessages.reconnectQuickbooks}: ${error.reason}`, {
        status: 'disconnected',
        forgetCredentials: true,
      });
    case 'authorization':
      return new SyncFailure(
        'insufficient_permissions',
        `${syncStatusMessages.insufficient_permissions} (QuickBooks: ${error.reason})`,
      );
    case 'rate_limited':
      return new SyncFailure(
        'max_retries',
        `${syncStatusMessages.max_retries}: QuickBooks kept answering "rate limit exceeded" (${error.reason})`,
      );
    case 'unavailable':
      return new SyncFailure(
        'failed',
        `${accountingMessages.quickbooksSyncFailed}: QuickBooks is unavailable (${error.reason})`,
      );
    default:
      return new SyncFailure('failed', `${accountingMessages.quickbooksSyncFailed}: ${error.reason}`);
  }
}
