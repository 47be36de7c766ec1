import { describe, expect, it } from 'vitest';
import { requestOf, rowOf, statementOf, TRADING_BOOKS } from '../../../test/statement-books.ts';
import { budgetVsActual } from './budget-vs-actual.ts';

const books = TRADING_BOOKS;

describe('Budget vs Actual of hand-made books', () => {
  it('compares Jan–Feb 2026 with its budget by department and account, favourable or not', () => {
    const report = statementOf(budgetVsActual, books, { from: '2026-01', to: '2026-02' });
    // Actual revenue 1,500 + 2,000 against 1,200 + 2,500; costs 700 + 900 + (400 − 40) + 50 against
    // 700 + 1,000 + 300 + 40 (the bank's budget line is no P&L account's); net income = revenue − costs.
    expect(report.totals).toEqual({
      revenueActual: 3500,
      revenueBudget: 3700,
      revenueVariance: -200,
      expensesActual: 2010,
      expensesBudget: 2040,
      expensesVariance: -30,
      netIncomeActual: 1490,
      netIncomeBudget: 1660,
      netIncomeVariance: -170,
    });
    // Revenue under budget: −200 / 3,700 = −5.405… %, unfavourable.
    expect(rowOf(report, 'revenue:department:Sales')).toMatchObject({
      values: { actual: 3500, budget: 3700, variance: -200, variancePct: -5.41 },
      favourable: { variance: false },
    });
    const expenses = report.sections.find((section) => section.key === 'expense')!.rows;
    // Departments in collation order, where the '~' that stands for none sorts before letters.
    expect(expenses.map((row) => [row.key, row.values, row.favourable?.variance])).toEqual([
      // Interest has no department: 50 against 40, +25 %.
      ['expense:department:', { actual: 50, budget: 40, variance: 10, variancePct: 25 }, false],
      ['expense:department::account:7000', { actual: 50, budget: 40, variance: 10, variancePct: 25 }, false],
      ['expense:department:Ops', { actual: 1960, budget: 2000, variance: -40, variancePct: -2 }, true],
      // On budget counts as favourable; under it too; rent 360 over 300 is not (+20 %).
      ['expense:department:Ops:account:5000', { actual: 700, budget: 700, variance: 0, variancePct: 0 }, true],
      ['expense:department:Ops:account:6000', { actual: 900, budget: 1000, variance: -100, variancePct: -10 }, true],
      ['expense:department:Ops:account:6100', { actual: 360, budget: 300, variance: 60, variancePct: 20 }, false],
      ['expense:total', { actual: 2010, budget: 2040, variance: -30, variancePct: -1.47 }, true],
    ]);
    expect(rowOf(report, 'expense:department:').label).toBe('No department');
    expect(rowOf(report, 'expense:department:').drill).toBeUndefined();
    expect(rowOf(report, 'expense:department::account:7000').drill).toEqual({
      accountCode: '7000',
      from: '2026-01',
      to: '2026-02',
    });
    expect(report.series).toEqual([
      {
        key: 'expensesActual',
        label: 'Expenses (actual)',
        chart: 'bar',
        kind: 'amount',
        points: [
          { x: 'No department', value: 50 },
          { x: 'Ops', value: 1960 },
        ],
      },
      {
        key: 'expensesBudget',
        label: 'Expenses (budget)',
        chart: 'bar',
        kind: 'amount',
        points: [
          { x: 'No department', value: 40 },
          { x: 'Ops', value: 2000 },
        ],
      },
    ]);
  });

  it('shows no variance percentage against no budget, and a cost without budget as unfavourable', () => {
    // Dec 2025: revenue 3,000 against 2,800 (+7.142… %); goods 1,200 and salaries 800 had no budget.
    const december = statementOf(budgetVsActual, books, { from: '2025-12', to: '2025-12' });
    expect(rowOf(december, 'revenue:total')).toMatchObject({
      values: { actual: 3000, budget: 2800, variance: 200, variancePct: 7.14 },
      favourable: { variance: true },
    });
    expect(rowOf(december, 'expense:department:Ops:account:5000')).toMatchObject({
      values: { actual: 1200, budget: 0, variance: 1200, variancePct: null },
      favourable: { variance: false },
    });
    expect(december.totals.netIncomeVariance).toBe(-1800);
  });

  it('counts revenue and costs exactly on budget as favourable', () => {
    // Jan 2026 budgeted at its actuals: revenue 1,500 (J06), rent 400 (J07).
    const onBudget = {
      ...books,
      budget: [
        { period: '2026-01', account: '4000', department: 'Sales', amount: '1500.00' },
        { period: '2026-01', account: '6100', department: 'Ops', amount: '400.00' },
      ],
    };
    const january = statementOf(budgetVsActual, onBudget, { from: '2026-01', to: '2026-01' });
    for (const key of ['revenue:department:Sales:account:4000', 'revenue:total', 'expense:total'])
      expect(rowOf(january, key)).toMatchObject({
        values: { variance: 0, variancePct: 0 },
        favourable: { variance: true },
      });
    expect(january.totals.netIncomeVariance).toBe(0);
  });

  it('compares an entity’s actuals with the company’s budget, and a department’s with its own', () => {
    // US: revenue 1,500 (J06); costs 700 + 360 + 50. Budgets have no entity.
    const us = statementOf(budgetVsActual, books, { from: '2026-01', to: '2026-02', entity: 'US' });
    expect(us.totals).toMatchObject({
      revenueActual: 1500,
      revenueBudget: 3700,
      expensesActual: 1110,
      expensesBudget: 2040,
      netIncomeVariance: -1270,
    });
    // Ops: no revenue, no revenue budget; costs 1,960 against 700 + 1,000 + 300; interest's lines are elsewhere.
    const ops = statementOf(budgetVsActual, books, { from: '2026-01', to: '2026-02', department: 'Ops' });
    expect(ops.totals).toMatchObject({
      revenueActual: 0,
      revenueBudget: 0,
      expensesActual: 1960,
      expensesBudget: 2000,
      netIncomeVariance: 40,
    });
    expect(ops.sections[1]!.rows.map((row) => row.key)).not.toContain('expense:department:');
    expect(rowOf(ops, 'expense:total').drill).toEqual({
      accountType: 'expense',
      from: '2026-01',
      to: '2026-02',
      department: 'Ops',
    });
  });

  it('reads the range by department, and its budget', () => {
    expect(budgetVsActual.reads(requestOf(books, { from: '2026-01', to: '2026-02' }))).toEqual({
      movements: { ranges: [{ from: '2026-01', to: '2026-02' }], byDepartment: true },
      budget: { from: '2026-01', to: '2026-02' },
    });
  });
});

