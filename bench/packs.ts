/**
 * Issue 27, goal 1: a firm's monthly pack for every client. Creates BENCH_PACK_ORGANIZATIONS organizations
 * (default 100) with 24 months of books each (the demo chart, BENCH_PACK_GL_LINES generated GL lines per
 * organization, default 3,000), one template (cover, contents, Profit & Loss, Balance Sheet, Cash Flow, KPIs,
 * commentary, a chart, the tie-out), a pack per organization made from it with a recipient and a drafted
 * commentary, then generates every pack for the last month — PDF and Excel — and queues its mail (the outbox),
 * through the real API and the real job runner (PIPELINE_CONCURRENCY workers), waiting until all are done.
 * Prints the total time, per-pack p50/p95 (a run's start to finish), the server's RSS growth, and beside them
 * the baseline of the same run: the statement reads one pack makes, timed through the API on their own.
 * Goal: all 100 in under 10 minutes on PostgreSQL on the two-core machine.
 *
 *   npm run bench:packs                                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgresql://… npm run bench:packs  # PostgreSQL: a scratch database is created and dropped
 */
import type { Pack, PackRun, PackTemplate } from '@finboard/shared/report-packs';
import { GL_LINE_COLUMNS, glLines, loadLedgerReference } from './support/gl-lines.ts';
import { createOrganization, openBenchDatabase, percentile, seedBenchAdmin, startApp } from './support/harness.ts';

const ORGANIZATIONS = Number(process.env.BENCH_PACK_ORGANIZATIONS ?? 100);
const GL_LINES = Number(process.env.BENCH_PACK_GL_LINES ?? 3_000);
const GOAL_SECONDS = 600;

const environment = await openBenchDatabase('packs');
await seedBenchAdmin(environment.database);
const app = await startApp(environment);
const { warehouse } = app.services;

const { call } = app;

console.log(
  `Creating ${ORGANIZATIONS} organizations with 24 months and ${GL_LINES} GL lines each on ${environment.database.kind}…`,
);
const seeding = performance.now();
const organizations: string[] = [];
let period = '';
for (let index = 0; index < ORGANIZATIONS; index += 1) {
  const organization = await createOrganization(app, `Bench Client ${String(index + 1).padStart(3, '0')}`);
  const { months, accounts } = await loadLedgerReference(warehouse, organization.id);
  await warehouse.copyRows(organization.id, '02_GL_Detail', GL_LINE_COLUMNS, glLines(GL_LINES, months, accounts));
  organizations.push(organization.id);
  period = months.at(-1)!.period;
}
console.log(`Seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; the packs are for ${period}`);

const { template } = await call<{ template: PackTemplate }>('POST', '/api/v1/report-pack-templates', {
  name: 'Monthly management pack',
  formats: ['pdf', 'xlsx'],
  pages: [
    { kind: 'cover' },
    { kind: 'contents' },
    { kind: 'statement', template: 'profit-and-loss', options: { compare: ['previousPeriod', 'priorYear', 'budget'] } },
    { kind: 'statement', template: 'balance-sheet', options: { compare: ['priorYear'] } },
    { kind: 'statement', template: 'cash-flow', options: { range: 'yearToDate', compare: [] } },
    { kind: 'kpis' },
    { kind: 'commentary' },
    { kind: 'chart', options: { chart: 'revenue-and-net-income' } },
    { kind: 'tie-out' },
  ],
});
const packs: Pack[] = [];
for (const [index, organization] of organizations.entries()) {
  const { pack } = await call<{ pack: Pack }>('POST', `/api/v1/report-packs/${organization}`, {
    name: 'Monthly pack',
    templateId: template.id,
  });
  await call('PUT', `/api/v1/report-packs/${organization}/${pack.id}`, {
    recipients: [{ email: `owner${index + 1}@client.example` }],
  });
  const { text } = await call<{ text: string }>(
    'POST',
    `/api/v1/report-packs/${organization}/${pack.id}/commentary/${period}/draft`,
  );
  await call('PUT', `/api/v1/report-packs/${organization}/${pack.id}/commentary/${period}`, { text });
  packs.push(pack);
}

