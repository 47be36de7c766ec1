import { describe, expect, it } from 'vitest';
import { CONTROLLER_BOOKS, rowOf, statementOf, TRADING_BOOKS } from '../../../test/statement-books.ts';
import { balanceSheet } from './balance-sheet.ts';
import { cashFlow } from './cash-flow.ts';
import { profitAndLoss } from './profit-and-loss.ts';

/** The three statements of CONTROLLER_BOOKS, every total computed by hand (statement-books.ts). */
const books = CONTROLLER_BOOKS;
const range = { from: '2026-01', to: '2026-02' };

describe('the statements of a controller’s first two months', () => {
  it('Profit & Loss: gross profit, EBITDA, depreciation, interest and net income in their places', () => {
    expect(statementOf(profitAndLoss, books, range).totals).toMatchObject({
      revenue: 3000,
      costOfSales: 1200,
      grossProfit: 1800,
      grossMarginPct: 60,
      operatingExpenses: 0,
      ebitda: 1800,
      depreciationAmortization: 100,
      operatingIncome: 1700,
      otherIncome: 0,
      otherExpenses: 50,
      incomeBeforeTax: 1650,
      incomeTax: 0,
      netIncome: 1650,
    });
  });

  it('Balance Sheet: current and non-current, equipment net of depreciation, and a check of 0.00', () => {
    const sheet = statementOf(balanceSheet, books, { from: '2026-02', to: '2026-02' });
    // Cash 9,150 + receivables 1,000 + inventory 800; equipment 6,000 − 100. Payables 500; the loan 5,000.
    // Equity: capital 10,000, dividends −300, the year's earnings 1,650.
    expect(sheet.totals).toMatchObject({
      currentAssets: 10950,
      nonCurrentAssets: 5900,
      totalAssets: 16850,
      currentLiabilities: 500,
      nonCurrentLiabilities: 5000,
      totalLiabilities: 5500,
      totalEquity: 11350,
      totalLiabilitiesAndEquity: 16850,
      workingCapital: 10450,
    });
    expect(rowOf(sheet, 'nonCurrentAssets:net_fixed_assets').values).toMatchObject({
      current: 5900,
      previousMonth: 6000,
    });
    expect(rowOf(sheet, 'equity:subtype:share_capital').values.current).toBe(10000);
    expect(rowOf(sheet, 'equity:subtype:drawings_dividends').values.current).toBe(-300);
    expect(rowOf(sheet, 'check').values).toEqual({ current: 0, previousMonth: 0, comparative: 0, change: 0 });
  });

  it('Cash Flow Statement: operating, investing and financing add up to the change in cash', () => {
    const flow = statementOf(cashFlow, books, range);
    expect(flow.totals).toMatchObject({
      operating: 450,
      investing: -6000,
      financing: 14700,
      netChange: 9150,
      openingCash: 0,
      closingCash: 9150,
    });
    expect(rowOf(flow, 'indirect:netIncome').values).toEqual({ '2026-01': 1800, '2026-02': -150, total: 1650 });
    // Depreciation added back; receivables up 3,000 then down 2,000; inventory up 800; payables up 2,000 then down 1,500.
    expect(rowOf(flow, 'indirect:operating:accumulated_depreciation')).toMatchObject({
      label: 'Depreciation and amortization',
      values: { '2026-01': 0, '2026-02': 100, total: 100 },
    });
    expect(rowOf(flow, 'indirect:operating:receivable').values).toEqual({
      '2026-01': -3000,
      '2026-02': 2000,
      total: -1000,
    });
    expect(rowOf(flow, 'indirect:operating:inventory').values.total).toBe(-800);
    expect(rowOf(flow, 'indirect:operating:payable').values).toEqual({ '2026-01': 2000, '2026-02': -1500, total: 500 });
    expect(rowOf(flow, 'indirect:investing:fixed_asset').values.total).toBe(-6000);
    expect(rowOf(flow, 'indirect:financing:long_term_debt').values.total).toBe(5000);
    expect(rowOf(flow, 'indirect:financing:share_capital').values.total).toBe(10000);
    expect(rowOf(flow, 'indirect:financing:drawings_dividends').values.total).toBe(-300);
    expect(rowOf(flow, 'indirect:operating').values).toEqual({ '2026-01': 0, '2026-02': 450, total: 450 });
    expect(rowOf(flow, 'indirect:closingCash').values).toEqual({ '2026-01': 9000, '2026-02': 9150, total: 9150 });
    expect(rowOf(flow, 'indirect:check').values).toEqual({ '2026-01': 0, '2026-02': 0, total: 0 });
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
