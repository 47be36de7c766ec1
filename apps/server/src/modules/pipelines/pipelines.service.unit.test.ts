import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { pipelineMessages, type PipelineRunStep } from '@finboard/shared/pipelines';
import type { WarehouseTable } from '@finboard/shared/warehouse';
import type { Executor } from '../../db/client.ts';
import type { Principal } from '../../principal.ts';
import type { AuditEntry } from '../audit/audit.service.ts';
import { PipelineLoadRefused, type PipelineLoadRequest, type PipelineLoadResult } from '../ledger/ledger-engine.ts';
import { UndoRefused, type UndoOutcome } from '../ledger/ledger-undo.ts';
import type { ClaimedFile } from '../uploads/uploads.service.ts';
import type { NamedRunRow, RunOutcome } from './pipelines.repository.ts';
import { createPipelinesService, PIPELINE_RUN_QUEUE, type PipelineRuns } from './pipelines.service.ts';

const ORG = '0d9f0000-0000-4000-8000-000000000001';
const USER = '0d9f0000-0000-4000-8000-000000000002';
/** The transaction the fake hands its work: what must be written in it is asserted to carry it. */
const TX = { transaction: 'the one' } as unknown as Executor;

const CALLER: Principal = {
  id: USER,
  email: 'fin@acme.test',
  role: 'user',
  organizationId: ORG,
  mustChangePassword: false,
};

interface FakeType {
  id: string;
  name: string;
  targetTable: WarehouseTable;
  periodBased: boolean;
}

interface FakeFile extends ClaimedFile {
  dataTypeId: string;
  status: 'uploaded' | 'processing' | 'processed' | 'rejected';
  runId?: string;
  error?: string;
  rowsLoaded?: number;
}

type LedgerLoad = (
  request: PipelineLoadRequest,
  options: { signal?: AbortSignal; onProgress?: (progress: { step: string; status: string; done: number }) => void },
) => Promise<PipelineLoadResult>;

const GL_TYPE: FakeType = { id: 'type-gl', name: 'GL Detail', targetTable: '02_GL_Detail', periodBased: true };
const ACCOUNTS_TYPE: FakeType = {
  id: 'type-accounts',
  name: 'Accounts',
  targetTable: '01_Account',
  periodBased: false,
};
const PERIODS_TYPE: FakeType = { id: 'type-periods', name: 'Periods', targetTable: '00_Period', periodBased: false };
const BUDGET_TYPE: FakeType = { id: 'type-budget', name: 'Budget', targetTable: '03_Budget', periodBased: true };

function runRow(values: Partial<NamedRunRow> & Pick<NamedRunRow, 'id' | 'pipelineId' | 'pipelineName'>): NamedRunRow {
  return {
    organizationId: ORG,
    status: 'queued',
    steps: [],
    queuedAt: new Date('2026-11-20T10:00:00Z'),
    startedAt: null,
    finishedAt: null,
    heartbeatAt: null,
    filesProcessed: 0,
    rowsRead: 0,
    rowsLoaded: 0,
    rowsRejected: 0,
    runBy: USER,
    error: null,
    problems: null,
    mode: 'add',
    overwriteEdits: false,
    rowsAdded: 0,
    rowsRemoved: 0,
    rowsReplaced: 0,
    editsOverwritten: 0,
    overwritten: null,
    undoneAt: null,
    undoneBy: null,
    runByName: 'Fin Lead',
    undoneByName: null,
    ...values,
  };
}

/**
 * The pipelines service on in-memory runs, files, data types, ledger and queue: every collaborator it is
 * given, and a record of what was written in its transactions.
 */
