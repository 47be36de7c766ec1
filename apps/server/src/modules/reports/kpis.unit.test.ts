import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KPI_KEYS, kpisQuerySchema, reportMessages, type Kpi } from '@finboard/shared/reports';
import { NO_LAYOUT } from '@finboard/shared/statement-layouts';
import {
  booksRepository,
  ledgerOf,
  requestOf,
  type BookJournal,
  type BookLine,
  type Books,
  type BooksQuery,
} from '../../../test/statement-books.ts';
import { AppError } from '../../errors.ts';
import { KPI_DEFINITIONS, kpiChange, kpiFigures, kpiLibrary, kpiValue, kpiWindows, type KpiFigures } from './kpis.ts';
import { daysBetween } from './periods.ts';
import { createReportsService } from './reports.service.ts';

/**
 * Books of our own for the KPIs (calendar fiscal years), every line in entity HQ but one journal of Branch.
 * The range of the main test is Feb–Mar 2026 (59 days); the previous period Dec 2025–Jan 2026 (62 days); the
 * prior year Feb–Mar 2025 (59 days). Amounts in euros.
 */
const account = (code: string, name: string, type: string, subtype: string | null) => ({ code, name, type, subtype });
const ACCOUNTS = [
  account('1000', 'Bank', 'asset', 'cash'),
  account('1100', 'Receivables', 'asset', 'receivable'),
  account('1200', 'Inventory', 'asset', 'inventory'),
  account('1500', 'Equipment', 'asset', 'fixed_asset'),
  account('1510', 'Accumulated depreciation', 'asset', 'accumulated_depreciation'),
  account('2000', 'Payables', 'liability', 'payable'),
  account('2200', 'Short-term loan', 'liability', 'current_debt'),
  account('2300', 'Tax payable', 'liability', 'tax_liability'),
  account('2500', 'Bank loan', 'liability', 'long_term_debt'),
  account('3000', 'Share capital', 'equity', 'share_capital'),
  account('4000', 'Sales', 'revenue', 'sales'),
  account('4100', 'Discounts', 'revenue', 'contra_revenue'),
  account('4500', 'Interest income', 'revenue', 'other_income'),
  account('5000', 'Cost of goods', 'expense', 'cost_of_sales'),
  account('6000', 'Rent', 'expense', 'operating_expense'),
  // Unclassified: an operating expense (account-classification.md).
  account('6100', 'Sundry', 'expense', null),
  account('6500', 'Depreciation', 'expense', 'depreciation_amortization'),
  account('7000', 'Loan interest', 'expense', 'interest_expense'),
  account('8000', 'Corporate tax', 'expense', 'income_tax'),
];
const months = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => {
    const month = from + i;
    const year = Math.floor(month / 12);
    return {
      period: `${year}-${String((month % 12) + 1).padStart(2, '0')}`,
      fiscalYear: year,
      fiscalPeriod: (month % 12) + 1,
    };
  });

/** A journal of HQ: [account, debit] or [account, −credit] pairs. */
const hq = (id: string, period: string, ...amounts: [string, number][]): BookJournal => ({
  id,
  period,
  lines: amounts.map(([code, amount]): BookLine => ({
    account: code,
    entity: 'HQ',
    ...(amount >= 0 ? { debit: amount.toFixed(2) } : { credit: (-amount).toFixed(2) }),
  })),
});

