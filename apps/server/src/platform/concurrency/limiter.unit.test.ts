import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.ts';

/** Calls that record when they started and ended (ms since the first) and take `ms`. */
function recorder() {
  const t0 = performance.now();
  const log: { name: string; start: number; end: number }[] = [];
  const call =
    (name: string, ms: number, fail = false) =>
    async () => {
      const start = performance.now() - t0;
      await sleep(ms);
      log.push({ name, start, end: performance.now() - t0 });
      if (fail) throw new Error(`${name} failed`);
      return name;
    };
  const of = (name: string) => log.find((entry) => entry.name === name)!;
  return { call, of };
}

describe('limiter', () => {
  it('runs at most max calls at once, the others in the order they asked', async () => {
    const limiter = createLimiter(2);
    const { call, of } = recorder();

    const results = await Promise.all(['a', 'b', 'c', 'd'].map((name) => limiter.run(call(name, 40))));

    expect(results).toEqual(['a', 'b', 'c', 'd']);
    expect(of('b').start).toBeLessThan(of('a').end);
    expect(of('c').start).toBeGreaterThanOrEqual(of('a').end - 1);
    expect(of('d').start).toBeGreaterThanOrEqual(of('b').end - 1);
  });

  it('passes the slot on when a call fails', async () => {
    const limiter = createLimiter(1);
    const { call, of } = recorder();

    const failing = limiter.run(call('a', 20, true));
    const next = limiter.run(call('b', 5));

    await expect(failing).rejects.toThrow('a failed');
    await expect(next).resolves.toBe('b');
    expect(of('b').start).toBeGreaterThanOrEqual(of('a').end - 1);
  });
});
