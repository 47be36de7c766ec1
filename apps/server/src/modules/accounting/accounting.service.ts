import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNTING_SYSTEM_NAMES,
  accountingMessages,
  syncStatusMessages,
  type AccountingAccount,
  type AccountingSystem,
  type SyncRun,
  type SyncStatus,
} from '@finboard/shared/accounting';
import { pipelineMessages } from '@finboard/shared/pipelines';
import type { Transaction } from '../../db/transaction.ts';
import { AppError, conflict, internalError, notFound } from '../../errors.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { JobContext, JobRunner, QueueHandlers } from '../../platform/jobs/job-runner.ts';
import { queueDurableRuns } from '../../platform/jobs/queue-durable-run.ts';
import type { Principal } from '../../principal.ts';
import { PipelineLoadRefused, type LedgerEngine } from '../ledger/ledger-engine.ts';
import { undoLoadOfRun } from '../ledger/ledger-undo.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { MAX_RUN_PROBLEMS, type PipelineProblem } from '@finboard/shared/pipelines';
import type { AccountingRepository, ConnectionRow, SyncRunRow } from './accounting.repository.ts';

/** The job queue of accounting syncs. */
export const ACCOUNTING_SYNC_QUEUE = 'accounting-sync';

export interface SyncPayload {
  organizationId: string;
  runId: string;
}

/** Purpose of the key that seals connections' credentials (secret-key.ts deriveKey). */
export const ACCOUNTING_CREDENTIALS_PURPOSE = 'accounting-credentials';

type Row = (string | number | boolean | null)[];

/** What a system's sync reads: accounts (SYNCED_ACCOUNT_COLUMNS order) and every line of each changed journal. */
export interface LedgerChanges {
  accounts: Row[];
  lines: Row[];
  /** Journals the system deleted since the last sync. */
  deletedJournals?: string[];
  /** The lines are the whole ledger (a first or full read): stored journals not among them were deleted. */
  complete?: boolean;
  /** Where the next sync starts reading changes (the system's own clock). */
  syncedThrough: string | null;
}

export interface ReadContext {
  signal: AbortSignal;
  /** The connection's credentials, opened. */
  credentials: unknown;
  /** Stores new credentials at once (rotated tokens). */
  saveCredentials(credentials: unknown): Promise<void>;
  /** A state of the run while it works (rate limit exceeded, retry, in progress) with its message. */
  report(status: 'in_progress' | 'rate_limit_exceeded' | 'retry', message: string): Promise<void>;
}

/** One accounting system's side of a sync. */
export interface LedgerConnector {
  read(connection: ConnectionRow, context: ReadContext): Promise<LedgerChanges>;
}

/**
 * A failure a connector recognizes: the run's state and message, and what becomes of the connection
 * (default: in error with the same message).
 */
export class SyncFailure extends Error {
  constructor(
    readonly status: SyncStatus,
    message: string,
    readonly connection: { status: 'error' | 'disconnected'; forgetCredentials?: boolean } = { status: 'error' },
  ) {
    super(message);
    this.name = 'SyncFailure';
  }
}

/** The organization is connected to another company than the one offered, and the caller asked to keep it. */
export class OtherCompanyError extends AppError {
  constructor() {
    super(409, 'OTHER_COMPANY', accountingMessages.otherCompany);
    this.name = 'OtherCompanyError';
  }
}

