import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const usersRepository = (db: Executor) => ({
  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
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
