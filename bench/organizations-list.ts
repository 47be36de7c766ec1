/**
 * Issue 3, acceptance 5: the organizations list stays fast with 2,000 organizations and 20,000 users.
 * Seeds that many rows, then measures the filtered list call through the real HTTP API beside the
 * bare SQL of the same page run directly on the database, in the same run.
 *
 *   npm run bench:organizations                                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgresql://… npm run bench:organizations  # PostgreSQL: a scratch database
 *                                                                   # is created on that server and dropped
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/platform/crypto/passwords.ts';
import { databaseUrl, withAdminClient } from '../apps/server/test/postgres.ts';

const ORGANIZATIONS = 2_000;
const USERS = 20_000;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const WARMUP = 30;
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
  const result = { label, p50: percentile(times, 50), p95: percentile(times, 95) };
  console.log(
    `${label.padEnd(44)} p50 ${result.p50.toFixed(2).padStart(7)} ms   p95 ${result.p95.toFixed(2).padStart(7)} ms`,
  );
  return result;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-bench-'));
const serverUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const scratch = `finboard_t_bench_${process.pid}`;
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
  insert into organizations (name, email, phone, powerbi_email, address)
  select 'Company ' || chr(65 + (g % 26)) || chr(65 + ((g / 26) % 26)) || ' Holdings ' || g,
         'finance' || g || '@company' || g || '.example',
         lpad((5550000000 + g)::text, 10, '0'),
         case when g % 3 = 0 then 'bi' || g || '@company' || g || '.example' end,
         g || ' Market Street'
  from generate_series(1, ${ORGANIZATIONS}) g`);
const passwordHash = await hashPassword('Us3r!Passw0rd');
await db.execute(sql`
  insert into users (first_name, last_name, email, role, organization_id, password_hash)
  select 'First' || chr(65 + (g % 26)), 'Last' || chr(65 + ((g / 26) % 26)), 'user' || g || '@bench.example', 'user',
         (select id from organizations order by name offset (g % ${ORGANIZATIONS}) limit 1), ${passwordHash}
  from generate_series(1, ${USERS}) g`);
await db.execute(sql`
  insert into users (first_name, last_name, email, role, password_hash)
  values ('Bench', 'Admin', ${ADMIN.email}, 'admin', ${await hashPassword(ADMIN.password)})`);
if (database.kind === 'postgres') await db.execute(sql`analyze`);

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

// A realistic filtered, sorted page: a name fragment that matches about 1 in 26 organizations.
const fragments = Array.from({ length: 26 }, (_, i) => `Company ${String.fromCharCode(65 + i)}`);
const apiResult = await measure('API  GET /api/v1/organization?name=…', async (i) => {
  const name = encodeURIComponent(fragments[i % fragments.length]!);
  const response = await fetch(
    `${base}/api/v1/organization?name=${name}&sortBy=name&sortOrder=asc&page=2&pageSize=20`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  const body = (await response.json()) as { data: { organizations: unknown[] } };
  if (response.status !== 200 || body.data.organizations.length === 0)
    throw new Error(`unexpected answer ${response.status}`);
});

// The bare SQL the list runs for that page, straight on the database: the rows with their user counts
// (counted per page row through users_organization_idx) and the filtered total.
const sqlResult = await measure('SQL  the same page and count, direct', async (i) => {
  const pattern = `%${fragments[i % fragments.length]!}%`;
  await Promise.all([
    db.execute(sql`
      select o.*, c.user_count
      from organizations o
      left join lateral (select count(*)::int as user_count from users u where u.organization_id = o.id) c on true
      where o.name ilike ${pattern}
      order by lower(o.name) asc, o.id asc limit 20 offset 20`),
    db.execute(sql`select count(*)::int from organizations o where o.name ilike ${pattern}`),
  ]);
});

console.log(
  `ratio API/SQL: p50 ${(apiResult.p50 / sqlResult.p50).toFixed(2)}×, p95 ${(apiResult.p95 / sqlResult.p95).toFixed(2)}×` +
    `  (${ORGANIZATIONS} organizations, ${USERS} users, ${ITERATIONS} calls each, ${database.kind})`,
);

await app.close();
await database.close();
if (serverUrl)
  await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`));
fs.rmSync(dataDir, { recursive: true, force: true });
