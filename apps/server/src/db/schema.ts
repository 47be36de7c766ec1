import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  bigint,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACCOUNTING_SYSTEMS, CONNECTION_STATUSES, SYNC_STATUSES } from '@finboard/shared/accounting';
import { DASHBOARD_TYPES } from '@finboard/shared/dashboards';
import { REPORT_TEMPLATES } from '@finboard/shared/reports';
import {
  PACK_RUN_STATUSES,
  PACK_RUN_TRIGGERS,
  type PackDelivery,
  type PackFormat,
  type PackPage,
  type PackSchedule,
} from '@finboard/shared/report-packs';
import type { FinestBalance, KnownCashFlow } from '../warehouse/aggregates.ts';

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    powerbiEmail: text('powerbi_email'),
    address: text('address'),
    description: text('description'),
    /** Storage key of the PNG logo (never a URL given by a client). */
    logoKey: text('logo_key'),
    auditDataMessage: text('audit_data_message'),
    /** ISO 4217 code of the currency its ledger and statements are in (issue 25 §1). */
    baseCurrency: text('base_currency').notNull().default('USD'),
    /** Month (1–12) its fiscal year starts in; null: the start 00_Period implies (issue 25 §1). */
    fiscalYearStartMonth: smallint('fiscal_year_start_month'),
    /** The KPI keys of its Financial Overview's cards, in order (null: the default cards). */
    overviewCards: jsonb('overview_cards').$type<string[]>(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organizations_name_unique').on(sql`lower(${table.name})`),
    check('organizations_base_currency_code', sql`${table.baseCurrency} ~ '^[A-Z]{3}$'`),
    check('organizations_fiscal_year_start_month', sql`${table.fiscalYearStartMonth} between 1 and 12`),
  ],
);

/** Dashboards of an organization, in the order its people see them. */
export const dashboards = pgTable(
  'dashboards',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    workspaceId: text('workspace_id').notNull(),
    datasetId: text('dataset_id').notNull(),
    type: text('type', { enum: DASHBOARD_TYPES }).notNull().default('report'),
    /** The statement of a `builtin` entry (its url, workspaceId and datasetId stay empty); null otherwise. */
    template: text('template', { enum: REPORT_TEMPLATES }),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('dashboards_organization_name_unique').on(table.organizationId, sql`lower(${table.name})`),
    index('dashboards_organization_position_idx').on(table.organizationId, table.position),
    check('dashboards_builtin_template', sql`(${table.type} = 'builtin') = (${table.template} is not null)`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().unique(),
    phoneNumber: text('phone_number'),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    organizationId: uuid('organization_id').references((): AnyPgColumn => organizations.id, {
      onDelete: 'restrict',
    }),
    pipeline: text('pipeline'),
    /**
     * Whether the user sees every dashboard of their organization, those added later included; when
     * false, only those granted in user_dashboards (Edit User's chosen list).
     */
    allDashboards: boolean('all_dashboards').notNull().default(true),
    passwordHash: text('password_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Set when an admin e-mails a temporary password; the first sign-in with it uses it up. */
    temporaryPasswordIssuedAt: timestamp('temporary_password_issued_at', { withTimezone: true }),
    temporaryPasswordUsedAt: timestamp('temporary_password_used_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_organization_idx').on(table.organizationId),
    // The Users table's default order (by full name) reads a page from this index instead of sorting everyone.
    index('users_full_name_idx').on(sql`lower(${table.firstName} || ' ' || ${table.lastName})`, table.id),
  ],
);

/** The dashboards a user restricted to a chosen list may see (users.all_dashboards false). */
export const userDashboards = pgTable(
  'user_dashboards',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dashboardId: uuid('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.dashboardId] })],
);

/** Server-side record of every issued token, so logout and password changes really end sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Forgot-password tokens, stored as SHA-256 hashes; single use. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** 'reset' (forgot password) or 'invite' (set the first password of a user an admin added). */
    purpose: text('purpose', { enum: ['reset', 'invite'] })
      .notNull()
      .default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
});

