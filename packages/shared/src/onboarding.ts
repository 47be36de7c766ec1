import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';
import { text } from './validation.ts';

/**
 * Client onboarding (issue 14; spec §1, §2 /org-onboarding, §3 Onboarding, §7 "Onboarding", §8): the
 * organization's storage container with its folders, its warehouse database and its data factory, each
 * a step that can be run again harmlessly and that keeps its state (not started, done, failed).
 */
export const onboardingMessages = {
  // Spec §8, exactly.
  containerFailed: 'Failed to create container',
  databaseFailed: 'Failed to create Database',
  dataFactoryFailed: 'Failed to create Data Factory',
  importFailed: 'Failed to import data factory',
  // The spec asks for success messages that say what was created, without their text.
  containerCreated: (name: string, folders: readonly string[]) =>
    `Container ${name} created with the folders ${folders.join(', ')}`,
  containerExisted: (name: string) =>
    `Container ${name} and its folders already exist: nothing was changed, running the step again is harmless`,
  databaseCreated: (name: string) => `Database ${name} created`,
  databaseExisted: (name: string) =>
    `Database ${name} already exists: nothing was changed, running the step again is harmless`,
  databaseCloned: (name: string, from: string) => `Database ${name} created with the reference data of ${from}`,
  dataFactoryCreated: (name: string, pipelines: number) =>
    `Data factory ${name} created with ${pipelines} pipelines from the standard templates`,
  dataFactoryExisted: (name: string) =>
    `Data factory ${name} already exists: nothing was changed, running the step again is harmless`,
  dataFactoryImported: (name: string, from: string) =>
    `Data factory ${name} imported with the pipelines, data types and column mappings of ${from}`,
  // Ours.
  statusFetched: 'Onboarding status fetched successfully',
  databasesFetched: 'Databases fetched successfully',
  organizationRequired: 'Please select an organization',
  containerNameInvalid:
    'Container name: 3 to 63 lowercase letters, digits and single hyphens, starting and ending with a letter or digit',
  folderNameInvalid: 'Folder name: 1 to 63 lowercase letters, digits, hyphens or underscores',
  foldersRequired: 'At least one folder, each named once',
  databaseNameInvalid: 'Database name: 3 to 50 lowercase letters, digits or underscores, starting with a letter',
  containerTaken: (name: string) => `Container ${name} belongs to another organization`,
  otherContainer: (name: string) => `This organization already has the container ${name}`,
  databaseTaken: (name: string) => `Database ${name} belongs to another organization`,
  otherDatabase: (name: string) => `This organization already has the database ${name}`,
  dataFactoryNameInvalid:
    'Data factory name: 3 to 63 letters, digits and single hyphens, starting and ending with a letter or digit',
  dataFactoryTaken: (name: string) => `Data factory ${name} belongs to another organization`,
  otherDataFactory: (name: string) => `This organization already has the data factory ${name}`,
  cloneSourceMissing: (name: string) => `No database named ${name}`,
  cloneFromItself: 'A database cannot be cloned from itself',
} as const;

