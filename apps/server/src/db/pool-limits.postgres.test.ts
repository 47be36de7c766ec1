import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client.ts';

/**
 * On PostgreSQL every pool replaces a connection after `maxUses` checkouts (its server process, and the catalog
 * entries it keeps of every warehouse it read, end with it). PGlite has one backend: nothing to replace there,
 * hence a test of the api-postgres project alone.
 */
describe('pool limits', () => {
  it('serves at most maxUses checkouts on one connection, then another server process', async () => {
    const database = await openDatabase({
      kind: 'postgres',
      url: inject('postgresServerUrl')!,
      poolSize: 1,
      limits: { idleTimeoutMs: 30_000, maxLifetimeSeconds: 3_600, maxUses: 3 },
    });
    try {
      const pids: number[] = [];
      for (let i = 0; i < 7; i++)
        pids.push((await database.pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
      expect(new Set(pids.slice(0, 3)).size).toBe(1);
      expect(new Set(pids.slice(3, 6)).size).toBe(1);
      expect(pids[3]).not.toBe(pids[0]);
      expect(pids[6]).not.toBe(pids[3]);
      expect(database.limits.maxUses).toBe(3);
    } finally {
      await database.close();
    }
  });
});
