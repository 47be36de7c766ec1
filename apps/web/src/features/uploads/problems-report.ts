import Papa from 'papaparse';
import { SPREADSHEET_FORMULA_START } from '@finboard/shared/spreadsheet-formula';
import type { CsvProblem } from '@finboard/shared/uploads';

/**
 * A refused file's problems as a CSV for people and spreadsheets (line, column, value, problem, and the layout
 * rule for a file read with a layout): RFC 4180 with CRLF, and cells a spreadsheet would run as formulas
 * escaped, as the server's exports are. The values come from the user's own file, so a formula in it must
 * not run when the report is opened.
 */
export function problemsReportCsv(problems: readonly CsvProblem[]): string {
  const withRules = problems.some((problem) => problem.rule);
  const records = [
    ['line', 'column', 'value', 'problem', ...(withRules ? ['rule'] : [])],
    ...problems.map(({ line, column, value, problem, rule }) => [
      String(line),
      column ?? '',
      value ?? '',
      problem,
      ...(withRules ? [rule ?? ''] : []),
    ]),
  ];
  return `${Papa.unparse(records, { newline: '\r\n', quotes: false, escapeFormulae: SPREADSHEET_FORMULA_START })}\r\n`;
}

/** `gl-2026-11.csv` → `gl-2026-11-problems.csv`. */
export const problemsReportName = (fileName: string) => `${fileName.replace(/\.csv$/i, '')}-problems.csv`;
