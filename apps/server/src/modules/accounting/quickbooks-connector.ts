import { accountingMessages, syncStatusMessages } from '@finboard/shared/accounting';
import {
  QuickbooksError,
  type CallOptions,
  type QuickbooksClient,
  type QuickbooksTokens,
} from '../../platform/quickbooks/quickbooks-client.ts';
import type { ConnectionRow } from './accounting.repository.ts';
import { SyncFailure, type LedgerChanges, type LedgerConnector, type ReadContext } from './accounting.service.ts';
import { quickbooksAccountClass } from './quickbooks-account-types.ts';

/** An access token this close to its expiry is renewed before the sync uses it. */
const RENEW_BEFORE_MS = 60_000;

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
      kind?.subtype ?? null,
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
    try {
      if (tokens.accessExpiresAt < Date.now() + RENEW_BEFORE_MS) await renew();
      const accounts = await withToken((token) =>
        client.queryAll<QboAccount>(realmId, token, 'Account', 'Active IN (true, false)', options),
      );
      await context.report('in_progress', 'Chart of accounts read; reading journal entries');
      const since = connection.syncedThrough;
      const entries = await withToken((token) =>
        client.queryAll<QboJournalEntry>(
          realmId,
          token,
          'JournalEntry',
          since ? `MetaData.LastUpdatedTime >= '${since.replaceAll("'", '')}'` : undefined,
          options,
        ),
      );
      return {
        accounts: accountRows(accounts.rows),
        lines: lineRows(entries.rows, accounts.rows),
        syncedThrough: entries.time ?? new Date(Date.now() - 5 * 60_000).toISOString(),
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
