import { randomUUID } from 'node:crypto';
import type { JobHandler, JobRunner } from '../src/platform/jobs/job-runner.ts';

interface TestJob {
  id: string;
  queue: string;
  payload: object;
  groupKey?: string;
  /** Kept to be asserted; `drain` does not wait it out. */
  delayMs?: number;
}

/**
 * A job runner for tests: it keeps what is queued and runs it only when the test says so (`drain`), in
 * the order it was queued, one job at a time; `abandon` hands a job to its queue's onAbandoned handler as
 * if its process had died. The product's runner (database-job-runner.ts) implements the same interface.
 */
export function createTestJobRunner() {
  const handlers = new Map<string, JobHandler<object>>();
  const abandoned = new Map<string, (payload: object, jobId: string) => Promise<void>>();
  const queued: TestJob[] = [];
  const done: TestJob[] = [];
  const runner: JobRunner = {
    async enqueue(queue, payload, options) {
      const job = { id: randomUUID(), queue, payload, groupKey: options?.groupKey, delayMs: options?.delayMs };
      queued.push(job);
      return job.id;
    },
    work(queue, handler) {
      handlers.set(queue, handler as JobHandler<object>);
    },
    onAbandoned(queue, handler) {
      abandoned.set(queue, handler as (payload: object, jobId: string) => Promise<void>);
    },
    start: async () => undefined,
    stop: async () => undefined,
  };
  return {
    runner,
    queued,
    done,
    /** Runs every queued job in order; a handler that throws fails the test. */
    async drain(signal: AbortSignal = new AbortController().signal) {
      while (queued.length > 0) {
        const job = queued.shift()!;
        await handlers.get(job.queue)!(job.payload, { jobId: job.id, signal });
        done.push(job);
      }
    },
    /** Runs every queued job of one queue, in order, leaving the others queued. */
    async drainQueue(queue: string, signal: AbortSignal = new AbortController().signal) {
      for (
        let job = queued.find((entry) => entry.queue === queue);
        job;
        job = queued.find((entry) => entry.queue === queue)
      ) {
        queued.splice(queued.indexOf(job), 1);
        await handlers.get(job.queue)!(job.payload, { jobId: job.id, signal });
        done.push(job);
      }
    },
    /** Runs the first queued job only (a job that queues another, e.g. when stopped, does not loop). */
    async runNext(signal: AbortSignal = new AbortController().signal) {
      const job = queued.shift()!;
      await handlers.get(job.queue)!(job.payload, { jobId: job.id, signal });
      done.push(job);
    },
    /** The queued job's process died: its queue's onAbandoned handler resolves it. */
    async abandon(jobId: string) {
      const index = queued.findIndex((job) => job.id === jobId);
      const [job] = queued.splice(index, 1);
      await abandoned.get(job!.queue)!(job!.payload, job!.id);
    },
  };
}
