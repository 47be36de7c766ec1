import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createFairScheduler } from './fair-scheduler.ts';

/** Jobs that record the order they ran in and take `ms` each. */
function jobs() {
  const order: string[] = [];
  let running = 0;
  let most = 0;
  const job =
    (name: string, ms: number, fail = false) =>
    async () => {
      running += 1;
      most = Math.max(most, running);
      order.push(name);
      await sleep(ms);
      running -= 1;
      if (fail) throw new Error(`${name} failed`);
      return name;
    };
  return { job, order, most: () => most };
}

describe('fair scheduler', () => {
  it("runs one job at a time, a key's jobs in the order they were asked", async () => {
    const scheduler = createFairScheduler();
    const { job, order, most } = jobs();

    const results = await Promise.all([1, 2, 3].map((n) => scheduler.run('A', job(`A${n}`, 10))));

    expect(results).toEqual(['A1', 'A2', 'A3']);
    expect(order).toEqual(['A1', 'A2', 'A3']);
    expect(most()).toBe(1);
  });

  it("puts a newcomer's job before the queued jobs of a key that has been running", async () => {
    const scheduler = createFairScheduler();
    const { job, order } = jobs();

    const busy = [1, 2, 3, 4].map((n) => scheduler.run('A', job(`A${n}`, 60)));
    await sleep(20);
    const quiet = scheduler.run('B', job('B1', 5));
    await Promise.all([...busy, quiet]);

    // B waited for the job that was running when it asked, not for the three queued behind it.
    expect(order).toEqual(['A1', 'B1', 'A2', 'A3', 'A4']);
  });

  it("keeps a request's place for the job it asks for as soon as its previous one ends", async () => {
    const scheduler = createFairScheduler();
    const { job, order } = jobs();

    const busy = [1, 2, 3, 4].map((n) => scheduler.run('A', job(`A${n}`, 60)));
    await sleep(20);
    const request = (async () => {
      await scheduler.run('B', job('B-page', 5));
      await scheduler.run('B', job('B-totals', 5));
    })();
    await Promise.all([...busy, request]);

    expect(order).toEqual(['A1', 'B-page', 'B-totals', 'A2', 'A3', 'A4']);
  });

  it('lets what queued elsewhere settle before it chooses, so a request asking meanwhile goes first', async () => {
    // Stands for a round trip to the database behind another request's session check (50 ms).
    const scheduler = createFairScheduler({ settle: () => sleep(50) });
    const { job, order } = jobs();

    const busy = [1, 2, 3].map((n) => scheduler.run('A', job(`A${n}`, 60)));
    await sleep(20);
    // B's request is checked elsewhere first: it asks for its transaction 30 ms after A1 ended.
    const request = (async () => {
      await sleep(70);
      await scheduler.run('B', job('B-page', 5));
    })();
    await Promise.all([...busy, request]);

    expect(order).toEqual(['A1', 'B-page', 'A2', 'A3']);
  });

  it('gives a key no credit for the time it was idle: two busy keys take turns', async () => {
    const scheduler = createFairScheduler();
    const { job, order } = jobs();

    // B ran alone first, then A arrives while B keeps asking: neither waits for all the other's jobs.
    await scheduler.run('B', job('B0', 100));
    const b = [1, 2, 3].map((n) => scheduler.run('B', job(`B${n}`, 30)));
    const a = [1, 2, 3].map((n) => scheduler.run('A', job(`A${n}`, 30)));
    await Promise.all([...a, ...b]);

    expect(order[0]).toBe('B0');
    expect(order.slice(1).join(' ')).toMatch(/^(B1 A1|A1 B1) (B2 A2|A2 B2) (B3 A3|A3 B3)$/);
  });

  it('passes the turn on when a job fails', async () => {
    const scheduler = createFairScheduler();
    const { job, order } = jobs();

    const failing = scheduler.run('A', job('A1', 20, true));
    const next = scheduler.run('B', job('B1', 5));

    await expect(failing).rejects.toThrow('A1 failed');
    await expect(next).resolves.toBe('B1');
    expect(order).toEqual(['A1', 'B1']);
  });

  it('forgets a key once the others have had as much as it had', async () => {
    const scheduler = createFairScheduler();
    const { job } = jobs();

    await Promise.all([scheduler.run('A', job('A1', 40)), scheduler.run('B', job('B1', 5))]);
    await sleep(5);
    // A's 40 ms stay on its account: it would otherwise overtake B again.
    expect(scheduler.keys).toBe(1);

    await scheduler.run('B', job('B2', 60));
    await sleep(5);
    expect(scheduler.keys).toBe(0);
  });
});
