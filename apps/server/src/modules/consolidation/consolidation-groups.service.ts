import type { z } from 'zod';
import {
  consolidationMessages as m,
  type ConsolidationGroup,
  type consolidationGroupInputSchema,
} from '@finboard/shared/consolidation';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Transaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Principal } from '../../principal.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ConsolidationGroupsRepository, GroupRecord } from './consolidation-groups.repository.ts';

type GroupInput = z.output<typeof consolidationGroupInputSchema>;
export type ConsolidationGroupsService = ReturnType<typeof createConsolidationGroupsService>;

/** Administrators keep consolidation groups: members, ownership, when each joined, elimination rules. */
export function createConsolidationGroupsService(deps: {
  repository: ConsolidationGroupsRepository;
  transaction: Transaction<{ repository: ConsolidationGroupsRepository }>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { repository, transaction, audit } = deps;

  async function recordOf(input: GroupInput, groups: ConsolidationGroupsRepository): Promise<GroupRecord> {
    const named = await groups.organizationsNamed(input.members.map((member) => member.organizationId));
    if (!named.has(input.parentOrganizationId))
      throw badRequest('INVALID_INPUT', m.parentUnknown, [{ msg: m.parentUnknown, path: 'parentOrganizationId' }]);
    const unknown = input.members.findIndex((member) => !named.has(member.organizationId));
    if (unknown >= 0) {
      const message = m.memberUnknown.replace('{name}', input.members[unknown]!.organizationId);
      throw badRequest('INVALID_INPUT', message, [{ msg: message, path: `members.${unknown}.organizationId` }]);
    }
    return {
      name: input.name,
      reportingCurrency: input.reportingCurrency,
      parentOrganizationId: input.parentOrganizationId,
      members: input.members,
      eliminationRules: input.eliminationRules,
    };
  }

  /** A name another group has: 409, nothing written. */
  async function saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'consolidation_groups_name_unique'))
        throw conflict('NAME_TAKEN', m.nameTaken, 'name');
      throw error;
    }
  }

  async function get(id: string): Promise<ConsolidationGroup> {
    const group = await repository.get(id);
    if (!group) throw notFound(m.notFound);
    return group;
  }

  return {
    list: () => repository.list(),
    get,
    /** The groups an organization is the parent of. */
    ofParent: (organizationId: string) => repository.ofParent(organizationId),
    /** A group's parent organization; undefined when there is no such group. */
    parentOf: async (id: string) => (await repository.get(id))?.parentOrganizationId,
    /** The group for a reader: administrators, and users of its parent organization. */
    async readableBy(id: string, principal: Pick<Principal, 'role' | 'organizationId'>): Promise<ConsolidationGroup> {
      const group = await repository.get(id);
      // Another organization's user learns nothing, not even that the group exists.
      if (!group || (principal.role !== 'admin' && principal.organizationId !== group.parentOrganizationId))
        throw notFound(m.notFound);
      return group;
    },
    async create(input: GroupInput, actor: Principal): Promise<ConsolidationGroup> {
      const id = await saving(() =>
        transaction(async ({ repository: groups, tx: executor }) => {
          const created = await groups.create(await recordOf(input, groups));
          await audit.record(
            {
              actor,
              action: 'consolidation-group.create',
              entityType: 'consolidation_group',
              entityId: created,
              after: input,
            },
            executor,
          );
          return created;
        }),
      );
      return get(id);
    },
    async update(id: string, input: GroupInput, actor: Principal): Promise<ConsolidationGroup> {
      const before = await get(id);
      await saving(() =>
        transaction(async ({ repository: groups, tx: executor }) => {
          if (!(await groups.update(id, await recordOf(input, groups)))) throw notFound(m.notFound);
          await audit.record(
            {
              actor,
              action: 'consolidation-group.update',
              entityType: 'consolidation_group',
              entityId: id,
              before,
              after: input,
            },
            executor,
          );
        }),
      );
      return get(id);
    },
    async delete(id: string, actor: Principal): Promise<void> {
      const before = await get(id);
      await transaction(async ({ repository: groups, tx: executor }) => {
        if (!(await groups.delete(id))) throw notFound(m.notFound);
        await audit.record(
          { actor, action: 'consolidation-group.delete', entityType: 'consolidation_group', entityId: id, before },
          executor,
        );
      });
    },
  };
}
