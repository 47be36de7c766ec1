import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import multipart from '@fastify/multipart';
import path from 'node:path';
import { authPlugin } from './plugins/auth.ts';
import { tenantGuardPlugin } from './plugins/tenant-guard.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { deriveKey, resolveSecret } from './platform/crypto/secret-key.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { createLocalStorage } from './platform/storage/storage.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createSessionsService } from './modules/auth/sessions.service.ts';
import { createPasswordLinksService } from './modules/auth/password-links.service.ts';
import { dashboardsRoutes } from './modules/dashboards/dashboards.routes.ts';
import { createDashboardsService } from './modules/dashboards/dashboards.service.ts';
import { dataManagementRoutes } from './modules/data-management/data-management.routes.ts';
import { createDataManagementService } from './modules/data-management/data-management.service.ts';
import { dataTypesRoutes } from './modules/data-types/data-types.routes.ts';
import { createDataTypesService } from './modules/data-types/data-types.service.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { organizationsRoutes } from './modules/organizations/organizations.routes.ts';
import {
  createOrganizationsService,
  type OrganizationsService,
} from './modules/organizations/organizations.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService, type AuthService } from './modules/auth/auth.service.ts';
import { createSessionTokens } from './modules/auth/session-tokens.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService, type UsersService } from './modules/users/users.service.ts';
import { createWarehouseService, type WarehouseService } from './warehouse/warehouse.service.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built web app; API only when absent. */
  webDistDir?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles when start-up provisioning of missing warehouses has finished. */
    warehousesReady: () => Promise<void>;
    services: {
      auth: AuthService;
      users: UsersService;
      mailer: Mailer;
      warehouse: WarehouseService;
      /** For scripts that act as the platform (npm run demo). */
      organizations: OrganizationsService;
    };
  }
}

/** Builds the whole application around the given configuration and database; tests build it the same way. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Ajv is not used: zod validates and serializes.
    ajv: { customOptions: { strict: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secret = resolveSecret(config.APP_SECRET_KEY, config.DATA_DIR);
  const db = database.db;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, logger: app.log });
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const storage = createLocalStorage(path.join(config.DATA_DIR, 'files'));
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
    tokens: createSessionTokens(deriveKey(secret, 'session-token')),
    sessionTtlSeconds: config.SESSION_TTL_SECONDS,
    publicUrl,
  });
  const dashboards = createDashboardsService({ db, audit });
  const dataTypes = createDataTypesService({ db, audit });
  const warehouse = createWarehouseService({ database, logger: app.log });
  const organizations = createOrganizationsService({
    db,
    audit,
    storage,
    sessions,
    dashboards,
    dataTypes,
    warehouse,
    logger: app.log,
  });
  const dataManagement = createDataManagementService({ warehouse, audit, organizations, logger: app.log });
  const contact = createContactService({ db, users, mailer, logger: app.log });
  app.decorate('services', { auth, users, mailer, warehouse, organizations });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(openApiPlugin);
  await app.register(authPlugin, { auth });
  await app.register(tenantGuardPlugin);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 50, parts: 60 } });

  await app.register(healthRoutes, { health: createHealthService({ database }), databaseKind: database.kind });
  await app.register(authRoutes, { auth, signupEnabled: config.ALLOW_SIGNUP });
  await app.register(usersRoutes, { users, signupEnabled: config.ALLOW_SIGNUP });
  await app.register(organizationsRoutes, { organizations });
  await app.register(dashboardsRoutes, { dashboards, organizations });
  await app.register(dataTypesRoutes, { dataTypes, organizations });
  await app.register(dataManagementRoutes, { dataManagement });
  await app.register(imagesRoutes, { storage });
  await app.register(contactRoutes, { contact });
  await app.register(outboxRoutes, { db });
  await app.register(webAppPlugin, { distDir: deps.webDistDir });

  // Organizations created before the Data Type Master get its standard types once the app starts.
  app.addHook('onReady', async () => {
    const added = await dataTypes.seedStandardForAll();
    if (added > 0) app.log.info({ added }, 'standard data types seeded');
  });
  // Organizations created before the warehouse existed (or by hand) get theirs in the background: a
  // large backlog (~80 ms each) must not hold up start-up. `warehousesReady` tells when it is done.
  let warehousesReady: Promise<void> = Promise.resolve();
  app.decorate('warehousesReady', () => warehousesReady);
  app.addHook('onReady', async () => {
    warehousesReady = organizations.provisionWarehouses().then(
      () => undefined,
      (err: unknown) => app.log.error({ err }, 'provisioning missing warehouses failed'),
    );
  });
  app.addHook('onClose', async () => {
    await warehousesReady;
    await mailer.flush();
    mailer.close();
  });
  return app;
}
