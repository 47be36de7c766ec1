import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { accountingMessages, syncStatusMessages } from '@finboard/shared/accounting';
import { pipelineMessages } from '@finboard/shared/pipelines';
import type { Executor } from '../../db/client.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Principal } from '../../principal.ts';
import type { AuditEntry } from '../audit/audit.service.ts';
import { UndoRefused, type UndoOutcome } from '../ledger/ledger-undo.ts';
import type { AccountingRepository, ConnectionRow, SyncRunRow } from './accounting.repository.ts';
import { ACCOUNTING_SYNC_QUEUE, createAccountingService } from './accounting.service.ts';

const ORG = '7c3a0000-0000-4000-8000-000000000001';
const OTHER_ORG = '7c3a0000-0000-4000-8000-0000000000ff';
const USER = '7c3a0000-0000-4000-8000-000000000002';
const CONNECTION = '7c3a0000-0000-4000-8000-000000000003';
const TX = { transaction: 'the one' } as unknown as Executor;

const CALLER: Principal = {
  id: USER,
  email: 'fin@acme.test',
  role: 'user',
  organizationId: ORG,
  mustChangePassword: false,
};
const ADMIN: Principal = {
  id: USER,
  email: 'admin@finboard.test',
  role: 'admin',
  organizationId: null,
  mustChangePassword: false,
};

const syncRun = (values: Partial<SyncRunRow> & Pick<SyncRunRow, 'id'>): SyncRunRow => ({
  organizationId: ORG,
  connectionId: CONNECTION,
  system: 'quickbooks',
  status: 'completed',
  message: 'Sync completed: 2 accounts and 8 journal lines written',
  accountsSynced: 2,
  linesSynced: 8,
  requestedBy: USER,
  queuedAt: new Date('2026-11-20T10:00:00Z'),
  startedAt: new Date('2026-11-20T10:00:01Z'),
  finishedAt: new Date('2026-11-20T10:00:05Z'),
  undoneAt: null,
  undoneBy: null,
  ...values,
});

const connection: ConnectionRow = {
  id: CONNECTION,
  organizationId: ORG,
  system: 'quickbooks',
  status: 'connected',
  companyName: 'Books Ltd',
  externalId: '9130',
  credentials: 'sealed',
  message: null,
  lastSyncedAt: null,
  syncedThrough: '2026-11-20T09:00:00Z',
  rowsSynced: 0,
  createdAt: new Date('2026-11-01T00:00:00Z'),
  updatedAt: new Date('2026-11-01T00:00:00Z'),
};

/** A repository of which only `methods` are expected to be called. */
const repositoryOf = (methods: Partial<AccountingRepository>) =>
  new Proxy(methods, {
    get: (target, name: string) =>
      target[name as keyof AccountingRepository] ??
      (() => {
        throw new Error(`not expected: ${name}`);
      }),
  }) as AccountingRepository;

/** The accounting service on in-memory connections, runs, ledger and queue. */
function accountingWith(runs: SyncRunRow[] = []) {
  const stored = new Map(runs.map((run) => [run.id, { ...run }]));
  const connections = new Map([[CONNECTION, { ...connection }]]);
  const audited: AuditEntry[] = [];
  const inTransaction: string[] = [];
  const queued: { queue: string; payload: object; groupKey?: string }[] = [];
  let undo: () => Promise<UndoOutcome | undefined> = async () => undefined;
  let enqueueFails = false;
  const inTx = (tx: Executor, what: string) => {
    expect(tx, `${what} in the undo's transaction`).toBe(TX);
    inTransaction.push(what);
  };
  const repository = repositoryOf({
    organizationOfRun: async (id) => stored.get(id)?.organizationId,
    run: async (organizationId, id) => {
      const run = stored.get(id);
      return run?.organizationId === organizationId ? run : undefined;
    },
    markUndone: async (_organizationId, id, userId) => {
      Object.assign(stored.get(id)!, { undoneAt: new Date('2026-11-21T09:00:00Z'), undoneBy: userId });
      return true;
    },
    forgetSyncPosition: async (_organizationId, connectionId) => {
      connections.get(connectionId)!.syncedThrough = null;
    },
    connection: async (organizationId, id) => {
      const row = connections.get(id);
      return row?.organizationId === organizationId ? row : undefined;
    },
    lockConnection: async () => undefined,
    unfinishedRun: async (_organizationId, connectionId) =>
      [...stored.values()].find((run) => run.connectionId === connectionId && run.finishedAt === null),
    insertRun: async (values) => {
      const run = syncRun({ ...values, id: `run-${stored.size + 1}`, startedAt: null, finishedAt: null } as SyncRunRow);
      stored.set(run.id, run);
      return run;
    },
    finishRun: async (_organizationId, id, outcome) => {
      Object.assign(stored.get(id)!, { ...outcome, finishedAt: new Date('2026-11-20T10:00:05Z') });
      return true;
    },
  });
  const transactional = repositoryOf({
    markUndone: async (...args) => {
      inTx(TX, 'markUndone');
      return repository.markUndone(...args);
    },
    forgetSyncPosition: async (...args) => {
      inTx(TX, 'forgetSyncPosition');
      return repository.forgetSyncPosition(...args);
    },
    lockConnection: repository.lockConnection,
    unfinishedRun: repository.unfinishedRun,
    insertRun: repository.insertRun,
  });
  const service = createAccountingService({
    repository,
    transaction: (work) => work({ repository: transactional, tx: TX }),
    jobs: {
      enqueue: async (queue, payload, options) => {
        if (enqueueFails) throw new Error('the queue is down');
        queued.push({ queue, payload, groupKey: options?.groupKey });
        return 'job-1';
      },
    },
    box: {} as SecretBox,
    connectors: {},
    ledger: {
      loadSynced: async () => {
        throw new Error('no sync expected');
      },
      undo: () => undo(),
    },
    audit: {
      record: async (entry, tx) => {
        inTx(tx!, 'audit');
        audited.push(entry);
      },
    },
    syncTimeoutMs: 60_000,
    logger: pino({ level: 'silent' }),
  });
  return {
    service,
    stored,
    connections,
    audited,
    inTransaction,
    queued,
    onUndo: (next: () => Promise<UndoOutcome | undefined>) => void (undo = next),
    failEnqueue: () => void (enqueueFails = true),
  };
}

