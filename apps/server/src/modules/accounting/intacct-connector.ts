import { subtypeToStore } from '@finboard/shared/account-classification';
import { accountingMessages, intacctMessages, syncStatusMessages } from '@finboard/shared/accounting';
import {
  IntacctError,
  type IntacctClient,
  type IntacctCredentials,
  type IntacctRow,
  type IntacctSession,
} from '../../platform/intacct/intacct-client.ts';
import type { ConnectionRow } from './accounting.repository.ts';
import { SyncFailure, type LedgerChanges, type LedgerConnector, type ReadContext } from './accounting.service.ts';
import { intacctAccountClass } from './intacct-account-types.ts';

/** The first sync reads posted lines year by year over this many calendar years (and the next one). */
export const INTACCT_HISTORY_YEARS = 10;
/** Journals whose lines are read in one query (`BATCHNO IN (…)`). */
const BATCHES_PER_QUERY = 100;

/**
 * Intacct dates: MM/DD/YYYY in its XML (and ISO in some answers). Field names (GLACCOUNT: ACCOUNTNO, TITLE,
 * ACCOUNTTYPE, NORMALBALANCE, CATEGORY, STATUS; GLDETAIL: BATCHNO, BATCH_NUMBER, JOURNAL, LINE_NO,
 * ENTRY_DATE, ACCOUNTNO, DEBITAMOUNT/CREDITAMOUNT or AMOUNT with TR_TYPE, DESCRIPTION, LOCATIONID,
 * DEPARTMENTID, CUSTOMERID/VENDORID, WHENMODIFIED) are those public SDKs read; docs/integrations.md §3.3
 * marks them unconfirmed, so every one but the account and the amounts is optional here.
 */
export function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const us = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(value);
  if (us) return `${us[3]}-${us[1]}-${us[2]}`;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return iso ? iso[1]! : null;
}

/** Our date (YYYY-MM-DD) as Intacct's query text. */
const queryDate = (year: number, month = 1, day = 1) =>
  `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year}`;

/** An instant as Intacct's query timestamp (MM/DD/YYYY HH:MM:SS, GMT: its system timestamps are GMT). */
export function queryTimestamp(iso: string): string {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCMonth() + 1)}/${two(at.getUTCDate())}/${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
}

/** The chart of accounts as 01_Account rows (SYNCED_ACCOUNT_COLUMNS order); Intacct's chart is flat. */
export function accountRows(accounts: readonly IntacctRow[]) {
  return accounts.map((account) => {
    const kind = intacctAccountClass(account);
    return [
      account.ACCOUNTNO ?? '',
      account.TITLE ?? account.ACCOUNTNO ?? '',
      kind?.type ?? null,
      subtypeToStore(kind?.type, kind?.subtype, account.TITLE),
      null,
      (account.STATUS ?? 'active').toLowerCase() !== 'inactive',
    ];
  });
}

const amountOf = (value: string | null) => (value && Number.isFinite(Number(value)) ? value : '0');

/**
 * Posted GL lines as 02_GL_Detail rows (SYNCED_LINE_COLUMNS order): the journal entry's record number
 * (BATCHNO) is the journal, LINE_NO the line; the reference is what Intacct users read ("GJ 42").
 */
export function lineRows(lines: readonly IntacctRow[]) {
  const byBatch = new Map<string, IntacctRow[]>();
  for (const line of lines) {
    const batch = line.BATCHNO ?? '';
    byBatch.set(batch, [...(byBatch.get(batch) ?? []), line]);
  }
  return [...byBatch.entries()].flatMap(([batch, batchLines]) =>
    batchLines.map((line, index) => {
      const date = isoDate(line.ENTRY_DATE) ?? isoDate(line.BATCH_DATE);
      const lineNo = /^\d{1,9}$/.test(line.LINE_NO ?? '') ? Number(line.LINE_NO) : index + 1;
      const credit = line.TR_TYPE === '-1';
      const hasSplit = line.DEBITAMOUNT !== undefined || line.CREDITAMOUNT !== undefined;
      const amount = amountOf(line.AMOUNT ?? null);
      return [
        batch,
        lineNo,
        date,
        date?.slice(0, 7) ?? null,
        line.ACCOUNTNO ?? null,
        line.DESCRIPTION ?? line.BATCH_TITLE ?? null,
        hasSplit ? amountOf(line.DEBITAMOUNT ?? null) : credit ? '0' : amount,
        hasSplit ? amountOf(line.CREDITAMOUNT ?? null) : credit ? amount : '0',
        line.LOCATIONID ?? null,
        line.DEPARTMENTID ?? null,
        line.CUSTOMERNAME ?? line.CUSTOMERID ?? line.VENDORNAME ?? line.VENDORID ?? null,
        [line.JOURNAL, line.BATCH_NUMBER].filter(Boolean).join(' ') || null,
      ];
    }),
  );
}

