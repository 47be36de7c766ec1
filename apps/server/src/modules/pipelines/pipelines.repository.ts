import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LoadMode, PipelineProblem, PipelineRunFilters, PipelineRunStep } from '@finboard/shared/pipelines';
import type { Executor } from '../../db/client.ts';
import { likeContaining } from '../../db/like.ts';
import { matchingCount, pageAndTotal } from '../../db/paging.ts';
import { pipelineRuns, pipelines, uploadedFiles, users } from '../../db/schema.ts';

export type PipelineRunRow = typeof pipelineRuns.$inferSelect;

/** A pipeline and the data type whose files it loads. */
export interface PipelineOfType {
  pipelineId: string;
  dataTypeId: string;
}

export interface RunOutcome {
  status: 'succeeded' | 'failed';
  steps: PipelineRunStep[];
  filesProcessed: number;
  rowsRead: number;
  rowsLoaded: number;
  rowsRejected: number;
  /** How the load ran: a file's upload may ask for its periods to be replaced on a run queued to add. */
  mode?: LoadMode;
  rowsAdded?: number;
  rowsRemoved?: number;
  rowsReplaced?: number;
  editsOverwritten?: number;
  overwritten?: string[] | null;
  error?: string | null;
  problems?: PipelineProblem[] | null;
}

/** The pipelines and their runs, on a database or a transaction (services receive one; see app.ts). */
export type PipelinesRepository = ReturnType<typeof pipelinesRepository>;

/** A run as the history shows it: with who ran it and who undid it. */
export type NamedRunRow = PipelineRunRow & { runByName: string | null; undoneByName: string | null };

/**
 * The platform side of pipelines: the pipeline of each data type and their runs. The data types and the
 * uploaded files are their modules' own (through their services); the warehouse side is ledger-engine.ts.
 */
export const pipelinesRepository = (db: Executor) => ({
  /** A pipeline for each of these data types that lacks one; how many were added. */
  async addFor(dataTypes: readonly { id: string; organizationId: string }[]): Promise<number> {
    let added = 0;
    // In slices: at start-up these are every organization's types, and a statement takes 65,535 parameters.
    for (let start = 0; start < dataTypes.length; start += 1000) {
      const rows = await db
        .insert(pipelines)
        .values(
          dataTypes
            .slice(start, start + 1000)
            .map((type) => ({ organizationId: type.organizationId, dataTypeId: type.id })),
        )
        .onConflictDoNothing({ target: pipelines.dataTypeId })
        .returning({ id: pipelines.id });
      added += rows.length;
    }
    return added;
  },

  /** The organization's pipelines. */
  list(organizationId: string): Promise<PipelineOfType[]> {
    return db
      .select({ pipelineId: pipelines.id, dataTypeId: pipelines.dataTypeId })
      .from(pipelines)
      .where(eq(pipelines.organizationId, organizationId));
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
    mode?: LoadMode;
    overwriteEdits?: boolean;
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
        ...(outcome.mode && { mode: outcome.mode }),
        rowsAdded: outcome.rowsAdded ?? 0,
        rowsRemoved: outcome.rowsRemoved ?? 0,
        rowsReplaced: outcome.rowsReplaced ?? 0,
        editsOverwritten: outcome.editsOverwritten ?? 0,
        overwritten: outcome.overwritten ?? null,
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

  /** Filter Pipelines: newest first; `from` and `to` are days of queued_at (UTC), both included. */
  async listRuns(organizationId: string, filters: PipelineRunFilters): Promise<{ rows: NamedRunRow[]; total: number }> {
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
        .select({
          run: pipelineRuns,
          runByName: runByName(),
          undoneByName: undoneByName(),
          total: matchingCount(pipelineRuns, where),
        })
        .from(pipelineRuns)
        .leftJoin(users, eq(users.id, pipelineRuns.runBy))
        .leftJoin(undoers, eq(undoers.id, pipelineRuns.undoneBy))
        .where(where)
        .orderBy(desc(pipelineRuns.queuedAt), desc(pipelineRuns.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
    );
    return {
      rows: rows.map((row) => ({ ...row.run, runByName: row.runByName, undoneByName: row.undoneByName })),
      total,
    };
  },

  /** A run of the organization (another organization's id finds nothing, as an unknown one). */
  async findRun(organizationId: string, runId: string): Promise<NamedRunRow | undefined> {
    const [row] = await db
      .select({ run: pipelineRuns, runByName: runByName(), undoneByName: undoneByName() })
      .from(pipelineRuns)
      .leftJoin(users, eq(users.id, pipelineRuns.runBy))
      .leftJoin(undoers, eq(undoers.id, pipelineRuns.undoneBy))
      .where(and(eq(pipelineRuns.organizationId, organizationId), eq(pipelineRuns.id, runId)));
    return row && { ...row.run, runByName: row.runByName, undoneByName: row.undoneByName };
  },

  /** A user's name as the lineage and the history show it. */
  async nameOfUser(userId: string): Promise<string | null> {
    const [row] = await db.select({ name: runByName() }).from(users).where(eq(users.id, userId));
    return row?.name ?? null;
  },

  /** The run was undone, and so were the files it loaded (once: false when it already was). */
  async markUndone(organizationId: string, runId: string, userId: string | null): Promise<boolean> {
    const rows = await db
      .update(pipelineRuns)
      .set({ undoneAt: sql`now()`, undoneBy: userId })
      .where(
        and(eq(pipelineRuns.organizationId, organizationId), eq(pipelineRuns.id, runId), isNull(pipelineRuns.undoneAt)),
      )
      .returning({ id: pipelineRuns.id });
    await db
      .update(uploadedFiles)
      .set({ status: 'undone' })
      .where(
        and(
          eq(uploadedFiles.organizationId, organizationId),
          eq(uploadedFiles.runId, runId),
          eq(uploadedFiles.status, 'processed'),
        ),
      );
    return rows.length > 0;
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
const undoers = alias(users, 'undoers');
const undoneByName = (): SQL<string | null> =>
  sql<string | null>`nullif(concat_ws(' ', ${undoers.firstName}, ${undoers.lastName}), '')`;
