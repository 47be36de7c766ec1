/**
 * The portfolio at 1,000 organizations: GET /api/v1/portfolio sorted, filtered and paged on the server, timed
 * through the real HTTP API beside the organizations list of the same page size (GET /api/v1/organization) in the
 * same run. Goal: p95 under 300 ms on PostgreSQL.
 *
 * The organizations: BENCH_PORTFOLIO_REAL (default 50) are real — made through the organizations service (their
 * warehouses provisioned), with 24 months of books (the demo chart, BENCH_PORTFOLIO_GL_LINES generated GL lines
 * each), their summaries written by the real refresher when the load commits. The others (up to
 * BENCH_PORTFOLIO_ORGANIZATIONS, default 1,000) are platform rows inserted directly, each with a copy of a real
 * organization's summary row (so every row of the list has figures to sort), which the output says. Every
 * organization has 10 pipeline runs (one in seven failed last), a connection with 5 syncs (one in eleven failed
 * last) and a report pack with 6 runs.
 *
 *   npm run bench:portfolio        # PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or
 *                                  # postgresql://postgres@127.0.0.1:5432/test (a scratch database, dropped after)
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/client.ts';
import type { PortfolioOrganization } from '@finboard/shared/portfolio';
import { GL_LINE_COLUMNS, glLines, loadLedgerReference } from './support/gl-lines.ts';
import { createOrganization, measure, openBenchDatabase, ratio, seedBenchAdmin, startApp } from './support/harness.ts';

const TOTAL = Number(process.env.BENCH_PORTFOLIO_ORGANIZATIONS ?? 1_000);
const REAL = Math.min(TOTAL, Number(process.env.BENCH_PORTFOLIO_REAL ?? 50));
const GL_LINES = Number(process.env.BENCH_PORTFOLIO_GL_LINES ?? 2_000);
const GOAL_MS = 300;
const serverUrl =
  process.env.BENCH_DATABASE_URL?.trim() ||
  process.env.TEST_DATABASE_URL?.trim() ||
  'postgresql://postgres@127.0.0.1:5432/test';

const environment = await openBenchDatabase('portfolio', serverUrl);
const { db } = environment.database;
await seedBenchAdmin(environment.database);
const app = await startApp(environment);
const { warehouse, portfolioSummaries } = app.services;

console.log(`Creating ${REAL} real organizations with 24 months and ${GL_LINES} GL lines each…`);
const seeding = performance.now();
const real: string[] = [];
for (let index = 0; index < REAL; index += 1) {
  const organization = await createOrganization(app, `Client Real ${String(index + 1).padStart(4, '0')}`);
  const { months, accounts } = await loadLedgerReference(warehouse, organization.id);
  await warehouse.copyRows(organization.id, '02_GL_Detail', GL_LINE_COLUMNS, glLines(GL_LINES, months, accounts));
  real.push(organization.id);
}
await portfolioSummaries.idle();
console.log(`  made in ${((performance.now() - seeding) / 1000).toFixed(1)} s, their summaries by the refresher`);

// What one summary costs: the refresher on a real organization's aggregates, timed on its own.
const refresh = await measure(
  'refresher: one organization’s summary (read + write)',
  async (i) => {
    portfolioSummaries.changed(real[i % real.length]!);
    await portfolioSummaries.idle();
  },
  { iterations: 100, warmup: 10 },
);

const direct = TOTAL - REAL;
console.log(`Inserting ${direct} organizations directly, each with a copy of a real organization's summary…`);
await db.execute(sql`
  insert into organizations (name, email, phone, base_currency)
  select 'Client ' || chr(65 + (g % 26)) || chr(65 + ((g / 26) % 26)) || ' ' || lpad(g::text, 4, '0'),
         'finance' || g || '@client' || g || '.example', lpad((5550000000 + g)::text, 10, '0'),
         (array['USD', 'EUR', 'GBP'])[1 + g % 3]
  from generate_series(1, ${direct}) g`);
await db.execute(sql`
  insert into organization_summaries (organization_id, latest_period, revenue_latest_month, net_income_latest_month,
    cash_latest, revenue_ytd, net_income_ytd, sparkline)
  select o.id, s.latest_period, s.revenue_latest_month * (0.5 + (o.n % 100) / 100.0),
    s.net_income_latest_month * (0.5 + (o.n % 97) / 100.0), s.cash_latest * (0.5 + (o.n % 89) / 100.0),
    s.revenue_ytd * (0.5 + (o.n % 83) / 100.0), s.net_income_ytd * (0.5 + (o.n % 79) / 100.0), s.sparkline
  from (select id, row_number() over (order by id) as n from organizations
        where id not in (select organization_id from organization_summaries)) o
  join organization_summaries s on s.organization_id = ${real[0]}`);
// Their loads, syncs and packs: 10 runs, 5 syncs and 6 pack runs each, the last run of one in seven failed, the
// last sync of one in eleven.
await db.execute(sql`
  insert into pipeline_runs (organization_id, pipeline_name, status, queued_at, started_at, finished_at)
  select o.id, 'GL Detail', case when r = 10 and o.n % 7 = 0 then 'failed' else 'succeeded' end,
    now() - (11 - r) * interval '1 day', now() - (11 - r) * interval '1 day', now() - (11 - r) * interval '1 day'
  from (select id, row_number() over (order by id) as n from organizations) o, generate_series(1, 10) r`);
await db.execute(sql`
  insert into accounting_connections (organization_id, system, status, external_id)
  select id, 'quickbooks', 'connected', 'realm-' || id from organizations`);
await db.execute(sql`
  insert into sync_runs (organization_id, connection_id, system, status, message, queued_at, finished_at)
  select c.organization_id, c.id, 'quickbooks',
    case when r = 5 and c.n % 11 = 0 then 'failed' else 'completed' end, 'Bench sync',
    now() - (6 - r) * interval '1 day', now() - (6 - r) * interval '1 day'
  from (select id, organization_id, row_number() over (order by id) as n from accounting_connections) c,
    generate_series(1, 5) r`);
await db.execute(sql`
  insert into report_packs (organization_id, name, pages, formats)
  select id, 'Monthly pack', '[{"id":"cover","kind":"cover"}]'::jsonb, '["pdf"]'::jsonb from organizations`);
await db.execute(sql`
  insert into report_pack_runs (organization_id, pack_id, period, status, trigger, deliver, queued_at, finished_at)
  select p.organization_id, p.id, to_char(now() - r * interval '1 month', 'YYYY-MM'), 'succeeded', 'manual', true,
    now() - r * interval '1 month', now() - r * interval '1 month'
  from report_packs p, generate_series(1, 6) r`);
await db.execute(sql`analyze`);
const [counts] = rowsOf<{ organizations: number; summaries: number; runs: number; syncs: number; packs: number }>(
  await db.execute(sql`select (select count(*) from organizations)::int as organizations,
    (select count(*) from organization_summaries)::int as summaries,
    (select count(*) from pipeline_runs)::int as runs, (select count(*) from sync_runs)::int as syncs,
    (select count(*) from report_pack_runs)::int as packs`),
);
console.log(
  `  ${counts!.organizations} organizations, ${counts!.summaries} summaries (${REAL} by the refresher, ` +
    `${counts!.summaries - REAL} copied rows), ${counts!.runs} pipeline runs, ${counts!.syncs} syncs, ` +
    `${counts!.packs} pack runs`,
);

// Sanity: the list answers every organization and flags some.
const first = await app.get<{ data: { organizations: PortfolioOrganization[] }; pagination: { total: number } }>(
  '/api/v1/portfolio?pageSize=100&flag=runFailed',
);
if (first.pagination.total === 0) throw new Error('no organization is flagged runFailed');

const pages = (count: number) => (i: number) => 1 + (i % count);
const cases: [string, (i: number) => string][] = [
  ['by name, pages 1–50', (i) => `/api/v1/portfolio?sort=name&page=${pages(50)(i)}&pageSize=20`],
  ['by revenue YTD desc, pages 1–50', (i) => `/api/v1/portfolio?sort=revenueYtd&sortOrder=desc&page=${pages(50)(i)}`],
  ['by last run desc, page 1', () => '/api/v1/portfolio?sort=lastRunAt&sortOrder=desc'],
  ['by last pack sent, page 3', () => '/api/v1/portfolio?sort=lastPackSentAt&page=3'],
  ['flag runFailed, by cash', () => '/api/v1/portfolio?flag=runFailed&sort=cashLatest'],
  ['name filter "Client A", by net income YTD', () => '/api/v1/portfolio?name=Client%20A&sort=netIncomeYtd'],
  ['100 a page, by latest period', (i) => `/api/v1/portfolio?sort=latestPeriod&pageSize=100&page=${pages(10)(i)}`],
];
const baseline = await app.measureGet(
  'baseline GET /api/v1/organization, 20 a page by name',
  (i) => `/api/v1/organization?sortBy=name&page=${pages(50)(i)}&pageSize=20`,
);
const timings: number[] = [];
for (const [label, pathOf] of cases) {
  const timing = await app.measureGet(`GET /api/v1/portfolio ${label}`, pathOf);
  console.log(`${'  ratio to the baseline'.padEnd(58)} ${ratio(timing, baseline)}`);
  timings.push(timing.p95);
}
const worst = Math.max(...timings);
console.log(
  `worst p95 ${worst.toFixed(1)} ms at ${counts!.organizations} organizations on ${environment.database.kind} ` +
    `(goal < ${GOAL_MS} ms): ${worst < GOAL_MS ? 'met' : 'NOT met'}; one summary refresh p50 ` +
    `${refresh.p50.toFixed(1)} ms, p95 ${refresh.p95.toFixed(1)} ms`,
);

await app.close();
await environment.close();