export const syncMessages = {
  interrupted: 'The server stopped during the sync: nothing was loaded. Sync again.',
  completed: (accounts: number, lines: number) =>
    `Sync completed: ${accounts} ${accounts === 1 ? 'account' : 'accounts'} and ${lines} journal ${lines === 1 ? 'line' : 'lines'} written`,
  validationFailed: (problem: string) => `${syncStatusMessages.validation_failed}. ${problem}`,
  partial: (accounts: number, lines: number, refused: number, problem: string) =>
    `${syncStatusMessages.partial_success}: ${accounts} ${accounts === 1 ? 'account' : 'accounts'} and ${lines} journal ${lines === 1 ? 'line' : 'lines'} written; ${refused} ${refused === 1 ? 'journal' : 'journals'} refused (${problem}). Fix ${refused === 1 ? 'it' : 'them'} and sync again.`,
  timedOut: (ms: number) =>
    `Sync timed out after ${ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`}: nothing was loaded. Sync again later.`,
} as const;

const syncFailedMessage: Record<AccountingSystem, string> = {
  quickbooks: accountingMessages.quickbooksSyncFailed,
  intacct: accountingMessages.intacctSyncFailed,
  netsuite: accountingMessages.netsuiteSyncFailed,
};

/**
 * The journals a refused load's problems name: the journal of a line's problem, every journal with a line
 * on an unknown account or in a closed period. Undefined when a problem names no journal (an account's own
 * problem, a list cut short) or when every journal is refused.
 */
export function refusedJournals(problems: readonly PipelineProblem[], lines: readonly Row[]): Set<string> | undefined {
  if (problems.length === 0 || problems.length >= MAX_RUN_PROBLEMS) return undefined;
  const journals = new Set<string>();
  for (const problem of problems) {
    const matching =
      problem.column === 'account_code'
        ? lines.filter((line) => line[4] === problem.value)
        : problem.column === 'period'
          ? lines.filter((line) => line[3] === problem.value)
          : problem.line !== undefined && problem.file?.endsWith('journal lines')
            ? lines.slice(problem.line - 1, problem.line)
            : [];
    if (matching.length === 0) return undefined;
    for (const line of matching) journals.add(String(line[0]));
  }
  const all = new Set(lines.map((line) => String(line[0])));
  return journals.size < all.size ? journals : undefined;
}

export type AccountingService = ReturnType<typeof createAccountingService>;

/**
 * Accounting connections and their syncs (issue 12). A sync is a run record and a durable job on the
 * JobRunner, under the organization's group key like its pipeline runs (one load of its warehouse at a time):
 * the system's connector reads what changed since the last successful sync, the pipelines' validated loader
 * writes accounts and journal lines in one transaction (or nothing), and the run records the outcome. A run
 * whose process died is failed at the next start; its connection is no longer "syncing". Its connections, runs
 * and collaborators are handed in (app.ts), so its rules are unit tested with fakes.
 */
export function createAccountingService(deps: {
  /** The connections and their sync runs. */
  repository: AccountingRepository;
  /** One transaction with the repository bound to it. */
  transaction: Transaction<{ repository: AccountingRepository }>;
  jobs: Pick<JobRunner, 'enqueue'>;
  box: SecretBox;
  connectors: Partial<Record<AccountingSystem, LedgerConnector>>;
  /** The ledger engine: the one writer of the loaded tables (shared with pipeline runs). */
  ledger: Pick<LedgerEngine, 'loadSynced' | 'undo'>;
  audit: Pick<AuditService, 'record'>;
  /** How long a sync may read and load before it is stopped as timed out. */
  syncTimeoutMs: number;
  logger: FastifyBaseLogger;
  /** Told when a sync has loaded data (report packs that send when a period is loaded listen); never throws. */
  onLoaded?: (organizationId: string) => Promise<void>;
}) {
  const { repository: repo, transaction, jobs, box, connectors, ledger: loader, audit, syncTimeoutMs, logger } = deps;
  const seal = (credentials: unknown, connectionId: string) => box.seal(JSON.stringify(credentials), connectionId);
  const open = (connection: ConnectionRow): unknown =>
    connection.credentials ? JSON.parse(box.open(connection.credentials, connection.id)) : undefined;

  const toAccount = (row: ConnectionRow): AccountingAccount => ({
    id: row.id,
    system: row.system,
    status: row.status,
    last_synced: row.lastSyncedAt?.toISOString() ?? null,
    organization_id: row.organizationId,
    companyName: row.companyName,
    rowsSynced: row.rowsSynced,
    message: row.message,
  });

  const toRun = (row: SyncRunRow): SyncRun => ({
    id: row.id,
    system: row.system,
    connectionId: row.connectionId,
    status: row.status,
    message: row.message,
    accountsSynced: row.accountsSynced,
    linesSynced: row.linesSynced,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    queuedAt: row.queuedAt.toISOString(),
    undoneAt: row.undoneAt?.toISOString() ?? null,
  });

  /** The job: one run, start to end. Its outcome is on the run (and the connection), never thrown. */
  async function runSync(payload: SyncPayload, context: JobContext): Promise<void> {
    const { organizationId, runId } = payload;
    const run = await repo.startRun(organizationId, runId, syncStatusMessages.in_progress);
    if (!run) return;
    const connection = await repo.connection(organizationId, run.connectionId);
    const connector = connectors[run.system];
    if (!connection?.credentials || !connector) {
      await repo.finishRun(organizationId, runId, { status: 'failed', message: accountingMessages.notConnected });
      return;
    }
    await repo.setStatus(organizationId, connection.id, { status: 'syncing' });
    // The job's signal says the server is stopping; the deadline that the system took too long.
    const deadline = AbortSignal.timeout(syncTimeoutMs);
    const signal = AbortSignal.any([context.signal, deadline]);
    try {
      const changes = await connector.read(connection, {
        signal,
        credentials: open(connection),
        saveCredentials: (credentials) =>
          repo.setCredentials(organizationId, connection.id, seal(credentials, connection.id)),
        report: (status, message) => repo.progress(organizationId, runId, status, message),
      });
      const load = (refused: ReadonlySet<string>) =>
        loader.loadSynced(
          {
            organizationId,
            source: run.system,
            accounts: changes.accounts,
            lines: refused.size > 0 ? changes.lines.filter((line) => !refused.has(String(line[0]))) : changes.lines,
            deletedJournals: changes.deletedJournals,
            complete: changes.complete,
            keptJournals: [...refused],
            syncRunId: runId,
          },
          { signal },
        );
      let refused = new Set<string>();
      let firstProblem = '';
      let result;
      try {
        result = await load(refused);
      } catch (error) {
        // Journals the ledger refuses (unbalanced, an unknown account, a closed period) are left out and the
        // rest loaded once more: a partial success naming them. A refusal no journal explains fails the run.
        if (!(error instanceof PipelineLoadRefused)) throw error;
        const attributed = refusedJournals(error.problems, changes.lines);
        if (!attributed) throw error;
        [refused, firstProblem] = [attributed, error.message];
        result = await load(refused);
      }
      const linesSynced = result.linesWritten + result.linesDeleted;
      const nothing = result.accountsWritten === 0 && linesSynced === 0;
      const partial = refused.size > 0;
      await repo.finishRun(organizationId, runId, {
        status: partial ? 'partial_success' : nothing ? 'no_data' : 'completed',
        message: partial
          ? syncMessages.partial(result.accountsWritten, linesSynced, refused.size, firstProblem)
          : nothing
            ? syncStatusMessages.no_data
            : syncMessages.completed(result.accountsWritten, linesSynced),
        accountsSynced: result.accountsWritten,
        linesSynced,
      });
      await repo.recordSync(organizationId, connection.id, {
        // After a partial success the next sync reads the same changes again: the refused journals with them.
        syncedThrough: partial ? connection.syncedThrough : changes.syncedThrough,
        rowsWritten: result.accountsWritten + linesSynced,
      });
      if (!nothing) await deps.onLoaded?.(organizationId);
    } catch (error) {
      await failed(run, connection, error, { stopping: context.signal, deadline });
    }
  }

  async function failed(
    run: SyncRunRow,
    connection: ConnectionRow,
    error: unknown,
    signals: { stopping: AbortSignal; deadline: AbortSignal },
  ) {
    const { organizationId } = run;
    if (signals.stopping.aborted) {
      await repo.finishRun(organizationId, run.id, { status: 'cancelled', message: syncMessages.interrupted });
      await repo.settleSyncing(organizationId, [connection.id]);
      return;
    }
    if (signals.deadline.aborted) error = new SyncFailure('timed_out', syncMessages.timedOut(syncTimeoutMs));
    let status: SyncStatus = 'failed';
    let message = syncFailedMessage[run.system];
    let connectionChange: SyncFailure['connection'] = { status: 'error' };
    if (error instanceof SyncFailure) {
      ({ status, message } = error);
      connectionChange = error.connection;
    } else if (error instanceof PipelineLoadRefused) {
      status = 'validation_failed';
      message = syncMessages.validationFailed(error.message);
    } else {
      logger.error({ err: error, runId: run.id, organizationId }, 'accounting sync failed');
    }
    await repo.finishRun(organizationId, run.id, { status, message });
    await repo.setStatus(organizationId, connection.id, {
      status: connectionChange.status,
      message,
      forgetCredentials: connectionChange.forgetCredentials,
    });
  }

  /** The run's process died: the load's transaction died with it, so the warehouse is as it was. */
  async function runAbandoned(payload: SyncPayload): Promise<void> {
    const run = await repo.run(payload.organizationId, payload.runId);
    if (!run) return;
    await repo.finishRun(payload.organizationId, payload.runId, {
      status: 'failed',
      message: syncMessages.interrupted,
    });
    await repo.settleSyncing(payload.organizationId, [run.connectionId]);
  }

  /** Unexpected failures answer the operation's message (details stay in the log). */
  async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw internalError('ACCOUNTING_FAILED', message, error);
    }
  }

  /** A connection the caller may act on by its id alone: administrators any, a user their organization's. */
  async function connectionFor(caller: Principal, system: AccountingSystem, id: string): Promise<ConnectionRow> {
    const organizationId = caller.role === 'admin' ? await repo.organizationOfConnection(id) : caller.organizationId;
    const row = organizationId ? await repo.connection(organizationId, id) : undefined;
    if (!row || row.system !== system) throw notFound(accountingMessages.connectionNotFound);
    return row;
  }

  async function startSync(organizationId: string, system: AccountingSystem, connectionId: string, userId: string) {
    const connection = await repo.connection(organizationId, connectionId);
    if (!connection || connection.system !== system) throw notFound(accountingMessages.connectionNotFound);
    if (!connection.credentials || connection.status === 'disconnected')
      throw conflict('NOT_CONNECTED', accountingMessages.notConnected);
    const [queued] = await queueDurableRuns(jobs, {
      queue: ACCOUNTING_SYNC_QUEUE,
      // Two clicks queue one run: the check and the insert under the connection's row lock.
      insert: () =>
        transaction(async ({ repository }): Promise<{ run: SyncRunRow; isNew: boolean }[]> => {
          await repository.lockConnection(organizationId, connectionId);
          const waiting = await repository.unfinishedRun(organizationId, connectionId);
          if (waiting) return [{ run: waiting, isNew: false }];
          const inserted = await repository.insertRun({
            organizationId,
            connectionId,
            system,
            status: 'started',
            message: syncStatusMessages.started,
            requestedBy: userId,
          });
          return [{ run: inserted, isNew: true }];
        }),
      // The organization's group: one load of its warehouse at a time, syncs and pipeline runs alike.
      job: ({ run }) => ({
        payload: { organizationId, runId: run.id } satisfies SyncPayload,
        groupKey: organizationId,
      }),
      fail: ({ run }) =>
        repo.finishRun(organizationId, run.id, { status: 'failed', message: syncFailedMessage[system] }),
      notQueued: (error) => internalError('SYNC_NOT_QUEUED', syncFailedMessage[system], error),
    });
    return queued!.run.id;
  }

  return {
    /** The queue of syncs: app.ts registers these on the job runner. */
    jobHandlers: {
      queue: ACCOUNTING_SYNC_QUEUE,
      work: runSync,
      abandoned: runAbandoned,
    } satisfies QueueHandlers<SyncPayload>,

    /** Stores the organization's connection to the system with its credentials, sealed. */
    saveConnection: (
      organizationId: string,
      system: AccountingSystem,
      values: { externalId: string; companyName: string | null },
      credentials: unknown,
      options: { keepCompany?: boolean } = {},
    ) =>
      transaction(async ({ repository }) => {
        const row = await repository.saveConnection(
          organizationId,
          system,
          values,
          (id) => seal(credentials, id),
          options,
        );
        if (!row) throw new OtherCompanyError();
        return toAccount(row);
      }),

    /** The company (realm, company or account id) the organization's connection to the system names, if any. */
    connectedCompany: async (organizationId: string, system: AccountingSystem): Promise<string | undefined> =>
      (await repo.connections(organizationId, system))[0]?.externalId,

    listConnections: (organizationId: string, system: AccountingSystem, failure: string) =>
      orFail(failure, async () =>
        (await repo.connections(organizationId, system)).map((row) => ({
          ...toAccount(row),
          externalId: row.externalId,
        })),
      ),

    /** Disconnect forgets the credentials; "connected" again only while they are kept. */
    setStatus: (caller: Principal, system: AccountingSystem, id: string, accountStatus: 'connected' | 'disconnected') =>
      orFail(accountingMessages.statusFailed, async () => {
        const connection = await connectionFor(caller, system, id);
        if (accountStatus === 'connected' && !connection.credentials)
          throw conflict('NOT_CONNECTED', accountingMessages.notConnected);
        const row = await repo.setStatus(connection.organizationId, id, {
          status: accountStatus,
          message: null,
          forgetCredentials: accountStatus === 'disconnected',
        });
        return toAccount(row!);
      }),

    startSync: (organizationId: string, system: AccountingSystem, connectionId: string, userId: string) =>
      orFail(syncFailedMessage[system], () => startSync(organizationId, system, connectionId, userId)),

    /** A sync of a connection named by its id alone (the Intacct and NetSuite routes): as setStatus, another organization's is missing. */
    startSyncById: (caller: Principal, system: AccountingSystem, id: string) =>
      orFail(syncFailedMessage[system], async () => {
        const connection = await connectionFor(caller, system, id);
        return startSync(connection.organizationId, system, id, caller.id);
      }),

    /**
     * Undo this sync (`POST /accounting/sync-runs/{runId}/undo`): the warehouse as before it, with the ledger
     * engine's undo; 409 naming later work, or when it loaded nothing or was undone already. Audited. The
     * connection's next sync reads the whole ledger again.
     */
    undoSync: (caller: Principal, runId: string): Promise<SyncRun> =>
      orFail(accountingMessages.fetchRunsFailed, async () => {
        const organizationId = caller.role === 'admin' ? await repo.organizationOfRun(runId) : caller.organizationId;
        const run = organizationId ? await repo.run(organizationId, runId) : undefined;
        if (!organizationId || !run) throw notFound(accountingMessages.syncRunNotFound);
        if (run.undoneAt) throw new AppError(409, 'ALREADY_UNDONE', pipelineMessages.undoAlreadyDone);
        await undoLoadOfRun(loader.undo, organizationId, runId, caller.email);
        await transaction(async ({ repository, tx }) => {
          await repository.markUndone(organizationId, runId, caller.id);
          await repository.forgetSyncPosition(organizationId, run.connectionId);
          await audit.record(
            {
              actor: caller,
              action: 'sync_run.undo',
              entityType: 'sync_run',
              entityId: runId,
              organizationId,
              before: { status: run.status, accountsSynced: run.accountsSynced, linesSynced: run.linesSynced },
              after: { undone: true },
            },
            tx,
          );
        });
        return toRun((await repo.run(organizationId, runId))!);
      }),

    listRuns: (organizationId: string): Promise<SyncRun[]> =>
      orFail(accountingMessages.fetchRunsFailed, async () => (await repo.runs(organizationId)).map(toRun)),

    systemName: (system: AccountingSystem) => ACCOUNTING_SYSTEM_NAMES[system],
  };
}
