import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOf, type DatabaseHandle } from '../../db/client.ts';
import { createServerDatabase, openTestDatabase } from '../../../test/database.ts';
import { HANGING_QUEUE, startJobProcess } from '../../../test/job-process.ts';
import {
  createDatabaseJobRunner,
  RUNNER_STOPPING_ERROR,
  WORKER_STOPPED_ERROR,
  type DatabaseJobRunner,
  type DatabaseJobRunnerOptions,
} from './database-job-runner.ts';
import { createJobsRepository } from './jobs.repository.ts';

interface JobRow {
  id: string;
  queue: string;
  payload: unknown;
  group_key: string | null;
  state: string;
  attempts: number;
  worker_id: string | null;
  error: string | null;
  /** Timestamps as the database writes them (raw queries get text). */
  started_at: string | null;
  heartbeat_at: string | null;
  finished_at: string | null;
}

/** A promise the test settles by hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

async function jobRow(database: DatabaseHandle, id: string): Promise<JobRow> {
  const rows = rowsOf<JobRow>(await database.db.execute(sql`select * from jobs where id = ${id}`));
  if (!rows[0]) throw new Error(`no job ${id}`);
  return rows[0];
}

async function activeJobIds(database: DatabaseHandle): Promise<string[]> {
  const result = await database.db.execute(sql`select id from jobs where state = 'active' order by id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

describe('database job runner', () => {
  let database: DatabaseHandle;
  const runners: DatabaseJobRunner[] = [];

  const newRunner = (options: Partial<Omit<DatabaseJobRunnerOptions, 'db' | 'logger'>> = {}) => {
    const runner = createDatabaseJobRunner({
      db: database.db,
      logger: pino({ level: 'silent' }),
      concurrency: 2,
      staleAfterMs: 30_000,
      pollMs: 200,
      // A failed test leaves handlers waiting: teardown must not wait for them forever.
      stopTimeoutMs: 5_000,
      ...options,
    });
    runners.push(runner);
    return runner;
  };

  // One database for the file (opening one per test cost a second or more each): the runner's only state is
  // the jobs table, emptied before every test, so each test still starts from a fresh queue.
  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  beforeEach(async () => {
    await database.db.execute(sql`truncate table jobs`);
  });

  afterEach(async () => {
    // Stopped before the next test empties the table: no runner of this test still claims or writes jobs.
    for (const runner of runners.splice(0)) await runner.stop();
  });

  it('hands a handler its payload and records the job completed by this worker', async () => {
    const runner = newRunner();
    const received = deferred<{ payload: unknown; jobId: string }>();
    runner.work<{ runId: string }>('pipeline-run', async (payload, { jobId }) => received.resolve({ payload, jobId }));
    await runner.start();

    const id = await runner.enqueue('pipeline-run', { runId: 'run-1' }, { groupKey: 'org-1' });

    expect(await received.promise).toEqual({ payload: { runId: 'run-1' }, jobId: id });
    await vi.waitFor(async () => expect((await jobRow(database, id)).state).toBe('completed'));
    const row = await jobRow(database, id);
    expect(row).toMatchObject({
      queue: 'pipeline-run',
      payload: { runId: 'run-1' },
      group_key: 'org-1',
      attempts: 1,
      worker_id: runner.workerId,
      error: null,
    });
    expect(Date.parse(row.finished_at!)).not.toBeNaN();
  });

  it('runs the jobs queued before start() once it starts (they wait in the table)', async () => {
    const before = newRunner();
    const firstId = await before.enqueue('pipeline-run', { n: 1 });
    const secondId = await before.enqueue('pipeline-run', { n: 2 }, { groupKey: 'org-1' });
    expect((await jobRow(database, firstId)).state).toBe('queued');

    const runner = newRunner();
    const seen: unknown[] = [];
    runner.work('pipeline-run', async (payload) => void seen.push(payload));
    await runner.start();

    await vi.waitFor(async () => {
      expect((await jobRow(database, firstId)).state).toBe('completed');
      expect((await jobRow(database, secondId)).state).toBe('completed');
    });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('runs jobs in the order they were queued, however many share a tick of the database clock', async () => {
    // Queued in one transaction, all twenty have the same now(); PGlite's clock also ticks in milliseconds,
    // so jobs queued one after the other (a "run all" queues chart of accounts before the GL) often share one.
    const runner = newRunner({ concurrency: 1 });
    const seen: number[] = [];
    runner.work<{ n: number }>('pipeline-run', async ({ n }) => void seen.push(n));
    const ids = await database.db.transaction(async (tx) => {
      const queued: string[] = [];
      for (let n = 0; n < 20; n++)
        queued.push(await runner.enqueue('pipeline-run', { n }, { executor: tx, groupKey: 'org-1' }));
      return queued;
    });
    await runner.start();

    // Twenty jobs one after another: a second is ample, but not on a two-core machine running other tests.
    await vi.waitFor(async () => expect((await jobRow(database, ids.at(-1)!)).state).toBe('completed'), {
      timeout: 15_000,
    });
    expect(seen).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it('does not start a delayed job before its time, and runs later jobs meanwhile', async () => {
    const runner = newRunner({ concurrency: 1 });
    const started: { name: string; at: number }[] = [];
    runner.work<{ name: string }>('dataset-refresh', async ({ name }) => void started.push({ name, at: Date.now() }));
    await runner.start();

    const queuedAt = Date.now();
    const delayedId = await runner.enqueue('dataset-refresh', { name: 'delayed' }, { delayMs: 1_500 });
    const promptId = await runner.enqueue('dataset-refresh', { name: 'prompt' });

    await vi.waitFor(async () => expect((await jobRow(database, promptId)).state).toBe('completed'));
    expect((await jobRow(database, delayedId)).state).toBe('queued');
    await vi.waitFor(async () => expect((await jobRow(database, delayedId)).state).toBe('completed'), {
      timeout: 5_000,
    });
    expect(started.map((job) => job.name)).toEqual(['prompt', 'delayed']);
    expect(started[1]!.at - queuedAt).toBeGreaterThanOrEqual(1_500);
  });

  it("runs one group's jobs one at a time, oldest first, while other groups use the free slots", async () => {
    const runner = newRunner({ concurrency: 2 });
    const releases = new Map<string, () => void>();
    const started: string[] = [];
    runner.work<{ name: string }>('pipeline-run', async ({ name }) => {
      started.push(name);
      const release = deferred();
      releases.set(name, release.resolve);
      await release.promise;
    });
    const ids: Record<string, string> = {};
    for (const [name, group] of [
      ['a1', 'org-a'],
      ['a2', 'org-a'],
      ['b1', 'org-b'],
      ['c1', 'org-c'],
    ] as const) {
      ids[name] = await runner.enqueue('pipeline-run', { name }, { groupKey: group });
    }

    await runner.start();
    // a2 waits for a1 (same organization); b1 takes the second slot; c1 waits for a slot.
    await vi.waitFor(() => expect(started).toEqual(['a1', 'b1']));
    expect(await activeJobIds(database)).toEqual([ids.a1, ids.b1].sort());
    expect((await jobRow(database, ids.a2!)).state).toBe('queued');
    expect((await jobRow(database, ids.c1!)).state).toBe('queued');

    // a1 ends: a2 (older than c1) is the oldest job whose group is free.
    releases.get('a1')!();
    await vi.waitFor(() => expect(started).toEqual(['a1', 'b1', 'a2']));
    expect((await jobRow(database, ids.a1!)).state).toBe('completed');
    expect((await jobRow(database, ids.c1!)).state).toBe('queued');

    releases.get('b1')!();
    await vi.waitFor(() => expect(started).toEqual(['a1', 'b1', 'a2', 'c1']));
    releases.get('a2')!();
    releases.get('c1')!();
    await vi.waitFor(async () =>
      expect(rowsOf(await database.db.execute(sql`select id from jobs where state <> 'completed'`))).toEqual([]),
    );
  });

  it('lets only one of two workers activate a job of a group when both claim at once', async () => {
    const repository = createJobsRepository(database.db);
    const first = await repository.insert(database.db, { queue: 'q', payload: {}, groupKey: 'org-a' });
    const second = await repository.insert(database.db, { queue: 'q', payload: {}, groupKey: 'org-a' });

    // Worker 1's claim of the first job is not committed yet when worker 2 looks for a job of the group.
    const worker2Claim = deferred<unknown>();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update jobs set state = 'active', worker_id = 'worker-1', heartbeat_at = now()
                           where id = ${first}`);
      void repository.claim('worker-2', ['q']).then(worker2Claim.resolve, worker2Claim.resolve);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });

    expect(await worker2Claim.promise).toBeNull();
    expect(await activeJobIds(database)).toEqual([first]);
    expect((await jobRow(database, second)).state).toBe('queued');
  });

  it('fails the job of a handler that throws, with its message, and goes on with the next', async () => {
    const runner = newRunner();
    runner.work<{ fail: boolean }>('pipeline-run', async ({ fail }) => {
      if (fail) throw new Error('Journal J-7 does not balance: debits exceed credits by 0.01');
    });
    const failing = await runner.enqueue('pipeline-run', { fail: true }, { groupKey: 'org-1' });
    const next = await runner.enqueue('pipeline-run', { fail: false }, { groupKey: 'org-1' });
    await runner.start();

    await vi.waitFor(async () => expect((await jobRow(database, next)).state).toBe('completed'));
    const row = await jobRow(database, failing);
    expect(row).toMatchObject({
      state: 'failed',
      error: 'Journal J-7 does not balance: debits exceed credits by 0.01',
      attempts: 1,
    });
    expect(Date.parse(row.finished_at!)).not.toBeNaN();
  });

  it("keeps an active job's heartbeat fresh while its handler works", async () => {
    const runner = newRunner({ staleAfterMs: 600 });
    const release = deferred();
    const running = deferred();
    runner.work('pipeline-run', async () => {
      running.resolve();
      await release.promise;
    });
    const id = await runner.enqueue('pipeline-run', {});
    await runner.start();
    await running.promise;
    const first = Date.parse((await jobRow(database, id)).heartbeat_at!);

    await vi.waitFor(async () => expect(Date.parse((await jobRow(database, id)).heartbeat_at!)).toBeGreaterThan(first));
    release.resolve();
  });

  it('hands a job whose worker stopped reporting to onAbandoned exactly once, when two workers look at once, and fails it', async () => {
    const [stale] = rowsOf<{ id: string }>(
      await database.db.execute(sql`
        insert into jobs (queue, payload, group_key, state, attempts, worker_id, started_at, heartbeat_at)
        values ('pipeline-run', '{"runId":"run-9"}', 'org-1', 'active', 1, 'gone-host:123:dead',
                now() - interval '10 minutes', now() - interval '5 minutes')
        returning id`),
    );
    const fresh = await newRunner().enqueue('pipeline-run', { runId: 'run-10' }, { groupKey: 'org-1' });
    const abandoned: { payload: unknown; jobId: string; worker: number }[] = [];
    const worked: unknown[] = [];
    const [one, two] = [newRunner(), newRunner()];
    for (const [index, runner] of [one!, two!].entries()) {
      runner.work('pipeline-run', async (payload) => void worked.push(payload));
      runner.onAbandoned('pipeline-run', async (payload, jobId) => {
        abandoned.push({ payload, jobId, worker: index });
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
    }

    await Promise.all([one!.start(), two!.start()]);

    expect(abandoned.map(({ payload, jobId }) => ({ payload, jobId }))).toEqual([
      { payload: { runId: 'run-9' }, jobId: stale!.id },
    ]);
    const row = await jobRow(database, stale!.id);
    expect(row).toMatchObject({ state: 'failed', error: WORKER_STOPPED_ERROR });
    expect(Date.parse(row.finished_at!)).not.toBeNaN();
    // The organization's next job waited for the abandoned one to be resolved, then ran.
    await vi.waitFor(async () => expect((await jobRow(database, fresh)).state).toBe('completed'));
    expect(worked).toEqual([{ runId: 'run-10' }]);
  });

  it("leaves another worker's job alone while its heartbeat is fresh; a sole worker recovers it at start", async () => {
    const insertActive = async () =>
      rowsOf<{ id: string }>(
        await database.db.execute(sql`
          insert into jobs (queue, payload, state, attempts, worker_id, started_at, heartbeat_at)
          values ('pipeline-run', '{}', 'active', 1, 'other-host:1:alive', now(), now())
          returning id`),
      )[0]!.id;
    const live = await insertActive();
    const abandoned: string[] = [];
    const shared = newRunner();
    shared.onAbandoned('pipeline-run', async (_payload, jobId) => void abandoned.push(jobId));
    await shared.start();
    expect(abandoned).toEqual([]);
    expect(await jobRow(database, live)).toMatchObject({ state: 'active', worker_id: 'other-host:1:alive' });
    await shared.stop();

    // On the embedded database no other process can be working on it: it was left by the previous run.
    const sole = newRunner({ soleWorker: true });
    sole.onAbandoned('pipeline-run', async (_payload, jobId) => void abandoned.push(jobId));
    await sole.start();
    expect(abandoned).toEqual([live]);
    expect(await jobRow(database, live)).toMatchObject({ state: 'failed', error: WORKER_STOPPED_ERROR });
  });

  it("queues in the caller's transaction: a rolled-back job never exists, a committed one runs", async () => {
    const runner = newRunner();
    const seen: unknown[] = [];
    runner.work('pipeline-run', async (payload) => void seen.push(payload));
    await runner.start();

    await expect(
      database.db.transaction(async (tx) => {
        await runner.enqueue('pipeline-run', { n: 'rolled back' }, { executor: tx });
        throw new Error('the run record could not be saved');
      }),
    ).rejects.toThrow('the run record could not be saved');
    const id = await database.db.transaction((tx) =>
      runner.enqueue('pipeline-run', { n: 'committed' }, { executor: tx }),
    );

    await vi.waitFor(async () => expect((await jobRow(database, id)).state).toBe('completed'));
    expect(seen).toEqual([{ n: 'committed' }]);
    expect(rowsOf(await database.db.execute(sql`select id from jobs`))).toEqual([{ id }]);
  });

  it('deletes finished jobs older than the retention, never queued or recent ones', async () => {
    const ids = rowsOf<{ id: string; note: string }>(
      await database.db.execute(sql`
        insert into jobs (queue, payload, state, finished_at) values
          ('q', '{"note":"old completed"}', 'completed', now() - interval '8 days'),
          ('q', '{"note":"old failed"}', 'failed', now() - interval '8 days'),
          ('q', '{"note":"recent"}', 'completed', now() - interval '1 day'),
          ('q', '{"note":"queued"}', 'queued', null)
        returning id, payload->>'note' as note`),
    );

    const deleted = await createJobsRepository(database.db).deleteFinished(7 * 24 * 3600 * 1000);

    expect(deleted).toBe(2);
    const left = rowsOf<{ id: string }>(await database.db.execute(sql`select id from jobs order by id`));
    expect(left.map((row) => row.id).sort()).toEqual(
      ids
        .filter((row) => row.note === 'recent' || row.note === 'queued')
        .map((row) => row.id)
        .sort(),
    );
  });

  it('stop() aborts the running handlers, keeps their heartbeat while they finish, waits for them, and leaves queued jobs queued', async () => {
    // Heartbeat every 100 ms.
    const runner = newRunner({ concurrency: 1, staleAfterMs: 600 });
    const running = deferred();
    const heartbeats: number[] = [];
    let handlerSettled = false;
    runner.work('pipeline-run', async (_payload, { jobId, signal }) => {
      running.resolve();
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      heartbeats.push(Date.parse((await jobRow(database, jobId)).heartbeat_at!));
      // Cleaning up after the abort takes a moment: stop() waits for it, and the job stays this worker's.
      await new Promise((resolve) => setTimeout(resolve, 400));
      heartbeats.push(Date.parse((await jobRow(database, jobId)).heartbeat_at!));
      handlerSettled = true;
      signal.throwIfAborted();
    });
    const busy = await runner.enqueue('pipeline-run', { n: 1 });
    const waiting = await runner.enqueue('pipeline-run', { n: 2 });
    await runner.start();
    await running.promise;

    await runner.stop();

    expect(handlerSettled).toBe(true);
    expect(heartbeats[1]).toBeGreaterThan(heartbeats[0]!);
    expect(await jobRow(database, busy)).toMatchObject({ state: 'failed', error: RUNNER_STOPPING_ERROR });
    expect(await jobRow(database, waiting)).toMatchObject({ state: 'queued', attempts: 0, worker_id: null });
  });
});

describe('database job runner, worker process killed mid-job', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-jobs-'));
  });

  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('hands the job to onAbandoned once and fails it after SIGKILL of its worker', { timeout: 90_000 }, async () => {
    const server = await createServerDatabase(dataDir);
    try {
      // PGlite has one owner at a time: queue the job, close, let the worker process open it.
      let database = await server.open();
      const jobId = await createJobsRepository(database.db).insert(database.db, {
        queue: HANGING_QUEUE,
        payload: { runId: 'run-42' },
        groupKey: 'org-1',
      });
      if (server.kind === 'pglite') await database.close();

      const worker = startJobProcess(
        server.kind === 'pglite' ? { PGLITE_DIR: path.join(dataDir, 'pglite') } : server.env,
      );
      expect(await worker.started).toBe(jobId);
      worker.kill('SIGKILL');
      await worker.exited;

      if (server.kind === 'pglite') database = await server.open();
      try {
        expect(await jobRow(database, jobId)).toMatchObject({ state: 'active', attempts: 1 });
        const abandoned: unknown[] = [];
        const runner = createDatabaseJobRunner({
          db: database.db,
          logger: pino({ level: 'silent' }),
          concurrency: 1,
          staleAfterMs: 1_200,
        });
        runner.onAbandoned(HANGING_QUEUE, async (payload, id) => void abandoned.push({ payload, id }));
        await runner.start();
        try {
          // The killed worker's last heartbeat ages past the threshold; the recovery timer finds it.
          await vi.waitFor(() => expect(abandoned).toEqual([{ payload: { runId: 'run-42' }, id: jobId }]), {
            timeout: 10_000,
          });
          await vi.waitFor(async () =>
            expect(await jobRow(database, jobId)).toMatchObject({ state: 'failed', error: WORKER_STOPPED_ERROR }),
          );
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          expect(abandoned).toHaveLength(1);
        } finally {
          await runner.stop();
        }
      } finally {
        await database.close();
      }
    } finally {
      await server.dispose();
    }
  });
});
