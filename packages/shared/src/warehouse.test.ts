import { describe, expect, it } from 'vitest';
import { columnLabel, displayTableName, isMoneyColumn, WAREHOUSE_TABLES } from './warehouse.ts';

describe('displayTableName', () => {
  it.each([
    ['02_GL_Detail', 'GL_Detail'],
    ['00_Period', 'Period'],
    ['4_Trial_Balance', 'Trial_Balance'],
    ['vw_profit_and_loss', 'vw_profit_and_loss'],
    ['Sales_2024', 'Sales_2024'],
  ])('shows %s as %s', (name, shown) => {
    expect(displayTableName(name)).toBe(shown);
  });

  it('strips only a one or two digit prefix: three digits stay', () => {
    expect(displayTableName('123_Archive')).toBe('123_Archive');
  });

  it('strips the prefix once, not a second numbered part', () => {
    expect(displayTableName('01_02_Split')).toBe('02_Split');
  });

  it('keeps a name that is nothing but the prefix', () => {
    expect(displayTableName('07_')).toBe('07_');
  });

  it('shows every canonical table without its number', () => {
    expect(WAREHOUSE_TABLES.map(displayTableName)).toEqual([
      'Period',
      'Account',
      'GL_Detail',
      'Budget',
      'Trial_Balance',
    ]);
  });
});

describe('column catalog', () => {
  it.each([
    ['journal_id', 'Journal'],
    ['line_no', 'Line'],
    ['posting_date', 'Posting date'],
    ['account_code', 'Account'],
    ['debit', 'Debit'],
    ['Period', 'Period'],
    ['variance_percent', 'Variance %'],
  ])('labels %s as "%s"', (name, label) => {
    expect(columnLabel(name)).toBe(label);
  });

  it('labels a column it does not know by its name in words', () => {
    expect(columnLabel('cost_centre')).toBe('Cost centre');
    expect(columnLabel('__')).toBe('__');
    expect(columnLabel('constructor')).toBe('Constructor');
  });

  it('knows the money columns of the tables and views, and nothing else', () => {
    expect(['debit', 'credit', 'amount', 'closing_balance', 'cash_in', 'variance'].every(isMoneyColumn)).toBe(true);
    expect(['line_no', 'fiscal_year', 'variance_percent', 'account_code', 'toString'].some(isMoneyColumn)).toBe(false);
  });
});
