/**
 * One organization's long work must not stall another's clicks. Starts the real app on a port, creates
 * organizations A and B, gives B some GL lines, then times B's Data Management Studio first page (as the
 * web app asks it: page 1 of 100 rows in key order, with the money totals) from a thread of its own, one
 * request after another with a short pause, while A:
 *   (a) runs a GL pipeline load of BENCH_FAIRNESS_LINES lines (uploaded first, as a browser does);
 *   (b) sends five Studio requests at once, again and again, each with 20 `contains` filters (19 that keep
 *       nearly every line, one that keeps none: every filter is evaluated on every line, the page, the total
 *       and the money totals all read the whole table);
 *   (c) downloads the CSV export of its whole GL, again and again.
 * Prints p50/p95/p99/max of B's wait per scenario beside the same page with A idle (the baseline, measured
 * in the same run), and what A got done meanwhile. Goal: B's p99 ≤ 500 ms in every scenario.
 *
 *   npm run bench:fairness              # PGlite, then PostgreSQL (BENCH_DATABASE_URL, default
 *                                       # postgresql://postgres@127.0.0.1:5432/test: a scratch database
 *                                       # is created on that server and dropped)
 * BENCH_FAIRNESS_DATABASES (default "pglite,postgres"), BENCH_FAIRNESS_LINES (default 200000: A's load),
 * BENCH_FAIRNESS_B_LINES (default 20000), BENCH_FAIRNESS_SECONDS (default 20: scenarios b and c),
 * BENCH_FAIRNESS_PAUSE_MS (default 100: B's pause between two requests), BENCH_FAIRNESS_SCENARIOS (default
 * "load,filters,export": which of a, b and c run; the export reads what the load wrote).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataFilter } from '@finboard/shared/data-management';
import type { UploadKey } from '@finboard/shared/upload-encryption';
import { GL_LINE_COLUMNS, glLines, loadLedgerReference } from './support/gl-lines.ts';
import { glUploadFields, runGlPipeline, uploadFile, writeGlCsv } from './support/gl-pipeline.ts';
import { createOrganization, openBenchDatabase, percentile, seedBenchAdmin, startApp } from './support/harness.ts';
import { HTTP_GET, inThread } from './support/threads.ts';

const DATABASES = (process.env.BENCH_FAIRNESS_DATABASES ?? 'pglite,postgres').split(',').map((kind) => kind.trim());
const POSTGRES_URL = process.env.BENCH_DATABASE_URL?.trim() || 'postgresql://postgres@127.0.0.1:5432/test';
const A_LINES = Number(process.env.BENCH_FAIRNESS_LINES ?? 200_000);
const B_LINES = Number(process.env.BENCH_FAIRNESS_B_LINES ?? 20_000);
const SECONDS = Number(process.env.BENCH_FAIRNESS_SECONDS ?? 20);
const PAUSE_MS = Number(process.env.BENCH_FAIRNESS_PAUSE_MS ?? 100);
const SCENARIOS = (process.env.BENCH_FAIRNESS_SCENARIOS ?? 'load,filters,export').split(',').map((name) => name.trim());
const IDLE_REQUESTS = 100;
const WARMUP_REQUESTS = 10;
const HEAVY_CLIENTS = 5;
const GOAL_P99_MS = 500;

/** Nineteen filters that keep nearly every generated line, then one that keeps none. */
const HEAVY_FILTERS: DataFilter[] = [
  ...(
    [
      ['journal_id', 'JE-'],
      ['reference', 'REF-'],
      ['description', 'r'],
      ['period', '-'],
      ['posting_date', '-'],
      ['entity', 'HPC'],
      ['source', 'upload'],
      ['debit', '.'],
      ['credit', '.'],
      ['journal_id', 'E-0'],
      ['reference', 'EF'],
      ['entity', '-'],
      ['period', '20'],
      ['posting_date', '20'],
      ['journal_id', 'JE'],
      ['reference', 'RE'],
      ['source', 'up'],
      ['entity', 'HP'],
      ['period', '0'],
      ['description', 'no line says this'],
    ] as const
  ).map(([column, value]): DataFilter => ({ column, op: 'contains', value })),
];

