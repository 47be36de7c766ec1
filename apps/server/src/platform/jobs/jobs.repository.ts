import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/** A job as a worker receives it. */
export interface ClaimedJob {
  id: string;
  queue: string;
  payload: unknown;
}

/** The SQL of the `jobs` table (schema.ts): every state change is one conditional statement. */
export function createJobsRepository(db: Database) {
  return {
    async insert(
      executor: Executor,
      job: { queue: string; payload: object; groupKey: string | null; delayMs?: number },
    ): Promise<string> {
      const runAfter = job.delayMs ? sql`now() + ${job.delayMs} * interval '1 millisecond'` : sql`null`;
      const result = await executor.execute(sql`
        insert into jobs (queue, payload, group_key, run_after)
        values (${job.queue}, ${JSON.stringify(job.payload)}::jsonb, ${job.groupKey}, ${runAfter})
        returning id`);
      return rowsOf<{ id: string }>(result)[0]!.id;
    },

    /**
     * Activates the oldest queued job of `queues` that is due and whose group has no active job, for `workerId`; null
     * when there is none. Two workers racing for one group: the unique index on active group keys lets
     * one win and the other answers null for this pass (it tries again at its next pass).
     */
    async claim(workerId: string, queues: readonly string[]): Promise<ClaimedJob | null> {
      try {
        const result = await db.execute(sql`
          update jobs
          set state = 'active', worker_id = ${workerId}, started_at = now(), heartbeat_at = now(),
              attempts = attempts + 1
          where id = (
            select candidate.id from jobs candidate
            where candidate.state = 'queued'
              and (candidate.run_after is null or candidate.run_after <= now())
              and candidate.queue in (${sql.join(
                queues.map((queue) => sql`${queue}`),
                sql`, `,
              )})
              and (candidate.group_key is null or not exists (
                select 1 from jobs busy where busy.group_key = candidate.group_key and busy.state = 'active'))
            order by candidate.seq
            limit 1
            for update skip locked)
          and state = 'queued'
          returning id, queue, payload`);
        return rowsOf<ClaimedJob>(result)[0] ?? null;
      } catch (error) {
        if (isUniqueViolation(error, 'jobs_one_active_per_group')) return null;
        throw error;
      }
    },

    /** Puts back a job this worker claimed but did not start (it began stopping meanwhile). */
    async release(workerId: string, id: string): Promise<void> {
      await db.execute(sql`
        update jobs
        set state = 'queued', worker_id = null, started_at = null, heartbeat_at = null, attempts = attempts - 1
        where id = ${id} and worker_id = ${workerId} and state = 'active'`);
    },

    /** Touches this worker's active jobs; answers the ids it still holds (another worker may have taken one over). */
    async heartbeat(workerId: string): Promise<string[]> {
      const result = await db.execute(sql`
        update jobs set heartbeat_at = now()
        where worker_id = ${workerId} and state = 'active'
        returning id`);
      return rowsOf<{ id: string }>(result).map((row) => row.id);
    },

    /**
     * Takes over the active jobs of `queues` whose heartbeat is older than `staleAfterMs`: they become this
     * worker's (still active, so their group stays closed) with `error` set, and only the worker whose
     * update matched gets them — a job is recovered by one process even when several look at once.
     */
    async takeOverAbandoned(
      workerId: string,
      queues: readonly string[],
      staleAfterMs: number,
      error: string,
    ): Promise<ClaimedJob[]> {
      const result = await db.execute(sql`
        update jobs
        set worker_id = ${workerId}, heartbeat_at = now(), error = ${error}
        where state = 'active'
          and queue in (${sql.join(
            queues.map((queue) => sql`${queue}`),
            sql`, `,
          )})
          and worker_id is distinct from ${workerId}
          and heartbeat_at < now() - ${staleAfterMs} * interval '1 millisecond'
        returning id, queue, payload`);
      return rowsOf<ClaimedJob>(result);
    },

    /** Ends a job this worker holds: completed (error null) or failed with `error`. False when it no longer holds it. */
    async finish(workerId: string, id: string, error: string | null): Promise<boolean> {
      const state = error === null ? 'completed' : 'failed';
      const result = await db.execute(sql`
        update jobs set state = ${state}, error = ${error}, finished_at = now()
        where id = ${id} and worker_id = ${workerId} and state = 'active'
        returning id`);
      return rowsOf(result).length === 1;
    },

    /** Forgets finished jobs older than `olderThanMs`: the table holds the queue, not the history (pipeline_runs does). */
    async deleteFinished(olderThanMs: number): Promise<number> {
      const result = await db.execute(sql`
        delete from jobs
        where state in ('completed', 'failed') and finished_at < now() - ${olderThanMs} * interval '1 millisecond'
        returning id`);
      return rowsOf(result).length;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
