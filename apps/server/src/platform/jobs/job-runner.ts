import type { Executor } from '../../db/client.ts';

/**
 * Durable background jobs (ARCHITECTURE §3): pipeline runs, accounting syncs and dataset refreshes. One
 * interface; its implementation (database-job-runner.ts) keeps the jobs in the platform table `jobs` on
 * both databases (docs/architecture.md, "Jobs", says why not pg-boss). A job survives a restart
 * (queued jobs run once a worker is up again); a job whose worker died is handed to its queue's
 * `onAbandoned` handler (at start-up and on a timer), so the domain can fail its own record with a reason
 * instead of leaving it "running" forever.
 */
export interface JobContext {
  readonly jobId: string;
  /**
   * Aborted when the runner stops (SIGTERM) or another worker has taken the job over: a handler should
   * stop at its next safe point. What the handler does then decides the job: it resolves → completed,
   * it throws → failed with the error's message.
   */
  readonly signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

export type AbandonedJobHandler<P> = (payload: P, jobId: string) => Promise<void>;

export interface EnqueueOptions {
  /** Jobs with the same group key (an organization's id) run one at a time, in the order they were queued. */
  groupKey?: string;
  /**
   * Queue inside the caller's transaction, so the job exists exactly when the caller's own row does (a run
   * record and its job). The job is picked up at the next poll after the commit.
   */
  executor?: Executor;
  /**
   * Not started before this many milliseconds: a job that waits on something outside (a Power BI refresh)
   * looks again later as a new job instead of holding a worker while it waits.
   */
  delayMs?: number;
}

export interface JobRunner {
  /** Queues a job and answers its id at once; the job starts when a worker and its group are free. */
  enqueue<P extends object>(queue: string, payload: P, options?: EnqueueOptions): Promise<string>;
  /**
   * The handler of a queue (one per queue), registered by app.ts (handleQueue) before the runner starts. A
   * handler that throws fails its job (no retry).
   */
  work<P extends object>(queue: string, handler: JobHandler<P>): void;
  /**
   * Called for each job of the queue whose worker is gone (the process died mid-job); the job is failed
   * once it returns (or throws, which is logged). Once per job — again only if the process recovering it
   * dies during this handler, so make it idempotent.
   */
  onAbandoned<P extends object>(queue: string, handler: AbandonedJobHandler<P>): void;
  /**
   * Starts working: resolves abandoned jobs first, then claims queued ones. Register a queue's handlers
   * before: start() resolves the abandoned jobs of the queues it knows (later ones, at the next timer).
   */
  start(): Promise<void>;
  /** Stops claiming, aborts the handlers' signals and waits for them to settle. */
  stop(): Promise<void>;
}

/** What a service does with its queue's jobs: app.ts hands them to the runner (handleQueue). */
export interface QueueHandlers<P extends object> {
  queue: string;
  work: JobHandler<P>;
  abandoned: AbandonedJobHandler<P>;
}

/** Registers a queue's handlers on the runner: in app.ts, never as a side effect of building a service. */
export function handleQueue<P extends object>(jobs: JobRunner, handlers: QueueHandlers<P>): void {
  jobs.work(handlers.queue, handlers.work);
  jobs.onAbandoned(handlers.queue, handlers.abandoned);
}
