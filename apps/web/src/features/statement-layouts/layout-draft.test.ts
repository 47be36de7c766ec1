import { describe, expect, it } from 'vitest';
import type { StatementLayoutLine } from '@finboard/shared/statement-layouts';
import { isChanged, lineKeyOf, moveAccount, movedAccounts, reorderAccount, saveBodyOf } from './layout-draft';

const account = (code: string, name: string) => ({ code, label: `${code} ${name}`, storedSubtype: null });
const lines: StatementLayoutLine[] = [
  { type: 'expense', subtype: 'cost_of_sales', label: 'Cost of sales', accounts: [account('5000', 'Goods')] },
  {
    type: 'expense',
    subtype: 'operating_expense',
    label: 'Operating expenses',
    accounts: [account('6000', 'Salaries'), account('6100', 'Rent'), account('6200', 'Freight')],
  },
  { type: 'expense', subtype: null, label: 'Unclassified', accounts: [account('6900', 'Sundry')] },
  { type: 'revenue', subtype: 'sales', label: 'Sales', accounts: [account('4000', 'Sales')] },
];
const codes = (all: StatementLayoutLine[]) => all.map((line) => line.accounts.map((a) => a.code));

describe('the statement layout being edited', () => {
  it('moves an account to the end of another line of its type, and nothing is dropped', () => {
    const moved = moveAccount(lines, '6200', 'expense:cost_of_sales');
    expect(codes(moved)).toEqual([['5000', '6200'], ['6000', '6100'], ['6900'], ['4000']]);
    expect(moved.flatMap((line) => line.accounts)).toHaveLength(6);
    expect(movedAccounts(lines, moved)).toEqual([{ code: '6200', label: '6200 Freight', to: 'Cost of sales' }]);
    expect(isChanged(lines, moved)).toBe(true);
  });
  it('refuses a move to a line of another type, to its own line or to a line that is not there', () => {
    expect(moveAccount(lines, '6200', 'revenue:sales')).toBe(lines);
    expect(moveAccount(lines, '6200', 'expense:operating_expense')).toBe(lines);
    expect(moveAccount(lines, '6200', 'expense:income_tax')).toBe(lines);
  });
  it('reorders within a line, and a reorder is a change but no move', () => {
    const reordered = reorderAccount(lines, '6200', '6000');
    expect(codes(reordered)[1]).toEqual(['6200', '6000', '6100']);
    expect(isChanged(lines, reordered)).toBe(true);
    expect(movedAccounts(lines, reordered)).toEqual([]);
    // Dragged back where it was: no change left.
    expect(isChanged(lines, reorderAccount(reordered, '6200', '6100'))).toBe(false);
  });
  it('saves every line with its accounts in order at the version read', () => {
    expect(saveBodyOf(3, moveAccount(lines, '6900', 'expense:operating_expense'))).toEqual({
      version: 3,
      lines: [
        { type: 'expense', subtype: 'cost_of_sales', accounts: ['5000'] },
        { type: 'expense', subtype: 'operating_expense', accounts: ['6000', '6100', '6200', '6900'] },
        { type: 'expense', subtype: null, accounts: [] },
        { type: 'revenue', subtype: 'sales', accounts: ['4000'] },
      ],
    });
    expect(lineKeyOf(lines[2]!)).toBe('expense:');
  });
});
