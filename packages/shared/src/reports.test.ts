import { describe, expect, it } from 'vitest';
import { accountLabel } from './reports.ts';

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
