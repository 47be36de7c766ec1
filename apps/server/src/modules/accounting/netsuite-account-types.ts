import type { AccountClass } from './quickbooks-account-types.ts';

/**
 * NetSuite's account types (the `account.accttype` SuiteQL values) in our chart's terms (01_Account.account_type
 * and account_subtype, the subtypes the statements read: ARCHITECTURE §5, docs/finance-conventions.md). NetSuite
 * has no subtype field, so the few subtypes a type splits into are read from the account's name.
 *
 * | accttype      | NetSuite's label          | type      | subtype                                              |
 * | ------------- | ------------------------- | --------- | ---------------------------------------------------- |
 * | Bank          | Bank                      | asset     | cash                                                 |
 * | AcctRec       | Accounts Receivable       | asset     | receivable                                           |
 * | UnbilledRec   | Unbilled Receivable       | asset     | receivable                                           |
 * | OthCurrAsset  | Other Current Asset       | asset     | inventory (name …Inventory…), prepaid (Prepaid…), current_asset |
 * | DeferExpense  | Deferred Expense          | asset     | prepaid                                              |
 * | FixedAsset    | Fixed Asset               | asset     | accumulated_depreciation (Accumulated…), fixed_asset |
 * | OthAsset      | Other Asset               | asset     | other_asset                                          |
 * | AcctPay       | Accounts Payable          | liability | payable                                              |
 * | CredCard      | Credit Card               | liability | credit_card                                          |
 * | OthCurrLiab   | Other Current Liability   | liability | tax_liability (…Tax…), payroll_liability (Payroll…), current_liability |
 * | DeferRevenue  | Deferred Revenue          | liability | deferred_revenue                                     |
 * | LongTermLiab  | Long Term Liability       | liability | long_term_debt                                       |
 * | Equity        | Equity                    | equity    | retained_earnings (Retained…), equity                |
 * | Income        | Income                    | revenue   | revenue                                              |
 * | OthIncome     | Other Income              | revenue   | other_income                                         |
 * | COGS          | Cost of Goods Sold        | expense   | cost_of_sales                                        |
 * | Expense       | Expense                   | expense   | operating_expense                                    |
 * | OthExpense    | Other Expense             | expense   | income_tax (…Tax…), other_expense                    |
 * | NonPosting    | Non Posting               | —         | not synced: it never reaches the general ledger      |
 * | Stat          | Statistical               | —         | not synced: quantities, not money                    |
 *
 * A type NetSuite adds later answers undefined: the account is sent without a type and the load's validation
 * refuses it (unknown type), so nothing is loaded under a guess.
 */
const BY_TYPE: Record<string, (name: string) => AccountClass> = {
  Bank: () => ({ type: 'asset', subtype: 'cash' }),
  AcctRec: () => ({ type: 'asset', subtype: 'receivable' }),
  UnbilledRec: () => ({ type: 'asset', subtype: 'receivable' }),
  OthCurrAsset: (name) => ({
    type: 'asset',
    subtype: /inventory/i.test(name) ? 'inventory' : /prepaid/i.test(name) ? 'prepaid' : 'current_asset',
  }),
  DeferExpense: () => ({ type: 'asset', subtype: 'prepaid' }),
  FixedAsset: (name) => ({
    type: 'asset',
    subtype: /accumulated/i.test(name) ? 'accumulated_depreciation' : 'fixed_asset',
  }),
  OthAsset: () => ({ type: 'asset', subtype: 'other_asset' }),
  AcctPay: () => ({ type: 'liability', subtype: 'payable' }),
  CredCard: () => ({ type: 'liability', subtype: 'credit_card' }),
  OthCurrLiab: (name) => ({
    type: 'liability',
    subtype: /tax/i.test(name) ? 'tax_liability' : /payroll/i.test(name) ? 'payroll_liability' : 'current_liability',
  }),
  DeferRevenue: () => ({ type: 'liability', subtype: 'deferred_revenue' }),
  LongTermLiab: () => ({ type: 'liability', subtype: 'long_term_debt' }),
  Equity: (name) => ({ type: 'equity', subtype: /retained/i.test(name) ? 'retained_earnings' : 'equity' }),
  Income: () => ({ type: 'revenue', subtype: 'revenue' }),
  OthIncome: () => ({ type: 'revenue', subtype: 'other_income' }),
  COGS: () => ({ type: 'expense', subtype: 'cost_of_sales' }),
  Expense: () => ({ type: 'expense', subtype: 'operating_expense' }),
  OthExpense: (name) => ({ type: 'expense', subtype: /tax/i.test(name) ? 'income_tax' : 'other_expense' }),
};

/** Account types that never carry money on the general ledger: not synced. */
export const NETSUITE_NON_LEDGER_TYPES: ReadonlySet<string> = new Set(['NonPosting', 'Stat']);

/** Our type and subtype of a NetSuite account; undefined for a type we do not know. */
export function netsuiteAccountClass(account: {
  accttype?: string | null;
  name?: string | null;
}): AccountClass | undefined {
  const byType = account.accttype ? BY_TYPE[account.accttype] : undefined;
  return byType?.(account.name ?? '');
}