const BOOKS: Books = {
  accounts: ACCOUNTS,
  periods: months(2024 * 12 + 11, 2026 * 12 + 2),
  journals: [
    // Opening: bank 40,000, inventory 10,000; share capital 30,000, bank loan 20,000.
    hq('J1', '2024-12', ['1000', 40_000], ['1200', 10_000], ['3000', -30_000], ['2500', -20_000]),
    // Jan 2025: before the prior year's window.
    hq('J2', '2025-01', ['1100', 8_000], ['4000', -8_000]),
    // Feb–Mar 2025: the prior year.
    hq('J3', '2025-02', ['1100', 6_000], ['4000', -6_000]),
    hq('J4', '2025-02', ['5000', 3_000], ['1200', -3_000]),
    hq('J5', '2025-03', ['1000', 8_000], ['1100', -8_000]),
    hq('J6', '2025-03', ['6000', 2_000], ['1000', -2_000]),
    hq('J7', '2025-03', ['1200', 4_000], ['2000', -4_000]),
    // Oct 2025: before the previous period's window.
    hq('J8', '2025-10', ['1100', 10_000], ['4000', -10_000]),
    // Dec 2025–Jan 2026: the previous period.
    hq('J9', '2025-12', ['1100', 12_000], ['4000', -12_000]),
    hq('J10', '2025-12', ['5000', 5_000], ['1200', -5_000]),
    hq('J11', '2025-12', ['1000', 16_000], ['1100', -16_000]),
    hq('J12', '2026-01', ['6000', 3_000], ['6100', 1_000], ['1000', -4_000]),
    hq('J13', '2026-01', ['2000', 4_000], ['1000', -4_000]),
    hq('J14', '2026-01', ['1500', 12_000], ['1000', -12_000]),
    hq('J15', '2026-01', ['6500', 500], ['1510', -500]),
    // Feb–Mar 2026: the range.
    hq('J16', '2026-02', ['1100', 15_000], ['4100', 1_000], ['4000', -16_000]),
    hq('J17', '2026-02', ['5000', 6_000], ['1200', -6_000]),
    hq('J18', '2026-02', ['1200', 9_000], ['2000', -9_000]),
    hq('J19', '2026-02', ['1500', 18_000], ['1000', -18_000]),
    hq('J20', '2026-03', ['6000', 3_000], ['1000', -3_000]),
    hq('J21', '2026-03', ['6500', 500], ['1510', -500]),
    hq('J22', '2026-03', ['7000', 200], ['1000', -200]),
    hq('J23', '2026-03', ['1000', 100], ['4500', -100]),
    hq('J24', '2026-03', ['8000', 1_000], ['2300', -1_000]),
    hq('J25', '2026-03', ['1000', 5_000], ['2200', -5_000]),
    hq('J26', '2026-03', ['1000', 6_000], ['1100', -6_000]),
    // Branch: one credit sale in Mar 2026, nothing else.
    {
      id: 'B1',
      period: '2026-03',
      lines: [
        { account: '1100', debit: '1000.00', entity: 'Branch' },
        { account: '4000', credit: '1000.00', entity: 'Branch' },
      ],
    },
  ],
  budget: [],
};

const kpisOf = (query: BooksQuery) => {
  const request = requestOf(BOOKS, query);
  return kpiLibrary.build(request, ledgerOf(BOOKS, kpiLibrary.reads(request)));
};
const byKey = (kpis: Kpi[]) => Object.fromEntries(kpis.map((kpi) => [kpi.key, kpi]));
const column = (kpis: Kpi[], pick: 'value' | 'previous' | 'priorYear' | 'change') =>
  Object.fromEntries(kpis.map((kpi) => [kpi.key, kpi[pick]]));

