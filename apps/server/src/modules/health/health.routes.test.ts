import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { buildTestApp, type TestApp } from '../../../test/build-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/**
 * Holds the database in open transactions until `release` is called — the state an aborted export used
 * to leave behind: on PostgreSQL every connection of the pool; on PGlite one transaction is enough, since
 * its single backend session serves one transaction at a time (the others would wait for it).
 */
async function holdEveryConnection() {
  const connections = t.database.kind === 'pglite' ? 1 : (t.database.pool?.options.max ?? 1);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = 0;
  let allHeld!: () => void;
  const held = new Promise<void>((resolve) => (allHeld = resolve));
  const transactions = Array.from({ length: connections }, () =>
    t.database.db.transaction(async (tx) => {
      await tx.execute('select 1');
      holding += 1;
      if (holding === connections) allHeld();
      await released;
    }),
  );
  await held;
  return async () => {
    release();
    await Promise.all(transactions);
  };
}

describe('probes while the database does not answer', () => {
  it('answers /readyz 503 with the envelope instead of hanging, /healthz 200, and /readyz 200 once it answers again', async () => {
    const release = await holdEveryConnection();
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: false, message: messages.databaseUnavailable });

      const live = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await release();
    }

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: process.env.TEST_DB });
  });
});
