import { and, asc, eq, exists, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dashboards, organizations, userDashboards, users } from '../../db/schema.ts';

export type DashboardRow = typeof dashboards.$inferSelect;
export type NewDashboardRow = typeof dashboards.$inferInsert;

/**
 * The one rule of which dashboards an organization user may see: every dashboard of their own
 * organization, those added later included, unless Edit User restricted them to a chosen list
 * (users.all_dashboards false); then only the dashboards granted in that list.
 */
function visibleTo(db: Executor, userId: string): SQL {
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(users)
        .where(
          and(eq(users.id, userId), eq(users.allDashboards, true), eq(users.organizationId, dashboards.organizationId)),
        ),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(userDashboards)
        .where(and(eq(userDashboards.dashboardId, dashboards.id), eq(userDashboards.userId, userId))),
    ),
  )!;
}

export const dashboardsRepository = (db: Executor) => ({
  /**
   * Serializes changes to one organization's list (positions are read, then written) until the
   * transaction ends. An advisory lock, so the organizations table stays its own module's business.
   */
  async lockOrganizationList(organizationId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`dashboards:${organizationId}`}, 0))`);
  },

  /** The organization's dashboards in order; with `visibleToUser`, only those that user may see. */
  async listByOrganization(organizationId: string, visibleToUser?: string): Promise<DashboardRow[]> {
    return db
      .select()
      .from(dashboards)
      .where(
        and(eq(dashboards.organizationId, organizationId), visibleToUser ? visibleTo(db, visibleToUser) : undefined),
      )
      .orderBy(asc(dashboards.position), asc(dashboards.createdAt), asc(dashboards.id));
  },

  /**
   * Dashboards of one Power BI workspace: of every organization, or of one (and then, with
   * `visibleToUser`, only those that user may see).
   */
  async listByWorkspace(
    workspaceId: string,
    scope: { organizationId?: string; visibleToUser?: string } = {},
  ): Promise<DashboardRow[]> {
    return db
      .select()
      .from(dashboards)
      .where(
        and(
          eq(dashboards.workspaceId, workspaceId),
          scope.organizationId ? eq(dashboards.organizationId, scope.organizationId) : undefined,
          scope.visibleToUser ? visibleTo(db, scope.visibleToUser) : undefined,
        ),
      )
      .orderBy(asc(dashboards.organizationId), asc(dashboards.position), asc(dashboards.id));
  },

  async findInOrganization(organizationId: string, id: string): Promise<DashboardRow | undefined> {
    const [row] = await db
      .select()
      .from(dashboards)
      .where(and(eq(dashboards.organizationId, organizationId), eq(dashboards.id, id)))
      .limit(1);
    return row;
  },

  /** Whether another dashboard of the organization already has this name (case-insensitive). */
  async nameTaken(organizationId: string, name: string, exceptId?: string): Promise<boolean> {
    const [row] = await db
      .select({ id: dashboards.id })
      .from(dashboards)
      .where(
        and(
          eq(dashboards.organizationId, organizationId),
          sql`lower(${dashboards.name}) = lower(${name})`,
          exceptId ? ne(dashboards.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Organizations without a single built-in entry (start-up gives them the six; see the service). */
  async organizationsWithoutBuiltins(): Promise<string[]> {
    const builtin = db
      .select({ one: sql`1` })
      .from(dashboards)
      .where(and(eq(dashboards.organizationId, organizations.id), eq(dashboards.type, 'builtin')));
    const rows = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(not(exists(builtin)))
      .orderBy(asc(organizations.id));
    return rows.map((row) => row.id);
  },

  async nextPosition(organizationId: string): Promise<number> {
    const [row] = await db
      .select({ next: sql<number>`coalesce(max(${dashboards.position}) + 1, 0)::int` })
      .from(dashboards)
      .where(eq(dashboards.organizationId, organizationId));
    return row?.next ?? 0;
  },

  async insert(values: NewDashboardRow[]): Promise<DashboardRow[]> {
    if (values.length === 0) return [];
    return db.insert(dashboards).values(values).returning();
  },

  async update(
    organizationId: string,
    id: string,
    values: Partial<Omit<NewDashboardRow, 'id' | 'organizationId'>>,
  ): Promise<DashboardRow | undefined> {
    const [row] = await db
      .update(dashboards)
      .set(values)
      .where(and(eq(dashboards.organizationId, organizationId), eq(dashboards.id, id)))
      .returning();
    return row;
  },

  async delete(organizationId: string, id: string): Promise<DashboardRow | undefined> {
    const [row] = await db
      .delete(dashboards)
      .where(and(eq(dashboards.organizationId, organizationId), eq(dashboards.id, id)))
      .returning();
    return row;
  },

  /** Sets many positions in one statement; rows of other organizations are never touched. */
  async setPositions(organizationId: string, positions: { id: string; position: number }[]): Promise<void> {
    if (positions.length === 0) return;
    const values = sql.join(
      positions.map(({ id, position }) => sql`(${id}::uuid, ${position}::int)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${dashboards} set position = v.position
      from (values ${values}) as v(id, position)
      where ${dashboards.id} = v.id and ${dashboards.organizationId} = ${organizationId}`);
  },
});
