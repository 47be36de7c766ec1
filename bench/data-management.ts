/**
 * Issue 4, acceptance 3: the Data Management Studio's grid stays fast on 1,000,000 GL lines. Creates one
 * organization (its warehouse is provisioned on creation), loads 24 periods, the demo chart of accounts
 * and a million generated GL lines through the warehouse's COPY loader, then measures four grid pages
 * through the real HTTP API beside the same SELECT and total run directly as the organization's role,
 * and beside a bare node:http server answering those same direct queries (the least any HTTP API costs
 * on this machine: it separates what HTTP itself adds from the API's own overhead). Then the time of a
 * single cell edit through the API (a GL line's description, then its department) beside a refresh of its
 * period's aggregates.
 * Targets: API within 1.5× of direct; the first page under 150 ms on PostgreSQL.
 *
 *   npm run bench:data-management                                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgresql://… npm run bench:data-management  # PostgreSQL: a scratch database
 *                                                                     # is created on that server and dropped
 * BENCH_GL_ROWS (default 1000000), BENCH_ITERATIONS (default 200; the unindexed sort and the deep page run a quarter of them).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import type { DataListData } from '@finboard/shared/data-management';
import { GL_LINE_COLUMNS, glLines, loadLedgerReference } from './support/gl-lines.ts';
import { DEPARTMENTS } from '../demo/generate/company.ts';
import {
  createOrganization,
  ITERATIONS,
  measure,
  measureHttp,
  openBenchDatabase,
  ratio,
  seedBenchAdmin,
  startApp,
  type Timing,
} from './support/harness.ts';

const GL_ROWS = Number(process.env.BENCH_GL_ROWS ?? 1_000_000);
const PAGE_SIZE = 100;
/** Page 5,000 of 100 lines: the middle of a million (or the last full page of a smaller load). */
const DEEP_PAGE = Math.max(1, Math.min(5_000, Math.floor(GL_ROWS / PAGE_SIZE)));
const FIRST_PAGE_TARGET_MS = 150;
const RATIO_TARGET = 1.5;
/** The list's threshold above which an unfiltered table answers the planner's estimate (data-management.service.ts). */
const ESTIMATE_THRESHOLD = 100_000;
/** Product revenue: one of the accounts a filter narrows to (a few hundred lines a period). */
const BUSY_ACCOUNT = '4110';

const environment = await openBenchDatabase('data_management');
const { database } = environment;
await seedBenchAdmin(database);
const app = await startApp(environment);
const { warehouse } = app.services;
const organization = await createOrganization(app, 'Bench Ledger Holdings');

const { months, accounts } = await loadLedgerReference(warehouse, organization.id);

console.log(`Loading ${GL_ROWS.toLocaleString('en-US')} GL lines on ${database.kind}…`);
const loading = performance.now();
const loaded = await warehouse.copyRows(
  organization.id,
  '02_GL_Detail',
  GL_LINE_COLUMNS,
  glLines(GL_ROWS, months, accounts),
);
const loadSeconds = (performance.now() - loading) / 1000;
console.log(
  `Loaded ${loaded.toLocaleString('en-US')} GL lines (${months.length} periods, ${accounts.length} accounts) ` +
    `in ${loadSeconds.toFixed(1)} s: ${Math.round(loaded / loadSeconds).toLocaleString('en-US')} rows/s`,
);
// What autovacuum and the checkpointer do on PostgreSQL soon after a load, done now and waited for, so
// the figures are of a quiet server: statistics (the plans below depend on them), the visibility map
// and hint bits (or the first reads write), and the load's WAL flushed (or a checkpoint lands mid-run).
const settling = performance.now();
await database.db.execute(sql.raw(`VACUUM (ANALYZE) ${warehouse.schemaOf(organization.id)}."02_GL_Detail"`));
if (database.kind === 'postgres') {
  await database.db.execute(sql.raw('CHECKPOINT'));
  await waitForAutovacuum();
}
console.log(`Vacuumed, analyzed and checkpointed in ${((performance.now() - settling) / 1000).toFixed(1)} s`);

