import { describe, expect, it } from 'vitest';
import { centsOf, JournalBalances } from './journal-balances.ts';

const verdictOf = (lines: [string | null, string | null, string | null][]) => {
  const balances = new JournalBalances();
  for (const [journal, debit, credit] of lines) balances.add(journal, centsOf(debit) - centsOf(credit));
  return balances.verdict;
};

describe('whether every journal of a GL file balances, told as it is read', () => {
  it('balances journals to the cent, empty amounts being zero', () => {
    expect(
      verdictOf([
        ['J1', '100.1', null],
        ['J1', '0.05', '0'],
        ['J1', null, '100.15'],
        ['J2', '0', '0'],
        ['J3', '-5', null],
        ['J3', null, '-5.00'],
      ]),
    ).toBe(true);
    expect(
      verdictOf([
        ['J1', '0.29', null],
        ['J1', null, '0.28'],
      ]),
    ).toBe(false);
    expect(verdictOf([['J1', '10', null]])).toBe(false);
  });

  it('sums a journal whose lines are spread over the file', () => {
    const spread: [string, string | null, string | null][] = [
      ['J1', '10.00', null],
      ['J2', '3.00', null],
      ['J1', '5.00', '5.00'],
      ['J2', null, '3.00'],
      ['J1', null, '10.00'],
    ];
    expect(verdictOf(spread)).toBe(true);
    expect(verdictOf([...spread, ['J2', '0.01', null]])).toBe(false);
    // Back to zero, then unbalanced again later on.
    expect(
      verdictOf([
        ['J1', '1', null],
        ['J1', null, '1'],
        ['J2', '1', '1'],
        ['J1', '2', null],
      ]),
    ).toBe(false);
  });

  it('gives no verdict beyond exact cents or without a journal, whatever comes after', () => {
    expect(
      verdictOf([
        ['J1', '99999999999999999', null],
        ['J1', null, '99999999999999999'],
      ]),
    ).toBeUndefined();
    expect(
      verdictOf([
        ['J1', '1.005', null],
        ['J1', null, '1.005'],
      ]),
    ).toBeUndefined();
    expect(
      verdictOf([
        [null, '1', null],
        ['J1', '1', '1'],
      ]),
    ).toBeUndefined();
  });

  it('gives no verdict when too many journals stay open at once (memory stays bounded)', () => {
    const balances = new JournalBalances();
    for (let journal = 0; journal <= 200_000; journal++) balances.add(`J${journal}`, 100);
    for (let journal = 0; journal <= 200_000; journal++) balances.add(`J${journal}`, -100);
    expect(balances.verdict).toBeUndefined();
  });
});
