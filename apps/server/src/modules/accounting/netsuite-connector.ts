import { subtypeToStore } from '@finboard/shared/account-classification';
import { accountingMessages, netsuiteMessages, syncStatusMessages } from '@finboard/shared/accounting';
import {
  NetsuiteError,
  type CallOptions,
  type NetsuiteClient,
  type NetsuiteCredentials,
  type SuiteqlRow,
} from '../../platform/netsuite/netsuite-client.ts';
import type { ConnectionRow } from './accounting.repository.ts';
import { SyncFailure, type LedgerChanges, type LedgerConnector, type ReadContext } from './accounting.service.ts';
import { NETSUITE_NON_LEDGER_TYPES, netsuiteAccountClass } from './netsuite-account-types.ts';

/** An access token this close to its expiry is replaced before the next query. */
const RENEW_BEFORE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The chart of accounts, every account (inactive ones too: old lines name them). A unique ORDER BY. */
export const ACCOUNTS_QUERY =
  'SELECT a.id, a.acctnumber, a.accttype, a.displaynamewithhierarchy AS name, a.parent, a.isinactive ' +
  'FROM account a ORDER BY a.id';

const timestamp = (since: string) => `TO_TIMESTAMP('${since.replaceAll("'", '')}', 'YYYY-MM-DD HH24:MI:SS')`;
const date = (day: string) => `TO_DATE('${day}', 'YYYY-MM-DD')`;
/** Only transactions changed since the last successful sync (NetSuite's own clock), when there was one. */
const changedSince = (since: string | null) => (since ? ` AND t.lastmodifieddate >= ${timestamp(since)}` : '');

/** The first and last posting dates of the (changed) transactions: where the date windows run. */
export const boundsQuery = (since: string | null) =>
  "SELECT TO_CHAR(MIN(t.trandate), 'YYYY-MM-DD') AS firstdate, TO_CHAR(MAX(t.trandate), 'YYYY-MM-DD') AS lastdate " +
  `FROM transaction t WHERE t.posting = 'T'${changedSince(since)}`;

/**
 * The posting lines of the primary accounting book of the (changed) transactions dated in [from, to]: every
 * line of each transaction (the load replaces a journal whole). Dates and times as text in a fixed format:
 * SuiteQL otherwise answers them in the user's date format. (transaction, line) is unique: a stable order.
 */
export const linesQuery = (from: string, to: string, since: string | null) =>
  'SELECT tal.transaction, tal.transactionline AS line, ' +
  "TO_CHAR(t.trandate, 'YYYY-MM-DD') AS trandate, t.tranid, tal.account, tal.debit, tal.credit, tl.memo, " +
  'BUILTIN.DF(tl.subsidiary) AS subsidiary, BUILTIN.DF(tl.department) AS department, ' +
  "BUILTIN.DF(tl.entity) AS entity, TO_CHAR(t.lastmodifieddate, 'YYYY-MM-DD HH24:MI:SS') AS lastmodified " +
  'FROM transactionaccountingline tal ' +
  'JOIN transaction t ON t.id = tal.transaction ' +
  'JOIN transactionline tl ON tl.transaction = tal.transaction AND tl.id = tal.transactionline ' +
  "JOIN accountingbook ab ON ab.id = tal.accountingbook AND ab.isprimary = 'T' " +
  `WHERE tal.posting = 'T' AND t.trandate >= ${date(from)} AND t.trandate <= ${date(to)}${changedSince(since)} ` +
  'ORDER BY tal.transaction, tal.transactionline';

const str = (value: SuiteqlRow[string] | undefined) =>
  value === null || value === undefined || value === '' ? null : String(value);

/**
 * Our account code for a NetSuite account: its number when it has one (what accountants read), else its
 * internal id, prefixed so it never meets a number.
 */
export const netsuiteAccountCode = (account: SuiteqlRow) => str(account.acctnumber)?.trim() || `NS-${account.id}`;

/** The ledger's accounts as 01_Account rows (SYNCED_ACCOUNT_COLUMNS order); non-posting ones left out. */
export function accountRows(accounts: readonly SuiteqlRow[]) {
  const codeOf = new Map(accounts.map((account) => [String(account.id), netsuiteAccountCode(account)]));
  return accounts
    .filter((account) => !NETSUITE_NON_LEDGER_TYPES.has(String(account.accttype)))
    .map((account) => {
      const kind = netsuiteAccountClass({ accttype: str(account.accttype), name: str(account.name) });
      const parent = str(account.parent);
      return [
        codeOf.get(String(account.id))!,
        str(account.name) ?? codeOf.get(String(account.id))!,
        kind?.type ?? null,
        subtypeToStore(kind?.type, kind?.subtype, str(account.name)),
        parent ? (codeOf.get(parent) ?? `NS-${parent}`) : null,
        account.isinactive !== 'T' && account.isinactive !== true,
      ];
    });
}

/**
 * Posting lines as 02_GL_Detail rows (SYNCED_LINE_COLUMNS order): the transaction's id is the journal, the
 * transaction line's id its line number; the subsidiary is the entity, the line's customer or vendor the
 * counterparty, the transaction's number (tranid) the reference.
 */
