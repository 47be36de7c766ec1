import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organizations, userDashboards, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** A user with what every response shows beside the row: the organization's name and the dashboards granted. */
export type UserProfileRow = UserRow & { organizationName: string | null; dashboards: string[] };
/** A user as sign-in needs it: with whether their organization is active. */
export type AccountRow = UserRow & { organizationActive: boolean | null };

// Read-only joins for display and sign-in; organizations are changed only through their own module.
const profileColumns = {
  organizationName: organizations.name,
  dashboards: sql<
    string[]
  >`coalesce((select array_agg(${userDashboards.dashboardId}::text order by ${userDashboards.dashboardId}) from ${userDashboards} where ${userDashboards.userId} = ${users.id}), '{}')`,
};

export const usersRepository = (db: Executor) => ({
  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  async findAccountByEmail(email: string): Promise<AccountRow | undefined> {
    const [row] = await db
      .select({ user: users, organizationActive: organizations.isActive })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.email, email))
      .limit(1);
    return row && { ...row.user, organizationActive: row.organizationActive };
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

  async update(id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  },
});
