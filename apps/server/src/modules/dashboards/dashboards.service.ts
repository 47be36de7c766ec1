import {
  BUILTIN_DASHBOARDS,
  dashboardListSchema,
  dashboardMessages,
  parseLegacyDashboards,
  type Dashboard,
  type dashboardInputSchema,
} from '@finboard/shared/dashboards';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, invalidInput, notFound } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Principal } from '../../principal.ts';
import { dashboardsRepository, type DashboardRow } from './dashboards.repository.ts';

/** A dashboard entry once validated (names trimmed, type known). */
export type DashboardFields = z.output<typeof dashboardInputSchema>;

export function toDashboard(row: DashboardRow): Dashboard {
  return {
    id: row.id,
    dashboard: row.name,
    name: row.name,
    url: row.url,
    workspaceId: row.workspaceId,
    datasetId: row.datasetId,
    type: row.type,
    template: row.template,
    position: row.position,
  };
}

const columnsOf = (input: DashboardFields) => ({
  name: input.dashboard,
  url: input.url,
  workspaceId: input.workspaceId,
  datasetId: input.datasetId,
  type: input.type,
  template: input.template,
});

/**
 * Whose visibility filters the list (the rule itself is the repository's `visibleTo`): an organization
 * user's; admins see every dashboard.
 */
const visibleToOf = (viewer: Principal | undefined) => (viewer && viewer.role !== 'admin' ? viewer.id : undefined);

const duplicateName = () => conflict('DUPLICATE_DASHBOARD', dashboardMessages.duplicateName, 'dashboard');

export type DashboardsService = ReturnType<typeof createDashboardsService>;

