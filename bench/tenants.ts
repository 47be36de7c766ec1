/**
 * Many organizations on one installation: BENCH_TENANTS organizations (default 2,000) created through the
 * organizations service, measured at a tenth of them and at all of them — so the ratio shows what grows with the
 * number of organizations:
 * - one creation's time (p50/p95, each provisions its warehouse: a schema of 49 relations);
 * - start-up: the app built again on the same database until its warehouses are current;
 * - the server process's RSS;
 * - one pooled connection's memory (its server process's memory contexts) after a warehouse read of every
 *   organization, on the app's pool (DATABASE_MAX_USES: replaced after 250 checkouts) and, as the baseline of the
 *   same run, on a pool of the same size without that limit (what every pool was before).
 *
 *   BENCH_DATABASE_URL=postgresql://… npm run bench:tenants          # PostgreSQL: a scratch database, dropped after
 *   BENCH_TENANTS=10000 BENCH_DATABASE_URL=postgresql://… npm run bench:tenants
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { quoteIdent, warehouseSchemaName } from '../apps/server/src/warehouse/identifiers.ts';
import { createOrganization, openBenchDatabase, percentile, seedBenchAdmin, startApp } from './support/harness.ts';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 2_000);
const POOL_SIZE = 10;
const MB = 1024 * 1024;

const environment = await openBenchDatabase('tenants');
if (environment.database.kind !== 'postgres') {
  console.log('bench:tenants measures PostgreSQL: set BENCH_DATABASE_URL');
  await environment.close();
  process.exit(1);
}
await seedBenchAdmin(environment.database);
let app = await startApp(environment);
// The baseline's pool: the same server and size, no limit on a connection's uses or life.
const unlimited = new pg.Pool({ connectionString: environment.databaseUrl, max: POOL_SIZE });

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

async function measureAt(count: number): Promise<void> {
  console.log(`Creating organizations up to ${count}…`);
  const creations = (await createUpTo(count)).sort((a, b) => a - b);
  // Start-up on the same database: the app built again until every warehouse is current.
  await app.close();
  const starting = performance.now();
  app = await startApp(environment);
  const startup = (performance.now() - starting) / 1000;

  for (const id of organizations)
    await app.services.warehouse.withOrganization(id, async (tx) =>
      tx.execute(sql.raw(touch(quoteIdent(warehouseSchemaName(id))))),
    );
  const limited = await connectionMemory(environment.database.pool);
  for (const id of organizations) await unlimited.query(touch(quoteIdent(warehouseSchemaName(id))));
  const baseline = await connectionMemory(unlimited);
  rows.push({
    count,
    figures: {
      'creation p50': `${percentile(creations, 50).toFixed(0)} ms`,
      'creation p95': `${percentile(creations, 95).toFixed(0)} ms`,
      'start-up': `${startup.toFixed(1)} s`,
      'server RSS': `${(process.memoryUsage().rss / MB).toFixed(0)} MB`,
      'connection memory (app pool)': `${limited.toFixed(1)} MB`,
      'connection memory (no limit, baseline)': `${baseline.toFixed(1)} MB`,
    },
  });
}

await measureAt(Math.max(1, Math.round(TENANTS / 10)));
await measureAt(TENANTS);
await unlimited.end();
await app.close();

const [small, large] = rows as [(typeof rows)[0], (typeof rows)[0]];
console.log(`\n${'figure'.padEnd(42)}${`at ${small.count}`.padStart(14)}${`at ${large.count}`.padStart(14)}   ratio`);
for (const name of Object.keys(small.figures)) {
  const a = small.figures[name]!;
  const b = large.figures[name]!;
  const ratio = (parseFloat(b) / parseFloat(a)).toFixed(2);
  console.log(`${name.padEnd(42)}${a.padStart(14)}${b.padStart(14)}   ${ratio}×`);
}
const limitedRatio =
  parseFloat(large.figures['connection memory (app pool)']!) /
  parseFloat(small.figures['connection memory (app pool)']!);
console.log(
  `\nGoal: connection memory at ${large.count} ≤ 2× at ${small.count} — ${limitedRatio <= 2 ? 'met' : 'NOT met'} (${limitedRatio.toFixed(2)}×)`,
);
console.log('Not measured yet: a full backup, and the time until the last organization is migrated.');
await environment.close();
