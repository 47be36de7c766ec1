import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PipelineProblem, PipelineRunFilters, PipelineRunStep } from '@finboard/shared/pipelines';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { likeContaining } from '../../db/like.ts';
import { matchingCount, pageAndTotal } from '../../db/paging.ts';
import { dataTypes, pipelineRuns, pipelines, uploadedFiles, users } from '../../db/schema.ts';

export type PipelineRunRow = typeof pipelineRuns.$inferSelect;

/** A pipeline with its data type, as a run and the list of available pipelines need it. */
export interface PipelineWithType {
  pipelineId: string;
  dataTypeId: string;
  name: string;
  targetTable: string;
  columns: { name: string }[];
  periodBased: boolean;
  pendingFiles: number;
}

export interface ClaimedFile {
  id: string;
  name: string;
  period: string | null;
  rows: number | null;
}

export interface RunOutcome {
  status: 'succeeded' | 'failed';
  steps: PipelineRunStep[];
  filesProcessed: number;
  rowsRead: number;
  rowsLoaded: number;
  rowsRejected: number;
  error?: string | null;
  problems?: PipelineProblem[] | null;
}

const pipelineColumns = {
  pipelineId: pipelines.id,
  dataTypeId: dataTypes.id,
  name: dataTypes.name,
  targetTable: dataTypes.targetTable,
  columns: sql<{ name: string }[]>`${dataTypes.columns}`,
  periodBased: dataTypes.periodBased,
  pendingFiles: sql<number>`(select count(*)::int from ${uploadedFiles} f
    where f.organization_id = ${pipelines.organizationId} and f.data_type_id = ${pipelines.dataTypeId}
      and f.status = 'uploaded')`.mapWith(Number),
};

/**
 * The platform side of pipelines: the pipelines of each data type, their runs, and the status of the
 * uploaded files a run takes. The warehouse side is pipeline-load.ts.
 */