// The baseline: the statement and KPI reads of one pack, through the API on their own, for ten organizations.
const readsOf = (organization: string) => [
  `/api/v1/reports/${organization}/profit-and-loss?from=${period}&to=${period}&compare=previousPeriod,priorYear,budget`,
  `/api/v1/reports/${organization}/balance-sheet?from=${period}&to=${period}&compare=priorYear`,
  `/api/v1/reports/${organization}/cash-flow?to=${period}&compare=none`,
  `/api/v1/reports/${organization}/kpis?from=${period}&to=${period}`,
];
const baseline: number[] = [];
for (const organization of organizations.slice(0, 10)) {
  const started = performance.now();
  for (const path of readsOf(organization)) await app.get(path);
  baseline.push(performance.now() - started);
}
baseline.sort((a, b) => a - b);

global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 200);
console.log(`Generating ${packs.length} packs (PDF and Excel) and queuing their mail…`);
const generating = performance.now();
const runs = await Promise.all(
  packs.map(async (pack) => ({
    pack,
    runId: (
      await call<{ runId: string }>('POST', `/api/v1/report-packs/${pack.organizationId}/${pack.id}/generate`, {
        period,
        deliver: true,
      })
    ).runId,
  })),
);
const finished: PackRun[] = [];
while (finished.length < runs.length) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  finished.length = 0;
  for (const { pack, runId } of runs) {
    const { run } = await call<{ run: PackRun }>(
      'GET',
      `/api/v1/report-packs/${pack.organizationId}/${pack.id}/runs/${runId}`,
    );
    if (run.status !== 'queued' && run.status !== 'running') finished.push(run);
  }
}
const totalSeconds = (performance.now() - generating) / 1000;
clearInterval(sampler);

const failed = finished.filter((run) => run.status !== 'succeeded');
const durations = finished
  .filter((run) => run.startedAt && run.finishedAt)
  .map((run) => Date.parse(run.finishedAt!) - Date.parse(run.startedAt!))
  .sort((a, b) => a - b);
const pdfBytes = finished.flatMap((run) => run.files.filter((file) => file.format === 'pdf').map((file) => file.bytes));
const pdfPages = finished.flatMap((run) => run.files.filter((file) => file.format === 'pdf').map((file) => file.pages));
const mailed = finished
  .flatMap((run) => run.deliveries)
  .filter((delivery) => delivery.status === 'outbox' || delivery.status === 'sent');

console.log('');
console.log(`Database: ${environment.database.kind}; workers: ${process.env.PIPELINE_CONCURRENCY ?? 2}`);
console.log(
  `Packs: ${finished.length} done, ${failed.length} not succeeded${failed.length ? ` (${failed[0]!.status}: ${failed[0]!.message})` : ''}`,
);
console.log(
  `Total: ${totalSeconds.toFixed(1)} s for ${packs.length} packs (goal: under ${GOAL_SECONDS} s on PostgreSQL)`,
);
console.log(
  `Per pack (run start to finish): p50 ${percentile(durations, 50).toFixed(0)} ms, p95 ${percentile(durations, 95).toFixed(0)} ms`,
);
console.log(
  `Baseline, the statement reads of one pack alone: p50 ${percentile(baseline, 50).toFixed(0)} ms; ratio pack / reads ${(percentile(durations, 50) / percentile(baseline, 50)).toFixed(1)}×`,
);
console.log(
  `PDF: p50 ${(
    percentile(
      [...pdfBytes].sort((a, b) => a - b),
      50,
    ) / 1024
  ).toFixed(0)} KiB, ${percentile(
    [...pdfPages].sort((a, b) => a - b),
    50,
  )} pages; mails queued: ${mailed.length}`,
);
console.log(
  `Server RSS: ${(rssBefore / 2 ** 20).toFixed(0)} MiB before, peak ${(rssPeak / 2 ** 20).toFixed(0)} MiB (growth ${((rssPeak - rssBefore) / 2 ** 20).toFixed(0)} MiB)`,
);

await app.close();
await environment.close();
if (failed.length > 0) process.exit(1);