const undoOutcome: UndoOutcome = { rowsRemoved: 8, rowsRestored: 0, periods: ['2026-11'], accountsChanged: true };

describe('Undo this sync', () => {
  it('answers 404 for a sync run it does not know, or of another organization', async () => {
    const { service } = accountingWith([syncRun({ id: 'run-other', organizationId: OTHER_ORG })]);

    for (const runId of ['run-unknown', 'run-other'])
      await expect(service.undoSync(CALLER, runId)).rejects.toMatchObject({
        statusCode: 404,
        message: accountingMessages.syncRunNotFound,
      });
  });

  it('answers 409 when the sync was already undone', async () => {
    const { service } = accountingWith([syncRun({ id: 'run-1', undoneAt: new Date('2026-11-21T08:00:00Z') })]);

    await expect(service.undoSync(CALLER, 'run-1')).rejects.toMatchObject({
      statusCode: 409,
      code: 'ALREADY_UNDONE',
      message: 'This load was already undone',
    });
  });

  it('answers 409 when the sync loaded nothing', async () => {
    const { service, stored } = accountingWith([syncRun({ id: 'run-1', status: 'no_data' })]);

    await expect(service.undoSync(CALLER, 'run-1')).rejects.toMatchObject({
      statusCode: 409,
      code: 'NOTHING_TO_UNDO',
      message: 'This run loaded nothing to undo',
    });
    expect(stored.get('run-1')!.undoneAt).toBeNull();
  });

  it('answers 409 naming the later work, and marks nothing', async () => {
    const { service, onUndo, stored, connections, audited } = accountingWith([syncRun({ id: 'run-1' })]);
    const later = 'Later work touched the rows of this load: journal 145, line 1 (edited in the Studio)';
    onUndo(async () => {
      throw new UndoRefused(later);
    });

    await expect(service.undoSync(CALLER, 'run-1')).rejects.toMatchObject({
      statusCode: 409,
      code: 'UNDO_REFUSED',
      message: later,
    });
    expect(stored.get('run-1')!.undoneAt).toBeNull();
    expect(connections.get(CONNECTION)!.syncedThrough).toBe('2026-11-20T09:00:00Z');
    expect(audited).toEqual([]);
  });

  it('undoes the sync: marked, its connection reading the whole ledger again, audited, in one transaction', async () => {
    const { service, onUndo, connections, audited, inTransaction } = accountingWith([syncRun({ id: 'run-1' })]);
    onUndo(async () => undoOutcome);

    const run = await service.undoSync(ADMIN, 'run-1');

    expect(run).toMatchObject({ id: 'run-1', status: 'completed', undoneAt: '2026-11-21T09:00:00.000Z' });
    expect(connections.get(CONNECTION)!.syncedThrough).toBeNull();
    expect(audited).toEqual([
      {
        actor: ADMIN,
        action: 'sync_run.undo',
        entityType: 'sync_run',
        entityId: 'run-1',
        organizationId: ORG,
        before: { status: 'completed', accountsSynced: 2, linesSynced: 8 },
        after: { undone: true },
      },
    ]);
    expect(inTransaction).toEqual(['markUndone', 'forgetSyncPosition', 'audit']);
  });

  it('marks the sync whose undo the warehouse committed before the process stopped', async () => {
    const { service, onUndo, stored, audited } = accountingWith([syncRun({ id: 'run-1' })]);
    onUndo(async () => {
      throw new UndoRefused(pipelineMessages.undoAlreadyDone);
    });

    await service.undoSync(CALLER, 'run-1');

    expect(stored.get('run-1')).toMatchObject({ undoneAt: new Date('2026-11-21T09:00:00Z'), undoneBy: USER });
    expect(audited.map((entry) => entry.action)).toEqual(['sync_run.undo']);
  });
});

describe('Sync now', () => {
  it('queues one sync under the organization and answers the run still waiting on a second click', async () => {
    const { service, queued, stored } = accountingWith();

    const first = await service.startSync(ORG, 'quickbooks', CONNECTION, USER);
    const second = await service.startSync(ORG, 'quickbooks', CONNECTION, USER);

    expect(second).toBe(first);
    expect(stored.get(first)).toMatchObject({ status: 'started', message: syncStatusMessages.started });
    expect(queued).toEqual([
      { queue: ACCOUNTING_SYNC_QUEUE, payload: { organizationId: ORG, runId: first }, groupKey: ORG },
    ]);
  });

  it('fails the sync whose job could not be queued, so it never waits forever', async () => {
    const { service, stored, failEnqueue } = accountingWith();
    failEnqueue();

    await expect(service.startSync(ORG, 'quickbooks', CONNECTION, USER)).rejects.toMatchObject({
      statusCode: 500,
      code: 'SYNC_NOT_QUEUED',
      message: accountingMessages.quickbooksSyncFailed,
    });
    expect([...stored.values()].map((run) => [run.status, run.message])).toEqual([
      ['failed', accountingMessages.quickbooksSyncFailed],
    ]);
  });
});
