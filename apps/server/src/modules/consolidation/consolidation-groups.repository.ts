import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { ConsolidationGroup } from '@finboard/shared/consolidation';
import type { Executor } from '../../db/client.ts';
import {
  consolidationGroupMembers,
  consolidationGroups,
  organizations,
  type StoredEliminationRule,
} from '../../db/schema.ts';

/** A group as stored, its members in their order. */
export interface GroupRecord {
  name: string;
  reportingCurrency: string;
  parentOrganizationId: string;
  members: { organizationId: string; entity: string | undefined; ownershipPct: number; joinedPeriod: string }[];
  eliminationRules: StoredEliminationRule[];
}

export type ConsolidationGroupsRepository = ReturnType<typeof consolidationGroupsRepository>;

/** Consolidation groups in the platform database, read with their members' names and base currencies. */
export function consolidationGroupsRepository(db: Executor) {
  async function read(where?: string): Promise<ConsolidationGroup[]> {
    const groups = await db
      .select({
        id: consolidationGroups.id,
        name: consolidationGroups.name,
        reportingCurrency: consolidationGroups.reportingCurrency,
        parentOrganizationId: consolidationGroups.parentOrganizationId,
        parentOrganizationName: organizations.name,
        eliminationRules: consolidationGroups.eliminationRules,
        createdAt: consolidationGroups.createdAt,
        updatedAt: consolidationGroups.updatedAt,
      })
      .from(consolidationGroups)
      .innerJoin(organizations, eq(organizations.id, consolidationGroups.parentOrganizationId))
      .where(where === undefined ? undefined : eq(consolidationGroups.id, where))
      .orderBy(asc(sql`lower(${consolidationGroups.name})`));
    if (groups.length === 0) return [];
    const members = await db
      .select({
        groupId: consolidationGroupMembers.groupId,
        organizationId: consolidationGroupMembers.organizationId,
        organizationName: organizations.name,
        baseCurrency: organizations.baseCurrency,
        entity: consolidationGroupMembers.entity,
        ownershipPct: consolidationGroupMembers.ownershipPct,
        joinedPeriod: consolidationGroupMembers.joinedPeriod,
      })
      .from(consolidationGroupMembers)
      .innerJoin(organizations, eq(organizations.id, consolidationGroupMembers.organizationId))
      .where(
        inArray(
          consolidationGroupMembers.groupId,
          groups.map((group) => group.id),
        ),
      )
      .orderBy(asc(consolidationGroupMembers.position));
    return groups.map((group) => ({
      ...group,
      createdAt: group.createdAt.toISOString(),
      updatedAt: group.updatedAt.toISOString(),
      members: members
        .filter((member) => member.groupId === group.id)
        .map(({ groupId: _groupId, ...member }) => ({
          ...member,
          entity: member.entity === '' ? null : member.entity,
          ownershipPct: Number(member.ownershipPct),
        })),
    }));
  }

  async function writeMembers(groupId: string, record: GroupRecord) {
    await db.delete(consolidationGroupMembers).where(eq(consolidationGroupMembers.groupId, groupId));
    await db.insert(consolidationGroupMembers).values(
      record.members.map((member, position) => ({
        groupId,
        organizationId: member.organizationId,
        entity: member.entity ?? '',
        ownershipPct: String(member.ownershipPct),
        joinedPeriod: member.joinedPeriod,
        position,
      })),
    );
  }

  return {
    list: () => read(),
    get: async (id: string) => (await read(id))[0],
    async create(record: GroupRecord): Promise<string> {
      const [row] = await db
        .insert(consolidationGroups)
        .values({
          name: record.name,
          reportingCurrency: record.reportingCurrency,
          parentOrganizationId: record.parentOrganizationId,
          eliminationRules: record.eliminationRules,
        })
        .returning({ id: consolidationGroups.id });
      await writeMembers(row!.id, record);
      return row!.id;
    },
    async update(id: string, record: GroupRecord): Promise<boolean> {
      const rows = await db
        .update(consolidationGroups)
        .set({
          name: record.name,
          reportingCurrency: record.reportingCurrency,
          parentOrganizationId: record.parentOrganizationId,
          eliminationRules: record.eliminationRules,
          updatedAt: new Date(),
        })
        .where(eq(consolidationGroups.id, id))
        .returning({ id: consolidationGroups.id });
      if (rows.length === 0) return false;
      await writeMembers(id, record);
      return true;
    },
    async delete(id: string): Promise<boolean> {
      const rows = await db
        .delete(consolidationGroups)
        .where(eq(consolidationGroups.id, id))
        .returning({ id: consolidationGroups.id });
      return rows.length > 0;
    },
    /** The groups `organizationId` is the parent of, by name. */
    async ofParent(organizationId: string) {
      return db
        .select({
          id: consolidationGroups.id,
          name: consolidationGroups.name,
          reportingCurrency: consolidationGroups.reportingCurrency,
        })
        .from(consolidationGroups)
        .where(eq(consolidationGroups.parentOrganizationId, organizationId))
        .orderBy(asc(sql`lower(${consolidationGroups.name})`));
    },
    /** The organizations of `ids` that exist, with their names. */
    async organizationsNamed(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}
