import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { FINISHED_SYNC_STATUSES, type AccountingSystem, type SyncStatus } from '@finboard/shared/accounting';
import type { Executor } from '../../db/client.ts';
import { accountingConnections, syncRuns } from '../../db/schema.ts';

export type ConnectionRow = typeof accountingConnections.$inferSelect;
export type SyncRunRow = typeof syncRuns.$inferSelect;

const finished = [...FINISHED_SYNC_STATUSES];

/** Accounting connections and their sync runs, on a database or a transaction (services receive one). */
export type AccountingRepository = ReturnType<typeof accountingRepository>;

/** Accounting connections and their sync runs; every read and change names the organization. */
export const accountingRepository = (db: Executor) => ({
  async connections(organizationId: string, system?: AccountingSystem): Promise<ConnectionRow[]> {
    return db
      .select()
      .from(accountingConnections)
      .where(
        and(
          eq(accountingConnections.organizationId, organizationId),
          system ? eq(accountingConnections.system, system) : undefined,
        ),
      )
      .orderBy(accountingConnections.system);
  },

  async connection(organizationId: string, id: string): Promise<ConnectionRow | undefined> {
    const [row] = await db
      .select()
      .from(accountingConnections)
      .where(and(eq(accountingConnections.organizationId, organizationId), eq(accountingConnections.id, id)))
      .limit(1);
    return row;
  },

  /** The organization a connection belongs to (administrators act on any connection by its id). */
  async organizationOfConnection(id: string): Promise<string | undefined> {
    const [row] = await db
      .select({ organizationId: accountingConnections.organizationId })
      .from(accountingConnections)
      .where(eq(accountingConnections.id, id))
      .limit(1);
    return row?.organizationId;
  },

  /**
   * The organization's connection to the system, created or replaced (a reconnection keeps its id, its runs
   * and its sync position when it is the same company). `seal` seals the credentials for the row's id.
   * With `keepCompany`, a connection to another company stays as it is and nothing is answered; run in a
   * transaction, the row lock makes that check and the change one step.
   */
  async saveConnection(
    organizationId: string,
    system: AccountingSystem,
    values: { externalId: string; companyName: string | null },
    seal: (connectionId: string) => string,
    options: { keepCompany?: boolean } = {},
  ): Promise<ConnectionRow | undefined> {
    const [existing] = await db
      .select()
      .from(accountingConnections)
      .where(and(eq(accountingConnections.organizationId, organizationId), eq(accountingConnections.system, system)))
      .for('update');
    if (existing) {
      const sameCompany = existing.externalId === values.externalId;
      if (!sameCompany && options.keepCompany) return undefined;
      const [row] = await db
        .update(accountingConnections)
        .set({
          ...values,
          status: 'connected',
          message: null,
          credentials: seal(existing.id),
          syncedThrough: sameCompany ? existing.syncedThrough : null,
          updatedAt: sql`now()`,
        })
        .where(eq(accountingConnections.id, existing.id))
        .returning();
      return row!;
    }
    const id = crypto.randomUUID();
    const [row] = await db
      .insert(accountingConnections)
      .values({ id, organizationId, system, status: 'connected', ...values, credentials: seal(id) })
      .returning();
    return row!;
  },

  /** Holds the connection's row until the transaction ends (queueing a sync). */
  async lockConnection(organizationId: string, id: string): Promise<void> {
    await db
      .select({ id: accountingConnections.id })
      .from(accountingConnections)
      .where(and(eq(accountingConnections.organizationId, organizationId), eq(accountingConnections.id, id)))
      .for('update');
  },

  /** Rotated tokens are stored at once: the old refresh token no longer works. */
  async setCredentials(organizationId: string, id: string, credentials: string): Promise<void> {
    await db
      .update(accountingConnections)
      .set({ credentials, updatedAt: sql`now()` })
      .where(and(eq(accountingConnections.organizationId, organizationId), eq(accountingConnections.id, id)));
  },

  async setStatus(
    organizationId: string,
    id: string,
    change: { status: ConnectionRow['status']; message?: string | null; forgetCredentials?: boolean },
  ): Promise<ConnectionRow | undefined> {
    const [row] = await db
      .update(accountingConnections)
      .set({
        status: change.status,
        ...(change.message !== undefined && { message: change.message }),
        ...(change.forgetCredentials && { credentials: null }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(accountingConnections.organizationId, organizationId), eq(accountingConnections.id, id)))
      .returning();
    return row;
  },

  /** A successful sync: when, where the next one starts, and how many rows it wrote. */
  async recordSync(
    organizationId: string,
    id: string,
    outcome: { syncedThrough: string | null; rowsWritten: number },
  ): Promise<void> {
    await db
      .update(accountingConnections)
      .set({
        status: 'connected',
        message: null,
        lastSyncedAt: sql`now()`,
        syncedThrough: outcome.syncedThrough,
        rowsSynced: sql`${accountingConnections.rowsSynced} + ${outcome.rowsWritten}`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(accountingConnections.organizationId, organizationId),
          eq(accountingConnections.id, id),
          // A connection disconnected during the sync stays so.
          eq(accountingConnections.status, 'syncing'),
        ),
      );
  },

  async insertRun(values: typeof syncRuns.$inferInsert): Promise<SyncRunRow> {
    const [row] = await db.insert(syncRuns).values(values).returning();
    return row!;
  },

  async runs(organizationId: string): Promise<SyncRunRow[]> {
    return db
      .select()
      .from(syncRuns)
      .where(eq(syncRuns.organizationId, organizationId))
      .orderBy(desc(syncRuns.queuedAt), desc(syncRuns.id))
      .limit(200);
  },

  async run(organizationId: string, id: string): Promise<SyncRunRow | undefined> {
    const [row] = await db
      .select()
      .from(syncRuns)
      .where(and(eq(syncRuns.organizationId, organizationId), eq(syncRuns.id, id)))
      .limit(1);
    return row;
  },

  /** After an undo: the next sync reads the system's whole ledger again (what the undone sync wrote included). */
  async forgetSyncPosition(organizationId: string, connectionId: string): Promise<void> {
    await db
      .update(accountingConnections)
      .set({ syncedThrough: null, updatedAt: sql`now()` })
      .where(and(eq(accountingConnections.organizationId, organizationId), eq(accountingConnections.id, connectionId)));
  },

  /** The run was undone (once: false when it already was). */
  async markUndone(organizationId: string, id: string, userId: string): Promise<boolean> {
    const rows = await db
      .update(syncRuns)
      .set({ undoneAt: sql`now()`, undoneBy: userId })
      .where(and(eq(syncRuns.organizationId, organizationId), eq(syncRuns.id, id), isNull(syncRuns.undoneAt)))
      .returning({ id: syncRuns.id });
    return rows.length > 0;
  },

  /** Which organization a sync run belongs to (administrators undo any). */
  async organizationOfRun(id: string): Promise<string | undefined> {
    const [row] = await db
      .select({ organizationId: syncRuns.organizationId })
      .from(syncRuns)
      .where(eq(syncRuns.id, id));
    return row?.organizationId;
  },

  /** The connection's run still unfinished, if any. */
  async unfinishedRun(organizationId: string, connectionId: string): Promise<SyncRunRow | undefined> {
    const [row] = await db
      .select()
      .from(syncRuns)
      .where(
        and(
          eq(syncRuns.organizationId, organizationId),
          eq(syncRuns.connectionId, connectionId),
          notInArray(syncRuns.status, finished),
        ),
      )
      .limit(1);
    return row;
  },

  /** Started → in progress; undefined when the run is finished already (resolved while it waited). */
  async startRun(organizationId: string, id: string, message: string): Promise<SyncRunRow | undefined> {
    const [row] = await db
      .update(syncRuns)
      .set({ status: 'in_progress', message, startedAt: sql`coalesce(${syncRuns.startedAt}, now())` })
      .where(
        and(eq(syncRuns.organizationId, organizationId), eq(syncRuns.id, id), notInArray(syncRuns.status, finished)),
      )
      .returning();
    return row;
  },

  /** A state of an unfinished run (in progress, rate limit exceeded, retry) with what it says. */
  async progress(organizationId: string, id: string, status: SyncStatus, message: string): Promise<void> {
    await db
      .update(syncRuns)
      .set({ status, message })
      .where(
        and(eq(syncRuns.organizationId, organizationId), eq(syncRuns.id, id), notInArray(syncRuns.status, finished)),
      );
  },

  /** The run's outcome; false when it had finished already. */
  async finishRun(
    organizationId: string,
    id: string,
    outcome: { status: SyncStatus; message: string; accountsSynced?: number; linesSynced?: number },
  ): Promise<boolean> {
    const rows = await db
      .update(syncRuns)
      .set({ ...outcome, finishedAt: sql`now()` })
      .where(
        and(eq(syncRuns.organizationId, organizationId), eq(syncRuns.id, id), notInArray(syncRuns.status, finished)),
      )
      .returning({ id: syncRuns.id });
    return rows.length > 0;
  },

  /** Connections left "syncing" by runs that are over are set back (a run whose process died). */
  async settleSyncing(organizationId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .update(accountingConnections)
      .set({ status: 'connected', updatedAt: sql`now()` })
      .where(
        and(
          eq(accountingConnections.organizationId, organizationId),
          inArray(accountingConnections.id, ids),
          eq(accountingConnections.status, 'syncing'),
        ),
      );
  },
});
