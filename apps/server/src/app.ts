import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ConfigError, WAREHOUSE_ISOLATION_NEEDS_POSTGRES, type Config } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import path from 'node:path';
import { authPlugin } from './plugins/auth.ts';
import { tenantGuardPlugin } from './plugins/tenant-guard.ts';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler.ts';
import { withRedactedRequestUrls } from './plugins/log-redaction.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { RequestLogController } from './plugins/request-log.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { createSecretBox } from './platform/crypto/secret-box.ts';
import { createStoredFileCrypto, STORED_FILES_PURPOSE } from './platform/crypto/stored-files.ts';
import { createUploadKeys, UPLOAD_KEYS_PURPOSE, type UploadKeys } from './platform/crypto/upload-keys.ts';
import { uploadKeysRepository } from './platform/crypto/upload-keys.repository.ts';
import { deriveKey, resolveSecret } from './platform/crypto/secret-key.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { containerStoreOf, type ContainerStore } from './platform/storage/containers.ts';
import { createFileHolds } from './platform/storage/file-holds.ts';
import { createFileHoldsRepository } from './platform/storage/file-holds.repository.ts';
import { createLocalStorage } from './platform/storage/storage.ts';
import { createSealedBuffers } from './platform/storage/sealed-buffers.ts';
import { createDatabaseJobRunner } from './platform/jobs/database-job-runner.ts';
import { handleQueue } from './platform/jobs/job-runner.ts';
import { transactionOf } from './db/transaction.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createSessionsService } from './modules/auth/sessions.service.ts';
import { createPasswordLinksService } from './modules/auth/password-links.service.ts';
import { dashboardsRoutes } from './modules/dashboards/dashboards.routes.ts';
import { createDashboardsService, type DashboardsService } from './modules/dashboards/dashboards.service.ts';
import { dataManagementRoutes } from './modules/data-management/data-management.routes.ts';
import { createDataManagementService } from './modules/data-management/data-management.service.ts';
import { journalsRoutes } from './modules/data-management/journals.routes.ts';
import { createJournalsService } from './modules/data-management/journals.service.ts';
import { createStudioLedger } from './modules/data-management/studio-change.ts';
import { studioLedgerRepository } from './modules/data-management/studio-ledger.repository.ts';
import { dataTypesRoutes } from './modules/data-types/data-types.routes.ts';
import { createDataTypesService, type DataTypesService } from './modules/data-types/data-types.service.ts';
import { createLedgerEngine, type OpenFileRows } from './modules/ledger/ledger-engine.ts';
import { createUploadStages } from './modules/ledger/upload-stages.ts';
import { dataRefreshRoutes } from './modules/data-refresh/data-refresh.routes.ts';
import { dataRefreshRepository } from './modules/data-refresh/data-refresh.repository.ts';
import {
  createDataRefreshService,
  type AggregatesRefresher,
  type DataRefreshService,
} from './modules/data-refresh/data-refresh.service.ts';
import { powerbiRoutes } from './modules/powerbi/powerbi.routes.ts';
import { accountingRoutes } from './modules/accounting/accounting.routes.ts';
import { accountingRepository } from './modules/accounting/accounting.repository.ts';
import {
  ACCOUNTING_CREDENTIALS_PURPOSE,
  createAccountingService,
  type AccountingService,
} from './modules/accounting/accounting.service.ts';
import { createQuickbooksConnector } from './modules/accounting/quickbooks-connector.ts';
import { quickbooksRoutes } from './modules/accounting/quickbooks.routes.ts';
import { createQuickbooksService } from './modules/accounting/quickbooks.service.ts';
import { oauthStatesRepository } from './modules/accounting/oauth-states.repository.ts';
import { quickbooksClientOf } from './platform/quickbooks/quickbooks-config.ts';
import { createIntacctConnector } from './modules/accounting/intacct-connector.ts';
import { intacctRoutes } from './modules/accounting/intacct.routes.ts';
import { createIntacctService } from './modules/accounting/intacct.service.ts';
import { intacctClientOf } from './platform/intacct/intacct-config.ts';
import { createNetsuiteConnector } from './modules/accounting/netsuite-connector.ts';
import { netsuiteRoutes } from './modules/accounting/netsuite.routes.ts';
import { createNetsuiteService } from './modules/accounting/netsuite.service.ts';
import { netsuiteClientOf } from './platform/netsuite/netsuite-config.ts';
import { createPowerbiService } from './modules/powerbi/powerbi.service.ts';
import { powerbiClientOf } from './platform/powerbi/powerbi-config.ts';
import { dataFactoryClientOf } from './platform/azure/data-factory-config.ts';
import { pipelinesRoutes } from './modules/pipelines/pipelines.routes.ts';
import { createPipelinesService } from './modules/pipelines/pipelines.service.ts';
import { pipelinesRepository } from './modules/pipelines/pipelines.repository.ts';
import type { JobRunner } from './platform/jobs/job-runner.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { organizationsRoutes } from './modules/organizations/organizations.routes.ts';
import {
  createOrganizationsService,
  type OrganizationsService,
} from './modules/organizations/organizations.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService, type AuthService } from './modules/auth/auth.service.ts';
import { createSessionTokens, SESSION_TOKEN_PURPOSE } from './modules/auth/session-tokens.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { createOrphanFilesSweeper } from './modules/uploads/orphan-files.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { createOnboardingService } from './modules/onboarding/onboarding.service.ts';
import { onboardingRepository } from './modules/onboarding/onboarding.repository.ts';
import { createOrganizationContainers } from './modules/onboarding/organization-containers.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatRunner } from './modules/chat/chat-runner.ts';
import { createWarehouseReaders } from './modules/chat/warehouse-readers.ts';
import { createLlmClient } from './modules/chat/llm-client.ts';
import { createChatService, type ChatService } from './modules/chat/chat.service.ts';
import { createReportsRepository } from './modules/reports/reports.repository.ts';
import { createReportsService, type ReportsService } from './modules/reports/reports.service.ts';
import { createStatementLayoutsRepository } from './modules/statement-layouts/statement-layouts.repository.ts';
import { statementLayoutsRoutes } from './modules/statement-layouts/statement-layouts.routes.ts';
import { createStatementLayoutsService } from './modules/statement-layouts/statement-layouts.service.ts';
import { createOutboxService, type OutboxService } from './modules/outbox/outbox.service.ts';
import { createPackAssembler, packFigures } from './modules/report-packs/pack-assembler.ts';
import { createPackDocuments } from './modules/report-packs/pack-documents.ts';
import { createPackRuns } from './modules/report-packs/pack-runs.ts';
import { createPackScheduler, type PackScheduler } from './modules/report-packs/pack-scheduler.ts';
import { renderPackPdf } from './modules/report-packs/render/pdf.ts';
import { renderPackWorkbook } from './modules/report-packs/render/xlsx.ts';
import { reportPacksRepository } from './modules/report-packs/report-packs.repository.ts';
import { reportPacksRoutes } from './modules/report-packs/report-packs.routes.ts';
import { createReportPacksService, type ReportPacksService } from './modules/report-packs/report-packs.service.ts';
import { createTieOutReader } from './modules/report-packs/tie-out.repository.ts';
import { createCommentaryRephraser } from './modules/report-packs/commentary-rephraser.ts';
import { consolidationGroupsRepository } from './modules/consolidation/consolidation-groups.repository.ts';
import { createConsolidationGroupsService } from './modules/consolidation/consolidation-groups.service.ts';
import { createConsolidatedReportsService } from './modules/consolidation/consolidated-reports.service.ts';
import { consolidationRoutes } from './modules/consolidation/consolidation.routes.ts';
import { exchangeRatesRepository } from './modules/exchange-rates/exchange-rates.repository.ts';
import { exchangeRatesRoutes } from './modules/exchange-rates/exchange-rates.routes.ts';
import { createExchangeRatesService } from './modules/exchange-rates/exchange-rates.service.ts';
import { reportQuerySchema } from '@finboard/shared/reports';
import { createChatCompletions } from './platform/llm/chat-completions.ts';
import { createFlatFileImportService } from './modules/uploads/flat-file-import.service.ts';
import { flatFileRoutes } from './modules/uploads/flat-file.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService, type UsersService } from './modules/users/users.service.ts';
import { createUploadsService, type UploadsService } from './modules/uploads/uploads.service.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { chartReader } from './modules/layouts/chart.repository.ts';
import { createLayoutsService } from './modules/layouts/layouts.service.ts';
import { layoutsRoutes } from './modules/layouts/layouts.routes.ts';
import { suggestAccountType } from './modules/layouts/account-suggestions.ts';
import { uploadsRepository } from './modules/uploads/uploads.repository.ts';
import { portfolioRepository } from './modules/portfolio/portfolio.repository.ts';
import { portfolioRoutes } from './modules/portfolio/portfolio.routes.ts';
import { createPortfolioService } from './modules/portfolio/portfolio.service.ts';
import { createSummaryLedgerReader } from './modules/portfolio/summary-ledger.repository.ts';
import { createSummaryQueue, type SummaryQueue } from './modules/portfolio/summary-queue.ts';
import { createSummaryRefresher } from './modules/portfolio/summary-refresher.ts';
import { createWarehouseService, type WarehouseService } from './warehouse/warehouse.service.ts';
import type { WarehouseMigration } from './warehouse/migrations/migration.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built web app; API only when absent. */
  webDistDir?: string;
  /** The warehouse model's migrations (default WAREHOUSE_MIGRATIONS); tests add their own. */
  warehouseMigrations?: readonly WarehouseMigration[];
  /** Tests: a job runner of their own instead of the database one (started and stopped by the app all the same). */
  jobs?: JobRunner;
  /** Tests: rows of their own for pipeline runs instead of the uploaded files'. */
  openFileRows?: OpenFileRows;
  /** Tests: a container store of their own (a fault injected) instead of the configured one. */
  containers?: ContainerStore;
  /** Tests: the built-in dashboards' aggregates refresher instead of the reports module's. */
  aggregates?: AggregatesRefresher;
  /** Tests: loads of at least this many rows count as bulk (the ledger engine's threshold, 50,000). */
  bulkRows?: number;
  /** Tests: uploads are staged after this many bytes (upload-stages.ts, 8 MiB). */
  uploadStageAfterBytes?: number;
  /** Tests: the waits before each retry of a report pack's failed delivery (pack-runs.ts: 2 s, then 10 s). */
  packDeliveryRetryDelaysMs?: readonly number[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles when start-up has brought every warehouse up to date (or given up on one, logged). */
    warehousesReady: () => Promise<void>;
    services: {
      auth: AuthService;
      users: UsersService;
      mailer: Mailer;
      outbox: OutboxService;
      warehouse: WarehouseService;
      /** Background jobs (pipeline runs, syncs, refreshes): buildApp registers each queue's handlers. */
      jobs: JobRunner;
      /** Uploaded files: pipeline runs read their rows through it. */
      uploads: UploadsService;
      /** Data Type Master (scripts and tests seed the standard types through it). */
      dataTypes: DataTypesService;
      /** For scripts that act as the platform (npm run demo). */
      organizations: OrganizationsService;
      /** The demo grants its user the built-in statements. */
      dashboards: DashboardsService;
      /** The server's RSA key for uploads (tests seal their files with it, as the browser does). */
      uploadKeys: UploadKeys;
      /** Dataset refreshes and their log. */
      dataRefresh: DataRefreshService;
      /** Built-in statements; `refreshAggregates(organizationId)` rebuilds an organization's monthly aggregates. */
      reports: ReportsService;
      /** Accounting connections and their syncs. */
      accounting: AccountingService;
      /** Chat DB: questions answered from an organization's warehouse. */
      chat: ChatService;
      /** Report packs; the scheduler sends those whose time has come (tests call its tick). */
      reportPacks: ReportPacksService;
      packScheduler: PackScheduler;
      /** The portfolio's summaries to refresh; `idle()` settles once those under way are written. */
      portfolioSummaries: SummaryQueue;
    };
  }
}

