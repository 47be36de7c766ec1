import { beforeAll, describe, expect, it } from 'vitest';
import { checkSql, loadSqlParser, SqlRefusedError } from './sql-guard.ts';
import { HOSTILE_SQL } from './hostile-corpus.ts';

const OTHER = 'org_0123456789abcdef0123456789abcdef';
beforeAll(() => loadSqlParser());

const refusal = (text: string) => {
  try {
    checkSql(text);
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
