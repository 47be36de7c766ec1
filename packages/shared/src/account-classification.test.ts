import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_SUBTYPES,
  ACCOUNT_SUBTYPE_LABELS,
  STANDARD_SUBTYPES,
  classifyAccount,
  CURRENT_SUBTYPES,
  standardSubtypeOf,
  typeOfSubtype,
} from './account-classification.ts';

describe('the standard account subtypes', () => {
  it('are the issue-25 vocabulary, each with a label and one type', () => {
    expect(ACCOUNT_SUBTYPES.asset).toEqual([
      'cash',
      'receivable',
      'inventory',
      'prepaid',
      'other_current_asset',
      'fixed_asset',
      'accumulated_depreciation',
      'intangible_asset',
      'other_non_current_asset',
    ]);
    expect(ACCOUNT_SUBTYPES.revenue).toEqual(['sales', 'contra_revenue', 'other_income']);
    expect(STANDARD_SUBTYPES).toHaveLength(9 + 9 + 4 + 3 + 6);
    expect(new Set(STANDARD_SUBTYPES).size).toBe(STANDARD_SUBTYPES.length);
    for (const subtype of STANDARD_SUBTYPES) expect(ACCOUNT_SUBTYPE_LABELS[subtype]).toMatch(/^[A-Z]/);
    expect(typeOfSubtype('deferred_revenue')).toBe('liability');
  });
});

describe('standardSubtypeOf', () => {
  it('keeps a standard subtype of its own type, whatever its case and spacing', () => {
    expect(standardSubtypeOf('asset', 'cash')).toBe('cash');
    expect(standardSubtypeOf('liability', 'Long-term debt')).toBe('long_term_debt');
    expect(standardSubtypeOf('expense', ' Cost of Sales ')).toBe('cost_of_sales');
  });

  it("maps Finboard's earlier values and other systems' words", () => {
    expect(standardSubtypeOf('asset', 'current_asset')).toBe('other_current_asset');
    expect(standardSubtypeOf('asset', 'other_asset')).toBe('other_non_current_asset');
    expect(standardSubtypeOf('liability', 'current_liability')).toBe('accrued_liability');
    expect(standardSubtypeOf('revenue', 'revenue')).toBe('sales');
    expect(standardSubtypeOf('expense', 'depreciation')).toBe('depreciation_amortization');
    expect(standardSubtypeOf('equity', 'equity')).toBe('other_equity');
    expect(standardSubtypeOf('expense', 'expense')).toBe('operating_expense');
  });

  it("refines a group's subtype by the account's name", () => {
    expect(standardSubtypeOf('equity', 'equity', 'Common Stock')).toBe('share_capital');
    expect(standardSubtypeOf('equity', 'equity', 'Additional Paid-In Capital')).toBe('share_capital');
    expect(standardSubtypeOf('equity', 'equity', 'Shareholder Distributions')).toBe('drawings_dividends');
    expect(standardSubtypeOf('expense', 'operating_expense', 'Depreciation - Vehicles')).toBe(
      'depreciation_amortization',
    );
    expect(standardSubtypeOf('expense', 'other_expense', 'Interest Expense - Term Loan')).toBe('interest_expense');
    expect(standardSubtypeOf('liability', 'payable', 'Corporate Credit Card')).toBe('credit_card');
    // A standard subtype other than a group's is the account's word: its name does not override it.
    expect(standardSubtypeOf('expense', 'cost_of_sales', 'Depreciation - Manufacturing')).toBe('cost_of_sales');
  });

  it('says nothing for a subtype of another type, a bare type word or an unknown word', () => {
    expect(standardSubtypeOf('liability', 'cash')).toBeUndefined();
    expect(standardSubtypeOf('asset', 'asset')).toBeUndefined();
    expect(standardSubtypeOf('asset', null)).toBeUndefined();
    expect(standardSubtypeOf('expense', 'widgets')).toBeUndefined();
    expect(standardSubtypeOf('expense', 'constructor')).toBeUndefined();
    // Cash is the word `cash` only: it is what the cash flow counts.
    expect(standardSubtypeOf('asset', 'Bank')).toBeUndefined();
    expect(standardSubtypeOf('asset', 'Cash')).toBeUndefined();
  });
});

describe('classifyAccount', () => {
  it('classifies within the type, or leaves the account unclassified under it', () => {
    expect(classifyAccount({ type: 'asset', subtype: 'prepaid' })).toEqual({
      type: 'asset',
      subtype: 'prepaid',
      standard: true,
    });
    expect(classifyAccount({ type: 'asset', subtype: 'gizmos' })).toEqual({
      type: 'asset',
      subtype: null,
      standard: false,
    });
    expect(classifyAccount({ type: 'memo', subtype: 'cash' })).toBeUndefined();
  });
});

describe('CURRENT_SUBTYPES', () => {
  it('are the assets and liabilities due within a year', () => {
    expect([...CURRENT_SUBTYPES]).toEqual([
      'cash',
      'receivable',
      'inventory',
      'prepaid',
      'other_current_asset',
      'payable',
      'credit_card',
      'accrued_liability',
      'payroll_liability',
      'tax_liability',
      'deferred_revenue',
      'current_debt',
    ]);
  });
});