async function waitForAutovacuum() {
  for (let waited = 0; waited < 120; waited++) {
    const running = (await database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'`,
    )) as unknown as { rows: { n: number }[] };
    if ((running.rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const orgId = organization.id;
const periods = months.map((month) => month.period);

interface Scenario {
  label: string;
  query: (i: number) => Record<string, string>;
  /** The same page and total, straight on the database as the organization's role. */
  direct: (i: number) => { where?: SQL; orderBy: string; offset: number };
  iterations?: number;
}

const filtersOf = (i: number) => [
  { column: 'period', op: 'eq', value: periods[i % periods.length]! },
  { column: 'account_code', op: 'eq', value: BUSY_ACCOUNT },
];

const scenarios: Scenario[] = [
  {
    label: 'first page (row_id asc)',
    query: () => ({ page: '1', pageSize: String(PAGE_SIZE) }),
    direct: () => ({ orderBy: 't."row_id" asc', offset: 0 }),
  },
  {
    label: 'sorted page (posting_date desc, page 3)',
    query: () => ({ page: '3', pageSize: String(PAGE_SIZE), sortBy: 'posting_date', sortOrder: 'desc' }),
    direct: () => ({ orderBy: 't."posting_date" desc, t."row_id" desc', offset: 2 * PAGE_SIZE }),
  },
  {
    label: `filtered page (period = …, account_code = ${BUSY_ACCOUNT})`,
    query: (i) => ({ page: '1', pageSize: String(PAGE_SIZE), filters: JSON.stringify(filtersOf(i)) }),
    direct: (i) => ({
      where: sql`t."period" = ${periods[i % periods.length]!}::text and t."account_code" = ${BUSY_ACCOUNT}::text`,
      orderBy: 't."row_id" asc',
      offset: 0,
    }),
  },
  {
    label: 'sorted by a column without an index (debit desc)',
    query: () => ({ page: '1', pageSize: String(PAGE_SIZE), sortBy: 'debit', sortOrder: 'desc' }),
    direct: () => ({ orderBy: 't."debit" desc, t."row_id" desc', offset: 0 }),
    iterations: Math.max(10, Math.round(ITERATIONS / 4)),
  },
  {
    label: `deep page (page ${DEEP_PAGE}, row_id asc)`,
    query: () => ({ page: String(DEEP_PAGE), pageSize: String(PAGE_SIZE) }),
    direct: () => ({ orderBy: 't."row_id" asc', offset: (DEEP_PAGE - 1) * PAGE_SIZE }),
    iterations: Math.max(10, Math.round(ITERATIONS / 4)),
  },
];

/**
 * What the Studio's list runs for a GL page (data-management.repository.ts): the page with its cells
 * in answer form, then the planner's estimate when unfiltered (a table this big answers it) or an
 * exact count when filtered — in one transaction as the organization's role.
 */
const SELECT_LIST = sql.raw(
  [
    't."row_id" as "row_id"',
    't."journal_id" as "journal_id"',
    't."line_no" as "line_no"',
    `to_char(t."posting_date", 'YYYY-MM-DD') as "posting_date"`,
    't."period" as "period"',
    't."account_code" as "account_code"',
    't."description" as "description"',
    't."debit"::text as "debit"',
    't."credit"::text as "credit"',
    't."entity" as "entity"',
    't."department" as "department"',
    't."counterparty" as "counterparty"',
    't."source" as "source"',
    't."reference" as "reference"',
  ].join(', '),
);

async function directPage({ where, orderBy, offset }: { where?: SQL; orderBy: string; offset: number }) {
  const filter = where ? sql` where ${where}` : sql``;
  const order = sql.raw(orderBy);
  return warehouse.withOrganization(orgId, async (tx) => {
    // As the repository: the page's keys first, then only those rows read and formatted, except for
    // the first page in row_id order (an index scan).
    const page =
      offset > 0 || !orderBy.startsWith('t."row_id"')
        ? sql`select ${SELECT_LIST} from "02_GL_Detail" t where t."row_id" in (
            select t."row_id" from "02_GL_Detail" t${filter} order by ${order} limit ${PAGE_SIZE} offset ${offset})
            order by ${order}`
        : sql`select ${SELECT_LIST} from "02_GL_Detail" t${filter} order by ${order} limit ${PAGE_SIZE} offset 0`;
    const { rows } = (await tx.execute(page)) as unknown as { rows: unknown[] };
    if (!where) {
      const estimate = (await tx.execute(
        sql`select greatest(c.reltuples, coalesce(pg_stat_get_live_tuples(c.oid), 0))::float8 as n
            from pg_class c where c.oid = to_regclass(${'"02_GL_Detail"'})`,
      )) as unknown as { rows: { n: number }[] };
      if ((estimate.rows[0]?.n ?? -1) >= ESTIMATE_THRESHOLD) return rows;
    }
    // A first page shorter than a page is its own count.
    if (offset > 0 || rows.length === PAGE_SIZE) {
      await tx.execute(sql`select count(*)::bigint as n from "02_GL_Detail" t${filter}`);
    }
    return rows;
  });
}

/**
 * The least any HTTP API can cost here: a bare node:http server in this process that runs the direct
 * queries of scenario `?s=` (iteration `&i=`) and answers their rows as JSON — no routing, session,
 * validation or headers. The API's own overhead is what it costs beyond this.
 */
async function startBareServer() {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bare');
    const scenario = scenarios[Number(url.searchParams.get('s'))]!;
    directPage(scenario.direct(Number(url.searchParams.get('i')))).then(
      (rows) => response.setHeader('content-type', 'application/json').end(JSON.stringify({ data: { rows } })),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
const bare = await startBareServer();

// The floor under every API figure: an authenticated call that reads one row (session check, routing, JSON).
const floor = await app.measureGet('API     floor: GET /api/v1/user/profile', () => '/api/v1/user/profile');

const results: { label: string; api: Timing & { serverP50: number }; bare: Timing; direct: Timing }[] = [];
for (const [index, scenario] of scenarios.entries()) {
  const counts = scenario.iterations ? { iterations: scenario.iterations, warmup: 3 } : {};
  const pathOf = (i: number) =>
    `/api/v1/crud/${orgId}/02_GL_Detail?${new URLSearchParams(scenario.query(i)).toString()}`;
  const sample = await app.get<{ data: DataListData }>(pathOf(0));
  if (sample.data.rows.length === 0) throw new Error(`${scenario.label}: the API answered an empty page`);
  const api = await app.measureGet(`API     ${scenario.label}`, pathOf, counts);
  const bareHttp = await measureHttp(`bare    ${scenario.label}`, bare.base, (i) => `/?s=${index}&i=${i}`, counts);
  const direct = await measure(
    `direct  ${scenario.label}`,
    async (i) => {
      const rows = await directPage(scenario.direct(i));
      if (rows.length === 0) throw new Error(`${scenario.label}: the direct query answered an empty page`);
    },
    counts,
  );
  results.push({ label: scenario.label, api, bare: bareHttp, direct });
}

console.log();
console.log(
  `${loaded.toLocaleString('en-US')} GL lines on ${database.kind}, ${ITERATIONS} calls each (unindexed sort and deep page fewer)`,
);
const verdict = (over: Timing, under: Timing) =>
  `${ratio(over, under)} ${over.p50 / under.p50 <= RATIO_TARGET && over.p95 / under.p95 <= RATIO_TARGET ? 'within' : 'NOT within'} ${RATIO_TARGET}×`;
for (const { label, api, bare: bareHttp, direct } of results) {
  console.log(`  ${label}`);
  console.log(`    API / direct SQL          ${verdict(api, direct)}`);
  console.log(`    bare HTTP / direct SQL    ${ratio(bareHttp, direct)}  (what HTTP alone adds here)`);
  console.log(`    API / bare HTTP + SQL     ${verdict(api, bareHttp)}  (the API's own overhead)`);
  console.log(
    `    p50 API ${api.p50.toFixed(1)} ms (inside the server ${api.serverP50.toFixed(1)}), bare ${bareHttp.p50.toFixed(1)}, ` +
      `direct ${direct.p50.toFixed(1)}; floor ${floor.p50.toFixed(1)} (inside ${floor.serverP50.toFixed(1)})`,
  );
}
const first = results[0]!.api;
console.log(
  `  first page through the API: p50 ${first.p50.toFixed(1)} ms, p95 ${first.p95.toFixed(1)} ms — ` +
    `${first.p95 < FIRST_PAGE_TARGET_MS ? 'under' : 'NOT under'} ${FIRST_PAGE_TARGET_MS} ms`,
);

// Writes: single cell edits through the API, each time of another line of one period — its description
// (which the monthly aggregates do not read) and its department (which moves them) — what the Studio does on
// every save, and a refresh of that period's monthly aggregates on its own.
// The latest open period (the reference calendar closes the months before it).
const [openPeriod] = (
  await app.get<{ data: DataListData }>(
    `/api/v1/crud/${orgId}/00_Period?${new URLSearchParams({
      pageSize: '1',
      sortBy: 'Period',
      sortOrder: 'desc',
      filters: JSON.stringify([{ column: 'is_closed', op: 'eq', value: false }]),
    }).toString()}`,
  )
).data.rows;
const editPeriod = String(openPeriod?.Period ?? periods.at(-1));
const editTargets = (
  await app.get<{ data: DataListData }>(
    `/api/v1/crud/${orgId}/02_GL_Detail?${new URLSearchParams({
      pageSize: '1000',
      filters: JSON.stringify([{ column: 'period', op: 'eq', value: editPeriod }]),
    }).toString()}`,
  )
).data.rows;
async function put(path: string, body: unknown) {
  const response = await fetch(`${app.base}${path}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`PUT ${path} answered ${response.status}: ${await response.text()}`);
  await response.json();
}
const editCounts = { iterations: Math.min(ITERATIONS, 100), warmup: 10 };
const cellEdit = await measure(
  `API     single cell edit (PUT a GL line's description)`,
  (i) =>
    put(`/api/v1/crud/${orgId}/02_GL_Detail/${String(editTargets[i % editTargets.length]!.row_id)}`, {
      description: `Checked ${i} ${performance.now().toFixed(0)}`,
    }),
  editCounts,
);
const departmentEdit = await measure(
  `API     single cell edit (PUT a GL line's department)`,
  (i) => {
    const row = editTargets[(i + editTargets.length / 2) % editTargets.length]!;
    return put(`/api/v1/crud/${orgId}/02_GL_Detail/${String(row.row_id)}`, {
      department: DEPARTMENTS.find((department) => department !== row.department),
    });
  },
  editCounts,
);
const periodRefresh = await measure(
  `direct  refresh of one period's monthly aggregates`,
  async () => void (await warehouse.refreshAggregates(orgId, [editPeriod])),
  { iterations: 20, warmup: 3 },
);
console.log(
  `  single cell edit: description p50 ${cellEdit.p50.toFixed(1)} ms (p95 ${cellEdit.p95.toFixed(1)}), ` +
    `department p50 ${departmentEdit.p50.toFixed(1)} ms (p95 ${departmentEdit.p95.toFixed(1)}); ` +
    `a refresh of its period ${periodRefresh.p50.toFixed(1)} ms (p50) on ${database.kind}`,
);

await bare.close();
await app.close();
await environment.close();
