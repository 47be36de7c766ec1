import { and, asc, desc, eq, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { organizationListQuerySchema } from '@finboard/shared/organizations';
import type { Executor } from '../../db/client.ts';
import { likeContaining } from '../../db/like.ts';
import { matchingCount, pageAndTotal } from '../../db/paging.ts';
import { organizations, users } from '../../db/schema.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type NewOrganizationRow = typeof organizations.$inferInsert;
export type OrganizationWithCount = OrganizationRow & { userCount: number };
export type OrganizationListQuery = z.output<typeof organizationListQuerySchema>;

const contains = (column: SQLWrapper, text: string) => sql`${column} ilike ${likeContaining(text)}`;

/** Phones are stored as their ten digits: a typed "(555) 12" looks for "55512". */
const phoneFragment = (text: string) => (/\d/.test(text) ? text.replace(/\D/g, '') : text);

// Counted per organization through users_organization_idx. Read-only: users change in their own module.
const userCounts = (db: Executor) =>
  db
    .select({ userCount: sql<number>`count(*)::int`.as('user_count') })
    .from(users)
    .where(eq(users.organizationId, organizations.id))
    .as('user_counts');

function listConditions(query: OrganizationListQuery): SQL | undefined {
  const search = query.search;
  return and(
    query.name ? contains(organizations.name, query.name) : undefined,
    query.email ? contains(organizations.email, query.email) : undefined,
    query.phone ? contains(organizations.phone, phoneFragment(query.phone)) : undefined,
    query.powerbiEmail ? contains(organizations.powerbiEmail, query.powerbiEmail) : undefined,
    search
      ? or(
          contains(organizations.name, search),
          contains(organizations.email, search),
          contains(organizations.phone, phoneFragment(search)),
          contains(organizations.powerbiEmail, search),
        )
      : undefined,
    query.status === 'all' ? undefined : eq(organizations.isActive, query.status === 'active'),
  );
}

export const organizationsRepository = (db: Executor) => ({
  /** One page with each organization's user count and the filtered total, in one statement. */
  async list(query: OrganizationListQuery): Promise<{ rows: OrganizationWithCount[]; total: number }> {
    const where = listConditions(query);
    const counts = userCounts(db);
    const direction = query.sortOrder === 'desc' ? desc : asc;
    const sortKey: Record<OrganizationListQuery['sortBy'], SQL> = {
      // lower(name) is what organizations_name_unique indexes: a sorted page can walk the index.
      name: sql`lower(${organizations.name})`,
      email: sql`${organizations.email}`,
      phone: sql`${organizations.phone}`,
      powerbiEmail: sql`${organizations.powerbiEmail}`,
      createdAt: sql`${organizations.createdAt}`,
      userCount: sql`${counts.userCount}`,
    };
    const nulls = query.sortBy === 'powerbiEmail' ? sql` nulls last` : sql``;
    const { rows, total } = await pageAndTotal(
      db,
      organizations,
      where,
      db
        .select({
          organization: organizations,
          userCount: counts.userCount,
          total: matchingCount(organizations, where),
        })
        .from(organizations)
        .leftJoinLateral(counts, sql`true`)
        .where(where)
        .orderBy(sql`${direction(sortKey[query.sortBy])}${nulls}`, asc(organizations.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    );
    return { rows: rows.map((row) => ({ ...row.organization, userCount: row.userCount ?? 0 })), total };
  },

  async findById(id: string, forUpdate = false): Promise<OrganizationWithCount | undefined> {
    const counts = userCounts(db);
    const query = db
      .select({ organization: organizations, userCount: counts.userCount })
      .from(organizations)
      .leftJoinLateral(counts, sql`true`)
      .where(eq(organizations.id, id))
      .limit(1);
    const [row] = await (forUpdate ? query.for('update', { of: organizations }) : query);
    return row && { ...row.organization, userCount: row.userCount ?? 0 };
  },

  async exists(id: string): Promise<boolean> {
    const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
    return row !== undefined;
  },

  /** Its base currency, fiscal year start month and overview cards; undefined when there is no such organization. */
  async reportingSettings(id: string) {
    const [row] = await db
      .select({
        baseCurrency: organizations.baseCurrency,
        fiscalYearStartMonth: organizations.fiscalYearStartMonth,
        overviewCards: organizations.overviewCards,
      })
      .from(organizations)
      .where(eq(organizations.id, id));
    return row;
  },

  /** Every organization's id (start-up checks that each has its warehouse). */
  /** Every organization's id, name and creation time, by name. */
  allBrief: () =>
    db
      .select({ id: organizations.id, name: organizations.name, createdAt: organizations.createdAt })
      .from(organizations)
      .orderBy(asc(organizations.name)),

  async allIds(): Promise<string[]> {
    const rows = await db.select({ id: organizations.id }).from(organizations);
    return rows.map((row) => row.id);
  },

  /** Whether another organization already has this name (case-insensitive, as the unique index says). */
  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    const [row] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(
        and(sql`lower(${organizations.name}) = lower(${name})`, exceptId ? ne(organizations.id, exceptId) : undefined),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Inserts unless the name is taken; returns undefined on a clash instead of throwing. */
  async insert(values: NewOrganizationRow): Promise<OrganizationRow | undefined> {
    const [row] = await db.insert(organizations).values(values).onConflictDoNothing().returning();
    return row;
  },

  async update(id: string, values: Partial<Omit<NewOrganizationRow, 'id'>>): Promise<OrganizationRow | undefined> {
    const [row] = await db
      .update(organizations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(organizations.id, id))
      .returning();
    return row;
  },

  /** Ids of the organization's users (read-only), e.g. to end their sessions. */
  async userIds(organizationId: string): Promise<string[]> {
    const rows = await db.select({ id: users.id }).from(users).where(eq(users.organizationId, organizationId));
    return rows.map((row) => row.id);
  },
});
