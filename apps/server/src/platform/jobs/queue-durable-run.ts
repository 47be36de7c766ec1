import type { JobRunner } from './job-runner.ts';

/** A run record, found waiting or newly inserted. */
export interface QueuedRecord {
  /** Inserted by this request: its job is still to be queued. */
  isNew: boolean;
}

/**
 * A run record and its durable job, as pipeline runs, accounting syncs and dataset refreshes queue them:
 * `insert` writes the records (or finds those already waiting) and commits; then each new record's job is
 * queued, in order — after the commit, since a runner may claim on a connection of its own. A record whose
 * job never reached the queue would wait forever: it and the new ones after it are failed (`fail`), and
 * `notQueued(cause)` is thrown. Answers every record, waiting and new, in `insert`'s order.
 */
export async function queueDurableRuns<R extends QueuedRecord>(
  jobs: Pick<JobRunner, 'enqueue'>,
  request: {
    queue: string;
    insert: () => Promise<readonly R[]>;
    job: (record: R) => { payload: object; groupKey: string };
    fail: (record: R) => Promise<unknown>;
    notQueued: (cause: unknown) => Error;
  },
): Promise<R[]> {
  const records = [...(await request.insert())];
  const fresh = records.filter((record) => record.isNew);
  for (const [index, record] of fresh.entries()) {
    const { payload, groupKey } = request.job(record);
    try {
      await jobs.enqueue(request.queue, payload, { groupKey });
    } catch (error) {
      for (const unqueued of fresh.slice(index)) await request.fail(unqueued);
      throw request.notQueued(error);
    }
  }
  return records;
}
