import { z } from 'zod';
import { csvProblemSchema } from './uploads.ts';

/**
 * Layouts (issue 23): how a real export's rows become canonical rows. A layout is data, proposed by a
 * recognizer from the file itself, corrected by the user on the Upload page and saved per data type under
 * the file's header fingerprint, so the next file of the same shape loads without a question.
 *
 * Columns are named by their position in the header (0-based): report exports often leave header cells
 * empty or repeat them, and a saved layout applies only to files with the same header.
 */

/** The shapes of export we recognize. `table` is a plain table already in (or mapped to) our columns. */
export const LAYOUT_FAMILIES = [
  'gl-report',
  'journal-lines',
  'split-transactions',
  'chart-of-accounts',
  'trial-balance',
  'table',
] as const;
export type LayoutFamily = (typeof LAYOUT_FAMILIES)[number];

export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type LayoutEncoding = (typeof TEXT_ENCODINGS)[number];
export const DELIMITERS = [',', ';', '\t', '|'] as const;

export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'YYYYMMDD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD.MM.YYYY',
  'DD-MM-YYYY',
  'MM-DD-YYYY',
  'DD/MM/YY',
  'MM/DD/YY',
  'DD.MM.YY',
  'D MMM YYYY',
  'MMM D, YYYY',
  'DD-MMM-YYYY',
  'DD-MMM-YY',
] as const;
export type LayoutDateFormat = (typeof DATE_FORMATS)[number];

/**
 * What a file column holds. Canonical columns of the target table keep their names; the others are read
 * to make them: `amount` (signed) or `amount` + `indicator`, `account` (a code, `code · name`, a name or a
 * path, per `account.format`), `split` (the contra account of a one-sided report row), `transaction_type`
 * and `memo` (the description when it has one), `currency` (checked against the organization's).
 */
export const LAYOUT_ROLES = [
  'posting_date',
  'journal_id',
  'line_no',
  'period',
  'transaction_type',
  'reference',
  'counterparty',
  'description',
  'memo',
  'account',
  'account_name',
  'debit',
  'credit',
  'amount',
  'indicator',
  'split',
  'currency',
  'entity',
  'department',
  'account_type',
  'account_detail_type',
  'parent_code',
  'is_active',
  'closing_balance',
  'opening_balance',
] as const;
export type LayoutRole = (typeof LAYOUT_ROLES)[number];

/** The most a file read with a layout may hold: the server lays it out whole, in memory. */
export const LAYOUT_MAX_MEGABYTES = 64;

/** What a data type's table takes with a layout: ledgers, charts and trial balances; others take plain tables. */
export const LAYOUT_KINDS = ['gl', 'accounts', 'trial-balance'] as const;
export type LayoutKind = (typeof LAYOUT_KINDS)[number];

const KIND_OF_TABLE: Partial<Record<string, LayoutKind>> = {
  '02_GL_Detail': 'gl',
  '01_Account': 'accounts',
  '04_Trial_Balance': 'trial-balance',
};

export const layoutKindOf = (dataType: { targetTable: string } | undefined): LayoutKind | undefined =>
  dataType ? KIND_OF_TABLE[dataType.targetTable] : undefined;

/** The roles a file of each kind can have, in the order the Upload page's editor lists them. */
export const LAYOUT_ROLES_OF_KIND: Record<LayoutKind, readonly LayoutRole[]> = {
  gl: [
    'posting_date',
    'journal_id',
    'transaction_type',
    'reference',
    'counterparty',
    'description',
    'memo',
    'account',
    'account_name',
    'debit',
    'credit',
    'amount',
    'indicator',
    'split',
    'currency',
    'entity',
    'department',
    'line_no',
    'period',
    'account_type',
    'account_detail_type',
  ],
  accounts: ['account', 'account_name', 'account_type', 'account_detail_type', 'parent_code', 'is_active'],
  'trial-balance': ['account', 'account_name', 'debit', 'credit', 'closing_balance', 'opening_balance', 'currency'],
};

/** The ISO 4217 code of the organizations' one currency until multi-currency exists. */
export const LAYOUT_CURRENCY = 'USD';

const TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
const MAX_SKIP_PREFIXES = 50;
const MAX_ACCOUNT_TYPES = 5_000;
const MAX_HEADER_LINE = 200;

const cellText = z.string().max(200);

export const accountTypeChoiceSchema = z.object({
  type: z.enum(TYPES),
  /** Null: the type only (the account shows under "Other" in its statement section). */
  subtype: z
    .string()
    .regex(/^[a-z][a-z_]{0,39}$/)
    .nullable(),
});
export type AccountTypeChoice = z.infer<typeof accountTypeChoiceSchema>;

