import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from './client.ts';
import { escapeLike, likeContaining, likeStartingWith } from './like.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

/** Which of `values` the database matches with `value ilike pattern`. */
async function matching(values: string[], pattern: string): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select v from (values ${sql.join(
      values.map((value) => sql`(${value})`),
      sql`, `,
    )}) as t(v) where v ilike ${pattern} order by v`,
  )) as unknown as { rows: { v: string }[] };
  return result.rows.map((row) => row.v);
}

describe('LIKE patterns from user input', () => {
  it('escapes %, _ and the escape character itself', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(likeContaining('a%')).toBe('%a\\%%');
    expect(likeStartingWith('a_')).toBe('a\\_%');
  });

  it('matches "%" and "_" literally in the database', async () => {
    const values = ['50% off', '500 off', 'a_b', 'axb', 'back\\slash', 'backslash'];

    expect(await matching(values, likeContaining('0%'))).toEqual(['50% off']);
    expect(await matching(values, likeContaining('_'))).toEqual(['a_b']);
    expect(await matching(values, likeContaining('k\\s'))).toEqual(['back\\slash']);
    expect(await matching(values, likeStartingWith('A_'))).toEqual(['a_b']);
  });
});
