/** Each level doubles the text of the one it reads: 2^levels times the first one's text, with no recursion. */
const doublings = (levels: number) =>
  `WITH l0 AS MATERIALIZED (SELECT account_code AS x FROM "01_Account" LIMIT 1), ${Array.from(
    { length: levels },
    (_, i) => `l${i + 1} AS MATERIALIZED (SELECT x || x AS x FROM l${i})`,
  ).join(', ')} SELECT length(x) FROM l${levels}`;

/** Subqueries the planner folds into each other, copying each column `references` times per level. */
const foldings = (levels: number, references: number) => {
  let select = 'SELECT debit AS x FROM "02_GL_Detail"';
  for (let level = 1; level <= levels; level++)
    select = `SELECT ${Array(references).fill('x').join(' + ')} AS x FROM (${select}) AS l${level}`;
  return select;
};

/** `code` built into text `copies` times over, by concat (at most 100 arguments a call, so in calls of 100). */
const codes = (copies: number) =>
  `concat(${Array.from({ length: copies / 100 }, () => `concat(${Array(100).fill('c').join(',')})`).join(',')})`;

/**
 * Text of 2,000 account codes per ledger line cast to numeric and multiplied: an aggregate whose one FETCH PGlite
 * cannot interrupt, priced by the planner like any product (measured on PGlite: 10.8 s for 10,050 lines).
 */
export const TEXT_TO_HUGE_NUMBER = `SELECT sum(${codes(2_000)}::numeric * ${codes(2_000)}::numeric) AS n FROM (SELECT account_code AS c FROM "02_GL_Detail") AS g`;

/** A number squared level by level: its digits double each time, the planner's cost does not move. */
export const NUMBER_DOUBLING = `WITH l0 AS MATERIALIZED (SELECT debit AS x FROM "02_GL_Detail"), ${Array.from(
  { length: 6 },
  (_, i) => `l${i + 1} AS MATERIALIZED (SELECT x * x AS x FROM l${i})`,
).join(', ')} SELECT sum(x) FROM l6`;

/** `concat` of 99 descriptions for every ledger line (measured: 1,000 took 108 s over 200,000 lines on PGlite). */
export const WIDE_CONCAT = `SELECT sum(length(concat(${Array(99).fill('description').join(', ')}))) FROM "02_GL_Detail"`;

/** Every ledger line compared with an array of every ledger line (24 s for 20,000 lines on PGlite). */
export const ARRAY_SEARCH = `SELECT count(*) FROM "02_GL_Detail" WHERE account_code = ANY(ARRAY(SELECT account_code FROM "02_GL_Detail"))`;

/** Each line gets the text of every line before it (measured: 36.8 s for 20,000 lines on PGlite, plan cost 2,645). */
export const RUNNING_STRING_AGG = `SELECT sum(x) FROM (SELECT length(string_agg(description, '') OVER (ORDER BY row_id)) AS x FROM "02_GL_Detail") AS y`;

/** max over 10,001 lines for each line (measured: 22 s for 20,000 lines on PGlite, plan cost 2,355). */
export const MOVING_MAX = `SELECT sum(m) FROM (SELECT max(debit) OVER (ORDER BY row_id ROWS BETWEEN 5000 PRECEDING AND 5000 FOLLOWING) AS m FROM "02_GL_Detail") AS s`;

/** The issue's two probes on PGlite: 50.6 s of every organization's time, and 408 MB → 2.0 GB kept. */
export const RECURSIVE_COUNTER = `WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 40000000) SELECT count(*) FROM t`;
export const RECURSIVE_DOUBLING = `WITH RECURSIVE s(x, n) AS (SELECT 'x'::text, 1 UNION ALL SELECT x || x, n + 1 FROM s WHERE n < 40) SELECT length(x) FROM s ORDER BY n DESC LIMIT 1`;

/**
 * Statements Chat DB must refuse, whatever produced them (acceptance 2): DML and DDL in every position,
 * stacked statements, settings and roles, sleeps, remote links, COPY, large objects, catalog reads and other
 * organizations' schemas; and work without a bound, which PGlite could not cut off once started (recursion,
 * series, padding, doubling, exponents, planner folding), or far beyond what its plan costs (text built into huge
 * numbers, numbers squared level by level, text built for every row, constants read for every row, arrays and
 * text gathered from every row searched for every row, regular expressions). `{other}` stands for another
 * organization's warehouse schema.
 */
