import type { FastifyBaseLogger } from 'fastify';
import { paginationOf, type Pagination } from '@finboard/shared/pagination';
import {
  MAX_RUN_PROBLEMS,
  PIPELINE_STEPS,
  pipelineMessages,
  type AvailablePipeline,
  type LoadMode,
  type PipelineProblem,
  type PipelineRun,
  type PipelineRunDetail,
  type PipelineRunFilters,
  type PipelineRunStep,
} from '@finboard/shared/pipelines';
import { WAREHOUSE_TABLES, type WarehouseTable } from '@finboard/shared/warehouse';
import { sqlStateOf } from '../../db/errors.ts';
import type { Transaction } from '../../db/transaction.ts';
import { AppError, internalError, notFound } from '../../errors.ts';
import type { JobContext, JobRunner, QueueHandlers } from '../../platform/jobs/job-runner.ts';
import { queueDurableRuns } from '../../platform/jobs/queue-durable-run.ts';
import type { Principal } from '../../principal.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { undoLoadOfRun } from '../ledger/ledger-undo.ts';
import {
  type LedgerEngine,
  PipelineLoadRefused,
  type LoadProgress,
  type PipelineLoadResult,
} from '../ledger/ledger-engine.ts';
import type { ClaimedFile, UploadsService } from '../uploads/uploads.service.ts';
import type { NamedRunRow, PipelinesRepository } from './pipelines.repository.ts';

/** The job queue of pipeline runs. */
export const PIPELINE_RUN_QUEUE = 'pipeline-run';

export interface PipelineRunPayload {
  organizationId: string;
  runId: string;
}

/** How often a running run says it is alive while one long statement works (no progress to report). */
const HEARTBEAT_MS = 15_000;
/** Progress of a step is written at most this often (its start and end always). */
const PROGRESS_EVERY_MS = 1_000;

const GL = '02_GL_Detail';
const isGlDetail = (targetTable: string) => targetTable === GL;
const tableOrder = (table: string) => WAREHOUSE_TABLES.indexOf(table as WarehouseTable);

/** Unexpected failures answer the spec's message of the operation (details stay in the log). */
async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw internalError('PIPELINES_FAILED', message, error);
  }
}

/** What Run Pipeline asks for: which pipelines, and how their files load. */
export interface RunSelection {
  pipelineName?: string;
  isGlDetail?: boolean;
  mode?: LoadMode;
  overwriteEdits?: boolean;
}

const pendingSteps = (): PipelineRunStep[] => PIPELINE_STEPS.map((stage) => ({ stage, status: 'pending' }));

export type PipelinesService = ReturnType<typeof createPipelinesService>;

/** The pipelines and their runs (pipelines.repository.ts); adding a data type's pipeline is the data types'. */
export type PipelineRuns = Omit<PipelinesRepository, 'addFor'>;

/** What pipelines read of the data types module: an organization's types, their tables and columns. */
export interface PipelineDataTypes {
  listAll(organizationId: string): Promise<
    readonly {
      id: string;
      name: string;
      targetTable: WarehouseTable;
      columns: readonly { name: string }[];
      periodBased: boolean;
    }[]
  >;
}

/** What pipeline runs do with the uploads module's files: count, take, and settle the files waiting. */
export type PipelineFiles = Pick<
  UploadsService,
  'pendingCounts' | 'claimPending' | 'markProcessed' | 'markRejected' | 'releaseClaimed' | 'settleFolders'
>;

/** A pipeline with its data type, as a run and the list of available pipelines need it. */
interface PipelineWithType {
  pipelineId: string;
  dataTypeId: string;
  name: string;
  targetTable: string;
  columns: readonly { name: string }[];
  periodBased: boolean;
  pendingFiles: number;
}

/** Dependency order of the tables (periods, accounts, …), then by name. */
const byTableThenName = (a: PipelineWithType, b: PipelineWithType) =>
  tableOrder(a.targetTable) - tableOrder(b.targetTable) ||
  a.name.toLowerCase().localeCompare(b.name.toLowerCase()) ||
  a.dataTypeId.localeCompare(b.dataTypeId);

/**
 * Pipelines and their runs (issue 10 §2). A run is a durable job on the JobRunner (one organization's runs
 * one at a time, under its group key): it takes the files waiting for its data type, loads them with the
 * ledger engine and records steps, counts and the outcome on the run and its files. Everything it works
 * with is handed in (app.ts), so its rules are unit tested with fakes (pipelines.service.unit.test.ts).
 */
