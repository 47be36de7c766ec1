import { describe, expect, it } from 'vitest';
import { requestOf, rowOf, statementOf, TRADING_BOOKS } from '../../../test/statement-books.ts';
import { profitAndLoss } from './profit-and-loss.ts';

const books = TRADING_BOOKS;

describe('the Profit & Loss of hand-made books', () => {
  it('nets Jan–Feb 2026 to revenue − expenses, by group, account and month, against the budget', () => {
    const pl = statementOf(profitAndLoss, books, { from: '2026-01', to: '2026-02' });

    // Revenue 1,500 (J06) + 2,000 (J10); cost of sales 700 (J13); operating: salaries 900 (J11) and rent
    // 400 − 40 (J07, J14); other: interest 50 (J12). Budget: revenue 1,200 + 2,500, costs 700 + 1,000 + 300
    // + 40 (the bank's 500 is no P&L line). Margins: 2,800 / 3,500 = 80 %, 1,490 / 3,500 = 42.571… %.
    // Interest (account 7000, an other expense named "Interest") is interest and other expenses, below EBITDA
    // and operating income; nothing here is depreciation, other income or tax.
    expect(pl.totals).toEqual({
      revenue: 3500,
      costOfSales: 700,
      grossProfit: 2800,
      grossMarginPct: 80,
      operatingExpenses: 1260,
      ebitda: 1540,
      depreciationAmortization: 0,
      operatingIncome: 1540,
      otherIncome: 0,
      otherExpenses: 50,
      incomeBeforeTax: 1490,
      incomeTax: 0,
      netIncome: 1490,
      expenses: 2010,
      netMarginPct: 42.57,
      budgetNetIncome: 1660,
      priorYearNetIncome: 0,
      // Nov–Dec 2025: Dec's 3,000 − 1,200 − 800.
      previousPeriodNetIncome: 1000,
    });
    // One table, top to bottom: each group's heading, its subtypes and accounts and total, the results between.
    expect(pl.sections.map((section) => section.key)).toEqual(['profitAndLoss']);
    expect(pl.sections[0]!.rows.map((row) => `${row.kind}:${'  '.repeat(row.depth)}${row.label}`)).toEqual([
      'heading:Revenue',
      'subtotal:  Sales',
      'line:    4000 Sales',
      'subtotal:Total revenue',
      'heading:Cost of sales',
      'subtotal:  Cost of sales',
      'line:    5000 Cost of goods',
      'subtotal:Total cost of sales',
      'total:Gross profit',
      'line:  Gross margin %',
      'heading:Operating expenses',
      'subtotal:  Operating expenses',
      'line:    6000 Salaries',
      'line:    6100 Rent',
      'subtotal:Total operating expenses',
      'total:EBITDA',
      'heading:Depreciation and amortization',
      'subtotal:Total depreciation and amortization',
      'total:Operating income',
      'heading:Other income',
      'subtotal:Total other income',
      'heading:Interest and other expenses',
      'subtotal:  Interest expense',
      'line:    7000 Interest',
      'subtotal:Total interest and other expenses',
      'total:Income before tax',
      'heading:Income tax',
      'subtotal:Total income tax',
      'total:Net income',
    ]);
    // The margin in each column, its variances in percentage points: budget 3,700 − 700 = 3,000 of 3,700.
    expect(rowOf(pl, 'result:grossMarginPct')).toMatchObject({
      format: 'percent',
      values: { '2026-01': 100, '2026-02': 65, total: 80, budget: 81.08, vsBudget: -1.08, priorYear: null },
      favourable: { vsBudget: false },
    });

    // Revenue under budget is bad news; a cost under budget (salaries) good, over it (rent 360 > 300) bad.
    expect(rowOf(pl, 'revenue:account:4000')).toMatchObject({
      label: '4000 Sales',
      values: { '2026-01': 1500, '2026-02': 2000, total: 3500, budget: 3700, vsBudget: -200, vsPriorYear: 3500 },
      favourable: { vsBudget: false, vsPriorYear: true },
      drill: { accountCode: '4000', from: '2026-01', to: '2026-02' },
    });
    expect(rowOf(pl, 'operatingExpenses:account:6000')).toMatchObject({
      values: { '2026-01': 0, '2026-02': 900, total: 900, budget: 1000, vsBudget: -100 },
      favourable: { vsBudget: true },
    });
    expect(rowOf(pl, 'operatingExpenses:account:6100')).toMatchObject({
      values: { '2026-01': 400, '2026-02': -40, total: 360, budget: 300, vsBudget: 60 },
      favourable: { vsBudget: false },
    });
    expect(rowOf(pl, 'operatingExpenses:subtype:operating_expense').values).toMatchObject({
      total: 1260,
      budget: 1300,
    });
    // Each month's net income: Jan 1,500 − 400; Feb 2,000 − 700 − 860 − 50.
    expect(rowOf(pl, 'result:netIncome').values).toMatchObject({ '2026-01': 1100, '2026-02': 390, total: 1490 });
    expect(pl.series.find((series) => series.key === 'netIncome')!.points).toEqual([
      { x: '2026-01', value: 1100 },
      { x: '2026-02', value: 390 },
    ]);
  });

  it('crosses the year end month by month, and compares with the same months a year earlier', () => {
    // Dec 2025 adds 3,000 − 1,200 − 800 = 1,000 to Jan–Feb's 1,490.
    const across = statementOf(profitAndLoss, books, { from: '2025-12', to: '2026-02' });
    expect(rowOf(across, 'result:netIncome').values).toMatchObject({
      '2025-12': 1000,
      '2026-01': 1100,
      '2026-02': 390,
      total: 2490,
    });
    // Dec 2025's budget (2,800) joins the range's: 3,700 + 2,800 − 2,040.
    expect(across.totals.budgetNetIncome).toBe(4460);

    // Dec 2026 has no lines; its prior year is Dec 2025.
    const later = statementOf(profitAndLoss, books, { from: '2026-12', to: '2026-12' });
    expect(later.totals).toMatchObject({ revenue: 0, netIncome: 0, priorYearNetIncome: 1000 });
    expect(rowOf(later, 'revenue:account:4000')).toMatchObject({
      values: { '2026-12': 0, total: 0, priorYear: 3000, vsPriorYear: -3000 },
      favourable: { vsPriorYear: false },
    });
    expect(rowOf(later, 'costOfSales:account:5000')).toMatchObject({
      values: { priorYear: 1200, vsPriorYear: -1200 },
      favourable: { vsPriorYear: true },
    });
  });

  it('keeps its entity or department: the two entities add up to the company, budgets stay the company’s', () => {
    // UK: revenue 2,000 (J10), salaries 900 (J11). US: revenue 1,500, goods 700, rent 360, interest 50.
    const uk = statementOf(profitAndLoss, books, { from: '2026-01', to: '2026-02', entity: 'UK' }).totals;
    const us = statementOf(profitAndLoss, books, { from: '2026-01', to: '2026-02', entity: 'US' }).totals;
    expect(uk).toMatchObject({ revenue: 2000, expenses: 900, netIncome: 1100, budgetNetIncome: 1660 });
    expect(us).toMatchObject({
      revenue: 1500,
      costOfSales: 700,
      expenses: 1110,
      netIncome: 390,
      budgetNetIncome: 1660,
    });
    expect(uk.netIncome! + us.netIncome!).toBe(1490);

    // Sales holds all revenue and the revenue budget; Ops all costs but interest (which has no department).
    const sales = statementOf(profitAndLoss, books, { from: '2026-01', to: '2026-02', department: 'Sales' });
    expect(sales.totals).toMatchObject({ revenue: 3500, expenses: 0, netIncome: 3500, budgetNetIncome: 3700 });
    const ops = statementOf(profitAndLoss, books, { from: '2026-01', to: '2026-02', department: 'Ops' });
    expect(ops.totals).toMatchObject({ revenue: 0, expenses: 1960, netIncome: -1960, budgetNetIncome: -2000 });
    expect(rowOf(ops, 'revenue:total').drill).toEqual({
      accountType: 'revenue',
      from: '2026-01',
      to: '2026-02',
      department: 'Ops',
    });
  });

  it('shows the comparisons asked for, each with its variance and the variance in % of it', () => {
    const pl = statementOf(profitAndLoss, books, {
      from: '2026-01',
      to: '2026-02',
      compare: ['previousPeriod', 'budget'],
    });
    expect(pl.sections[0]!.columns.map((column) => `${column.key}:${column.label}:${column.kind}`)).toEqual([
      '2026-01:Jan 2026:amount',
      '2026-02:Feb 2026:amount',
      'total:Total:amount',
      'previousPeriod:Previous period:amount',
      'vsPreviousPeriod:vs Previous period:amount',
      'vsPreviousPeriodPct:vs Previous period %:percent',
      'budget:Budget:amount',
      'vsBudget:vs Budget:amount',
      'vsBudgetPct:vs Budget %:percent',
    ]);
    // Sales: 3,500 against Dec 2025's 3,000 (+500, +16.67 %) and the budget's 3,700 (−200, −5.41 %).
    expect(rowOf(pl, 'revenue:account:4000')).toMatchObject({
      values: {
        total: 3500,
        previousPeriod: 3000,
        vsPreviousPeriod: 500,
        vsPreviousPeriodPct: 16.67,
        budget: 3700,
        vsBudget: -200,
        vsBudgetPct: -5.41,
      },
      favourable: { vsPreviousPeriod: true, vsPreviousPeriodPct: true, vsBudget: false, vsBudgetPct: false },
    });
    // Only the shown columns' values travel; a cost over its comparison is bad news: rent had none in Dec (no %).
    expect(Object.keys(rowOf(pl, 'operatingExpenses:account:6100').values)).not.toContain('priorYear');
    expect(rowOf(pl, 'operatingExpenses:account:6100')).toMatchObject({
      values: { total: 360, previousPeriod: 0, vsPreviousPeriod: 360, vsPreviousPeriodPct: null },
      favourable: { vsPreviousPeriod: false },
    });
    // The margin's variance is in points (80 % against Dec's (3,000 − 1,200) / 3,000 = 60 %), never in %.
    expect(rowOf(pl, 'result:grossMarginPct').values).toMatchObject({
      previousPeriod: 60,
      vsPreviousPeriod: 20,
      vsPreviousPeriodPct: null,
    });
    // No comparison: months and Total only.
    const bare = statementOf(profitAndLoss, books, { from: '2026-01', to: '2026-02', compare: [] });
    expect(bare.sections[0]!.columns.map((column) => column.key)).toEqual(['2026-01', '2026-02', 'total']);
    expect(rowOf(bare, 'result:netIncome').favourable).toBeUndefined();
  });

  it('reads the range and its prior year at once, and the range’s budget', () => {
    expect(profitAndLoss.reads(requestOf(books, { from: '2026-01', to: '2026-02' }))).toEqual({
      movements: { ranges: [{ from: '2025-01', to: '2026-02' }] },
      budget: { from: '2026-01', to: '2026-02' },
    });
  });
});
