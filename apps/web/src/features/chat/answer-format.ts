import Papa from 'papaparse';
import type { ChatAnswer, ChatColumn } from '@finboard/shared/chat';
import { SPREADSHEET_FORMULA_START } from '@finboard/shared/spreadsheet-formula';

type Row = ChatAnswer['result'][number];

/** A figure as the answer shows it: money with two decimals and separators, percents with %, counts whole. */
export function formatCell(value: Row[string] | undefined, column: ChatColumn): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (column.unit === 'percent')
    return `${value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
  if (column.unit === 'currency')
    return value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return value.toLocaleString();
}

/** The result as CSV: the columns' labels, then raw figures a spreadsheet reads as numbers. */
export function answerCsv(answer: Pick<ChatAnswer, 'columns' | 'result'>): string {
  const fields = answer.columns.map((column) => column.label);
  const data = answer.result.map((row) => answer.columns.map((column) => row[column.name] ?? ''));
  return `${Papa.unparse({ fields, data }, { newline: '\r\n', escapeFormulae: SPREADSHEET_FORMULA_START })}\r\n`;
}

/** The result as tab-separated text, for pasting into a spreadsheet. */
export const answerTsv = (answer: Pick<ChatAnswer, 'columns' | 'result'>) =>
  [
    answer.columns.map((column) => column.label).join('\t'),
    ...answer.result.map((row) => answer.columns.map((column) => String(row[column.name] ?? '')).join('\t')),
  ].join('\n');
