/**
 * QuickBooks Online's account classification (Account.AccountType, Account.AccountSubType) in our chart's
 * terms (01_Account.account_type and account_subtype, the subtypes the statements read: ARCHITECTURE §5,
 * docs/finance-conventions.md). The subtype decides where a line lands in the statements: `cash` drives the
 * cash flow, `cost_of_sales` the gross profit, `other_income` / `other_expense` sit below operating profit.
 *
 * | AccountType               | type      | subtype                                                    |
 * | ------------------------- | --------- | ---------------------------------------------------------- |
 * | Bank                      | asset     | cash                                                       |
 * | Accounts Receivable       | asset     | receivable                                                 |
 * | Other Current Asset       | asset     | inventory (subtype Inventory), prepaid (Prepaid…), current_asset |
 * | Fixed Asset               | asset     | accumulated_depreciation (Accumulated…), fixed_asset       |
 * | Other Asset               | asset     | other_asset                                                |
 * | Accounts Payable          | liability | payable                                                    |
 * | Credit Card               | liability | credit_card                                                |
 * | Other Current Liability   | liability | tax_liability (…Tax…), payroll_liability (Payroll…), current_liability |
 * | Long Term Liability       | liability | long_term_debt                                             |
 * | Equity                    | equity    | retained_earnings (RetainedEarnings), equity               |
 * | Income                    | revenue   | contra_revenue (DiscountsRefundsGiven), revenue            |
 * | Other Income              | revenue   | other_income                                               |
 * | Cost of Goods Sold        | expense   | cost_of_sales                                              |
 * | Expense                   | expense   | operating_expense                                          |
 * | Other Expense             | expense   | income_tax (…Tax…), other_expense                          |
 *
 * An AccountType QuickBooks adds later falls back on its Classification (Asset, Liability, Equity, Revenue,
 * Expense) with no subtype; one with neither is refused by the load's validation (unknown type).
 */
export interface AccountClass {
  type: 'asset' | 'liability' | 'equity' | 'revenue' | 'expense';
  subtype: string | null;
}

const BY_TYPE: Record<string, (subtype: string) => AccountClass> = {
  Bank: () => ({ type: 'asset', subtype: 'cash' }),
  'Accounts Receivable': () => ({ type: 'asset', subtype: 'receivable' }),
  'Other Current Asset': (subtype) => ({
    type: 'asset',
    subtype: subtype === 'Inventory' ? 'inventory' : subtype.startsWith('Prepaid') ? 'prepaid' : 'current_asset',
  }),
  'Fixed Asset': (subtype) => ({
    type: 'asset',
    subtype: subtype.startsWith('Accumulated') ? 'accumulated_depreciation' : 'fixed_asset',
  }),
  'Other Asset': () => ({ type: 'asset', subtype: 'other_asset' }),
  'Accounts Payable': () => ({ type: 'liability', subtype: 'payable' }),
  'Credit Card': () => ({ type: 'liability', subtype: 'credit_card' }),
  'Other Current Liability': (subtype) => ({
    type: 'liability',
    subtype: /tax/i.test(subtype)
      ? 'tax_liability'
      : subtype.startsWith('Payroll')
        ? 'payroll_liability'
        : 'current_liability',
  }),
  'Long Term Liability': () => ({ type: 'liability', subtype: 'long_term_debt' }),
  Equity: (subtype) => ({ type: 'equity', subtype: subtype === 'RetainedEarnings' ? 'retained_earnings' : 'equity' }),
  Income: (subtype) => ({
    type: 'revenue',
    subtype: subtype === 'DiscountsRefundsGiven' ? 'contra_revenue' : 'revenue',
  }),
  'Other Income': () => ({ type: 'revenue', subtype: 'other_income' }),
  'Cost of Goods Sold': () => ({ type: 'expense', subtype: 'cost_of_sales' }),
  Expense: () => ({ type: 'expense', subtype: 'operating_expense' }),
  'Other Expense': (subtype) => ({ type: 'expense', subtype: /tax/i.test(subtype) ? 'income_tax' : 'other_expense' }),
};

const BY_CLASSIFICATION: Record<string, AccountClass['type']> = {
  Asset: 'asset',
  Liability: 'liability',
  Equity: 'equity',
  Revenue: 'revenue',
  Expense: 'expense',
};

/** Our type and subtype of a QuickBooks account; undefined when QuickBooks gives neither a known type nor class. */
export function quickbooksAccountClass(account: {
  AccountType?: string;
  AccountSubType?: string;
  Classification?: string;
}): AccountClass | undefined {
  const byType = account.AccountType ? BY_TYPE[account.AccountType] : undefined;
  if (byType) return byType(account.AccountSubType ?? '');
  const type = account.Classification ? BY_CLASSIFICATION[account.Classification] : undefined;
  return type ? { type, subtype: null } : undefined;
}
