import { describe, expect, it } from 'vitest';
import { createHealthService } from './health.service.ts';

/** A database whose pings wait until the test answers or fails them. */
function fakeDatabase(kind: 'pglite' | 'postgres') {
  const pings: { answer(): void; fail(): void }[] = [];
  return {
    pings,
    database: {
      kind,
      ping: () =>
        new Promise<void>((resolve, reject) => {
          pings.push({ answer: resolve, fail: () => reject(new Error('connection refused')) });
        }),
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('readiness', () => {
  it('is ready when the database answers, and not ready when it does not answer within the timeout', async () => {
    const { pings, database } = fakeDatabase('postgres');
    const health = createHealthService({ database, readinessTimeoutMs: 30 });

    const answered = health.ready();
    await tick();
    pings[0]!.answer();
    expect(await answered).toBe(true);

    expect(await health.ready()).toBe(false);
    expect(pings).toHaveLength(2);
  });

  it('is not ready when the ping fails', async () => {
    const { pings, database } = fakeDatabase('postgres');
    const health = createHealthService({ database, readinessTimeoutMs: 1_000 });

    const failed = health.ready();
    await tick();
    pings[0]!.fail();
    expect(await failed).toBe(false);
  });

  it('keeps one ping under way at a time: probes of a database that does not answer do not pile up', async () => {
    const { pings, database } = fakeDatabase('pglite');
    const health = createHealthService({ database, readinessTimeoutMs: 10 });

    expect(await health.ready()).toBe(false);
    expect(await health.ready()).toBe(false);
    health.alive();
    expect(pings).toHaveLength(1);

    pings[0]!.answer();
    await tick();
    const next = health.ready();
    await tick();
    expect(pings).toHaveLength(2);
    pings[1]!.answer();
    expect(await next).toBe(true);
  });
});

describe('liveness', () => {
  const LIMIT = 120_000;

  it('fails on PGlite once pings have gone unanswered for the limit, and recovers with an answer', async () => {
    const { pings, database } = fakeDatabase('pglite');
    let now = 1_000_000;
    const health = createHealthService({ database, livenessLimitMs: LIMIT, now: () => now });

    expect(health.alive()).toBe(true);
    now += LIMIT - 1;
    expect(health.alive()).toBe(true);
    now += 1;
    expect(health.alive()).toBe(false);
    expect(pings).toHaveLength(1);

    pings[0]!.answer();
    await tick();
    expect(health.alive()).toBe(true);
  });

  it('counts failing pings on PGlite as unanswered', async () => {
    const { pings, database } = fakeDatabase('pglite');
    let now = 0;
    const health = createHealthService({ database, livenessLimitMs: LIMIT, now: () => now });

    expect(health.alive()).toBe(true);
    pings[0]!.fail();
    await tick();
    now += LIMIT / 2;
    expect(health.alive()).toBe(true);
    pings[1]!.fail();
    await tick();
    now += LIMIT / 2;
    expect(health.alive()).toBe(false);
  });

  it('never depends on PostgreSQL, however long it does not answer', () => {
    const { pings, database } = fakeDatabase('postgres');
    let now = 0;
    const health = createHealthService({ database, livenessLimitMs: LIMIT, now: () => now });

    void health.ready();
    now += 10 * LIMIT;
    expect(health.alive()).toBe(true);
    expect(pings).toHaveLength(1);
  });
});