export function createPipelinesService(deps: {
  /** The pipelines and their runs. */
  runs: PipelineRuns;
  /** One transaction with the runs bound to it (closing a run with its files' status, queueing, undo). */
  transaction: Transaction<{ runs: PipelineRuns }>;
  /** The files waiting for a run, and their status (the uploads module). */
  uploads: PipelineFiles;
  /** The pipelines' names, tables and columns (the data types module). */
  dataTypes: PipelineDataTypes;
  /** The ledger engine: the one writer of the loaded tables (shared with accounting syncs). */
  ledger: Pick<LedgerEngine, 'load' | 'undo' | 'previewReplace'>;
  jobs: Pick<JobRunner, 'enqueue'>;
  audit: Pick<AuditService, 'record'>;
  logger: FastifyBaseLogger;
  /** Told when a run has loaded data (report packs that send when a period is loaded listen); never throws. */
  onLoaded?: (organizationId: string) => Promise<void>;
}) {
  const { runs: repo, transaction, uploads, dataTypes, ledger: loader, jobs, audit, logger } = deps;

  /** The organization's pipelines with their data types and files waiting, in dependency order. */
  async function pipelinesOf(organizationId: string): Promise<PipelineWithType[]> {
    const [rows, types, pending] = await Promise.all([
      repo.list(organizationId),
      dataTypes.listAll(organizationId),
      uploads.pendingCounts(organizationId),
    ]);
    const typeById = new Map(types.map((type) => [type.id, type]));
    return rows
      .flatMap(({ pipelineId, dataTypeId }) => {
        const type = typeById.get(dataTypeId);
        if (!type) return [];
        const { name, targetTable, columns, periodBased } = type;
        return [
          {
            pipelineId,
            dataTypeId,
            name,
            targetTable,
            columns,
            periodBased,
            pendingFiles: pending.get(dataTypeId) ?? 0,
          },
        ];
      })
      .toSorted(byTableThenName);
  }

  function toRun(row: NamedRunRow): PipelineRun {
    return {
      id: row.id,
      pipelineName: row.pipelineName,
      status: row.status as PipelineRun['status'],
      queuedAt: row.queuedAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      durationMs: row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
      filesProcessed: row.filesProcessed,
      rowsRead: row.rowsRead,
      rowsLoaded: row.rowsLoaded,
      rowsRejected: row.rowsRejected,
      runBy: row.runByName,
      error: row.error,
      mode: row.mode === 'replace-periods' ? 'replace-periods' : 'add',
      rowsAdded: row.rowsAdded,
      rowsRemoved: row.rowsRemoved,
      rowsReplaced: row.rowsReplaced,
      editsOverwritten: row.editsOverwritten,
      undoneAt: row.undoneAt?.toISOString() ?? null,
      undoneBy: row.undoneByName,
    };
  }

  const toAvailable = (pipeline: PipelineWithType): AvailablePipeline => ({
    name: pipeline.name,
    dataTypeId: pipeline.dataTypeId,
    targetTable: pipeline.targetTable as WarehouseTable,
    isGlDetail: isGlDetail(pipeline.targetTable),
    pendingFiles: pipeline.pendingFiles,
  });

  /** The job: one run, start to end. Never throws for the data's sake: the outcome is on the run. */
  async function runPipeline(payload: PipelineRunPayload, context: JobContext): Promise<void> {
    const { organizationId, runId } = payload;
    const run = await repo.start(organizationId, runId);
    if (!run) return; // Failed or finished already (e.g. resolved as abandoned).
    const steps = pendingSteps();
    const pipeline = (await pipelinesOf(organizationId)).find((candidate) => candidate.pipelineId === run.pipelineId);
    if (!pipeline) {
      await repo.finish(runId, failure(steps, pipelineMessages.pipelineNotFound));
      return;
    }
    const files = await uploads.claimPending(organizationId, pipeline.dataTypeId, runId);
    let lastWrite = 0;
    let staged = 0;
    // Progress is written in the background, one write after another: the load never waits for it.
    let writing: Promise<void> = Promise.resolve();
    const onProgress = (update: LoadProgress) => {
      const step = steps.find((candidate) => candidate.stage === update.step)!;
      const now = new Date();
      if (step.status === 'pending') step.startedAt = now.toISOString();
      step.status = update.status === 'done' ? 'done' : 'running';
      step.done = update.done;
      if (update.total !== undefined) step.total = update.total;
      if (update.status === 'done') step.finishedAt = now.toISOString();
      if (update.step === 'stage') staged = update.done;
      if (update.status === 'running' && now.getTime() - lastWrite < PROGRESS_EVERY_MS && step.done !== 0) return;
      lastWrite = now.getTime();
      const snapshot = structuredClone(steps);
      writing = writing
        .then(() => repo.saveProgress(runId, snapshot))
        .catch((err: unknown) => logger.warn({ err, runId }, 'run progress not saved'));
    };
    const heartbeat = setInterval(() => {
      repo.saveProgress(runId, undefined).catch((err: unknown) => logger.warn({ err, runId }, 'run heartbeat failed'));
    }, HEARTBEAT_MS);
    try {
      const result =
        files.length === 0
          ? undefined
          : await loader.load(
              {
                organizationId,
                targetTable: pipeline.targetTable as WarehouseTable,
                columns: pipeline.columns.map((column) => column.name),
                periodBased: pipeline.periodBased,
                files,
                runId,
                actor: (await repo.findRun(organizationId, runId))?.runByName ?? null,
                mode: run.mode === 'replace-periods' ? 'replace-periods' : 'add',
                overwriteEdits: run.overwriteEdits,
              },
              { signal: context.signal, onProgress },
            );
      await writing;
      await succeeded(organizationId, runId, steps, result);
      if (result && result.rowsLoaded > 0) await deps.onLoaded?.(organizationId);
    } catch (error) {
      await writing;
      await failed(organizationId, runId, steps, files, staged, error, context.signal);
    } finally {
      clearInterval(heartbeat);
    }
    // Once the run's outcome is committed: its files leave the container's incoming folder (logged, never
    // thrown, when a move fails; the next run tries again).
    await uploads.settleFolders(organizationId);
  }

  async function succeeded(
    organizationId: string,
    runId: string,
    steps: PipelineRunStep[],
    result: PipelineLoadResult | undefined,
  ) {
    for (const step of steps) step.status = 'done';
    await transaction(async ({ runs, tx }) => {
      if (result) await uploads.markProcessed(tx, organizationId, result.rowsPerFile);
      await runs.finish(runId, {
        status: 'succeeded',
        steps,
        filesProcessed: result?.rowsPerFile.size ?? 0,
        rowsRead: result?.rowsRead ?? 0,
        rowsLoaded: result?.rowsLoaded ?? 0,
        rowsRejected: 0,
        mode: result?.mode,
        rowsAdded: result?.rowsAdded ?? 0,
        rowsRemoved: result?.rowsDeleted ?? 0,
        rowsReplaced: result?.rowsReplaced ?? 0,
        editsOverwritten: result?.editsOverwritten ?? 0,
        overwritten: result && result.overwritten.length > 0 ? result.overwritten : null,
      });
    });
  }

  /**
   * The run failed and nothing was loaded. Files the problems name are rejected with their first
   * problem (all of them when no problem names a file); a run stopped midway, or failing for a reason
   * of ours, gives its files back to the next run.
   */
  async function failed(
    organizationId: string,
    runId: string,
    steps: PipelineRunStep[],
    files: readonly ClaimedFile[],
    staged: number,
    error: unknown,
    signal: AbortSignal,
  ) {
    const running = steps.find((step) => step.status === 'running');
    if (running) running.status = 'failed';
    let message: string;
    let problems: PipelineProblem[] | null = null;
    const rejected = new Map<string, string>();
    const state = sqlStateOf(error);
    if (signal.aborted) {
      message = pipelineMessages.interrupted;
    } else if (error instanceof PipelineLoadRefused && error.filesWait) {
      // Not the files' fault: they wait for a run that overwrites the Studio edits.
      message = error.message;
      problems = error.problems.slice(0, MAX_RUN_PROBLEMS);
    } else if (error instanceof PipelineLoadRefused) {
      message = error.message;
      problems = error.problems.slice(0, MAX_RUN_PROBLEMS);
      for (const problem of problems) {
        const file = files.find((candidate) => candidate.name === problem.file);
        if (file && !rejected.has(file.id)) rejected.set(file.id, problem.problem);
      }
      if (rejected.size === 0) for (const file of files) rejected.set(file.id, message);
    } else if (state.code?.startsWith('22') || state.code?.startsWith('23')) {
      // A value or a row the database refused: the files' fault, in the database's own words.
      message = pipelineMessages.rowRefused(String((error as Error).message));
      problems = [{ problem: message }];
      for (const file of files) rejected.set(file.id, message);
    } else {
      logger.error({ err: error, runId, organizationId }, 'pipeline run failed');
      message = pipelineMessages.runFailed;
    }
    await transaction(async ({ runs, tx }) => {
      await uploads.markRejected(tx, organizationId, rejected);
      await uploads.releaseClaimed(tx, organizationId, runId);
      await runs.finish(runId, {
        status: 'failed',
        steps,
        filesProcessed: 0,
        rowsRead: staged,
        rowsLoaded: 0,
        rowsRejected: rejected.size > 0 ? staged : 0,
        error: message,
        problems,
      });
    });
  }

  /** The run's process died: failed with the reason, its files wait for the next run. */
  async function runAbandoned(payload: PipelineRunPayload): Promise<void> {
    await transaction(async ({ runs, tx }) => {
      await runs.failUnfinished(payload.organizationId, payload.runId, pipelineMessages.interrupted);
      await uploads.releaseClaimed(tx, payload.organizationId, payload.runId);
    });
  }

  /** One run of the organization with its steps and problems; another organization's run is not found. */
  async function getRun(organizationId: string, runId: string): Promise<PipelineRunDetail> {
    const row = await repo.findRun(organizationId, runId);
    if (!row) throw notFound(pipelineMessages.runNotFound);
    return {
      ...toRun(row),
      steps: row.steps as PipelineRunStep[],
      problems: (row.problems as PipelineProblem[] | null) ?? [],
      overwritten: (row.overwritten as string[] | null) ?? [],
    };
  }

  /**
   * Undo this load: the warehouse as it was before the run (ledger-undo.ts), the run marked undone and the
   * undo in the audit trail. 409 naming what later work touched, or when there is nothing (more) to undo.
   */
  async function undoRun(caller: Principal, runId: string): Promise<PipelineRunDetail> {
    const organizationId = caller.role === 'admin' ? await repo.organizationOfRun(runId) : caller.organizationId;
    const run = organizationId ? await repo.findRun(organizationId, runId) : undefined;
    if (!organizationId || !run) throw notFound(pipelineMessages.runNotFound);
    if (run.undoneAt) throw new AppError(409, 'ALREADY_UNDONE', pipelineMessages.undoAlreadyDone);
    if (run.status !== 'succeeded') throw new AppError(409, 'NOTHING_TO_UNDO', pipelineMessages.undoNothing);
    const actor = (await repo.nameOfUser(caller.id)) ?? caller.email;
    await undoLoadOfRun(loader.undo, organizationId, runId, actor);
    await transaction(async ({ runs, tx }) => {
      await runs.markUndone(organizationId, runId, caller.id);
      await audit.record(
        {
          actor: caller,
          action: 'pipeline_run.undo',
          entityType: 'pipeline_run',
          entityId: runId,
          organizationId,
          before: {
            status: run.status,
            rowsAdded: run.rowsAdded,
            rowsRemoved: run.rowsRemoved,
            rowsReplaced: run.rowsReplaced,
          },
          after: { undone: true },
        },
        tx,
      );
    });
    return getRun(organizationId, runId);
  }

  /**
   * Run Pipeline: one pipeline by name, the GL Detail ones, or every one with files waiting, queued in
   * dependency order (periods, accounts, then the others) under the organization's group key. A pipeline
   * already queued answers its waiting run. No run id: nothing was pending.
   */
  async function queueRuns(
    organizationId: string,
    selection: RunSelection,
    userId: string | null,
  ): Promise<{ runIds: string[] }> {
    let candidates = await pipelinesOf(organizationId);
    if (selection.pipelineName) {
      const name = selection.pipelineName.toLowerCase();
      candidates = candidates.filter((pipeline) => pipeline.name.toLowerCase() === name);
      if (candidates.length === 0) throw notFound(pipelineMessages.pipelineNotFound);
    }
    if (selection.isGlDetail !== undefined)
      candidates = candidates.filter((pipeline) => isGlDetail(pipeline.targetTable) === selection.isGlDetail);
    // In dependency order already (pipelinesOf).
    const pending = candidates.filter((pipeline) => pipeline.pendingFiles > 0);
    if (pending.length === 0) return { runIds: [] };
    const queued = await queueDurableRuns(jobs, {
      queue: PIPELINE_RUN_QUEUE,
      // Two clicks at once queue one run per pipeline: the check and the insert run under the
      // organization's lock.
      insert: () =>
        transaction(async ({ runs }) => {
          await runs.lockQueue(organizationId);
          const inserted: { runId: string; isNew: boolean }[] = [];
          for (const pipeline of pending) {
            const waiting = await runs.queuedRun(organizationId, pipeline.pipelineId);
            const runId =
              waiting ??
              (await runs.insertRun({
                organizationId,
                pipelineId: pipeline.pipelineId,
                pipelineName: pipeline.name,
                runBy: userId,
                steps: pendingSteps(),
                mode: selection.mode,
                overwriteEdits: selection.overwriteEdits,
              }));
            inserted.push({ runId, isNew: !waiting });
          }
          return inserted;
        }),
      job: ({ runId }) => ({
        payload: { organizationId, runId } satisfies PipelineRunPayload,
        groupKey: organizationId,
      }),
      fail: ({ runId }) => repo.failUnfinished(organizationId, runId, pipelineMessages.runFailed),
      notQueued: (error) => internalError('RUN_NOT_QUEUED', pipelineMessages.runFailed, error),
    });
    return { runIds: queued.map((run) => run.runId) };
  }

  return {
    /** The queue of pipeline runs: app.ts registers these on the job runner. */
    jobHandlers: {
      queue: PIPELINE_RUN_QUEUE,
      work: runPipeline,
      abandoned: runAbandoned,
    } satisfies QueueHandlers<PipelineRunPayload>,

    listAvailablePipelines: (organizationId: string): Promise<AvailablePipeline[]> =>
      orFail(pipelineMessages.fetchAvailableFailed, async () => (await pipelinesOf(organizationId)).map(toAvailable)),

    /** Run Pipeline (see queueRuns above): the runs queued, none when nothing was pending. */
    queueRuns: (
      organizationId: string,
      selection: RunSelection,
      userId: string | null,
    ): Promise<{ runIds: string[] }> =>
      orFail(pipelineMessages.runFailed, () => queueRuns(organizationId, selection, userId)),

    listRuns: (
      organizationId: string,
      filters: PipelineRunFilters,
    ): Promise<{ runs: PipelineRun[]; pagination: Pagination }> =>
      orFail(pipelineMessages.fetchRunsFailed, async () => {
        const { rows, total } = await repo.listRuns(organizationId, filters);
        return { runs: rows.map(toRun), pagination: paginationOf(filters, total) };
      }),

    /** What replacing the periods of a data type's table would remove, by origin (asked before the replace). */
    previewReplace: (organizationId: string, dataTypeId: string, periods: readonly string[]) =>
      orFail(pipelineMessages.fetchAvailableFailed, async () => {
        const type = (await pipelinesOf(organizationId)).find((pipeline) => pipeline.dataTypeId === dataTypeId);
        if (!type) throw notFound(pipelineMessages.pipelineNotFound);
        if (!type.periodBased)
          throw new AppError(400, 'REPLACE_PERIODS_INVALID', pipelineMessages.replacePeriodsNeedsPeriods);
        const removes = await loader.previewReplace(organizationId, type.targetTable as WarehouseTable, periods);
        return {
          periods: [...periods],
          removes,
          rows: removes.reduce((sum, origin) => sum + origin.rows, 0),
          edited: removes.reduce((sum, origin) => sum + origin.edited, 0),
        };
      }),

    /** Undo this load (`POST /pipeline/runs/{runId}/undo`): administrators any run, a user their organization's. */
    undoRun: (caller: Principal, runId: string) => orFail(pipelineMessages.runFailed, () => undoRun(caller, runId)),

    getRun: (organizationId: string, runId: string) =>
      orFail(pipelineMessages.fetchRunsFailed, () => getRun(organizationId, runId)),

    /**
     * A run by its id alone (`GET /pipeline/runs/{runId}`): administrators open any run, a user the runs
     * of their own organization; any other run answers exactly as a missing one.
     */
    getRunFor: (caller: Principal, runId: string) =>
      orFail(pipelineMessages.fetchRunsFailed, async () => {
        const organizationId = caller.role === 'admin' ? await repo.organizationOfRun(runId) : caller.organizationId;
        if (!organizationId) throw notFound(pipelineMessages.runNotFound);
        return getRun(organizationId, runId);
      }),
  };
}

function failure(steps: PipelineRunStep[], error: string) {
  return {
    status: 'failed' as const,
    steps,
    filesProcessed: 0,
    rowsRead: 0,
    rowsLoaded: 0,
    rowsRejected: 0,
    error,
  };
}
