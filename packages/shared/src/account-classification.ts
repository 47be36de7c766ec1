/**
 * The standard account subtypes every statement, the KPI library and Chat DB read (issue 25 §1,
 * docs/account-classification.md): what an account is within its type. 01_Account.account_subtype holds one
 * of them; a value outside them (a file's own word, an older Finboard value) is read through
 * `classifyAccount`, which maps the words we know and leaves the rest `unclassified` under the account's
 * type — shown on the statements as such, never dropped.
 */

export const ACCOUNT_TYPE_NAMES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type AccountTypeName = (typeof ACCOUNT_TYPE_NAMES)[number];

/** Each type's subtypes, in the order a statement lists them (liquidity for the balance sheet). */
export const ACCOUNT_SUBTYPES = {
  asset: [
    'cash',
    'receivable',
    'inventory',
    'prepaid',
    'other_current_asset',
    'fixed_asset',
    'accumulated_depreciation',
    'intangible_asset',
    'other_non_current_asset',
  ],
  liability: [
    'payable',
    'credit_card',
    'accrued_liability',
    'payroll_liability',
    'tax_liability',
    'deferred_revenue',
    'current_debt',
    'long_term_debt',
    'other_non_current_liability',
  ],
  equity: ['share_capital', 'retained_earnings', 'drawings_dividends', 'other_equity'],
  revenue: ['sales', 'contra_revenue', 'other_income'],
  expense: [
    'cost_of_sales',
    'operating_expense',
    'depreciation_amortization',
    'interest_expense',
    'other_expense',
    'income_tax',
  ],
} as const satisfies Record<AccountTypeName, readonly string[]>;

export type AccountSubtype = (typeof ACCOUNT_SUBTYPES)[AccountTypeName][number];
export const STANDARD_SUBTYPES: readonly AccountSubtype[] = Object.values(ACCOUNT_SUBTYPES).flat();

export const ACCOUNT_SUBTYPE_LABELS: Record<AccountSubtype, string> = {
  cash: 'Cash and cash equivalents',
  receivable: 'Accounts receivable',
  inventory: 'Inventory',
  prepaid: 'Prepaid expenses',
  other_current_asset: 'Other current assets',
  fixed_asset: 'Fixed assets',
  accumulated_depreciation: 'Accumulated depreciation',
  intangible_asset: 'Intangible assets',
  other_non_current_asset: 'Other non-current assets',
  payable: 'Accounts payable',
  credit_card: 'Credit cards',
  accrued_liability: 'Accrued and other current liabilities',
  payroll_liability: 'Payroll liabilities',
  tax_liability: 'Tax liabilities',
  deferred_revenue: 'Deferred revenue',
  current_debt: 'Current portion of debt',
  long_term_debt: 'Long-term debt',
  other_non_current_liability: 'Other non-current liabilities',
  share_capital: 'Share capital',
  retained_earnings: 'Retained earnings',
  drawings_dividends: 'Drawings and dividends',
  other_equity: 'Other equity',
  sales: 'Sales',
  contra_revenue: 'Discounts and returns',
  other_income: 'Other income',
  cost_of_sales: 'Cost of sales',
  operating_expense: 'Operating expenses',
  depreciation_amortization: 'Depreciation and amortization',
  interest_expense: 'Interest expense',
  other_expense: 'Other expenses',
  income_tax: 'Income tax',
};

/**
 * Asset and liability subtypes due within a year (the balance sheet's current groups, working capital): in the
 * vocabulary's liquidity order, those before the first non-current one.
 */
export const CURRENT_SUBTYPES: ReadonlySet<AccountSubtype> = new Set<AccountSubtype>([
  ...ACCOUNT_SUBTYPES.asset.slice(0, ACCOUNT_SUBTYPES.asset.indexOf('fixed_asset')),
  ...ACCOUNT_SUBTYPES.liability.slice(0, ACCOUNT_SUBTYPES.liability.indexOf('long_term_debt')),
]);

/**
 * Words other than ours that say exactly one standard subtype: Finboard's own earlier values and the usual
 * spellings of other systems, as `wordOf` writes them (lower case, spaces and hyphens as underscores). A word
 * that names only the type ("asset") says nothing finer and is not here; nor is any word for cash: `cash`
 * alone, written so, marks the accounts the cash flow counts (finance-conventions.md), so a "bank" or "Cash"
 * account stays unclassified until someone says it is `cash`.
 */
export const SUBTYPE_SYNONYMS: Readonly<Record<string, AccountSubtype>> = {
  accounts_receivable: 'receivable',
  trade_receivable: 'receivable',
  prepayment: 'prepaid',
  prepaid_expense: 'prepaid',
  current_asset: 'other_current_asset',
  other_asset: 'other_non_current_asset',
  non_current_asset: 'other_non_current_asset',
  fixed_assets: 'fixed_asset',
  intangible: 'intangible_asset',
  accounts_payable: 'payable',
  trade_payable: 'payable',
  current_liability: 'accrued_liability',
  accrued_liabilities: 'accrued_liability',
  non_current_liability: 'other_non_current_liability',
  capital: 'share_capital',
  common_stock: 'share_capital',
  dividends: 'drawings_dividends',
  drawings: 'drawings_dividends',
  equity: 'other_equity',
  revenue: 'sales',
  income: 'sales',
  cogs: 'cost_of_sales',
  cost_of_goods_sold: 'cost_of_sales',
  direct_costs: 'cost_of_sales',
  expense: 'operating_expense',
  overhead: 'operating_expense',
  depreciation: 'depreciation_amortization',
  amortization: 'depreciation_amortization',
};