function pipelinesWith(options: { types?: FakeType[]; files?: Partial<FakeFile>[]; load?: LedgerLoad } = {}) {
  const types = options.types ?? [GL_TYPE];
  const runs = new Map<string, NamedRunRow>();
  const files: FakeFile[] = (options.files ?? []).map((file, index) => ({
    id: `file-${index + 1}`,
    name: `file-${index + 1}.csv`,
    period: null,
    rows: null,
    replacesFileId: null,
    newAccounts: null,
    replacePeriods: false,
    dataTypeId: GL_TYPE.id,
    status: 'uploaded',
    ...file,
  }));
  const queued: { queue: string; payload: object; groupKey?: string }[] = [];
  const audited: AuditEntry[] = [];
  const undone: string[] = [];
  const inTransaction: string[] = [];
  let nextRun = 0;
  let enqueueFails = false;
  let load: LedgerLoad =
    options.load ??
    (async () => {
      throw new Error('no load expected');
    });
  let undo: (runId: string) => Promise<UndoOutcome | undefined> = async () => undefined;

  const pipelineIdOf = (typeId: string) => `pipeline-${typeId}`;
  const repository: PipelineRuns = {
    list: async () => types.map((type) => ({ pipelineId: pipelineIdOf(type.id), dataTypeId: type.id })),
    lockQueue: async () => undefined,
    queuedRun: async (_organizationId, pipelineId) =>
      [...runs.values()].find((run) => run.pipelineId === pipelineId && run.status === 'queued')?.id,
    insertRun: async (values) => {
      nextRun += 1;
      const id = `run-${nextRun}`;
      runs.set(
        id,
        runRow({ id, pipelineId: values.pipelineId, pipelineName: values.pipelineName, mode: values.mode ?? 'add' }),
      );
      return id;
    },
    start: async (_organizationId, runId) => {
      const run = runs.get(runId);
      if (run?.status !== 'queued') return undefined;
      run.status = 'running';
      run.startedAt = new Date('2026-11-20T10:00:01Z');
      return run;
    },
    saveProgress: async () => undefined,
    finish: async (runId, outcome: RunOutcome) => {
      Object.assign(runs.get(runId)!, {
        ...outcome,
        finishedAt: new Date('2026-11-20T10:00:02Z'),
        error: outcome.error ?? null,
        problems: outcome.problems ?? null,
        overwritten: outcome.overwritten ?? null,
      });
    },
    failUnfinished: async (_organizationId, runId, error) => {
      const run = runs.get(runId);
      if (!run || (run.status !== 'queued' && run.status !== 'running')) return false;
      Object.assign(run, { status: 'failed', error });
      return true;
    },
    listRuns: async () => ({ rows: [...runs.values()], total: runs.size }),
    findRun: async (organizationId, runId) => {
      const run = runs.get(runId);
      return run?.organizationId === organizationId ? run : undefined;
    },
    nameOfUser: async () => 'Fin Lead',
    markUndone: async (_organizationId, runId, userId) => {
      const run = runs.get(runId)!;
      if (run.undoneAt) return false;
      Object.assign(run, { undoneAt: new Date('2026-11-21T09:00:00Z'), undoneBy: userId, undoneByName: 'Fin Lead' });
      return true;
    },
    organizationOfRun: async (runId) => runs.get(runId)?.organizationId,
  };
  const expectTx = (tx: Executor, what: string) => {
    expect(tx, `${what} in the run's transaction`).toBe(TX);
    inTransaction.push(what);
  };

  const service = createPipelinesService({
    runs: repository,
    transaction: (work) => work({ runs: repository, tx: TX }),
    uploads: {
      pendingCounts: async () => {
        const counts = new Map<string, number>();
        for (const file of files.filter((candidate) => candidate.status === 'uploaded'))
          counts.set(file.dataTypeId, (counts.get(file.dataTypeId) ?? 0) + 1);
        return counts;
      },
      claimPending: async (_organizationId, dataTypeId, runId) => {
        const claimed = files.filter((file) => file.dataTypeId === dataTypeId && file.status === 'uploaded');
        for (const file of claimed) Object.assign(file, { status: 'processing', runId });
        return claimed.map(({ id, name, period, rows, replacesFileId, replacePeriods, newAccounts }) => ({
          id,
          name,
          period,
          newAccounts,
          rows,
          replacesFileId,
          replacePeriods,
        }));
      },
      markProcessed: async (tx, _organizationId, rowsPerFile) => {
        expectTx(tx, 'markProcessed');
        for (const [id, rowsLoaded] of rowsPerFile)
          Object.assign(
            files.find((file) => file.id === id)!,
            { status: 'processed', rowsLoaded },
          );
      },
      markRejected: async (tx, _organizationId, errors) => {
        expectTx(tx, 'markRejected');
        for (const [id, error] of errors)
          Object.assign(
            files.find((file) => file.id === id)!,
            { status: 'rejected', error },
          );
      },
      releaseClaimed: async (tx, _organizationId, runId) => {
        expectTx(tx, 'releaseClaimed');
        for (const file of files.filter((candidate) => candidate.runId === runId && candidate.status === 'processing'))
          Object.assign(file, { status: 'uploaded', runId: undefined });
      },
      settleFolders: async () => ({ moved: 0, failed: 0 }),
    },
    dataTypes: {
      listAll: async () => types.map((type) => ({ ...type, columns: [{ name: 'journal_id' }, { name: 'debit' }] })),
    },
    ledger: {
      load: (request, loadOptions = {}) => load(request, loadOptions as Parameters<LedgerLoad>[1]),
      undo: async (_organizationId, runId) => {
        undone.push(runId);
        return undo(runId);
      },
      previewReplace: async () => [],
    },
    jobs: {
      enqueue: async (queue, payload, enqueueOptions) => {
        if (enqueueFails) throw new Error('the queue is down');
        queued.push({ queue, payload, groupKey: enqueueOptions?.groupKey });
        return `job-${queued.length}`;
      },
    },
    audit: {
      record: async (entry, tx) => {
        expectTx(tx!, 'audit');
        audited.push(entry);
      },
    },
    logger: pino({ level: 'silent' }),
  });

  /** Runs the queued run's job as the runner would, with this signal. */
  const work = (runId: string, signal = new AbortController().signal) =>
    service.jobHandlers.work({ organizationId: ORG, runId }, { jobId: `job-of-${runId}`, signal });

  return {
    service,
    runs,
    files,
    queued,
    audited,
    undone,
    inTransaction,
    work,
    failEnqueue: () => void (enqueueFails = true),
    onLoad: (next: LedgerLoad) => void (load = next),
    onUndo: (next: (runId: string) => Promise<UndoOutcome | undefined>) => void (undo = next),
    addRun: (values: Partial<NamedRunRow> & Pick<NamedRunRow, 'id'>) =>
      runs.set(values.id, runRow({ pipelineId: pipelineIdOf(GL_TYPE.id), pipelineName: GL_TYPE.name, ...values })),
  };
}

