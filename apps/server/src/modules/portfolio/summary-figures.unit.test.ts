import { describe, expect, it } from 'vitest';
import { NO_LAYOUT } from '@finboard/shared/statement-layouts';
import { ledgerOf, statementOf, TRADING_BOOKS, type Books } from '../../../test/statement-books.ts';
import { profitAndLoss } from '../reports/profit-and-loss.ts';
import { NO_FIGURES, summaryFigures, type SummaryLedger } from './summary-figures.ts';

/** The books as the summary reads them: grain 0 (period × account), every period up to the last with lines. */
function summaryLedgerOf(books: Books): SummaryLedger {
  const lastData =
    books.journals
      .map((journal) => journal.period)
      .sort()
      .at(-1) ?? null;
  const finest = ledgerOf(books, { movements: { ranges: [{ from: null, to: lastData ?? '0000-01' }] } }).movements;
  const byKey = new Map<string, (typeof finest)[number]>();
  for (const movement of finest) {
    const key = `${movement.period}|${movement.accountCode}`;
    const found = byKey.get(key);
    if (found) {
      found.debit += movement.debit;
      found.credit += movement.credit;
    } else
      byKey.set(key, {
        period: movement.period,
        accountCode: movement.accountCode,
        accountType: movement.accountType,
        accountSubtype: movement.accountSubtype,
        debit: movement.debit,
        credit: movement.credit,
      });
  }
  return {
    periods: books.periods,
    lastData,
    accounts: new Map(books.accounts.map((account) => [account.code, account])),
    movements: [...byKey.values()],
  };
}
const calendarYears = { fiscalYearStartMonth: null, layout: NO_LAYOUT };

describe('an organization summary from its monthly aggregates', () => {
  it('gives the latest month, its fiscal year to date and the cash at its end, in reading signs', () => {
    // TRADING_BOOKS (test/statement-books.ts): Jan 2026 revenue 1500, net income 1100; Feb 2026 revenue 2000,
    // net income 390; cash at the end of Feb: bank 10590 + petty cash 100.
    const figures = summaryFigures(summaryLedgerOf(TRADING_BOOKS), calendarYears);
    expect(figures).toMatchObject({
      latestPeriod: '2026-02',
      revenueLatestMonth: 2000,
      netIncomeLatestMonth: 390,
      cashLatest: 10690,
      revenueYtd: 3500,
      netIncomeYtd: 1490,
    });
  });

  it('counts the year to date from the organization’s fiscal year start month when it has one', () => {
    const figures = summaryFigures(summaryLedgerOf(TRADING_BOOKS), { fiscalYearStartMonth: 12, layout: NO_LAYOUT });
    expect(figures.revenueYtd).toBe(6500);
    expect(figures.netIncomeYtd).toBe(2490);
    expect(figures.revenueLatestMonth).toBe(2000);
  });

  it('equals the Profit & Loss totals of the same months to the cent', () => {
    const figures = summaryFigures(summaryLedgerOf(TRADING_BOOKS), calendarYears);
    const ytd = statementOf(profitAndLoss, TRADING_BOOKS, { from: '2026-01', to: '2026-02' });
    const month = statementOf(profitAndLoss, TRADING_BOOKS, { from: '2026-02', to: '2026-02' });
    expect([figures.revenueYtd, figures.netIncomeYtd]).toEqual([ytd.totals.revenue, ytd.totals.netIncome]);
    expect([figures.revenueLatestMonth, figures.netIncomeLatestMonth]).toEqual([
      month.totals.revenue,
      month.totals.netIncome,
    ]);
  });

  it('draws twelve months ending with the latest, oldest first, months without lines at 0', () => {
    const { sparkline } = summaryFigures(summaryLedgerOf(TRADING_BOOKS), calendarYears);
    expect(sparkline.map((point) => point.period)).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(sparkline.slice(0, 9).every((point) => point.revenue === 0 && point.netIncome === 0)).toBe(true);
    expect(sparkline.slice(9)).toEqual([
      { period: '2025-12', revenue: 3000, netIncome: 1000 },
      { period: '2026-01', revenue: 1500, netIncome: 1100 },
      { period: '2026-02', revenue: 2000, netIncome: 390 },
    ]);
  });

  it('has no figures for an organization without ledger lines', () => {
    const empty = summaryLedgerOf({ ...TRADING_BOOKS, journals: [] });
    expect(summaryFigures(empty, calendarYears)).toEqual(NO_FIGURES);
  });

  it('classifies accounts as the statements do: income on an other-income account is not revenue', () => {
    const books: Books = {
      ...TRADING_BOOKS,
      accounts: TRADING_BOOKS.accounts.map((account) =>
        account.code === '4000' ? { ...account, subtype: 'other_income' } : account,
      ),
    };
    const figures = summaryFigures(summaryLedgerOf(books), calendarYears);
    const month = statementOf(profitAndLoss, books, { from: '2026-02', to: '2026-02' });
    expect(figures.revenueLatestMonth).toBe(0);
    expect(figures.netIncomeLatestMonth).toBe(390);
    expect([figures.revenueLatestMonth, figures.netIncomeLatestMonth]).toEqual([
      month.totals.revenue,
      month.totals.netIncome,
    ]);
  });
});