/** B's first page, request after request: `count` of them, or until `stop` (a shared flag) is set. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
${HTTP_GET}
(async () => {
  const { url, token, stop, pauseMs, count, warmup } = workerData;
  const flag = new Int32Array(stop);
  const times = [];
  const failures = {};
  const headers = { authorization: 'Bearer ' + token };
  for (let i = 0; i < warmup; i++) await send(url, { headers });
  for (let i = 0; count ? i < count : Atomics.load(flag, 0) === 0; i++) {
    const start = performance.now();
    try {
      const status = await send(url, { headers, timeoutMs: 120000 });
      if (status === 200) times.push(performance.now() - start);
      else failures['HTTP ' + status] = (failures['HTTP ' + status] ?? 0) + 1;
    } catch (error) {
      failures[error.message] = (failures[error.message] ?? 0) + 1;
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  parentPort.postMessage({ times, failures });
})();
`;

/** A's clients: `clients` loops over `url` until `stop` is set (each finishes its request in flight). */
const BUSY = `
const { parentPort, workerData } = require('node:worker_threads');
${HTTP_GET}
(async () => {
  const { url, token, stop, clients } = workerData;
  const flag = new Int32Array(stop);
  const times = [];
  const failures = {};
  const headers = { authorization: 'Bearer ' + token };
  await Promise.all(Array.from({ length: clients }, async () => {
    while (Atomics.load(flag, 0) === 0) {
      const start = performance.now();
      try {
        const status = await send(url, { headers, timeoutMs: 300000 });
        if (status === 200) times.push(performance.now() - start);
        else failures['HTTP ' + status] = (failures['HTTP ' + status] ?? 0) + 1;
      } catch (error) {
        failures[error.message] = (failures[error.message] ?? 0) + 1;
      }
    }
  }));
  parentPort.postMessage({ times, failures });
})();
`;

interface Timed {
  times: number[];
  failures: Record<string, number>;
}

interface Summary {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function summarize({ times, failures }: Timed): Summary {
  const sorted = [...times].sort((a, b) => a - b);
  const errors = Object.values(failures).reduce((sum, count) => sum + count, 0);
  if (sorted.length === 0) return { count: 0, errors, p50: NaN, p95: NaN, p99: NaN, max: NaN };
  return {
    count: sorted.length,
    errors,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1)!,
  };
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(0)).padStart(7);
const times = (value: number, base: number) => `${(value / base).toFixed(1)}×`.padStart(9);

