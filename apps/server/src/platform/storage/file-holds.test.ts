import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { createFileHolds, type FileHolds } from './file-holds.ts';
import { createFileHoldsRepository } from './file-holds.repository.ts';

let database: DatabaseHandle;
const opened: FileHolds[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const holds of opened) holds.stop();
  await database?.close();
});

/** The holds of one process (a new holder each call, as a new process would be). */
function processHolds(staleAfterMs = 30_000): FileHolds {
  const holds = createFileHolds({
    repository: createFileHoldsRepository(database.db),
    db: database.db,
    logger: pino({ level: 'silent' }),
    staleAfterMs,
  });
  opened.push(holds);
  return holds;
}

/** As if the hold's process had stopped renewing it `seconds` ago. */
const age = (id: string, seconds: number) =>
  database.db.execute(
    sql`update file_holds set renewed_at = now() - ${seconds} * interval '1 second' where id = ${id}`,
  );

const renewedAt = async (id: string) =>
  rowsOf<{ age: number }>(
    await database.db.execute(
      sql`select extract(epoch from now() - renewed_at)::float as age from file_holds where id = ${id}`,
    ),
  )[0]?.age;

describe('file holds', () => {
  it('ends a hold with the transaction that records its file, and keeps it when that transaction rolls back', async () => {
    const holds = processHolds();
    const kept = await holds.take({ container: null, key: 'uploads/org/kept' });
    const recorded = await holds.take({ container: 'acme-files', key: 'incoming/recorded' });
    expect(recorded).toMatchObject({ container: 'acme-files', key: 'incoming/recorded' });

    await expect(
      database.db.transaction(async (tx) => {
        expect(await holds.release([kept], tx)).toBe(1);
        throw new Error('the record failed');
      }),
    ).rejects.toThrow('the record failed');
    expect(await database.db.transaction((tx) => holds.release([recorded], tx))).toBe(1);

    const ids = (await holds.all()).map((hold) => hold.id);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(recorded.id);
    expect(await holds.release([kept])).toBe(1);
    expect(await holds.release([kept])).toBe(0);
  });

  it("takes another process's hold once it is unrenewed past the period, for one taker only", async () => {
    const api = processHolds();
    const sweeper = processHolds();
    const other = processHolds();
    const hold = await api.take({ container: null, key: 'flat-file-imports/org/file' });

    expect(await sweeper.takeDead(30_000)).toEqual([]);
    expect(await api.takeDead(0)).toEqual([]); // never its own
    await age(hold.id, 60);
    expect(await sweeper.takeDead(30_000)).toEqual([hold]);
    expect(await other.takeDead(30_000)).toEqual([]);
    // Its process comes back from a long stall: the hold is no longer its to end.
    expect(await api.release([hold])).toBe(0);
  });

  it("takes every other process's hold when asked with no period, as the embedded database does at start", async () => {
    const before = processHolds();
    const hold = await before.take({ container: null, key: 'uploads/org/just-now' });
    expect(await processHolds().takeDead(0)).toEqual([hold]);
  });

  it('renews the holds of its process while it has any', async () => {
    // Renewed every 100 ms.
    const holds = processHolds(600);
    const hold = await holds.take({ container: null, key: 'uploads/org/long' });
    await age(hold.id, 60);
    await expect.poll(() => renewedAt(hold.id), { timeout: 5_000 }).toBeLessThan(1);
    expect(await processHolds().takeDead(30_000)).toEqual([]);
    await holds.release([hold]);
  });
});
