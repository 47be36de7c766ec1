import type { FastifyBaseLogger } from 'fastify';
import type { SavedColumnLayout } from '@finboard/shared/column-mapping';
import {
  ONBOARDING_STEPS,
  onboardingMessages,
  type DatabaseSummary,
  type OnboardingStepStatus,
} from '@finboard/shared/onboarding';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { ensureContainer, type ContainerStore } from '../../platform/storage/containers.ts';
import { isWarehouseSchemaName } from '../../warehouse/identifiers.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { Principal } from '../auth/principal.ts';
import type { DataTypesService } from '../data-types/data-types.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { onboardingRepository } from './onboarding.repository.ts';

export type OnboardingService = ReturnType<typeof createOnboardingService>;

/** A step that failed on the store or the database: the spec's message, the cause kept for the log. */
const stepFailed = (code: string, message: string, cause: unknown) =>
  Object.assign(new AppError(502, code, message), { cause });

/** The failure as the step's state shows it to administrators (short, one line). */
const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);

/**
 * Client onboarding (issue 14): each step makes its resource or finds it made, records its state, and
 * leaves nothing half-made when it fails. Steps are run by administrators only (the routes say so).
 */
export function createOnboardingService(deps: {
  db: Database;
  containers: ContainerStore;
  warehouse: WarehouseService;
  organizations: OrganizationsService;
  dataTypes: DataTypesService;
  logger: FastifyBaseLogger;
}) {
  const { db, containers, warehouse, organizations, dataTypes, logger } = deps;
  const repo = onboardingRepository(db);

  /** Refuses a resource another organization holds, or a second one for this organization. */
  async function assertResourceFree(
    organizationId: string,
    step: 'storage' | 'database',
    name: string,
    field: string,
  ): Promise<boolean> {
    const current = await repo.find(organizationId, step);
    const ownName = current?.state === 'done' ? current.resourceName : undefined;
    if (ownName !== undefined && ownName !== name) {
      const message = step === 'storage' ? onboardingMessages.otherContainer : onboardingMessages.otherDatabase;
      throw conflict('ONBOARDING_OTHER_RESOURCE', message(ownName), field);
    }
    const holder = await repo.holderOf(step, name);
    if (holder !== undefined && holder !== organizationId) {
      const message = step === 'storage' ? onboardingMessages.containerTaken : onboardingMessages.databaseTaken;
      throw conflict('ONBOARDING_RESOURCE_TAKEN', message(name), field);
    }
    return ownName !== undefined;
  }

  /** The organization a database name stands for: a registered name, or a warehouse's own schema name. */
  async function organizationOfDatabase(name: string): Promise<string | undefined> {
    const registered = await repo.holderOf('database', name);
    if (registered) return registered;
    if (!isWarehouseSchemaName(name)) return undefined;
    const all = await organizations.listBrief();
    return all.find((organization) => warehouse.schemaOf(organization.id) === name)?.id;
  }

  /**
   * The source's data types (its own ones created, the standard ones' column mappings merged) and then
   * its periods and accounts, into the target. When a part fails, the data type changes are undone
   * (the warehouse copy is one transaction and is the last part), so nothing of the clone is left.
   */
  async function cloneReferenceData(actor: Principal, fromId: string, toId: string) {
    const undo: (() => Promise<void>)[] = [];
    let dataTypesAdded = 0;
    let columnMappings = 0;
    try {
      const targetTypes = await dataTypes.listAll(toId);
      for (const source of await dataTypes.listAll(fromId)) {
        let target = targetTypes.find((type) =>
          source.isStandard
            ? type.isStandard && type.targetTable === source.targetTable && type.name === source.name
            : type.name.toLowerCase() === source.name.toLowerCase(),
        );
        if (!target && !source.isStandard) {
          target = await dataTypes.create(actor, toId, {
            name: source.name,
            description: source.description,
            targetTable: source.targetTable,
            columns: source.columns.map((column) => ({ ...column, format: column.format })),
            delimiter: source.delimiter,
            periodBased: source.periodBased,
          });
          const created = target;
          undo.push(() => dataTypes.remove(actor, toId, created.id));
          dataTypesAdded += 1;
        }
        if (!target || source.columnMappings.length === 0) continue;
        const before: SavedColumnLayout[] = target.columnMappings;
        const known = new Set(before.map((layout) => JSON.stringify(layout.header)));
        const missing = source.columnMappings.filter((layout) => !known.has(JSON.stringify(layout.header)));
        if (missing.length === 0) continue;
        const targetId = target.id;
        undo.push(() => dataTypes.restoreColumnMappings(toId, targetId, before));
        // Oldest first, so the source's newest layout ends up first, as it was there.
        for (const layout of missing.toReversed()) {
          await dataTypes.saveColumnMapping(toId, targetId, layout.header, layout.mapping);
          columnMappings += 1;
        }
      }
      const rows = await warehouse.copyReferenceData(fromId, toId);
      return { ...rows, dataTypes: dataTypesAdded, columnMappings };
    } catch (error) {
      for (const step of undo.toReversed()) {
        await step().catch((undoError: unknown) =>
          logger.error({ err: undoError, organizationId: toId }, 'undoing a failed clone failed'),
        );
      }
      throw error;
    }
  }

  return {
    /** Storage: the organization's container with its folders, on the configured store. */
    async createContainer(organizationId: string, containerName: string, folders: readonly string[]) {
      await assertResourceFree(organizationId, 'storage', containerName, 'containerJson.containerName');
      let created: boolean;
      try {
        ({ created } = await ensureContainer(containers, containerName, folders));
      } catch (error) {
        logger.error({ err: error, organizationId, containerName }, 'creating the container failed');
        await repo.recordFailure(organizationId, 'storage', containerName, reasonOf(error));
        throw stepFailed('CONTAINER_FAILED', onboardingMessages.containerFailed, error);
      }
      try {
        await repo.record({
          organizationId,
          step: 'storage',
          state: 'done',
          resourceName: containerName,
          details: { folders, store: containers.kind },
        });
      } catch (error) {
        // Another organization recorded the same name at the same moment: it holds the container.
        if (isUniqueViolation(error, 'onboarding_steps_resource_unique')) {
          throw conflict('ONBOARDING_RESOURCE_TAKEN', onboardingMessages.containerTaken(containerName));
        }
        throw error;
      }
      return {
        data: { orgID: organizationId, containerName, folders: [...folders], created },
        message: created
          ? onboardingMessages.containerCreated(containerName, folders)
          : onboardingMessages.containerExisted(containerName),
      };
    },

    /**
     * Database: the organization's warehouse (its schema, created when missing) registered under
     * `databaseName`; with `cloneFrom`, another warehouse's reference data copied in, never its ledger.
     */
    async createDatabase(actor: Principal, organizationId: string, databaseName: string, cloneFrom?: string) {
      // A schema-like name would be read as another organization's warehouse by a later clone.
      if (isWarehouseSchemaName(databaseName) && databaseName !== warehouse.schemaOf(organizationId)) {
        throw conflict(
          'ONBOARDING_RESOURCE_TAKEN',
          onboardingMessages.databaseTaken(databaseName),
          'databaseJson.databaseName',
        );
      }
      const existed = await assertResourceFree(organizationId, 'database', databaseName, 'databaseJson.databaseName');
      let sourceId: string | undefined;
      if (cloneFrom !== undefined) {
        sourceId = await organizationOfDatabase(cloneFrom);
        if (!sourceId) throw notFound(onboardingMessages.cloneSourceMissing(cloneFrom));
        if (sourceId === organizationId)
          throw badRequest('CLONE_FROM_ITSELF', onboardingMessages.cloneFromItself, [
            { msg: onboardingMessages.cloneFromItself, path: 'databaseJson.cloneFromDatabase' },
          ]);
      }
      let cloned: Awaited<ReturnType<typeof cloneReferenceData>> | undefined;
      try {
        await warehouse.provision(organizationId);
        if (sourceId) cloned = await cloneReferenceData(actor, sourceId, organizationId);
      } catch (error) {
        logger.error({ err: error, organizationId, databaseName }, 'creating the database failed');
        await repo.recordFailure(organizationId, 'database', databaseName, reasonOf(error));
        throw stepFailed('DATABASE_FAILED', onboardingMessages.databaseFailed, error);
      }
      await repo.record({
        organizationId,
        step: 'database',
        state: 'done',
        resourceName: databaseName,
        details: cloneFrom ? { clonedFrom: cloneFrom, ...cloned } : {},
      });
      const added = cloned ? cloned.periods + cloned.accounts + cloned.dataTypes + cloned.columnMappings : 0;
      return {
        data: {
          orgID: organizationId,
          databaseName,
          created: !existed,
          cloned: cloned ? { from: cloneFrom!, ...cloned } : null,
        },
        message:
          existed && added === 0
            ? onboardingMessages.databaseExisted(databaseName)
            : cloned
              ? onboardingMessages.databaseCloned(databaseName, cloneFrom!)
              : onboardingMessages.databaseCreated(databaseName),
      };
    },

    /** Every organization's warehouse: its registered name (else its schema's), size and table count. */
    async listDatabases(): Promise<DatabaseSummary[]> {
      const all = await organizations.listBrief();
      const names = new Map((await repo.doneOf('database')).map((row) => [row.organizationId, row.resourceName]));
      const sizes = await warehouse.sizes(all.map((organization) => organization.id));
      return all.map((organization) => ({
        name: names.get(organization.id) ?? warehouse.schemaOf(organization.id),
        organizationId: organization.id,
        organization: organization.name,
        size: sizes.get(organization.id)?.size ?? 0,
        tables: sizes.get(organization.id)?.tables ?? 0,
        created: organization.createdAt.toISOString(),
      }));
    },

    /** Each step's state, resource and time; a step never run is "not started". */
    async status(organizationId: string): Promise<OnboardingStepStatus[]> {
      const rows = await repo.stepsOf(organizationId);
      return ONBOARDING_STEPS.map((step) => {
        const row = rows.find((candidate) => candidate.step === step);
        return {
          step,
          state: row?.state ?? 'not started',
          resourceName: row?.resourceName ?? null,
          reason: row?.reason ?? null,
          at: row?.updatedAt.toISOString() ?? null,
        };
      });
    },
  };
}
