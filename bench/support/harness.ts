/**
 * What every benchmark needs: a scratch database (PGlite, or a throwaway database on the PostgreSQL
 * server of BENCH_DATABASE_URL), the seeded platform, the real app on a port, and a timer that prints
 * p50/p95 so a figure always stands beside its baseline from the same run.
 */
import type { CurrencyCode } from '@finboard/shared/currencies';
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import type { Principal } from '../../apps/server/src/modules/auth/principal.ts';
import { hashPassword } from '../../apps/server/src/platform/crypto/passwords.ts';
import { warehouseLocations } from '../../apps/server/src/db/schema.ts';
import {
  isWarehouseSchemaName,
  quoteIdent,
  warehouseReaderRoleName,
  warehouseReaderRoleOfSchema,
  warehouseRoleName,
  warehouseRoleOfSchema,
} from '../../apps/server/src/warehouse/identifiers.ts';
import type { WarehouseMigration } from '../../apps/server/src/warehouse/migrations/migration.ts';
import { databaseUrl, withAdminClient } from '../../apps/server/test/postgres.ts';

export const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 20;
const ADMIN = { email: 'bench-admin@finboard.test', password: 'B3nch!Admin' };

export interface Timing {
  p50: number;
  p95: number;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Runs `run` WARMUP times unmeasured, then ITERATIONS times measured (fewer of each for a slow query
 * when `counts` says so); prints and returns p50/p95 in ms.
 */
export async function measure(
  label: string,
  run: (i: number) => Promise<void>,
  counts: { iterations?: number; warmup?: number } = {},
): Promise<Timing> {
  const { iterations = ITERATIONS, warmup = WARMUP } = counts;
  for (let i = 0; i < warmup; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  return report(label, times);
}

function report(label: string, times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const result = { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  console.log(
    `${label.padEnd(58)} p50 ${result.p50.toFixed(2).padStart(7)} ms   p95 ${result.p95.toFixed(2).padStart(7)} ms`,
  );
  return result;
}

// The HTTP client runs in a worker thread: its own event loop, so timing a call never makes the
// server wait for the client's work (as with any real client, which runs elsewhere).
const HTTP_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { base, token, paths, warmup } = workerData;
  const times = [];
  for (let i = 0; i < paths.length; i++) {
    const start = performance.now();
    const response = await fetch(base + paths[i], token ? { headers: { authorization: 'Bearer ' + token } } : {});
    await response.json();
    if (response.status !== 200) throw new Error('GET ' + paths[i] + ' answered ' + response.status);
    if (i >= warmup) times.push(performance.now() - start);
  }
  parentPort.postMessage(times);
})();
`;

function timeRequests(base: string, token: string | undefined, paths: string[], warmup: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(HTTP_CLIENT, { eval: true, workerData: { base, token, paths, warmup } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/**
 * Times GETs of `pathOf(i)` on any local HTTP server, with the same client as the app's calls: for a
 * bare node:http baseline beside the API.
 */
export async function measureHttp(
  label: string,
  base: string,
  pathOf: (i: number) => string,
  counts: { iterations?: number; warmup?: number } = {},
): Promise<Timing> {
  return report(label, await timePaths(base, undefined, pathOf, counts));
}

/** WARMUP unmeasured GETs, then ITERATIONS measured (or `counts`); returns the measured times. */
function timePaths(
  base: string,
  token: string | undefined,
  pathOf: (i: number) => string,
  counts: { iterations?: number; warmup?: number },
): Promise<number[]> {
  const { iterations = ITERATIONS, warmup = WARMUP } = counts;
  const paths = Array.from({ length: warmup + iterations }, (_, i) => pathOf(i < warmup ? i : i - warmup));
  return timeRequests(base, token, paths, warmup);
}

export const ratio = (api: Timing, baseline: Timing) =>
  `p50 ${(api.p50 / baseline.p50).toFixed(2)}×, p95 ${(api.p95 / baseline.p95).toFixed(2)}×`;

export interface BenchEnvironment {
  database: DatabaseHandle;
  dataDir: string;
  /** The scratch database's URL on PostgreSQL (for psql); none on PGlite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * A scratch database: on the PostgreSQL server of `serverUrl` (default BENCH_DATABASE_URL) a database
 * created for the run and dropped by close(), or PGlite when there is none (or `serverUrl` is null).
 */
export async function openBenchDatabase(
  name: string,
  serverUrl: string | null | undefined = process.env.BENCH_DATABASE_URL?.trim() || undefined,
): Promise<BenchEnvironment> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-bench-'));
  const scratch = `finboard_t_bench_${name}_${process.pid}`;
  if (serverUrl) await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${scratch}"`));
  // BENCH_POOL_SIZE compares pool sizes; unset, each database gets the app's own.
  const poolSize = process.env.BENCH_POOL_SIZE ? Number(process.env.BENCH_POOL_SIZE) : undefined;
  const database = await openDatabase(
    serverUrl
      ? { kind: 'postgres', url: databaseUrl(serverUrl, scratch), poolSize }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), poolSize },
  );
  await database.migrate();
  return {
    database,
    dataDir,
    databaseUrl: serverUrl ? databaseUrl(serverUrl, scratch) : undefined,
    async close() {
      // Roles belong to the whole server, not to the scratch database: its warehouses' roles go with it, and so do
      // the warehouse databases it placed them in (WAREHOUSE_ISOLATION).
      const roles = serverUrl ? await warehouseRolesOf(database) : [];
      const placed = serverUrl ? await database.db.select().from(warehouseLocations) : [];
      await database.close();
      if (serverUrl) {
        await withAdminClient(serverUrl, async (client) => {
          for (const name of new Set(placed.filter((row) => row.serverUrl === null).map((row) => row.databaseName)))
            await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
          await client.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
          for (const role of roles) await client.query(`DROP ROLE IF EXISTS ${quoteIdent(role)}`);
          for (const { organizationId } of placed)
            for (const role of [warehouseRoleName(organizationId), warehouseReaderRoleName(organizationId)])
              await client.query(`DROP ROLE IF EXISTS ${quoteIdent(role)}`);
        });
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function warehouseRolesOf(database: DatabaseHandle): Promise<string[]> {
  const result = await database.db.execute(sql`select nspname as name from pg_namespace where nspname like 'org\_%'`);
  return (result as unknown as { rows: { name: string }[] }).rows
    .map((row) => row.name)
    .filter(isWarehouseSchemaName)
    .flatMap((schema) => [warehouseRoleOfSchema(schema), warehouseReaderRoleOfSchema(schema)]);
}

/**
 * Organizations named 'Company <two letters> Holdings <n>' (every third with a Power BI e-mail) and
 * users spread evenly over them: one in ten inactive, names 'First<XY> Last<Z>'; plus the bench admin.
 */
export async function seedPlatform(database: DatabaseHandle, counts: { organizations: number; users: number }) {
  const { db } = database;
  console.log(`Seeding ${counts.organizations} organizations and ${counts.users} users on ${database.kind}…`);
  await db.execute(sql`
    insert into organizations (name, email, phone, powerbi_email, address)
    select 'Company ' || chr(65 + (g % 26)) || chr(65 + ((g / 26) % 26)) || ' Holdings ' || g,
           'finance' || g || '@company' || g || '.example',
           lpad((5550000000 + g)::text, 10, '0'),
           case when g % 3 = 0 then 'bi' || g || '@company' || g || '.example' end,
           g || ' Market Street'
    from generate_series(1, ${counts.organizations}) g`);
  const passwordHash = await hashPassword('Us3r!Passw0rd');
  await db.execute(sql`
    insert into users (first_name, last_name, email, role, organization_id, password_hash, is_active, created_at)
    select 'First' || chr(65 + (g % 26)) || chr(65 + ((g / 7) % 26)), 'Last' || chr(65 + ((g / 26) % 26)),
           'user' || g || '@bench.example', 'user',
           (select id from organizations order by name offset (g % ${counts.organizations}) limit 1), ${passwordHash},
           g % 10 <> 0, now() - g * interval '1 minute'
    from generate_series(1, ${counts.users}) g`);
  await seedBenchAdmin(database);
  if (database.kind === 'postgres') await db.execute(sql`analyze`);
}

/** The administrator startApp() signs in as; seedPlatform() adds it, a bench without platform data calls this. */
export async function seedBenchAdmin(database: DatabaseHandle) {
  await database.db.execute(sql`
    insert into users (first_name, last_name, email, role, password_hash)
    values ('Bench', 'Admin', ${ADMIN.email}, 'admin', ${await hashPassword(ADMIN.password)})`);
}

/** The real app on a local port, with the bench admin signed in (and the built web app of `webDistDir`). */
export async function startApp(
  environment: BenchEnvironment,
  options: {
    webDistDir?: string;
    env?: Record<string, string>;
    /** The warehouse model's migrations (default the app's); a bench adds one to time a fleet's migration. */
    warehouseMigrations?: readonly WarehouseMigration[];
    /** false: answer as soon as the app listens, while start-up's warehouse migrations still run. */
    awaitWarehouses?: boolean;
  } = {},
) {
  // TRUST_PROXY: the load bench's clients name their own address (sign-in is rate limited per address).
  const config = loadConfig({
    DATA_DIR: environment.dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database: environment.database,
    // BENCH_LOG=1: the app's errors on stdout (why a run failed); otherwise silent, as a timed server should be.
    logger: process.env.BENCH_LOG ? { level: 'error' } : false,
    webDistDir: options.webDistDir,
    warehouseMigrations: options.warehouseMigrations,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  if (options.awaitWarehouses !== false) {
    // Seeded organizations get their warehouses in the background at start-up: measure a quiet server.
    const provisioning = performance.now();
    await app.warehousesReady();
    const seconds = (performance.now() - provisioning) / 1000;
    if (seconds > 1) console.log(`Warehouses of the seeded organizations provisioned in ${seconds.toFixed(1)} s`);
  }
  // Time inside the server, from the request's arrival to the last byte of its answer: what the API
  // costs apart from the client and the loopback network.
  let serverTimes: number[] = [];
  app.server.prependListener('request', (_request, response) => {
    const arrived = performance.now();
    response.once('finish', () => serverTimes.push(performance.now() - arrived));
  });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  /**
   * Times GETs of `pathOf(i)` as the admin from a separate thread (WARMUP unmeasured, then ITERATIONS,
   * or `counts`); prints and returns p50/p95 in ms, and the p50 of the time spent inside the server.
   * Any answer but a 200 fails the run.
   */
  async function measureGet(
    label: string,
    pathOf: (i: number) => string,
    counts: { iterations?: number; warmup?: number } = {},
  ): Promise<Timing & { serverP50: number }> {
    serverTimes = [];
    const timing = report(label, await timePaths(base, token, pathOf, counts));
    const inServer = serverTimes.slice(counts.warmup ?? WARMUP).sort((a, b) => a - b);
    console.log(
      `${'  of which inside the server'.padEnd(58)} p50 ${percentile(inServer, 50).toFixed(2).padStart(7)} ms   ` +
        `p95 ${percentile(inServer, 95).toFixed(2).padStart(7)} ms`,
    );
    return { ...timing, serverP50: percentile(inServer, 50) };
  }

  /** GET through HTTP as the admin; fails loudly on anything but a 200. */
  async function get<T>(pathAndQuery: string): Promise<T> {
    const response = await fetch(`${base}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`GET ${pathAndQuery} answered ${response.status}`);
    return (await response.json()) as T;
  }
  /** Any call through HTTP as the admin, a JSON body sent as is; answers `data`, fails loudly on a status ≥ 300. */
  async function call<T>(method: string, pathAndQuery: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${pathAndQuery}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (response.status >= 300)
      throw new Error(`${method} ${pathAndQuery} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  }
  /** The bench admin as the app's services know it, to act through them (create an organization…). */
  async function adminPrincipal(): Promise<Principal> {
    const account = await app.services.users.findAccountByEmail(ADMIN.email);
    if (!account) throw new Error('the bench admin is missing: seed it first');
    return { id: account.id, email: account.email, role: 'admin', organizationId: null, mustChangePassword: false };
  }
  return {
    base,
    token,
    get,
    call,
    measureGet,
    services: app.services,
    adminPrincipal,
    warehousesReady: () => app.warehousesReady(),
    close: () => app.close(),
  };
}

/** Creates an organization through the organizations service (which provisions its warehouse), as the bench admin. */
export async function createOrganization(
  app: Awaited<ReturnType<typeof startApp>>,
  name: string,
  options: { baseCurrency?: CurrencyCode } = {},
) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return app.services.organizations.create(await app.adminPrincipal(), {
    fields: {
      organizationName: name,
      organizationEmail: `finance@${slug}.example`,
      organizationPhoneNumber: '2065550100',
      organizationAddress: '1 Bench Street',
      organizationDescription: undefined,
      powerbiEmail: undefined,
      dashboards: undefined,
      ...(options.baseCurrency && { baseCurrency: options.baseCurrency }),
    },
    removeLogo: false,
  });
}
