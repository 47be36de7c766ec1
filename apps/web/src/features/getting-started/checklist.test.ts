import { describe, expect, it } from 'vitest';
import { checklistOf } from './checklist';

const empty = { accounts: 0, ledgerLines: 0, budgetLines: 0, profitAndLossOpened: false };
const done = (state: Partial<typeof empty>) =>
  checklistOf({ ...empty, ...state })
    .steps.filter((step) => step.done)
    .map((step) => step.key);

describe('the getting started checklist', () => {
  it('starts with nothing done', () => {
    expect(checklistOf(empty)).toMatchObject({ complete: false });
    expect(done({})).toEqual([]);
  });

  it('ticks each step from the data, and Profit & Loss only once there is a ledger to show', () => {
    expect(done({ accounts: 45 })).toEqual(['chart']);
    expect(done({ accounts: 45, profitAndLossOpened: true })).toEqual(['chart']);
    expect(done({ accounts: 45, ledgerLines: 10, profitAndLossOpened: true })).toEqual([
      'chart',
      'ledger',
      'profit-and-loss',
    ]);
  });

  it('is complete without budgets, which are optional', () => {
    expect(checklistOf({ ...empty, accounts: 1, ledgerLines: 1, profitAndLossOpened: true }).complete).toBe(true);
    expect(checklistOf({ ...empty, accounts: 1, ledgerLines: 1 }).complete).toBe(false);
  });
});