async function benchDatabase(kind: string) {
  const environment = await openBenchDatabase(`fairness_${kind}`, kind === 'postgres' ? POSTGRES_URL : null);
  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-fairness-'));
  try {
    const { database } = environment;
    await seedBenchAdmin(database);
    const app = await startApp(environment);
    try {
      const a = await createOrganization(app, 'Busy Ledger Holdings');
      const b = await createOrganization(app, 'Quiet Ledger Holdings');
      const { warehouse } = app.services;
      const reference = await loadLedgerReference(warehouse, a.id);
      const { months, accounts } = await loadLedgerReference(warehouse, b.id);
      await warehouse.copyRows(b.id, '02_GL_Detail', GL_LINE_COLUMNS, glLines(B_LINES, months, accounts));
      const month = reference.months.at(-1)!;
      const file = path.join(scratchDir, 'a-gl.csv');
      await writeGlCsv(file, A_LINES, month, reference.accounts);
      const { data: uploadKey } = await app.get<{ data: UploadKey }>('/api/v1/pipeline/upload-key');
      await uploadFile(app, uploadKey, await glUploadFields(app, a.id, month.period), file);
      fs.rmSync(file, { force: true });

      const bPage = `${app.base}/api/v1/crud/${b.id}/02_GL_Detail?page=1&pageSize=100&totals=true`;
      const probe = (stop: SharedArrayBuffer, count = 0, warmup = 0) =>
        inThread<Timed>(PROBE, { url: bPage, token: app.token, stop, pauseMs: PAUSE_MS, count, warmup });
      const busy = (url: string, clients: number, stop: SharedArrayBuffer) =>
        inThread<Timed>(BUSY, { url, token: app.token, stop, clients });
      /** B's page timed while `work` runs; `work` sets the stop flag when A is done. */
      async function whileA(work: (stop: () => void) => Promise<string>) {
        const flag = new SharedArrayBuffer(4);
        const stop = () => Atomics.store(new Int32Array(flag), 0, 1);
        const [timed, done] = await Promise.all([probe(flag), work(stop).finally(stop)]);
        return { b: summarize(timed), failures: timed.failures, a: done };
      }
      const forSeconds = async (url: string, clients: number, describe: (timed: Timed, seconds: number) => string) =>
        whileA(async (stop) => {
          const flag = new SharedArrayBuffer(4);
          const started = performance.now();
          const timer = setTimeout(() => Atomics.store(new Int32Array(flag), 0, 1), SECONDS * 1000);
          const timed = await busy(url, clients, flag);
          clearTimeout(timer);
          stop();
          const summary = summarize(timed);
          if (summary.errors > 0) throw new Error(`A's requests failed: ${JSON.stringify(timed.failures)}`);
          return describe(timed, (performance.now() - started) / 1000);
        });

      const idle = summarize(await probe(new SharedArrayBuffer(4), IDLE_REQUESTS, WARMUP_REQUESTS));
      const scenarios: { label: string; b: Summary; failures: Record<string, number>; a: string }[] = [];
      const run = await whileA(async () => {
        const run = await runGlPipeline(app, a.id);
        return `run ${run.seconds.toFixed(1)} s, ${run.rows.toLocaleString('en-US')} lines loaded`;
      });
      if (SCENARIOS.includes('load'))
        scenarios.push({ label: `runs a ${A_LINES.toLocaleString('en-US')}-line GL pipeline load`, ...run });
      const filters = encodeURIComponent(JSON.stringify(HEAVY_FILTERS));
      if (SCENARIOS.includes('filters'))
        scenarios.push({
          label: `sends ${HEAVY_CLIENTS} Studio requests × 20 contains filters`,
          ...(await forSeconds(
            `${app.base}/api/v1/crud/${a.id}/02_GL_Detail?page=1&pageSize=100&totals=true&filters=${filters}`,
            HEAVY_CLIENTS,
            (timed, seconds) => {
              const s = summarize(timed);
              return `${s.count} answered in ${seconds.toFixed(0)} s, p50 ${(s.p50 / 1000).toFixed(1)} s`;
            },
          )),
        });
      if (SCENARIOS.includes('export'))
        scenarios.push({
          label: 'downloads the CSV export of its GL',
          ...(await forSeconds(`${app.base}/api/v1/crud/${a.id}/02_GL_Detail/export`, 1, (timed, seconds) => {
            const s = summarize(timed);
            return `${s.count} exports in ${seconds.toFixed(0)} s, p50 ${(s.p50 / 1000).toFixed(1)} s each`;
          })),
        });

      console.log(
        `\n${database.kind}: B has ${B_LINES.toLocaleString('en-US')} GL lines; A loads ` +
          `${A_LINES.toLocaleString('en-US')} (one period); pool ${process.env.BENCH_POOL_SIZE ?? 'default'}`,
      );
      console.log(
        `  B's Studio first page (100 rows, with totals), a request every ${PAUSE_MS} ms after the last answer`,
      );
      console.log(
        `  ${'while A…'.padEnd(44)} ${'count'.padStart(5)} ${'errors'.padStart(6)}` +
          `${'p50 ms'.padStart(7)}${'p95 ms'.padStart(7)}${'p99 ms'.padStart(7)}${'max ms'.padStart(7)}` +
          `${'p50/idle'.padStart(9)}${'p99/idle'.padStart(9)}   A meanwhile`,
      );
      const row = (label: string, s: Summary, extra: string) =>
        console.log(
          `  ${label.padEnd(44)} ${String(s.count).padStart(5)} ${String(s.errors).padStart(6)}` +
            `${ms(s.p50)}${ms(s.p95)}${ms(s.p99)}${ms(s.max)}${times(s.p50, idle.p50)}${times(s.p99, idle.p99)}   ${extra}`,
        );
      row('is idle (baseline)', idle, '');
      for (const scenario of scenarios) {
        row(scenario.label, scenario.b, scenario.a);
        for (const [failure, count] of Object.entries(scenario.failures)) console.log(`      ${count}× ${failure}`);
      }
      const met = scenarios.filter((scenario) => scenario.b.errors === 0 && scenario.b.p99 <= GOAL_P99_MS);
      console.log(`  goal (B's p99 ≤ ${GOAL_P99_MS} ms): met in ${met.length} of ${scenarios.length} scenarios`);
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(scratchDir, { recursive: true, force: true });
    await environment.close();
  }
}

for (const kind of DATABASES) {
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`BENCH_FAIRNESS_DATABASES: unknown database "${kind}"`);
  await benchDatabase(kind);
}
