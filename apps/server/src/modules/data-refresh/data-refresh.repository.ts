import { and, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { refreshLogs } from '../../db/schema.ts';

export type RefreshLogRow = typeof refreshLogs.$inferSelect;
export type NewRefreshLogRow = typeof refreshLogs.$inferInsert;

const UNFINISHED = ['queued', 'running'] as const;

/** The Dataset Refresh Log's rows, on a database or a transaction (services receive one; see app.ts). */
export type DataRefreshRepository = ReturnType<typeof dataRefreshRepository>;

/** The Dataset Refresh Log's rows; every read and change names the organization. */
export const dataRefreshRepository = (db: Executor) => ({
  /** Serializes the queueing of the organization's refreshes until the transaction ends. */
  async lockQueue(organizationId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`data-refresh:${organizationId}`}))`);
  },

  async insert(values: NewRefreshLogRow): Promise<RefreshLogRow> {
    const [row] = await db.insert(refreshLogs).values(values).returning();
    return row!;
  },

  /** Newest first; `day` (YYYY-MM-DD, UTC) keeps the refreshes asked for that day. */
  async list(organizationId: string, day?: string): Promise<RefreshLogRow[]> {
    const range = day
      ? and(
          gte(refreshLogs.requestedAt, sql`${day}::date::timestamptz`),
          lt(refreshLogs.requestedAt, sql`(${day}::date + 1)::timestamptz`),
        )
      : undefined;
    return db
      .select()
      .from(refreshLogs)
      .where(and(eq(refreshLogs.organizationId, organizationId), range))
      .orderBy(desc(refreshLogs.requestedAt), desc(refreshLogs.id))
      .limit(1000);
  },

  async find(organizationId: string, id: string): Promise<RefreshLogRow | undefined> {
    const [row] = await db
      .select()
      .from(refreshLogs)
      .where(and(eq(refreshLogs.organizationId, organizationId), eq(refreshLogs.id, id)))
      .limit(1);
    return row;
  },

  /** The organization a log belongs to (administrators open any log by its id). */
  async organizationOf(id: string): Promise<string | undefined> {
    const [row] = await db
      .select({ organizationId: refreshLogs.organizationId })
      .from(refreshLogs)
      .where(eq(refreshLogs.id, id))
      .limit(1);
    return row?.organizationId;
  },

  /** Queued → running; undefined when the log is finished already (resolved while it waited). */
  async start(organizationId: string, id: string): Promise<RefreshLogRow | undefined> {
    const [row] = await db
      .update(refreshLogs)
      .set({ status: 'running', startedAt: sql`coalesce(${refreshLogs.startedAt}, now())` })
      .where(
        and(
          eq(refreshLogs.organizationId, organizationId),
          eq(refreshLogs.id, id),
          inArray(refreshLogs.status, UNFINISHED),
        ),
      )
      .returning();
    return row;
  },

  async setPowerbiRequest(organizationId: string, id: string, requestId: string): Promise<void> {
    await db
      .update(refreshLogs)
      .set({ powerbiRequestId: requestId })
      .where(and(eq(refreshLogs.organizationId, organizationId), eq(refreshLogs.id, id)));
  },

  /** Finishes an unfinished log (a finished one is never changed again). */
  async finish(
    organizationId: string,
    ids: readonly string[],
    outcome: { status: 'success' | 'failed'; errorMessage?: string | null },
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await db
      .update(refreshLogs)
      .set({
        status: outcome.status,
        errorMessage: outcome.errorMessage ?? null,
        startedAt: sql`coalesce(${refreshLogs.startedAt}, now())`,
        finishedAt: sql`now()`,
      })
      .where(
        and(
          eq(refreshLogs.organizationId, organizationId),
          inArray(refreshLogs.id, [...ids]),
          inArray(refreshLogs.status, UNFINISHED),
        ),
      )
      .returning({ id: refreshLogs.id });
    return rows.length;
  },

  /** Unfinished logs of the organization (asked for before `before`, of one dataset, when named). */
  async unfinished(
    organizationId: string,
    before?: Date,
    dataset?: { workspaceId: string; datasetId: string },
  ): Promise<RefreshLogRow[]> {
    return db
      .select()
      .from(refreshLogs)
      .where(
        and(
          eq(refreshLogs.organizationId, organizationId),
          inArray(refreshLogs.status, UNFINISHED),
          before ? lte(refreshLogs.requestedAt, before) : undefined,
          dataset ? eq(refreshLogs.workspaceId, dataset.workspaceId) : undefined,
          dataset ? eq(refreshLogs.datasetId, dataset.datasetId) : undefined,
        ),
      );
  },
});
