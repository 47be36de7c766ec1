/**
 * Sage Intacct's account classification in our chart's terms (01_Account.account_type and
 * account_subtype; the subtypes the statements read, as for QuickBooks: `cash` drives the cash flow,
 * `cost_of_sales` the gross profit, `other_income` / `other_expense` sit below operating profit).
 *
 * Intacct's GLACCOUNT says three things: ACCOUNTTYPE (`balancesheet` or `incomestatement`), NORMALBALANCE
 * (`debit` or `credit`) and, when the company set one, CATEGORY (its reporting category, free words such
 * as "Cash and Cash Equivalents" or "Cost of Sales"). The category decides when one of these rules matches
 * it (first match wins, case-insensitive):
 *
 * | ACCOUNTTYPE     | CATEGORY matches                                   | type      | subtype                  |
 * | --------------- | -------------------------------------------------- | --------- | ------------------------ |
 * | balancesheet    | accumulated depreciation / amortization            | asset     | accumulated_depreciation |
 * | balancesheet    | cash, bank                                         | asset     | cash                     |
 * | balancesheet    | receivable                                         | asset     | receivable               |
 * | balancesheet    | inventory                                          | asset     | inventory                |
 * | balancesheet    | prepaid                                            | asset     | prepaid                  |
 * | balancesheet    | fixed asset, property, equipment                   | asset     | fixed_asset              |
 * | balancesheet    | other asset, intangible, goodwill                  | asset     | other_asset              |
 * | balancesheet    | tax (payable, VAT, sales tax)                      | liability | tax_liability            |
 * | balancesheet    | payroll                                            | liability | payroll_liability        |
 * | balancesheet    | credit card                                        | liability | credit_card              |
 * | balancesheet    | payable                                            | liability | payable                  |
 * | balancesheet    | long-term, long term, notes payable, loan          | liability | long_term_debt           |
 * | balancesheet    | retained earnings                                  | equity    | retained_earnings        |
 * | balancesheet    | equity, capital, stock, dividend, distribution     | equity    | equity                   |
 * | incomestatement | cost of sales / goods / revenue, COGS              | expense   | cost_of_sales            |
 * | incomestatement | income tax                                         | expense   | income_tax               |
 * | incomestatement | other income, interest income, gain                | revenue   | other_income             |
 * | incomestatement | other expense, interest expense, loss              | expense   | other_expense            |
 * | incomestatement | discount, return, allowance (debit-normal only)    | revenue   | contra_revenue           |
 *
 * Otherwise the normal balance decides: a balance-sheet account with a debit balance is an asset
 * (current_asset), with a credit balance a liability (current_liability); an income-statement account
 * with a credit balance is revenue (revenue), with a debit balance an expense (operating_expense). An
 * account with no known ACCOUNTTYPE is refused by the load's validation (unknown type).
 */
export interface AccountClass {
  type: 'asset' | 'liability' | 'equity' | 'revenue' | 'expense';
  subtype: string | null;
}

interface Rule {
  accountType: 'balancesheet' | 'incomestatement';
  category: RegExp;
  normalBalance?: 'debit' | 'credit';
  class: AccountClass;
}

const rule = (
  accountType: Rule['accountType'],
  category: RegExp,
  type: AccountClass['type'],
  subtype: string,
  normalBalance?: Rule['normalBalance'],
): Rule => ({ accountType, category, normalBalance, class: { type, subtype } });

const RULES: readonly Rule[] = [
  rule('balancesheet', /accumulated (depreciation|amortization)/i, 'asset', 'accumulated_depreciation'),
  rule('balancesheet', /\b(cash|bank)/i, 'asset', 'cash'),
  rule('balancesheet', /receivable/i, 'asset', 'receivable'),
  rule('balancesheet', /inventor/i, 'asset', 'inventory'),
  rule('balancesheet', /prepaid/i, 'asset', 'prepaid'),
  rule('balancesheet', /fixed asset|property|equipment/i, 'asset', 'fixed_asset'),
  rule('balancesheet', /other asset|intangible|goodwill/i, 'asset', 'other_asset'),
  rule('balancesheet', /\btax|\bvat\b/i, 'liability', 'tax_liability'),
  rule('balancesheet', /payroll/i, 'liability', 'payroll_liability'),
  rule('balancesheet', /credit card/i, 'liability', 'credit_card'),
  rule('balancesheet', /long[- ]term|notes payable|\bloan/i, 'liability', 'long_term_debt'),
  rule('balancesheet', /payable/i, 'liability', 'payable'),
  rule('balancesheet', /retained earnings/i, 'equity', 'retained_earnings'),
  rule('balancesheet', /equity|capital|stock|dividend|distribution/i, 'equity', 'equity'),
  rule('incomestatement', /cost of (sales|goods|revenue)|\bcogs\b/i, 'expense', 'cost_of_sales'),
  rule('incomestatement', /income tax/i, 'expense', 'income_tax'),
  rule('incomestatement', /other income|interest income|\bgain/i, 'revenue', 'other_income'),
  rule('incomestatement', /other expense|interest expense|\bloss/i, 'expense', 'other_expense'),
  rule('incomestatement', /discount|return|allowance/i, 'revenue', 'contra_revenue', 'debit'),
];

const BY_BALANCE: Record<Rule['accountType'], Record<'debit' | 'credit', AccountClass>> = {
  balancesheet: {
    debit: { type: 'asset', subtype: 'current_asset' },
    credit: { type: 'liability', subtype: 'current_liability' },
  },
  incomestatement: {
    debit: { type: 'expense', subtype: 'operating_expense' },
    credit: { type: 'revenue', subtype: 'revenue' },
  },
};

/** Our type and subtype of an Intacct account; undefined when its ACCOUNTTYPE is not one Intacct documents. */
export function intacctAccountClass(account: {
  ACCOUNTTYPE?: string | null;
  NORMALBALANCE?: string | null;
  CATEGORY?: string | null;
}): AccountClass | undefined {
  const accountType = account.ACCOUNTTYPE?.trim().toLowerCase();
  if (accountType !== 'balancesheet' && accountType !== 'incomestatement') return undefined;
  const normalBalance = account.NORMALBALANCE?.trim().toLowerCase() === 'credit' ? 'credit' : 'debit';
  const category = account.CATEGORY?.trim() ?? '';
  const matched = RULES.find(
    (candidate) =>
      candidate.accountType === accountType &&
      (!candidate.normalBalance || candidate.normalBalance === normalBalance) &&
      candidate.category.test(category),
  );
  return matched ? { ...matched.class } : { ...BY_BALANCE[accountType][normalBalance] };
}
