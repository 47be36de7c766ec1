/**
 * Many organizations on one installation: BENCH_TENANTS organizations (default 2,000) created through the
 * organizations service, measured at a tenth of them and at all of them — so the ratio shows what grows with the
 * number of organizations:
 * - one creation's time (p50/p95, each provisions its warehouse: a schema of 49 relations);
 * - start-up: the app built again on the same database until its warehouses are current;
 * - the server process's RSS;
 * - one pooled connection's memory (its server process's memory contexts) while a warehouse read of every
 *   organization goes through the app's pool (DATABASE_MAX_USES: replaced after 250 checkouts; the largest seen,
 *   sampled every 100 organizations) and, as the baseline of the same run, after the same reads on a pool of the same
 *   size without that limit (what every pool was before);
 * - `npm run backup` of the whole installation and `npm run restore` of it into a new database, every table's
 *   count and sum checked (with PostgreSQL's default max_locks_per_transaction);
 * - a trivial new warehouse migration (one small table): the app started again with it; the time until a
 *   pipeline run of an organization already migrated starts and ends, and until the last warehouse is migrated.
 *
 * With BENCH_ISOLATION=shared-database the warehouses go into shared warehouse databases of BENCH_PER_DATABASE (500)
 * each (docs/operations.md): the figures that grow with one database's relations should then stay flat. The
 * connection memory figures are measured with all warehouses in the platform database only (the default).
 *
 *   BENCH_DATABASE_URL=postgresql://… npm run bench:tenants          # PostgreSQL: a scratch database, dropped after
 *   BENCH_TENANTS=10000 BENCH_DATABASE_URL=postgresql://… npm run bench:tenants
 *   BENCH_ISOLATION=shared-database BENCH_DATABASE_URL=postgresql://… npm run bench:tenants
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import type { UploadKey } from '@finboard/shared/upload-encryption';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { createBackup } from '../apps/server/src/modules/operations/backup.ts';
import { restoreBackup } from '../apps/server/src/modules/operations/restore.ts';
import { qualifiedName, quoteIdent, warehouseSchemaName } from '../apps/server/src/warehouse/identifiers.ts';
import type { WarehouseMigration } from '../apps/server/src/warehouse/migrations/migration.ts';
import { WAREHOUSE_MIGRATIONS } from '../apps/server/src/warehouse/warehouse-migrations.ts';
import { createWarehouseLocator } from '../apps/server/src/warehouse/warehouse-locator.ts';
import { createWarehouseMigrator } from '../apps/server/src/warehouse/warehouse-migrator.ts';
import { databaseUrl, withAdminClient } from '../apps/server/test/postgres.ts';
import { loadLedgerReference } from './support/gl-lines.ts';
import { glUploadFields, uploadFile, writeGlCsv } from './support/gl-pipeline.ts';
import { createOrganization, openBenchDatabase, percentile, seedBenchAdmin, startApp } from './support/harness.ts';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 2_000);
const ISOLATION = process.env.BENCH_ISOLATION === 'shared-database' ? 'shared-database' : 'schema';
const PER_DATABASE = process.env.BENCH_PER_DATABASE ?? '500';
const POOL_SIZE = 10;
const MB = 1024 * 1024;

const environment = await openBenchDatabase('tenants');
if (environment.database.kind !== 'postgres' || !environment.databaseUrl) {
  console.log('bench:tenants measures PostgreSQL: set BENCH_DATABASE_URL');
  await environment.close();
  process.exit(1);
}
const platformUrl = environment.databaseUrl;
const appEnv = {
  DATABASE_URL: platformUrl,
  WAREHOUSE_ISOLATION: ISOLATION,
  WAREHOUSE_ORGANIZATIONS_PER_DATABASE: PER_DATABASE,
};
const logger = pino({ level: 'silent' });
const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-tenants-'));
await seedBenchAdmin(environment.database);
let migrations: WarehouseMigration[] = [...WAREHOUSE_MIGRATIONS];
let app = await startApp(environment, { env: appEnv });
// The baseline's pool: the same server and size, no limit on a connection's uses or life.
const unlimited = new pg.Pool({ connectionString: platformUrl, max: POOL_SIZE });

const organizations: string[] = [];
const rows: { count: number; figures: Record<string, string> }[] = [];

/** Creates organizations until there are `count`; answers each creation's time. */
async function createUpTo(count: number): Promise<number[]> {
  const times: number[] = [];
  while (organizations.length < count) {
    const started = performance.now();
    const created = await createOrganization(app, `Tenant ${String(organizations.length + 1).padStart(5, '0')}`);
    times.push(performance.now() - started);
    organizations.push(created.id);
    if (organizations.length % 500 === 0) console.log(`  ${organizations.length} organizations`);
  }
  return times;
}

/** What a Studio page or a statement reads of a warehouse: its chart, ledger and monthly aggregates. */
const touch = (schema: string) =>
  `select (select count(*) from ${schema}."01_Account") + (select count(*) from ${schema}."02_GL_Detail")
     + (select count(*) from ${schema}."05_Monthly_Balance") as n`;