/**
 * E-mail kept instead of sent because no SMTP server is configured; admins read it on the Outbox page.
 * Its body holds reset links, invitation links and temporary passwords, so it is kept only sealed.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The body `{ text, html? }` as JSON, sealed with AES-256-GCM (platform/mail/outbox-content.ts). */
    content: text('content'),
    /** The body of mail kept before it was sealed: start-up seals it into `content` and clears these. */
    text: text('text'),
    html: text('html'),
    transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
    /** Files the mail carries (a report pack's PDF and workbook), each stored sealed under `storageKey`. */
    attachments: jsonb('attachments').$type<OutboxAttachmentRecord[]>(),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_emails_created_idx').on(table.createdAt)],
);

/** An attachment of an outbox e-mail: what it is, and where its sealed bytes are (platform/crypto/stored-files.ts). */
export interface OutboxAttachmentRecord {
  filename: string;
  contentType: string;
  bytes: number;
  storageKey: string;
  encryption: unknown;
}

/** Who changed what, when, with the state before and after: every admin change writes one. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_events_entity_idx').on(table.entityType, table.entityId),
    index('audit_events_organization_idx').on(table.organizationId, table.createdAt),
  ],
);

/** Data Type Master: the data types an organization's uploads are tagged with (expected columns as JSON). */
export const dataTypes = pgTable(
  'data_types',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** One of the canonical warehouse tables (WAREHOUSE_TABLES of packages/shared). */
    targetTable: text('target_table').notNull(),
    /** [{ name, type, required, format? }], validated by the shared dataTypeColumnsSchema. */
    columns: jsonb('columns').notNull(),
    delimiter: text('delimiter').notNull().default(','),
    periodBased: boolean('period_based').notNull().default(false),
    /** Which standard type this is (seeded for every organization); null for the organization's own. */
    standardKey: text('standard_key'),
    /**
     * Column mappings confirmed at upload (issue 10): [{ header: the file's columns in order, mapping: file
     * column → expected column }], so the next file of the same layout maps itself.
     */
    columnMappings: jsonb('column_mappings')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * Layouts confirmed on uploads of real exports (issue 23): [{ fingerprint of the header, layout }], so
     * the next file of the same shape is read the same way without a question.
     */
    layouts: jsonb('layouts')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('data_types_organization_name_unique').on(table.organizationId, sql`lower(${table.name})`),
    uniqueIndex('data_types_organization_standard_unique')
      .on(table.organizationId, table.standardKey)
      .where(sql`${table.standardKey} is not null`),
  ],
);

/**
 * The warehouse migrations each organization's warehouse has had (apps/server/src/warehouse/migrations):
 * its version is the highest one here. A platform table, not one inside the warehouse schema, where the
 * Data Management Studio would list it. No foreign key: the warehouse layer works by organization id
 * alone (scripts and tests provision warehouses for ids that have no organization row).
 */
export const warehouseMigrations = pgTable(
  'warehouse_migrations',
  {
    organizationId: uuid('organization_id').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.version] })],
);

/**
 * Where an organization's warehouse lives when it is not in the platform database: a database of its own
 * (WAREHOUSE_ISOLATION=database), a shared warehouse database (shared-database: many organizations' schemas), or
 * the database it was moved to (`npm run warehouse:move`), and the server holding it. No row: the warehouse is a
 * schema of the platform database. No foreign key, like warehouse_migrations.
 */
export const warehouseLocations = pgTable('warehouse_locations', {
  organizationId: uuid('organization_id').primaryKey(),
  databaseName: text('database_name').notNull(),
  /** Another PostgreSQL server (host, port, options; no credentials: the platform's are used); null: the platform's. */
  serverUrl: text('server_url'),
  createdAt: createdAt(),
});

