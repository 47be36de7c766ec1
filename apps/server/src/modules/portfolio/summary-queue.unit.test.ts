import { describe, expect, it } from 'vitest';
import { createSummaryQueue } from './summary-queue.ts';

/** A refresher whose refreshes end when the test says so, recording each start. */
function heldRefresher() {
  const started: string[] = [];
  const release: (() => void)[] = [];
  return {
    started,
    refresh: (organizationId: string) =>
      new Promise<void>((resolve) => {
        started.push(organizationId);
        release.push(resolve);
      }),
    releaseAll: () => release.splice(0).forEach((resolve) => resolve()),
  };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the queue of summaries to refresh', () => {
  it('keeps what it is told before it has a refresher and works it once given one', async () => {
    const queue = createSummaryQueue({ logger: { warn: () => undefined } });
    queue.changed('org-a');
    queue.changed('org-a');
    const done: string[] = [];
    queue.work(async (organizationId) => void done.push(organizationId));
    await queue.idle();
    expect(done).toEqual(['org-a']);
  });

  it('refreshes an organization changed during its refresh once more after it, never twice at once', async () => {
    const queue = createSummaryQueue({ logger: { warn: () => undefined } });
    const refresher = heldRefresher();
    queue.work(refresher.refresh);
    queue.changed('org-a');
    await tick();
    queue.changed('org-a');
    queue.changed('org-a');
    await tick();
    expect(refresher.started).toEqual(['org-a']);
    refresher.releaseAll();
    await tick();
    await tick();
    expect(refresher.started).toEqual(['org-a', 'org-a']);
    refresher.releaseAll();
    await queue.idle();
    expect(refresher.started).toEqual(['org-a', 'org-a']);
  });

  it('refreshes at most `concurrency` organizations at once', async () => {
    const queue = createSummaryQueue({ logger: { warn: () => undefined }, concurrency: 2 });
    const refresher = heldRefresher();
    queue.work(refresher.refresh);
    for (const id of ['a', 'b', 'c']) queue.changed(id);
    await tick();
    expect(refresher.started).toEqual(['a', 'b']);
    refresher.releaseAll();
    await tick();
    await tick();
    expect(refresher.started).toEqual(['a', 'b', 'c']);
    refresher.releaseAll();
    await queue.idle();
  });

  it('logs a failed refresh as a warning and goes on', async () => {
    const warnings: unknown[] = [];
    const queue = createSummaryQueue({ logger: { warn: (...args: unknown[]) => void warnings.push(args) } });
    const done: string[] = [];
    queue.work(async (organizationId) => {
      if (organizationId === 'broken') throw new Error('warehouse unreachable');
      done.push(organizationId);
    });
    queue.changed('broken');
    queue.changed('fine');
    await queue.idle();
    expect(done).toEqual(['fine']);
    expect(warnings).toEqual([
      [
        { err: new Error('warehouse unreachable'), organizationId: 'broken' },
        'the portfolio summary was not refreshed',
      ],
    ]);
  });

  it('takes no more changes once stopped, and waits for the refresh under way', async () => {
    const queue = createSummaryQueue({ logger: { warn: () => undefined } });
    const refresher = heldRefresher();
    queue.work(refresher.refresh);
    queue.changed('org-a');
    await tick();
    queue.changed('org-a');
    const stopped = queue.stop();
    queue.changed('org-b');
    refresher.releaseAll();
    await stopped;
    expect(refresher.started).toEqual(['org-a']);
  });
});