export const pipelinesRepository = (db: Executor) => ({
  /**
   * A pipeline for every data type that lacks one (of one organization, or of all at start-up); how many
   * were added.
   */
  async addMissing(organizationId?: string): Promise<number> {
    const result = await db.execute(sql`
      insert into ${pipelines} (organization_id, data_type_id)
      select d.organization_id, d.id from ${dataTypes} d
      where ${organizationId ? sql`d.organization_id = ${organizationId}` : sql`true`}
      order by d.organization_id, d.id
      on conflict (data_type_id) do nothing
      returning id`);
    return rowsOf(result).length;
  },

  /** The organization's pipelines, in dependency order of their tables (periods, accounts, …), then by name. */
  list(organizationId: string): Promise<PipelineWithType[]> {
    return db
      .select(pipelineColumns)
      .from(pipelines)
      .innerJoin(dataTypes, eq(dataTypes.id, pipelines.dataTypeId))
      .where(eq(pipelines.organizationId, organizationId))
      .orderBy(dataTypes.targetTable, sql`lower(${dataTypes.name})`, dataTypes.id);
  },

  async findByPipelineId(organizationId: string, pipelineId: string): Promise<PipelineWithType | undefined> {
    const [row] = await db
      .select(pipelineColumns)
      .from(pipelines)
      .innerJoin(dataTypes, eq(dataTypes.id, pipelines.dataTypeId))
      .where(and(eq(pipelines.organizationId, organizationId), eq(pipelines.id, pipelineId)));
    return row;
  },

  /** Serializes Run Pipeline within one organization until the transaction ends. */
  async lockQueue(organizationId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`pipeline-queue:${organizationId}`}))`);
  },

  /** A run of this pipeline still waiting for its turn (queueing twice reuses it). */
  async queuedRun(organizationId: string, pipelineId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ id: pipelineRuns.id })
      .from(pipelineRuns)
      .where(
        and(
          eq(pipelineRuns.organizationId, organizationId),
          eq(pipelineRuns.pipelineId, pipelineId),
          eq(pipelineRuns.status, 'queued'),
        ),
      )
      .limit(1);
    return row?.id;
  },

  async insertRun(values: {
    organizationId: string;
    pipelineId: string;
    pipelineName: string;
    runBy: string | null;
    steps: PipelineRunStep[];
  }): Promise<string> {
    // clock_timestamp, not the transaction's now(): runs queued together keep their order in the history.
    const [row] = await db
      .insert(pipelineRuns)
      .values({ ...values, queuedAt: sql`clock_timestamp()` })
      .returning({ id: pipelineRuns.id });
    return row!.id;
  },

  /** queued → running; undefined when the run is not queued any more (finished, failed, or unknown). */
  async start(organizationId: string, runId: string): Promise<PipelineRunRow | undefined> {
    const [row] = await db
      .update(pipelineRuns)
      .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()` })
      .where(
        and(
          eq(pipelineRuns.organizationId, organizationId),
          eq(pipelineRuns.id, runId),
          eq(pipelineRuns.status, 'queued'),
        ),
      )
      .returning();
    return row;
  },

  /** The data type's files waiting for its pipeline become this run's (one statement: no file is taken twice). */
  async claimFiles(organizationId: string, dataTypeId: string, runId: string): Promise<ClaimedFile[]> {
    const result = await db.execute(sql`
      update ${uploadedFiles} set status = 'processing', run_id = ${runId}, error = null
      where organization_id = ${organizationId} and data_type_id = ${dataTypeId} and status = 'uploaded'
      returning id, name, period, rows, uploaded_at`);
    return rowsOf<ClaimedFile & { uploaded_at: string; rows: string | number | null }>(result)
      .toSorted((a, b) => String(a.uploaded_at).localeCompare(String(b.uploaded_at)) || a.id.localeCompare(b.id))
      .map((row) => ({
        id: row.id,
        name: row.name,
        period: row.period,
        rows: row.rows === null ? null : Number(row.rows),
      }));
  },

  /** Progress of a running run; touching heartbeat_at says its worker is alive. */
  async saveProgress(runId: string, steps: PipelineRunStep[] | undefined): Promise<void> {
    await db
      .update(pipelineRuns)
      .set({ heartbeatAt: sql`now()`, ...(steps && { steps }) })
      .where(and(eq(pipelineRuns.id, runId), eq(pipelineRuns.status, 'running')));
  },

  async finish(runId: string, outcome: RunOutcome): Promise<void> {
    await db
      .update(pipelineRuns)
      .set({
        status: outcome.status,
        steps: outcome.steps,
        finishedAt: sql`now()`,
        heartbeatAt: sql`now()`,
        filesProcessed: outcome.filesProcessed,
        rowsRead: outcome.rowsRead,
        rowsLoaded: outcome.rowsLoaded,
        rowsRejected: outcome.rowsRejected,
        error: outcome.error ?? null,
        problems: outcome.problems ?? null,
      })
      .where(eq(pipelineRuns.id, runId));
  },

  /** A run that can never finish (its process died, or it was stopped): failed with the reason. */
  async failUnfinished(organizationId: string, runId: string, error: string): Promise<boolean> {
    const rows = await db
      .update(pipelineRuns)
      .set({ status: 'failed', error, finishedAt: sql`now()` })
      .where(
        and(
          eq(pipelineRuns.organizationId, organizationId),
          eq(pipelineRuns.id, runId),
          inArray(pipelineRuns.status, ['queued', 'running']),
        ),
      )
      .returning({ id: pipelineRuns.id });
    return rows.length > 0;
  },

  async filesProcessed(organizationId: string, rowsPerFile: ReadonlyMap<string, number>): Promise<void> {
    for (const [id, rows] of rowsPerFile)
      await db
        .update(uploadedFiles)
        .set({ status: 'processed', rows, error: null })
        .where(and(eq(uploadedFiles.organizationId, organizationId), eq(uploadedFiles.id, id)));
  },

  async filesRejected(organizationId: string, errors: ReadonlyMap<string, string>): Promise<void> {
    for (const [id, error] of errors)
      await db
        .update(uploadedFiles)
        .set({ status: 'rejected', error })
        .where(and(eq(uploadedFiles.organizationId, organizationId), eq(uploadedFiles.id, id)));
  },

  /** The run's files that it did not finish wait for the next run again. */
  async releaseFiles(organizationId: string, runId: string): Promise<void> {
    await db
      .update(uploadedFiles)
      .set({ status: 'uploaded', runId: null })
      .where(
        and(
          eq(uploadedFiles.organizationId, organizationId),
          eq(uploadedFiles.runId, runId),
          eq(uploadedFiles.status, 'processing'),
        ),
      );
  },

  /** Filter Pipelines: newest first; `from` and `to` are days of queued_at (UTC), both included. */
  async listRuns(
    organizationId: string,
    filters: PipelineRunFilters,
  ): Promise<{ rows: (PipelineRunRow & { runByName: string | null })[]; total: number }> {
    const where = and(
      eq(pipelineRuns.organizationId, organizationId),
      filters.name ? sql`${pipelineRuns.pipelineName} ilike ${likeContaining(filters.name)}` : undefined,
      filters.status ? eq(pipelineRuns.status, filters.status) : undefined,
      filters.from ? sql`${pipelineRuns.queuedAt} >= ${filters.from}::date at time zone 'UTC'` : undefined,
      filters.to ? sql`${pipelineRuns.queuedAt} < (${filters.to}::date + 1) at time zone 'UTC'` : undefined,
    );
    const { rows, total } = await pageAndTotal(
      db,
      pipelineRuns,
      where,
      db
        .select({ run: pipelineRuns, runByName: runByName(), total: matchingCount(pipelineRuns, where) })
        .from(pipelineRuns)
        .leftJoin(users, eq(users.id, pipelineRuns.runBy))
        .where(where)
        .orderBy(desc(pipelineRuns.queuedAt), desc(pipelineRuns.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
    );
    return { rows: rows.map((row) => ({ ...row.run, runByName: row.runByName })), total };
  },

  /** A run of the organization (another organization's id finds nothing, as an unknown one). */
  async findRun(
    organizationId: string,
    runId: string,
  ): Promise<(PipelineRunRow & { runByName: string | null }) | undefined> {
    const [row] = await db
      .select({ run: pipelineRuns, runByName: runByName() })
      .from(pipelineRuns)
      .leftJoin(users, eq(users.id, pipelineRuns.runBy))
      .where(and(eq(pipelineRuns.organizationId, organizationId), eq(pipelineRuns.id, runId)));
    return row && { ...row.run, runByName: row.runByName };
  },

  /** Which organization a run belongs to (administrators open any run by its id). */
  async organizationOfRun(runId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ organizationId: pipelineRuns.organizationId })
      .from(pipelineRuns)
      .where(eq(pipelineRuns.id, runId));
    return row?.organizationId;
  },
});

const runByName = (): SQL<string | null> =>
  sql<string | null>`nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), '')`;
