import { describe, expect, it } from 'vitest';
import { quickbooksAccountClass } from './quickbooks-account-types.ts';

describe('quickbooksAccountClass', () => {
  it.each([
    ['Bank', 'Checking', 'asset', 'cash'],
    ['Accounts Receivable', 'AccountsReceivable', 'asset', 'receivable'],
    ['Other Current Asset', 'Inventory', 'asset', 'inventory'],
    ['Other Current Asset', 'PrepaidExpenses', 'asset', 'prepaid'],
    ['Other Current Asset', 'UndepositedFunds', 'asset', 'current_asset'],
    ['Fixed Asset', 'AccumulatedDepreciation', 'asset', 'accumulated_depreciation'],
    ['Fixed Asset', 'MachineryAndEquipment', 'asset', 'fixed_asset'],
    ['Other Asset', 'Goodwill', 'asset', 'other_asset'],
    ['Accounts Payable', 'AccountsPayable', 'liability', 'payable'],
    ['Credit Card', 'CreditCard', 'liability', 'credit_card'],
    ['Other Current Liability', 'SalesTaxPayable', 'liability', 'tax_liability'],
    ['Other Current Liability', 'PayrollClearing', 'liability', 'payroll_liability'],
    ['Other Current Liability', 'LineOfCredit', 'liability', 'current_liability'],
    ['Long Term Liability', 'NotesPayable', 'liability', 'long_term_debt'],
    ['Equity', 'RetainedEarnings', 'equity', 'retained_earnings'],
    ['Equity', 'OpeningBalanceEquity', 'equity', 'equity'],
    ['Income', 'SalesOfProductIncome', 'revenue', 'revenue'],
    ['Income', 'DiscountsRefundsGiven', 'revenue', 'contra_revenue'],
    ['Other Income', 'InterestEarned', 'revenue', 'other_income'],
    ['Cost of Goods Sold', 'SuppliesMaterialsCogs', 'expense', 'cost_of_sales'],
    ['Expense', 'RentOrLeaseOfBuildings', 'expense', 'operating_expense'],
    ['Other Expense', 'Depreciation', 'expense', 'other_expense'],
    ['Other Expense', 'IncomeTaxExpense', 'expense', 'income_tax'],
  ])('maps %s / %s to %s, %s', (AccountType, AccountSubType, type, subtype) => {
    expect(quickbooksAccountClass({ AccountType, AccountSubType })).toEqual({ type, subtype });
  });

  it('falls back on the classification, with no subtype, for a type it does not know', () => {
    expect(quickbooksAccountClass({ AccountType: 'Crypto Wallet', Classification: 'Asset' })).toEqual({
      type: 'asset',
      subtype: null,
    });
  });

  it('answers nothing when neither the type nor the classification is known', () => {
    expect(quickbooksAccountClass({ AccountType: 'Crypto Wallet' })).toBeUndefined();
  });
});
