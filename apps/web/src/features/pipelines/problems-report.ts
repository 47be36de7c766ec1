import Papa from 'papaparse';
import { SPREADSHEET_FORMULA_START } from '@finboard/shared/spreadsheet-formula';
import type { PipelineProblem } from '@finboard/shared/pipelines';

/**
 * A failed run's problems as a CSV (file, line, column, value, problem), written as an upload's report
 * is: RFC 4180 with CRLF, and cells a spreadsheet would run as formulas escaped — the values come from
 * the uploaded files, so a formula in them must not run when the report is opened.
 */
export function runProblemsCsv(problems: readonly PipelineProblem[]): string {
  const records = [
    ['file', 'line', 'column', 'value', 'problem'],
    ...problems.map(({ file, line, column, value, problem }) => [
      file ?? '',
      line === undefined ? '' : String(line),
      column ?? '',
      value ?? '',
      problem,
    ]),
  ];
  return `${Papa.unparse(records, { newline: '\r\n', quotes: false, escapeFormulae: SPREADSHEET_FORMULA_START })}\r\n`;
}

/** `GL Detail` run 5f0c… → `gl-detail-run-5f0c1a2b-problems.csv`. */
export const runProblemsFileName = (pipelineName: string, runId: string) =>
  `${
    pipelineName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'pipeline'
  }-run-${runId.slice(0, 8)}-problems.csv`;
