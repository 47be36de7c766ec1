import Papa from 'papaparse';
import { FLAT_FILE_MAX_COLUMNS, flatFileMessages, type FlatFileColumnType } from '@finboard/shared/flat-file';
import { MAX_CSV_RECORD_CHARACTERS, uploadMessages } from '@finboard/shared/uploads';
import { isCalendarDate } from '@finboard/shared/validation';
import { badRequest } from '../../errors.ts';
import {
  anyRowFits,
  INLINE_VARLENA_BYTES,
  numericDataBytes,
  TOAST_POINTER_BYTES,
  varlenaBytes,
} from '../../warehouse/row-width.ts';
import type { NewTable } from '../../warehouse/warehouse.service.ts';
import { DATE_FORMATS, readDateTime, type DateFormat } from '../layouts/readers/dates.ts';
import { readNumber, type NumberFormat } from '../layouts/readers/numbers.ts';

/**
 * The CSV of Import Flat File (issue 10 §1): any header, any delimiter among , ; tab |, read chunk by
 * chunk. Nothing is known about the file beforehand, so its columns are named from its header and typed
 * from all of its values (docs/user-guide.md, "Import Flat File", states the rules).
 */

export const FLAT_FILE_DELIMITERS = [',', ';', '\t', '|'] as const;
export type FlatFileDelimiter = (typeof FLAT_FILE_DELIMITERS)[number];

/** PostgreSQL keeps 63 bytes of a name; ours are ASCII, so 63 characters. */
const MAX_NAME_LENGTH = 63;
/** The key every imported table gets: a file column of that name is renamed like a duplicate. */
const ROW_ID = 'row_id';

const formatError = (message: string) => badRequest('INVALID_FILE_FORMAT', message);

/**
 * The header's delimiter: of , ; tab |, the one that occurs most often outside quotes in the first
 * record; ties go to the earlier in that list, and a header with none of them is one column (',').
 */
