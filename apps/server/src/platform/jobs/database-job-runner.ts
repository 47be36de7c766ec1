import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { newInstanceId } from '../process-identity.ts';
import type { AbandonedJobHandler, EnqueueOptions, JobHandler, JobRunner } from './job-runner.ts';
import { createJobsRepository, type ClaimedJob } from './jobs.repository.ts';

/** The error of a job whose worker died mid-job (the process was killed, the machine went away). */
export const WORKER_STOPPED_ERROR = 'The worker running this job stopped before it finished.';
/** The abort reason handlers see when the runner stops; a handler that throws it fails its job with it. */
export const RUNNER_STOPPING_ERROR = 'The server stopped before the job finished.';

export interface DatabaseJobRunnerOptions {
  db: Database;
  logger: FastifyBaseLogger;
  /** Jobs this process runs at once (PIPELINE_CONCURRENCY). */
  concurrency: number;
  /**
   * An active job whose heartbeat is older than this is abandoned (JOB_STALE_AFTER_SECONDS). Workers beat
   * six times within it, so a busy event loop is not mistaken for a dead worker; abandoned jobs are looked
   * for every half of it.
   */
  staleAfterMs: number;
  /**
   * No other process can work this database (the embedded one lives in this process): at start every
   * active job is abandoned at once instead of after `staleAfterMs`.
   */
  soleWorker?: boolean;
  /** How often queued jobs are looked for (an enqueue in this process wakes the runner at once). */
  pollMs?: number;
  /** stop() waits this long for handlers after aborting them (none: until they settle). */
  stopTimeoutMs?: number;
  /** Finished jobs are deleted after this long (default 7 days); pipeline_runs keeps the history. */
  keepFinishedMs?: number;
}

interface RunningJob {
  controller: AbortController;
  done: Promise<void>;
}

export type DatabaseJobRunner = JobRunner & { readonly workerId: string };

/**
 * The job runner that keeps its queue in the `jobs` table, on PGlite and PostgreSQL alike. Every change of
 * a job's state is one conditional UPDATE, so several processes (the API and `npm run worker`s) can share
 * the queue: a job is claimed by one, a dead worker's job is recovered by one.
 */
