import { z } from 'zod';
import { uploadMessages } from './uploads.ts';
import { text } from './validation.ts';

/**
 * Column mapping (issue 10 §1): real exports never carry our column names. A mapping says, per file
 * column, which expected column of the data type it fills (null: the column is skipped). The page
 * proposes one from the header, the user confirms it, and it is saved on the data type so the next file
 * with the same header maps itself.
 */

export type ColumnMapping = Record<string, string | null>;

/** What mapping needs of a data type's expected column. */
export interface ExpectedColumn {
  name: string;
  required: boolean;
}

/** Lower case, accents and everything but letters and digits removed: 'Account No.' → 'accountno'. */
export const normalizeColumnName = (name: string): string =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/*
 * What finance exports call our columns (QuickBooks, Sage 50 / Intacct, Xero, NetSuite and spreadsheets).
 * `strong` names mean the column; `weak` ones usually do (a bare "Date" or "Name"). Only the expected
 * columns of the data type at hand are candidates, so "Name" is the counterparty of a GL file and the
 * account name of a chart of accounts.
 */
const SYNONYMS: Record<string, { strong?: string[]; weak?: string[] }> = {
  journal_id: {
    strong: ['Journal No', 'Journal Number', 'Journal ID', 'JE', 'JE No', 'JE Number', 'Entry No', 'Entry Number'],
    weak: ['Journal', 'Jrnl', 'Journal Entry', 'Transaction ID', 'Txn ID', 'Trans No', 'Batch No', 'Voucher No', 'Num'],
  },
  line_no: { strong: ['Line No', 'Line Number', 'Line #', 'Line ID'], weak: ['Line', 'Seq', 'Sequence'] },
  posting_date: {
    strong: ['Posting Date', 'Post Date', 'Posted Date', 'Posted Dt', 'Transaction Date', 'Txn Date', 'GL Date'],
    weak: ['Date', 'Entry Date', 'Journal Date', 'Document Date', 'Trans Date'],
  },
  period: { strong: ['Accounting Period', 'Posting Period', 'Period Name'], weak: ['Month'] },
  account_code: {
    strong: [
      'Account No',
      'Account Number',
      'Acct',
      'Acct No',
      'Acct #',
      'Account #',
      'GL Account',
      'GL Account No',
      'GL Account Number',
      'GL Code',
      'Account ID',
      'Nominal Code',
      'Account Code',
    ],
    weak: ['Account', 'Nominal'],
  },
  account_name: {
    strong: ['Account Name', 'Account Title', 'Account Description', 'Acct Name'],
    weak: ['Name', 'Title', 'Description'],
  },
  account_type: { strong: ['Account Type', 'Account Class', 'Acct Type'], weak: ['Type', 'Class', 'Category'] },
  account_subtype: { strong: ['Subtype', 'Sub Type', 'Detail Type', 'Account Subtype'], weak: ['Sub Category'] },
  parent_code: {
    strong: ['Parent Account', 'Parent Account No', 'Parent Code', 'Parent Account Code'],
    weak: ['Parent'],
  },
  is_active: { strong: ['Active', 'Is Active'], weak: ['Enabled'] },
  description: {
    strong: ['Memo', 'Narrative', 'Narration', 'Memo/Description', 'Line Description', 'Trans Description'],
    weak: ['Details', 'Particulars', 'Text'],
  },
  debit: { strong: ['Amount Dr', 'Dr Amount', 'Debit Amount', 'Debit Amt', 'Dr', 'Debits'] },
  credit: { strong: ['Amount Cr', 'Cr Amount', 'Credit Amount', 'Credit Amt', 'Cr', 'Credits'] },
  entity: { strong: ['Company', 'Subsidiary', 'Business Unit', 'Location ID'], weak: ['Location'] },
  department: { strong: ['Dept', 'Dept ID', 'Department ID', 'Cost Center', 'Cost Centre'], weak: ['Division'] },
  counterparty: {
    strong: ['Customer/Vendor', 'Vendor/Customer', 'Party', 'Counter Party', 'Contact'],
    weak: ['Name', 'Customer', 'Vendor', 'Supplier', 'Payee'],
  },
  source: { weak: ['Origin', 'System'] },
  reference: {
    strong: ['Ref', 'Ref No', 'Reference No', 'Document No', 'Document Number', 'Doc No', 'Doc Number'],
    weak: ['Invoice No', 'Check No'],
  },
  amount: { strong: ['Budget', 'Budget Amount', 'Budgeted Amount', 'Budgeted'], weak: ['Value'] },
  opening_balance: {
    strong: ['Opening', 'Beginning Balance', 'Begin Balance', 'Open Bal', 'Opening Bal', 'Brought Forward'],
    weak: ['Start Balance'],
  },
  closing_balance: {
    strong: ['Closing', 'Ending Balance', 'End Balance', 'Close Bal', 'Closing Bal', 'Carried Forward'],
    weak: ['Balance'],
  },
  Period: { strong: ['Period Name', 'Accounting Period'], weak: ['Month'] },
  start_date: { strong: ['Start', 'Period Start', 'Begin Date', 'From Date'], weak: ['From'] },
  end_date: { strong: ['End', 'Period End', 'To Date'], weak: ['To'] },
  fiscal_year: { strong: ['FY', 'Financial Year'], weak: ['Year'] },
  fiscal_period: { strong: ['Period No', 'Period Number'], weak: ['Month No'] },
  is_closed: { strong: ['Closed', 'Locked'] },
};

