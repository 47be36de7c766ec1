import { describe, expect, it } from 'vitest';
import { requestOf, statementOf, TRADING_BOOKS } from '../../../test/statement-books.ts';
import { expenseAnalysis } from './expense-analysis.ts';

const books = TRADING_BOOKS;
const rowsOf = (body: ReturnType<typeof statementOf>, section: string) =>
  body.sections.find((candidate) => candidate.key === section)!.rows.map((row) => [row.label, row.values]);

describe('the Expense Analysis of hand-made books', () => {
  it('ranks Jan–Feb 2026’s costs by department, account and counterparty, the rest as Other', () => {
    const analysis = statementOf(expenseAnalysis, books, { from: '2026-01', to: '2026-02', top: 2 });
    // Costs: salaries 900, goods 700, rent 400 − 40, interest 50 = 2,010. Shares of 2,010: 900 → 44.776 %,
    // 700 → 34.826 %, 410 → 20.398 %, 1,960 → 97.512 %, 50 → 2.487 %.
    expect(analysis.totals).toEqual({ expenses: 2010, departments: 2, accounts: 4, counterparties: 4 });
    expect(rowsOf(analysis, 'departments')).toEqual([
      ['Ops', { amount: 1960, share: 97.51 }],
      ['No department', { amount: 50, share: 2.49 }],
      ['Total expenses', { amount: 2010, share: 100 }],
    ]);
    expect(rowsOf(analysis, 'accounts')).toEqual([
      ['6000 Salaries', { amount: 900, share: 44.78 }],
      ['5000 Cost of goods', { amount: 700, share: 34.83 }],
      ['Other (2)', { amount: 410, share: 20.4 }],
      ['Total expenses', { amount: 2010, share: 100 }],
    ]);
    // The landlord's refund nets against its rent: 400 − 40.
    expect(rowsOf(analysis, 'counterparties')).toEqual([
      ['Staff', { amount: 900, share: 44.78 }],
      ['Supplier B', { amount: 700, share: 34.83 }],
      ['Other (2)', { amount: 410, share: 20.4 }],
      ['Total expenses', { amount: 2010, share: 100 }],
    ]);
    const counterparty = analysis.sections[2]!.rows[0]!;
    expect(counterparty.drill).toEqual({
      accountType: 'expense',
      counterparty: 'Staff',
      from: '2026-01',
      to: '2026-02',
    });
    expect(analysis.series[0]).toMatchObject({ key: 'departments', chart: 'pie' });
    expect(analysis.series[0]!.points.map((point) => [point.x, point.value])).toEqual([
      ['Ops', 1960],
      ['No department', 50],
    ]);

    const all = statementOf(expenseAnalysis, books, { from: '2026-01', to: '2026-02' });
    expect(rowsOf(all, 'counterparties')).toEqual([
      ['Staff', { amount: 900, share: 44.78 }],
      ['Supplier B', { amount: 700, share: 34.83 }],
      ['Landlord', { amount: 360, share: 17.91 }],
      ['Bank', { amount: 50, share: 2.49 }],
      ['Total expenses', { amount: 2010, share: 100 }],
    ]);
  });

  it('keeps its entity or department', () => {
    // UK's only cost in Jan–Feb: salaries 900 (J11).
    const uk = statementOf(expenseAnalysis, books, { from: '2026-01', to: '2026-02', entity: 'UK' });
    expect(uk.totals).toEqual({ expenses: 900, departments: 1, accounts: 1, counterparties: 1 });
    expect(rowsOf(uk, 'counterparties')[0]).toEqual(['Staff', { amount: 900, share: 100 }]);
    // Ops: everything but the interest; across the year end Dec's goods (Supplier A) and salaries join.
    const ops = statementOf(expenseAnalysis, books, { from: '2025-12', to: '2026-02', department: 'Ops' });
    expect(ops.totals).toEqual({ expenses: 3960, departments: 1, accounts: 3, counterparties: 4 });
    expect(
      rowsOf(ops, 'counterparties').map(([label, values]) => [label, (values as { amount: number }).amount]),
    ).toEqual([
      ['Staff', 1700],
      ['Supplier A', 1200],
      ['Supplier B', 700],
      ['Landlord', 360],
      ['Total expenses', 3960],
    ]);
    expect(ops.sections[0]!.rows[0]!.drill).toEqual({
      accountType: 'expense',
      department: 'Ops',
      from: '2025-12',
      to: '2026-02',
    });
  });

  it('reads the range by department, and its counterparty sums', () => {
    expect(expenseAnalysis.reads(requestOf(books, { from: '2026-01', to: '2026-02' }))).toEqual({
      movements: { ranges: [{ from: '2026-01', to: '2026-02' }], byDepartment: true },
      counterparties: { from: '2026-01', to: '2026-02' },
    });
  });
});