export function sniffDelimiter(headerLine: string): FlatFileDelimiter {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: FlatFileDelimiter = ',';
  let bestCount = 0;
  for (const delimiter of FLAT_FILE_DELIMITERS) {
    const count = counts.get(delimiter) ?? 0;
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

/** The file's line break: the first one in it. */
function lineBreakOf(text: string): '\r\n' | '\n' | '\r' | undefined {
  const lf = text.indexOf('\n');
  if (lf > 0 && text[lf - 1] === '\r') return '\r\n';
  const cr = text.indexOf('\r');
  if (cr !== -1 && (lf === -1 || cr < lf)) return cr === text.length - 1 ? undefined : '\r';
  return lf === -1 ? undefined : '\n';
}

/** A record of the file and the physical line it starts on (the header is line 1). */
export interface CsvRecord {
  cells: string[];
  line: number;
}

/**
 * Splits a plain CSV file, fed chunk by chunk, into records. Refuses binary data (a NUL byte), text
 * that is not UTF-8 and broken quoting, each with its own message. Blank records are skipped. Holds at
 * most one unfinished record (MAX_CSV_RECORD_CHARACTERS) besides the chunk.
 */
export class CsvRecordSplitter {
  // fatal: invalid UTF-8 throws instead of becoming U+FFFD; a leading BOM is dropped.
  readonly #decoder = new TextDecoder('utf-8', { fatal: true });
  #pending = '';
  #lineBreak: ReturnType<typeof lineBreakOf>;
  #line = 1;
  #delimiter: FlatFileDelimiter | undefined;

  /** `delimiter`: the one found when the file was first read; sniffed from the header otherwise. */
  constructor(delimiter?: FlatFileDelimiter) {
    this.#delimiter = delimiter;
  }

  get delimiter(): FlatFileDelimiter | undefined {
    return this.#delimiter;
  }

  push(chunk: Uint8Array): CsvRecord[] {
    if (chunk.indexOf(0) !== -1) throw formatError(uploadMessages.binaryFile);
    return this.#parse(
      this.#decode(() => this.#decoder.decode(chunk, { stream: true })),
      false,
    );
  }

  end(): CsvRecord[] {
    return this.#parse(
      this.#decode(() => this.#decoder.decode()),
      true,
    );
  }

  #decode(decode: () => string): string {
    try {
      return decode();
    } catch {
      throw formatError(uploadMessages.notUtf8);
    }
  }

  #parse(text: string, final: boolean): CsvRecord[] {
    const input = this.#pending + text;
    this.#pending = '';
    this.#lineBreak ??= lineBreakOf(input);
    if (this.#lineBreak === undefined && !final) {
      this.#pending = input;
      if (input.length > MAX_CSV_RECORD_CHARACTERS) throw formatError(uploadMessages.recordTooLong(this.#line));
      return [];
    }
    const newline = this.#lineBreak ?? '\n';
    this.#delimiter ??= sniffDelimiter(input.slice(0, this.#lineBreak ? input.indexOf(newline) : input.length));
    const result = new Papa.Parser({ delimiter: this.#delimiter, newline, quoteChar: '"' }).parse(
      input,
      0,
      !final,
    ) as Papa.ParseResult<string[]>;
    if (!final) this.#pending = input.slice(result.meta.cursor);
    const brokenRows = new Set(
      result.errors.filter((error) => error.row !== undefined && error.row < result.data.length).map((e) => e.row),
    );
    const lineChar = newline === '\r' ? '\r' : '\n';
    const mayHoldLineBreaks = input.includes('"');
    const records: CsvRecord[] = [];
    for (const [index, cells] of result.data.entries()) {
      const line = this.#line;
      this.#line += 1;
      if (mayHoldLineBreaks)
        for (const cell of cells) if (cell.includes(lineChar)) this.#line += cell.split(lineChar).length - 1;
      if (brokenRows.has(index)) throw formatError(flatFileMessages.badQuotes(line));
      // A blank line, or one of only spaces and delimiters (spreadsheets export empty rows so), is no record.
      if (cells.every((cell) => cell.trim() === '')) continue;
      records.push({ cells, line });
    }
    if (this.#pending.length > MAX_CSV_RECORD_CHARACTERS) throw formatError(uploadMessages.recordTooLong(this.#line));
    return records;
  }
}

/**
 * The table's column names from the file's header: lower case; accents dropped; every run of other
 * characters than a–z, 0–9 becomes one `_`, none at either end; an empty name is `column_<position>`;
 * a name starting with a digit gets `c_` before it; cut to 63 characters. A name already taken (by an
 * earlier column, or `row_id`, the table's key) gets `_2`, `_3`… (its stem cut so the whole fits).
 */
export function columnNamesOf(header: readonly string[]): string[] {
  if (header.length > FLAT_FILE_MAX_COLUMNS) throw formatError(flatFileMessages.tooManyColumns(header.length));
  const taken = new Set([ROW_ID]);
  return header.map((raw, index) => {
    let name = raw
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '');
    if (name === '') name = `column_${index + 1}`;
    if (/^[0-9]/.test(name)) name = `c_${name}`;
    name = name.slice(0, MAX_NAME_LENGTH);
    let unique = name;
    for (let suffix = 2; taken.has(unique); suffix++)
      unique = `${name.slice(0, MAX_NAME_LENGTH - String(suffix).length - 1).replace(/_+$/, '')}_${suffix}`;
    taken.add(unique);
    return unique;
  });
}

// Leading zeros ('007', account and postal codes) keep a column text: a number would drop them.
const INTEGER = /^[-+]?(0|[1-9][0-9]{0,17})$/;
const NUMERIC = /^[-+]?(0|[1-9][0-9]*)?(\.[0-9]+)?$/;
const ISO_DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const BOOLEANS: Record<string, 'true' | 'false'> = { true: 'true', false: 'false', yes: 'true', no: 'false' };

const POINT: NumberFormat = { decimal: '.' };
const COMMA: NumberFormat = { decimal: ',' };

/** A plain decimal ('-12.50', '.5'): PostgreSQL reads it as written. */
const isNumeric = (value: string) => NUMERIC.test(value) && /[0-9]/.test(value) && !/^[-+]?0[0-9]/.test(value);

/** How a column's cells become COPY values: its type, and the decimal mark or date format its values are in. */
export type ColumnReading =
  | { type: 'text' | 'integer' | 'boolean' }
  | { type: 'numeric'; decimal: NumberFormat['decimal'] }
  | { type: 'date'; format: DateFormat };

interface TableNumber {
  /** As COPY takes it. */
  number: string;
  currency?: string;
}

/**
 * A cell as a number with that decimal mark, in the text COPY takes, or undefined when it is none: plain
 * decimals as written, others as `readNumber` reads them ('$1,234.50', '(600.00)', '1.234,56 €') — but not
 * with a CR/DR marker (which sign it means is the file's convention, not the value's) nor a zero leading
 * its digits (a code). `currency`: the one the column's numbers carry so far; a second one is no number.
 */
function numberIn(value: string, format: NumberFormat, currency?: string): TableNumber | undefined {
  if (isNumeric(value) && (format === POINT || !value.includes('.'))) return { number: value };
  const number = readNumber(value, format);
  if (!number || number.side || number.leadingZero) return undefined;
  if (number.currency !== undefined && currency !== undefined && number.currency !== currency) return undefined;
  return number.currency === undefined
    ? { number: number.number }
    : { number: number.number, currency: number.currency };
}

const MIDNIGHT = /^00:00:00(\.0+)?$/;

/** A day in the format: a time after it only at midnight ('2024-01-31 00:00:00'), else the time would be lost. */
function dayIn(value: string, format: DateFormat): string | undefined {
  // The common case first, at half the cost: an ISO day as PostgreSQL reads it.
  if (format === 'YYYY-MM-DD' && ISO_DATE.test(value)) return isCalendarDate(value) ? value : undefined;
  const reading = readDateTime(value, format);
  if (!reading || (reading.time !== null && !MIDNIGHT.test(reading.time))) return undefined;
  return reading.date;
}

/** What a column may still be, given the values seen so far. */
interface Candidates {
  integer: boolean;
  /** Every value so far is a number with a decimal point (`1,234.50`), with a decimal comma (`1.234,50`). */
  pointNumbers: boolean;
  commaNumbers: boolean;
  /** The currency its numbers are written with, once one is seen. */
  currency: string | undefined;
  /** The date formats every value so far is a day in. */
  dateFormats: readonly DateFormat[];
  boolean: boolean;
  seen: boolean;
  /** The most bytes one of its values takes in a table row as text, and as numeric (row-width.ts). */
  textBytes: number;
  numericBytes: number;
}

/** UTF-8 bytes of a short string of the file (valid UTF-8: surrogates come in pairs), without leaving JavaScript. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes += unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 2 : 3;
  }
  return bytes;
}

/**
 * Widens what the column's values take in a row (Candidates) to one more non-blank cell of it. `numbers`:
 * the cell's readings as a number under each decimal mark the column may still have.
 */
function widen(column: Candidates, raw: string, value: string, ...numbers: (string | undefined)[]): void {
  if (column.textBytes < INLINE_VARLENA_BYTES) {
    // A text column is stored as written (copyValue), spaces included. UTF-8 takes 1 to 3 bytes per UTF-16
    // unit: a string this long is long in bytes too, and one this short cannot be wider than the widest.
    const length = raw.length;
    // A plain number is ASCII, and so is this cell without spaces around it.
    const ascii = length === value.length && (column.integer || isNumeric(value));
    if (length >= INLINE_VARLENA_BYTES) column.textBytes = Math.max(column.textBytes, TOAST_POINTER_BYTES);
    else if (1 + 3 * length > column.textBytes)
      column.textBytes = Math.max(column.textBytes, varlenaBytes(ascii ? length : utf8Length(raw)));
  }
  // Whole numbers stay integers unless a decimal follows: their bound (sign counted as a digit) is enough.
  if (column.numericBytes < INLINE_VARLENA_BYTES)
    for (const number of numbers)
      if (number !== undefined)
        column.numericBytes = Math.max(
          column.numericBytes,
          varlenaBytes(column.integer ? 2 + 2 * Math.ceil(value.length / 4) : numericDataBytes(number)),
        );
}

/**
 * Each column's type from ALL of its values (blanks ignored): integer when every value is a whole
 * number of at most 18 digits without leading zeros; numeric when every value is a number with one
 * decimal mark — plain ('-0.25'), or as exports write them, with thousands separators, a currency
 * symbol or code (one for the column), parentheses or a trailing minus for a negative ('$1,234.50',
 * '(600.00)', '1.234,56 €'); date when every value is a real date in one format of `DATE_FORMATS`
 * (`2024-01-31`, `31/01/2024`, `Jan 31, 2024`…, a midnight time after it allowed) and no other — a
 * column whose days are all 12 or less, read as well day-first as month-first, stays text; boolean
 * when every value is true/false/yes/no (any case); text otherwise, and for a column of blanks.
 * A column whose values all read with either decimal mark ('1,000', '2.500') has the file's: a comma
 * when other columns have numbers that read only with a comma ('12,50') and none only with a point.
 * For a file wide enough that it matters, it also keeps how wide the values of text and numeric columns are
 * in a row, which decides whether the table's rows fit in a page (row-width.ts).
 */
export class ColumnTypeInference {
  readonly #columns: Candidates[];
  readonly #measure: boolean;

  constructor(width: number) {
    this.#measure = !anyRowFits(width);
    this.#columns = Array.from({ length: width }, () => ({
      integer: true,
      pointNumbers: true,
      commaNumbers: true,
      currency: undefined,
      dateFormats: DATE_FORMATS,
      boolean: true,
      seen: false,
      textBytes: 0,
      numericBytes: 0,
    }));
  }

  observe(cells: readonly string[]): void {
    for (const [index, column] of this.#columns.entries()) {
      const raw = cells[index]!;
      const value = raw.trim();
      if (value === '') continue;
      column.seen = true;
      if (column.integer && !INTEGER.test(value)) column.integer = false;
      // A whole number reads alike with either decimal mark: only other values narrow them down.
      if (column.integer) {
        if (this.#measure) widen(column, raw, value, value);
      } else if (column.pointNumbers || column.commaNumbers) this.#observeNumber(column, raw, value);
      else if (this.#measure) widen(column, raw, value);
      // Every format must read the value: `every` first, as most values keep the formats they had.
      if (column.dateFormats.length > 0 && !column.dateFormats.every((format) => dayIn(value, format)))
        column.dateFormats = column.dateFormats.filter((format) => dayIn(value, format));
      if (column.boolean && !Object.hasOwn(BOOLEANS, value.toLowerCase())) column.boolean = false;
    }
  }

  /** Narrows the decimal marks the column may have to those the cell reads with, and its currency. */
  #observeNumber(column: Candidates, raw: string, value: string): void {
    const point = column.pointNumbers ? numberIn(value, POINT, column.currency) : undefined;
    const comma = column.commaNumbers ? numberIn(value, COMMA, column.currency) : undefined;
    column.pointNumbers = point !== undefined;
    column.commaNumbers = comma !== undefined;
    column.currency ??= point?.currency ?? comma?.currency;
    if (this.#measure) widen(column, raw, value, point?.number, comma?.number);
  }

  /**
   * For each column of types(): the most bytes one of its values takes in a row, if it is text or numeric
   * and the file is wide enough to have them measured (else undefined: any value fits).
   */
  varlenaBytes(): (number | undefined)[] {
    if (!this.#measure) return this.#columns.map(() => undefined);
    return this.types().map((type, index) => {
      const column = this.#columns[index]!;
      return type === 'text' ? column.textBytes : type === 'numeric' ? column.numericBytes : undefined;
    });
  }

  /** Each column's type, and for numbers and dates the decimal mark or format its values are read in. */
  readings(): ColumnReading[] {
    const fileDecimal = this.#fileDecimal();
    return this.#columns.map((column): ColumnReading => {
      if (!column.seen) return { type: 'text' };
      if (column.integer) return { type: 'integer' };
      if (column.pointNumbers && column.commaNumbers) return { type: 'numeric', decimal: fileDecimal };
      if (column.pointNumbers) return { type: 'numeric', decimal: '.' };
      if (column.commaNumbers) return { type: 'numeric', decimal: ',' };
      if (column.dateFormats.length === 1) return { type: 'date', format: column.dateFormats[0]! };
      if (column.boolean) return { type: 'boolean' };
      return { type: 'text' };
    });
  }

  /**
   * The decimal mark of the columns whose every value reads with either ('1,000', '2.500'): the file's —
   * a comma when other columns' numbers read only with a comma and none only with a point; else a point.
   */
  #fileDecimal(): NumberFormat['decimal'] {
    let commaOnly = false;
    for (const column of this.#columns) {
      if (!column.seen || column.integer || column.pointNumbers === column.commaNumbers) continue;
      if (column.pointNumbers) return '.';
      commaOnly = true;
    }
    return commaOnly ? ',' : '.';
  }

  types(): FlatFileColumnType[] {
    return this.readings().map((reading) => reading.type);
  }
}