/**
 * Sage Intacct's side of a sync (docs/integrations.md §3): a session (getAPISession) whose endpoint every
 * read then uses; the whole chart (GLACCOUNT); and the posted lines (GLDETAIL) — on the first sync year by
 * year, later only the journals with a line changed since the last successful sync (WHENMODIFIED, on
 * Intacct's clock), every line of each so the load replaces them whole. A session that expires mid-sync
 * is opened again once.
 */
export function createIntacctConnector(client: IntacctClient): LedgerConnector {
  async function read(connection: ConnectionRow, context: ReadContext): Promise<LedgerChanges> {
    const { signal } = context;
    const credentials = context.credentials as IntacctCredentials;
    let session: IntacctSession | undefined;
    let renewed = false;
    const readAll = async (object: string, fields: readonly string[], query: string): Promise<IntacctRow[]> => {
      session ??= await client.openSession(credentials, signal);
      try {
        return await client.readAll(credentials, session, object, fields, query, signal);
      } catch (error) {
        if (!(error instanceof IntacctError) || error.kind !== 'session' || renewed) throw error;
        renewed = true;
        session = await client.openSession(credentials, signal);
        return client.readAll(credentials, session, object, fields, query, signal);
      }
    };
    try {
      session = await client.openSession(credentials, signal);
      // Read before anything else, so a line changed while this sync reads is read again next time.
      const startedAt = session.timestamp && !Number.isNaN(Date.parse(session.timestamp)) ? session.timestamp : null;
      const accounts = await readAll('GLACCOUNT', ['*'], '');
      await context.report('in_progress', 'Chart of accounts read; reading posted journal lines');
      const since = connection.syncedThrough;
      const lines: IntacctRow[] = [];
      if (since) {
        const changed = await readAll('GLDETAIL', ['BATCHNO'], `WHENMODIFIED >= '${queryTimestamp(since)}'`);
        const batches = [
          ...new Set(changed.map((row) => row.BATCHNO).filter((batch): batch is string => typeof batch === 'string')),
        ];
        for (const batch of batches)
          if (!/^[A-Za-z0-9_-]+$/.test(batch)) throw new IntacctError('result', `unexpected BATCHNO ${batch}`);
        for (let start = 0; start < batches.length; start += BATCHES_PER_QUERY) {
          const chunk = batches.slice(start, start + BATCHES_PER_QUERY);
          lines.push(...(await readAll('GLDETAIL', ['*'], `BATCHNO IN (${chunk.map((b) => `'${b}'`).join(',')})`)));
        }
      } else {
        const thisYear = new Date().getUTCFullYear();
        for (let year = thisYear - INTACCT_HISTORY_YEARS + 1; year <= thisYear + 1; year += 1) {
          lines.push(
            ...(await readAll(
              'GLDETAIL',
              ['*'],
              `ENTRY_DATE >= '${queryDate(year)}' AND ENTRY_DATE < '${queryDate(year + 1)}'`,
            )),
          );
        }
      }
      return {
        accounts: accountRows(accounts),
        lines: lineRows(lines),
        syncedThrough: startedAt ?? new Date(Date.now() - 5 * 60_000).toISOString(),
      };
    } catch (error) {
      throw failureOf(error);
    }
  }
  return { read };
}

/** Intacct's refusals as run states with our words; others pass on (a failure of ours, logged). */
function failureOf(error: unknown): unknown {
  if (!(error instanceof IntacctError)) return error;
  switch (error.kind) {
    case 'sender':
      return new SyncFailure('failed', intacctMessages.senderRefused);
    case 'sender_not_authorized':
      return new SyncFailure('insufficient_permissions', intacctMessages.senderNotAuthorized);
    case 'user':
    case 'session':
      return new SyncFailure('failed', intacctMessages.userRefused);
    case 'permission':
      return new SyncFailure(
        'insufficient_permissions',
        `${syncStatusMessages.insufficient_permissions} (Sage Intacct: ${error.reason})`,
      );
    case 'unavailable':
      return new SyncFailure('failed', `${accountingMessages.intacctSyncFailed}: ${intacctMessages.unreachable}`);
    default:
      return new SyncFailure('failed', `${accountingMessages.intacctSyncFailed}: ${error.reason}`);
  }
}
