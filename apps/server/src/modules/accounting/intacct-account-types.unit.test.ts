import { describe, expect, it } from 'vitest';
import { intacctAccountClass } from './intacct-account-types.ts';

describe('intacctAccountClass', () => {
  it.each([
    ['balancesheet', 'debit', 'Cash and Cash Equivalents', 'asset', 'cash'],
    ['balancesheet', 'debit', 'Accounts Receivable', 'asset', 'receivable'],
    ['balancesheet', 'debit', 'Inventory', 'asset', 'inventory'],
    ['balancesheet', 'debit', 'Prepaid Expenses', 'asset', 'prepaid'],
    ['balancesheet', 'debit', 'Property, Plant and Equipment', 'asset', 'fixed_asset'],
    ['balancesheet', 'credit', 'Accumulated Depreciation', 'asset', 'accumulated_depreciation'],
    ['balancesheet', 'debit', 'Goodwill', 'asset', 'other_asset'],
    ['balancesheet', 'credit', 'Accounts Payable', 'liability', 'payable'],
    ['balancesheet', 'credit', 'Sales Tax Payable', 'liability', 'tax_liability'],
    ['balancesheet', 'credit', 'Payroll Liabilities', 'liability', 'payroll_liability'],
    ['balancesheet', 'credit', 'Credit Card', 'liability', 'credit_card'],
    ['balancesheet', 'credit', 'Long-term Debt', 'liability', 'long_term_debt'],
    ['balancesheet', 'credit', 'Retained Earnings', 'equity', 'retained_earnings'],
    ['balancesheet', 'credit', "Owner's Equity", 'equity', 'equity'],
    ['incomestatement', 'credit', 'Revenue', 'revenue', 'revenue'],
    ['incomestatement', 'debit', 'Sales Discounts and Returns', 'revenue', 'contra_revenue'],
    ['incomestatement', 'credit', 'Other Income', 'revenue', 'other_income'],
    ['incomestatement', 'debit', 'Cost of Sales', 'expense', 'cost_of_sales'],
    ['incomestatement', 'debit', 'Operating Expenses', 'expense', 'operating_expense'],
    ['incomestatement', 'debit', 'Other Expense', 'expense', 'other_expense'],
    ['incomestatement', 'debit', 'Income Tax Expense', 'expense', 'income_tax'],
  ])('maps %s / %s / %s to %s, %s', (ACCOUNTTYPE, NORMALBALANCE, CATEGORY, type, subtype) => {
    expect(intacctAccountClass({ ACCOUNTTYPE, NORMALBALANCE, CATEGORY })).toEqual({ type, subtype });
  });

  it.each([
    ['balancesheet', 'debit', 'asset', 'current_asset'],
    ['balancesheet', 'credit', 'liability', 'current_liability'],
    ['incomestatement', 'credit', 'revenue', 'revenue'],
    ['incomestatement', 'debit', 'expense', 'operating_expense'],
  ])(
    'falls back on the normal balance without a category: %s / %s is %s, %s',
    (ACCOUNTTYPE, NORMALBALANCE, type, subtype) => {
      expect(intacctAccountClass({ ACCOUNTTYPE, NORMALBALANCE, CATEGORY: null })).toEqual({ type, subtype });
    },
  );

  it('reads Intacct’s words in any case', () => {
    expect(intacctAccountClass({ ACCOUNTTYPE: 'BalanceSheet', NORMALBALANCE: 'Credit', CATEGORY: 'BANK' })).toEqual({
      type: 'asset',
      subtype: 'cash',
    });
  });

  it('answers nothing for an account type Intacct does not document', () => {
    expect(intacctAccountClass({ ACCOUNTTYPE: 'statistical', NORMALBALANCE: 'debit' })).toBeUndefined();
    expect(intacctAccountClass({})).toBeUndefined();
  });
});
