/**
 * The Users table stays fast with 20,000 users in 2,000 organizations: seeds that many rows, then
 * measures list calls through the real HTTP API beside the bare SQL of the same page and count, run
 * directly on the database in the same run.
 *
 *   npm run bench:users                                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgresql://… npm run bench:users  # PostgreSQL: a scratch database
 *                                                           # is created on that server and dropped
 */
import { sql, type SQL } from 'drizzle-orm';
import { organizations } from '../apps/server/src/db/schema.ts';
import { ITERATIONS, measure, openBenchDatabase, ratio, seedPlatform, startApp } from './support/harness.ts';

const ORGANIZATIONS = Number(process.env.BENCH_ORGANIZATIONS ?? 2_000);
const USERS = 20_000;

const environment = await openBenchDatabase('users');
const { db } = environment.database;
await seedPlatform(environment.database, { organizations: ORGANIZATIONS, users: USERS });
const [{ id: someOrganization } = { id: '' }] = await db
  .select({ id: organizations.id })
  .from(organizations)
  .orderBy(organizations.name)
  .offset(7)
  .limit(1);

const app = await startApp(environment);

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

const usersPath = (query: string, page = 2) => `/api/v1/user?${query}&page=${page}&pageSize=20`;

const scenarios: { label: string; api: (i: number) => string; sql: (i: number) => Promise<void> }[] = [
  {
    label: 'no filter, sorted by name (the default view)',
    api: () => usersPath('sortBy=name'),
    sql: () => bareSql(sql`true`, sql`lower(u.first_name || ' ' || u.last_name), u.id`),
  },
  {
    label: 'name filter, sorted by name',
    api: (i) => usersPath(`name=${fragments[i % 26]}&sortBy=name`),
    sql: (i) =>
      bareSql(
        sql`(u.first_name || ' ' || u.last_name) ilike ${`%${fragments[i % 26]}%`}`,
        sql`lower(u.first_name || ' ' || u.last_name), u.id`,
      ),
  },
  {
    label: 'no filter, sorted by organization name',
    api: () => usersPath('sortBy=organizationName'),
    sql: () => bareSql(sql`true`, sql`lower(o.name) asc nulls last, lower(u.first_name || ' ' || u.last_name), u.id`),
  },
  {
    label: 'organization + active, sorted by e-mail',
    api: () => usersPath(`organization_id=${someOrganization}&status=active&sortBy=email`, 1),
    sql: () => bareSql(sql`u.organization_id = ${someOrganization} and u.is_active`, sql`u.email, u.id`, 1),
  },
];

const ratios: string[] = [];
for (const scenario of scenarios) {
  const sample = await app.get<{ data: unknown[] }>(scenario.api(0));
  if (sample.data.length === 0) throw new Error(`${scenario.label}: the page is empty`);
  const viaApi = await app.measureGet(`API  ${scenario.label}`, scenario.api);
  const viaSql = await measure(`SQL  ${scenario.label}`, scenario.sql);
  ratios.push(`${scenario.label}: ${ratio(viaApi, viaSql)}`);
}
console.log(
  `ratio API/SQL (${USERS} users, ${ORGANIZATIONS} organizations, ${ITERATIONS} calls each, ${environment.database.kind}):`,
);
for (const line of ratios) console.log(`  ${line}`);

await app.close();
await environment.close();