/**
 * A file uploaded for an organization (issue 10): stored encrypted at rest under `storage_key`, waiting for
 * its data type's pipeline (status uploaded), being loaded (processing), loaded (processed), refused by a
 * run (rejected, with the reason in `error`) or loaded and then undone with its run (undone).
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dataTypeId: uuid('data_type_id')
      .notNull()
      .references(() => dataTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Bytes of the plain file. */
    size: bigint('size', { mode: 'number' }).notNull(),
    /** SHA-256 of the plain file, hex. */
    sha256: text('sha256').notNull(),
    period: text('period'),
    status: text('status').notNull().default('uploaded'),
    /** Data rows of the file (the header not counted). */
    rows: bigint('rows', { mode: 'number' }),
    error: text('error'),
    /**
     * Where the sealed file is: a platform/storage key, or, with `containerName`, `<folder>/<file id>` in
     * the organization's container (incoming, then processed or rejected once a run settles it).
     */
    storageKey: text('storage_key').notNull(),
    /** The organization's onboarding container holding the file; null for the platform's own storage. */
    containerName: text('container_name'),
    /** How the stored bytes are sealed at rest (the file key wrapped under the server's key, nonce prefix). */
    encryption: jsonb('encryption').notNull(),
    /** File column → expected column, when the file's header was mapped at upload. */
    columnMapping: jsonb('column_mapping'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The run that loaded or refused the file. */
    runId: uuid('run_id'),
    /** An earlier file of the same data type whose rows this one replaces (the run removes exactly those). */
    replacesFileId: uuid('replaces_file_id'),
    /** The file replaces the whole periods it covers (asked for explicitly at upload). */
    replacePeriods: boolean('replace_periods').notNull().default(false),
    /** How the file's rows become canonical rows (a real export's layout, issue 23); null: a plain table. */
    layout: jsonb('layout'),
    /** Accounts the file names that the chart lacked at upload, with the types the user confirmed: the run creates them. */
    newAccounts: jsonb('new_accounts'),
    /**
     * The file is canonical CSV, which a run COPYs as it is: its columns (the data type's, in the file's order)
     * and the fingerprint of the data type it was checked against (`copyReadyFingerprint`); null: a run parses it.
     * `journalsBalanced`: a GL file whose journals all balance, as the upload found, which the run need not check.
     */
    copyReady: jsonb('copy_ready').$type<{
      fingerprint: string;
      columns: string[];
      journalsBalanced?: true;
      /**
       * Its lines were staged as it uploaded (ledger/upload-stages.ts), carrying this load id; `digest`: their
       * month's finest-grain balances and cash flow, as the upload read them (uploads/month-digest.ts).
       */
      staged?: {
        loadId: number;
        digest?: { rows: FinestBalance[]; cash?: KnownCashFlow };
      };
    }>(),
  },
  (table) => [
    index('uploaded_files_organization_idx').on(table.organizationId, table.uploadedAt),
    index('uploaded_files_pending_idx').on(table.organizationId, table.dataTypeId, table.status),
  ],
);

/** One pipeline per data type of an organization: it loads that type's uploaded files into its table. */
export const pipelines = pgTable(
  'pipelines',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dataTypeId: uuid('data_type_id')
      .notNull()
      .references(() => dataTypes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('pipelines_data_type_unique').on(table.dataTypeId)],
);

/**
 * A pipeline run (issue 10): queued, running, succeeded or failed. The pipeline's name is kept with the run
 * so the history still reads after a data type is renamed or removed. `heartbeat_at` is touched while the
 * run works: a run whose heartbeat stopped belongs to a process that died, and is failed at the next start.
 */
