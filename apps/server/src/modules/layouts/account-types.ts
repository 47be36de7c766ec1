import type { ACCOUNT_TYPES } from '../../warehouse/canonical-model.ts';

/**
 * Account types of other accounting systems in our chart's terms (01_Account.account_type and account_subtype),
 * so that an export names its accounts' types in its own words and Finboard still knows where each line goes.
 * The subtypes are those the statements read (statement-kit.ts, docs/finance-conventions.md): `cash` drives the
 * cash flow; `cost_of_sales` is cost of sales; `other_expense` and `income_tax` are other expenses; every other
 * expense subtype (`depreciation` included) is an operating expense; the balance sheet groups by any subtype.
 * The connectors' own mappings (../accounting/*-account-types.ts) use the same subtypes.
 *
 * A subtype of null means the source says the type and nothing finer (GnuCash's ASSET, ERPNext's root type
 * Liability): the account is shown under "Other" of its section rather than under a subtype we made up.
 *
 * Deliberately absent, so that they answer undefined and are asked about: NetSuite's NonPosting and Stat and
 * Odoo's off_balance (they never reach the general ledger), Sage Intacct's ACCOUNTTYPE (balancesheet /
 * incomestatement needs the normal balance as well: ../accounting/intacct-account-types.ts).
 */
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export type Vocabulary =
  | 'Finboard'
  | 'QuickBooks'
  | 'Xero'
  | 'Odoo'
  | 'ERPNext'
  | 'Sage'
  | 'NetSuite'
  | 'GnuCash'
  | 'generic'
  /** Derived from a full account path (suggestFromPath). */
  | 'path'
  /** Guessed from an account's name or code (suggestFromName): the user should confirm it. */
  | 'guess';

export interface AccountTypeSuggestion {
  type: AccountType;
  subtype: string | null;
  vocabulary: Vocabulary;
}

/** One foreign account type: its spellings (API code, display name, older names) and what it is in our terms. */
export interface ForeignAccountType {
  vocabulary: Vocabulary;
  names: readonly string[];
  type: AccountType;
  subtype: string | null;
}

type Row = readonly [names: string | readonly string[], type: AccountType, subtype: string | null];

const rows = (vocabulary: Vocabulary, table: readonly Row[]): ForeignAccountType[] =>
  table.map(([names, type, subtype]) => ({
    vocabulary,
    names: typeof names === 'string' ? [names] : names,
    type,
    subtype,
  }));

/** Odoo ≤ 15 named account types by xml id (`account.data_account_type_receivable`); exports write either form. */
const odooXmlId = (id: string) => [`account.${id}`, id];

/** Our own words: a file already in Finboard's vocabulary maps to itself. */
const FINBOARD: readonly Row[] = [
  ['asset', 'asset', null],
  ['liability', 'liability', null],
  ['equity', 'equity', 'equity'],
  ['revenue', 'revenue', 'revenue'],
  ['expense', 'expense', 'operating_expense'],
  ['cash', 'asset', 'cash'],
  ['receivable', 'asset', 'receivable'],
  ['prepaid', 'asset', 'prepaid'],
  ['inventory', 'asset', 'inventory'],
  ['current_asset', 'asset', 'current_asset'],
  ['fixed_asset', 'asset', 'fixed_asset'],
  ['accumulated_depreciation', 'asset', 'accumulated_depreciation'],
  ['other_asset', 'asset', 'other_asset'],
  ['payable', 'liability', 'payable'],
  ['credit_card', 'liability', 'credit_card'],
  ['tax_liability', 'liability', 'tax_liability'],
  ['payroll_liability', 'liability', 'payroll_liability'],
  ['current_liability', 'liability', 'current_liability'],
  ['deferred_revenue', 'liability', 'deferred_revenue'],
  ['long_term_debt', 'liability', 'long_term_debt'],
  ['retained_earnings', 'equity', 'retained_earnings'],
  ['other_income', 'revenue', 'other_income'],
  ['contra_revenue', 'revenue', 'contra_revenue'],
  ['cost_of_sales', 'expense', 'cost_of_sales'],
  ['operating_expense', 'expense', 'operating_expense'],
  ['depreciation', 'expense', 'depreciation'],
  ['other_expense', 'expense', 'other_expense'],
  ['income_tax', 'expense', 'income_tax'],
];

