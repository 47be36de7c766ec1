import { describe, expect, it } from 'vitest';
import { NETSUITE_NON_LEDGER_TYPES, netsuiteAccountClass } from './netsuite-account-types.ts';

describe('netsuiteAccountClass', () => {
  it.each([
    ['Bank', 'Operating Account', 'asset', 'cash'],
    ['AcctRec', 'Accounts Receivable', 'asset', 'receivable'],
    ['UnbilledRec', 'Unbilled Receivable', 'asset', 'receivable'],
    ['OthCurrAsset', 'Inventory Asset', 'asset', 'inventory'],
    ['OthCurrAsset', 'Prepaid Insurance', 'asset', 'prepaid'],
    ['OthCurrAsset', 'Undeposited Funds', 'asset', 'current_asset'],
    ['DeferExpense', 'Deferred Expense', 'asset', 'prepaid'],
    ['FixedAsset', 'Accumulated Depreciation', 'asset', 'accumulated_depreciation'],
    ['FixedAsset', 'Machinery', 'asset', 'fixed_asset'],
    ['OthAsset', 'Goodwill', 'asset', 'other_asset'],
    ['AcctPay', 'Accounts Payable', 'liability', 'payable'],
    ['CredCard', 'Corporate Card', 'liability', 'credit_card'],
    ['OthCurrLiab', 'Sales Tax Payable', 'liability', 'tax_liability'],
    ['OthCurrLiab', 'Payroll Liabilities', 'liability', 'payroll_liability'],
    ['OthCurrLiab', 'Accrued Expenses', 'liability', 'current_liability'],
    ['DeferRevenue', 'Deferred Revenue', 'liability', 'deferred_revenue'],
    ['LongTermLiab', 'Bank Loan', 'liability', 'long_term_debt'],
    ['Equity', 'Retained Earnings', 'equity', 'retained_earnings'],
    ['Equity', 'Common Stock', 'equity', 'equity'],
    ['Income', 'Sales', 'revenue', 'revenue'],
    ['OthIncome', 'Interest Income', 'revenue', 'other_income'],
    ['COGS', 'Cost of Goods Sold', 'expense', 'cost_of_sales'],
    ['Expense', 'Rent', 'expense', 'operating_expense'],
    ['OthExpense', 'Foreign Exchange Loss', 'expense', 'other_expense'],
    ['OthExpense', 'Income Tax Expense', 'expense', 'income_tax'],
  ])('maps %s (%s) to %s, %s', (accttype, name, type, subtype) => {
    expect(netsuiteAccountClass({ accttype, name })).toEqual({ type, subtype });
  });

  it('answers nothing for a type it does not know, so the load refuses the account rather than guess', () => {
    expect(netsuiteAccountClass({ accttype: 'CryptoWallet', name: 'Coins' })).toBeUndefined();
    expect(netsuiteAccountClass({ accttype: null, name: 'Nothing' })).toBeUndefined();
  });

  it('leaves the non-posting and statistical accounts out of the ledger', () => {
    expect([...NETSUITE_NON_LEDGER_TYPES]).toEqual(['NonPosting', 'Stat']);
  });
});