/** Builds the whole application around the given configuration and database; tests build it the same way. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  // Refused before anything starts (loadConfig already refuses it without DATABASE_URL).
  if (config.WAREHOUSE_ISOLATION !== 'schema' && database.kind !== 'postgres')
    throw new ConfigError(`Invalid configuration:\n  ${WAREHOUSE_ISOLATION_NEEDS_POSTGRES}`);
  const app = Fastify({
    // Request URLs can carry tokens (set-password links): the log gets them redacted.
    logger: withRedactedRequestUrls(deps.logger ?? { level: config.LOG_LEVEL }),
    logController: new RequestLogController(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // What the router and Node's HTTP parser refuse answers the envelope too, never echoing the URL.
    frameworkErrors,
    clientErrorHandler,
    // Ajv is not used: zod validates and serializes.
    ajv: { customOptions: { strict: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secret = resolveSecret(config.APP_SECRET_KEY, config.DATA_DIR);
  const db = database.db;
  // Outbox bodies hold reset links and temporary passwords: sealed at rest, opened for administrators.
  const outboxBox = createSecretBox(deriveKey(secret, 'outbox-mail'));
  const storage = createLocalStorage(path.join(config.DATA_DIR, 'files'));
  const storedFiles = createStoredFileCrypto(createSecretBox(deriveKey(secret, STORED_FILES_PURPOSE)));
  // Files the platform makes (report packs, mail attachments), sealed at rest like uploads.
  const sealedFiles = createSealedBuffers(storage, storedFiles);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db,
    outboxBox,
    files: sealedFiles,
    logger: app.log,
  });
  const outbox = createOutboxService({ db, box: outboxBox, files: sealedFiles, logger: app.log });
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const audit = createAuditService({ db });
  const sessions = createSessionsService({ db });
  const passwordLinks = createPasswordLinksService({ db, publicUrl });
  const users = createUsersService({ db, audit, mailer, sessions, passwordLinks, logger: app.log });
  const auth = createAuthService({
    db,
    users,
    audit,
    sessions,
    passwordLinks,
    mailer,
    tokens: createSessionTokens(deriveKey(secret, SESSION_TOKEN_PURPOSE)),
    sessionTtlSeconds: config.SESSION_TTL_SECONDS,
    publicUrl,
  });
  const dashboards = createDashboardsService({ db, audit });
  // The portfolio's summaries follow every write of the monthly aggregates: each writer tells this queue once its
  // transaction has committed; its refresher is handed over below, with the job handlers.
  const portfolioSummaries = createSummaryQueue({ logger: app.log });
  const warehouse = createWarehouseService({
    database,
    logger: app.log,
    migrations: deps.warehouseMigrations,
    isolation: config.WAREHOUSE_ISOLATION,
    placement: {
      organizationsPerDatabase: config.WAREHOUSE_ORGANIZATIONS_PER_DATABASE,
      servers: config.WAREHOUSE_SERVERS.length > 0 ? config.WAREHOUSE_SERVERS : [null],
    },
    onAggregatesChanged: portfolioSummaries.changed,
    migrationConcurrency: config.WAREHOUSE_MIGRATION_CONCURRENCY,
  });
  // Tests may bring a runner of their own (test/jobs.ts) and rows of their own; the app otherwise runs both.
  const jobs =
    deps.jobs ??
    createDatabaseJobRunner({
      db,
      logger: app.log,
      concurrency: config.PIPELINE_CONCURRENCY,
      staleAfterMs: config.JOB_STALE_AFTER_SECONDS * 1000,
      // The embedded database lives in this process: no other worker can hold one of its jobs.
      soleWorker: database.kind === 'pglite',
      // Shutdown gives handlers the same half of STOP_GRACE_SECONDS as requests; what is still running then is
      // recovered as abandoned at the next start.
      stopTimeoutMs: (config.STOP_GRACE_SECONDS * 1000) / 2,
    });
  // Services are built in dependency order: each receives what it uses, already built. Every data type has
  // its pipeline, added in the transaction that adds the type; the pipelines service reads the data types,
  // so the data types get that one write from the pipelines' repository rather than from the service.
  const dataTypes = createDataTypesService({
    db,
    audit,
    pipelines: { addMissing: (tx, types) => pipelinesRepository(tx).addFor(types) },
  });
  const organizations = createOrganizationsService({
    db,
    audit,
    storage,
    sessions,
    dashboards,
    dataTypes,
    warehouse,
    logger: app.log,
    onReportingChanged: portfolioSummaries.changed,
  });
  // Studio writes keep lineage and update the reports' aggregates in their own transaction.
  const studioLedger = createStudioLedger(studioLedgerRepository);
  const dataManagement = createDataManagementService({
    warehouse,
    audit,
    organizations,
    logger: app.log,
    ledger: studioLedger,
    nameOf: users.nameOf,
    onWritten: portfolioSummaries.changed,
  });
  // A move in the statement layout is a Studio change of 01_Account; every statement reads the layout.
  const statementLayouts = createStatementLayoutsService({
    repository: createStatementLayoutsRepository({ db, warehouse }),
    accounts: dataManagement,
    audit,
    organizations,
    nameOf: users.nameOf,
  });
  const reports = createReportsService({
    repository: createReportsRepository(warehouse),
    organizations,
    layouts: statementLayouts,
    warehouse,
  });
  const exchangeRates = createExchangeRatesService({
    repository: exchangeRatesRepository(db),
    transaction: transactionOf(db, (tx) => ({ repository: exchangeRatesRepository(tx) })),
    audit,
  });
  // Consolidation groups: members translated, eliminated and attributed, read from their own warehouses.
  const consolidationGroups = createConsolidationGroupsService({
    repository: consolidationGroupsRepository(db),
    transaction: transactionOf(db, (tx) => ({ repository: consolidationGroupsRepository(tx) })),
    audit,
  });
  const consolidatedReports = createConsolidatedReportsService({
    reports,
    organizations,
    layouts: statementLayouts,
    rates: exchangeRates,
  });
  const chat = createChatService({
    db: database.db,
    warehouse,
    organizations,
    llm:
      config.CHAT_LLM_BASE_URL && config.CHAT_LLM_MODEL
        ? createLlmClient({
            baseUrl: config.CHAT_LLM_BASE_URL,
            apiKey: config.CHAT_LLM_API_KEY,
            model: config.CHAT_LLM_MODEL,
          })
        : undefined,
    runner: createChatRunner(
      database,
      warehouse,
      database.kind === 'postgres' && database.url
        ? createWarehouseReaders({
            database,
            warehouse,
            secrets: createSecretBox(deriveKey(secret, 'warehouse-readers')),
          })
        : undefined,
    ),
    logger: app.log,
    groups: consolidationGroups,
    consolidated: consolidatedReports,
  });
  // Report packs (issue 27): assembled from the same statement functions as the screen, rendered, delivered.
  const packRepository = reportPacksRepository(db);
  const tieOut = createTieOutReader(warehouse);
  const packDocuments = createPackDocuments({
    repository: packRepository,
    storage,
    assemble: createPackAssembler({
      reports,
      tieOut,
      // A pack's consolidated pages: groups the pack's organization is the parent of, read as its users read them.
      groupReport: async (organizationId, groupId, template, query) =>
        consolidatedReports.report(
          await consolidationGroups.readableBy(groupId, { role: 'user', organizationId }),
          template,
          reportQuerySchema.parse(query),
        ),
    }),
  });
  const packRuns = createPackRuns({
    repository: packRepository,
    jobs,
    documents: packDocuments,
    renderers: {
      pdf: renderPackPdf,
      xlsx: async (document) => {
        const { bytes, sheets } = await renderPackWorkbook(document);
        return { bytes, pages: sheets };
      },
    },
    files: sealedFiles,
    mailer,
    tieOut,
    retryDelaysMs: deps.packDeliveryRetryDelaysMs,
    nameOf: async (id) => (await users.nameOf(id)) ?? '',
    logger: app.log,
  });
  const reportPacks = createReportPacksService({
    repository: packRepository,
    transaction: transactionOf(db, (tx) => ({ repository: reportPacksRepository(tx) })),
    audit,
    figures: (organizationId, period) => packFigures(reports, organizationId, period),
    assemble: (pack, pages, period, preparedBy) => packDocuments(pack, period, { pages, preparedBy }),
    queueRun: packRuns.queueRun,
    openFile: packRuns.file,
    deleteFiles: async (keys) => {
      for (const key of keys)
        await sealedFiles
          .delete(key)
          .catch((err: unknown) => app.log.warn({ err, key }, 'a pack file was not removed'));
    },
    nameOf: async (id) => (await users.nameOf(id)) ?? '',
    groupParentOf: consolidationGroups.parentOf,
    // The language model Chat DB uses, when configured, rephrases drafted commentary (its figures locked).
    ...(config.CHAT_LLM_BASE_URL &&
      config.CHAT_LLM_MODEL && {
        rephrase: createCommentaryRephraser(
          createChatCompletions({
            baseUrl: config.CHAT_LLM_BASE_URL,
            apiKey: config.CHAT_LLM_API_KEY,
            model: config.CHAT_LLM_MODEL,
          }),
        ),
      }),
    logger: app.log,
  });
  const packScheduler = createPackScheduler({
    repository: packRepository,
    queueRun: packRuns.queueRun,
    tieOut,
    logger: app.log,
    intervalMs: config.REPORT_PACK_SCHEDULE_POLL_MS,
  });
  const journals = createJournalsService({
    warehouse,
    audit,
    organizations,
    ledger: studioLedger,
    nameOf: users.nameOf,
    onWritten: portfolioSummaries.changed,
  });
  const contact = createContactService({ db, users, mailer, logger: app.log });
  // Browsers wrap each file's key with this key pair; the server seals files again under its own key.
  const uploadKeys = createUploadKeys(
    uploadKeysRepository(db),
    createSecretBox(deriveKey(secret, UPLOAD_KEYS_PURPOSE)),
  );
  const containers = deps.containers ?? containerStoreOf(config);
  // Where onboarded organizations' files go (their storage step), for the uploads, Import Flat File and the sweep.
  const organizationContainers = createOrganizationContainers(onboardingRepository(db));
  // Files a request is writing or using are held in the database while its process lives (renewed within
  // the jobs' stale period), so that the orphan sweep of any process tells them from a dead process's.
  const staleAfterMs = config.JOB_STALE_AFTER_SECONDS * 1000;
  const fileHolds = createFileHolds({
    repository: createFileHoldsRepository(db),
    db,
    logger: app.log,
    staleAfterMs,
  });
  // Real exports: recognized, previewed before anything loads (issue 23).
  const layouts = createLayoutsService({
    chart: chartReader(warehouse),
    uploadKeys,
    suggest: suggestAccountType,
    savedLayouts: dataTypes,
  });
  // On PostgreSQL a big GL file's lines are staged as it arrives (issue 24): its run adopts the stage.
  const uploadStages = createUploadStages({
    ownConnection: warehouse.ownConnection,
    platform: database.pool,
    warehouse,
    logger: app.log,
    afterBytes: deps.uploadStageAfterBytes,
  });
  // An onboarded organization's uploads go to its container (incoming → processed or rejected).
  const uploads = createUploadsService({
    files: uploadsRepository(db),
    filesIn: uploadsRepository,
    transaction: transactionOf(db, (tx) => ({ files: uploadsRepository(tx) })),
    dataTypes,
    layouts,
    storage,
    containers: { store: containers, containerOf: organizationContainers.containerOf },
    uploadKeys,
    storedFiles,
    holds: fileHolds,
    ...(database.kind === 'postgres' && !deps.openFileRows && { stages: uploadStages }),
    logger: app.log,
  });
  const flatFiles = createFlatFileImportService({
    warehouse,
    storage,
    containers: { store: containers, containerOf: organizationContainers.containerOf },
    storedFiles,
    uploadKeys,
    dataManagement,
    audit,
    holds: fileHolds,
    logger: app.log,
  });
  const orphanFiles = createOrphanFilesSweeper({
    holds: fileHolds,
    storage,
    containers,
    containerNames: organizationContainers.containerNames,
    committedIds: uploads.committedIds,
    ...(database.kind === 'postgres' && {
      stages: { sweep: (live) => uploadStages.sweep({ live, waiting: uploads.waitingIds }) },
    }),
    logger: app.log,
    staleAfterMs,
    // The embedded database lives in this process: a hold of another process is a dead one's.
    soleHolder: database.kind === 'pglite',
  });
  // The ledger engine: the one writer of the loaded tables, for pipeline runs and accounting syncs; a run
  // reads its files through the uploads module.
  // Tests that fake the files' rows fake all of them: the stored bytes are then not COPYd as they are.
  const ledger = createLedgerEngine({
    warehouse,
    openFileRows: deps.openFileRows ?? uploads.openRows,
    ...(!deps.openFileRows && { openCopyReadyFile: uploads.openCopyReady, stagedUploadOf: uploads.stagedUploadOf }),
    bulkRows: deps.bulkRows,
    onWritten: portfolioSummaries.changed,
  });
  const pipelines = createPipelinesService({
    runs: pipelinesRepository(db),
    transaction: transactionOf(db, (tx) => ({ runs: pipelinesRepository(tx) })),
    uploads,
    dataTypes,
    ledger,
    jobs,
    audit,
    logger: app.log,
    onLoaded: packScheduler.periodLoaded,
  });
  const onboarding = createOnboardingService({
    db,
    containers,
    warehouse,
    organizations,
    dataTypes,
    pipelines,
    dataFactories: dataFactoryClientOf(config),
    logger: app.log,
  });
  const powerbiClient = powerbiClientOf(config);
  const dataRefresh = createDataRefreshService({
    logs: dataRefreshRepository(db),
    transaction: transactionOf(db, (tx) => ({ logs: dataRefreshRepository(tx) })),
    jobs,
    dashboards,
    organizations,
    powerbi: powerbiClient,
    aggregates: deps.aggregates ?? reports,
    settings: { pollMs: config.POWERBI_REFRESH_POLL_MS, timeoutMinutes: config.POWERBI_REFRESH_TIMEOUT_MINUTES },
    logger: app.log,
  });
  const powerbi = createPowerbiService({ client: powerbiClient, dashboards, logger: app.log });
  const quickbooksClient = quickbooksClientOf(config, publicUrl);
  const intacctClient = intacctClientOf(config);
  const netsuiteClient = netsuiteClientOf(config);
  const accounting = createAccountingService({
    repository: accountingRepository(db),
    transaction: transactionOf(db, (tx) => ({ repository: accountingRepository(tx) })),
    jobs,
    ledger,
    audit,
    box: createSecretBox(deriveKey(secret, ACCOUNTING_CREDENTIALS_PURPOSE)),
    connectors: {
      ...(quickbooksClient && { quickbooks: createQuickbooksConnector(quickbooksClient) }),
      intacct: createIntacctConnector(intacctClient),
      netsuite: createNetsuiteConnector(netsuiteClient),
    },
    syncTimeoutMs: config.ACCOUNTING_SYNC_TIMEOUT_MS,
    logger: app.log,
    onLoaded: packScheduler.periodLoaded,
  });
  const netsuite = createNetsuiteService({ client: netsuiteClient, accounting, logger: app.log });
  const quickbooks = createQuickbooksService({
    client: quickbooksClient,
    accounting,
    states: oauthStatesRepository(db),
    logger: app.log,
  });
  const intacct = createIntacctService({ client: intacctClient, accounting, logger: app.log });
  // Each queue's handlers, before the runner starts (onReady below): pipeline runs, syncs, dataset refreshes.
  handleQueue(jobs, pipelines.jobHandlers);
  handleQueue(jobs, accounting.jobHandlers);
  handleQueue(jobs, dataRefresh.jobHandlers);
  handleQueue(jobs, packRuns.jobHandlers);
  // The portfolio (issue 28 §3): summaries refreshed from the aggregates as they change, read in one query.
  const summaryRefresher = createSummaryRefresher({
    ledger: createSummaryLedgerReader(warehouse),
    summaries: portfolioRepository(db),
    organizations,
    layouts: statementLayouts,
    logger: app.log,
  });
  portfolioSummaries.work(summaryRefresher.refresh);
  const portfolio = createPortfolioService({ repository: portfolioRepository(db), settled: portfolioSummaries.idle });
  app.decorate('services', {
    auth,
    users,
    mailer,
    outbox,
    warehouse,
    jobs,
    uploads,
    uploadKeys,
    dataTypes,
    organizations,
    dataRefresh,
    reports,
    dashboards,
    accounting,
    chat,
    reportPacks,
    packScheduler,
    portfolioSummaries,
  });

  await app.register(errorHandlerPlugin);
  await app.register(metricsPlugin, {
    database,
    token: config.METRICS_TOKEN,
    port: config.METRICS_PORT,
    host: config.METRICS_HOST,
    warehouseMigrations: warehouse.migrationProgress,
  });
  await app.register(securityHeadersPlugin);
  await app.register(openApiPlugin);
  await app.register(authPlugin, { auth });
  await app.register(tenantGuardPlugin);
  await app.register(multipartPlugin);

  await app.register(healthRoutes, { health: createHealthService({ database }), databaseKind: database.kind });
  await app.register(authRoutes, { auth, signupEnabled: config.ALLOW_SIGNUP });
  await app.register(usersRoutes, { users, signupEnabled: config.ALLOW_SIGNUP });
  await app.register(organizationsRoutes, { organizations });
  await app.register(dashboardsRoutes, { dashboards, organizations });
  await app.register(dataTypesRoutes, { dataTypes, organizations });
  await app.register(dataManagementRoutes, { dataManagement });
  await app.register(journalsRoutes, { journals });
  await app.register(uploadsRoutes, { uploads, dataTypes, organizations });
  await app.register(layoutsRoutes, { layouts, dataTypes, organizations });
  await app.register(flatFileRoutes, { flatFiles });
  await app.register(pipelinesRoutes, { pipelines, organizations });
  await app.register(dataRefreshRoutes, { dataRefresh, organizations });
  await app.register(powerbiRoutes, { powerbi, dataRefresh });
  await app.register(reportsRoutes, { reports });
  await app.register(statementLayoutsRoutes, { statementLayouts });
  await app.register(reportPacksRoutes, { packs: reportPacks });
  await app.register(portfolioRoutes, { portfolio });
  await app.register(exchangeRatesRoutes, { rates: exchangeRates });
  await app.register(consolidationRoutes, { groups: consolidationGroups, reports: consolidatedReports });
  await app.register(onboardingRoutes, { onboarding, organizations });
  await app.register(accountingRoutes, { accounting, organizations });
  await app.register(quickbooksRoutes, { quickbooks, accounting, organizations });
  await app.register(intacctRoutes, { intacct, accounting, organizations });
  await app.register(netsuiteRoutes, { netsuite, accounting, organizations });
  await app.register(chatRoutes, { chat, groups: consolidationGroups });
  await app.register(imagesRoutes, { storage });
  await app.register(contactRoutes, { contact });
  await app.register(outboxRoutes, { outbox });
  await app.register(webAppPlugin, { distDir: deps.webDistDir });

  // Mail kept in the outbox before bodies were sealed is sealed before the app serves anyone.
  app.addHook('onReady', async () => {
    const sealed = await outbox.sealPlainText();
    if (sealed > 0) app.log.info({ sealed }, 'outbox e-mails kept in plain text are now sealed');
  });
  // Organizations created before the Data Type Master or the built-in statements get them, then every
  // warehouse is brought to the latest warehouse migration (missing ones are created) — all in the
  // background: a large fleet must not hold up start-up (Fastify gives onReady 10 s). `warehousesReady`
  // tells when it is done. On close it stops after the migration under way; the next start resumes from
  // the recorded versions.
  let warehousesReady: Promise<void> = Promise.resolve();
  // Once the warehouses behind are queued, each organization's work waits for its own migration only
  // (warehouse.targetOf): jobs need not wait for every warehouse.
  let warehousesQueued: Promise<void> = Promise.resolve();
  const stopMigrating = new AbortController();
  app.decorate('warehousesReady', () => warehousesReady);
  app.addHook('onReady', async () => {
    let queued!: () => void;
    warehousesQueued = new Promise((resolve) => (queued = resolve));
    warehousesReady = (async () => {
      const added = await dataTypes.seedStandardForAll();
      if (added > 0) app.log.info({ added }, 'standard data types seeded');
      const given = await dashboards.addBuiltinsWhereMissing();
      if (given > 0) app.log.info({ organizations: given }, 'built-in dashboards added');
      await organizations.migrateWarehouses(stopMigrating.signal, queued);
    })()
      .catch((err: unknown) => app.log.error({ err }, 'bringing the organizations up to date failed'))
      .finally(queued);
  });
  // Files a killed process left behind (half-written uploads, Import Flat File copies) are removed in the
  // background at start-up, then on a timer; see modules/uploads/orphan-files.service.ts.
  let orphanFilesStarted: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    orphanFilesStarted = orphanFiles.start();
  });
  // Jobs start once the warehouses behind are queued for migration (a pipeline run of one waits for its own);
  // abandoned jobs are resolved first. Shutdown aborts them as it begins, while requests drain, and waits for
  // them before the database closes.
  let closing = false;
  let jobsStopped: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    if (!config.WORK_JOBS) return; // API nodes beside `npm run worker` processes only queue jobs
    void warehousesQueued
      .then(() => (closing ? undefined : Promise.all([jobs.start(), packScheduler.start()])))
      .catch((err: unknown) => app.log.error({ err }, 'starting the job runner failed'));
  });
  // Organizations without a summary (an installation from before the portfolio) get one in the background, by
  // the processes that work jobs, once the warehouses are current.
  app.addHook('onReady', async () => {
    if (!config.WORK_JOBS) return;
    void warehousesReady
      .then(() => (closing ? 0 : summaryRefresher.backfill(portfolioSummaries)))
      .catch((err: unknown) => app.log.warn({ err }, 'filling in the portfolio summaries failed'));
  });
  app.addHook('preClose', async () => {
    closing = true;
    jobsStopped = Promise.all([packScheduler.stop(), jobs.stop()]).then(() => undefined);
  });
  app.addHook('onClose', async () => {
    stopMigrating.abort();
    await jobsStopped;
    await portfolioSummaries.stop();
    await orphanFiles.stop();
    await orphanFilesStarted;
    fileHolds.stop();
    await chat.close();
    await warehousesReady;
    await warehouse.close();
    await mailer.flush();
    mailer.close();
  });
  return app;
}
