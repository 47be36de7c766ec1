import { describe, expect, it } from 'vitest';
import { flatFileMessages, flatFileTableNameSchema, isValidFlatFileTableName } from './flat-file.ts';

describe('the Import Flat File table name rule', () => {
  it.each(['sales_2024', 'A', '2024_budget', '_x', 'a'.repeat(63), 'Accounts_extra', 'pgsales', 'sales_pg_class'])(
    'accepts %j',
    (name) => {
      expect(isValidFlatFileTableName(name)).toBe(true);
    },
  );

  it.each([
    ['empty', ''],
    ['64 characters', 'a'.repeat(64)],
    ['a space', 'my table'],
    ['a hyphen', 'my-table'],
    ['a quote', 'a"b'],
    ['a non-ASCII letter', 'année'],
    ['a canonical table', '01_Account'],
    ['a canonical table in another case', '02_gl_detail'],
    ['a display name', 'Trial_Balance'],
    ['a view', 'vw_profit_and_loss'],
    ['a reserved Studio segment', 'journals'],
    ['a PostgreSQL catalog', 'pg_class'],
    ['a name PostgreSQL keeps for its own', 'Pg_Sales'],
  ])('refuses %s (%j) with the spec message', (_case, name) => {
    expect(isValidFlatFileTableName(name)).toBe(false);
    const result = flatFileTableNameSchema.safeParse(name);
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe('Please enter a valid table name');
  });

  it('names how many columns of the widest type fit in a row, with thousands separators', () => {
    expect(flatFileMessages.rowTooWide(1500, 1001, 'integer')).toBe(
      'The file has 1,500 columns; at most 1,001 numeric columns fit in one table row',
    );
    expect(flatFileMessages.rowTooWide(440, 337, 'text')).toBe(
      'The file has 440 columns; at most 337 text columns fit in one table row',
    );
  });

  it('asks to replace a table naming its rows', () => {
    expect(flatFileMessages.replaceConfirm('sales', 1234)).toBe(
      'Replace table sales? Its 1,234 rows will be replaced.',
    );
  });
});
