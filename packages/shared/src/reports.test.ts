import { describe, expect, it } from 'vitest';
import { accountLabel, reportMessages, reportQuerySchema } from './reports.ts';

describe('accountLabel', () => {
  it.each([
    ['6120', 'Rent', '6120 Rent'],
    ['6120', null, '6120'],
    ['6120', '  ', '6120'],
    // An account a file named without a code: its name is its code.
    ['Checking', 'Checking', 'Checking'],
    // A path's leaf is its name.
    ['Expenses:Auto:Gas', 'Gas', 'Expenses:Auto:Gas'],
    ['Office/Supplies', 'Supplies', 'Office/Supplies'],
    // A code that merely ends like its name keeps the name.
    ['4000Gas', 'Gas', '4000Gas Gas'],
  ])('%s and %s read %s', (code, name, label) => {
    expect(accountLabel(code, name)).toBe(label);
  });
});

describe('the comparisons of a statement', () => {
  const compare = (value?: string) => reportQuerySchema.safeParse(value === undefined ? {} : { compare: value });
  it('default to the prior year and the budget, and keep the statement’s order whatever the order asked', () => {
    expect(compare().data?.compare).toEqual(['priorYear', 'budget']);
    expect(compare('budget, previousPeriod,budget').data?.compare).toEqual(['previousPeriod', 'budget']);
    expect(compare('none').data?.compare).toEqual([]);
    expect(compare('').data?.compare).toEqual([]);
  });
  it('refuse a comparison the statements do not know, with the one message', () => {
    const refused = compare('budget,forecast');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([reportMessages.compareInvalid]);
  });
});