/** QuickBooks Online and Desktop account types (Online's display names, Desktop's names and IIF codes). */
const QUICKBOOKS: readonly Row[] = [
  ['Bank', 'asset', 'cash'],
  [['Accounts receivable (A/R)', 'A/R'], 'asset', 'receivable'],
  [['Other Current Asset', 'OCASSET'], 'asset', 'current_asset'],
  [['Fixed Asset', 'FIXASSET'], 'asset', 'fixed_asset'],
  [['Other Asset', 'OASSET'], 'asset', 'other_asset'],
  [['Accounts payable (A/P)', 'A/P'], 'liability', 'payable'],
  [['Credit Card', 'CCARD'], 'liability', 'credit_card'],
  [['Other Current Liability', 'OCLIAB'], 'liability', 'current_liability'],
  [['Long Term Liability', 'LTLIAB'], 'liability', 'long_term_debt'],
  ['Equity', 'equity', 'equity'],
  [['Income', 'INC'], 'revenue', 'revenue'],
  [['Other Income', 'EXINC'], 'revenue', 'other_income'],
  [['Cost of Goods Sold', 'COGS'], 'expense', 'cost_of_sales'],
  [['Expense', 'EXP'], 'expense', 'operating_expense'],
  [['Other Expense', 'EXEXP'], 'expense', 'other_expense'],
];

/** Xero account types: the API code and the name its chart of accounts shows and exports. */
const XERO: readonly Row[] = [
  [['BANK', 'Bank'], 'asset', 'cash'],
  [['CURRENT', 'Current Asset'], 'asset', 'current_asset'],
  [['INVENTORY', 'Inventory'], 'asset', 'inventory'],
  [['PREPAYMENT', 'Prepayment'], 'asset', 'prepaid'],
  [['FIXED', 'Fixed Asset'], 'asset', 'fixed_asset'],
  [['NONCURRENT', 'Non-current Asset'], 'asset', 'other_asset'],
  [['CURRLIAB', 'Current Liability'], 'liability', 'current_liability'],
  [['LIABILITY', 'Liability'], 'liability', null],
  [['TERMLIAB', 'Non-current Liability'], 'liability', 'long_term_debt'],
  [['PAYGLIABILITY', 'PAYG Liability'], 'liability', 'payroll_liability'],
  [['SUPERANNUATIONLIABILITY', 'Superannuation Liability'], 'liability', 'payroll_liability'],
  [['EQUITY', 'Equity'], 'equity', 'equity'],
  [['REVENUE', 'Revenue'], 'revenue', 'revenue'],
  [['SALES', 'Sales'], 'revenue', 'revenue'],
  [['OTHERINCOME', 'Other Income'], 'revenue', 'other_income'],
  [['DIRECTCOSTS', 'Direct Costs'], 'expense', 'cost_of_sales'],
  [['EXPENSE', 'Expense'], 'expense', 'operating_expense'],
  [['OVERHEADS', 'Overhead'], 'expense', 'operating_expense'],
  [['DEPRECIATN', 'Depreciation'], 'expense', 'depreciation'],
  [['WAGESEXPENSE', 'Wages Expense'], 'expense', 'operating_expense'],
  [['SUPERANNUATIONEXPENSE', 'Superannuation Expense'], 'expense', 'operating_expense'],
  // System accounts of every Xero chart: conversion balances, rounding and tracking transfers sit with equity.
  [['HISTORICAL', 'Historical'], 'equity', 'equity'],
  [['ROUNDING', 'Rounding'], 'equity', 'equity'],
  [['TRACKING', 'Tracking'], 'equity', 'equity'],
];