export function createDatabaseJobRunner(options: DatabaseJobRunnerOptions): DatabaseJobRunner {
  const { db, logger, concurrency } = options;
  const { staleAfterMs, pollMs = 1_000, keepFinishedMs = 7 * 24 * 3600 * 1000 } = options;
  const repository = createJobsRepository(db);
  // New per runner: a restarted process never mistakes its predecessor's jobs for its own.
  const workerId = newInstanceId();
  const handlers = new Map<string, JobHandler<never>>();
  const abandonedHandlers = new Map<string, AbandonedJobHandler<never>>();
  const running = new Map<string, RunningJob>();
  const timers: NodeJS.Timeout[] = [];
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let state: 'idle' | 'started' | 'stopping' | 'stopped' = 'idle';
  let filling: Promise<void> | undefined;
  let fillAgain = false;
  let recovering: Promise<void> | undefined;

  /** Claims jobs until the slots or the queue run out; one pass at a time, another pass if woken meanwhile. */
  function wake(): void {
    if (state !== 'started') return;
    if (filling) {
      fillAgain = true;
      return;
    }
    filling = fill()
      .catch((err: unknown) => logger.error({ err }, 'claiming jobs failed'))
      .finally(() => {
        filling = undefined;
        if (fillAgain) {
          fillAgain = false;
          wake();
        }
      });
  }

  async function fill(): Promise<void> {
    const queues = [...handlers.keys()];
    if (queues.length === 0) return;
    while (state === 'started' && running.size < concurrency) {
      const job = await repository.claim(workerId, queues);
      if (!job) return;
      if (state !== 'started') {
        await repository.release(workerId, job.id);
        return;
      }
      run(job);
    }
  }

  function run(job: ClaimedJob): void {
    const handler = handlers.get(job.queue)!;
    const controller = new AbortController();
    const done = (async () => {
      let error: string | null = null;
      try {
        await handler(job.payload as never, { jobId: job.id, signal: controller.signal });
      } catch (err) {
        error = messageOf(err);
        logger.warn({ err, jobId: job.id, queue: job.queue }, 'job failed');
      }
      try {
        const held = await repository.finish(workerId, job.id, error);
        if (!held) logger.warn({ jobId: job.id, queue: job.queue }, 'job was taken over by another worker');
      } catch (err) {
        // Still active under our id: once this process stops, the job is recovered as abandoned.
        logger.error({ err, jobId: job.id }, 'recording the end of a job failed');
      } finally {
        running.delete(job.id);
        wake();
      }
    })();
    running.set(job.id, { controller, done });
  }

  async function heartbeat(): Promise<void> {
    if (running.size === 0 && !recovering) return;
    const held = new Set(await repository.heartbeat(workerId));
    for (const [jobId, job] of running) {
      // Our heartbeat stalled long enough for another worker to recover the job: stop working on it.
      if (!held.has(jobId)) job.controller.abort(new Error(WORKER_STOPPED_ERROR));
    }
  }

  function recover(olderThanMs: number): Promise<void> {
    recovering ??= recoverAbandoned(olderThanMs).finally(() => (recovering = undefined));
    return recovering;
  }

  async function recoverAbandoned(olderThanMs: number): Promise<void> {
    const queues = [...new Set([...handlers.keys(), ...abandonedHandlers.keys()])];
    if (queues.length === 0) return;
    const abandoned = await repository.takeOverAbandoned(workerId, queues, olderThanMs, WORKER_STOPPED_ERROR);
    for (const job of abandoned) {
      logger.warn({ jobId: job.id, queue: job.queue }, 'job abandoned by its worker');
      try {
        await abandonedHandlers.get(job.queue)?.(job.payload as never, job.id);
      } catch (err) {
        logger.error({ err, jobId: job.id, queue: job.queue }, 'handling an abandoned job failed');
      }
      try {
        await repository.finish(workerId, job.id, WORKER_STOPPED_ERROR);
      } catch (err) {
        // Still active under our id: recovered again once this process stops.
        logger.error({ err, jobId: job.id }, 'failing an abandoned job failed');
      }
    }
  }

  async function housekeeping(): Promise<void> {
    await recover(staleAfterMs);
    await repository.deleteFinished(keepFinishedMs);
  }

  const every = (ms: number, task: () => unknown) => {
    const timer = setInterval(task, ms);
    timer.unref();
    timers.push(timer);
    return timer;
  };

  return {
    workerId,

    async enqueue<P extends object>(queue: string, payload: P, enqueueOptions: EnqueueOptions = {}) {
      const id = await repository.insert(enqueueOptions.executor ?? db, {
        queue,
        payload,
        groupKey: enqueueOptions.groupKey ?? null,
        delayMs: enqueueOptions.delayMs,
      });
      // In the caller's transaction the job is not visible until its commit: the next poll finds it.
      if (!enqueueOptions.executor) wake();
      return id;
    },

    work<P extends object>(queue: string, handler: JobHandler<P>) {
      if (handlers.has(queue)) throw new Error(`Queue "${queue}" already has a handler`);
      handlers.set(queue, handler as JobHandler<never>);
    },

    onAbandoned<P extends object>(queue: string, handler: AbandonedJobHandler<P>) {
      if (abandonedHandlers.has(queue)) throw new Error(`Queue "${queue}" already has an abandoned-job handler`);
      abandonedHandlers.set(queue, handler as AbandonedJobHandler<never>);
    },

    async start() {
      if (state !== 'idle') throw new Error(`The job runner cannot start: it is ${state}`);
      state = 'started';
      // A failure here is retried by the recovery timer (after the stale period, even on the embedded database).
      await recover(options.soleWorker ? 0 : staleAfterMs).catch((err: unknown) =>
        logger.error({ err }, 'recovering abandoned jobs failed'),
      );
      if (state !== 'started') return; // stop() came during the recovery
      heartbeatTimer = every(staleAfterMs / 6, () =>
        heartbeat().catch((err: unknown) => logger.error({ err }, 'job heartbeat failed')),
      );
      every(pollMs, wake);
      every(staleAfterMs / 2, () =>
        housekeeping().catch((err: unknown) => logger.error({ err }, 'recovering abandoned jobs failed')),
      );
      logger.info({ workerId, queues: [...handlers.keys()], concurrency }, 'job runner started');
      wake();
    },

    async stop() {
      if (state !== 'started') {
        state = 'stopped';
        return;
      }
      state = 'stopping';
      // Handlers winding down keep their jobs' heartbeat: no other worker may take them over meanwhile.
      for (const timer of timers.splice(0)) if (timer !== heartbeatTimer) clearInterval(timer);
      await filling;
      await recovering;
      for (const job of running.values()) job.controller.abort(new Error(RUNNER_STOPPING_ERROR));
      const settled = Promise.allSettled([...running.values()].map((job) => job.done));
      if (options.stopTimeoutMs === undefined) await settled;
      else if (!(await within(settled, options.stopTimeoutMs))) {
        // Left active: their heartbeat has stopped, so the next start recovers them as abandoned.
        logger.warn({ jobs: [...running.keys()] }, 'jobs still running when the job runner stopped');
      }
      clearInterval(heartbeatTimer);
      state = 'stopped';
    },
  };
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/** True when `promise` settled within `ms`. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
