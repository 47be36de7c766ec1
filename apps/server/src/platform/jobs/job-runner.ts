/**
 * Durable background jobs (ARCHITECTURE §3): pipeline runs now, accounting syncs and dataset refreshes
 * later. One interface, two implementations chosen by the database: pg-boss on PostgreSQL, and on the
 * embedded database a runner that keeps its jobs in the platform table `jobs`. A job survives a restart
 * (queued jobs run once a worker is up again); a job whose worker died is handed to its queue's
 * `onAbandoned` handler (at start-up and on a timer), so the domain can fail its own record with a reason
 * instead of leaving it "running" forever.
 */
export interface JobContext {
  readonly jobId: string;
  /** Aborted when the runner stops (SIGTERM): a handler should stop at its next safe point. */
  readonly signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** Jobs with the same group key (an organization's id) run one at a time, in the order they were queued. */
  groupKey?: string;
}

export interface JobRunner {
  /** Queues a job and answers its id at once; the job starts when a worker and its group are free. */
  enqueue<P extends object>(queue: string, payload: P, options?: EnqueueOptions): Promise<string>;
  /** The handler of a queue; register before start(). A handler that throws fails its job (no retry). */
  work<P extends object>(queue: string, handler: JobHandler<P>): void;
  /** Called once for each job of the queue whose worker is gone (the process died mid-job). */
  onAbandoned<P extends object>(queue: string, handler: (payload: P, jobId: string) => Promise<void>): void;
  /** Starts working: resolves abandoned jobs first, then claims queued ones. */
  start(): Promise<void>;
  /** Stops claiming, aborts the handlers' signals and waits for them to settle. */
  stop(): Promise<void>;
}
