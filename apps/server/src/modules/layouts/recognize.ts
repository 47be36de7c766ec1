import Papa from 'papaparse';
import type { Layout, LayoutDateFormat, LayoutFamily, LayoutKind, LayoutRole } from '@finboard/shared/layouts';
import { jsonChartRecords } from './json-chart.ts';
import { assignRoles, headerScore } from './role-names.ts';
import { isSkippedLabel, REPORT_SKIP_PREFIXES } from './skipped-labels.ts';
import { detectDateFormat, readDate } from './readers/dates.ts';
import { detectDelimiter } from './readers/delimiter.ts';
import { detectNumberFormat } from './readers/numbers.ts';
import { decodeText, type TextEncoding } from './readers/text-encoding.ts';

/**
 * Recognizers (issue 23 §1): from a file's first records, the layout of the common families of export —
 * report-style general ledgers (QuickBooks Online and Desktop, Xero's account transactions), journal-line
 * exports (Xero, Sage, NetSuite, Odoo, ERPNext), transaction exports with split rows (GnuCash), charts of
 * accounts and trial balances. Everything is decided by the file's own header and values, so a saved
 * layout applies to any file of the same shape.
 */

export interface Recognition {
  layout: Layout;
  /** The header found, as written (trimmed). */
  header: string[];
  /** 0–1: how much of what the family needs was found, and how surely. */
  confidence: number;
  /** Day-first and month-first both fit every date: the user chooses (the layout holds the first). */
  ambiguousDates: LayoutDateFormat[] | null;
}

/** How many records the recognizers look at for the header and the values' formats. */
const SAMPLE_RECORDS = 2_000;
const HEADER_SEARCH = 30;

/** Parses decoded text into records (blank lines kept, so record numbers are the file's lines). */
export function parseRecords(text: string, delimiter: Layout['delimiter']): string[][] {
  return (
    jsonChartRecords(text) ?? Papa.parse<string[]>(text, { delimiter, quoteChar: '"', skipEmptyLines: false }).data
  );
}

/** Decodes a file's bytes and parses its records under a layout's encoding and delimiter. */
export function recordsOf(bytes: Uint8Array, layout: Pick<Layout, 'encoding' | 'delimiter'>): string[][] {
  return parseRecords(decodeText(bytes, layout.encoding as TextEncoding).text, layout.delimiter);
}

