import { describe, expect, it } from 'vitest';
import { requestOf, rowOf, statementOf, toCents, TRADING_BOOKS, type Books } from '../../../test/statement-books.ts';
import { balanceSheet } from './balance-sheet.ts';
import { addMonths } from './periods.ts';
import { profitAndLoss } from './profit-and-loss.ts';

const books = TRADING_BOOKS;
const SLICES = [{}, { entity: 'UK' }, { entity: 'US' }, { department: 'Sales' }, { department: 'Ops' }];
const MONTH_ENDS = ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];

const at = (to: string, slice: { entity?: string; department?: string } = {}, of: Books = books) =>
  statementOf(balanceSheet, of, { from: to, to, ...slice });
/** Current- plus prior-years earnings, in cents. */
const earningsAt = (to: string, slice: { entity?: string; department?: string } = {}, of: Books = books) => {
  const { totals } = at(to, slice, of);
  return toCents(totals.currentYearEarnings) + toCents(totals.priorYearsEarnings);
};

describe('the Balance Sheet of hand-made books', () => {
  it('balances to the cent at every month end, for the company, each entity and each department', () => {
    for (const slice of SLICES)
      for (const end of MONTH_ENDS) {
        const { totals, series } = at(end, slice);
        expect(toCents(totals.assets), `${JSON.stringify(slice)} ${end}`).toBe(toCents(totals.liabilitiesAndEquity));
        expect(toCents(totals.liabilitiesAndEquity)).toBe(toCents(totals.liabilities) + toCents(totals.equity));
        const last = (key: string) => toCents(series.find((s) => s.key === key)!.points.at(-1)!.value);
        expect(last('assets')).toBe(last('liabilities') + last('equity'));
      }
  });

  it('shows Feb 2026 against the end of fiscal 2025, with current- and prior-years earnings in equity', () => {
    const sheet = statementOf(balanceSheet, books, { from: '2025-12', to: '2026-02' });
    // Feb 2026: bank 10,590 + petty cash 100 + receivables 3,000 − 2,500 + 2,000; payables 1,200 − 1,200 + 700;
    // equity: capital 10,000, fiscal 2026's net income 1,100 + 390, fiscal 2025's 1,000.
    // Dec 2025: bank 10,000 − 800, receivables 3,000; payables 1,200; capital and fiscal 2025's 1,000.
    expect(sheet.totals).toEqual({
      currentAssets: 13190,
      nonCurrentAssets: 0,
      totalAssets: 13190,
      currentLiabilities: 700,
      nonCurrentLiabilities: 0,
      totalLiabilities: 700,
      totalEquity: 12490,
      totalLiabilitiesAndEquity: 13190,
      workingCapital: 12490,
      assets: 13190,
      liabilities: 700,
      equity: 12490,
      liabilitiesAndEquity: 13190,
      currentYearEarnings: 1490,
      priorYearsEarnings: 1000,
      comparativeAssets: 12200,
      comparativeLiabilities: 1200,
      comparativeEquity: 11000,
    });
    expect(sheet.sections[0]!.columns.map((column) => column.label)).toEqual([
      'Feb 2026',
      'Jan 2026',
      'Dec 2025',
      'Change since Dec 2025',
    ]);
    expect(rowOf(sheet, 'currentAssets:subtype:cash').values).toEqual({
      current: 10690,
      previousMonth: 12800,
      comparative: 9200,
      change: 1490,
    });
    expect(rowOf(sheet, 'currentAssets:account:1200').values).toMatchObject({ current: 2500, comparative: 3000 });
    expect(rowOf(sheet, 'currentLiabilities:account:2000').values).toMatchObject({ current: 700, change: -500 });
    // Share capital: the chart's subtype `equity`, named "Share capital".
    expect(rowOf(sheet, 'equity:subtype:share_capital').label).toBe('Share capital');
    expect(rowOf(sheet, 'equity:account:3000').values).toMatchObject({ current: 10000, comparative: 10000, change: 0 });
    expect(rowOf(sheet, 'check').values).toEqual({ current: 0, previousMonth: 0, comparative: 0, change: 0 });
    // At the year end fiscal 2025's earnings move from the current year to the prior years.
    expect(rowOf(sheet, 'equity:current_year_earnings').values).toMatchObject({
      current: 1490,
      comparative: 1000,
      change: 490,
    });
    expect(rowOf(sheet, 'equity:prior_years_earnings').values).toMatchObject({
      current: 1000,
      comparative: 0,
      change: 1000,
    });
    expect(rowOf(sheet, 'currentAssets:account:1000').drill).toEqual({
      accountCode: '1000',
      from: '2025-12',
      to: '2026-02',
    });
    // Month ends of the range; Jan 2026: bank 12,700, petty cash 100, receivables 500; equity 10,000 + 1,100 + 1,000.
    const points = (key: string) => sheet.series.find((s) => s.key === key)!.points.map((point) => point.value);
    expect(points('assets')).toEqual([12200, 13300, 13190]);
    expect(points('liabilities')).toEqual([1200, 1200, 700]);
    expect(points('equity')).toEqual([11000, 12100, 12490]);
  });

  it('changes its earnings each month, and across the year end, by the P&L’s net income', () => {
    for (const slice of SLICES) {
      for (const end of MONTH_ENDS) {
        const month = statementOf(profitAndLoss, books, { from: end, to: end, ...slice }).totals.netIncome;
        expect(earningsAt(end, slice) - earningsAt(addMonths(end, -1), slice), `${JSON.stringify(slice)} ${end}`).toBe(
          toCents(month),
        );
      }
      const span = statementOf(profitAndLoss, books, { from: '2025-12', to: '2026-02', ...slice }).totals.netIncome;
      expect(earningsAt('2026-02', slice) - earningsAt('2025-11', slice)).toBe(toCents(span));
    }
    // UK: 3,000 − 1,200 − 800 in fiscal 2025, 2,000 − 900 in 2026; US: fiscal 2026 only, 390.
    expect(at('2026-02', { entity: 'UK' }).totals).toMatchObject({
      assets: 12100,
      liabilities: 0,
      currentYearEarnings: 1100,
      priorYearsEarnings: 1000,
    });
    expect(at('2026-02', { entity: 'US' }).totals).toMatchObject({
      assets: 1090,
      liabilities: 700,
      equity: 390,
      priorYearsEarnings: 0,
    });
  });

  it('closes the year where the fiscal calendar says: a year ending in January', () => {
    // Fiscal years from February: Dec 2025 and Jan 2026 close fiscal 2026, Feb 2026 opens fiscal 2027.
    const february: Books = {
      ...books,
      periods: [
        { period: '2025-12', fiscalYear: 2026, fiscalPeriod: 11 },
        { period: '2026-01', fiscalYear: 2026, fiscalPeriod: 12 },
        { period: '2026-02', fiscalYear: 2027, fiscalPeriod: 1 },
      ],
    };
    const sheet = statementOf(balanceSheet, february, { from: '2026-02', to: '2026-02' });
    expect(sheet.sections[0]!.columns.map((column) => column.label)).toEqual([
      'Feb 2026',
      'Jan 2026',
      'Jan 2026',
      'Change since Jan 2026',
    ]);
    // Feb's 390 is the current year; Dec's 1,000 and Jan's 1,100 the prior years. Still 13,190 either side.
    expect(sheet.totals).toMatchObject({
      assets: 13190,
      liabilitiesAndEquity: 13190,
      currentYearEarnings: 390,
      priorYearsEarnings: 2100,
      comparativeAssets: 13300,
      comparativeEquity: 12100,
    });
    expect(rowOf(sheet, 'equity:current_year_earnings').values).toMatchObject({
      current: 390,
      comparative: 2100,
      change: -1710,
    });
    expect(earningsAt('2026-02', {}, february) - earningsAt('2026-01', {}, february)).toBe(39_000);
  });

  it('reads every month since the beginning', () => {
    expect(balanceSheet.reads(requestOf(books, { from: '2026-01', to: '2026-02' }))).toEqual({
      movements: { ranges: [{ from: null, to: '2026-02' }] },
    });
  });
});