/** The largest memory of the pool's connections, in MB (each one's server process, its memory contexts). */
async function connectionMemory(pool: pg.Pool): Promise<number> {
  const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
  try {
    const sizes = await Promise.all(
      clients.map(async (client) =>
        Number(
          (await client.query<{ bytes: string }>('select sum(total_bytes) as bytes from pg_backend_memory_contexts'))
            .rows[0]!.bytes,
        ),
      ),
    );
    return Math.max(...sizes) / MB;
  } finally {
    for (const client of clients) client.release();
  }
}

/** The whole installation backed up, then restored into a new database and checked; answers the seconds of each. */
async function backupAndRestore(count: number) {
  const dir = path.join(scratchDir, `backup-${count}`);
  const backingUp = performance.now();
  const backup = await createBackup({ platformUrl, dir });
  const backupSeconds = (performance.now() - backingUp) / 1000;
  const copy = `${new URL(platformUrl).pathname.slice(1)}_restored_${count}`;
  const restoring = performance.now();
  const suffix = `_restored_${count}`;
  const restored = await restoreBackup({ dir, platformUrl: databaseUrl(platformUrl, copy), databaseSuffix: suffix });
  const restoreSeconds = (performance.now() - restoring) / 1000;
  await withAdminClient(platformUrl, async (client) => {
    const copies = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `%${suffix}`,
    ]);
    for (const name of [copy, ...copies.rows.map((row) => row.datname)])
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  });
  fs.rmSync(dir, { recursive: true, force: true });
  if (restored.differences.length > 0)
    throw new Error(`the restore differs from the backup: ${restored.differences.slice(0, 5).join('; ')}`);
  return { backup, backupSeconds, restoreSeconds, restoredTables: restored.tables };
}

/**
 * The app started again with one more (trivial) warehouse migration, the first organization's warehouse migrated
 * before and a GL file of it waiting: seconds from the start until its pipeline run starts and ends, and until the
 * last warehouse is migrated.
 */
