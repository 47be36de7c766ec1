import type { AccountTypeChoice, Layout, LayoutKind } from '@finboard/shared/layouts';
import { layoutMessages, layoutRules } from '@finboard/shared/layouts';
import { verbatimCsv } from '../../platform/csv/csv-writer.ts';
import { applyLayout, type ChartAccount, type LayoutProblem, type TypeSuggester } from './apply-layout.ts';
import { recordsOf } from './recognize.ts';

/** An account a load creates because the file names it and the chart lacks it. */
export interface NewAccount extends AccountTypeChoice {
  code: string;
  name: string;
  parentCode: string | null;
}

export interface CanonicalFile {
  /** The file's header (the layout is kept under its fingerprint). */
  header: string[];
  /** The rows as a plain CSV in the data type's columns: the uploads' own checks read it as any file. */
  csv: string;
  /** The file's record of each CSV data row (problems found in the CSV are named at the file's lines). */
  sourceLines: number[];
  newAccounts: NewAccount[];
  problems: LayoutProblem[];
}

/**
 * A real export as the load reads it (issue 23 §2): laid out, its accounts the chart lacks given the types
 * the user confirmed (or the suggestion), and written as a plain CSV in the data type's columns. Problems
 * (the layout's, and a new account without a type) refuse the file before anything is stored or loaded.
 */
export function canonicalFile(
  bytes: Uint8Array,
  layout: Layout,
  options: {
    kind: LayoutKind;
    /** The data type's expected columns, in its order, and its delimiter. */
    columns: readonly string[];
    delimiter: string;
    chart: readonly ChartAccount[];
    currency: string;
    suggest: TypeSuggester;
    /** Accounts the chart lacks are created with the lines (else the run refuses them as today). */
    createAccounts: boolean;
    /** The period chosen at upload (a trial balance's; the date of opening balances posted from one). */
    period?: string;
  },
): CanonicalFile {
  const laidOut = applyLayout(
    recordsOf(bytes, layout),
    layout,
    { kind: options.kind, chart: options.chart, currency: options.currency, period: options.period },
    options.suggest,
  );
  const problems = [...laidOut.problems];
  const chartCodes = new Set(options.chart.map((account) => account.code));
  const newAccounts: NewAccount[] = [];
  if (options.createAccounts && options.kind !== 'accounts')
    for (const account of laidOut.accounts.values()) {
      if (chartCodes.has(account.code)) continue;
      const type = layout.accountTypes[account.code] ?? options.suggest(account);
      if (!type) {
        problems.push({
          line: account.line,
          column: null,
          value: account.code,
          problem: layoutMessages.newAccountNeedsType(account.code),
          rule: layoutRules.accountTypes,
        });
        continue;
      }
      newAccounts.push({
        code: account.code,
        name: account.name,
        parentCode: account.parentCode,
        type: type.type,
        subtype: type.subtype,
      });
    }
  if (options.kind === 'accounts')
    for (const row of laidOut.rows)
      if (!row.values.account_type)
        problems.push({
          line: row.line,
          column: null,
          value: row.values.account_code ?? null,
          problem: layoutMessages.newAccountNeedsType(row.values.account_code ?? ''),
          rule: layoutRules.accountTypes,
        });

  // A trial balance of closing balances: its opening and movements are left empty, for the load to derive
  // from the previous period's closing as the trial balance then stands (ledger/derived-balances.ts).

  // The data type's columns by their canonical names (any letter case); those the layout does not fill stay empty.
  const header = [...options.columns];
  const records = laidOut.rows.map((row) =>
    header.map((column) => row.values[column.toLowerCase()] ?? row.values[column] ?? ''),
  );
  return {
    header: laidOut.header,
    csv: verbatimCsv([header, ...records], options.delimiter),
    sourceLines: laidOut.rows.map((row) => row.line),
    newAccounts,
    problems,
  };
}
