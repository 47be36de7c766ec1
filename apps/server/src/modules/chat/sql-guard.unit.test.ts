import { beforeAll, describe, expect, it } from 'vitest';
import { checkSql, loadSqlParser, SqlRefusedError } from './sql-guard.ts';
import { HOSTILE_SQL, RECURSIVE_COUNTER, RECURSIVE_DOUBLING } from './hostile-corpus.ts';

const OTHER = 'org_0123456789abcdef0123456789abcdef';
beforeAll(() => loadSqlParser());

/** The guard's reason for refusing `text` from a model, or undefined when it accepts it. */
const refusal = (text: string) => {
  try {
    checkSql(text, { untrusted: true });
  } catch (error) {
    if (error instanceof SqlRefusedError) return error.reason;
    throw error;
  }
  return undefined;
};

describe('the Chat DB SQL guard', () => {
  it.each(HOSTILE_SQL.map((text) => text.replaceAll('{other}', OTHER)))('refuses %s', (text) => {
    expect(refusal(text)).toEqual(expect.any(String));
  });

  it('holds at least 40 hostile statements', () => {
    expect(HOSTILE_SQL.length).toBeGreaterThanOrEqual(40);
  });

  it('explains refusals in plain words', () => {
    expect(refusal('DELETE FROM "02_GL_Detail"')).toBe('only reading is allowed, not changing data');
    expect(refusal(`SELECT set_config('role', 'postgres', false)`)).toBe('the function set_config is not allowed');
    expect(refusal('SELECT * FROM pg_namespace')).toBe("pg_namespace is not a table of this organization's warehouse");
    expect(refusal(`SELECT * FROM ${OTHER}."02_GL_Detail"`)).toBe('relations are named without a schema');
    expect(refusal('RESET ROLE')).toBe('settings cannot be read or changed');
    expect(refusal('SELECT 1; SELECT 2')).toBe('exactly one statement is allowed');
  });

  it('refuses recursive WITH queries however they are written, naming the part refused', () => {
    const recursive = 'WITH RECURSIVE is not allowed (a recursive query can run without end)';
    expect(refusal(RECURSIVE_COUNTER)).toBe(recursive);
    expect(refusal(RECURSIVE_DOUBLING)).toBe(recursive);
    expect(
      refusal('SELECT * FROM (WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT n FROM t) s'),
    ).toBe(recursive);
    expect(refusal('WITH "02_GL_Detail" AS (SELECT * FROM "02_GL_Detail") SELECT count(*) FROM "02_GL_Detail"')).toBe(
      'the WITH query 02_GL_Detail refers to itself',
    );
    expect(refusal('WITH a AS (SELECT * FROM b), b AS (SELECT * FROM (SELECT * FROM a) x) SELECT * FROM a')).toBe(
      'the WITH queries a and b refer to each other',
    );
    expect(
      refusal(`WITH a AS (SELECT 1 AS n WHERE EXISTS (SELECT 1 FROM c)), b AS (SELECT * FROM a), c AS (SELECT * FROM b)
        SELECT * FROM c`),
    ).toBe('the WITH queries a, c and b refer to each other');
  });

  it('refuses series, padding, exponents and gathering whose size is not a small constant', () => {
    expect(refusal('SELECT generate_series(1, 100000000)')).toBe('the function generate_series is not allowed');
    expect(refusal('SELECT * FROM generate_series(1, 100000000)')).toBe('functions cannot be used as tables');
    expect(refusal(`SELECT repeat('x', 100000000)`)).toBe('the function repeat is not allowed');
    expect(refusal(`SELECT lpad('x', 100000000)`)).toBe("lpad's length must be a number from 0 to 100");
    expect(refusal('SELECT rpad(account_name, length(account_name) * 1000) FROM "01_Account"')).toBe(
      "rpad's length must be a number from 0 to 100",
    );
    expect(refusal('SELECT power(2::numeric, 400000)')).toBe("power's exponent must be a number from -100 to 100");
    expect(refusal('SELECT 2::numeric ^ debit FROM "02_GL_Detail"')).toBe(
      'the exponent of ^ must be a number from -100 to 100',
    );
    expect(refusal('SELECT exp(debit) FROM "02_GL_Detail"')).toBe("exp's argument must be a number from -100 to 100");
    expect(refusal('SELECT round(debit, 16383) FROM "02_GL_Detail"')).toBe(
      "round's decimal places must be a number from -100 to 100",
    );
    expect(refusal(`SELECT replace(account_name, '&', 'and') FROM "01_Account"`)).toBe(
      'replace may only put in constant text no longer than the constant text it takes out',
    );
    expect(refusal(`SELECT string_agg(lpad(account_name, 100), ', ') FROM "01_Account"`)).toBe(
      "string_agg's value must be a column and its separator a constant of at most 100 characters",
    );
    expect(refusal(`SELECT string_agg(account_name, lpad(',', 100)) FROM "01_Account"`)).toBe(
      "string_agg's value must be a column and its separator a constant of at most 100 characters",
    );
    expect(refusal(`SELECT array_agg(account_code || account_name) FROM "01_Account"`)).toBe(
      "array_agg's value must be a column",
    );
  });

  it("refuses a model's text built on text built in a subquery, and subqueries the planner would copy too often", () => {
    const doubled = `WITH a AS MATERIALIZED (SELECT account_code AS x FROM "01_Account"), b AS (SELECT x || x AS x FROM a)
      SELECT concat(x, x) FROM b`;
    expect(refusal(doubled)).toBe(
      'concat builds on text or arrays built in a subquery (build them in one level of the query only)',
    );
    expect(refusal(`SELECT s || s FROM (SELECT string_agg(account_name, ',') AS s FROM "01_Account") t`)).toBe(
      '|| builds on text or arrays built in a subquery (build them in one level of the query only)',
    );
    expect(HOSTILE_SQL.at(-1)).toMatch(/^SELECT x \+ x/);
    expect(refusal(HOSTILE_SQL.at(-1)!)).toBe(
      "its subqueries refer to each other's columns too often (the planner would copy an expression more than 20,000 times)",
    );
    // The compiler's own statements are not held to the level rules (a prior-year quarter builds text twice).
    expect(() => checkSql(doubled)).not.toThrow();
  });

  it('accepts bounded padding, exponents, gathering, WITH chains and text built in one level', () => {
    for (const text of [
      `SELECT lpad(account_code, 6, '0'), rpad(account_name, 40) FROM "01_Account"`,
      `SELECT power(1.05, 12), 2 ^ 10, exp(1), round(sum(debit), 2), trunc(avg(credit), -3) FROM "02_GL_Detail"`,
      `SELECT replace(account_name, ' ', '_'), replace(account_name, '--', '') FROM "01_Account"`,
      `SELECT string_agg(DISTINCT department, ', ' ORDER BY department), array_agg(account_code) FROM "02_GL_Detail"`,
      `WITH monthly AS (SELECT period, sum(debit - credit) AS net FROM "02_GL_Detail" GROUP BY period),
         ranked AS (SELECT period, net, rank() OVER (ORDER BY net DESC) AS place FROM monthly)
       SELECT period || ': ' || net AS line FROM ranked WHERE place <= 3`,
      `SELECT account_code || ' ' || account_name FROM "01_Account" UNION ALL SELECT account_code || '*' FROM "01_Account"`,
    ])
      expect(refusal(text), text).toBeUndefined();
  });

  it('accepts a reading SELECT and clamps its LIMIT to 10,000 rows', () => {
    expect(checkSql('SELECT account_code, sum(debit) FROM "02_GL_Detail" GROUP BY 1;').sql).toBe(
      'SELECT account_code, sum(debit) FROM "02_GL_Detail" GROUP BY 1\nLIMIT 10000',
    );
    expect(checkSql('SELECT * FROM "01_Account" LIMIT 5').sql).toBe('SELECT * FROM "01_Account" LIMIT 5');
    expect(checkSql('SELECT * FROM "01_Account" LIMIT 50000').sql).toBe(
      'SELECT * FROM (\nSELECT * FROM "01_Account" LIMIT 50000\n) AS answer LIMIT 10000',
    );
    expect(
      checkSql(`WITH totals AS (SELECT period, sum(amount) AS amount FROM vw_profit_and_loss GROUP BY period)
        SELECT * FROM totals ORDER BY period LIMIT 12`).relations,
    ).toEqual(['vw_profit_and_loss']);
  });
});