export const pipelineRuns = pgTable(
  'pipeline_runs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    pipelineId: uuid('pipeline_id').references(() => pipelines.id, { onDelete: 'set null' }),
    pipelineName: text('pipeline_name').notNull(),
    status: text('status').notNull().default('queued'),
    /** [{ stage: 'stage' | 'validate' | 'load' | 'refresh', status, startedAt?, finishedAt?, done?, total? }] */
    steps: jsonb('steps')
      .notNull()
      .default(sql`'[]'::jsonb`),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    filesProcessed: integer('files_processed').notNull().default(0),
    rowsRead: bigint('rows_read', { mode: 'number' }).notNull().default(0),
    rowsLoaded: bigint('rows_loaded', { mode: 'number' }).notNull().default(0),
    rowsRejected: bigint('rows_rejected', { mode: 'number' }).notNull().default(0),
    runBy: uuid('run_by').references(() => users.id, { onDelete: 'set null' }),
    error: text('error'),
    /** Up to 1,000 problems [{ line?, column?, value?, problem, file? }] when the run failed on the data. */
    problems: jsonb('problems'),
    /** 'add' (the default: a row already in the ledger is refused) or 'replace-periods'. */
    mode: text('mode').notNull().default('add'),
    /** The run may remove or overwrite rows edited in the Studio after loading (and lists them). */
    overwriteEdits: boolean('overwrite_edits').notNull().default(false),
    rowsAdded: bigint('rows_added', { mode: 'number' }).notNull().default(0),
    rowsRemoved: bigint('rows_removed', { mode: 'number' }).notNull().default(0),
    rowsReplaced: bigint('rows_replaced', { mode: 'number' }).notNull().default(0),
    editsOverwritten: bigint('edits_overwritten', { mode: 'number' }).notNull().default(0),
    /** The Studio edits the run overwrote, as people read them ('journal NC-1, line 2'). */
    overwritten: jsonb('overwritten'),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('pipeline_runs_organization_idx').on(table.organizationId, table.queuedAt),
    index('pipeline_runs_status_idx').on(table.status),
  ],
);

/**
 * RSA-OAEP-256 key pairs that browsers wrap upload keys with (platform/crypto/upload-keys.ts). The newest
 * is handed out; older ones stay so that uploads sealed under them still open. Kept in the database so
 * that every API node serves and opens the same keys.
 */
export const uploadKeys = pgTable('upload_keys', {
  /** RFC 7638 thumbprint of the public key. */
  id: text('id').primaryKey(),
  publicJwk: jsonb('public_jwk').notNull(),
  /** PKCS#8 private key sealed with the secret box of purpose 'upload-keys', the id as context. */
  sealedPrivateKey: text('sealed_private_key').notNull(),
  createdAt: createdAt(),
});

/**
 * The job queue (platform/jobs/database-job-runner.ts), on both databases. A job is
 * queued, active (claimed by a worker, which touches `heartbeat_at`), completed or failed. Jobs of one
 * `group_key` (an organization) run one at a time.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull(),
    groupKey: text('group_key'),
    /** Not claimed before this time (a job that waits, e.g. the next look at a Power BI refresh). */
    runAfter: timestamp('run_after', { withTimezone: true }),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    /**
     * Queue order. Not created_at: the embedded database's clock ticks in milliseconds, and the runs a
     * "run all" queues in dependency order often share one (a tie the uuid then broke at random).
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    workerId: text('worker_id'),
    error: text('error'),
  },
  (table) => [
    index('jobs_queue_state_idx').on(table.queue, table.state, table.seq),
    // Two workers claiming at once both see a group as free; this index lets only one of them win.
    uniqueIndex('jobs_one_active_per_group')
      .on(table.groupKey)
      .where(sql`${table.state} = 'active'`),
  ],
);

/**
 * Files being written or used by a request of a live process (platform/storage/file-holds.ts): an upload
 * between its first byte and its `uploaded_files` row, an Import Flat File's sealed copy for the length of the
 * import. A hold is taken before the file's first byte and ended with the file (deleted, or recorded in the
 * same transaction as its row); its process renews it while it lives. A hold not renewed within the jobs'
 * stale period belongs to a process that died: the orphan-file sweep takes it and removes its file.
 */
