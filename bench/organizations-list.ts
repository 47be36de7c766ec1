/**
 * Issue 3, acceptance 5: the organizations list stays fast with 2,000 organizations and 20,000 users.
 * Measures the filtered list call through the real HTTP API beside the bare SQL the list runs for the
 * same page, straight on the database, in the same run.
 *
 *   npm run bench:organizations                                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgresql://… npm run bench:organizations  # PostgreSQL: a scratch database
 *                                                                   # is created on that server and dropped
 */
import { sql } from 'drizzle-orm';
import { ITERATIONS, measure, openBenchDatabase, ratio, seedPlatform, startApp } from './support/harness.ts';

const ORGANIZATIONS = Number(process.env.BENCH_ORGANIZATIONS ?? 2_000);
const USERS = 20_000;

const environment = await openBenchDatabase('organizations');
const { db } = environment.database;
await seedPlatform(environment.database, { organizations: ORGANIZATIONS, users: USERS });
const app = await startApp(environment);

// A realistic filtered, sorted page: a name fragment that matches about 1 in 26 organizations.
const fragments = Array.from({ length: 26 }, (_, i) => `Company ${String.fromCharCode(65 + i)}`);

const listPath = (i: number) =>
  `/api/v1/organization?name=${encodeURIComponent(fragments[i % fragments.length]!)}` +
  '&sortBy=name&sortOrder=asc&page=2&pageSize=20';
const sample = await app.get<{ data: { organizations: unknown[] } }>(listPath(0));
if (sample.data.organizations.length === 0) throw new Error('the filtered page is empty');
const viaApi = await app.measureGet('API  GET /api/v1/organization?name=…', listPath);

// The rows with their user counts (counted per page row through users_organization_idx) and the total.
const viaSql = await measure('SQL  the same page and count, direct', async (i) => {
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
  `ratio API/SQL: ${ratio(viaApi, viaSql)}  (${ORGANIZATIONS} organizations, ${USERS} users, ` +
    `${ITERATIONS} calls each, ${environment.database.kind})`,
);

await app.close();
await environment.close();
