/**
 * Issue 11 §1: the built-in dashboards stay fast on 1,000,000 GL lines. Creates one organization, loads 24
 * periods, the demo chart of accounts and a million generated GL lines through the warehouse's COPY loader
 * (which builds the monthly aggregates in the same transaction), then measures, warm, every widget of
 * Profit & Loss and Financial Overview through the real HTTP API (each statement is one call that answers
 * all of its tables, charts and KPI cards) beside the same totals computed by one aggregate query over
 * 02_GL_Detail, as the organization's role, in the same run.
 * Targets: p95 < 100 ms on PostgreSQL, and at least 5× faster than the raw aggregate.
 *
 *   npm run bench:dashboard                                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgresql://… npm run bench:dashboard  # PostgreSQL: a scratch database
 *                                                               # is created on that server and dropped
 * BENCH_GL_ROWS (default 1000000), BENCH_ITERATIONS (default 200; the raw aggregate runs a quarter of them).
 */
import { sql } from 'drizzle-orm';
import type { Report } from '@finboard/shared/reports';
import { GL_LINE_COLUMNS, glLines, loadLedgerReference } from './support/gl-lines.ts';
import {
  createOrganization,
  ITERATIONS,
  measure,
  openBenchDatabase,
  seedBenchAdmin,
  startApp,
  type Timing,
} from './support/harness.ts';

const GL_ROWS = Number(process.env.BENCH_GL_ROWS ?? 1_000_000);
const P95_TARGET_MS = 100;
const SPEEDUP_TARGET = 5;

const environment = await openBenchDatabase('dashboard');
const { database } = environment;
await seedBenchAdmin(database);
const app = await startApp(environment);
const { warehouse, reports } = app.services;
const organization = await createOrganization(app, 'Bench Dashboard Holdings');
const orgId = organization.id;
const { months, accounts } = await loadLedgerReference(warehouse, orgId);

console.log(`Loading ${GL_ROWS.toLocaleString('en-US')} GL lines on ${database.kind} (the aggregates with them)…`);
const loading = performance.now();
const loaded = await warehouse.copyRows(orgId, '02_GL_Detail', GL_LINE_COLUMNS, glLines(GL_ROWS, months, accounts));
console.log(
  `Loaded ${loaded.toLocaleString('en-US')} GL lines in ${((performance.now() - loading) / 1000).toFixed(1)} s`,
);

const refreshing = performance.now();
const refreshed = await reports.refreshAggregates(orgId);
console.log(
  `Full refresh of the monthly aggregates: ${refreshed.rows.toLocaleString('en-US')} balance rows in ` +
    `${((performance.now() - refreshing) / 1000).toFixed(2)} s`,
);
const schema = warehouse.schemaOf(orgId);
for (const table of ['02_GL_Detail', '05_Monthly_Balance', '05_Monthly_Cash_Flow'])
  await database.db.execute(sql.raw(`VACUUM (ANALYZE) ${schema}."${table}"`));
if (database.kind === 'postgres') await database.db.execute(sql.raw('CHECKPOINT'));

const last = months.at(-1)!.period;
const periods = months.map((month) => month.period);
/** Rotating ranges: the fiscal year to date (default), the last quarter, the last 12 months, one entity. */
const queries = ['', `?from=${periods.at(-3)}&to=${last}`, `?from=${periods.at(-12)}&to=${last}`, `?entity=HPC-US`];
const path = (template: string) => (i: number) => `/api/v1/reports/${orgId}/${template}${queries[i % queries.length]}`;

// The raw baseline: the same headline totals (revenue, cost of sales, operating and other expenses, net
// income by month, and cash to date) by one aggregate query over the ledger, as the organization's role.
const sample = (await app.get<{ data: Report }>(path('profit-and-loss')(0))).data;
async function rawTotals(from: string, to: string) {
  return warehouse.withOrganization(orgId, async (tx) => {
    const result = (await tx.execute(sql`select g.period,
        sum(g.credit - g.debit) filter (where a.account_type = 'revenue') as revenue,
        sum(g.debit - g.credit) filter (where a.account_subtype = 'cost_of_sales') as cost_of_sales,
        sum(g.debit - g.credit) filter (where a.account_type = 'expense'
          and coalesce(a.account_subtype, '') not in ('cost_of_sales', 'other_expense', 'income_tax')) as operating,
        sum(g.credit - g.debit) filter (where a.account_type in ('revenue', 'expense')) as net_income,
        sum(g.debit - g.credit) filter (where a.account_subtype = 'cash') as cash
      from "02_GL_Detail" g join "01_Account" a on a.account_code = g.account_code
      where g.period <= ${to}
      group by g.period order by g.period`)) as unknown as { rows: { period: string; net_income: string | null }[] };
    return result.rows.filter((row) => row.period >= from);
  });
}
const check = await rawTotals(sample.from, sample.to);
const rawNet = check.reduce((sum, row) => sum + Math.round(Number(row.net_income ?? 0) * 100), 0);
if (rawNet !== Math.round(sample.totals.netIncome! * 100))
  throw new Error(`P&L net income ${sample.totals.netIncome} differs from the ledger's ${rawNet / 100}`);

const pl = await app.measureGet('API  Profit & Loss (every widget: one call)', path('profit-and-loss'));
const overview = await app.measureGet('API  Financial Overview (every widget: one call)', path('financial-overview'));
const raw = await measure(
  'raw  one aggregate query over 02_GL_Detail',
  async () => {
    await rawTotals(sample.from, sample.to);
  },
  { iterations: Math.max(10, Math.round(ITERATIONS / 4)), warmup: 3 },
);

console.log();
console.log(`${loaded.toLocaleString('en-US')} GL lines on ${database.kind}, ${ITERATIONS} calls each`);
const verdict = (label: string, api: Timing) => {
  const speedup = raw.p95 / api.p95;
  console.log(
    `  ${label}: p50 ${api.p50.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms — ` +
      `${api.p95 < P95_TARGET_MS ? 'under' : 'NOT under'} ${P95_TARGET_MS} ms; ` +
      `${speedup.toFixed(1)}× faster than the raw aggregate at p95 (${raw.p95.toFixed(1)} ms) — ` +
      `${speedup >= SPEEDUP_TARGET ? 'meets' : 'does NOT meet'} ${SPEEDUP_TARGET}×`,
  );
};
verdict('Profit & Loss', pl);
verdict('Financial Overview', overview);

await app.close();
await environment.close();
