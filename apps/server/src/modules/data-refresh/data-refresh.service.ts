import type { FastifyBaseLogger } from 'fastify';
import {
  BUILTIN_REFRESH_NAME,
  dataRefreshMessages,
  type RefreshedDataset,
  type RefreshLog,
} from '@finboard/shared/data-refresh';
import { isPowerbiType, type Dashboard } from '@finboard/shared/dashboards';
import { powerbiMessages } from '@finboard/shared/powerbi';
import type { Transaction } from '../../db/transaction.ts';
import { AppError, internalError, notFound } from '../../errors.ts';
import type { JobContext, JobRunner, QueueHandlers } from '../../platform/jobs/job-runner.ts';
import { queueDurableRuns } from '../../platform/jobs/queue-durable-run.ts';
import { PowerbiError, type PowerbiClient } from '../../platform/powerbi/powerbi-client.ts';
import type { Principal } from '../../principal.ts';
import type { DashboardsService } from '../dashboards/dashboards.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { DataRefreshRepository, RefreshLogRow } from './data-refresh.repository.ts';

/** The job queue of dataset refreshes. */
export const DATASET_REFRESH_QUEUE = 'dataset-refresh';

export interface DatasetRefreshPayload {
  organizationId: string;
  logId: string;
}

/** What the reports module offers (h/reports): the built-in statements' monthly aggregates, rebuilt. */
export interface AggregatesRefresher {
  refreshAggregates(organizationId: string): Promise<{ refreshedAt: string; rows: number }>;
}

export interface DataRefreshSettings {
  /** How often a running Power BI refresh's history is read. */
  pollMs: number;
  /** A Power BI refresh still unfinished this long after it started is failed. */
  timeoutMinutes: number;
}

/** The built-in dashboards carry a template and no Power BI ids (issue 11 §1). */
const isBuiltin = (entry: Dashboard) => !isPowerbiType(entry.type);

/** A failure the log shows as it is (the others are logged and shown as the spec's message). */
class RefreshFailure extends Error {}

export type DataRefreshService = ReturnType<typeof createDataRefreshService>;

/**
 * Dataset refresh (issue 11 §3). Every refresh asked for is a log row and a durable job: a Power BI dataset's
 * job starts Power BI's refresh and reads its history, again in a delayed follow-up job until it is Completed
 * or Failed; the built-in dashboards' job rebuilds the organization's aggregates. A job whose process died is resolved at the next
 * start: a Power BI refresh already started is watched again, anything else is failed with the reason.
 */