/** Odoo's account.account account_type (16+), its label, and the user_type_id xml ids of Odoo ≤ 15. */
const ODOO: readonly Row[] = [
  [['asset_receivable', 'Receivable', ...odooXmlId('data_account_type_receivable')], 'asset', 'receivable'],
  [['asset_cash', 'Bank and Cash', ...odooXmlId('data_account_type_liquidity')], 'asset', 'cash'],
  [['asset_current', 'Current Assets', ...odooXmlId('data_account_type_current_assets')], 'asset', 'current_asset'],
  [['asset_prepayments', 'Prepayments', ...odooXmlId('data_account_type_prepayments')], 'asset', 'prepaid'],
  [['asset_fixed', 'Fixed Assets', ...odooXmlId('data_account_type_fixed_assets')], 'asset', 'fixed_asset'],
  [
    ['asset_non_current', 'Non-current Assets', ...odooXmlId('data_account_type_non_current_assets')],
    'asset',
    'other_asset',
  ],
  [['liability_payable', 'Payable', ...odooXmlId('data_account_type_payable')], 'liability', 'payable'],
  [['liability_credit_card', 'Credit Card', ...odooXmlId('data_account_type_credit_card')], 'liability', 'credit_card'],
  [
    ['liability_current', 'Current Liabilities', ...odooXmlId('data_account_type_current_liabilities')],
    'liability',
    'current_liability',
  ],
  [
    ['liability_non_current', 'Non-current Liabilities', ...odooXmlId('data_account_type_non_current_liabilities')],
    'liability',
    'long_term_debt',
  ],
  [['equity', 'Equity', ...odooXmlId('data_account_type_equity')], 'equity', 'equity'],
  // Odoo's "unaffected earnings" account carries the earnings of earlier years, as retained earnings do here.
  [
    ['equity_unaffected', 'Current Year Earnings', ...odooXmlId('data_unaffected_earnings')],
    'equity',
    'retained_earnings',
  ],
  [['income', 'Income', ...odooXmlId('data_account_type_revenue')], 'revenue', 'revenue'],
  [['income_other', 'Other Income', ...odooXmlId('data_account_type_other_income')], 'revenue', 'other_income'],
  [['expense', 'Expenses', ...odooXmlId('data_account_type_expenses')], 'expense', 'operating_expense'],
  [['expense_other', 'Other Expenses'], 'expense', 'other_expense'],
  [['expense_depreciation', 'Depreciation', ...odooXmlId('data_account_type_depreciation')], 'expense', 'depreciation'],
  [
    ['expense_direct_cost', 'Cost of Revenue', ...odooXmlId('data_account_type_direct_costs')],
    'expense',
    'cost_of_sales',
  ],
];

/** ERPNext's root_type; its account_type refines it (ERPNEXT_DETAILS). */
const ERPNEXT: readonly Row[] = [
  ['Asset', 'asset', null],
  ['Liability', 'liability', null],
  ['Equity', 'equity', 'equity'],
  ['Income', 'revenue', 'revenue'],
  ['Expense', 'expense', 'operating_expense'],
];

/** Sage 50 (US) account types, and the Sage 50 Accounts (UK) / Sage 200 chart of accounts categories. */
const SAGE: readonly Row[] = [
  ['Cash', 'asset', 'cash'],
  ['Accounts Receivable', 'asset', 'receivable'],
  ['Receivables Retainage', 'asset', 'receivable'],
  ['Inventory', 'asset', 'inventory'],
  ['Other Current Assets', 'asset', 'current_asset'],
  ['Fixed Assets', 'asset', 'fixed_asset'],
  ['Accumulated Depreciation', 'asset', 'accumulated_depreciation'],
  ['Other Assets', 'asset', 'other_asset'],
  ['Accounts Payable', 'liability', 'payable'],
  ['Payables Retainage', 'liability', 'payable'],
  ['Other Current Liabilities', 'liability', 'current_liability'],
  ['Long Term Liabilities', 'liability', 'long_term_debt'],
  ["Equity - doesn't close (Corporation)", 'equity', 'equity'],
  ['Equity - gets closed (Proprietorship)', 'equity', 'equity'],
  ['Equity - Retained Earnings', 'equity', 'retained_earnings'],
  ['Income', 'revenue', 'revenue'],
  ['Cost of Sales', 'expense', 'cost_of_sales'],
  ['Expenses', 'expense', 'operating_expense'],
  ['Current Assets', 'asset', 'current_asset'],
  ['Current Liabilities', 'liability', 'current_liability'],
  ['Capital & Reserves', 'equity', 'equity'],
  ['Sales', 'revenue', 'revenue'],
  ['Purchases', 'expense', 'cost_of_sales'],
  ['Direct Expenses', 'expense', 'cost_of_sales'],
  ['Overheads', 'expense', 'operating_expense'],
  ['Taxation', 'expense', 'income_tax'],
];

/** NetSuite's account types: the internal id (SuiteQL accttype, saved searches) and the display name. */
const NETSUITE: readonly Row[] = [
  ['Bank', 'asset', 'cash'],
  [['AcctRec', 'Accounts Receivable'], 'asset', 'receivable'],
  [['UnbilledRec', 'Unbilled Receivable'], 'asset', 'receivable'],
  [['OthCurrAsset', 'Other Current Asset'], 'asset', 'current_asset'],
  [['DeferExpense', 'Deferred Expense'], 'asset', 'prepaid'],
  [['FixedAsset', 'Fixed Asset'], 'asset', 'fixed_asset'],
  [['OthAsset', 'Other Asset'], 'asset', 'other_asset'],
  [['AcctPay', 'Accounts Payable'], 'liability', 'payable'],
  [['CredCard', 'Credit Card'], 'liability', 'credit_card'],
  [['OthCurrLiab', 'Other Current Liability'], 'liability', 'current_liability'],
  [['DeferRevenue', 'Deferred Revenue'], 'liability', 'deferred_revenue'],
  [['LongTermLiab', 'Long Term Liability'], 'liability', 'long_term_debt'],
  ['Equity', 'equity', 'equity'],
  ['Income', 'revenue', 'revenue'],
  [['OthIncome', 'Other Income'], 'revenue', 'other_income'],
  [['COGS', 'Cost of Goods Sold'], 'expense', 'cost_of_sales'],
  ['Expense', 'expense', 'operating_expense'],
  [['OthExpense', 'Other Expense'], 'expense', 'other_expense'],
];

