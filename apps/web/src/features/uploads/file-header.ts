import Papa from 'papaparse';
import {
  matchHeader,
  savedMappingFor,
  suggestColumnMapping,
  type ColumnMapping,
  type ColumnSuggestion,
  type SavedColumnLayout,
} from '@finboard/shared/column-mapping';
import { columnsAsUploaded, type DataType, type Delimiter } from '@finboard/shared/data-types';

/** Far more than any real header (100 columns of 63 characters is ~6 KB); only this much is read. */
const HEADER_BYTES = 64 * 1024;

/**
 * The header of a CSV written with `delimiter`, cells trimmed; undefined when the text is not one the
 * page can judge (empty, or binary): the server refuses such a file with the precise reason.
 */
export function parseHeader(text: string, delimiter: Delimiter): string[] | undefined {
  if (text.includes('\0')) return undefined;
  const { data } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter, preview: 1 });
  const header = (data[0] ?? []).map((cell) => cell.trim());
  return header.some((cell) => cell !== '') ? header : undefined;
}

/** Reads only the start of the file: the whole file is never held just to see its columns. */
export async function readHeader(file: Blob, delimiter: Delimiter): Promise<string[] | undefined> {
  return parseHeader(await file.slice(0, HEADER_BYTES).text(), delimiter);
}

/** Send the file as it is (with a saved layout's mapping, if one applies), or ask the user to map its columns. */
export type HeaderCheck =
  | { kind: 'ready'; mapping?: ColumnMapping }
  | { kind: 'needsMapping'; header: string[]; suggestions: ColumnSuggestion[] };

/**
 * Whether a file with this header can go as it is: its columns are the expected ones, or a layout saved
 * on the data type (or confirmed earlier in this batch, `confirmed`) maps them.
 */
export function checkHeader(
  dataType: Pick<DataType, 'columns' | 'columnMappings' | 'targetTable'>,
  header: string[] | undefined,
  confirmed: readonly SavedColumnLayout[] = [],
): HeaderCheck {
  if (!header) return { kind: 'ready' };
  const saved = savedMappingFor({ columnMappings: [...confirmed, ...dataType.columnMappings] }, header);
  // GL files may leave out what the load derives (line numbers, periods).
  const columns = columnsAsUploaded(dataType);
  const { missing, unknown, duplicate } = matchHeader(header, columns, saved);
  if (missing.length === 0 && unknown.length === 0 && duplicate.length === 0) return { kind: 'ready', mapping: saved };
  return { kind: 'needsMapping', header, suggestions: suggestColumnMapping(header, columns) };
}