/** How sure a suggestion is: the name itself, the name written otherwise, a synonym, a weak synonym, a partial match. */
export const SUGGESTION_CONFIDENCE = { exact: 1, normalized: 0.95, synonym: 0.85, weakSynonym: 0.6, partial: 0.4 };

export const columnSuggestionSchema = z.object({
  /** The file's column, as written in its header. */
  fileColumn: z.string(),
  /** The expected column it most likely fills, or null when none fits. */
  expectedColumn: z.string().nullable(),
  /** 0 to 1 (SUGGESTION_CONFIDENCE); 0 without a suggestion. */
  confidence: z.number(),
});
export type ColumnSuggestion = z.infer<typeof columnSuggestionSchema>;

/** What the upload page needs to offer a mapping when a file's header does not match: its columns and suggestions. */
export const headerMismatchSchema = z.object({
  header: z.array(z.string()),
  suggestions: z.array(columnSuggestionSchema),
});
export type HeaderMismatch = z.infer<typeof headerMismatchSchema>;

function confidenceOf(fileColumn: string, expected: string): number {
  const file = fileColumn.trim();
  if (file === expected) return SUGGESTION_CONFIDENCE.exact;
  const name = normalizeColumnName(file);
  if (name === '') return 0;
  if (name === normalizeColumnName(expected)) return SUGGESTION_CONFIDENCE.normalized;
  const synonyms = SYNONYMS[expected] ?? SYNONYMS[expected.toLowerCase()] ?? {};
  if (synonyms.strong?.some((synonym) => normalizeColumnName(synonym) === name)) return SUGGESTION_CONFIDENCE.synonym;
  if (synonyms.weak?.some((synonym) => normalizeColumnName(synonym) === name)) return SUGGESTION_CONFIDENCE.weakSynonym;
  // "Debit (EUR)", "Posting Date (local)": the column's name inside a longer header.
  const own = normalizeColumnName(expected);
  if (own.length >= 4 && name.includes(own)) return SUGGESTION_CONFIDENCE.partial;
  return 0;
}

/**
 * A suggestion for every file column, in the file's order. The surest pairs are taken first and no two
 * file columns are ever suggested for one expected column; at equal confidence the earlier file column wins.
 */
export function suggestColumnMapping(
  header: readonly string[],
  columns: readonly Pick<ExpectedColumn, 'name'>[],
): ColumnSuggestion[] {
  const pairs = header.flatMap((fileColumn, file) =>
    columns.map((column, expected) => ({ file, expected, confidence: confidenceOf(fileColumn, column.name) })),
  );
  pairs.sort((a, b) => b.confidence - a.confidence || a.file - b.file || a.expected - b.expected);
  const chosen = new Map<number, { expected: number; confidence: number }>();
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (pair.confidence === 0) break;
    if (chosen.has(pair.file) || taken.has(pair.expected)) continue;
    chosen.set(pair.file, pair);
    taken.add(pair.expected);
  }
  return header.map((fileColumn, file) => {
    const pick = chosen.get(file);
    return pick
      ? { fileColumn, expectedColumn: columns[pick.expected]!.name, confidence: pick.confidence }
      : { fileColumn, expectedColumn: null, confidence: 0 };
  });
}

/** The suggestions as a mapping, ready to confirm: unmatched file columns are skipped (null). */
export const mappingOfSuggestions = (suggestions: readonly ColumnSuggestion[]): ColumnMapping =>
  Object.fromEntries(suggestions.map((suggestion) => [suggestion.fileColumn, suggestion.expectedColumn]));

const MAX_MAPPED_COLUMNS = 500;

/** The shape of a mapping: file column → expected column, or null to skip the column. */
export const columnMappingSchema = z
  .record(text({ error: uploadMessages.mappingInvalid }), text({ error: uploadMessages.mappingInvalid }).nullable(), {
    error: uploadMessages.mappingInvalid,
  })
  .refine((mapping) => Object.keys(mapping).length <= MAX_MAPPED_COLUMNS, uploadMessages.mappingTooLarge);

/** The upload's multipart `columnMapping` field: the mapping as JSON text. */
export const columnMappingFieldSchema = z
  .string({ error: uploadMessages.mappingInvalid })
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: uploadMessages.mappingInvalid });
      return z.NEVER;
    }
  })
  .pipe(columnMappingSchema);