describe('the KPI library on hand-made books', () => {
  const query = { from: '2026-02', to: '2026-03', entity: 'HQ' };

  it('reads flows over each window and balances at its end', () => {
    const request = requestOf(BOOKS, query);
    const figuresOf = kpiFigures(request, ledgerOf(BOOKS, kpiLibrary.reads(request)));
    const windows = kpiWindows('2026-02', '2026-03');
    expect(windows).toEqual({
      current: { from: '2026-02', to: '2026-03' },
      previous: { from: '2025-12', to: '2026-01' },
      priorYear: { from: '2025-02', to: '2025-03' },
    });
    const cents = (euros: number) => euros * 100;
    // Feb–Mar 2026: revenue 16,000 − 1,000 discounts; bank 42,000 (end of Jan) − 18,000 − 3,000 − 200 + 100
    // + 5,000 + 6,000 = 31,900; receivables 12,000 + 15,000 − 6,000 = 21,000; inventory 6,000 − 6,000 + 9,000;
    // equity 30,000 + 2025's earnings 26,000 + 2026's (−4,500 in Jan, +4,400 in Feb–Mar) = 55,900.
    expect(figuresOf(windows.current)).toEqual({
      revenue: cents(15_000),
      costOfSales: cents(6_000),
      operatingExpenses: cents(3_000),
      depreciationAmortization: cents(500),
      otherIncome: cents(100),
      otherExpenses: cents(200),
      incomeTax: cents(1_000),
      days: 59,
      months: 2,
      revenueBefore: cents(12_000),
      cash: cents(31_900),
      cashBefore: cents(42_000),
      receivables: cents(21_000),
      inventory: cents(9_000),
      payables: cents(9_000),
      currentAssets: cents(61_900),
      currentLiabilities: cents(15_000),
      debt: cents(25_000),
      equity: cents(55_900),
    });
    // Dec 2025–Jan 2026: the sundry (unclassified) expense is an operating expense; payables paid off.
    expect(figuresOf(windows.previous)).toMatchObject({
      revenue: cents(12_000),
      costOfSales: cents(5_000),
      operatingExpenses: cents(4_000),
      depreciationAmortization: cents(500),
      days: 62,
      revenueBefore: cents(10_000),
      cash: cents(42_000),
      cashBefore: cents(46_000),
      currentLiabilities: 0,
      equity: cents(51_500),
    });
  });

  it('computes every KPI for the range, the previous period and the prior year, and the change', () => {
    const kpis = kpisOf(query);
    expect(kpis.map((kpi) => kpi.key)).toEqual([...KPI_KEYS]);

    // Feb–Mar 2026 (59 days): revenue 15,000, gross profit 9,000, EBITDA 6,000, operating income 5,500, net
    // income 5,500 + 100 − 200 − 1,000 = 4,400; current assets 61,900, current liabilities 9,000 + 1,000 +
    // 5,000 = 15,000; burn (42,000 − 31,900) / 2 = 5,050 a month.
    expect(column(kpis, 'value')).toEqual({
      revenueGrowth: 25, // (15,000 − 12,000) / 12,000
      grossMargin: 60, // 9,000 / 15,000
      ebitdaMargin: 40, // 6,000 / 15,000
      operatingMargin: 36.67, // 5,500 / 15,000 = 36.666…
      netMargin: 29.33, // 4,400 / 15,000 = 29.333…
      opexToRevenue: 20, // 3,000 / 15,000
      currentRatio: 4.13, // 61,900 / 15,000 = 4.1266…
      quickRatio: 3.53, // (31,900 + 21,000) / 15,000 = 3.5266…
      workingCapital: 46_900, // 61,900 − 15,000
      dso: 82.6, // 21,000 / 15,000 × 59
      dpo: 88.5, // 9,000 / 6,000 × 59
      dio: 88.5, // 9,000 / 6,000 × 59
      cashConversionCycle: 82.6, // 82.6 + 88.5 − 88.5
      debtToEquity: 0.45, // (5,000 + 20,000) / 55,900 = 0.4472…
      monthlyBurn: 5_050,
      cashRunwayMonths: 6.32, // 31,900 / 5,050 = 6.3168…
      revenue: 15_000,
      grossProfit: 9_000,
      operatingExpenses: 3_000,
      netIncome: 4_400,
      cash: 31_900,
    });
    // Dec 2025–Jan 2026 (62 days): revenue 12,000 (10,000 in Oct–Nov), gross profit 7,000, EBITDA 7,000 −
    // 4,000, operating income 2,500 = net income; no current liabilities at the end of Jan (payables paid);
    // burn (46,000 − 42,000) / 2 = 2,000 a month.
    expect(column(kpis, 'previous')).toEqual({
      revenueGrowth: 20, // (12,000 − 10,000) / 10,000
      grossMargin: 58.33, // 7,000 / 12,000
      ebitdaMargin: 25, // 3,000 / 12,000
      operatingMargin: 20.83, // 2,500 / 12,000
      netMargin: 20.83,
      opexToRevenue: 33.33, // 4,000 / 12,000
      currentRatio: null, // current liabilities 0
      quickRatio: null,
      workingCapital: 60_000, // 42,000 + 12,000 + 6,000
      dso: 62, // 12,000 / 12,000 × 62
      dpo: 0, // 0 / 5,000 × 62
      dio: 74.4, // 6,000 / 5,000 × 62
      cashConversionCycle: 136.4, // 62 + 74.4 − 0
      debtToEquity: 0.39, // 20,000 / 51,500 = 0.3883…
      monthlyBurn: 2_000,
      cashRunwayMonths: 21, // 42,000 / 2,000
      revenue: 12_000,
      grossProfit: 7_000,
      operatingExpenses: 4_000,
      netIncome: 2_500,
      cash: 42_000,
    });
    // Feb–Mar 2025 (59 days): revenue 6,000 (8,000 in Dec 2024–Jan 2025), cost of sales 3,000, rent 2,000;
    // at the end of Mar 2025 bank 46,000, receivables 6,000, inventory 11,000, payables 4,000, equity 39,000;
    // cash grew from 40,000: burn (40,000 − 46,000) / 2 = −3,000 and no runway.
    expect(column(kpis, 'priorYear')).toEqual({
      revenueGrowth: -25, // (6,000 − 8,000) / 8,000
      grossMargin: 50,
      ebitdaMargin: 16.67, // 1,000 / 6,000
      operatingMargin: 16.67,
      netMargin: 16.67,
      opexToRevenue: 33.33,
      currentRatio: 15.75, // 63,000 / 4,000
      quickRatio: 13, // 52,000 / 4,000
      workingCapital: 59_000,
      dso: 59, // 6,000 / 6,000 × 59
      dpo: 78.67, // 4,000 / 3,000 × 59 = 78.666…
      dio: 216.33, // 11,000 / 3,000 × 59 = 216.333…
      cashConversionCycle: 196.67, // 59 + 216.333… − 78.666…
      debtToEquity: 0.51, // 20,000 / 39,000 = 0.5128…
      monthlyBurn: -3_000,
      cashRunwayMonths: null,
      revenue: 6_000,
      grossProfit: 3_000,
      operatingExpenses: 2_000,
      netIncome: 1_000, // 16.67 % of 6,000
      cash: 46_000,
    });
    // Percentages in points, the rest in % of the previous value, both from the values as shown.
    expect(column(kpis, 'change')).toEqual({
      revenueGrowth: 5,
      grossMargin: 1.67, // 60 − 58.33
      ebitdaMargin: 15,
      operatingMargin: 15.84, // 36.67 − 20.83
      netMargin: 8.5,
      opexToRevenue: -13.33,
      currentRatio: null, // no previous value
      quickRatio: null,
      workingCapital: -21.83, // −13,100 / 60,000
      dso: 33.23, // 20.6 / 62
      dpo: null, // previous 0
      dio: 18.95, // 14.1 / 74.4
      cashConversionCycle: -39.44, // −53.8 / 136.4
      debtToEquity: 15.38, // 0.06 / 0.39
      monthlyBurn: 152.5, // 3,050 / 2,000
      cashRunwayMonths: -69.9, // −14.68 / 21
      revenue: 25, // 3,000 / 12,000
      grossProfit: 28.57, // 2,000 / 7,000
      operatingExpenses: -25, // −1,000 / 4,000
      netIncome: 76, // 1,900 / 2,500
      cash: -24.05, // −10,100 / 42,000
    });
    const all = byKey(kpis);
    expect(all.dso).toMatchObject({
      label: 'Days sales outstanding (DSO)',
      unit: 'days',
      formula: 'Receivables at the end ÷ revenue of the range × days in the range',
      changeKind: 'percent',
    });
    expect(all.grossMargin).toMatchObject({ unit: 'percent', changeKind: 'points' });
  });

  it("counts only the slice's lines: Branch alone, and both entities together", () => {
    // Branch: a sale of 1,000 in Mar 2026 on credit. No revenue before, no cost of sales, no liabilities, no
    // cash; equity is the 1,000 earned.
    expect(column(kpisOf({ from: '2026-02', to: '2026-03', entity: 'Branch' }), 'value')).toEqual({
      revenueGrowth: null,
      grossMargin: 100,
      ebitdaMargin: 100,
      operatingMargin: 100,
      netMargin: 100,
      opexToRevenue: 0,
      currentRatio: null,
      quickRatio: null,
      workingCapital: 1_000,
      dso: 59, // 1,000 / 1,000 × 59
      dpo: null,
      dio: null,
      cashConversionCycle: null,
      debtToEquity: 0,
      monthlyBurn: 0,
      cashRunwayMonths: null,
      revenue: 1_000,
      grossProfit: 1_000,
      operatingExpenses: 0,
      netIncome: 1_000,
      cash: 0,
    });
    const both = byKey(kpisOf({ from: '2026-02', to: '2026-03' }));
    // Revenue 15,000 + 1,000 against 12,000; receivables 21,000 + 1,000 over 16,000 × 59 = 81.125.
    expect(both.revenueGrowth!.value).toBe(33.33);
    expect(both.dso!.value).toBe(81.13);
    expect(both.workingCapital!.value).toBe(47_900);
  });

  it('counts a range of one month against the month before and the same month a year earlier', () => {
    const kpis = byKey(kpisOf({ from: '2026-03', to: '2026-03', entity: 'HQ' }));
    // Mar 2026 (31 days): revenue 0 (the sale was in Feb): no margins; burn (31,900 − 24,000 at the end of Feb)
    // is negative: bank 42,000 − 18,000 = 24,000 at the end of Feb, then − 3,000 − 200 + 100 + 5,000 + 6,000.
    expect(kpis.grossMargin!.value).toBeNull();
    expect(kpis.revenueGrowth!.value).toBe(-100); // (0 − 15,000) / 15,000
    expect(kpis.monthlyBurn!.value).toBe(-7_900);
    expect(kpis.monthlyBurn!.previous).toBe(18_000); // Feb 2026: 42,000 → 24,000
    expect(kpis.cashRunwayMonths!.previous).toBe(1.33); // 24,000 / 18,000
    expect(kpis.dso!.value).toBeNull();
  });
});