/** The SQL type of each inferred type. */
export const SQL_TYPES: Record<FlatFileColumnType, NewTable['columns'][number]['sqlType']> = {
  text: 'text',
  integer: 'bigint',
  numeric: 'numeric',
  date: 'date',
  boolean: 'boolean',
};

/**
 * A cell as COPY takes it for its column's reading: blanks are NULL, typed values trimmed, booleans spelt
 * out, numbers as canonical decimals ('$1,234.50' → '1234.50'), dates as ISO days.
 */
export function copyValue(column: ColumnReading, raw: string): string | null {
  if (raw.trim() === '') return null;
  if (column.type === 'text') return raw;
  const value = raw.trim();
  switch (column.type) {
    case 'boolean':
      return BOOLEANS[value.toLowerCase()]!;
    case 'numeric':
      return copied(numberIn(value, column.decimal === '.' ? POINT : COMMA)?.number, value);
    case 'date':
      return copied(dayIn(value, column.format), value);
    default:
      return value;
  }
}

/** The second read sees the bytes the first one typed: a value its type does not read is a defect. */
function copied(reading: string | undefined, value: string): string {
  if (reading === undefined) throw new Error(`a value the first read typed no longer reads as its type: ${value}`);
  return reading;
}

/** The width check every data record passes: exactly as many values as the header. */
export function assertRecordWidth(record: CsvRecord, width: number): void {
  if (record.cells.length !== width)
    throw formatError(flatFileMessages.rowWidth(record.line, record.cells.length, width));
}