/**
 * GnuCash account types (as its CSV export writes them, and their display names), and the top-level account
 * names of its templates that a full path starts with (English, German, French, Spanish).
 */
const GNUCASH: readonly Row[] = [
  [['ASSET', 'Assets', 'Aktiva', 'Actif', 'Activo'], 'asset', null],
  [['BANK', 'CASH', 'CHECKING', 'SAVINGS', 'MONEYMRKT'], 'asset', 'cash'],
  [['RECEIVABLE', 'A/Receivable'], 'asset', 'receivable'],
  [['STOCK', 'MUTUAL', 'Mutual Fund'], 'asset', 'other_asset'],
  [['LIABILITY', 'Liabilities', 'Fremdkapital', 'Passif', 'Pasivo'], 'liability', null],
  [['CREDIT', 'Credit Card'], 'liability', 'credit_card'],
  ['CREDITLINE', 'liability', 'current_liability'],
  [['PAYABLE', 'A/Payable'], 'liability', 'payable'],
  [['EQUITY', 'Eigenkapital', 'Anfangsbestand', 'Capitaux propres'], 'equity', 'equity'],
  // Trading accounts balance multi-currency transactions; GnuCash's balance sheet shows them in equity.
  ['TRADING', 'equity', 'equity'],
  [['INCOME', 'Erträge', 'Revenus', 'Ingresos'], 'revenue', 'revenue'],
  [['EXPENSE', 'Expenses', 'Aufwendungen', 'Dépenses', 'Gastos'], 'expense', 'operating_expense'],
];

/** Plain words a hand-made file uses for a type. */
const GENERIC: readonly Row[] = [
  ['Revenues', 'revenue', 'revenue'],
  ['Turnover', 'revenue', 'revenue'],
  ['Cost', 'expense', 'operating_expense'],
  ['Expenditure', 'expense', 'operating_expense'],
  ['Debtors', 'asset', 'receivable'],
  ['Creditors', 'liability', 'payable'],
  ['Capital', 'equity', 'equity'],
];

/** Every foreign account type we know, in the order that names a spelling's vocabulary when several share it. */
export const FOREIGN_ACCOUNT_TYPES: readonly ForeignAccountType[] = [
  ...rows('Finboard', FINBOARD),
  ...rows('QuickBooks', QUICKBOOKS),
  ...rows('Xero', XERO),
  ...rows('Odoo', ODOO),
  ...rows('ERPNext', ERPNEXT),
  ...rows('Sage', SAGE),
  ...rows('NetSuite', NETSUITE),
  ...rows('GnuCash', GNUCASH),
  ...rows('generic', GENERIC),
];

/** QuickBooks detail types (AccountSubType) that put an account under a finer subtype than its type does. */
const QUICKBOOKS_DETAILS: readonly Row[] = [
  ['Cash on hand', 'asset', 'cash'],
  ['Checking', 'asset', 'cash'],
  ['Savings', 'asset', 'cash'],
  ['Money Market', 'asset', 'cash'],
  ['Inventory', 'asset', 'inventory'],
  ['Prepaid Expenses', 'asset', 'prepaid'],
  ['Accumulated Depreciation', 'asset', 'accumulated_depreciation'],
  ['Accumulated Amortization', 'asset', 'accumulated_depreciation'],
  ['Sales Tax Payable', 'liability', 'tax_liability'],
  ['Payroll Tax Payable', 'liability', 'tax_liability'],
  ['Federal Income Tax Payable', 'liability', 'tax_liability'],
  ['Payroll Clearing', 'liability', 'payroll_liability'],
  ['Payroll liabilities', 'liability', 'payroll_liability'],
  ['Retained Earnings', 'equity', 'retained_earnings'],
  ['Discounts/Refunds Given', 'revenue', 'contra_revenue'],
  ['Depreciation', 'expense', 'depreciation'],
  ['Amortization', 'expense', 'depreciation'],
  ['Income tax expense', 'expense', 'income_tax'],
];