export function recognizeLayout(bytes: Uint8Array, kind: LayoutKind): Recognition {
  const { text, encoding } = decodeText(bytes);
  const delimiter = detectDelimiter(text.slice(0, 64_000));
  const records = parseRecords(text, delimiter).slice(0, SAMPLE_RECORDS);

  // The header: the record among the first ones that names the most roles (title lines name none).
  let headerLine = 0;
  let best = 0;
  for (const [index, record] of records.slice(0, HEADER_SEARCH).entries()) {
    const score = headerScore(kind, record);
    if (score > best + 0.01) {
      best = score;
      headerLine = index;
    }
  }
  const header = (records[headerLine] ?? []).map((cell) => cell.trim());
  const data = records.slice(headerLine + 1).filter((record) => record.some((cell) => cell.trim() !== ''));
  const filled = (column: number) => data.filter((record) => (record[column] ?? '').trim()).length;
  const empty = new Set(header.flatMap((_, column) => (filled(column) > 0 ? [] : [column])));
  const columns = assignRoles(kind, header, empty);
  // GnuCash's translated exports name Amount and Value alike; the later one is the Value, in the
  // transaction's currency, the one its splits balance in.
  if (columns.amount !== undefined) {
    const same = header.lastIndexOf(header[columns.amount]!);
    if (same > columns.amount && !empty.has(same)) columns.amount = same;
  }
  // A chart whose codes are mostly missing but which writes each account's full path (GnuCash) is read by path.
  const fullPath = header.findIndex((cell) => /^full account name$/i.test(cell));
  if (
    kind === 'accounts' &&
    fullPath >= 0 &&
    (columns.account === undefined || filled(columns.account) < data.length / 2)
  )
    columns.account = fullPath;
  // A file without codes names its accounts by name (QuickBooks IIF charts, Wave's and QuickBooks' transaction
  // exports): the name is the account.
  if (columns.account === undefined && columns.account_name !== undefined) {
    columns.account = columns.account_name;
    delete columns.account_name;
  }
  // One column of account types is the type, whatever it is called.
  if (columns.account_type === undefined && columns.account_detail_type !== undefined) {
    columns.account_type = columns.account_detail_type;
    delete columns.account_detail_type;
  }
  // The rows that are lines (an amount, not a total or balance) say what the values look like; the others
  // of a report are its section headers.
  const moneyColumns = (['debit', 'credit', 'amount', 'closing_balance'] as const).flatMap((role) =>
    columns[role] === undefined ? [] : [columns[role]!],
  );
  const firstCell = (record: readonly string[]) => record.find((cell) => cell.trim() !== '')?.trim() ?? '';
  const skipped = (record: readonly string[]) =>
    kind !== 'accounts' && isSkippedLabel(firstCell(record), REPORT_SKIP_PREFIXES);
  const lines =
    moneyColumns.length === 0
      ? data
      : data.filter((record) => !skipped(record) && moneyColumns.some((column) => (record[column] ?? '').trim()));
  // An unnamed first column that names each line beside its amounts is the account (QuickBooks' Trial Balance
  // report); in a report whose lines leave it empty (its General Ledger) it only names the sections.
  if (
    kind !== 'accounts' &&
    columns.account === undefined &&
    columns.account_name === undefined &&
    header[0] === '' &&
    lines.length > 0 &&
    lines.filter((record) => (record[0] ?? '').trim() !== '').length >= lines.length * 0.8
  )
    columns.account = 0;
  const valuesOf = (role: LayoutRole) =>
    columns[role] === undefined ? [] : lines.map((record) => (record[columns[role]!] ?? '').trim()).filter(Boolean);

  // The amounts' side: debit and credit columns, an amount with an indicator, or one signed amount.
  const amount: Layout['amount'] =
    columns.debit !== undefined || columns.credit !== undefined
      ? { kind: 'debit-credit' }
      : columns.indicator !== undefined
        ? indicatorOf(valuesOf('indicator'))
        : { kind: 'signed', positiveIs: 'debit' };
  if (amount.kind === 'debit-credit') delete columns.amount;

  const moneyValues = (['debit', 'credit', 'amount', 'closing_balance'] as const).flatMap(valuesOf);
  const { decimal } = detectNumberFormat(moneyValues);
  // Dates written on a transaction's own row, above its lines (GnuCash), are read there.
  const lineDates = valuesOf('posting_date');
  const dates = detectDateFormat(
    lineDates.length > 0 || columns.posting_date === undefined
      ? lineDates
      : data.filter((record) => !skipped(record)).map((record) => (record[columns.posting_date!] ?? '').trim()),
    // A slip in a ledger's date column is a problem to show at its line, not a reason to lose the column.
    { mostly: true },
  );
  // When the dates do not say, a decimal point suggests month first (US exports), a decimal comma day first;
  // the page still asks.
  const ambiguousDates =
    'ambiguous' in dates
      ? dates.ambiguous.toSorted(
          (a, b) => Number(monthFirst(b) === (decimal === '.')) - Number(monthFirst(a) === (decimal === '.')),
        )
      : null;
  const dateFormat = 'format' in dates ? dates.format : (ambiguousDates?.[0] ?? null);

  // Report sections: rows with no amount whose first cell is no date (it names the account below).
  const sectionRows = data.filter(
    (record) =>
      !skipped(record) &&
      moneyColumns.every((column) => !(record[column] ?? '').trim()) &&
      (dateFormat === null || readDate(firstCell(record), dateFormat) === null),
  );
  const family = familyOf(kind, header, columns, sectionRows.length, valuesOf('account'));
  const accountCells = family === 'gl-report' ? sectionRows.map(firstCell) : valuesOf('account');
  const read = accountFormatOf(family, accountCells, header[columns.account ?? -1] ?? '');
  // With the name in a column of its own, the account column is the code as written ('355 01' is one code).
  const account: Layout['account'] =
    read.format !== 'path' && columns.account_name !== undefined && columns.account !== undefined
      ? { format: 'code', separator: null }
      : read;
  const sectionAccounts = family === 'gl-report';
  // GnuCash writes a transaction's date, number and description on its first row only.
  const fillDown = fillDownOf(columns, data, lines, family);
  const journalKey: LayoutRole[] =
    columns.journal_id !== undefined
      ? ['journal_id']
      : (['posting_date', 'transaction_type', 'reference', 'counterparty'] as const).filter(
          (role) => columns[role] !== undefined,
        );
  const layout: Layout = {
    family,
    recognizedAs: recognizedAsOf(family, header, columns),
    encoding,
    delimiter,
    headerLine,
    columns,
    skipPrefixes: kind === 'accounts' ? [] : REPORT_SKIP_PREFIXES,
    sectionAccounts,
    fillDown,
    amount,
    account,
    journalKey,
    splitMarker: columns.split === undefined ? null : '-SPLIT-',
    dateFormat,
    decimal,
    accountTypes: {},
  };
  return {
    layout,
    header,
    confidence: confidenceOf(kind, columns, sectionAccounts, dates),
    ambiguousDates,
  };
}

const monthFirst = (format: LayoutDateFormat) => format.startsWith('MM') || format.startsWith('MMM');

function indicatorOf(values: readonly string[]): Layout['amount'] {
  const seen = new Set(values.map((value) => value.toLowerCase()));
  const pick = (words: string[]) => words.filter((word) => seen.has(word.toLowerCase()));
  const debitValues = pick(['D', 'Dr', 'Debit', 'DB', '+']);
  const creditValues = pick(['C', 'Cr', 'Credit', 'CR', '-']);
  return {
    kind: 'indicator',
    debitValues: debitValues.length > 0 ? debitValues : ['D', 'Dr', 'Debit'],
    creditValues: creditValues.length > 0 ? creditValues : ['C', 'Cr', 'Credit'],
  };
}

