import { beforeAll, describe, expect, it } from 'vitest';
import { checkSql, loadSqlParser, SqlRefusedError } from './sql-guard.ts';
import { FINANCE_SQL } from './finance-corpus.ts';
import {
  ARRAY_SEARCH,
  HOSTILE_SQL,
  NUMBER_DOUBLING,
  RECURSIVE_COUNTER,
  MOVING_MAX,
  RECURSIVE_DOUBLING,
  RUNNING_STRING_AGG,
  TEXT_TO_HUGE_NUMBER,
  WIDE_CONCAT,
} from './hostile-corpus.ts';

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

  it("refuses a model's numbers that could grow too long to compute with, naming what grows them", () => {
    const grows = (what: string) =>
      `${what} could make a number of more than 300 digits (arithmetic on numbers that long takes too long)`;
    for (const [text, reason] of [
      [NUMBER_DOUBLING, grows('*')],
      ['SELECT sum(power(power(debit, 100), 10)) FROM "02_GL_Detail"', grows('power')],
      ['SELECT sum(debit ^ 100 * credit ^ 100) FROM "02_GL_Detail"', grows('^')],
      ['SELECT sum(debit::numeric(1000, 999) * credit) FROM "02_GL_Detail"', grows('a cast to numeric(1000,999)')],
      ['SELECT sum(debit * 1e299) FROM "02_GL_Detail"', grows('*')],
      [`SELECT sum(debit * '1e299') FROM "02_GL_Detail"`, grows('*')],
      ['SELECT sum((debit::float8 ^ 30)::numeric * debit) FROM "02_GL_Detail"', grows('a cast to numeric')],
      ['SELECT sum(to_number(account_code, account_name)) FROM "02_GL_Detail"', grows('to_number')],
      [
        'WITH t AS (SELECT sum(debit) * sum(debit) * sum(debit) AS cube FROM "02_GL_Detail") SELECT cube * cube * cube FROM t',
        grows('*'),
      ],
      [
        'SELECT sum(ln(debit::numeric(300, 280))) FROM "02_GL_Detail"',
        "ln's argument could have more than 100 digits (round it first: ln, log, sqrt and fractional powers take too long on numbers that long)",
      ],
    ] as const)
      expect(refusal(text), text).toBe(reason);
    expect(
      refusal(`SELECT sum(debit * debit * debit), power(1.0725, 30), round(sum(debit) / nullif(sum(credit), 0) * 100, 2),
        ln(sum(debit)), sum(debit::numeric(300, 2)), (sum(debit)::float8 ^ 30)::numeric(30, 2) FROM "02_GL_Detail"`),
    ).toBeUndefined();
  });

  it("casts a model's text to numeric only from a constant or with a precision, and never text it built", () => {
    const built = (what: string) =>
      `text built with ${what} cannot be cast to numeric (a number as long as that text takes too long to compute with)`;
    const unbounded =
      'text cannot be cast to numeric without a precision, as in ::numeric(18,2), unless it is a constant (the number it holds could be as long as the text)';
    for (const [text, reason] of [
      [TEXT_TO_HUGE_NUMBER, built('concat')],
      ['SELECT (c || c || c)::numeric * 2 FROM (SELECT account_code AS c FROM "01_Account") g', built('||')],
      [`SELECT sum((account_code || '0')::numeric(18,2)) FROM "01_Account"`, built('||')],
      [
        `SELECT x * 2 FROM (SELECT string_agg(account_code, '')::numeric AS x FROM "01_Account") s`,
        built('string_agg'),
      ],
      ['SELECT sum(account_code::numeric) FROM "02_GL_Detail"', unbounded],
      ['SELECT sum(left(description, 5)::numeric) FROM "02_GL_Detail"', unbounded],
      [
        'SELECT x::numeric FROM (SELECT a || b AS x FROM (SELECT account_code AS a, account_name AS b FROM "01_Account") p) q',
        built('||'),
      ],
    ] as const)
      expect(refusal(text), text).toBe(reason);
    expect(
      refusal(`SELECT account_code::numeric(12, 0), '12.50'::numeric * debit, left(period, 4)::int, (period || '-01')::date,
        account_code::bigint FROM "02_GL_Detail" g JOIN "01_Account" a USING (account_code)`),
    ).toBeUndefined();
  });

  it('refuses more text built for each row than 16 values and 1,000 characters of constants, counting folded copies', () => {
    const values =
      'it builds text from more than 16 values for each row (building that much text on every row takes too long)';
    const concatOf = (count: number) => `concat(${Array(count).fill('description').join(', ')})`;
    const y200 = `'${'y'.repeat(200)}'`;
    expect(refusal(WIDE_CONCAT)).toBe(values);
    expect(refusal(`SELECT ${concatOf(17)} FROM "02_GL_Detail"`)).toBe(values);
    expect(refusal(`SELECT ${Array(17).fill('description').join(' || ')} FROM "02_GL_Detail"`)).toBe(values);
    // A subquery the planner folds in is computed once for each reference to its column.
    expect(refusal(`SELECT x, x FROM (SELECT ${concatOf(9)} AS x FROM "02_GL_Detail") t`)).toBe(values);
    expect(refusal(`SELECT concat(${Array(6).fill(y200).join(', ')}, description) FROM "02_GL_Detail"`)).toBe(
      'it builds text with more than 1,000 characters of constants for each row (building that much text on every row takes too long)',
    );
    expect(refusal(`SELECT ${concatOf(16)} FROM "02_GL_Detail"`)).toBeUndefined();
    expect(refusal(`SELECT ${Array(16).fill('description').join(' || ')} FROM "02_GL_Detail"`)).toBeUndefined();
    expect(refusal(`SELECT x, x FROM (SELECT ${concatOf(8)} AS x FROM "02_GL_Detail" ORDER BY 1) t`)).toBeUndefined();
    expect(
      refusal(`SELECT concat(${Array(5).fill(y200).join(', ')}, description) FROM "02_GL_Detail"`),
    ).toBeUndefined();
    // Constants joined by || or in ARRAY[…] are joined once, by the planner.
    const codes = Array.from({ length: 300 }, (_, i) => `'${4000 + i}'`);
    expect(
      refusal(`SELECT count(*) FROM "02_GL_Detail" WHERE account_code = ANY(ARRAY[${codes.join(', ')}])
        OR description LIKE ${Array(6).fill(y200).join(' || ')}`),
    ).toBeUndefined();
  });

  it('refuses a text constant of more than 200 characters, and regular expressions', () => {
    expect(refusal(`SELECT count(*) FROM "02_GL_Detail" WHERE description LIKE '${'%a'.repeat(101)}'`)).toBe(
      'a text constant may have at most 200 characters',
    );
    expect(refusal(`SELECT count(*) FROM "02_GL_Detail" WHERE description LIKE '${'%a'.repeat(100)}'`)).toBeUndefined();
    expect(refusal(`SELECT count(*) FROM "02_GL_Detail" WHERE description ~* 'rent'`)).toBe(
      'regular expressions (~*) are not allowed (what one costs on each row depends on its pattern; use LIKE)',
    );
  });

  it('shows, but never computes with, searches by or runs as a window, what string_agg, array_agg or ARRAY(SELECT …) gathered', () => {
    expect(refusal(ARRAY_SEARCH)).toBe(
      'what ARRAY(SELECT …) gathered cannot be searched with = ANY, ALL, @>, <@ or && (each row would go through all of it; use IN (SELECT …))',
    );
    expect(refusal('SELECT array_agg(account_code) @> array_agg(journal_id) FROM "02_GL_Detail"')).toBe(
      'what array_agg gathered cannot be searched with = ANY, ALL, @>, <@ or && (each row would go through all of it; use IN (SELECT …))',
    );
    expect(
      refusal(
        `SELECT sum(length(s)) FROM (SELECT string_agg(description, '') AS s FROM "02_GL_Detail") t, "02_GL_Detail"`,
      ),
    ).toBe(
      'what string_agg gathered in a subquery can only be shown, not computed with (each row would go through all of it)',
    );
    expect(refusal(`SELECT strpos(string_agg(description, ''), string_agg(reference, '')) FROM "02_GL_Detail"`)).toBe(
      'what string_agg gathered cannot be what LIKE, strpos, position or split_part look for (each value would be compared with all of it)',
    );
    expect(refusal(RUNNING_STRING_AGG)).toBe(
      'string_agg cannot be a window function (each row would gather again what every row before it gathered)',
    );
    for (const text of [
      `SELECT s FROM (SELECT string_agg(account_name, ', ') AS s FROM "01_Account") t WHERE s IS NOT NULL ORDER BY s`,
      `SELECT ARRAY(SELECT account_code FROM "01_Account") AS codes`,
      `SELECT count(*) FROM "02_GL_Detail" WHERE account_code IN (SELECT account_code FROM "01_Account")`,
    ])
      expect(refusal(text), text).toBeUndefined();
  });

  it('refuses an aggregate that would gather a moving window frame of more than 12 rows again for every row', () => {
    const frame = (fn: string) =>
      `${fn} over a moving window frame must use ROWS and hold at most 12 rows (each row gathers its frame again)`;
    const over = (call: string, window: string) => `SELECT ${call} OVER (${window}) FROM "02_GL_Detail"`;
    for (const [text, reason] of [
      [MOVING_MAX, frame('max')],
      [over('min(debit)', 'ORDER BY row_id ROWS BETWEEN 6 PRECEDING AND 6 FOLLOWING'), frame('min')],
      [over('max(debit)', 'ORDER BY row_id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING'), frame('max')],
      [
        over('max(debit)', "ORDER BY posting_date RANGE BETWEEN INTERVAL '30 days' PRECEDING AND CURRENT ROW"),
        frame('max'),
      ],
      [over('sum(debit::float8)', 'ORDER BY row_id ROWS BETWEEN 50 PRECEDING AND CURRENT ROW'), frame('sum')],
      [
        'SELECT max(debit) OVER w FROM "02_GL_Detail" WINDOW w AS (ORDER BY row_id ROWS BETWEEN 100 PRECEDING AND CURRENT ROW)',
        frame('max'),
      ],
      [
        over('sum(debit)', 'ORDER BY row_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE CURRENT ROW'),
        'sum over a window frame that excludes rows is not allowed (each row would gather its frame again)',
      ],
    ] as const)
      expect(refusal(text), text).toBe(reason);
    // Frames from the partition's start only grow; sum, avg and count (not over floats) take rows out one by one.
    for (const text of [
      over('max(debit)', 'ORDER BY row_id ROWS BETWEEN 11 PRECEDING AND CURRENT ROW'),
      over('max(debit)', 'ORDER BY row_id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING'),
      over('min(debit)', 'PARTITION BY account_code ORDER BY posting_date'),
      over('sum(debit)', 'ORDER BY row_id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING'),
      over('avg(debit)', "ORDER BY posting_date RANGE BETWEEN INTERVAL '30 days' PRECEDING AND CURRENT ROW"),
      over('count(*)', 'ORDER BY row_id ROWS BETWEEN 5000 PRECEDING AND 5000 FOLLOWING'),
    ])
      expect(refusal(text), text).toBeUndefined();
  });

  it('accepts the finance statements a model writes', () => {
    for (const text of FINANCE_SQL) expect(refusal(text), text).toBeUndefined();
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