/** ERPNext's account_type (the Account doctype's options), read together with the root type. */
const ERPNEXT_DETAILS: readonly Row[] = [
  ['Bank', 'asset', 'cash'],
  ['Cash', 'asset', 'cash'],
  ['Receivable', 'asset', 'receivable'],
  ['Stock', 'asset', 'inventory'],
  ['Current Asset', 'asset', 'current_asset'],
  ['Temporary', 'asset', 'current_asset'],
  ['Fixed Asset', 'asset', 'fixed_asset'],
  ['Capital Work in Progress', 'asset', 'fixed_asset'],
  ['Accumulated Depreciation', 'asset', 'accumulated_depreciation'],
  ['Payable', 'liability', 'payable'],
  ['Tax', 'liability', 'tax_liability'],
  ['Current Liability', 'liability', 'current_liability'],
  ['Stock Received But Not Billed', 'liability', 'current_liability'],
  ['Asset Received But Not Billed', 'liability', 'current_liability'],
  ['Service Received But Not Billed', 'liability', 'current_liability'],
  ['Liability', 'liability', null],
  ['Equity', 'equity', 'equity'],
  ['Income Account', 'revenue', 'revenue'],
  ['Direct Income', 'revenue', 'revenue'],
  ['Indirect Income', 'revenue', 'other_income'],
  ['Cost of Goods Sold', 'expense', 'cost_of_sales'],
  ['Direct Expense', 'expense', 'cost_of_sales'],
  ['Stock Adjustment', 'expense', 'cost_of_sales'],
  ['Expenses Included In Valuation', 'expense', 'cost_of_sales'],
  ['Expenses Included In Asset Valuation', 'expense', 'cost_of_sales'],
  ['Expense Account', 'expense', 'operating_expense'],
  ['Indirect Expense', 'expense', 'operating_expense'],
  ['Chargeable', 'expense', 'operating_expense'],
  ['Round Off', 'expense', 'operating_expense'],
  ['Depreciation', 'expense', 'depreciation'],
];

/** Detail types: a second column (QuickBooks' Detail Type, ERPNext's account_type) that refines the subtype. */
export const FOREIGN_DETAIL_TYPES: readonly ForeignAccountType[] = [
  ...rows('QuickBooks', QUICKBOOKS_DETAILS),
  ...rows('ERPNext', ERPNEXT_DETAILS),
];

// ---------------------------------------------------------------------------------------------------------------
// Matching: case, spacing, punctuation, accents, camelCase and plurals do not matter ("Accounts Receivable (A/R)",
// "accounts receivable", "AccountsReceivable" and "A/R" are the same type).