/** A window's figures with everything 0 but what a case sets, in euros (× 100: cents). */
const figures = (euros: Partial<KpiFigures>): KpiFigures => {
  const base: KpiFigures = {
    revenue: 0,
    costOfSales: 0,
    operatingExpenses: 0,
    depreciationAmortization: 0,
    otherIncome: 0,
    otherExpenses: 0,
    incomeTax: 0,
    days: 30,
    months: 1,
    revenueBefore: 0,
    cash: 0,
    cashBefore: 0,
    receivables: 0,
    inventory: 0,
    payables: 0,
    currentAssets: 0,
    currentLiabilities: 0,
    debt: 0,
    equity: 0,
  };
  const scaled = Object.fromEntries(
    Object.entries(euros).map(([key, value]) => [key, key === 'days' || key === 'months' ? value : value * 100]),
  );
  return { ...base, ...scaled };
};
const valuesOf = (input: Partial<KpiFigures>) =>
  Object.fromEntries(KPI_KEYS.map((key) => [key, kpiValue(key, figures(input))]));

describe('the KPI formulas', () => {
  it('defines each KPI once: the 16 ratios of the issue and 5 headline figures, percentages changing in points', () => {
    expect(Object.keys(KPI_DEFINITIONS)).toEqual([...KPI_KEYS]);
    expect(KPI_KEYS).toHaveLength(21);
    for (const definition of Object.values(KPI_DEFINITIONS)) expect(definition.formula.length).toBeGreaterThan(5);
  });

  it('is documented in docs/kpis.md with the label, unit and formula the API answers', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/kpis.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `(\w+)` +\| (.+?) +\| (\w+) +\| (.+?) +\|$/gm)].map(([, key, ...cells]) => [
      key,
      cells,
    ]);
    expect(rows).toEqual(
      KPI_KEYS.map((key) => {
        const { label, unit, formula } = KPI_DEFINITIONS[key];
        return [key, [label, unit, formula]];
      }),
    );
  });

  it('answers null, never Infinity or NaN, when a denominator is 0', () => {
    const values = valuesOf({});
    expect(Object.values(values).every((value) => value === null || value === 0)).toBe(true);
    expect(values).toEqual({
      revenueGrowth: null,
      grossMargin: null,
      ebitdaMargin: null,
      operatingMargin: null,
      netMargin: null,
      opexToRevenue: null,
      currentRatio: null,
      quickRatio: null,
      workingCapital: 0,
      dso: null,
      dpo: null,
      dio: null,
      cashConversionCycle: null,
      debtToEquity: null,
      monthlyBurn: 0,
      cashRunwayMonths: null,
      revenue: 0,
      grossProfit: 0,
      operatingExpenses: 0,
      netIncome: 0,
      cash: 0,
    });
  });

  it('reads each ratio as its formula says', () => {
    const values = valuesOf({
      revenue: 1_000,
      revenueBefore: 800,
      costOfSales: 400,
      operatingExpenses: 300,
      depreciationAmortization: 50,
      otherIncome: 10,
      otherExpenses: 20,
      incomeTax: 40,
      days: 90,
      months: 3,
      cash: 600,
      cashBefore: 1_200,
      receivables: 500,
      inventory: 200,
      payables: 100,
      currentAssets: 1_400,
      currentLiabilities: 700,
      debt: 300,
      equity: 1_200,
    });
    expect(values).toEqual({
      revenueGrowth: 25, // 200 / 800
      grossMargin: 60, // 600 / 1,000
      ebitdaMargin: 30, // (600 − 300) / 1,000
      operatingMargin: 25, // (300 − 50) / 1,000
      netMargin: 20, // (250 + 10 − 20 − 40) / 1,000
      opexToRevenue: 30,
      currentRatio: 2, // 1,400 / 700
      quickRatio: 1.57, // (600 + 500) / 700 = 1.5714…
      workingCapital: 700,
      dso: 45, // 500 / 1,000 × 90
      dpo: 22.5, // 100 / 400 × 90
      dio: 45, // 200 / 400 × 90
      cashConversionCycle: 67.5, // 45 + 45 − 22.5
      debtToEquity: 0.25, // 300 / 1,200
      monthlyBurn: 200, // (1,200 − 600) / 3
      cashRunwayMonths: 3, // 600 / 200
      revenue: 1_000,
      grossProfit: 600,
      operatingExpenses: 300,
      netIncome: 200, // 1,000 + 10 − 400 − 300 − 50 − 20 − 40
      cash: 600,
    });
  });

  it('gives no runway when cash grew, 0 months when the cash is gone, and a ratio below 0 for negative equity', () => {
    expect(valuesOf({ cashBefore: 100, cash: 400, months: 3 })).toMatchObject({
      monthlyBurn: -100,
      cashRunwayMonths: null,
    });
    expect(valuesOf({ cashBefore: 300, cash: -60, months: 2 })).toMatchObject({
      monthlyBurn: 180,
      cashRunwayMonths: 0,
    });
    expect(valuesOf({ debt: 500, equity: -250 }).debtToEquity).toBe(-2);
    // Revenue that shrank from a negative base still reads as the size of the change.
    expect(valuesOf({ revenue: -50, revenueBefore: -100 }).revenueGrowth).toBe(50);
  });

  it('changes percentages in points and the rest in % of the previous value, null without a base', () => {
    expect(kpiChange('points', 12.5, 10.25)).toBe(2.25);
    expect(kpiChange('points', 10, 10)).toBe(0);
    expect(kpiChange('percent', 150, 100)).toBe(50);
    expect(kpiChange('percent', -50, -100)).toBe(50); // of the base's size
    expect(kpiChange('percent', 5, 0)).toBeNull();
    expect(kpiChange('percent', null, 3)).toBeNull();
    expect(kpiChange('points', 3, null)).toBeNull();
    expect(Object.is(kpiChange('points', -0.001, 0), 0)).toBe(true); // never −0
  });

  it('counts the calendar days of a range, leap years included', () => {
    expect(daysBetween('2026-02', '2026-03')).toBe(59);
    expect(daysBetween('2024-02', '2024-02')).toBe(29);
    expect(daysBetween('2024-01', '2024-12')).toBe(366);
    expect(daysBetween('2025-12', '2026-01')).toBe(62);
  });
});

