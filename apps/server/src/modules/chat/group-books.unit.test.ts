import { describe, expect, it } from 'vitest';
import type { SemanticQuery } from '@finboard/shared/chat';
import { compileSemanticQuery, overRelations } from './compiler.ts';
import { groupBooks, groupRefusal } from './group-books.ts';

const query = (overrides: Partial<SemanticQuery> = {}): SemanticQuery => ({
  metrics: ['revenue'],
  dimensions: [],
  filters: {},
  timeRange: { from: '2026-01', to: '2026-02' },
  ...overrides,
});

describe('groupBooks', () => {
  const books = groupBooks({
    accounts: [
      { code: '4000', name: 'Sales', type: 'revenue', subtype: 'sales' },
      { code: 'Non-controlling interests', name: 'Non-controlling interests', type: 'equity', subtype: 'other_equity' },
    ],
    movements: [
      {
        period: '2026-01',
        accountCode: '4000',
        accountType: 'revenue',
        accountSubtype: 'sales',
        debit: 0,
        credit: 56_000,
      },
      {
        period: '2026-01',
        accountCode: '4000',
        accountType: 'revenue',
        accountSubtype: 'sales',
        debit: 1_001,
        credit: 0,
      },
      {
        period: '2026-02',
        accountCode: '4000',
        accountType: 'revenue',
        accountSubtype: 'sales',
        debit: 0,
        credit: 51_200,
      },
    ],
    periods: [
      { period: '2026-01', fiscalYear: 2026, fiscalPeriod: 1 },
      { period: '2026-02', fiscalYear: 2026, fiscalPeriod: 2 },
    ],
    fiscalYearStartMonth: null,
    refreshedAt: null,
  });

  it('sums the movements per month and account, in money with two decimals', () => {
    expect(JSON.parse(books.data).balances).toEqual([
      { period: '2026-01', account_code: '4000', net: '-549.99', credit: '560.00', lines: 2 },
      { period: '2026-02', account_code: '4000', net: '-512.00', credit: '512.00', lines: 1 },
    ]);
  });

  it('gives the parser the merged chart and the months from the first joining to the latest data', () => {
    expect(books.context).toMatchObject({
      firstPeriod: '2026-01',
      lastPeriod: '2026-02',
      departments: [],
      entities: [],
      counterparties: [],
    });
    expect(books.context.accounts.map((account) => account.code)).toEqual(['4000', 'Non-controlling interests']);
  });

  it("puts the group's relations before the compiled statement's own CTEs, under the warehouse's names", () => {
    const compiled = compileSemanticQuery(query());
    const sql = overRelations(compiled.sql, books.relations(`$${compiled.params.length + 1}`));
    expect(sql.startsWith('WITH "00_Period" AS (')).toBe(true);
    expect(sql).toContain(`"05_Monthly_Balance" AS (SELECT 0 AS grain`);
    expect(sql).toContain(',\nfacts AS (');
    expect(sql.match(/\bWITH\b/g)).toHaveLength(1);
  });

  it('refuses what is not a compiled statement', () => {
    expect(() => overRelations('SELECT 1', 'x AS (SELECT 1)')).toThrow('not a compiled statement');
  });
});

describe('groupRefusal', () => {
  it("answers by account, account type and period; asks back for a member's own lines", () => {
    expect(groupRefusal(query({ dimensions: ['period', 'account'] }))).toBeUndefined();
    expect(groupRefusal(query({ metrics: ['closing_cash'] }))).toBeUndefined();
    expect(groupRefusal(query({ dimensions: ['department'] }))).toBe('departments');
    expect(groupRefusal(query({ filters: { entities: ['EU'] } }))).toBe('entities');
    expect(groupRefusal(query({ dimensions: ['counterparty'] }))).toBe('customers, suppliers and other counterparties');
    expect(groupRefusal(query({ metrics: ['billed'] }))).toBe('customers, suppliers and other counterparties');
    expect(groupRefusal(query({ metrics: ['journal_count'] }))).toBe('journals and ledger lines');
    expect(groupRefusal(query({ metrics: ['cash_in'] }))).toBe('cash in and out, journal by journal,');
    expect(groupRefusal(query({ compare: 'budget' }))).toBe('budgets');
  });

  it('reads the filters of both sides of a percentage', () => {
    const side = { metric: 'revenue' as const, filters: {} };
    expect(
      groupRefusal(
        query({ ratio: { numerator: { ...side, filters: { departments: ['Sales'] } }, denominator: side } }),
      ),
    ).toBe('departments');
  });
});
