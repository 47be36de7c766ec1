import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, poolLimitsOf, type Config } from '../src/config/env.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { openTestDatabase } from './database.ts';

/** The platform administrator every test app starts with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const TEST_ADMIN = { email: 'admin@finboard.test', password: 'Adm1n!Passw0rd' } as const;

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real application on a fresh migrated database (PGlite or PostgreSQL, per the vitest project),
 * with its bootstrap admin, silent logs (every level into `logStream` when given, as the pino JSON
 * lines the app writes), a temporary DATA_DIR and no web app (unless `webDistDir` names a built one).
 * Close it in teardown.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: { webDistDir?: string; logStream?: Writable } & Pick<
    AppDeps,
    | 'jobs'
    | 'openFileRows'
    | 'aggregates'
    | 'containers'
    | 'warehouseMigrations'
    | 'bulkRows'
    | 'uploadStageAfterBytes'
    | 'packDeliveryRetryDelaysMs'
  > = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-test-'));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
    }),
    ...overrides,
  };
  // The pools' limits as configured (a test may shorten how long a warehouse's location is kept).
  const database = await openTestDatabase(poolLimitsOf(config));
  let app: FastifyInstance | undefined;
  const close = async () => {
    try {
      await app?.close();
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    app = await buildApp({
      config,
      database,
      webDistDir: options.webDistDir,
      jobs: options.jobs,
      openFileRows: options.openFileRows,
      aggregates: options.aggregates,
      containers: options.containers,
      warehouseMigrations: options.warehouseMigrations,
      bulkRows: options.bulkRows,
      uploadStageAfterBytes: options.uploadStageAfterBytes,
      packDeliveryRetryDelaysMs: options.packDeliveryRetryDelaysMs,
      logger: options.logStream ? { level: 'trace', stream: options.logStream } : undefined,
    });
    await app.services.users.ensureBootstrapAdmin(
      { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
      app.log,
    );
    await app.ready();
    // Start-up's background work (standard data types, built-in dashboards, warehouse migrations) is done
    // before a test writes: a backfill running beside a test's own rows would change what it asserts.
    await app.warehousesReady();
    return { app, database, config, close };
  } catch (error) {
    await close();
    throw error;
  }
}