describe('Budget vs Actual with other income', () => {
  // The trading books plus 75 of interest received in Feb 2026 (budget 60): other income, not revenue.
  const withInterest = {
    ...books,
    accounts: [
      ...books.accounts,
      { code: '4900', name: 'Interest received', type: 'revenue', subtype: 'other_income' },
    ],
    journals: [
      ...books.journals,
      {
        id: 'J90',
        period: '2026-02',
        lines: [
          { account: '1000', debit: '75.00', entity: 'UK' },
          { account: '4900', credit: '75.00', entity: 'UK' },
        ],
      },
    ],
    budget: [...books.budget, { period: '2026-02', account: '4900', amount: '60.00' }],
  };

  it('shows it in a section of its own: revenue stays sales, net income counts both', () => {
    const report = statementOf(budgetVsActual, withInterest, { from: '2026-01', to: '2026-02' });
    expect(report.sections.map((section) => section.key)).toEqual(['revenue', 'otherIncome', 'expense']);
    // Revenue as before (3,500 against 3,700); other income 75 against 60; net income 1,490 + 75 against 1,660 + 60.
    expect(report.totals).toMatchObject({
      revenueActual: 3500,
      revenueBudget: 3700,
      otherIncomeActual: 75,
      otherIncomeBudget: 60,
      otherIncomeVariance: 15,
      netIncomeActual: 1565,
      netIncomeBudget: 1720,
    });
    expect(rowOf(report, 'otherIncome:total')).toMatchObject({
      label: 'Total other income',
      values: { actual: 75, budget: 60, variance: 15, variancePct: 25 },
      favourable: { variance: true },
    });
    // Revenue's GL lines by account type would hold the interest too: its total names none.
    expect(rowOf(report, 'revenue:total').drill).toBeUndefined();
  });
});
