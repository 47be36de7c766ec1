import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from './client.ts';
import { isCopyFromStdin } from './pglite-wire.ts';

// Several pool connections share PGlite's one backend (pglite-wire.ts); these hold on PostgreSQL by
// construction and must hold on the embedded database too.
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.pool.query('create table connection_probe (id int primary key, who text not null)');
});
afterAll(() => database?.close());

const whoIsThere = async () =>
  (await database.pool.query<{ who: string }>('select who from connection_probe order by id')).rows.map((r) => r.who);

describe('pool connections on one database', () => {
  it("keeps an open transaction to itself: another connection's write lands outside it", async () => {
    await database.pool.query('delete from connection_probe');
    const a = await database.pool.connect();
    const b = await database.pool.connect();
    try {
      await a.query('begin');
      await a.query(`insert into connection_probe values (1, 'a')`);
      const written = b.query(`insert into connection_probe values (2, 'b')`);
      await a.query(`insert into connection_probe values (3, 'a')`);
      await a.query('rollback');
      await written;
    } finally {
      a.release();
      b.release();
    }
    expect(await whoIsThere()).toEqual(['b']);
  });

  it('answers concurrent parameterised queries of different shapes, large parameters included, each with its own values', async () => {
    const large = 'x'.repeat(1_000_000);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 3 === 0
          ? database.pool
              .query<{ size: number; i: number }>('select length($1::text) as size, $2::int as i', [large, i])
              .then(({ rows }) => rows[0])
          : database.pool.query<{ i: number }>('select $1::int as i', [i]).then(({ rows }) => rows[0]),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? { size: large.length, i } : { i })));
  });

  it('keeps prepared statements per connection: one name prepared with different SQL on two connections', async () => {
    const a = await database.pool.connect();
    const b = await database.pool.connect();
    try {
      const asked = (client: typeof a, text: string, value: number) =>
        client.query<{ answer: number }>({ name: 'probe', text, values: [value] }).then(({ rows }) => rows[0]!.answer);
      const answers = await Promise.all([
        asked(a, 'select $1::int + 1 as answer', 1),
        asked(b, 'select $1::int * 10 as answer', 2),
        asked(a, 'select $1::int + 1 as answer', 3),
        asked(b, 'select $1::int * 10 as answer', 4),
      ]);
      expect(answers).toEqual([2, 20, 4, 40]);
    } finally {
      a.release();
      b.release();
    }
  });

  it('rolls back the transaction of a connection that ends while holding it, and serves the others', async () => {
    await database.pool.query('delete from connection_probe');
    const a = await database.pool.connect();
    await a.query('begin');
    await a.query(`insert into connection_probe values (1, 'a')`);
    // Destroys the connection (a transaction left open by a crashed request's client).
    a.release(true);
    await database.pool.query(`insert into connection_probe values (2, 'b')`);
    expect(await whoIsThere()).toEqual(['b']);
  });

  it('answers a statement error inside a transaction and keeps the transaction to its connection until ROLLBACK', async () => {
    await database.pool.query('delete from connection_probe');
    const a = await database.pool.connect();
    try {
      await a.query('begin');
      await a.query(`insert into connection_probe values (1, 'a')`);
      await expect(a.query(`insert into connection_probe values (1, 'again')`)).rejects.toMatchObject({
        code: '23505',
      });
      await expect(a.query('select 1')).rejects.toMatchObject({ code: '25P02' });
      const written = database.pool.query(`insert into connection_probe values (2, 'b')`);
      await a.query('rollback');
      await written;
    } finally {
      a.release();
    }
    expect(await whoIsThere()).toEqual(['b']);
  });
});

describe('isCopyFromStdin', () => {
  it('recognises COPY … FROM STDIN, after comments too, and nothing else', () => {
    expect(isCopyFromStdin('COPY "org_1"."02_GL_Detail" ("a") FROM STDIN WITH (FORMAT csv)')).toBe(true);
    expect(isCopyFromStdin('  -- load\n/* x */ copy t from stdin')).toBe(true);
    expect(isCopyFromStdin('COPY t TO STDOUT')).toBe(false);
    expect(isCopyFromStdin("select 'copy t from stdin'")).toBe(false);
  });
});
