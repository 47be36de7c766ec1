/**
 * Issue 8, acceptance 6: the server under concurrent mixed load, on PGlite and on PostgreSQL. Starts the
 * real app on a port, seeds organizations, users and a warehouse with GL lines, then runs 50 and then
 * 100 clients at once for 60 s each, every client looping over a mix of requests (sign-in, profile,
 * organizations, users, a Data Management Studio page, data types) while a separate thread polls
 * /healthz. Prints p50/p95/p99 and errors per kind of request, and /healthz under load against /healthz
 * on the same idle server measured just before (the baseline of the same run).
 *
 * Each level runs twice: clients as people use the app (after each answer a client thinks for 0.5–1.5 s,
 * BENCH_LOAD_THINK_MS's mean), then clients with no think time at all, which measures capacity: there
 * every client always has one request queued, so the mean latency is clients ÷ throughput whatever the
 * server does (Little's law), and the run reports requests/s and the event loop's CPU per request.
 * Goals: on PostgreSQL 0 errors and p99 < 500 ms (people clients); on PGlite 0 errors and /healthz p99 <
 * 50 ms (every run).
 *
 *   npm run bench:load                  # PGlite, then PostgreSQL (BENCH_DATABASE_URL, default
 *                                       # postgresql://postgres@127.0.0.1:5432/test: a scratch database
 *                                       # is created on that server and dropped)
 * BENCH_LOAD_SECONDS (default 60) per level, BENCH_LOAD_CLIENTS (default "50,100"),
 * BENCH_LOAD_DATABASES (default "pglite,postgres"), BENCH_GL_ROWS (default 50000), BENCH_LOAD_THINK_MS
 * (default "1000,0": the mean think time of each pass; 0 is the capacity pass).
 */
import fs from 'node:fs';
import { GL_LINE_COLUMNS, glLines, loadLedgerReference } from './support/gl-lines.ts';
import { createOrganization, openBenchDatabase, percentile, seedPlatform, startApp } from './support/harness.ts';
import { HTTP_GET, inThread } from './support/threads.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const LEVELS = (process.env.BENCH_LOAD_CLIENTS ?? '50,100').split(',').map(Number);
const DATABASES = (process.env.BENCH_LOAD_DATABASES ?? 'pglite,postgres').split(',').map((kind) => kind.trim());
const POSTGRES_URL = process.env.BENCH_DATABASE_URL?.trim() || 'postgresql://postgres@127.0.0.1:5432/test';
const GL_ROWS = Number(process.env.BENCH_GL_ROWS ?? 50_000);
const THINK_MS = (process.env.BENCH_LOAD_THINK_MS ?? '1000,0').split(',').map(Number);
const ORGANIZATIONS = 20;
const USERS = 400;
/** Seeded users' password (harness seedPlatform); user<g>@bench.example is active unless g is a multiple of 10. */
const USER_PASSWORD = 'Us3r!Passw0rd';
/** Requests of the first seconds (connections opening, caches warming) are not counted. */
const WARMUP_SECONDS = Math.min(5, SECONDS / 10);
const HEALTHZ_INTERVAL_MS = 20;
const GOALS = { postgresP99: 500, pgliteHealthzP99: 50 };

interface Request {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Sent without the admin's token (sign-in). */
  anonymous?: boolean;
}

// Each client loops over its own rotation of this mix; sign-in (an argon2 hash) is one request in eleven.
function mixOf(orgId: string, client: number): Request[] {
  // 1 … USERS - 1, never a multiple of ten (those are inactive), so every sign-in succeeds.
  const user = 1 + ((client * 7) % (USERS - 1));
  const email = `user${user % 10 === 0 ? user + 1 : user}@bench.example`;
  const page = 1 + (client % 5);
  return [
    {
      kind: 'login',
      method: 'POST',
      path: '/api/v1/auth/login',
      body: { email, password: USER_PASSWORD },
      anonymous: true,
    },
    { kind: 'profile', method: 'GET', path: '/api/v1/user/profile' },
    { kind: 'organizations', method: 'GET', path: `/api/v1/organization?page=1&pageSize=20&sortBy=name&sortOrder=asc` },
    { kind: 'users', method: 'GET', path: `/api/v1/user?page=${page}&pageSize=20&sortBy=name` },
    { kind: 'studio page', method: 'GET', path: `/api/v1/crud/${orgId}/02_GL_Detail?page=${page}&pageSize=100` },
    { kind: 'data types', method: 'GET', path: `/api/v1/data-types/${orgId}?page=1&pageSize=20` },
    { kind: 'profile', method: 'GET', path: '/api/v1/user/profile' },
    { kind: 'organizations', method: 'GET', path: `/api/v1/organization?page=2&pageSize=20&sortBy=name&sortOrder=asc` },
    { kind: 'users', method: 'GET', path: `/api/v1/user?page=${page + 1}&pageSize=20&sortBy=email` },
    { kind: 'studio page', method: 'GET', path: `/api/v1/crud/${orgId}/02_GL_Detail?page=${page + 5}&pageSize=100` },
    { kind: 'data types', method: 'GET', path: `/api/v1/data-types/${orgId}?page=1&pageSize=20` },
  ];
}