async function migrationRestart(
  uploadKey: UploadKey,
  month: Parameters<typeof writeGlCsv>[2],
  accounts: Parameters<typeof writeGlCsv>[3],
) {
  const migrated = organizations[0]!;
  const file = path.join(scratchDir, 'gl.csv');
  await writeGlCsv(file, 200, month, accounts, `R${migrations.length}-`);
  await uploadFile(app, uploadKey, await glUploadFields(app, migrated, month.period), file);
  await app.close();

  const version = migrations.length + 1;
  migrations = [
    ...migrations,
    {
      version,
      name: `bench-trivial-${version}`,
      statements: (schema) => [
        `CREATE TABLE ${qualifiedName(schema, `bench_trivial_${version}`)} (id integer PRIMARY KEY)`,
      ],
    },
  ];
  const locator = createWarehouseLocator({ database: environment.database, isolation: ISOLATION, logger });
  await createWarehouseMigrator({
    db: environment.database.db,
    logger,
    migrations,
    databaseOf: async (id) => (await locator.ensure(id)).target.db,
  }).migrate(migrated);
  await locator.close();

  const startedAt = Date.now();
  app = await startApp(environment, { env: appEnv, warehouseMigrations: migrations, awaitWarehouses: false });
  const ready = app.warehousesReady().then(() => (Date.now() - startedAt) / 1000);
  const { runIds } = await app.call<{ runIds: string[] }>(
    'POST',
    `/api/v1/pipeline/run-pipeline/${migrated}?pipelineName=${encodeURIComponent('GL Detail')}`,
  );
  let runStarted: number | undefined;
  let runEnded: number | undefined;
  while (runEnded === undefined) {
    const { data } = await app.get<{
      data: { run: { status: string; startedAt: string | null; error: string | null } };
    }>(`/api/v1/pipeline/runs/${runIds[0]}`);
    if (data.run.startedAt && runStarted === undefined)
      runStarted = (Date.parse(data.run.startedAt) - startedAt) / 1000;
    if (data.run.status === 'failed') throw new Error(`the run failed: ${data.run.error}`);
    if (data.run.status === 'succeeded') runEnded = (Date.now() - startedAt) / 1000;
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const lastMigrated = await ready;
  const [behind] = rowsOf<{ n: number }>(
    await environment.database.db.execute(
      sql`select count(*)::int as n from (select organization_id from warehouse_migrations group by 1
            having max(version) < ${version}) b`,
    ),
  );
  if (behind!.n > 0) throw new Error(`${behind!.n} warehouses were not migrated`);
  return { runStarted: runStarted!, runEnded, lastMigrated };
}

const megabytes = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(1)} MB`);

async function measureAt(count: number, uploadKey: UploadKey, ledger: Awaited<ReturnType<typeof loadLedgerReference>>) {
  console.log(`Creating organizations up to ${count}…`);
  const creations = (await createUpTo(count)).sort((a, b) => a - b);
  // Start-up on the same database: the app built again until every warehouse is current.
  await app.close();
  const starting = performance.now();
  app = await startApp(environment, { env: appEnv, warehouseMigrations: migrations });
  const startup = (performance.now() - starting) / 1000;

  // The warehouses in the platform database: its pool's connections are the ones that read them all. Where the
  // touches land among them varies from run to run, so the figure is the largest connection seen along the way
  // (every 100 organizations); without a limit a connection only grows, so the last reading is its largest.
  let limited = Number.NaN;
  let baseline = Number.NaN;
  for (const [index, id] of organizations.entries()) {
    await app.services.warehouse.withOrganization(id, async (tx) =>
      tx.execute(sql.raw(touch(quoteIdent(warehouseSchemaName(id))))),
    );
    if (ISOLATION === 'schema' && ((index + 1) % 100 === 0 || index === organizations.length - 1))
      limited = Math.max(Number.isNaN(limited) ? 0 : limited, await connectionMemory(environment.database.pool));
  }
  if (ISOLATION === 'schema') {
    for (const id of organizations) await unlimited.query(touch(quoteIdent(warehouseSchemaName(id))));
    baseline = await connectionMemory(unlimited);
  }
  const [databases] = rowsOf<{ n: number }>(
    await environment.database.db.execute(sql`select count(distinct database_name)::int as n from warehouse_locations`),
  );

  console.log(`Backing up and restoring ${count} organizations…`);
  const backup = await backupAndRestore(count);
  console.log(`Starting again with a new warehouse migration for ${count} organizations…`);
  const restart = await migrationRestart(uploadKey, ledger.months.at(-1)!, ledger.accounts);
  rows.push({
    count,
    figures: {
      'warehouse databases (besides the platform)': `${databases!.n}`,
      'creation p50': `${percentile(creations, 50).toFixed(0)} ms`,
      'creation p95': `${percentile(creations, 95).toFixed(0)} ms`,
      'start-up': `${startup.toFixed(1)} s`,
      'server RSS': `${(process.memoryUsage().rss / MB).toFixed(0)} MB`,
      'connection memory (app pool)': megabytes(limited),
      'connection memory (no limit, baseline)': megabytes(baseline),
      'backup (npm run backup)': `${backup.backupSeconds.toFixed(1)} s`,
      'backup dumps': `${backup.backup.dumps}`,
      'backup size': `${(backup.backup.bytes / MB).toFixed(1)} MB`,
      'restore, every table checked': `${backup.restoreSeconds.toFixed(1)} s`,
      'tables restored and matching': `${backup.restoredTables}`,
      'new migration: pipeline run starts': `${restart.runStarted.toFixed(1)} s`,
      'new migration: pipeline run ends': `${restart.runEnded.toFixed(1)} s`,
      'new migration: last warehouse migrated': `${restart.lastMigrated.toFixed(1)} s`,
    },
  });
}

const { data: uploadKey } = await app.get<{ data: UploadKey }>('/api/v1/pipeline/upload-key');
await createUpTo(1);
const ledger = await loadLedgerReference(app.services.warehouse, organizations[0]!);
await measureAt(Math.max(2, Math.round(TENANTS / 10)), uploadKey, ledger);
await measureAt(TENANTS, uploadKey, ledger);
await unlimited.end();
await app.close();

const [small, large] = rows as [(typeof rows)[0], (typeof rows)[0]];
console.log(`\n${'figure'.padEnd(42)}${`at ${small.count}`.padStart(14)}${`at ${large.count}`.padStart(14)}   ratio`);
for (const name of Object.keys(small.figures)) {
  const a = small.figures[name]!;
  const b = large.figures[name]!;
  const quotient = parseFloat(b) / parseFloat(a);
  const ratio = Number.isFinite(quotient) ? quotient.toFixed(2) : '–';
  console.log(`${name.padEnd(42)}${a.padStart(14)}${b.padStart(14)}   ${ratio}×`);
}
const figure = (row: (typeof rows)[0], name: string) => parseFloat(row.figures[name]!);
const memoryRatio = figure(large, 'connection memory (app pool)') / figure(small, 'connection memory (app pool)');
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
console.log(`
Warehouses: ${ISOLATION === 'schema' ? 'schemas of the platform database' : `shared databases of ${PER_DATABASE}`}.
Goals at ${large.count} organizations:
  backup and restore with max_locks_per_transaction ${await setting('max_locks_per_transaction')}: met (every table's count and sum matched)
  connection memory ≤ 2× its value at ${small.count}: ${Number.isNaN(memoryRatio) ? 'measured with BENCH_ISOLATION=schema' : `${verdict(memoryRatio <= 2)} (${memoryRatio.toFixed(2)}×)`}
  a migrated organization's pipeline run starts within 5 s of start-up, a migration pending: ${verdict(figure(large, 'new migration: pipeline run starts') <= 5)}`);
await environment.close();
fs.rmSync(scratchDir, { recursive: true, force: true });

async function setting(name: string): Promise<string> {
  return withAdminClient(platformUrl, async (client) => (await client.query(`show ${name}`)).rows[0][name]);
}
