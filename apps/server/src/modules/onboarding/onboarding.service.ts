import type { FastifyBaseLogger } from 'fastify';
import type { SavedColumnLayout } from '@finboard/shared/column-mapping';
import {
  ONBOARDING_STEPS,
  onboardingMessages,
  type DatabaseSummary,
  type OnboardingStep,
  type OnboardingStepStatus,
} from '@finboard/shared/onboarding';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import type { DataFactoryClient } from '../../platform/azure/data-factory-client.ts';
import { ensureContainer, type ContainerStore } from '../../platform/storage/containers.ts';
import { isWarehouseSchemaName } from '../../warehouse/identifiers.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { Principal } from '../../principal.ts';
import type { DataTypesService } from '../data-types/data-types.service.ts';
import type { PipelinesService } from '../pipelines/pipelines.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { provisionAzureDataFactory } from './azure-data-factory.ts';
import { onboardingRepository } from './onboarding.repository.ts';

export type OnboardingService = ReturnType<typeof createOnboardingService>;

/** A step that failed on the store or the database: the spec's message, the cause kept for the log. */
const stepFailed = (code: string, message: string, cause: unknown) =>
  Object.assign(new AppError(502, code, message), { cause });

const OTHER_RESOURCE = {
  storage: onboardingMessages.otherContainer,
  database: onboardingMessages.otherDatabase,
  'data-factory': onboardingMessages.otherDataFactory,
} as const;
const RESOURCE_TAKEN = {
  storage: onboardingMessages.containerTaken,
  database: onboardingMessages.databaseTaken,
  'data-factory': onboardingMessages.dataFactoryTaken,
} as const;

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
  pipelines: Pick<PipelinesService, 'listAvailablePipelines'>;
  /** Azure Data Factory, when configured: the data factory step also makes the factory there. */
  dataFactories?: Pick<DataFactoryClient, 'ensureFactory' | 'putPipeline' | 'createRun'>;
  logger: FastifyBaseLogger;
}) {
  const { db, containers, warehouse, organizations, dataTypes, pipelines, dataFactories, logger } = deps;
  const repo = onboardingRepository(db);

  /** Refuses a resource another organization holds, or a second one for this organization. */
  async function assertResourceFree(
    organizationId: string,
    step: OnboardingStep,
    name: string,
    field: string,
  ): Promise<boolean> {
    const current = await repo.find(organizationId, step);
    const ownName = current?.state === 'done' ? current.resourceName : undefined;
    if (ownName !== undefined && ownName !== name) {
      throw conflict('ONBOARDING_OTHER_RESOURCE', OTHER_RESOURCE[step](ownName), field);
    }
    const holder = await repo.holderOf(step, name);
    if (holder !== undefined && holder !== organizationId) {
      throw conflict('ONBOARDING_RESOURCE_TAKEN', RESOURCE_TAKEN[step](name), field);
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
   * `work` with a list of undo steps it adds to as it changes things: when it fails, they run newest
   * first (a failing undo is logged, the original error passed on), so nothing of it is left.
   */
  async function withUndo<T>(organizationId: string, work: (undo: (() => Promise<void>)[]) => Promise<T>) {
    const undo: (() => Promise<void>)[] = [];
    try {
      return await work(undo);
    } catch (error) {
      for (const step of undo.toReversed()) {
        await step().catch((undoError: unknown) =>
          logger.error({ err: undoError, organizationId }, 'undoing a failed onboarding step failed'),
        );
      }
      throw error;
    }
  }

  /**
   * The source's data types into the target: its own ones created (each with its pipeline), the saved
   * column mappings merged into the target's types of the same name. Each change adds its undo step.
   */
  async function copyDataTypes(actor: Principal, fromId: string, toId: string, undo: (() => Promise<void>)[]) {
    let dataTypesAdded = 0;
    let columnMappings = 0;
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
    return { dataTypes: dataTypesAdded, columnMappings };
  }

  /**
   * The source's data types (copyDataTypes) and then its periods and accounts, into the target. The
   * warehouse copy is one transaction and the last part, so a failure anywhere leaves nothing of the clone.
   */
  const cloneReferenceData = (actor: Principal, fromId: string, toId: string) =>
    withUndo(toId, async (undo) => {
      const copied = await copyDataTypes(actor, fromId, toId, undo);
      const rows = await warehouse.copyReferenceData(fromId, toId);
      return { ...rows, ...copied };
    });

  /** The organization another organization's database name stands for (404; 400 for the organization itself). */
  async function cloneSource(organizationId: string, name: string, field: string): Promise<string> {
    const sourceId = await organizationOfDatabase(name);
    if (!sourceId) throw notFound(onboardingMessages.cloneSourceMissing(name));
    if (sourceId === organizationId)
      throw badRequest('CLONE_FROM_ITSELF', onboardingMessages.cloneFromItself, [
        { msg: onboardingMessages.cloneFromItself, path: field },
      ]);
    return sourceId;
  }

  /** Refuses a name that is not the organization's own done resource of that step (when it has one). */
  async function assertOwnResource(organizationId: string, step: OnboardingStep, name: string, field: string) {
    const current = await repo.find(organizationId, step);
    if (current?.state === 'done' && current.resourceName !== name)
      throw conflict('ONBOARDING_OTHER_RESOURCE', OTHER_RESOURCE[step](current.resourceName), field);
  }

  /**
   * Data factory: the organization's pipeline set — one pipeline per data type, the standard ones from
   * the templates every organization gets — and, with a source, that organization's own data types
   * (their pipelines) and column mappings. Registered under the factory's name.
   */
  async function dataFactory(
    actor: Principal,
    organizationId: string,
    name: string,
    options: { field: string; failure: { code: string; message: string }; source?: string; sourceField?: string },
  ) {
    const existed = await assertResourceFree(organizationId, 'data-factory', name, options.field);
    const sourceId = options.source
      ? await cloneSource(organizationId, options.source, options.sourceField ?? 'cloneFromDatabase')
      : undefined;
    let imported: { dataTypes: number; columnMappings: number } | undefined;
    let pipelineNames: string[];
    let azure: Awaited<ReturnType<typeof provisionAzureDataFactory>> | undefined;
    try {
      // Idempotent: the standard types (and their pipelines) an organization lacks — every organization
      // gets them when it is created, so this only repairs one that predates them.
      await db.transaction((tx) => dataTypes.seedStandardForOrganization(actor, organizationId, tx));
      ({ imported, pipelineNames, azure } = await withUndo(organizationId, async (undo) => {
        const copied = sourceId ? await copyDataTypes(actor, sourceId, organizationId, undo) : undefined;
        const names = (await pipelines.listAvailablePipelines(organizationId)).map((pipeline) => pipeline.name);
        // Azure last: when it refuses, the undo steps take back what the import added here.
        const made = dataFactories
          ? await provisionAzureDataFactory(dataFactories, organizationId, name, names)
          : undefined;
        return { imported: copied, pipelineNames: names, azure: made };
      }));
    } catch (error) {
      logger.error({ err: error, organizationId, dataFactory: name }, 'creating the data factory failed');
      await repo.recordFailure(organizationId, 'data-factory', name, reasonOf(error));
      throw stepFailed(options.failure.code, options.failure.message, error);
    }
    await repo.record({
      organizationId,
      step: 'data-factory',
      state: 'done',
      resourceName: name,
      details: {
        pipelines: pipelineNames,
        ...(options.source && { importedFrom: options.source, ...imported }),
        ...(azure && { azure: { ...azure, runAt: new Date().toISOString() } }),
      },
    });
    const added = imported ? imported.dataTypes + imported.columnMappings : 0;
    return {
      data: {
        orgID: organizationId,
        dataFactoryName: name,
        created: !existed,
        pipelines: pipelineNames,
        imported: imported ? { from: options.source!, ...imported } : null,
        ...(azure && { azure }),
      },
      message:
        existed && added === 0
          ? onboardingMessages.dataFactoryExisted(name)
          : imported
            ? onboardingMessages.dataFactoryImported(name, options.source!)
            : onboardingMessages.dataFactoryCreated(name, pipelineNames.length),
    };
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
      const sourceId =
        cloneFrom === undefined
          ? undefined
          : await cloneSource(organizationId, cloneFrom, 'databaseJson.cloneFromDatabase');
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

    /** Create Data Factory: the organization's pipeline set from the standard templates. */
    createDataFactory: (actor: Principal, organizationId: string, dataFactoryName: string) =>
      dataFactory(actor, organizationId, dataFactoryName, {
        field: 'dataFactoryJson.dataFactoryName',
        failure: { code: 'DATA_FACTORY_FAILED', message: onboardingMessages.dataFactoryFailed },
      }),

    /**
     * Import Data Factory: the factory of the organization's database and container (their names must be
     * the organization's own when those steps are done), with another organization's pipeline definitions,
     * data types and column mappings when `cloneFromDatabase` names its database.
     */
    async importDataFactory(
      actor: Principal,
      organizationId: string,
      body: { factoryName: string; databaseName: string; containerName: string; cloneFromDatabase?: string },
    ) {
      await assertOwnResource(organizationId, 'storage', body.containerName, 'containerName');
      await assertOwnResource(organizationId, 'database', body.databaseName, 'databaseName');
      return dataFactory(actor, organizationId, body.factoryName, {
        field: 'factoryName',
        failure: { code: 'DATA_FACTORY_IMPORT_FAILED', message: onboardingMessages.importFailed },
        source: body.cloneFromDatabase,
        sourceField: 'cloneFromDatabase',
      });
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
