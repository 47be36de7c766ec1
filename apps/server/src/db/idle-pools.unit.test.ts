import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createIdlePools } from './idle-pools.ts';

/** A pool as the cache sees it: its connections counted, its checkouts announced, `end` recorded. */
class FakePool extends EventEmitter {
  totalCount = 0;
  waitingCount = 0;
  ended = false;
  async end() {
    this.ended = true;
  }
}

let clock = 0;
const opened: FakePool[] = [];
const cache = () =>
  createIdlePools<{ pool: pg.Pool }>({
    open: async (key) => {
      if (key === 'broken') throw new Error('no such database');
      const pool = new FakePool();
      opened.push(pool);
      return { pool: pool as unknown as pg.Pool };
    },
    idleMs: 1_000,
    now: () => clock,
  });
let pools: ReturnType<typeof cache> | undefined;
afterEach(async () => {
  await pools?.close();
  opened.length = 0;
  clock = 0;
});

describe('createIdlePools', () => {
  it('opens one pool per key and gives it again while it is in use', async () => {
    pools = cache();
    const first = await pools.get('a');
    expect(await pools.get('a')).toBe(first);
    await pools.get('b');
    expect(opened).toHaveLength(2);
    expect(pools.size).toBe(2);
  });

  it('ends a pool without connections unused for twice the idle time, and opens another on the next use', async () => {
    pools = cache();
    await pools.get('a');
    clock = 1_999;
    expect(await pools.sweep()).toBe(0);
    clock = 2_000;
    expect(await pools.sweep()).toBe(1);
    expect(opened[0]!.ended).toBe(true);
    expect(pools.size).toBe(0);
    await pools.get('a');
    expect(opened).toHaveLength(2);
  });

  it('keeps a pool that holds a connection, or whose connection was checked out lately', async () => {
    pools = cache();
    await pools.get('busy');
    await pools.get('checked-out');
    opened[0]!.totalCount = 1;
    clock = 1_500;
    opened[1]!.emit('acquire');
    clock = 3_000;
    expect(await pools.sweep()).toBe(0);
    clock = 3_500;
    expect(await pools.sweep()).toBe(1);
    expect(opened.map((pool) => pool.ended)).toEqual([false, true]);
  });

  it('forgets a pool that failed to open, so the next use tries again', async () => {
    pools = cache();
    await expect(pools.get('broken')).rejects.toThrow('no such database');
    expect(pools.size).toBe(0);
  });
});