export const layoutAmountSchema = z.discriminatedUnion('kind', [
  /** Debit and credit columns (either may hold a signed value: a negative debit is a credit). */
  z.object({ kind: z.literal('debit-credit') }),
  /**
   * One signed amount: positive is a debit, or a credit, or (`natural`, as QuickBooks' reports write them)
   * an increase of the account's normal balance — a credit on liability, equity and revenue accounts.
   */
  z.object({ kind: z.literal('signed'), positiveIs: z.enum(['debit', 'credit', 'natural']) }),
  /** An unsigned amount and an indicator column whose values say the side ('D'/'C', 'Dr'/'Cr', 'Debit'/'Credit'). */
  z.object({
    kind: z.literal('indicator'),
    debitValues: z.array(cellText).min(1).max(10),
    creditValues: z.array(cellText).min(1).max(10),
  }),
]);
export type LayoutAmount = z.infer<typeof layoutAmountSchema>;

export const ACCOUNT_FORMATS = ['code', 'code-name', 'name', 'path'] as const;

export const layoutSchema = z.object({
  family: z.enum(LAYOUT_FAMILIES),
  /** What the recognizer saw ('QuickBooks Online General Ledger'); shown, never interpreted. */
  recognizedAs: z.string().max(120).nullable(),
  encoding: z.enum(TEXT_ENCODINGS),
  delimiter: z.enum(DELIMITERS),
  /** The header's record (0-based, blank lines counted): the title lines above it are skipped. */
  headerLine: z.number().int().min(0).max(MAX_HEADER_LINE),
  /** Role → the header column (0-based) holding it. */
  columns: z.partialRecord(z.enum(LAYOUT_ROLES), z.number().int().min(0).max(1_599)),
  /**
   * Rows whose first non-empty cell is one of these labels (any case) are skipped: balances, alone or with
   * their date, and totals of anything ('Total for Checking'); see skipped-labels.ts.
   */
  skipPrefixes: z.array(cellText.min(1)).max(MAX_SKIP_PREFIXES),
  /** Report style: a row with one non-empty cell names the account of the rows below it. */
  sectionAccounts: z.boolean(),
  /** Roles written only on a transaction's first row, carried down to the rows below. */
  fillDown: z.array(z.enum(LAYOUT_ROLES)).max(LAYOUT_ROLES.length),
  amount: layoutAmountSchema,
  /** How the account column reads: a code, `code · name`, a name matched to the chart, or a path. */
  account: z.object({ format: z.enum(ACCOUNT_FORMATS), separator: z.string().min(1).max(5).nullable() }),
  /** Roles whose values together are a journal's number (e.g. date, transaction type and number of a report). */
  journalKey: z.array(z.enum(LAYOUT_ROLES)).max(6),
  /** The Split column's value for a row with several contra accounts ('-SPLIT-'). */
  splitMarker: cellText.nullable(),
  dateFormat: z.enum(DATE_FORMATS).nullable(),
  decimal: z.enum(['.', ',']),
  /** The user's types for accounts the chart lacks (by account code as the layout reads it). */
  accountTypes: z
    .record(cellText, accountTypeChoiceSchema)
    .refine((types) => Object.keys(types).length <= MAX_ACCOUNT_TYPES, `At most ${MAX_ACCOUNT_TYPES} account types`),
});
export type Layout = z.infer<typeof layoutSchema>;

/** A layout confirmed on an upload, kept on its data type for files whose header has the same fingerprint. */
export interface SavedLayout {
  fingerprint: string;
  layout: Layout;
}
/** Layouts a data type keeps (the most recently confirmed first). */
export const MAX_SAVED_LAYOUTS = 20;

/** What analyze and a load with a layout say (the file's line, column and value go beside them). */
export const layoutMessages = {
  // One value a layout could not read (the problems report's `problem` column).
  notAmount: 'Not an amount',
  amountDecimals: 'An amount has at most 2 decimals',
  amountTooLarge: 'The amount is too large (at most 16 digits before the decimal point)',
  amountTwoSigns: 'An amount has one sign: a minus, parentheses or CR/DR',
  notADate: (format: string) => `Not a date in the file's format (${format})`,
  dateFormatNeeded: 'Not a date in any format: choose the format of the dates',
  noAccount: 'The line names no account',
  sideUnknown: (value: string) => `"${value}" does not say debit or credit`,
  unbalanced: (journal: string, difference: string) =>
    `Journal ${journal} is out of balance by ${difference} and names no single contra account to balance it`,
  splitUnresolved: (journal: string, marker: string) =>
    `Journal ${journal} is out of balance: its contra accounts are "${marker}" (several) and not in the file`,
  currencies: (found: readonly string[], own: string) =>
    `The file holds amounts in ${found.join(', ')}; this organization keeps its books in ${own} only`,
  headerMissing: 'No header row was found: the file has no line naming its columns',
  columnMissing: (roles: string) => `The layout names no column for ${roles}`,
  columnOutside: (role: string, column: number) => `The layout's column ${column + 1} for ${role} is not in the header`,
  periodNeeded: 'Choose the period this trial balance is for',
  openingJournal: (period: string) => `Opening balances ${period}`,
  openingUnbalanced: (debit: string, credit: string) =>
    `The trial balance does not balance (debits ${debit}, credits ${credit}): opening balances are posted as one balanced journal`,
  openingLine: 'Opening balance',
  newAccountNeedsType: (code: string) => `Account ${code} is not in the chart: choose its type to create it`,
  tooLarge: (megabytes: number) => `A file read with a layout can be at most ${megabytes} MB`,
} as const;