export const fileHolds = pgTable(
  'file_holds',
  {
    id: id(),
    /** The organization's container holding the file; null for the platform's own storage. */
    containerName: text('container_name'),
    /** The file's key in that storage (its temporary files are `<key>.<pid>.<uuid>.tmp`). */
    storageKey: text('storage_key').notNull(),
    /** The process holding it: `<host>:<pid>:<random>`, new at every start. */
    holder: text('holder').notNull(),
    createdAt: createdAt(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('file_holds_holder_idx').on(table.holder), index('file_holds_renewed_idx').on(table.renewedAt)],
);

/**
 * The Dataset Refresh Log (issue 11 §3): one row per refresh asked for, of a Power BI dataset or of the
 * built-in dashboards' aggregates. Each is worked by a durable job (modules/data-refresh): queued, running,
 * then success or failed; `powerbi_request_id` names Power BI's refresh so a restarted process can resume
 * watching it.
 */
export const refreshLogs = pgTable(
  'refresh_logs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['builtin', 'powerbi'] }).notNull(),
    reportName: text('report_name').notNull(),
    workspaceId: text('workspace_id'),
    datasetId: text('dataset_id'),
    status: text('status', { enum: ['queued', 'running', 'success', 'failed'] })
      .notNull()
      .default('queued'),
    errorMessage: text('error_message'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    powerbiRequestId: text('powerbi_request_id'),
  },
  (table) => [
    index('refresh_logs_organization_idx').on(table.organizationId, table.requestedAt),
    index('refresh_logs_status_idx').on(table.status),
  ],
);

/**
 * Client onboarding (issue 14): the last run of each step per organization. A step without a row has not
 * been started. The resource (container, database) of a done step belongs to that organization alone.
 */
export const onboardingSteps = pgTable(
  'onboarding_steps',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    step: text('step', { enum: ['storage', 'database', 'data-factory'] }).notNull(),
    state: text('state', { enum: ['done', 'failed'] }).notNull(),
    resourceName: text('resource_name').notNull(),
    /** Why the last run failed (null when done). */
    reason: text('reason'),
    /** What the step made: a container's folders, a clone's source. */
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.step] }),
    // Two organizations never share a container or a database.
    uniqueIndex('onboarding_steps_resource_unique')
      .on(table.step, table.resourceName)
      .where(sql`state = 'done'`),
  ],
);

/**
 * An organization's connection to an accounting system (issue 12): one per system. `credentials` is the
 * sealed JSON of its tokens or passwords (SecretBox, context = the row's id), null once disconnected.
 */
export const accountingConnections = pgTable(
  'accounting_connections',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    system: text('system', { enum: ACCOUNTING_SYSTEMS }).notNull(),
    status: text('status', { enum: CONNECTION_STATUSES }).notNull(),
    companyName: text('company_name'),
    /** QuickBooks realm id, Intacct company id, NetSuite account id. */
    externalId: text('external_id').notNull(),
    credentials: text('credentials'),
    message: text('message'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** Where the next sync starts reading changes (the system's own clock), set by each successful sync. */
    syncedThrough: text('synced_through'),
    rowsSynced: integer('rows_synced').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('accounting_connections_organization_system_key').on(table.organizationId, table.system)],
);

/**
 * OAuth `state`s issued by Connect, stored as SHA-256 hashes of their random nonce: a callback consumes its
 * state with one statement (used_at set) before it trades the code, so a state works once.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: id(),
    nonceHash: text('nonce_hash').notNull().unique(),
    /** Which connection flow issued it. */
    purpose: text('purpose', { enum: ['quickbooks'] }).notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The person chose to connect a different company than the connected one. */
    replaceCompany: boolean('replace_company').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('oauth_states_expires_idx').on(table.expiresAt)],
);

/** One sync of a connection (issue 12): a durable job's record, with spec §8's states. */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => accountingConnections.id, { onDelete: 'cascade' }),
    system: text('system', { enum: ACCOUNTING_SYSTEMS }).notNull(),
    status: text('status', { enum: SYNC_STATUSES }).notNull().default('started'),
    message: text('message').notNull(),
    accountsSynced: integer('accounts_synced').notNull().default(0),
    linesSynced: integer('lines_synced').notNull().default(0),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Undo this sync: the warehouse as before it (the ledger engine's undo), by whom and when. */
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('sync_runs_organization_idx').on(table.organizationId, table.queuedAt),
    index('sync_runs_connection_idx').on(table.connectionId),
  ],
);

/**
 * Chat DB conversations (spec §3 chat message): per user and organization (or consolidation group), a user's question, the model's
 * answer (its json: sentence, rows, columns, SQL, chart, semantic query) or a system note. Cleared per user.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').notNull(),
    /** A conversation with a consolidation group (its parent is `organizationId`); none with the organization alone. */
    groupId: uuid('group_id').references(() => consolidationGroups.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['system', 'user', 'model'] }).notNull(),
    text: text('text').notNull(),
    json: jsonb('json'),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_messages_conversation_idx').on(
      table.userId,
      table.organizationId,
      table.conversationId,
      table.createdAt,
    ),
  ],
);

