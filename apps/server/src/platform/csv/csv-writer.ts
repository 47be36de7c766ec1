import Papa from 'papaparse';
import { SPREADSHEET_FORMULA_START } from '@finboard/shared/spreadsheet-formula';

/**
 * The one CSV writer of the server (papaparse), in the two dialects it needs. Each call returns whole
 * records, every one ended by its newline, so the text of consecutive batches can simply be concatenated.
 */

/** A cell as the writer takes it: text goes out as is, null is an empty field. */
export type CsvCell = string | number | bigint | boolean | null;
export type CsvRecord = readonly CsvCell[];

const unparse = (records: readonly CsvRecord[], newline: '\n' | '\r\n', config: Papa.UnparseConfig) =>
  records.length === 0
    ? ''
    : `${Papa.unparse(records as CsvCell[][], { ...config, newline, header: false })}${newline}`;

/**
 * Records for PostgreSQL's `COPY … (FORMAT csv)`: every value quoted, so an empty string stays an empty
 * string while null is the empty unquoted field COPY reads as NULL. Values go in verbatim: formula
 * escaping here would change the stored data.
 */
export const copyCsv = (records: readonly CsvRecord[]): string => unparse(records, '\n', { quotes: true });

/**
 * Records for people and spreadsheets: RFC 4180 (CRLF, quotes only where needed), and a leading
 * apostrophe (in quotes) on any cell a spreadsheet would run as a formula.
 */
export const spreadsheetCsv = (records: readonly CsvRecord[]): string =>
  unparse(records, '\r\n', { quotes: false, escapeFormulae: SPREADSHEET_FORMULA_START });

/**
 * Records read back by the server's own CSV readers (a real export laid out as the data type's table):
 * every value quoted and verbatim, in the delimiter the reader expects.
 */
export const verbatimCsv = (records: readonly CsvRecord[], delimiter: string): string =>
  unparse(records, '\n', { quotes: true, delimiter });