/** A load that stages `rows` rows and loads them all from each file. */
const loads =
  (rows: number, counts: Partial<PipelineLoadResult> = {}): LedgerLoad =>
  async (request, { onProgress }) => {
    onProgress?.({ step: 'stage', status: 'done', done: rows });
    return {
      rowsRead: rows,
      rowsLoaded: rows,
      rowsDeleted: 0,
      rowsAdded: rows,
      rowsReplaced: 0,
      editsOverwritten: 0,
      overwritten: [],
      mode: 'add',
      rowsPerFile: new Map(request.files.map((file) => [file.id, rows / request.files.length])),
      periodsCreated: [],
      ...counts,
    };
  };

/** A load that stages `rows` rows and then fails with `error`. */
const refuses =
  (rows: number, error: unknown): LedgerLoad =>
  async (_request, { onProgress }) => {
    onProgress?.({ step: 'stage', status: 'done', done: rows });
    throw error;
  };

describe('Run Pipeline', () => {
  it('queues one run per pipeline with files waiting, in dependency order, under the organization', async () => {
    const { service, queued, runs } = pipelinesWith({
      types: [BUDGET_TYPE, GL_TYPE, ACCOUNTS_TYPE, PERIODS_TYPE, { ...BUDGET_TYPE, id: 'type-empty', name: 'Empty' }],
      files: [
        { dataTypeId: BUDGET_TYPE.id },
        { dataTypeId: GL_TYPE.id },
        { dataTypeId: ACCOUNTS_TYPE.id },
        { dataTypeId: PERIODS_TYPE.id },
      ],
    });

    const { runIds } = await service.queueRuns(ORG, {}, USER);

    expect(runIds.map((id) => runs.get(id)!.pipelineName)).toEqual(['Periods', 'Accounts', 'GL Detail', 'Budget']);
    expect(queued).toEqual(
      runIds.map((runId) => ({ queue: PIPELINE_RUN_QUEUE, payload: { organizationId: ORG, runId }, groupKey: ORG })),
    );
  });

  it('answers the run still queued instead of queueing a second one', async () => {
    const { service, queued, runs } = pipelinesWith({ files: [{}] });
    const first = await service.queueRuns(ORG, {}, USER);

    const second = await service.queueRuns(ORG, { isGlDetail: true }, USER);

    expect(second).toEqual(first);
    expect(runs.size).toBe(1);
    expect(queued).toHaveLength(1);
  });

  it('queues nothing when no file waits', async () => {
    const { service, queued } = pipelinesWith({ files: [{ status: 'processed' }] });

    expect(await service.queueRuns(ORG, {}, USER)).toEqual({ runIds: [] });
    expect(queued).toEqual([]);
  });

  it('answers 404 for a pipeline name the organization does not have', async () => {
    const { service } = pipelinesWith({ files: [{}] });

    await expect(service.queueRuns(ORG, { pipelineName: 'Payroll' }, USER)).rejects.toMatchObject({
      statusCode: 404,
      message: pipelineMessages.pipelineNotFound,
    });
  });

  it('fails the runs whose jobs could not be queued, so none waits forever', async () => {
    const { service, runs, failEnqueue } = pipelinesWith({
      types: [GL_TYPE, ACCOUNTS_TYPE],
      files: [{ dataTypeId: GL_TYPE.id }, { dataTypeId: ACCOUNTS_TYPE.id }],
    });
    failEnqueue();

    await expect(service.queueRuns(ORG, {}, USER)).rejects.toMatchObject({
      statusCode: 500,
      code: 'RUN_NOT_QUEUED',
      message: pipelineMessages.runFailed,
    });
    expect([...runs.values()].map((run) => [run.pipelineName, run.status, run.error])).toEqual([
      ['Accounts', 'failed', pipelineMessages.runFailed],
      ['GL Detail', 'failed', pipelineMessages.runFailed],
    ]);
  });
});

