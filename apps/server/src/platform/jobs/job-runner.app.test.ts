import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../../test/build-app.ts';
import { RUNNER_STOPPING_ERROR } from './database-job-runner.ts';

async function jobState(testApp: TestApp, id: string) {
  const result = await testApp.database.db.execute(sql`select state, error from jobs where id = ${id}`);
  return rowsOf<{ state: string; error: string | null }>(result)[0];
}

describe('the job runner in the app', () => {
  let testApp: TestApp;

  beforeEach(async () => {
    testApp = await buildTestApp({ PIPELINE_CONCURRENCY: 1 });
  });

  afterEach(async () => {
    await testApp.close();
  });

  it('works the jobs a service queues once the app is ready', async () => {
    const { jobs } = testApp.app.services;
    const seen: unknown[] = [];
    jobs.work<{ runId: string }>('app-test', async (payload) => void seen.push(payload));

    const id = await jobs.enqueue('app-test', { runId: 'run-1' }, { groupKey: 'org-1' });

    await vi.waitFor(async () => expect(await jobState(testApp, id)).toEqual({ state: 'completed', error: null }));
    expect(seen).toEqual([{ runId: 'run-1' }]);
  });

  it('aborts a running job when the app closes and waits for its handler before the database closes', async () => {
    const { jobs } = testApp.app.services;
    let handlerFinished = false;
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    jobs.work('app-test', async (_payload, { signal }) => {
      markStarted();
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      handlerFinished = true;
      signal.throwIfAborted();
    });
    const id = await jobs.enqueue('app-test', { runId: 'run-2' });
    await started;

    await testApp.app.close();

    expect(handlerFinished).toBe(true);
    expect(await jobState(testApp, id)).toEqual({ state: 'failed', error: RUNNER_STOPPING_ERROR });
  });
});