/** A stored subtype as the synonyms spell it. */
export const wordOf = (subtype: string) =>
  subtype
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * The finer subtype an account's name says where its subtype is only its group's (equity, operating or other
 * expenses, payables): the statements need share capital apart from drawings, depreciation and interest apart
 * from other costs, a credit card apart from trade payables. The first rule that matches wins. Patterns are
 * read case-insensitively by JavaScript and by PostgreSQL alike (warehouse migration 5 applies them), so they
 * use no `\b`.
 */
export const SUBTYPE_NAME_RULES: readonly {
  within: readonly AccountSubtype[];
  pattern: string;
  subtype: AccountSubtype;
}[] = [
  {
    within: ['other_equity'],
    pattern: '(^|[^a-z])(common|ordinary|preferred|capital|shares?|paid[- ]?in)([^a-z]|$)',
    subtype: 'share_capital',
  },
  {
    within: ['other_equity'],
    pattern: '(^|[^a-z])(dividends?|drawings?|distributions?)([^a-z]|$)',
    subtype: 'drawings_dividends',
  },
  { within: ['other_equity'], pattern: '(^|[^a-z])retained([^a-z]|$)', subtype: 'retained_earnings' },
  {
    within: ['operating_expense', 'other_expense'],
    pattern: '(^|[^a-z])(depreciation|amorti[sz]ation)([^a-z]|$)',
    subtype: 'depreciation_amortization',
  },
  { within: ['other_expense'], pattern: '(^|[^a-z])interest([^a-z]|$)', subtype: 'interest_expense' },
  { within: ['payable'], pattern: '(^|[^a-z])credit card([^a-z]|$)', subtype: 'credit_card' },
];
const NAME_RULES = SUBTYPE_NAME_RULES.map((rule) => ({ ...rule, test: new RegExp(rule.pattern, 'i') }));

export type Classification =
  | { type: AccountTypeName; subtype: AccountSubtype; standard: true }
  /** A subtype we cannot read: the account counts with its type, under "Unclassified". */
  | { type: AccountTypeName; subtype: null; standard: false };

const SUBTYPE_TYPE = new Map<string, AccountTypeName>(
  ACCOUNT_TYPE_NAMES.flatMap((type) => ACCOUNT_SUBTYPES[type].map((subtype) => [subtype, type] as const)),
);

export const isStandardSubtype = (value: string | null | undefined): value is AccountSubtype =>
  value != null && SUBTYPE_TYPE.has(value);

/** The type a standard subtype belongs to. */
export const typeOfSubtype = (subtype: AccountSubtype): AccountTypeName => SUBTYPE_TYPE.get(subtype)!;

/**
 * The standard subtype of an account of `type` whose stored subtype is `subtype`: itself when standard and of
 * that type, else the synonym it spells; where that is only a group (equity, operating or other expenses,
 * payables), refined by the account's name. Undefined when nothing says one: the account is unclassified.
 */
export function standardSubtypeOf(
  type: AccountTypeName,
  subtype: string | null | undefined,
  name?: string | null,
): AccountSubtype | undefined {
  const word = wordOf(subtype ?? '');
  const found: AccountSubtype | undefined = isStandardSubtype(word)
    ? word
    : Object.hasOwn(SUBTYPE_SYNONYMS, word)
      ? SUBTYPE_SYNONYMS[word]
      : undefined;
  if (found === undefined || typeOfSubtype(found) !== type) return undefined;
  // The cash flow counts the accounts whose subtype is `cash` as written (aggregates.ts): so does every statement.
  if (found === 'cash' && subtype !== 'cash') return undefined;
  for (const rule of NAME_RULES) if (rule.within.includes(found) && name && rule.test.test(name)) return rule.subtype;
  return found;
}

/** An account's classification, for the statements: its standard subtype, or unclassified within its type. */
export function classifyAccount(account: {
  type: string | null | undefined;
  subtype: string | null | undefined;
  name?: string | null;
}): Classification | undefined {
  const type = ACCOUNT_TYPE_NAMES.find((candidate) => candidate === account.type);
  if (!type) return undefined;
  const subtype = standardSubtypeOf(type, account.subtype, account.name);
  return subtype ? { type, subtype, standard: true } : { type, subtype: null, standard: false };
}

/**
 * The subtype to store for an account as a file, a layout or a connector names it: its standard subtype when
 * its words say one, else the words as given (the account is then unclassified, and the user sees why).
 */
export function subtypeToStore(
  type: string | null | undefined,
  subtype: string | null | undefined,
  name?: string | null,
): string | null {
  const known = ACCOUNT_TYPE_NAMES.find((candidate) => candidate === type);
  return (known && standardSubtypeOf(known, subtype, name)) || (subtype ?? null);
}