function familyOf(
  kind: LayoutKind,
  header: readonly string[],
  columns: Partial<Record<LayoutRole, number>>,
  sections: number,
  accountValues: readonly string[],
): LayoutFamily {
  if (kind === 'accounts') return 'chart-of-accounts';
  if (kind === 'trial-balance') return 'trial-balance';
  // Balances per account with no dates: a trial balance, posted to the ledger as opening balances.
  if (columns.posting_date === undefined && columns.account !== undefined) return 'trial-balance';
  // A report names the account of its rows in section rows.
  if (columns.account === undefined && sections > 0) return 'gl-report';
  // GnuCash names every account by its full path; other ledgers write a path for sub-accounts only.
  const paths = accountValues.filter((value) => /^[^:]+:[^:]/.test(value)).length;
  if (paths > 0 && paths >= accountValues.length * 0.9) return 'split-transactions';
  if (header.some((cell) => /^full account name$/i.test(cell))) return 'split-transactions';
  return 'journal-lines';
}

function accountFormatOf(family: LayoutFamily, values: readonly string[], headerCell: string): Layout['account'] {
  const paths = values.filter((value) => /^[^:]+:[^:]/.test(value)).length;
  if (
    family === 'split-transactions' ||
    /^full (account )?name$/i.test(headerCell) ||
    (paths > 0 && paths >= values.length / 4)
  )
    return { format: 'path', separator: ':' };
  if (values.some((value) => value.includes(' · '))) return { format: 'code-name', separator: ' · ' };
  return { format: 'code-name', separator: null };
}

function fillDownOf(
  columns: Partial<Record<LayoutRole, number>>,
  data: readonly (readonly string[])[],
  lines: readonly (readonly string[])[],
  family: LayoutFamily,
): LayoutRole[] {
  if (family === 'gl-report' || family === 'chart-of-accounts' || family === 'trial-balance') return [];
  // The anchor first: the journal's number when the file has one, else the date.
  const candidates: LayoutRole[] = [
    'journal_id',
    'posting_date',
    'reference',
    'transaction_type',
    'description',
    'counterparty',
    'currency',
  ];
  const anchor = columns.journal_id !== undefined ? 'journal_id' : 'posting_date';
  // Sage's ledger writes an account on its first line only: it holds until the next one.
  const sticky = (['account', 'account_name'] as const).filter(
    (role) => columns[role] !== undefined && lines.some((record) => !(record[columns[role]!] ?? '').trim()),
  );
  if (columns[anchor] === undefined) return sticky;
  const anchorColumn = columns[anchor]!;
  const emptyAnchor = data.some((record) => !(record[anchorColumn] ?? '').trim());
  if (!emptyAnchor) return sticky.length > 0 ? [anchor, ...sticky] : [];
  return [anchor, ...candidates.filter((role) => role !== anchor && columns[role] !== undefined), ...sticky];
}

function recognizedAsOf(
  family: LayoutFamily,
  header: readonly string[],
  columns: Partial<Record<LayoutRole, number>>,
): string {
  const has = (name: string) => header.some((cell) => cell.toLowerCase() === name.toLowerCase());
  switch (family) {
    case 'gl-report':
      if (columns.split !== undefined)
        return columns.debit !== undefined
          ? 'QuickBooks Desktop General Ledger report'
          : 'QuickBooks Online General Ledger report';
      if (has('Source') || has('Running Balance')) return 'Xero Account Transactions report';
      return 'General ledger report';
    case 'split-transactions':
      return has('Transaction ID') ? 'GnuCash transaction export' : 'Transactions with split rows';
    case 'journal-lines':
      if (has('Other Accounts for this Transaction')) return 'Wave accounting transactions export';
      if (has('Voucher No') || has('Voucher Type')) return 'ERPNext General Ledger';
      // QuickBooks names the other account "Split"; ERPNext's "Against Account" is a split too.
      if (columns.split !== undefined && header.some((cell) => /^split$/i.test(cell)))
        return 'QuickBooks transaction detail report';
      if (has('Original Amount') && has('Paid Amount')) return 'QuickBooks Desktop Check Detail report';
      return 'Journal lines';
    case 'chart-of-accounts':
      return 'Chart of accounts';
    case 'trial-balance':
      return 'Trial balance';
    default:
      return 'Table';
  }
}

function confidenceOf(
  kind: LayoutKind,
  columns: Partial<Record<LayoutRole, number>>,
  sectionAccounts: boolean,
  dates: ReturnType<typeof detectDateFormat>,
): number {
  const has = (role: LayoutRole) => columns[role] !== undefined;
  const checks =
    kind === 'gl'
      ? [
          has('posting_date'),
          has('account') || sectionAccounts,
          has('debit') || has('credit') || has('amount'),
          'format' in dates,
          has('journal_id') || has('reference') || has('transaction_type') || has('split'),
        ]
      : kind === 'accounts'
        ? [has('account'), has('account_name') || has('account'), has('account_type')]
        : [has('account'), has('debit') || has('closing_balance'), has('credit') || has('closing_balance')];
  return Math.round((checks.filter(Boolean).length / checks.length) * 100) / 100;
}