export function createDataRefreshService(deps: {
  /** The refresh log. */
  logs: DataRefreshRepository;
  /** One transaction with the log bound to it (queueing). */
  transaction: Transaction<{ logs: DataRefreshRepository }>;
  jobs: Pick<JobRunner, 'enqueue'>;
  dashboards: DashboardsService;
  organizations: OrganizationsService;
  /** Undefined when Power BI is not configured: Power BI refreshes fail with the message saying so. */
  powerbi: PowerbiClient | undefined;
  aggregates: AggregatesRefresher | undefined;
  settings: DataRefreshSettings;
  logger: FastifyBaseLogger;
}) {
  const { logs: repo, transaction, jobs, dashboards, organizations, powerbi, aggregates, settings, logger } = deps;

  const seconds = (row: RefreshLogRow) =>
    row.startedAt && row.finishedAt ? (row.finishedAt.getTime() - row.startedAt.getTime()) / 1000 : null;

  const toLog = (row: RefreshLogRow, organizationName: string): RefreshLog => ({
    id: row.id,
    report_name: row.reportName,
    last_refresh_date: (row.finishedAt ?? row.requestedAt).toISOString(),
    duration: seconds(row),
    status: row.status,
    workspace_id: row.workspaceId,
    dataset_id: row.datasetId,
    error_message: row.errorMessage,
    organization_name: organizationName,
    kind: row.kind,
    requested_at: row.requestedAt.toISOString(),
  });

  async function refreshBuiltin(row: RefreshLogRow): Promise<void> {
    if (!aggregates) throw new RefreshFailure(dataRefreshMessages.aggregatesFailed);
    try {
      await aggregates.refreshAggregates(row.organizationId);
    } catch (error) {
      logger.error({ err: error, organizationId: row.organizationId }, 'refreshing the aggregates failed');
      throw new RefreshFailure(dataRefreshMessages.aggregatesFailed);
    }
  }

  /**
   * Starts Power BI's refresh (once: a later job finds its request id) and looks at its history once:
   * 'watching' while Power BI is still at it, and the job's follow-up looks again after `pollMs`. A refresh
   * can take an hour; waiting in a new job each time keeps the workers free for pipeline runs meanwhile.
   */
  async function refreshPowerbi(row: RefreshLogRow, signal: AbortSignal): Promise<'done' | 'watching'> {
    // The refresh log is read by organization users too: it never names server settings.
    if (!powerbi) throw new RefreshFailure(powerbiMessages.notEnabled);
    const workspaceId = row.workspaceId!;
    const datasetId = row.datasetId!;
    let requestId = row.powerbiRequestId;
    if (!requestId) {
      ({ requestId } = await powerbi.startRefresh(workspaceId, datasetId, signal));
      await repo.setPowerbiRequest(row.organizationId, row.id, requestId);
    }
    const history = await powerbi.refreshHistory(workspaceId, datasetId, 20, signal);
    const entry = history.find((candidate) => candidate.requestId === requestId);
    if (entry?.status === 'Completed') return 'done';
    if (entry && entry.status !== 'Unknown')
      throw new RefreshFailure(failureOf(entry.status, entry.serviceExceptionJson));
    const deadline = (row.startedAt?.getTime() ?? Date.now()) + settings.timeoutMinutes * 60_000;
    if (Date.now() > deadline) throw new RefreshFailure(dataRefreshMessages.timedOut(settings.timeoutMinutes));
    return 'watching';
  }

  /** The job: one log, start to end, or one look at a Power BI refresh under way. Its outcome is on the log. */
  async function runRefresh(payload: DatasetRefreshPayload, context: JobContext): Promise<void> {
    const { organizationId, logId } = payload;
    const row = await repo.start(organizationId, logId);
    if (!row) return;
    try {
      if (row.kind === 'builtin') await refreshBuiltin(row);
      else if ((await refreshPowerbi(row, context.signal)) === 'watching') {
        await jobs.enqueue(DATASET_REFRESH_QUEUE, payload, { groupKey: groupKeyOf(row), delayMs: settings.pollMs });
        return;
      }
      await repo.finish(organizationId, [logId], { status: 'success' });
    } catch (error) {
      if (context.signal.aborted) {
        // The server is stopping: a Power BI refresh under way is watched again at the next start.
        const current = await repo.find(organizationId, logId);
        if (current?.powerbiRequestId) {
          await jobs.enqueue(DATASET_REFRESH_QUEUE, payload, { groupKey: groupKeyOf(current) });
        } else {
          await repo.finish(organizationId, [logId], {
            status: 'failed',
            errorMessage: dataRefreshMessages.interrupted,
          });
        }
        return;
      }
      await repo.finish(organizationId, [logId], { status: 'failed', errorMessage: messageOf(error, row) });
    }
  }

  function messageOf(error: unknown, row: RefreshLogRow): string {
    if (error instanceof RefreshFailure) return error.message;
    if (error instanceof PowerbiError) {
      // The service's own reason is what an administrator needs; it never holds the secret.
      logger.warn({ status: error.status, reason: error.reason, logId: row.id }, 'Power BI refused a dataset refresh');
      if (error.status === 429)
        return `${dataRefreshMessages.refreshFailed}: Power BI is throttling refreshes (retry after ${error.retryAfterSeconds ?? '?'} seconds)`;
      return `${dataRefreshMessages.refreshFailed}: ${error.message}`;
    }
    logger.error({ err: error, logId: row.id }, 'dataset refresh failed');
    return dataRefreshMessages.refreshFailed;
  }

  /** The refresh's process died: a Power BI refresh already started is watched again, the rest fails. */
  async function refreshAbandoned(payload: DatasetRefreshPayload): Promise<void> {
    const row = await repo.find(payload.organizationId, payload.logId);
    if (!row || row.status === 'success' || row.status === 'failed') return;
    if (row.kind === 'powerbi' && row.powerbiRequestId) {
      await jobs.enqueue(DATASET_REFRESH_QUEUE, payload, { groupKey: groupKeyOf(row) });
      return;
    }
    await repo.finish(payload.organizationId, [payload.logId], {
      status: 'failed',
      errorMessage: dataRefreshMessages.interrupted,
    });
  }

  interface Wanted {
    kind: 'builtin' | 'powerbi';
    reportName: string;
    workspaceId: string | null;
    datasetId: string | null;
  }

  /**
   * One log and job per refresh wanted; one still unfinished for the same dataset is answered instead of
   * a second (two clicks, two tabs).
   */
  async function queue(organizationId: string, wanted: Wanted[], userId: string): Promise<RefreshLogRow[]> {
    const queued = await queueDurableRuns(jobs, {
      queue: DATASET_REFRESH_QUEUE,
      insert: () =>
        transaction(async ({ logs }) => {
          await logs.lockQueue(organizationId);
          const unfinished = await logs.unfinished(organizationId);
          const result: { row: RefreshLogRow; isNew: boolean }[] = [];
          for (const item of wanted) {
            const waiting = unfinished.find(
              (row) =>
                row.kind === item.kind && row.workspaceId === item.workspaceId && row.datasetId === item.datasetId,
            );
            if (waiting) result.push({ row: waiting, isNew: false });
            else result.push({ row: await logs.insert({ organizationId, ...item, requestedBy: userId }), isNew: true });
          }
          return result;
        }),
      job: ({ row }) => ({
        payload: { organizationId, logId: row.id } satisfies DatasetRefreshPayload,
        groupKey: groupKeyOf(row),
      }),
      fail: ({ row }) =>
        repo.finish(organizationId, [row.id], { status: 'failed', errorMessage: dataRefreshMessages.triggerFailed }),
      notQueued: (error) => internalError('REFRESH_NOT_QUEUED', dataRefreshMessages.triggerFailed, error),
    });
    return queued.map(({ row }) => row);
  }

  /** Unexpected failures answer the spec's message of the operation (details stay in the log). */
  async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw internalError('DATA_REFRESH_FAILED', message, error);
    }
  }

  const noDashboards = () => new AppError(404, 'NO_DASHBOARDS', dataRefreshMessages.noDashboards);

  async function refreshAll(caller: Principal, organizationId: string) {
    const organizationName = await organizations.nameOf(organizationId);
    const entries = await dashboards.listForOrganization(organizationId, caller);
    if (entries.length === 0) throw noDashboards();
    const skipped: RefreshedDataset[] = [];
    const wanted: Wanted[] = [];
    if (entries.some(isBuiltin))
      wanted.push({ kind: 'builtin', reportName: BUILTIN_REFRESH_NAME, workspaceId: null, datasetId: null });
    for (const entry of entries.filter((candidate) => !isBuiltin(candidate))) {
      if (!entry.workspaceId || !entry.datasetId) {
        skipped.push({
          logId: null,
          dashboardName: entry.dashboard,
          duration: null,
          status: 'skipped',
          workspaceId: entry.workspaceId || null,
          datasetId: entry.datasetId || null,
          error: dataRefreshMessages.idsMissing,
        });
        continue;
      }
      // Reports sharing a dataset refresh it once, under the first one's name.
      if (!wanted.some((item) => item.workspaceId === entry.workspaceId && item.datasetId === entry.datasetId))
        wanted.push({
          kind: 'powerbi',
          reportName: entry.dashboard,
          workspaceId: entry.workspaceId,
          datasetId: entry.datasetId,
        });
    }
    if (wanted.length === 0) throw noDashboards();
    const rows = await queue(organizationId, wanted, caller.id);
    const refreshedDatasets: RefreshedDataset[] = [
      ...rows.map((row) => ({
        logId: row.id,
        dashboardName: row.reportName,
        duration: seconds(row),
        status: row.status,
        workspaceId: row.workspaceId,
        datasetId: row.datasetId,
        error: row.errorMessage,
      })),
      ...skipped,
    ];
    return { refreshedDatasets, organizationName };
  }

  async function refreshDataset(
    caller: Principal,
    organizationId: string,
    dataset: { workspaceId: string; datasetId: string; reportName?: string },
  ) {
    const entries = (await dashboards.listForOrganization(organizationId, caller)).filter(
      (entry) => entry.workspaceId === dataset.workspaceId && entry.datasetId === dataset.datasetId,
    );
    if (entries.length === 0) throw notFound(dataRefreshMessages.dashboardNotFound);
    const named = entries.find((entry) => entry.dashboard === dataset.reportName) ?? entries[0]!;
    const [row] = await queue(
      organizationId,
      [
        {
          kind: 'powerbi',
          reportName: named.dashboard,
          workspaceId: dataset.workspaceId,
          datasetId: dataset.datasetId,
        },
      ],
      caller.id,
    );
    return {
      logId: row!.id,
      reportName: row!.reportName,
      duration: seconds(row!),
      success: row!.status !== 'failed',
      status: row!.status,
      error: row!.errorMessage,
    };
  }

  /** Unfinished logs older than the refresh time limit are failed (the spec's safety net; jobs resolve their own). */
  async function failStuck(organizationId: string, dataset?: { workspaceId: string; datasetId: string }) {
    const before = new Date(Date.now() - settings.timeoutMinutes * 60_000);
    const stuck = await repo.unfinished(organizationId, before, dataset);
    return repo.finish(
      organizationId,
      stuck.map((row) => row.id),
      { status: 'failed', errorMessage: dataRefreshMessages.timedOut(settings.timeoutMinutes) },
    );
  }

  return {
    /** The queue of refreshes: app.ts registers these on the job runner. */
    jobHandlers: {
      queue: DATASET_REFRESH_QUEUE,
      work: runRefresh,
      abandoned: refreshAbandoned,
    } satisfies QueueHandlers<DatasetRefreshPayload>,

    refreshAll: (caller: Principal, organizationId: string) =>
      orFail(dataRefreshMessages.refreshAllFailed, () => refreshAll(caller, organizationId)),

    refreshDataset: (
      caller: Principal,
      organizationId: string,
      dataset: { workspaceId: string; datasetId: string; reportName?: string },
    ) => orFail(dataRefreshMessages.triggerFailed, () => refreshDataset(caller, organizationId, dataset)),

    listLogs: (organizationId: string, day?: string): Promise<RefreshLog[]> =>
      orFail(dataRefreshMessages.fetchLogsFailed, async () => {
        const name = await organizations.nameOf(organizationId);
        return (await repo.list(organizationId, day)).map((row) => toLog(row, name));
      }),

    /** A log by its id alone: administrators open any, a user their organization's; others are missing. */
    getLogFor: (caller: Principal, id: string): Promise<RefreshLog> =>
      orFail(dataRefreshMessages.fetchLogsFailed, async () => {
        const organizationId = caller.role === 'admin' ? await repo.organizationOf(id) : caller.organizationId;
        const row = organizationId ? await repo.find(organizationId, id) : undefined;
        if (!row) throw notFound(dataRefreshMessages.logNotFound);
        return toLog(row, await organizations.nameOf(row.organizationId));
      }),

    updateStuckLogs: (organizationId: string, dataset: { workspaceId: string; datasetId: string }) =>
      orFail(dataRefreshMessages.refreshFailed, () => failStuck(organizationId, dataset)),

    autoUpdateStuckLogs: (organizationId: string) =>
      orFail(dataRefreshMessages.refreshFailed, () => failStuck(organizationId)),
  };
}

/** Refreshes of one dataset (or of one organization's aggregates) run one at a time; others side by side. */
function groupKeyOf(row: Pick<RefreshLogRow, 'kind' | 'organizationId' | 'workspaceId' | 'datasetId'>): string {
  return row.kind === 'builtin'
    ? `aggregates:${row.organizationId}`
    : `powerbi-dataset:${row.workspaceId}/${row.datasetId}`;
}

/** Power BI's failure code (serviceExceptionJson) in words. */
function failureOf(status: string, serviceExceptionJson: string | undefined): string {
  let detail = '';
  try {
    const exception = JSON.parse(serviceExceptionJson ?? '{}') as { errorCode?: string; errorDescription?: string };
    detail = [exception.errorCode, exception.errorDescription].filter(Boolean).join(': ');
  } catch {
    detail = serviceExceptionJson ?? '';
  }
  return `${dataRefreshMessages.refreshFailed}: Power BI reported ${status}${detail ? ` (${detail})` : ''}`;
}
