import { describe, expect, it } from 'vitest';
import {
  CONTROLLER_BOOKS,
  CONTROLLER_FIGURES,
  rowOf,
  statementOf,
  TRADING_BOOKS,
} from '../../../test/statement-books.ts';
import { balanceSheet } from './balance-sheet.ts';
import { cashFlow } from './cash-flow.ts';
import { profitAndLoss } from './profit-and-loss.ts';

/** The three statements of CONTROLLER_BOOKS, every figure computed by hand (CONTROLLER_FIGURES). */
const books = CONTROLLER_BOOKS;
const figures = CONTROLLER_FIGURES;
const range = { from: figures.from, to: figures.to };

describe('the statements of a controller’s first quarter', () => {
  it('Profit & Loss: gross profit, EBITDA, depreciation, interest, tax and net income in their places', () => {
    const statement = statementOf(profitAndLoss, books, range);
    expect(statement.totals).toMatchObject(figures.profitAndLoss);
    expect(rowOf(statement, 'result:netIncome').values).toMatchObject(
      Object.fromEntries(figures.cashFlowRows)['indirect:netIncome']!,
    );
    // Depreciation and interest are told from other costs by their names; the tax month by month, February's a credit.
    expect(rowOf(statement, 'depreciationAmortization:account:6100').values.total).toBe(200);
    expect(rowOf(statement, 'otherExpenses:subtype:interest_expense').values.total).toBe(100);
    expect(rowOf(statement, 'operatingExpenses:subtype:operating_expense').values).toMatchObject({
      '2026-01': 0,
      '2026-02': 350,
      '2026-03': 400,
      total: 750,
    });
    expect(rowOf(statement, 'incomeTax:account:9000').values).toMatchObject({
      '2026-01': 450,
      '2026-02': -125,
      '2026-03': 662.5,
      total: 987.5,
    });
  });

  it('Balance Sheet at every month end: current and non-current, equity by subtype, and a check of 0.00', () => {
    for (const month of figures.months) {
      const sheet = statementOf(balanceSheet, books, { from: month, to: month });
      expect(sheet.totals, month).toMatchObject(figures.balanceSheet[month]);
      expect(rowOf(sheet, 'currentAssets:subtype:cash').values.current, month).toBe(figures.cash[month]);
      expect(rowOf(sheet, 'check').values, month).toEqual({ current: 0, previousMonth: 0, comparative: 0, change: 0 });
    }
    const march = statementOf(balanceSheet, books, { from: '2026-03', to: '2026-03' });
    expect(rowOf(march, 'nonCurrentAssets:net_fixed_assets').values).toMatchObject({
      current: 5800,
      previousMonth: 5900,
    });
    expect(rowOf(march, 'currentAssets:subtype:prepaid').values).toMatchObject({ current: 1000, previousMonth: 1100 });
    expect(rowOf(march, 'currentLiabilities:subtype:accrued_liability').values.current).toBe(300);
    expect(rowOf(march, 'currentLiabilities:subtype:tax_liability').values.current).toBe(662.5);
    expect(rowOf(march, 'equity:subtype:share_capital').values.current).toBe(10000);
    expect(rowOf(march, 'equity:subtype:drawings_dividends').values.current).toBe(-300);
  });

  it('Cash Flow Statement: operating, investing and financing add up to the change in cash every month', () => {
    const flow = statementOf(cashFlow, books, range);
    expect(flow.totals).toEqual(figures.cashFlow);
    const section = flow.sections.find((candidate) => candidate.key === 'cashFlowStatement')!;
    expect(section.rows.map((row) => [row.key, row.values])).toEqual(figures.cashFlowRows);
    expect(rowOf(flow, 'indirect:operating:accumulated_depreciation').label).toBe('Depreciation and amortization');
    expect(rowOf(flow, 'balances:1000').values).toEqual({ ...figures.cash, total: figures.cash['2026-03'] });
  });

  it('Cash Flow Statement of the trading books closes at the cash accounts for every slice', () => {
    for (const slice of [{}, { entity: 'UK' }, { entity: 'US' }, { department: 'Sales' }, { department: 'Ops' }]) {
      const flow = statementOf(cashFlow, TRADING_BOOKS, { from: '2025-12', to: '2026-02', ...slice });
      expect(rowOf(flow, 'indirect:check').values, JSON.stringify(slice)).toEqual({
        '2025-12': 0,
        '2026-01': 0,
        '2026-02': 0,
        total: 0,
      });
      expect(flow.totals.closingCash).toBe(flow.totals.openingCash! + flow.totals.netChange!);
    }
  });
});