describe('the KPIs through the reports service', () => {
  const service = createReportsService({
    repository: booksRepository(BOOKS),
    organizations: {
      assertExists: async () => undefined,
      reportingSettings: async () => ({ baseCurrency: 'EUR', fiscalYearStartMonth: null, overviewCards: null }),
    },
    layouts: { rulesOf: async () => NO_LAYOUT },
    warehouse: { refreshAggregates: async () => ({ refreshedAt: '2026-03-02T00:00:00.000Z', rows: 0 }) },
  });
  const organizationId = '5b0f2a4e-7a43-4a4e-9d0e-0a1b2c3d4e5f';

  it('settles the range as a statement does: the fiscal year to date of the latest period with lines', async () => {
    const kpis = await service.kpis(organizationId, kpisQuerySchema.parse({ entity: 'HQ' }));
    expect(kpis).toMatchObject({
      from: '2026-01',
      to: '2026-03',
      asOf: '2026-03-31',
      entity: 'HQ',
      department: null,
      currency: 'EUR',
      refreshedAt: '2026-03-01T00:00:00.000Z',
      previous: { from: '2025-10', to: '2025-12' },
      priorYear: { from: '2025-01', to: '2025-03' },
    });
    expect(kpis.kpis.map((kpi) => kpi.key)).toEqual([...KPI_KEYS]);
  });

  it('refuses a reversed range with 400 INVALID_RANGE', async () => {
    const error = await service
      .kpis(organizationId, kpisQuerySchema.parse({ from: '2026-03', to: '2026-01' }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 400, code: 'INVALID_RANGE', message: reportMessages.rangeInvalid });
  });
});
