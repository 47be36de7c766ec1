import {
  LAYOUT_ROLES_OF_KIND,
  type AccountTypeChoice,
  type FileAnalysis,
  type Layout,
  type LayoutDateFormat,
  type LayoutKind,
  type LayoutRole,
} from '@finboard/shared/layouts';

/**
 * The user's choices on the Upload page's preview, written into the layout the file is read with (issue 23
 * §2): each function returns a new layout, so the preview can be asked again with it and the upload sends it.
 */

/** What each role is called on the page. */
export const ROLE_LABELS: Record<LayoutRole, string> = {
  posting_date: 'Date',
  journal_id: 'Journal number',
  line_no: 'Line number',
  period: 'Period',
  transaction_type: 'Transaction type',
  reference: 'Reference',
  counterparty: 'Customer or vendor',
  description: 'Description',
  memo: 'Memo',
  account: 'Account',
  account_name: 'Account name',
  debit: 'Debit',
  credit: 'Credit',
  amount: 'Amount',
  indicator: 'Debit or credit indicator',
  split: 'Split (the other account)',
  currency: 'Currency',
  entity: 'Entity',
  department: 'Department',
  account_type: 'Account type',
  account_detail_type: 'Detail type',
  parent_code: 'Parent account',
  is_active: 'Active',
  closing_balance: 'Closing balance',
  opening_balance: 'Opening balance',
};

/** The money roles each way of reading amounts uses; the others are hidden so no column is read twice. */
const MONEY_ROLES: Record<Layout['amount']['kind'], readonly LayoutRole[]> = {
  'debit-credit': ['debit', 'credit'],
  signed: ['amount'],
  indicator: ['amount', 'indicator'],
};

/** The roles the editor offers for this kind of file and way of reading amounts. */
export function rolesFor(kind: LayoutKind, amount: Layout['amount']['kind']): LayoutRole[] {
  // A trial balance may name debit and credit columns beside its closing balance: all its roles stay.
  if (kind === 'trial-balance') return [...LAYOUT_ROLES_OF_KIND[kind]];
  const unused = new Set<LayoutRole>(
    (['debit', 'credit', 'amount', 'indicator'] as const).filter((role) => !MONEY_ROLES[amount].includes(role)),
  );
  return LAYOUT_ROLES_OF_KIND[kind].filter((role) => !unused.has(role));
}

/** Role → the header column (0-based) holding it, or none. Roles left without a column are no longer filled down. */
export function withColumn(layout: Layout, role: LayoutRole, column: number | undefined): Layout {
  const columns = { ...layout.columns };
  if (column === undefined) delete columns[role];
  else columns[role] = column;
  return {
    ...layout,
    columns,
    fillDown: layout.fillDown.filter((filled) => columns[filled] !== undefined),
  };
}

/** The ways a file writes its amounts, as the editor offers them. */
export const AMOUNT_READINGS = [
  'debit-credit',
  'signed-debit',
  'signed-credit',
  'signed-natural',
  'indicator',
] as const;
export type AmountReading = (typeof AMOUNT_READINGS)[number];

export const AMOUNT_READING_LABELS: Record<AmountReading, string> = {
  'debit-credit': 'Debit and credit columns',
  'signed-debit': 'One signed amount: positive is a debit',
  'signed-credit': 'One signed amount: positive is a credit',
  'signed-natural': "One signed amount: positive increases the account's balance (as QuickBooks reports write it)",
  indicator: 'An amount and a debit or credit indicator column',
};

const SIGNED_READINGS = {
  'signed-debit': 'debit',
  'signed-credit': 'credit',
  'signed-natural': 'natural',
} as const;

export function amountReadingOf(amount: Layout['amount']): AmountReading {
  if (amount.kind === 'signed') return `signed-${amount.positiveIs}`;
  return amount.kind;
}

/** The indicator's words most exports use, until the user names the file's own. */
const INDICATOR_WORDS = { debitValues: ['D', 'Dr', 'Debit'], creditValues: ['C', 'Cr', 'Credit'] };

export function withAmountReading(layout: Layout, reading: AmountReading): Layout {
  const amount: Layout['amount'] =
    reading === 'debit-credit'
      ? { kind: 'debit-credit' }
      : reading === 'indicator'
        ? layout.amount.kind === 'indicator'
          ? layout.amount
          : { kind: 'indicator', ...INDICATOR_WORDS }
        : { kind: 'signed', positiveIs: SIGNED_READINGS[reading] };
  return { ...layout, amount };
}

/** The indicator values that mean one side; an empty list keeps the side's current words (one is required). */
export function withIndicatorValues(layout: Layout, side: 'debit' | 'credit', values: readonly string[]): Layout {
  if (layout.amount.kind !== 'indicator') return layout;
  const cleaned = [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))].slice(0, 10);
  if (cleaned.length === 0) return layout;
  const key = side === 'debit' ? 'debitValues' : 'creditValues';
  return { ...layout, amount: { ...layout.amount, [key]: cleaned } };
}

export const ACCOUNT_FORMAT_LABELS: Record<Layout['account']['format'], string> = {
  code: 'A code (6120)',
  'code-name': 'A code and a name (6120 · Rent)',
  name: 'A name, matched to the chart (Rent)',
  path: 'A path (Expenses:Office:Rent)',
};