export const HOSTILE_SQL: readonly string[] = [
  `DELETE FROM "02_GL_Detail"`,
  `UPDATE "02_GL_Detail" SET debit = 0`,
  `INSERT INTO "01_Account" (account_code, account_name, account_type) VALUES ('9', 'x', 'asset')`,
  `DROP TABLE "02_GL_Detail"`,
  `TRUNCATE "03_Budget"`,
  `CREATE TABLE stolen AS SELECT * FROM "02_GL_Detail"`,
  `ALTER TABLE "01_Account" ADD COLUMN x int`,
  `WITH gone AS (DELETE FROM "02_GL_Detail" RETURNING *) SELECT count(*) FROM gone`,
  `WITH changed AS (UPDATE "03_Budget" SET amount = 0 RETURNING *) SELECT * FROM changed`,
  `WITH added AS (INSERT INTO "00_Period" SELECT * FROM "00_Period" RETURNING *) SELECT 1`,
  `SELECT * INTO stolen FROM "02_GL_Detail"`,
  `SELECT * FROM "02_GL_Detail" FOR UPDATE`,
  `SELECT * FROM "03_Budget" FOR SHARE`,
  `(SELECT * FROM "03_Budget" FOR NO KEY UPDATE) UNION ALL SELECT * FROM "03_Budget"`,
  `SELECT 1; DELETE FROM "02_GL_Detail"`,
  `SELECT 1; SELECT * FROM users`,
  `SELECT set_config('role', 'postgres', false)`,
  `SELECT set_config('search_path', 'public', true), count(*) FROM "02_GL_Detail"`,
  `SELECT * FROM "01_Account" WHERE set_config('role', 'fb_{other}', true) IS NOT NULL`,
  `SET ROLE postgres`,
  `SET ROLE fb_{other}`,
  `RESET ROLE`,
  `SET SESSION AUTHORIZATION postgres`,
  `RESET SESSION AUTHORIZATION`,
  `SET search_path TO public`,
  `SHOW ALL`,
  `SELECT current_setting('data_directory')`,
  `SELECT pg_sleep(10)`,
  `SELECT * FROM "02_GL_Detail" WHERE pg_sleep(1) IS NULL`,
  `SELECT dblink('host=evil', 'select 1')`,
  `SELECT * FROM dblink('host=evil', 'select 1') AS t(x int)`,
  `COPY "02_GL_Detail" TO '/tmp/gl.csv'`,
  `COPY (SELECT 1) TO PROGRAM 'id'`,
  `SELECT lo_import('/etc/passwd')`,
  `SELECT lo_export(1, '/tmp/x')`,
  `SELECT pg_read_file('/etc/passwd')`,
  `SELECT * FROM pg_namespace`,
  `SELECT nspname FROM pg_catalog.pg_namespace`,
  `SELECT * FROM pg_class`,
  `SELECT usename, passwd FROM pg_shadow`,
  `SELECT * FROM pg_authid`,
  `SELECT table_schema FROM information_schema.tables`,
  `SELECT * FROM public.users`,
  `SELECT * FROM users`,
  `SELECT * FROM sessions`,
  `SELECT * FROM {other}."02_GL_Detail"`,
  `SELECT * FROM "02_GL_Detail" g JOIN {other}."01_Account" a USING (account_code)`,
  `SELECT (SELECT count(*) FROM {other}."02_GL_Detail")`,
  `SELECT 'pg_authid'::regclass::oid`,
  `SELECT current_user`,
  `SELECT session_user`,
  `SELECT nextval('"02_GL_Detail_row_id_seq"')`,
  `SELECT * FROM generate_series(1, 100000000)`,
  `SELECT query_to_xml('select * from users', true, true, '')`,
  `WITH pg_authid AS (SELECT 1) SELECT * FROM pg_authid`,
  `SELECT txid_current()`,
  `EXPLAIN ANALYZE DELETE FROM "02_GL_Detail"`,
  `DO $$ BEGIN DELETE FROM "02_GL_Detail"; END $$`,
  `CALL some_procedure()`,
  `GRANT ALL ON "02_GL_Detail" TO PUBLIC`,
  `LOCK TABLE "02_GL_Detail"`,
  `PREPARE p AS DELETE FROM "02_GL_Detail"`,
  `LISTEN x`,
  `VACUUM "02_GL_Detail"`,
  `SELECT 1 /* harmless */; DROP TABLE "01_Account" --`,
  RECURSIVE_COUNTER,
  RECURSIVE_DOUBLING,
  `SELECT * FROM (WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT n FROM t) AS nested`,
  `SELECT (SELECT count(*) FROM (WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT n FROM t) AS c)`,
  `WITH RECURSIVE a(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM b), b(n) AS (SELECT n FROM a) SELECT count(*) FROM a`,
  `SELECT generate_series(1, 100000000)`,
  `SELECT count(*) FROM generate_series(1, 100000000)`,
  `SELECT repeat('x', 100000000)`,
  `SELECT length(repeat(account_name, 100000000)) FROM "01_Account"`,
  `SELECT length(lpad('x', 100000000))`,
  `SELECT rpad(account_name, 100000000, '.') FROM "01_Account"`,
  `SELECT lpad(account_code, length(account_name) * 1000000) FROM "01_Account"`,
  `SELECT string_agg(lpad(account_name, 100), ', ') FROM "02_GL_Detail"`,
  `SELECT string_agg(account_name, (SELECT string_agg(account_name, ',') FROM "01_Account")) FROM "01_Account"`,
  `SELECT array_agg(account_name || account_name) FROM "02_GL_Detail"`,
  `SELECT length(replace(replace(account_code, '1', '1111111111'), '1', '1111111111')) FROM "01_Account"`,
  `SELECT count(power(2::numeric, 400000 + debit * 0)) FROM "02_GL_Detail"`,
  `SELECT sum(length((2::numeric ^ 400000)::text)) FROM "02_GL_Detail"`,
  `SELECT sum(length(round(debit, 16383)::text)) FROM "02_GL_Detail"`,
  TEXT_TO_HUGE_NUMBER,
  `SELECT sum((${Array(60).fill('c').join(' || ')})::numeric * (${Array(60).fill('c').join(' || ')})::numeric) FROM (SELECT account_code AS c FROM "02_GL_Detail") AS g`,
  `SELECT sum((account_code || '0')::numeric(18,2)) FROM "01_Account"`,
  `SELECT sum(x * x) FROM (SELECT string_agg(account_code, '')::numeric AS x FROM "01_Account") AS s, "02_GL_Detail"`,
  `SELECT sum(account_code::numeric * account_code::numeric) FROM "02_GL_Detail"`,
  NUMBER_DOUBLING,
  `SELECT sum(power(power(debit, 100), 10)) FROM "02_GL_Detail"`,
  `SELECT sum(debit ^ 100 * credit ^ 100) FROM "02_GL_Detail"`,
  `SELECT sum(debit::numeric(1000, 999) * credit) FROM "02_GL_Detail"`,
  `SELECT sum(debit * 1e299) FROM "02_GL_Detail"`,
  `SELECT sum(debit * '1e299') FROM "02_GL_Detail"`,
  `SELECT sum((debit::float8 ^ 30)::numeric * debit) FROM "02_GL_Detail"`,
  `SELECT sum(to_number(account_code, account_name)) FROM "02_GL_Detail"`,
  `SELECT sum(ln(debit::numeric(300, 280))) FROM "02_GL_Detail"`,
  WIDE_CONCAT,
  `WITH t AS (SELECT concat(${Array(10).fill('description').join(', ')}) AS x FROM "02_GL_Detail") SELECT sum(length(x) + length(x) + length(x)) FROM t`,
  `SELECT sum(length(concat(${Array(6)
    .fill(`'${'y'.repeat(200)}'`)
    .join(', ')}, description))) FROM "02_GL_Detail"`,
  `SELECT sum(length('${'y'.repeat(19_000)}' || description)) FROM "02_GL_Detail"`,
  `SELECT btrim(description, '${'abcdefghij'.repeat(30)}') FROM "02_GL_Detail"`,
  ARRAY_SEARCH,
  `SELECT sum(length(s)) FROM (SELECT string_agg(description, '') AS s FROM "02_GL_Detail") AS t, "02_GL_Detail"`,
  `SELECT strpos(string_agg(description, ''), string_agg(reference, '')) FROM "02_GL_Detail"`,
  `SELECT array_agg(account_code) @> array_agg(journal_id) FROM "02_GL_Detail"`,
  RUNNING_STRING_AGG,
  MOVING_MAX,
  `SELECT sum(m) FROM (SELECT sum(debit::float8) OVER (ORDER BY row_id ROWS BETWEEN 50 PRECEDING AND 49 FOLLOWING) AS m FROM "02_GL_Detail") AS s`,
  `SELECT max(debit) OVER (ORDER BY posting_date RANGE BETWEEN INTERVAL '1 year' PRECEDING AND CURRENT ROW) FROM "02_GL_Detail"`,
  `SELECT count(*) FROM "02_GL_Detail" WHERE description ~ '(a|b|c|d|e)?(a|b|c|d|e)?(a|b|c|d|e)?x'`,
  doublings(30),
  foldings(7, 10),
];
