import { and, asc, count, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { PackDelivery, PackRunTrigger } from '@finboard/shared/report-packs';
import type { Executor } from '../../db/client.ts';
import {
  organizations,
  reportPackPeriods,
  reportPackRuns,
  reportPacks,
  reportPackTemplates,
  users,
} from '../../db/schema.ts';

export type TemplateRow = typeof reportPackTemplates.$inferSelect;
export type PackRow = typeof reportPacks.$inferSelect;
export type PackRunRow = typeof reportPackRuns.$inferSelect;
export type PackPeriodRow = typeof reportPackPeriods.$inferSelect;
export type PackFileRecord = PackRunRow['files'][number];

/** Who may receive a pack: the organization's active users, by id. */
export interface RecipientUser {
  id: string;
  email: string;
  name: string;
}

/** The platform rows of report packs: templates, packs, their runs and their periods (commentary, sign-off). */
export const reportPacksRepository = (db: Executor) => ({
  // ---- templates
  listTemplates: async (): Promise<(TemplateRow & { packs: number })[]> => {
    const rows = await db
      .select({ template: reportPackTemplates, packs: count(reportPacks.id) })
      .from(reportPackTemplates)
      .leftJoin(reportPacks, eq(reportPacks.templateId, reportPackTemplates.id))
      .groupBy(reportPackTemplates.id)
      .orderBy(asc(sql`lower(${reportPackTemplates.name})`));
    return rows.map((row) => ({ ...row.template, packs: Number(row.packs) }));
  },
  async findTemplate(id: string): Promise<(TemplateRow & { packs: number }) | undefined> {
    const [row] = await db
      .select({ template: reportPackTemplates, packs: count(reportPacks.id) })
      .from(reportPackTemplates)
      .leftJoin(reportPacks, eq(reportPacks.templateId, reportPackTemplates.id))
      .where(eq(reportPackTemplates.id, id))
      .groupBy(reportPackTemplates.id);
    return row && { ...row.template, packs: Number(row.packs) };
  },
  insertTemplate: async (values: typeof reportPackTemplates.$inferInsert): Promise<TemplateRow> =>
    (await db.insert(reportPackTemplates).values(values).returning())[0]!,
  updateTemplate: async (id: string, values: Partial<typeof reportPackTemplates.$inferInsert>) =>
    (
      await db
        .update(reportPackTemplates)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(reportPackTemplates.id, id))
        .returning()
    )[0],
  deleteTemplate: async (id: string): Promise<boolean> =>
    (
      await db
        .delete(reportPackTemplates)
        .where(eq(reportPackTemplates.id, id))
        .returning({ id: reportPackTemplates.id })
    ).length === 1,

  // ---- packs
  listPacks: (organizationId: string): Promise<PackRow[]> =>
    db
      .select()
      .from(reportPacks)
      .where(eq(reportPacks.organizationId, organizationId))
      .orderBy(asc(sql`lower(${reportPacks.name})`)),
  findPack: async (organizationId: string, id: string): Promise<PackRow | undefined> =>
    (
      await db
        .select()
        .from(reportPacks)
        .where(and(eq(reportPacks.organizationId, organizationId), eq(reportPacks.id, id)))
    )[0],
  /** Locks the pack's row for the rest of the transaction (a save of its pages reads the template once). */
  lockPack: async (organizationId: string, id: string): Promise<PackRow | undefined> =>
    (
      await db
        .select()
        .from(reportPacks)
        .where(and(eq(reportPacks.organizationId, organizationId), eq(reportPacks.id, id)))
        .for('update')
    )[0],
  insertPack: async (values: typeof reportPacks.$inferInsert): Promise<PackRow> =>
    (await db.insert(reportPacks).values(values).returning())[0]!,
  updatePack: async (id: string, values: Partial<typeof reportPacks.$inferInsert>): Promise<PackRow | undefined> =>
    (
      await db
        .update(reportPacks)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(reportPacks.id, id))
        .returning()
    )[0],
  deletePack: async (organizationId: string, id: string): Promise<boolean> =>
    (
      await db
        .delete(reportPacks)
        .where(and(eq(reportPacks.organizationId, organizationId), eq(reportPacks.id, id)))
        .returning({ id: reportPacks.id })
    ).length === 1,
  /** Packs whose monthly schedule is due at `now`, oldest first. */
  duePacks: (now: Date, limit: number): Promise<PackRow[]> =>
    db
      .select()
      .from(reportPacks)
      .where(and(isNotNull(reportPacks.nextRunAt), lte(reportPacks.nextRunAt, now)))
      .orderBy(asc(reportPacks.nextRunAt))
      .limit(limit),
  /**
   * Moves a due pack's schedule on, only if no other process did it first (its `nextRunAt` is still `was`): the
   * one process that moves it queues its run.
   */
  claimDue: async (id: string, was: Date, next: Date | null): Promise<boolean> =>
    (
      await db
        .update(reportPacks)
        .set({ nextRunAt: next })
        .where(and(eq(reportPacks.id, id), eq(reportPacks.nextRunAt, was)))
        .returning({ id: reportPacks.id })
    ).length === 1,
  /** The organization's packs that send when a period's data is loaded. */
  packsSentOnLoad: (organizationId: string): Promise<PackRow[]> =>
    db
      .select()
      .from(reportPacks)
      .where(
        and(
          eq(reportPacks.organizationId, organizationId),
          sql`(${reportPacks.schedule} ->> 'onPeriodLoaded')::boolean`,
        ),
      ),

  // ---- the organization and its users
  organization: async (id: string) =>
    (
      await db
        .select({ id: organizations.id, name: organizations.name, logoKey: organizations.logoKey })
        .from(organizations)
        .where(eq(organizations.id, id))
    )[0],
  /** The organization's active users among `ids`. */
  usersOf: async (organizationId: string, ids: readonly string[]): Promise<RecipientUser[]> => {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), eq(users.isActive, true), inArray(users.id, [...ids])));
    return rows.map((row) => ({ id: row.id, email: row.email, name: `${row.firstName} ${row.lastName}`.trim() }));
  },
  userEmail: async (id: string): Promise<string | undefined> =>
    (await db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email,

  // ---- runs
  /** A manual run: always a new one. */
  insertRun: async (values: typeof reportPackRuns.$inferInsert): Promise<PackRunRow> =>
    (await db.insert(reportPackRuns).values(values).returning())[0]!,
  /** A run the pack sends on its own: none when this pack and period already have one (sent once). */
  insertOwnRun: async (values: typeof reportPackRuns.$inferInsert & { trigger: Exclude<PackRunTrigger, 'manual'> }) =>
    (
      await db
        .insert(reportPackRuns)
        .values(values)
        .onConflictDoNothing({
          target: [reportPackRuns.packId, reportPackRuns.period],
          where: sql`${reportPackRuns.trigger} <> 'manual' and ${reportPackRuns.status} <> 'held'`,
        })
        .returning()
    )[0],
  findRun: async (packId: string, id: string): Promise<PackRunRow | undefined> =>
    (
      await db
        .select()
        .from(reportPackRuns)
        .where(and(eq(reportPackRuns.packId, packId), eq(reportPackRuns.id, id)))
    )[0],
  runById: async (id: string): Promise<PackRunRow | undefined> =>
    (await db.select().from(reportPackRuns).where(eq(reportPackRuns.id, id)))[0],
  listRuns: (packId: string, limit: number): Promise<PackRunRow[]> =>
    db
      .select()
      .from(reportPackRuns)
      .where(eq(reportPackRuns.packId, packId))
      .orderBy(desc(reportPackRuns.queuedAt))
      .limit(limit),
  /** The newest run of each pack. */
  lastRuns: async (packIds: readonly string[]): Promise<Map<string, PackRunRow>> => {
    if (packIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([reportPackRuns.packId])
      .from(reportPackRuns)
      .where(inArray(reportPackRuns.packId, [...packIds]))
      .orderBy(reportPackRuns.packId, desc(reportPackRuns.queuedAt));
    return new Map(rows.map((row) => [row.packId, row]));
  },
  updateRun: async (id: string, values: Partial<typeof reportPackRuns.$inferInsert>) =>
    (await db.update(reportPackRuns).set(values).where(eq(reportPackRuns.id, id)).returning())[0],
  setDeliveries: async (id: string, deliveries: PackDelivery[]) =>
    db.update(reportPackRuns).set({ deliveries }).where(eq(reportPackRuns.id, id)),

  // ---- periods: commentary and sign-off
  findPeriod: async (packId: string, period: string): Promise<PackPeriodRow | undefined> =>
    (
      await db
        .select()
        .from(reportPackPeriods)
        .where(and(eq(reportPackPeriods.packId, packId), eq(reportPackPeriods.period, period)))
    )[0],
  saveCommentary: async (packId: string, period: string, text: string, by: string): Promise<PackPeriodRow> => {
    const values = { commentary: text, commentaryUpdatedAt: new Date(), commentaryUpdatedBy: by };
    return (
      await db
        .insert(reportPackPeriods)
        .values({ packId, period, ...values })
        .onConflictDoUpdate({ target: [reportPackPeriods.packId, reportPackPeriods.period], set: values })
        .returning()
    )[0]!;
  },
  signOff: async (packId: string, period: string, by: string): Promise<PackPeriodRow> => {
    const values = { signedOffBy: by, signedOffAt: new Date() };
    return (
      await db
        .insert(reportPackPeriods)
        .values({ packId, period, ...values })
        .onConflictDoUpdate({ target: [reportPackPeriods.packId, reportPackPeriods.period], set: values })
        .returning()
    )[0]!;
  },
});

export type ReportPacksRepository = ReturnType<typeof reportPacksRepository>;