/**
 * Chat DB on PostgreSQL: each organization's read-only LOGIN role and its password, sealed with AES-256-GCM
 * (the organization's id as context), so the server can open that role's own connections after a restart.
 */
export const warehouseReaders = pgTable('warehouse_readers', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  roleName: text('role_name').notNull(),
  passwordSealed: text('password_sealed').notNull(),
  createdAt: createdAt(),
});

/**
 * An organization's statement layout (issue 25 §1): the lines people moved accounts to (`lines`: account code →
 * standard subtype; each move is also written to 01_Account) and the order of the accounts (`account_order`:
 * codes). No row: the default layout, from the accounts' subtypes. Each save adds one to `version` and is
 * recorded in the audit trail; a save read at another version is refused.
 */
export const statementLayouts = pgTable('statement_layouts', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  lines: jsonb('lines').$type<Record<string, string>>().notNull(),
  accountOrder: jsonb('account_order').$type<string[]>().notNull(),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  /** The user's name (or e-mail) as it was when they saved. */
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Report pack templates (issue 27 §1): a pack defined once by an administrator, applied to many organizations.
 * Its pages carry ids, by which a pack made from it overrides one.
 */
export const reportPackTemplates = pgTable(
  'report_pack_templates',
  {
    id: id(),
    name: text('name').notNull(),
    pages: jsonb('pages').$type<PackPage[]>().notNull(),
    formats: jsonb('formats').$type<PackFormat[]>().notNull(),
    colour: text('colour'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('report_pack_templates_name_unique').on(sql`lower(${table.name})`)],
);

/**
 * An organization's report pack. Without a template its pages are `pages`. From a template, the template's
 * pages are followed except those `pages` holds with the same id (overrides) and those `page_layout.hidden`
 * names (removed from this pack); pages of `pages` the template lacks are the pack's own, and
 * `page_layout.order` (ids) places them — null: the template's order, own pages last (pack-pages.ts).
 */
export const reportPacks = pgTable(
  'report_packs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    templateId: uuid('template_id').references(() => reportPackTemplates.id, { onDelete: 'restrict' }),
    pages: jsonb('pages').$type<PackPage[]>().notNull(),
    pageLayout: jsonb('page_layout').$type<{ order: string[] | null; hidden: string[] }>(),
    /** null: the template's formats (a pack made from one) — a pack without a template always has its own. */
    formats: jsonb('formats').$type<PackFormat[]>(),
    colour: text('colour'),
    schedule: jsonb('schedule').$type<PackSchedule>(),
    /** When the monthly schedule is next due: the scheduler claims packs whose time has come. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    /** [{ userId } | { email }] in the order given. */
    recipients: jsonb('recipients')
      .$type<({ userId: string } | { email: string })[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('report_packs_organization_name_unique').on(table.organizationId, sql`lower(${table.name})`),
    index('report_packs_template_idx').on(table.templateId),
    index('report_packs_next_run_idx')
      .on(table.nextRunAt)
      .where(sql`${table.nextRunAt} is not null`),
  ],
);

/**
 * One generation of a pack for a period (a durable job's record): its files, stored sealed, and the delivery to
 * each recipient. A pack is sent on its own (schedule, data loaded) once per period: the unique index (a held
 * run leaves it, so the period is sent once its data is right).
 */
export const reportPackRuns = pgTable(
  'report_pack_runs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    packId: uuid('pack_id')
      .notNull()
      .references(() => reportPacks.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    status: text('status', { enum: PACK_RUN_STATUSES }).notNull().default('queued'),
    trigger: text('trigger', { enum: PACK_RUN_TRIGGERS }).notNull(),
    deliver: boolean('deliver').notNull().default(false),
    progress: smallint('progress').notNull().default(0),
    message: text('message'),
    /** [{ format, bytes, pages, storageKey, encryption }] */
    files: jsonb('files')
      .$type<{ format: PackFormat; bytes: number; pages: number; storageKey: string; encryption: unknown }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    deliveries: jsonb('deliveries')
      .$type<PackDelivery[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('report_pack_runs_pack_idx').on(table.packId, table.queuedAt),
    uniqueIndex('report_pack_runs_sent_once')
      .on(table.packId, table.period)
      .where(sql`${table.trigger} <> 'manual' and ${table.status} <> 'held'`),
  ],
);

/** A pack's commentary for a period (restricted Markdown with {{placeholders}}) and the tie-out's sign-off. */
export const reportPackPeriods = pgTable(
  'report_pack_periods',
  {
    packId: uuid('pack_id')
      .notNull()
      .references(() => reportPacks.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    commentary: text('commentary').notNull().default(''),
    commentaryUpdatedAt: timestamp('commentary_updated_at', { withTimezone: true }),
    commentaryUpdatedBy: text('commentary_updated_by'),
    signedOffBy: text('signed_off_by'),
    signedOffAt: timestamp('signed_off_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.packId, table.period] })],
);

/**
 * Exchange rates (issue 28 §1): a month's average and closing rate of a currency pair, the platform's one table.
 * A rate is how many `to_currency` one `from_currency` buys; numeric(20,10) keeps what was entered exactly.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    period: text('period').notNull(),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    average: numeric('average', { precision: 20, scale: 10 }).notNull(),
    closing: numeric('closing', { precision: 20, scale: 10 }).notNull(),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.fromCurrency, table.toCurrency, table.period] }),
    check('exchange_rates_positive', sql`${table.average} > 0 and ${table.closing} > 0`),
  ],
);

/** What a rule eliminates: a member's `accountA` against another member's `accountB` (consolidation.ts). */
export interface StoredEliminationRule {
  name: string;
  accountA: string;
  accountB: string;
}

/**
 * Consolidation groups (issue 28 §2): members reported as one in `reporting_currency`. The parent organization's
 * users may read the group's statements; administrators keep the group.
 */
export const consolidationGroups = pgTable(
  'consolidation_groups',
  {
    id: id(),
    name: text('name').notNull(),
    reportingCurrency: text('reporting_currency').notNull(),
    parentOrganizationId: uuid('parent_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eliminationRules: jsonb('elimination_rules')
      .$type<StoredEliminationRule[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('consolidation_groups_name_unique').on(sql`lower(${table.name})`),
    index('consolidation_groups_parent_idx').on(table.parentOrganizationId),
  ],
);

/** A member of a group: an organization, or one entity of it ('' the whole organization), owned `ownership_pct` %. */
export const consolidationGroupMembers = pgTable(
  'consolidation_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => consolidationGroups.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull().default(''),
    ownershipPct: numeric('ownership_pct', { precision: 7, scale: 4 }).notNull(),
    joinedPeriod: text('joined_period').notNull(),
    position: smallint('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.organizationId, table.entity] }),
    index('consolidation_group_members_organization_idx').on(table.organizationId),
    check('consolidation_group_members_ownership', sql`${table.ownershipPct} > 0 and ${table.ownershipPct} <= 100`),
  ],
);

/**
 * An organization's latest figures for the portfolio (issue 28 §3), kept current from its monthly aggregates
 * whenever they change, so the portfolio reads one platform table instead of every warehouse. Amounts in the
 * organization's base currency, reading signs.
 */
export const organizationSummaries = pgTable('organization_summaries', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  latestPeriod: text('latest_period'),
  revenueLatestMonth: numeric('revenue_latest_month', { precision: 18, scale: 2 }),
  netIncomeLatestMonth: numeric('net_income_latest_month', { precision: 18, scale: 2 }),
  cashLatest: numeric('cash_latest', { precision: 18, scale: 2 }),
  revenueYtd: numeric('revenue_ytd', { precision: 18, scale: 2 }),
  netIncomeYtd: numeric('net_income_ytd', { precision: 18, scale: 2 }),
  /** [{ period, revenue, netIncome }] of the 12 months ending with latest_period, oldest first. */
  sparkline: jsonb('sparkline')
    .$type<{ period: string; revenue: number; netIncome: number }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});