/** The layout rule a problem comes from, named beside it (issue 23 §3): what to correct in the layout editor. */
export const layoutRules = {
  column: (role: string, column: number) => `Columns: ${role} in column ${column + 1}`,
  columnNone: (roles: string) => `Columns: ${roles} in none of them`,
  header: 'Header: the line naming the columns',
  dates: (format: string | null) => `Dates: ${format ?? 'no format chosen'}`,
  debitCredit: 'Amounts: debit and credit columns',
  signed: (positiveIs: 'debit' | 'credit' | 'natural') =>
    positiveIs === 'natural'
      ? "Amounts: one signed column, positive on the account's normal side"
      : `Amounts: one signed column, positive is a ${positiveIs}`,
  indicator: (debitValues: readonly string[], creditValues: readonly string[]) =>
    `Amounts: an amount with a debit/credit column (${debitValues.join(', ')} debit; ${creditValues.join(', ')} credit)`,
  accountCode: 'Accounts: a code',
  accountCodeName: (separator: string | null) =>
    separator ? `Accounts: code and name split at "${separator}"` : 'Accounts: a code and a name',
  accountName: "Accounts: a name matched to the chart's",
  accountPath: (separator: string) => `Accounts: a path split at "${separator}"`,
  journals: (columns: readonly string[]) =>
    columns.length > 0 ? `Journals: rows with the same ${columns.join(', ')}` : 'Journals: every row on its own',
  openingJournal: 'Opening balances: the trial balance posted as one journal',
  split: (marker: string | null) =>
    `Split: the other account of a one-sided row${marker ? ` ("${marker}" names several)` : ''}`,
  currency: (own: string) => `Currency: ${own} only`,
  period: 'Trial balance: the period chosen at upload',
  accountTypes: 'New accounts: created with the types chosen in the preview',
} as const;

/** `POST /api/v1/pipeline/analyze-file`'s answer: what the file is, and what would load. */
export const analyzeFileResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({
    recognizedAs: z.string().nullable(),
    /** 0–1. */
    confidence: z.number(),
    /** The layout used: saved for this header earlier, or proposed now. */
    layout: layoutSchema,
    layoutFrom: z.enum(['saved', 'recognized', 'upload']),
    /** Day-first and month-first both fit every date: the user chooses. */
    ambiguousDates: z.array(z.enum(DATE_FORMATS)).nullable(),
    /** The file's header as written (the layout's columns index it). */
    header: z.array(z.string()),
    preview: z.object({
      /** Only the first part of the file was sent: the figures cover that part. */
      partial: z.boolean(),
      rows: z.number().int(),
      skipped: z.number().int(),
      journals: z.number().int(),
      /** Every journal balances (debit = credit); a trial balance's debit balances equal its credit balances. */
      balanced: z.boolean(),
      periods: z.array(
        z.object({ period: z.string(), lines: z.number().int(), debit: z.string(), credit: z.string() }),
      ),
      /** The first rows as they will load, in the target table's columns. */
      sample: z.array(z.record(z.string(), z.string().nullable())),
      unknownAccounts: z.array(
        z.object({
          code: z.string(),
          name: z.string(),
          parentCode: z.string().nullable(),
          suggestedType: z.enum(TYPES).nullable(),
          suggestedSubtype: z.string().nullable(),
          /** Where the suggestion comes from ('QuickBooks', 'GnuCash path', 'guess'); null without one. */
          suggestedFrom: z.string().nullable(),
        }),
      ),
      problems: z.array(csvProblemSchema),
      problemCount: z.number().int(),
    }),
  }),
});
export type AnalyzeFileResponse = z.infer<typeof analyzeFileResponseSchema>;
export type FileAnalysis = AnalyzeFileResponse['data'];

/** What the layout routes answer. */
export const layoutApiMessages = {
  analyzed: 'File analyzed successfully',
  notForTable: 'Layouts are for GL Detail, chart of accounts and trial balance files',
  layoutInvalid: 'The layout is not valid',
  /** The page's words when analyze fails without a message of its own (network down). */
  analyzeFailed: 'The file could not be analyzed.',
  openingBalancesNotTrialBalance:
    'Use as opening balances is for a trial balance uploaded to a Trial Balance data type and read with its layout',
  openingBalancesNeedPeriod:
    'Choose the period of the trial balance: its opening balances are posted on the first day of that period',
  openingBalancesNoLedger: 'This organization has no GL Detail data type to post the opening balances to',
} as const;