// The /healthz poller has a thread of its own so the load clients' work never delays its timing.
const LOAD_CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
${HTTP_GET}
(async () => {
  const { base, token, mixes, durationMs, warmupMs, thinkMs } = workerData;
  const started = performance.now();
  const deadline = started + durationMs;
  const byKind = {};
  const record = (kind, ms, failure) => {
    const entry = (byKind[kind] ??= { times: [], errors: 0, failures: {}, sent: 0 });
    entry.sent++;
    if (failure) { entry.errors++; entry.failures[failure] = (entry.failures[failure] ?? 0) + 1; }
    else if (performance.now() - started >= warmupMs) entry.times.push(ms);
  };
  await Promise.all(mixes.map(async (mix, client) => {
    for (let i = client; performance.now() < deadline; i++) {
      const request = mix[i % mix.length];
      const headers = {};
      if (!request.anonymous) headers.authorization = 'Bearer ' + token;
      // Each client signs in from an address of its own, as people do: sign-in is limited per address.
      else headers['x-forwarded-for'] = '10.77.' + (client >> 8) + '.' + (client & 255);
      const body = request.body ? JSON.stringify(request.body) : undefined;
      if (body) headers['content-type'] = 'application/json';
      const start = performance.now();
      let failure;
      try {
        const status = await send(base + request.path, { method: request.method, headers, body });
        if (status !== 200) failure = 'HTTP ' + status;
      } catch (error) {
        failure = error.name + ': ' + error.message;
      }
      record(request.kind, performance.now() - start, failure);
      // A person reads the answer before the next click: 0.5 to 1.5 times the mean, so clients drift apart.
      if (thinkMs) await new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())));
    }
  }));
  parentPort.postMessage(byKind);
})();
`;

const HEALTHZ_POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
${HTTP_GET}
(async () => {
  const { base, durationMs, count, intervalMs, warmupMs } = workerData;
  const started = performance.now();
  const times = [];
  let errors = 0;
  let sent = 0;
  for (let i = 0; count ? i < count : performance.now() - started < durationMs; i++) {
    const start = performance.now();
    sent++;
    try {
      const status = await send(base + '/healthz');
      if (status !== 200) errors++;
      else if (start - started >= warmupMs) times.push(performance.now() - start);
    } catch { errors++; }
    if (intervalMs) await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  parentPort.postMessage({ times, errors, sent });
})();
`;

interface KindResult {
  times: number[];
  errors: number;
  failures: Record<string, number>;
  /** Every request sent, warm-up included. */
  sent: number;
}

/**
 * CPU time (ms) the server's event loop thread has used so far, from Linux's per-thread accounting: unlike
 * latency, CPU per request hardly moves when other work shares the machine. Undefined elsewhere.
 */
function eventLoopCpuMs(): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