export function createDashboardsService(deps: { db: Database; audit: AuditService }) {
  const { db, audit } = deps;

  /** Runs a change to one organization's list in a transaction holding that list's lock. */
  const changeList = <T>(organizationId: string, work: (tx: Executor) => Promise<T>) =>
    db
      .transaction(async (tx) => {
        await dashboardsRepository(tx).lockOrganizationList(organizationId);
        return work(tx);
      })
      .catch((error: unknown) => {
        // The unique index is the last word when two admins add the same name at once.
        if (isUniqueViolation(error, 'dashboards_organization_name_unique')) throw duplicateName();
        throw error;
      });

  /**
   * Appends the built-in statements to the organization's list, skipping a name another entry already
   * has (the admin's own entry of that name wins). Returns the names added.
   */
  async function appendBuiltins(actor: Principal | null, organizationId: string, tx: Executor): Promise<string[]> {
    const repo = dashboardsRepository(tx);
    await repo.lockOrganizationList(organizationId);
    const taken = new Set((await repo.listByOrganization(organizationId)).map((row) => row.name.toLowerCase()));
    const first = await repo.nextPosition(organizationId);
    const rows = await repo.insert(
      BUILTIN_DASHBOARDS.filter(({ dashboard }) => !taken.has(dashboard.toLowerCase())).map(
        ({ dashboard, template }, index) => ({
          organizationId,
          ...columnsOf({ dashboard, type: 'builtin', template, url: '', workspaceId: '', datasetId: '' }),
          position: first + index,
        }),
      ),
    );
    if (rows.length > 0) {
      await audit.record(
        {
          actor,
          action: 'dashboards.builtin_added',
          entityType: 'organization',
          entityId: organizationId,
          organizationId,
          after: { dashboards: rows.map((row) => row.name) },
        },
        tx,
      );
    }
    return rows.map((row) => row.name);
  }

  return {
    /** A new organization's built-in statements, in the transaction that creates it. */
    addBuiltins: (actor: Principal, organizationId: string, tx: Executor) => appendBuiltins(actor, organizationId, tx),

    /**
     * Start-up: organizations that have none of the built-in entries yet (created before them) get the
     * six. Idempotent; an organization whose admin removed only some keeps its choice. Returns how many
     * organizations were given them.
     */
    async addBuiltinsWhereMissing(): Promise<number> {
      const ids = await dashboardsRepository(db).organizationsWithoutBuiltins();
      for (const organizationId of ids) {
        await db.transaction(async (tx) => {
          // Checked again under the list's lock: another node may be doing the same at this moment.
          const repo = dashboardsRepository(tx);
          await repo.lockOrganizationList(organizationId);
          if ((await repo.listByOrganization(organizationId)).some((row) => row.type === 'builtin')) return;
          await appendBuiltins(null, organizationId, tx);
        });
      }
      return ids.length;
    },

    /**
     * The legacy form of spec §3 (an array or an escaped JSON string, names falling back to
     * dashboard_name, then name, then 'Unnamed Dashboard'), validated as one list: 400 when it is not.
     */
    parseLegacyList(input: unknown): DashboardFields[] {
      const entries = parseLegacyDashboards(input);
      if (!entries)
        throw badRequest('INVALID_DASHBOARDS', dashboardMessages.invalidList, [
          { msg: dashboardMessages.invalidList, path: 'dashboards' },
        ]);
      const parsed = dashboardListSchema.safeParse(entries);
      if (!parsed.success) throw invalidInput(parsed.error.issues, 'dashboards');
      return parsed.data;
    },

    /**
     * The dashboards of a Power BI workspace the viewer may open, with their organization: an admin's of
     * every organization, a user's of their own organization that they may see (none without one).
     */
    async listOpenableInWorkspace(
      viewer: Principal,
      workspaceId: string,
    ): Promise<(Dashboard & { organizationId: string })[]> {
      if (viewer.role !== 'admin' && !viewer.organizationId) return [];
      const rows = await dashboardsRepository(db).listByWorkspace(
        workspaceId,
        viewer.role === 'admin' ? {} : { organizationId: viewer.organizationId!, visibleToUser: viewer.id },
      );
      return rows.map((row) => ({ ...toDashboard(row), organizationId: row.organizationId }));
    },

    async listForOrganization(organizationId: string, viewer?: Principal, tx: Executor = db): Promise<Dashboard[]> {
      const rows = await dashboardsRepository(tx).listByOrganization(organizationId, visibleToOf(viewer));
      return rows.map(toDashboard);
    },

    /**
     * Makes the organization's list equal to `inputs`, in that order. A dashboard whose name is kept
     * keeps its id, so the users restricted to a list holding it keep seeing it; the others are removed.
     * The caller audits the change as part of its own event.
     */
    async replaceForOrganization(
      organizationId: string,
      inputs: DashboardFields[],
      tx: Executor,
    ): Promise<Dashboard[]> {
      const repo = dashboardsRepository(tx);
      await repo.lockOrganizationList(organizationId);
      const existing = new Map(
        (await repo.listByOrganization(organizationId)).map((row) => [row.name.toLowerCase(), row]),
      );
      const order: string[] = [];
      for (const input of inputs) {
        const match = existing.get(input.dashboard.toLowerCase());
        if (match) {
          existing.delete(input.dashboard.toLowerCase());
          await repo.update(organizationId, match.id, columnsOf(input));
          order.push(match.id);
        } else {
          const [row] = await repo.insert([{ organizationId, ...columnsOf(input), position: order.length }]);
          order.push(row!.id);
        }
      }
      for (const row of existing.values()) await repo.delete(organizationId, row.id);
      await repo.setPositions(
        organizationId,
        order.map((id, position) => ({ id, position })),
      );
      return (await repo.listByOrganization(organizationId)).map(toDashboard);
    },

    /** Add Dashboard: appended at the end of the organization's list. */
    async create(actor: Principal, organizationId: string, fields: DashboardFields): Promise<Dashboard> {
      return changeList(organizationId, async (tx) => {
        const repo = dashboardsRepository(tx);
        if (await repo.nameTaken(organizationId, fields.dashboard)) throw duplicateName();
        const [row] = await repo.insert([
          { organizationId, ...columnsOf(fields), position: await repo.nextPosition(organizationId) },
        ]);
        const dashboard = toDashboard(row!);
        await audit.record(
          {
            actor,
            action: 'dashboard.created',
            entityType: 'dashboard',
            entityId: dashboard.id,
            organizationId,
            after: dashboard,
          },
          tx,
        );
        return dashboard;
      });
    },

    async update(
      actor: Principal,
      organizationId: string,
      dashboardId: string,
      fields: DashboardFields,
    ): Promise<Dashboard> {
      return changeList(organizationId, async (tx) => {
        const repo = dashboardsRepository(tx);
        const before = await repo.findInOrganization(organizationId, dashboardId);
        if (!before) throw notFound(dashboardMessages.notFound);
        if (await repo.nameTaken(organizationId, fields.dashboard, dashboardId)) throw duplicateName();
        const row = await repo.update(organizationId, dashboardId, columnsOf(fields));
        const dashboard = toDashboard(row!);
        await audit.record(
          {
            actor,
            action: 'dashboard.updated',
            entityType: 'dashboard',
            entityId: dashboardId,
            organizationId,
            before: toDashboard(before),
            after: dashboard,
          },
          tx,
        );
        return dashboard;
      });
    },

    async remove(actor: Principal, organizationId: string, dashboardId: string): Promise<void> {
      await changeList(organizationId, async (tx) => {
        const row = await dashboardsRepository(tx).delete(organizationId, dashboardId);
        if (!row) throw notFound(dashboardMessages.notFound);
        await audit.record(
          {
            actor,
            action: 'dashboard.deleted',
            entityType: 'dashboard',
            entityId: dashboardId,
            organizationId,
            before: toDashboard(row),
          },
          tx,
        );
      });
    },

    /**
     * The drawer's drag-and-drop order (spec §4). The dashboards sent take, in the order sent, the
     * positions they held: an admin sends the whole list, a user the ones they see, and dashboards
     * the user cannot see keep their places. Returns the list as the caller sees it.
     */
    async reorder(actor: Principal, organizationId: string, dashboardIds: string[]): Promise<Dashboard[]> {
      return changeList(organizationId, async (tx) => {
        const repo = dashboardsRepository(tx);
        const all = await repo.listByOrganization(organizationId);
        const movable = new Map(
          (visibleToOf(actor) ? await repo.listByOrganization(organizationId, actor.id) : all).map((row) => [
            row.id,
            row,
          ]),
        );
        const unique = new Set(dashboardIds);
        if (unique.size !== dashboardIds.length || dashboardIds.some((id) => !movable.has(id))) {
          throw badRequest('INVALID_ORDER', dashboardMessages.reorderInvalid, [
            { msg: dashboardMessages.reorderInvalid, path: 'dashboardIds' },
          ]);
        }
        const slots = dashboardIds.map((id) => movable.get(id)!.position).sort((a, b) => a - b);
        const moves = dashboardIds
          .map((id, index) => ({ id, position: slots[index]! }))
          .filter(({ id, position }) => movable.get(id)!.position !== position);
        if (moves.length > 0) {
          await repo.setPositions(organizationId, moves);
          const after = await repo.listByOrganization(organizationId);
          await audit.record(
            {
              actor,
              action: 'dashboards.reordered',
              entityType: 'organization',
              entityId: organizationId,
              organizationId,
              before: { dashboardIds: all.map((row) => row.id) },
              after: { dashboardIds: after.map((row) => row.id) },
            },
            tx,
          );
        }
        return (await repo.listByOrganization(organizationId, visibleToOf(actor))).map(toDashboard);
      });
    },
  };
}