describe("a run's outcome", () => {
  it('succeeds with the counts of the load; its files are processed in the same transaction', async () => {
    const { service, runs, files, work, inTransaction } = pipelinesWith({
      files: [{}, {}],
      load: loads(10, {
        rowsAdded: 6,
        rowsReplaced: 4,
        rowsDeleted: 2,
        editsOverwritten: 1,
        overwritten: ['journal NC-1, line 2'],
      }),
    });
    const [runId] = (await service.queueRuns(ORG, {}, USER)).runIds;

    await work(runId!);

    expect(runs.get(runId!)).toMatchObject({
      status: 'succeeded',
      filesProcessed: 2,
      rowsRead: 10,
      rowsLoaded: 10,
      rowsRejected: 0,
      rowsAdded: 6,
      rowsRemoved: 2,
      rowsReplaced: 4,
      editsOverwritten: 1,
      overwritten: ['journal NC-1, line 2'],
      error: null,
      problems: null,
    });
    expect((runs.get(runId!)!.steps as PipelineRunStep[]).map((step) => step.status)).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
    expect(files.map((file) => [file.status, file.rowsLoaded])).toEqual([
      ['processed', 5],
      ['processed', 5],
    ]);
    expect(inTransaction).toEqual(['markProcessed']);
  });

  it("hands the ledger the run's mode, its files and who ran it", async () => {
    let asked: PipelineLoadRequest | undefined;
    const { service, work } = pipelinesWith({
      files: [{ period: '2026-11', replacesFileId: 'file-old' }],
      load: async (request, options) => {
        asked = request;
        return loads(1)(request, options);
      },
    });
    const [runId] = (await service.queueRuns(ORG, { mode: 'replace-periods', overwriteEdits: true }, USER)).runIds;

    await work(runId!);

    expect(asked).toMatchObject({
      organizationId: ORG,
      targetTable: '02_GL_Detail',
      columns: ['journal_id', 'debit'],
      periodBased: true,
      runId,
      actor: 'Fin Lead',
      mode: 'replace-periods',
      files: [{ id: 'file-1', name: 'file-1.csv', period: '2026-11', replacesFileId: 'file-old' }],
    });
  });

  it('rejects only the files its problems name, each with its first problem; the others wait again', async () => {
    const problems = [
      { file: 'file-2.csv', line: 3, column: 'debit', value: 'abc', problem: 'Debit "abc" is not a number' },
      { file: 'file-2.csv', line: 9, column: 'debit', value: 'x', problem: 'Debit "x" is not a number' },
    ];
    const { service, runs, files, work } = pipelinesWith({
      files: [{}, {}],
      load: refuses(12, new PipelineLoadRefused(problems)),
    });
    const [runId] = (await service.queueRuns(ORG, {}, USER)).runIds;

    await work(runId!);

    expect(runs.get(runId!)).toMatchObject({
      status: 'failed',
      error: 'Debit "abc" is not a number',
      problems,
      filesProcessed: 0,
      rowsRead: 12,
      rowsLoaded: 0,
      rowsRejected: 12,
    });
    expect(files.map((file) => [file.name, file.status, file.error])).toEqual([
      ['file-1.csv', 'uploaded', undefined],
      ['file-2.csv', 'rejected', 'Debit "abc" is not a number'],
    ]);
  });

  it('rejects every file when no problem names one', async () => {
    const { service, files, work } = pipelinesWith({
      files: [{}, {}],
      load: refuses(4, new PipelineLoadRefused([{ problem: pipelineMessages.keyColumnMissing('journal_id') }])),
    });
    const [runId] = (await service.queueRuns(ORG, {}, USER)).runIds;

    await work(runId!);

    expect(files.map((file) => [file.status, file.error])).toEqual([
      ['rejected', pipelineMessages.keyColumnMissing('journal_id')],
      ['rejected', pipelineMessages.keyColumnMissing('journal_id')],
    ]);
  });

  it('leaves the files waiting when Studio edits stand in the way', async () => {
    const problem = {
      problem: '1 line of this period was edited in the Studio after loading: journal NC-1, line 2',
      file: 'file-1.csv',
      editsInTheWay: true,
    };
    const { service, runs, files, work } = pipelinesWith({
      files: [{}],
      load: refuses(6, new PipelineLoadRefused([problem], true)),
    });
    const [runId] = (await service.queueRuns(ORG, {}, USER)).runIds;

    await work(runId!);

    expect(runs.get(runId!)).toMatchObject({
      status: 'failed',
      error: problem.problem,
      problems: [problem],
      rowsRead: 6,
      rowsRejected: 0,
    });
    expect(files.map((file) => [file.status, file.error])).toEqual([['uploaded', undefined]]);
  });

  it('gives the files back when the server stops during the run', async () => {
    const stopping = new AbortController();
    const { service, runs, files, work, inTransaction } = pipelinesWith({
      files: [{}],
      load: async (_request, { onProgress }) => {
        onProgress?.({ step: 'stage', status: 'running', done: 3 });
        stopping.abort();
        throw stopping.signal.reason;
      },
    });
    const [runId] = (await service.queueRuns(ORG, {}, USER)).runIds;

    await work(runId!, stopping.signal);

    expect(runs.get(runId!)).toMatchObject({ status: 'failed', error: pipelineMessages.interrupted, problems: null });
    expect(files.map((file) => file.status)).toEqual(['uploaded']);
    expect(inTransaction).toEqual(['markRejected', 'releaseClaimed']);
  });

  it('fails a run whose process died and gives its files back', async () => {
    const { service, runs, files } = pipelinesWith({ files: [{}] });
    const [runId] = (await service.queueRuns(ORG, {}, USER)).runIds;
    files[0]!.status = 'processing';
    files[0]!.runId = runId;

    await service.jobHandlers.abandoned({ organizationId: ORG, runId: runId! });

    expect(runs.get(runId!)).toMatchObject({ status: 'failed', error: pipelineMessages.interrupted });
    expect(files.map((file) => file.status)).toEqual(['uploaded']);
  });

  it('does nothing for a run no longer queued', async () => {
    const { runs, work, addRun } = pipelinesWith({ files: [{}], load: loads(1) });
    addRun({ id: 'run-done', status: 'failed', error: pipelineMessages.interrupted });

    await work('run-done');

    expect(runs.get('run-done')).toMatchObject({ status: 'failed', error: pipelineMessages.interrupted });
  });
});