interface Summary {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

function summarize(times: number[], errors: number): Summary {
  const sorted = [...times].sort((a, b) => a - b);
  if (sorted.length === 0) return { count: 0, errors, p50: NaN, p95: NaN, p99: NaN };
  return {
    count: sorted.length,
    errors,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1)).padStart(8);
const line = (label: string, s: Summary, extra = '') =>
  console.log(
    `  ${label.padEnd(20)} ${String(s.count).padStart(7)} ${String(s.errors).padStart(6)}` +
      `${ms(s.p50)} ${ms(s.p95)} ${ms(s.p99)}${extra}`,
  );

async function benchDatabase(kind: string) {
  const environment = await openBenchDatabase(`load_${kind}`, kind === 'postgres' ? POSTGRES_URL : null);
  try {
    const { database } = environment;
    await seedPlatform(database, { organizations: ORGANIZATIONS, users: USERS });
    const app = await startApp(environment);
    try {
      const organization = await createOrganization(app, 'Load Ledger Holdings');
      const { warehouse } = app.services;
      const { months, accounts } = await loadLedgerReference(warehouse, organization.id);
      await warehouse.copyRows(organization.id, '02_GL_Detail', GL_LINE_COLUMNS, glLines(GL_ROWS, months, accounts));

      const idle = await inThread<{ times: number[]; errors: number; sent: number }>(HEALTHZ_POLLER, {
        base: app.base,
        count: 500,
        intervalMs: 0,
        warmupMs: 0,
      });
      const baseline = summarize(idle.times.slice(50), idle.errors);
      console.log(
        `\n${database.kind}: ${GL_ROWS.toLocaleString('en-US')} GL lines, ${ORGANIZATIONS} organizations, ${USERS} users`,
      );
      console.log(
        `  baseline: /healthz on the idle server p50 ${baseline.p50.toFixed(2)} ms, p95 ${baseline.p95.toFixed(2)} ms, ` +
          `p99 ${baseline.p99.toFixed(2)} ms`,
      );

      const results = [];
      for (const clients of LEVELS)
        for (const thinkMs of THINK_MS) {
          const durationMs = SECONDS * 1000;
          const warmupMs = WARMUP_SECONDS * 1000;
          const mixes = Array.from({ length: clients }, (_, client) => mixOf(organization.id, client));
          const cpuBefore = eventLoopCpuMs();
          const [byKind, healthz] = await Promise.all([
            inThread<Record<string, KindResult>>(LOAD_CLIENTS, {
              base: app.base,
              token: app.token,
              mixes,
              durationMs,
              warmupMs,
              thinkMs,
            }),
            inThread<{ times: number[]; errors: number; sent: number }>(HEALTHZ_POLLER, {
              base: app.base,
              durationMs,
              intervalMs: HEALTHZ_INTERVAL_MS,
              warmupMs,
            }),
          ]);
          const cpuAfter = eventLoopCpuMs();
          const all = Object.values(byKind);
          const total = summarize(
            all.flatMap((kindResult) => kindResult.times),
            all.reduce((sum, kindResult) => sum + kindResult.errors, 0),
          );
          const health = summarize(healthz.times, healthz.errors);
          const sent = all.reduce((sum, kindResult) => sum + kindResult.sent, 0) + healthz.sent;
          const throughput = total.count / (SECONDS - WARMUP_SECONDS);
          const who = thinkMs ? `people thinking ${thinkMs / 2}–${(thinkMs * 3) / 2} ms` : 'no think time (capacity)';
          console.log(
            `\n  ${clients} clients, ${who}, ${SECONDS} s on ${database.kind}: ` +
              `${Math.round(throughput)} requests/s counted after ${WARMUP_SECONDS} s of warm-up`,
          );
          console.log(
            `  ${'request'.padEnd(20)} ${'count'.padStart(7)} ${'errors'.padStart(6)}${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
          );
          for (const [kindName, kindResult] of Object.entries(byKind)) {
            line(kindName, summarize(kindResult.times, kindResult.errors));
            for (const [failure, count] of Object.entries(kindResult.failures))
              console.log(`      ${count}× ${failure}`);
          }
          line('all requests', total);
          line('/healthz (polled)', health, `   p99 ${(health.p99 / baseline.p99).toFixed(1)}× idle`);
          if (cpuBefore !== undefined && cpuAfter !== undefined)
            console.log(
              `  server event loop: ${((cpuAfter - cpuBefore) / 1000 / SECONDS).toFixed(2)} of a core busy, ` +
                `${((cpuAfter - cpuBefore) / sent).toFixed(2)} ms of CPU per request (${sent.toLocaleString('en-US')} sent)`,
            );
          if (database.kind === 'postgres' && !thinkMs) {
            console.log(
              `  capacity: every client always waiting, so the mean latency is clients ÷ throughput = ` +
                `${((clients / throughput) * 1000).toFixed(0)} ms whatever the server does; no latency goal here`,
            );
            continue;
          }
          const met =
            database.kind === 'postgres'
              ? total.errors === 0 && total.p99 < GOALS.postgresP99
              : total.errors === 0 && health.errors === 0 && health.p99 < GOALS.pgliteHealthzP99;
          const goal =
            database.kind === 'postgres'
              ? `0 errors, p99 < ${GOALS.postgresP99} ms`
              : `0 errors, /healthz p99 < ${GOALS.pgliteHealthzP99} ms`;
          console.log(`  goal (${goal}): ${met ? 'met' : 'NOT met'}`);
          results.push({ clients, thinkMs, met });
        }
      return results;
    } finally {
      await app.close();
    }
  } finally {
    await environment.close();
  }
}

for (const kind of DATABASES) {
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`BENCH_LOAD_DATABASES: unknown database "${kind}"`);
  await benchDatabase(kind);
}