export function lineRows(lines: readonly SuiteqlRow[], accounts: readonly SuiteqlRow[]) {
  const codeOf = new Map(accounts.map((account) => [String(account.id), netsuiteAccountCode(account)]));
  return lines.map((line) => {
    const day = String(line.trandate);
    const account = String(line.account);
    return [
      String(line.transaction),
      Number(line.line),
      day,
      day.slice(0, 7),
      codeOf.get(account) ?? `NS-${account}`,
      str(line.memo),
      str(line.debit) ?? '0',
      str(line.credit) ?? '0',
      str(line.subsidiary),
      str(line.department),
      str(line.entity),
      str(line.tranid),
    ];
  });
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** [from, to] cut at each year's end: the first windows of a first sync. */
export function yearWindows(from: string, to: string): [string, string][] {
  const windows: [string, string][] = [];
  for (let start = from; start <= to;) {
    const yearEnd = `${start.slice(0, 4)}-12-31`;
    const end = yearEnd < to ? yearEnd : to;
    windows.push([start, end]);
    start = dayOf(msOf(end) + DAY_MS);
  }
  return windows;
}

/**
 * NetSuite's side of a sync (docs/integrations.md §4): a token for a freshly signed assertion, the chart of
 * accounts, then the posting lines of the transactions changed since the last successful sync (all of them
 * the first time), read by date windows of a year. A window over SuiteQL's 100,000-row cap is split in two
 * until each half fits (a single day over the cap cannot be read and fails the sync). The next sync starts at
 * the newest lastmodifieddate read, on NetSuite's clock.
 */
export function createNetsuiteConnector(client: NetsuiteClient): LedgerConnector {
  async function read(connection: ConnectionRow, context: ReadContext): Promise<LedgerChanges> {
    const { signal } = context;
    const credentials = context.credentials as NetsuiteCredentials;
    const accountId = credentials.accountId;
    let token = { accessToken: '', expiresAt: 0 };
    /** A query with a live access token; a token NetSuite refuses is replaced once. */
    const query = async (q: string) => {
      if (token.expiresAt < Date.now() + RENEW_BEFORE_MS) token = await client.token(credentials, signal);
      try {
        return await client.queryAll(accountId, token.accessToken, q, options);
      } catch (error) {
        if (!(error instanceof NetsuiteError) || error.kind !== 'authentication') throw error;
        token = await client.token(credentials, signal);
        return client.queryAll(accountId, token.accessToken, q, options);
      }
    };
    const options: CallOptions = {
      signal,
      onRateLimited: (attempt, waitMs) =>
        context.report(
          'rate_limit_exceeded',
          `NetSuite answered "rate limit exceeded" (429): waiting ${Math.round(waitMs / 1000)} s before retry ${attempt}`,
        ),
      onRetry: () => context.report('retry', syncStatusMessages.retry),
    };
    /** The lines of [from, to]; halves of it while it holds more than SuiteQL serves. */
    const linesOf = async (from: string, to: string, since: string | null): Promise<SuiteqlRow[]> => {
      try {
        return await query(linesQuery(from, to, since));
      } catch (error) {
        if (!(error instanceof NetsuiteError) || error.kind !== 'row_cap') throw error;
        if (from === to)
          throw new SyncFailure(
            'failed',
            `${accountingMessages.netsuiteSyncFailed}: ${netsuiteMessages.rowCapOnOneDay} (${from})`,
          );
        const middle = dayOf(msOf(from) + Math.floor((msOf(to) - msOf(from)) / DAY_MS / 2) * DAY_MS);
        await context.report('in_progress', `More than 100,000 lines from ${from} to ${to}: reading it in two parts`);
        return [...(await linesOf(from, middle, since)), ...(await linesOf(dayOf(msOf(middle) + DAY_MS), to, since))];
      }
    };

    try {
      const accounts = await query(ACCOUNTS_QUERY);
      await context.report('in_progress', 'Chart of accounts read; reading journal lines');
      const since = connection.syncedThrough;
      const [bounds] = await query(boundsQuery(since));
      const first = str(bounds?.firstdate);
      const last = str(bounds?.lastdate);
      const lines: SuiteqlRow[] = [];
      if (first && last)
        for (const [from, to] of yearWindows(first, last)) lines.push(...(await linesOf(from, to, since)));
      const newest = lines.reduce<string | null>((max, line) => {
        const modified = str(line.lastmodified);
        return modified && (!max || modified > max) ? modified : max;
      }, null);
      return {
        accounts: accountRows(accounts),
        lines: lineRows(lines, accounts),
        syncedThrough: newest ?? since,
      };
    } catch (error) {
      throw failureOf(error);
    }
  }
  return { read };
}

/** NetSuite's refusals as run states with our words; others pass on (a failure of ours, logged). */
function failureOf(error: unknown): unknown {
  if (!(error instanceof NetsuiteError)) return error;
  const failed = (detail: string) => new SyncFailure('failed', `${accountingMessages.netsuiteSyncFailed}: ${detail}`);
  switch (error.kind) {
    case 'bad_key':
    case 'assertion_refused':
    case 'authentication':
      return new SyncFailure('failed', `${netsuiteMessages.reconnect} (NetSuite: ${error.reason})`);
    case 'unknown_account':
      return failed(netsuiteMessages.unknownAccount);
    case 'authorization':
      return new SyncFailure(
        'insufficient_permissions',
        `${syncStatusMessages.insufficient_permissions} (NetSuite: ${error.reason})`,
      );
    case 'rate_limited':
      return new SyncFailure(
        'max_retries',
        `${syncStatusMessages.max_retries}: NetSuite kept answering "rate limit exceeded" (${error.reason})`,
      );
    case 'unavailable':
      return failed(`NetSuite is unavailable (${error.reason})`);
    default:
      return failed(error.reason);
  }
}
