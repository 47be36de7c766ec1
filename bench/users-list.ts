/* eslint-disable no-console -- a benchmark prints its figures */
/**
 * The Users table stays fast with 20,000 users in 2,000 organizations: seeds that many rows, then
 * measures list calls through the real HTTP API beside the bare SQL of the same page and count, run
 * directly on the database in the same run.
 *
 *   npm run bench:users                                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgresql://… npm run bench:users  # PostgreSQL: a scratch database
 *                                                           # is created on that server and dropped
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { organizations } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/platform/crypto/passwords.ts';
import { databaseUrl, withAdminClient } from '../apps/server/test/postgres.ts';

const ORGANIZATIONS = 2_000;
const USERS = 20_000;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 20;
const ADMIN = { email: 'bench-admin@finboard.test', password: 'B3nch!Admin' };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(label: string, run: (i: number) => Promise<void>) {
  for (let i = 0; i < WARMUP; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const result = { p50: percentile(times, 50), p95: percentile(times, 95) };
  console.log(
    `${label.padEnd(58)} p50 ${result.p50.toFixed(2).padStart(7)} ms   p95 ${result.p95.toFixed(2).padStart(7)} ms`,
  );
  return result;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-bench-'));
const serverUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const scratch = `finboard_t_bench_users_${process.pid}`;
if (serverUrl) await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${scratch}"`));
const database = await openDatabase(
  serverUrl
    ? { kind: 'postgres', url: databaseUrl(serverUrl, scratch) }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
);
await database.migrate();
const { db } = database;

console.log(`Seeding ${ORGANIZATIONS} organizations and ${USERS} users on ${database.kind}…`);
await db.execute(sql`
  insert into organizations (name, email, phone)
  select 'Company ' || chr(65 + (g % 26)) || chr(65 + ((g / 26) % 26)) || ' Holdings ' || g,
         'finance' || g || '@company' || g || '.example',
         lpad((5550000000 + g)::text, 10, '0')
  from generate_series(1, ${ORGANIZATIONS}) g`);
const passwordHash = await hashPassword('Us3r!Passw0rd');
await db.execute(sql`
  insert into users (first_name, last_name, email, role, organization_id, password_hash, is_active, created_at)
  select 'First' || chr(65 + (g % 26)) || chr(65 + ((g / 7) % 26)), 'Last' || chr(65 + ((g / 26) % 26)),
         'user' || g || '@bench.example', 'user',
         (select id from organizations order by name offset (g % ${ORGANIZATIONS}) limit 1), ${passwordHash},
         g % 10 <> 0, now() - g * interval '1 minute'
  from generate_series(1, ${USERS}) g`);
await db.execute(sql`
  insert into users (first_name, last_name, email, role, password_hash)
  values ('Bench', 'Admin', ${ADMIN.email}, 'admin', ${await hashPassword(ADMIN.password)})`);
if (database.kind === 'postgres') await db.execute(sql`analyze`);
const [{ id: someOrganization } = { id: '' }] = await db
  .select({ id: organizations.id })
  .from(organizations)
  .orderBy(organizations.name)
  .offset(7)
  .limit(1);

const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' });
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const login = await fetch(`${base}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(ADMIN),
});
const token = ((await login.json()) as { data: { token: string } }).data.token;

const fragments = Array.from({ length: 26 }, (_, i) => `first${String.fromCharCode(97 + i)}`);

/** The bare SQL of one page (with organization name and dashboards, as the API shows them) and its count. */
async function bareSql(where: SQL, orderBy: SQL, page = 2) {
  await db.execute(sql`
    select u.*, o.name as organization_name,
      coalesce((select array_agg(ud.dashboard_id::text order by ud.dashboard_id) from user_dashboards ud
                where ud.user_id = u.id), '{}') as dashboards
    from users u left join organizations o on o.id = u.organization_id
    where ${where} order by ${orderBy} limit 20 offset ${(page - 1) * 20}`);
  await db.execute(sql`select count(*)::int from users u where ${where}`);
}

async function api(query: string, page = 2) {
  const response = await fetch(`${base}/api/v1/user?${query}&page=${page}&pageSize=20`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: unknown[] };
  if (response.status !== 200 || body.data.length === 0) throw new Error(`unexpected answer ${response.status}`);
}

const scenarios: { label: string; api: (i: number) => Promise<void>; sql: (i: number) => Promise<void> }[] = [
  {
    label: 'no filter, sorted by name (the default view)',
    api: () => api('sortBy=name'),
    sql: () => bareSql(sql`true`, sql`lower(u.first_name || ' ' || u.last_name), u.id`),
  },
  {
    label: 'name filter, sorted by name',
    api: (i) => api(`name=${fragments[i % 26]}&sortBy=name`),
    sql: (i) =>
      bareSql(
        sql`(u.first_name || ' ' || u.last_name) ilike ${`%${fragments[i % 26]}%`}`,
        sql`lower(u.first_name || ' ' || u.last_name), u.id`,
      ),
  },
  {
    label: 'no filter, sorted by organization name',
    api: () => api('sortBy=organizationName'),
    sql: () => bareSql(sql`true`, sql`lower(o.name) asc nulls last, lower(u.first_name || ' ' || u.last_name), u.id`),
  },
  {
    label: 'organization + active, sorted by e-mail',
    api: () => api(`organization_id=${someOrganization}&status=active&sortBy=email`, 1),
    sql: () => bareSql(sql`u.organization_id = ${someOrganization} and u.is_active`, sql`u.email, u.id`, 1),
  },
];

const ratios: string[] = [];
for (const scenario of scenarios) {
  const viaApi = await measure(`API  ${scenario.label}`, scenario.api);
  const viaSql = await measure(`SQL  ${scenario.label}`, scenario.sql);
  ratios.push(
    `${scenario.label}: p50 ${(viaApi.p50 / viaSql.p50).toFixed(2)}×, p95 ${(viaApi.p95 / viaSql.p95).toFixed(2)}×`,
  );
}
console.log(
  `ratio API/SQL (${USERS} users, ${ORGANIZATIONS} organizations, ${ITERATIONS} calls each, ${database.kind}):`,
);
for (const line of ratios) console.log(`  ${line}`);

await app.close();
await database.close();
if (serverUrl)
  await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`));
fs.rmSync(dataDir, { recursive: true, force: true });