/** Which expected column each file column fills (its index), or null when the column is skipped. */
export interface HeaderMatch {
  targets: (number | null)[];
  /** Required expected columns no file column fills. */
  missing: string[];
  /** File columns that are neither expected nor mapped nor skipped. */
  unknown: string[];
  /** Expected columns more than one file column fills. */
  duplicate: string[];
}

/**
 * The file's header against the data type's expected columns. A column the mapping names goes where the
 * mapping says; any other is taken as the expected column whose name it is, written in any case or
 * spacing ('Account Code' is account_code). A blank header cell is reported as "(column N)".
 */
export function matchHeader(
  header: readonly string[],
  columns: readonly ExpectedColumn[],
  mapping?: ColumnMapping,
): HeaderMatch {
  const byName = new Map(columns.map((column, index) => [normalizeColumnName(column.name), index]));
  const unknown: string[] = [];
  const filled = new Map<number, number>();
  const targets = header.map((cell, position) => {
    const name = cell.trim();
    const mapped = mapping && Object.hasOwn(mapping, name) ? mapping[name] : undefined;
    if (mapped === null) return null;
    const target = byName.get(normalizeColumnName(mapped ?? name));
    if (target === undefined) {
      unknown.push(name === '' ? `(column ${position + 1})` : name);
      return null;
    }
    filled.set(target, (filled.get(target) ?? 0) + 1);
    return target;
  });
  return {
    targets,
    missing: columns.filter((column, index) => column.required && !filled.has(index)).map((column) => column.name),
    unknown,
    duplicate: [...filled].filter(([, count]) => count > 1).map(([index]) => columns[index]!.name),
  };
}

/**
 * A mapping checked against the data type and the file's header: every source is a column of the file,
 * every target an expected column, no target twice, and every required column filled (by the mapping or
 * by a file column already named so).
 */
export function columnMappingFor(
  dataType: { name: string; columns: readonly ExpectedColumn[] },
  header: readonly string[],
) {
  const fileColumns = new Set(header.map((cell) => cell.trim()));
  const expected = new Set(dataType.columns.map((column) => normalizeColumnName(column.name)));
  return columnMappingSchema.superRefine((mapping, ctx) => {
    for (const [source, target] of Object.entries(mapping)) {
      if (!fileColumns.has(source.trim()))
        ctx.addIssue({ code: 'custom', message: uploadMessages.mappingSourceNotInFile(source), path: [source] });
      else if (target !== null && !expected.has(normalizeColumnName(target)))
        ctx.addIssue({
          code: 'custom',
          message: uploadMessages.mappingTargetUnknown(target, dataType.name),
          path: [source],
        });
    }
    if (ctx.issues?.length) return;
    const match = matchHeader(header, dataType.columns, mapping);
    for (const column of match.duplicate)
      ctx.addIssue({ code: 'custom', message: uploadMessages.mappingTargetTwice(column), path: [] });
    if (match.missing.length > 0)
      ctx.addIssue({ code: 'custom', message: uploadMessages.mappingRequiredMissing(match.missing), path: [] });
  });
}

/** A layout confirmed at upload, kept on the data type (data_types.column_mappings), newest first. */
export const savedColumnLayoutSchema = z.object({
  header: z.array(z.string()),
  mapping: z.record(z.string(), z.string().nullable()),
});
export type SavedColumnLayout = z.infer<typeof savedColumnLayoutSchema>;
export const MAX_SAVED_LAYOUTS = 20;

const headerKey = (header: readonly string[]) => JSON.stringify(header.map((cell) => cell.trim().toLowerCase()));

/**
 * The saved mapping for a file whose header is a saved one (trimmed, in any letter case, same order),
 * keyed by this file's own spelling of its columns; undefined when the layout is new.
 */
export function savedMappingFor(
  dataType: { columnMappings: readonly SavedColumnLayout[] },
  header: readonly string[],
): ColumnMapping | undefined {
  const key = headerKey(header);
  const layout = dataType.columnMappings.find((saved) => headerKey(saved.header) === key);
  if (!layout) return undefined;
  const mapping: ColumnMapping = {};
  layout.header.forEach((savedColumn, position) => {
    const target = layout.mapping[savedColumn.trim()];
    if (target !== undefined) mapping[header[position]!.trim()] = target;
  });
  return mapping;
}

/** The layouts with this one first (replacing an older save of the same header), at most MAX_SAVED_LAYOUTS. */
export function withSavedLayout(
  layouts: readonly SavedColumnLayout[],
  header: readonly string[],
  mapping: ColumnMapping,
): SavedColumnLayout[] {
  const key = headerKey(header);
  const layout = { header: header.map((cell) => cell.trim()), mapping };
  return [layout, ...layouts.filter((saved) => headerKey(saved.header) !== key)].slice(0, MAX_SAVED_LAYOUTS);
}