/** A path is split at ':' unless the layout named another separator; a code and name's separator is found per cell. */
export function withAccountFormat(layout: Layout, format: Layout['account']['format']): Layout {
  const separator = format === 'path' ? (layout.account.format === 'path' ? layout.account.separator : ':') : null;
  return { ...layout, account: { format, separator } };
}

/** The header's line as the page shows it (1 is the file's first line). */
export const headerLineNumber = (layout: Layout) => layout.headerLine + 1;

export const withHeaderLineNumber = (layout: Layout, lineNumber: number): Layout => ({
  ...layout,
  headerLine: Math.max(0, Math.trunc(lineNumber) - 1),
});

export const withSectionAccounts = (layout: Layout, sectionAccounts: boolean): Layout => ({
  ...layout,
  sectionAccounts,
});

/** Only roles that have a column can be filled down. */
export const withFillDown = (layout: Layout, roles: readonly LayoutRole[]): Layout => ({
  ...layout,
  fillDown: [...new Set(roles)].filter((role) => layout.columns[role] !== undefined),
});

export const withDateFormat = (layout: Layout, dateFormat: LayoutDateFormat): Layout => ({ ...layout, dateFormat });

export const withDecimal = (layout: Layout, decimal: Layout['decimal']): Layout => ({ ...layout, decimal });

export const withSkipPrefixes = (layout: Layout, prefixes: readonly string[]): Layout => ({
  ...layout,
  skipPrefixes: [...new Set(prefixes.map((prefix) => prefix.trim()).filter((prefix) => prefix !== ''))].slice(0, 50),
});

/** The user's type for an account the chart lacks: the load creates it so. */
export const withAccountType = (layout: Layout, code: string, choice: AccountTypeChoice): Layout => ({
  ...layout,
  accountTypes: { ...layout.accountTypes, [code]: choice },
});

/** What a day-first or month-first format means, for the choice the page asks when every date fits both. */
export function dateFormatLabel(format: LayoutDateFormat): string {
  const order = /^D/.test(format) ? 'day first' : /^M/.test(format) ? 'month first' : 'year first';
  return `${format} (${order})`;
}

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * The subtypes the statements read, per type (the connectors and the layouts map foreign types to these):
 * `cash` drives the cash flow, `cost_of_sales` is cost of sales, `other_expense` and `income_tax` are other
 * expenses, `other_income` is revenue outside sales; null shows the account under "Other" of its section.
 */
export const SUBTYPES: Record<AccountType, readonly string[]> = {
  asset: [
    'cash',
    'receivable',
    'inventory',
    'prepaid',
    'current_asset',
    'fixed_asset',
    'accumulated_depreciation',
    'other_asset',
  ],
  liability: [
    'payable',
    'credit_card',
    'current_liability',
    'tax_liability',
    'payroll_liability',
    'deferred_revenue',
    'long_term_debt',
  ],
  equity: ['equity', 'retained_earnings'],
  revenue: ['revenue', 'other_income', 'contra_revenue'],
  expense: ['cost_of_sales', 'operating_expense', 'depreciation', 'other_expense', 'income_tax'],
};

/** 'other_income' → 'Other income'. */
export const subtypeLabel = (subtype: string) => {
  const words = subtype.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Another type keeps the subtype when the new type has it too; otherwise none, until the user picks one (a
 * subtype decides where statements show the account: it is never filled in for them).
 */
export function choiceWithType(current: AccountTypeChoice | undefined, type: AccountType): AccountTypeChoice {
  return { type, subtype: current?.subtype && SUBTYPES[type].includes(current.subtype) ? current.subtype : null };
}

/** Where an account's type comes from, as the page marks it. */
export type TypeOrigin = 'file' | 'suggested' | 'yours' | 'none';

export const TYPE_ORIGIN_LABELS: Record<TypeOrigin, string> = {
  file: 'from the file',
  suggested: 'suggested',
  yours: 'your choice',
  none: 'choose a type',
};

/** An account the file names and the chart lacks, with the type it will be created with (or none yet). */
export interface NewAccountRow {
  code: string;
  name: string;
  choice: AccountTypeChoice | undefined;
  origin: TypeOrigin;
}

/**
 * The accounts a load would create, each with the user's type when they chose one (at once, before the
 * preview is asked again), else the suggestion: the file's own type words or path ("from the file"), or a
 * guess from the account's name or code ("suggested").
 */
export function newAccountRows(
  unknownAccounts: FileAnalysis['preview']['unknownAccounts'],
  layout: Layout,
): NewAccountRow[] {
  return unknownAccounts.map((account) => {
    const chosen = layout.accountTypes[account.code];
    if (chosen) return { code: account.code, name: account.name, choice: chosen, origin: 'yours' };
    if (!account.suggestedType) return { code: account.code, name: account.name, choice: undefined, origin: 'none' };
    return {
      code: account.code,
      name: account.name,
      choice: { type: account.suggestedType, subtype: account.suggestedSubtype },
      // The server marks the user's own choices 'you' and its guesses 'guess'; anything else is the file's words.
      origin: account.suggestedFrom === 'you' ? 'yours' : account.suggestedFrom === 'guess' ? 'suggested' : 'file',
    };
  });
}