describe('Undo this load', () => {
  const undoOutcome: UndoOutcome = { rowsRemoved: 10, rowsRestored: 0, periods: ['2026-11'], accountsChanged: false };

  it('answers 404 for a run it does not know', async () => {
    const { service, undone } = pipelinesWith();

    await expect(service.undoRun(CALLER, 'run-unknown')).rejects.toMatchObject({
      statusCode: 404,
      message: pipelineMessages.runNotFound,
    });
    expect(undone).toEqual([]);
  });

  it("answers 404 for another organization's run", async () => {
    const { service, addRun, undone } = pipelinesWith();
    addRun({ id: 'run-other', status: 'succeeded', organizationId: '0d9f0000-0000-4000-8000-0000000000ff' });

    await expect(service.undoRun(CALLER, 'run-other')).rejects.toMatchObject({
      statusCode: 404,
      message: pipelineMessages.runNotFound,
    });
    expect(undone).toEqual([]);
  });

  it('answers 409 when the load was already undone', async () => {
    const { service, addRun, undone } = pipelinesWith();
    addRun({ id: 'run-1', status: 'succeeded', undoneAt: new Date('2026-11-21T08:00:00Z') });

    await expect(service.undoRun(CALLER, 'run-1')).rejects.toMatchObject({
      statusCode: 409,
      code: 'ALREADY_UNDONE',
      message: 'This load was already undone',
    });
    expect(undone).toEqual([]);
  });

  it('answers 409 when the run did not succeed', async () => {
    const { service, addRun, undone } = pipelinesWith();
    addRun({ id: 'run-1', status: 'failed' });

    await expect(service.undoRun(CALLER, 'run-1')).rejects.toMatchObject({
      statusCode: 409,
      code: 'NOTHING_TO_UNDO',
      message: 'This run loaded nothing to undo',
    });
    expect(undone).toEqual([]);
  });

  it('answers 409 when the warehouse holds no load of the run', async () => {
    const { service, addRun, runs } = pipelinesWith();
    addRun({ id: 'run-1', status: 'succeeded' });

    await expect(service.undoRun(CALLER, 'run-1')).rejects.toMatchObject({
      statusCode: 409,
      message: 'This run loaded nothing to undo',
    });
    expect(runs.get('run-1')!.undoneAt).toBeNull();
  });

  it('answers 409 naming the later work, and marks nothing', async () => {
    const { service, addRun, onUndo, runs, audited } = pipelinesWith();
    addRun({ id: 'run-1', status: 'succeeded' });
    const later = 'Later work touched the rows of this load: journal JE-1, line 1 (edited in the Studio)';
    onUndo(async () => {
      throw new UndoRefused(later);
    });

    await expect(service.undoRun(CALLER, 'run-1')).rejects.toMatchObject({
      statusCode: 409,
      code: 'UNDO_REFUSED',
      message: later,
    });
    expect(runs.get('run-1')!.undoneAt).toBeNull();
    expect(audited).toEqual([]);
  });

  it('undoes the load, marks the run undone and audits it in one transaction', async () => {
    const { service, addRun, onUndo, audited, inTransaction } = pipelinesWith();
    addRun({ id: 'run-1', status: 'succeeded', rowsAdded: 10, rowsRemoved: 2, rowsReplaced: 1 });
    onUndo(async () => undoOutcome);

    const run = await service.undoRun(CALLER, 'run-1');

    expect(run).toMatchObject({ id: 'run-1', undoneAt: '2026-11-21T09:00:00.000Z', undoneBy: 'Fin Lead' });
    expect(audited).toEqual([
      {
        actor: CALLER,
        action: 'pipeline_run.undo',
        entityType: 'pipeline_run',
        entityId: 'run-1',
        organizationId: ORG,
        before: { status: 'succeeded', rowsAdded: 10, rowsRemoved: 2, rowsReplaced: 1 },
        after: { undone: true },
      },
    ]);
    expect(inTransaction).toEqual(['audit']);
  });

  it('marks the run whose undo the warehouse committed before the process stopped', async () => {
    const { service, addRun, onUndo, runs, audited } = pipelinesWith();
    addRun({ id: 'run-1', status: 'succeeded' });
    onUndo(async () => {
      throw new UndoRefused(pipelineMessages.undoAlreadyDone);
    });

    await service.undoRun(CALLER, 'run-1');

    expect(runs.get('run-1')).toMatchObject({ undoneAt: new Date('2026-11-21T09:00:00Z'), undoneBy: USER });
    expect(audited.map((entry) => entry.action)).toEqual(['pipeline_run.undo']);
  });
});