export const ONBOARDING_STEPS = ['storage', 'database', 'data-factory'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export const ONBOARDING_STATES = ['not started', 'done', 'failed'] as const;
export type OnboardingState = (typeof ONBOARDING_STATES)[number];

/**
 * The names the onboarding steps propose for an organization, from its name ("Acme Landscaping, Inc." →
 * container `acme-landscaping-inc`, database `acme_landscaping_inc`, data factory `acme-landscaping-inc-adf`),
 * each valid under its step's rules; the administrator may change them.
 */
export function suggestedResourceNames(organizationName: string): {
  containerName: string;
  databaseName: string;
  dataFactoryName: string;
} {
  const words = organizationName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const stem = words.join('-').slice(0, 40).replace(/-+$/, '') || 'organization';
  // A container has at least 3 characters; a database starts with a letter.
  const container = stem.length >= 3 ? stem : `${stem}-files`;
  const database = /^[a-z]/.test(stem) ? stem.replaceAll('-', '_') : `org_${stem.replaceAll('-', '_')}`;
  return {
    containerName: container,
    databaseName: database.length >= 3 ? database : `${database}_books`,
    dataFactoryName: `${stem}-adf`,
  };
}

/** The folders a new container gets unless the form names others (uploads arrive in incoming). */
export const DEFAULT_FOLDERS = ['incoming', 'processed', 'rejected', 'exports'] as const;

const orgID = z.uuid({ error: onboardingMessages.organizationRequired });

/** Azure Blob's container rules, which the local store keeps too so a name works on both. */
export const containerNameSchema = text({ error: onboardingMessages.containerNameInvalid })
  .trim()
  .regex(/^(?=.{3,63}$)[a-z0-9]+(-[a-z0-9]+)*$/, onboardingMessages.containerNameInvalid);

export const folderNameSchema = text({ error: onboardingMessages.folderNameInvalid }).regex(
  /^[a-z0-9][a-z0-9_-]{0,62}$/,
  onboardingMessages.folderNameInvalid,
);

/** A PostgreSQL identifier we never need to quote for a reader, and an Azure SQL database name. */
export const databaseNameSchema = text({ error: onboardingMessages.databaseNameInvalid })
  .trim()
  .regex(/^[a-z][a-z0-9_]{2,49}$/, onboardingMessages.databaseNameInvalid);

export const createContainerRequestSchema = z.object({
  orgID,
  containerJson: z.object({
    containerName: containerNameSchema,
    folders: z
      .array(folderNameSchema, { error: onboardingMessages.foldersRequired })
      .min(1, onboardingMessages.foldersRequired)
      .max(20, onboardingMessages.foldersRequired)
      .refine((folders) => new Set(folders).size === folders.length, onboardingMessages.foldersRequired)
      .default([...DEFAULT_FOLDERS]),
  }),
});
export type CreateContainerRequest = z.input<typeof createContainerRequestSchema>;

export const createContainerResponseSchema = apiSuccessSchema(
  z.object({
    orgID: z.uuid(),
    containerName: z.string(),
    folders: z.array(z.string()),
    /** False when the container and every folder were already there (the step run again). */
    created: z.boolean(),
  }),
);

export const createDatabaseRequestSchema = z.object({
  orgID,
  databaseJson: z.object({
    databaseName: databaseNameSchema,
    /** A name from list-databases: its reference data is copied, never its ledger. */
    cloneFromDatabase: text().trim().max(100).optional(),
  }),
});
export type CreateDatabaseRequest = z.input<typeof createDatabaseRequestSchema>;

/** What a clone copied into the new database (rows or definitions added; existing ones are kept). */
export const clonedReferenceDataSchema = z.object({
  from: z.string(),
  periods: z.number().int(),
  accounts: z.number().int(),
  dataTypes: z.number().int(),
  columnMappings: z.number().int(),
});

export const createDatabaseResponseSchema = apiSuccessSchema(
  z.object({
    orgID: z.uuid(),
    databaseName: z.string(),
    created: z.boolean(),
    cloned: clonedReferenceDataSchema.nullable(),
  }),
);

export const databaseSummarySchema = z.object({
  name: z.string(),
  organizationId: z.uuid(),
  organization: z.string(),
  /** Bytes on disk of its tables and indexes. */
  size: z.number().int(),
  tables: z.number().int(),
  /** When the organization (and with it the warehouse) was created. */
  created: z.iso.datetime(),
});
export type DatabaseSummary = z.infer<typeof databaseSummarySchema>;

export const listDatabasesResponseSchema = apiSuccessSchema(z.object({ databases: z.array(databaseSummarySchema) }));

export const onboardingStatusParamsSchema = z.object({ orgID });

export const onboardingStepStatusSchema = z.object({
  step: z.enum(ONBOARDING_STEPS),
  state: z.enum(ONBOARDING_STATES),
  /** The container, database or data factory name (null until the step has run). */
  resourceName: z.string().nullable(),
  /** Why the last run failed. */
  reason: z.string().nullable(),
  /** When the step last ran. */
  at: z.iso.datetime().nullable(),
});
export type OnboardingStepStatus = z.infer<typeof onboardingStepStatusSchema>;

export const onboardingStatusResponseSchema = apiSuccessSchema(
  z.object({ orgID: z.uuid(), steps: z.array(onboardingStepStatusSchema) }),
);

/** Azure Data Factory's naming rules (letters, digits, single hyphens; 3–63). */
export const dataFactoryNameSchema = text({ error: onboardingMessages.dataFactoryNameInvalid })
  .trim()
  .regex(/^(?=.{3,63}$)[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/, onboardingMessages.dataFactoryNameInvalid);

export const createDataFactoryRequestSchema = z.object({
  orgID,
  dataFactoryJson: z.object({ dataFactoryName: dataFactoryNameSchema }),
});
export type CreateDataFactoryRequest = z.input<typeof createDataFactoryRequestSchema>;

/** Import Data Factory (spec §7): the factory of the organization's database and container. */
export const importDataFactoryRequestSchema = z.object({
  orgID,
  factoryName: dataFactoryNameSchema,
  databaseName: databaseNameSchema,
  containerName: containerNameSchema,
  /** A name from list-databases: that organization's pipeline definitions, data types and column mappings. */
  cloneFromDatabase: text().trim().max(100).optional(),
});
export type ImportDataFactoryRequest = z.input<typeof importDataFactoryRequestSchema>;

export const dataFactoryResponseSchema = apiSuccessSchema(
  z.object({
    orgID: z.uuid(),
    dataFactoryName: z.string(),
    created: z.boolean(),
    /** The organization's pipelines (one per data type), by name. */
    pipelines: z.array(z.string()),
    imported: z.object({ from: z.string(), dataTypes: z.number().int(), columnMappings: z.number().int() }).nullable(),
    /**
     * Only when Azure is configured: the Azure Data Factory made or found under that name, its ADF pipelines
     * (one per pipeline) and the smoke run started on the first one.
     */
    azure: z
      .object({
        factory: z.string(),
        created: z.boolean(),
        pipelines: z.array(z.string()),
        run: z.object({ pipeline: z.string(), runId: z.string() }).nullable(),
      })
      .optional(),
  }),
);
