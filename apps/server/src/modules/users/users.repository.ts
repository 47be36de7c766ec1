import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { userListQuerySchema } from '@finboard/shared/users';
import type { Executor } from '../../db/client.ts';
import { likeContaining } from '../../db/like.ts';
import { matchingCount, pageAndTotal } from '../../db/paging.ts';
import { dashboards, organizations, userDashboards, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** A user with what every response shows beside the row: the organization's name and the dashboards granted (a chosen list). */
export type UserProfileRow = UserRow & { organizationName: string | null; dashboards: string[] };
/** A user as sign-in needs it: with whether their organization is active, and the profile it answers. */
export type AccountRow = UserProfileRow & { organizationActive: boolean | null };

/** The list filters after parsing (defaults applied). */
export type UserListFilter = z.output<typeof userListQuerySchema>;

// Read-only joins and look-ups for display, sign-in and the checks of Add / Edit User; organizations and
// dashboards are changed only through their own modules. Which dashboards a user may see is the users module's.
const profileColumns = {
  organizationName: organizations.name,
  dashboards: sql<
    string[]
  >`coalesce((select array_agg(${userDashboards.dashboardId}::text order by ${userDashboards.dashboardId}) from ${userDashboards} where ${userDashboards.userId} = ${users.id}), '{}')`,
};

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

function listConditions(filter: UserListFilter): SQL | undefined {
  return and(
    filter.name ? ilike(fullName, likeContaining(filter.name)) : undefined,
    filter.email ? ilike(users.email, likeContaining(filter.email)) : undefined,
    filter.organization_id ? eq(users.organizationId, filter.organization_id) : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.status === 'all' ? undefined : eq(users.isActive, filter.status === 'active'),
  );
}

function listOrder(filter: UserListFilter): SQL[] {
  const direction = filter.sortOrder === 'desc' ? desc : asc;
  const byName = direction(sql`lower(${fullName})`);
  const primary: Record<UserListFilter['sortBy'], SQL[]> = {
    name: [byName],
    email: [direction(users.email)],
    role: [direction(users.role), byName],
    // Platform administrators have no organization: they come last either way.
    organizationName: [
      sql`lower(${organizations.name}) ${filter.sortOrder === 'desc' ? sql`desc` : sql`asc`} nulls last`,
      byName,
    ],
    createdAt: [direction(users.createdAt)],
  };
  // The id settles ties, so paging never shows a user twice or skips one; in the same direction, so the
  // name order can be read backwards from users_full_name_idx.
  return [...primary[filter.sortBy], direction(users.id)];
}

export const usersRepository = (db: Executor) => ({
  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  async findAccountByEmail(email: string): Promise<AccountRow | undefined> {
    const [row] = await db
      .select({ user: users, organizationActive: organizations.isActive, ...profileColumns })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.email, email))
      .limit(1);
    return (
      row && {
        ...row.user,
        organizationActive: row.organizationActive,
        organizationName: row.organizationName,
        dashboards: row.dashboards,
      }
    );
  },

  async findProfile(id: string): Promise<UserProfileRow | undefined> {
    const [row] = await db
      .select({ user: users, ...profileColumns })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.id, id))
      .limit(1);
    return row && { ...row.user, organizationName: row.organizationName, dashboards: row.dashboards };
  },

  /** One page of users and the number matching the filter, in one statement. */
  async list(filter: UserListFilter): Promise<{ rows: UserProfileRow[]; total: number }> {
    const where = listConditions(filter);
    const { rows, total } = await pageAndTotal(
      db,
      users,
      where,
      db
        .select({ user: users, ...profileColumns, total: matchingCount(users, where) })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(where)
        .orderBy(...listOrder(filter))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize),
    );
    return {
      rows: rows.map((row) => ({ ...row.user, organizationName: row.organizationName, dashboards: row.dashboards })),
      total,
    };
  },

  async findOrganization(id: string): Promise<{ id: string; name: string; isActive: boolean } | undefined> {
    const [row] = await db
      .select({ id: organizations.id, name: organizations.name, isActive: organizations.isActive })
      .from(organizations)
      .where(eq(organizations.id, id))
      .limit(1);
    return row;
  },

  /** Of the given dashboard ids, those that belong to the organization. */
  async dashboardIdsInOrganization(organizationId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: dashboards.id })
      .from(dashboards)
      .where(and(eq(dashboards.organizationId, organizationId), inArray(dashboards.id, ids)));
    return rows.map((row) => row.id);
  },

  async replaceDashboards(userId: string, dashboardIds: string[]): Promise<void> {
    await db.delete(userDashboards).where(eq(userDashboards.userId, userId));
    if (dashboardIds.length > 0) {
      await db.insert(userDashboards).values(dashboardIds.map((dashboardId) => ({ userId, dashboardId })));
    }
  },

  async countAdmins(): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, 'admin'));
    return row?.count ?? 0;
  },

  async listActiveAdminEmails(): Promise<string[]> {
    const rows = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    return rows.map((row) => row.email);
  },

  /** Inserts unless the e-mail is taken; returns undefined on a clash instead of throwing. */
  async insert(values: NewUserRow): Promise<UserRow | undefined> {
    const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
    return row;
  },

  /**
   * Uses up the temporary password whose hash is `passwordHash`, in one statement: of sign-ins that
   * arrive together, exactly one finds it unused. False when it was used, or replaced since it was checked.
   */
  async consumeTemporaryPassword(id: string, passwordHash: string): Promise<boolean> {
    const now = new Date();
    const rows = await db
      .update(users)
      .set({ temporaryPasswordUsedAt: now, updatedAt: now })
      .where(
        and(
          eq(users.id, id),
          eq(users.passwordHash, passwordHash),
          isNotNull(users.temporaryPasswordIssuedAt),
          isNull(users.temporaryPasswordUsedAt),
        ),
      )
      .returning({ id: users.id });
    return rows.length === 1;
  },

  async update(id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  },
});