/** Lower-case words without accents or apostrophes; camelCase and every non-alphanumeric split words. */
function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** English plural to singular, enough for account type names (liabilities, expenses, taxes, sales). */
function singular(word: string): string {
  if (word.length <= 3 || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

const keyOf = (text: string) => wordsOf(text).map(singular).join('');
const withoutParentheses = (text: string) => text.replace(/\([^)]*\)/g, ' ');
/** A text's keys: itself, and without what it says in parentheses ("Accounts receivable (A/R)"). */
const keysOf = (text: string) => [...new Set([keyOf(text), keyOf(withoutParentheses(text))])].filter(Boolean);

function indexOf(entries: readonly ForeignAccountType[]) {
  const index = new Map<string, ForeignAccountType[]>();
  for (const entry of entries)
    for (const name of entry.names)
      for (const key of keysOf(name)) {
        const shared = index.get(key) ?? [];
        if (!shared.includes(entry)) index.set(key, [...shared, entry]);
      }
  return index;
}

const TYPE_INDEX = indexOf(FOREIGN_ACCOUNT_TYPES);
const DETAIL_INDEX = indexOf(FOREIGN_DETAIL_TYPES);

/**
 * The entry a text names. Spellings shared by several vocabularies mean the same type (the unit tests hold the
 * tables to that); the vocabulary is the first that spells the text exactly so, else the first that shares it.
 */
function lookUp(text: string, ...indexes: ReadonlyMap<string, ForeignAccountType[]>[]) {
  const exact = text.trim();
  for (const index of indexes)
    for (const key of keysOf(exact)) {
      const entries = index.get(key);
      if (entries) return entries.find((entry) => entry.names.includes(exact)) ?? entries[0];
    }
  return undefined;
}

const suggestion = (entry: ForeignAccountType, subtype = entry.subtype): AccountTypeSuggestion => ({
  type: entry.type,
  subtype,
  vocabulary: entry.vocabulary,
});

/**
 * Our type and subtype of a foreign account type (`value`), refined by its detail type when one is given and
 * known for the same type (QuickBooks "Other Current Asset" + "Inventory", ERPNext "Asset" + "Stock", Finboard
 * "expense" + "cost_of_sales"). A detail type alone answers when the value is not known (every QuickBooks detail
 * type belongs to one type). Undefined when neither is known.
 */
export function mapAccountType(value: string, detail?: string | null): AccountTypeSuggestion | undefined {
  const base = lookUp(value, TYPE_INDEX, DETAIL_INDEX);
  const refined = detail ? lookUp(detail, DETAIL_INDEX, TYPE_INDEX) : undefined;
  if (!base) return refined && suggestion(refined);
  if (refined && refined.type === base.type && refined.subtype !== null) return suggestion(base, refined.subtype);
  return suggestion(base);
}

// ---------------------------------------------------------------------------------------------------------------
// Paths and names: words that put an account under a subtype. First match wins, so narrow words come first.

type WordRule = readonly [pattern: RegExp, subtype: string];

/** Words of a path's segments below its root that choose the subtype, per type the root gives; first rule wins. */
const PATH_WORDS: Record<AccountType, readonly WordRule[]> = {
  asset: [
    [/\baccumulated (depreciation|amortization|amortisation)\b/, 'accumulated_depreciation'],
    [/\b(checking|chequing|savings?|petty cash|cash|bank|money market)\b/, 'cash'],
    [/\b(receivables?|debtors)\b/, 'receivable'],
    [/\b(prepaid|prepayments?)\b/, 'prepaid'],
    [/\binventor(y|ies)\b/, 'inventory'],
    [/\b(fixed assets?|equipment|furniture|vehicles?|machinery|buildings?|land|leasehold)\b/, 'fixed_asset'],
    [/\b(investments?|goodwill|intangibles?)\b/, 'other_asset'],
  ],
  liability: [
    [/\b(tax|taxes|vat|gst|hst|paye)\b/, 'tax_liability'],
    [/\b(payroll|wages?|salar(y|ies)|pensions?|superannuation)\b/, 'payroll_liability'],
    [/\bcredit cards?\b/, 'credit_card'],
    [/\b(loans?|mortgages?|notes payable|long ?term)\b/, 'long_term_debt'],
    [/\b(deferred|unearned) (revenue|income)\b/, 'deferred_revenue'],
    [/\b(payables?|creditors)\b/, 'payable'],
  ],
  equity: [
    [/\b(retained (earnings|profits?)|accumulated (profits|earnings))\b/, 'retained_earnings'],
    [/\bopening balances?\b/, 'equity'],
  ],
  revenue: [[/\b(interest|dividends?|gains?|other income)\b/, 'other_income']],
  expense: [
    [/\b(cost of (goods|sales|revenue)|cogs|direct costs?|purchases)\b/, 'cost_of_sales'],
    [/\b(depreciation|amortization|amortisation)\b/, 'depreciation'],
    // Taxes that are costs of operating, before the rule that reads any other tax as income tax.
    [/\b(payroll|property|sales|social security|medicare|vat)\b/, 'operating_expense'],
    [/\b(tax|taxes|taxation)\b/, 'income_tax'],
    [/\b(interest|other expenses?)\b/, 'other_expense'],
  ],
};

/** Lower-case words without accents or punctuation, separated by one space, for the word rules. */
const plain = (text: string) => wordsOf(text).join(' ');

/**
 * Our type and subtype of a full account path (`Expenses:Office:Rent`, `Assets:Current Assets:Checking Account`):
 * its root names the type (Assets, Liabilities, Equity, Income, Expenses, their translations, or any type name).
 * Below it, the first rule of PATH_WORDS whose words some segment has gives the subtype (so "Accumulated
 * Depreciation:Vehicles" stays accumulated depreciation); else the deepest segment that is a type name of the same
 * type (Current Assets); else the root's. Undefined when the root names no type.
 */
export function suggestFromPath(fullName: string, separator = ':'): AccountTypeSuggestion | undefined {
  const [root, ...below] = fullName
    .split(separator)
    .map((segment) => segment.trim())
    .filter(Boolean);
  const rootType = root === undefined ? undefined : lookUp(root, TYPE_INDEX);
  if (!rootType) return undefined;
  const type = rootType.type;
  const words = below.map(plain);
  const rule = PATH_WORDS[type].find(([pattern]) => words.some((segment) => pattern.test(segment)));
  if (rule) return { type, subtype: rule[1], vocabulary: 'path' };
  for (const segment of [...below].reverse()) {
    const named = lookUp(segment, TYPE_INDEX, DETAIL_INDEX);
    if (named?.type === type && named.subtype !== null) return { type, subtype: named.subtype, vocabulary: 'path' };
  }
  return { type, subtype: rootType.subtype, vocabulary: 'path' };
}

interface NameRule {
  pattern: RegExp;
  /** Words that make the pattern mean something else ("Sales Commissions" is no revenue). */
  unless?: RegExp;
  type: AccountType;
  subtype: string | null;
}

const rule = (pattern: RegExp, type: AccountType, subtype: string | null, unless?: RegExp): NameRule => ({
  pattern,
  type,
  subtype,
  ...(unless && { unless }),
});

const EXPENSE_WORDS =
  /\b(expenses?|costs?|commissions?|salar(y|ies)|wages|marketing|advertising|discounts?|returns|refunds|tax|taxes)\b/;

/** What an account's name alone says, narrowest first; a name that matches none says nothing. */
const NAME_RULES: readonly NameRule[] = [
  rule(/\b(less )?accumulated (depreciation|amortization|amortisation)\b/, 'asset', 'accumulated_depreciation'),
  // QuickBooks' holding account for payments received and not yet banked (an Other Current Asset there).
  rule(/\bundeposited funds\b/, 'asset', 'current_asset'),
  rule(/\b(deferred|unearned) (revenue|income)\b|\brevenue received in advance\b/, 'liability', 'deferred_revenue'),
  rule(/\bcost of (goods|sales|revenue|services)\b|\bcogs\b|\bdirect costs?\b|^purchases$/, 'expense', 'cost_of_sales'),
  rule(
    /\b(inventory (shrinkage|adjustments?|write ?(offs?|downs?))|(opening|closing) stock)\b/,
    'expense',
    'cost_of_sales',
  ),
  rule(
    /\btax(es)? (payable|liabilit(y|ies)|owing|owed|due|control)\b|\b(vat|gst|hst|pst|paye)\b|\bsales tax\b/,
    'liability',
    'tax_liability',
  ),
  rule(
    /\b(payroll|wages?|salar(y|ies)|pensions?|superannuation)s? (payable|liabilit(y|ies)|clearing|accrued|owing|deductions)\b|\baccrued (payroll|wages|salaries)\b/,
    'liability',
    'payroll_liability',
  ),
  rule(/\binterest (income|earned|received|revenue)\b/, 'revenue', 'other_income'),
  rule(/\binterest (expense|paid|charges?)\b|\b(loan|mortgage) interest\b/, 'expense', 'other_expense'),
  rule(
    /\b(bank|merchant|credit card|card|service|finance|late|processing|transaction)( service)? (fees?|charges?)\b/,
    'expense',
    'operating_expense',
  ),
  rule(/\bcredit cards?\b|\b(visa|mastercard|amex|american express)\b/, 'liability', 'credit_card'),
  rule(
    /\b(loans?|mortgages?|notes?|bonds?) payable\b|\blong ?term (debt|loans?|liabilit(y|ies)|borrowings?)\b|\b(bank|term) loans?\b|^(loans?|mortgages?)$/,
    'liability',
    'long_term_debt',
  ),
  rule(/\baccounts? payable\b|\btrade (payables?|creditors)\b|^(payables?|creditors)$/, 'liability', 'payable'),
  rule(/\bpayable\b|\baccrued (liabilit(y|ies)|expenses)\b|^accruals?$/, 'liability', 'current_liability'),
  rule(/\breceivables?\b|\bdebtors\b|\baccrued (income|revenue)\b/, 'asset', 'receivable'),
  rule(
    /\bretained (earnings|profits?)\b|\bundistributed (profits?|earnings)\b|\bprofit and loss (account|reserve)\b/,
    'equity',
    'retained_earnings',
  ),
  rule(
    /\bopening balance(s| equity)?\b|\b(owners?|partners?|shareholders?|members?) (equity|capital|contributions?|draws?|drawings|distributions?)\b|\bshare (capital|premium)\b|\b(capital|common|preferred|treasury) stock\b|\bpaid ?in capital\b|\bdrawings\b|\bfunds introduced\b|\bdividends? (paid|declared)\b|\bcapital (account|introduced|contributed)\b|^(equity|capital)$/,
    'equity',
    'equity',
  ),
  rule(
    /\b(income|corporation|corporate) tax(es)?\b|\bprovision for (income )?tax(es)?\b|^taxation$/,
    'expense',
    'income_tax',
  ),
  rule(/\b(depreciation|amortization|amortisation)\b/, 'expense', 'depreciation'),
  rule(/\b(prepaid|prepayments?)\b/, 'asset', 'prepaid'),
  rule(/\bgains? (and |or )?loss(es)?\b/, 'expense', 'other_expense'),
  rule(
    /\b(other|misc|miscellaneous|sundry|investment|dividend|rental|rent) (income|revenue)\b|\bgains? on\b|\b(exchange|currency|fx) gains?\b|\b(royalties|commissions?) received\b/,
    'revenue',
    'other_income',
  ),
  rule(
    /\bother expenses?\b|\bloss(es)? on\b|\b(exchange|currency|fx) loss(es)?\b|\bpenalt(y|ies)\b/,
    'expense',
    'other_expense',
  ),
  rule(
    /\b(sales )?(discounts (given|allowed)|returns and allowances|refunds given)\b|\bsales (returns|discounts?)\b/,
    'revenue',
    'contra_revenue',
  ),
  rule(
    /\b(checking|chequing|savings|petty cash|cash on hand|cash in hand|cash at bank|cash in bank|money market)\b|\bbank accounts?\b|^(cash|bank)\b|\b(current|business|operating) (bank )?account\b/,
    'asset',
    'cash',
    /\b(fees?|charges?|interest|discounts?|over|short|loans?|overdraft)\b/,
  ),
  rule(
    /\binventor(y|ies)\b|\bstock (on hand|in hand|in trade)\b|^stocks?( and work in progress)?$|\b(finished goods|raw materials?|work in progress|merchandise)\b/,
    'asset',
    'inventory',
  ),
  rule(
    /\b(equipment|vehicles?|computers?|machinery|buildings?|furniture|motor) (rental|rent|lease|hire|repairs?|maintenance|expenses?|fuel|insurance|running)\b/,
    'expense',
    'operating_expense',
  ),
  rule(
    /\bfixed assets?\b|\bproperty,? plant\b|\bplant and machinery\b|\b(leasehold|freehold) (improvements?|property|land|buildings?)\b|^(office |computer |motor |capital )?(equipment|furniture( and (fixtures|equipment))?|fixtures( and fittings)?|vehicles?|machinery|buildings?|land( and buildings)?|computers?( equipment)?)$/,
    'asset',
    'fixed_asset',
  ),
  rule(/\b(goodwill|intangible assets?|investments?)\b/, 'asset', 'other_asset'),
  rule(/\b(sales|revenues?|turnover|income|fees earned)\b/, 'revenue', 'revenue', EXPENSE_WORDS),
  rule(
    /\b(expenses?|rent|rental|utilities|insurance|salar(y|ies)|wages|payroll|advertising|marketing|travel|meals|entertainment|office|supplies|telephone|internet|postage|repairs|maintenance|fees|charges|commissions?|subscriptions?|training|legal|accounting|consulting|software|freight|shipping|fuel|licen[cs]es?|bad debts?|donations?|cleaning|printing|stationery|dues|electricity|parking)\b/,
    'expense',
    'operating_expense',
  ),
];

/** Leading digits of a code, when they are at least 4: numbering by thousands belongs to charts of 4+ digit codes. */
const LEADING_DIGITS = /^(\d{4,})(?:[.\-\s]\d+)*$/;

/** The common numbering by first digit: 1000s assets … 5000s cost of sales, 6000s–9000s expenses. */
const BY_FIRST_DIGIT: Record<string, Pick<AccountTypeSuggestion, 'type' | 'subtype'>> = {
  '1': { type: 'asset', subtype: null },
  '2': { type: 'liability', subtype: null },
  '3': { type: 'equity', subtype: 'equity' },
  '4': { type: 'revenue', subtype: 'revenue' },
  '5': { type: 'expense', subtype: 'cost_of_sales' },
  '6': { type: 'expense', subtype: 'operating_expense' },
  '7': { type: 'expense', subtype: 'operating_expense' },
  '8': { type: 'expense', subtype: 'operating_expense' },
  '9': { type: 'expense', subtype: 'operating_expense' },
};

/**
 * A guess (vocabulary 'guess') from an account's name ('Checking', 'Rent Expense', 'Cost of Goods Sold') or, when
 * the name says nothing, from the first digit of a numeric code of 4 or more digits. Undefined when neither
 * indicates anything: a name we cannot read is asked about, never filed under a default.
 */
export function suggestFromName(name: string, code?: string | null): AccountTypeSuggestion | undefined {
  const words = plain(name);
  const matched = words
    ? NAME_RULES.find((candidate) => candidate.pattern.test(words) && !candidate.unless?.test(words))
    : undefined;
  if (matched) return { type: matched.type, subtype: matched.subtype, vocabulary: 'guess' };
  const digits = code?.trim().match(LEADING_DIGITS)?.[1];
  const byDigit = digits ? BY_FIRST_DIGIT[digits.charAt(0)] : undefined;
  return byDigit && { ...byDigit, vocabulary: 'guess' };
}
