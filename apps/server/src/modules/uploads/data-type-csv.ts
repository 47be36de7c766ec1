import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import {
  columnMappingFor,
  matchHeader,
  savedMappingFor,
  suggestColumnMapping,
  type ColumnMapping,
  type ColumnSuggestion,
  type HeaderMismatch,
  type SavedColumnLayout,
} from '@finboard/shared/column-mapping';
import { columnsAsUploaded, type DataType } from '@finboard/shared/data-types';
import {
  csvRefusalMessage,
  MAX_CSV_PROBLEMS,
  MAX_CSV_RECORD_CHARACTERS,
  uploadMessages,
  uploadPeriodSchema,
  type CsvProblem,
  type CsvRefusal,
} from '@finboard/shared/uploads';
import { isStorableText } from '@finboard/shared/validation';
import { AppError, badRequest, invalidInput } from '../../errors.ts';
import { cellReaderOf, isCellProblem, type CellReader } from './csv-values.ts';
import { centsOf, JournalBalances } from './journal-balances.ts';
import { MonthDigester, type MonthDigest } from './month-digest.ts';

/**
 * The streaming reader of a data type's CSV (issue 10 §1, "Checked before anything is accepted"). It
 * takes the plain file chunk by chunk, refuses what is not CSV text, checks the header (after mapping)
 * and every value against the data type, and yields the rows in the expected columns' order as
 * canonical text, in batches, for COPY. Memory stays flat: it holds one chunk, one unfinished record
 * (at most MAX_CSV_RECORD_CHARACTERS) and one batch.
 */

export type CsvDataType = Pick<DataType, 'name' | 'columns' | 'delimiter' | 'periodBased' | 'targetTable'> & {
  /** Layouts confirmed earlier (data_types.column_mappings): a file with one of their headers maps itself. */
  columnMappings?: readonly SavedColumnLayout[];
};

export interface DataTypeCsvOptions {
  dataType: CsvDataType;
  /** The period chosen at upload (YYYY-MM): a file's `period` values must be it. None: all periods in the file. */
  period?: string;
  /** File column → expected column (null skips it), as confirmed on the upload page. */
  columnMapping?: ColumnMapping;
  /** Rows per batch; 5,000 unless said. */
  batchSize?: number;
  /** Only check the file (the upload): no batch of rows is made, and none is yielded. */
  checkOnly?: boolean;
  /**
   * A GL file of one month that may be staged: its aggregates' digest is made as it is read (month-digest.ts),
   * its cash flow counted by `cashAccounts` when given.
   */
  digest?: { cashAccounts?: readonly string[] };
}

/** Rows in the expected columns' order (null: empty or not in the file), each with its physical line. */
export interface CsvRowBatch {
  rows: (string | null)[][];
  lines: number[];
}

export interface CsvReadSummary {
  /** Data rows (blank lines not counted). */
  rowsRead: number;
  /** Bytes of the plain file and their SHA-256 (hex). */
  bytes: number;
  sha256: string;
  /** The file's header, trimmed, as written. */
  header: string[];
  /** The mapping applied, and where it came from: the upload itself, or a layout saved on the data type. */
  columnMapping: ColumnMapping | null;
  mappingFrom: 'upload' | 'saved' | null;
  /**
   * When the file is already canonical CSV: the expected column each of its columns is, in the file's order.
   * Every column is one of the data type's by its own name (no mapping), no line is blank, and every value is
   * written as the check reads it, so PostgreSQL's COPY of the stored bytes as they are (`FORMAT csv, HEADER,
   * FORCE_NULL`) gives the same rows: a run need not parse the file again. Null for any other file.
   */
  copyColumns: string[] | null;
  /**
   * A GL file's journals each balance (true) or one does not (false), told while reading (journal-balances.ts);
   * null for another data type, or a file that gets no verdict.
   */
  journalsBalanced: boolean | null;
  /** With the `digest` option, a GL file's finest-grain balances (month-digest.ts); null when it gets none. */
  digest: MonthDigest | null;
}

/** A file refused for its values or rows: up to MAX_CSV_PROBLEMS problems, and how many there were in all. */
export class CsvRefusedError extends AppError {
  constructor(
    readonly problems: CsvProblem[],
    readonly problemCount: number,
    readonly rowsRead: number,
  ) {
    super(400, 'CSV_REFUSED', csvRefusalMessage(problems, problemCount));
    this.name = 'CsvRefusedError';
  }

  /** The page offers the problems as a downloadable report (line, column, value, problem). */
  override responseData(): CsvRefusal {
    return { problems: this.problems, problemCount: this.problemCount, rowsRead: this.rowsRead };
  }
}

/** The header does not match the expected columns: the page offers a mapping from these suggestions. */
export class CsvHeaderMismatchError extends AppError {
  constructor(
    message: string,
    readonly header: string[],
    readonly suggestions: ColumnSuggestion[],
  ) {
    super(400, 'CSV_HEADER_MISMATCH', message);
    this.name = 'CsvHeaderMismatchError';
  }

  override responseData(): HeaderMismatch {
    return this.mismatch;
  }

  /** The shared `headerMismatchSchema` shape, for the response. */
  get mismatch(): HeaderMismatch {
    return { header: this.header, suggestions: this.suggestions };
  }
}

const formatError = (message: string) => badRequest('INVALID_FILE_FORMAT', message);

/**
 * How many of `bytes` end on a whole UTF-8 character: a character cut off at their end (at most 3 bytes, from
 * its lead byte on) waits for the next chunk. Bytes that are no UTF-8 at all are left to the decoder to refuse.
 */
export function wholeUtf8Length(bytes: Uint8Array): number {
  const length = bytes.length;
  for (let back = 1; back <= Math.min(3, length); back++) {
    const byte = bytes[length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needs > back ? length - back : length;
  }
  return length;
}

/** The file's line break: the first one in it (a header does not hold quoted line breaks in practice). */
function lineBreakOf(text: string): '\r\n' | '\n' | '\r' | undefined {
  const lf = text.indexOf('\n');
  if (lf > 0 && text[lf - 1] === '\r') return '\r\n';
  const cr = text.indexOf('\r');
  if (cr !== -1 && (lf === -1 || cr < lf)) return cr === text.length - 1 ? undefined : '\r';
  return lf === -1 ? undefined : '\n';
}

/** How many times `char` occurs in the first `end` characters of `text`. */
function countOf(text: string, char: string, end: number): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1 && at < end; at = text.indexOf(char, at + 1)) count += 1;
  return count;
}

const PAPA_ERROR_PROBLEM: Record<string, string> = {
  MissingQuotes: uploadMessages.unclosedQuote,
  InvalidQuotes: uploadMessages.malformedQuote,
};

/** Reads the file once; `summary` is there when the batches are all read. */
export class DataTypeCsvReader implements AsyncIterable<CsvRowBatch> {
  #summary: CsvReadSummary | undefined;
  #started = false;
  #headerColumns: string[] | null | undefined;

  constructor(
    private readonly source: AsyncIterable<Uint8Array>,
    private readonly options: DataTypeCsvOptions,
  ) {}

  get summary(): CsvReadSummary {
    if (!this.#summary) throw new Error('The CSV has not been read to its end');
    return this.#summary;
  }

  /**
   * Once the header is read: the data type's column each of the file's columns is by its own name (no mapping),
   * in the file's order, or null when the file is mapped (so it cannot be copy-ready); undefined before.
   */
  get headerColumns(): string[] | null | undefined {
    return this.#headerColumns;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<CsvRowBatch> {
    if (this.#started) throw new Error('A CSV reader reads its file once');
    this.#started = true;
    // GL lines may leave out what the load derives (line numbers, periods).
    const dataType = { ...this.options.dataType, columns: columnsAsUploaded(this.options.dataType) };
    const columns = dataType.columns;
    const batchSize = this.options.batchSize ?? 5000;
    const periodIndex = columns.findIndex((column) => column.name.toLowerCase() === 'period');
    const chosenPeriod =
      dataType.periodBased && periodIndex !== -1 && this.options.period !== undefined
        ? checkedPeriod(this.options.period)
        : undefined;
    const readers: CellReader[] = columns.map((column, index) =>
      cellReaderOf(column, index === periodIndex ? chosenPeriod : undefined),
    );
    const emptyRow: null[] = columns.map(() => null);
    const checkOnly = this.options.checkOnly === true;
    // A check alone reads each row into the same array: a million rows' arrays were a fifth of its time in GC.
    const checked: (string | null)[] = emptyRow.slice();
    const indexOf = (name: string) => columns.findIndex((column) => column.name.toLowerCase() === name);
    const [journalIndex, debitIndex, creditIndex, accountIndex, entityIndex, departmentIndex] = [
      'journal_id',
      'debit',
      'credit',
      'account_code',
      'entity',
      'department',
    ].map(indexOf) as [number, number, number, number, number, number];
    const isGl = dataType.targetTable === '02_GL_Detail';
    const balances = isGl && journalIndex !== -1 ? new JournalBalances() : undefined;
    const digester =
      isGl && this.options.digest && accountIndex !== -1
        ? new MonthDigester(this.options.digest.cashAccounts)
        : undefined;

    const hash = createHash('sha256');
    // fatal: invalid UTF-8 throws instead of becoming U+FFFD. The file's leading BOM is dropped below (each
    // decode() would drop one at the start of its bytes, also a U+FEFF in a value a chunk happens to start with).
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    let bytes = 0;
    let pending = '';
    let lineBreak: ReturnType<typeof lineBreakOf>;
    let line = 1;
    let header: string[] | undefined;
    let targets: (number | null)[] = [];
    let mapping: { mapping: ColumnMapping; from: 'upload' | 'saved' } | undefined;
    let rowsRead = 0;
    const problems: CsvProblem[] = [];
    let problemCount = 0;
    let batch: CsvRowBatch = { rows: [], lines: [] };
    let copyReady = true;

    const addProblem = (problem: CsvProblem) => {
      problemCount += 1;
      if (problems.length < MAX_CSV_PROBLEMS) problems.push(problem);
    };

    const useHeader = (cells: string[]) => {
      header = cells.map((cell) => cell.trim());
      mapping = this.options.columnMapping
        ? { mapping: checkedMapping(dataType, header, this.options.columnMapping), from: 'upload' }
        : savedLayoutFor(dataType, header);
      const match = matchHeader(header, columns, mapping?.mapping);
      if (match.missing.length > 0 || match.unknown.length > 0 || match.duplicate.length > 0)
        throw new CsvHeaderMismatchError(
          uploadMessages.headerMismatch(dataType.name, match),
          header,
          suggestColumnMapping(header, columns),
        );
      targets = match.targets;
      copyReady &&= targets.every((target) => target !== null);
      this.#headerColumns = copyReady && mapping === undefined ? targets.map((target) => columns[target!]!.name) : null;
    };

    /**
     * Parses the text it is given (what was left over first); the last record waits for more, in `pending`,
     * unless `final`.
     */
    function* parse(input: string, final: boolean): Generator<CsvRowBatch> {
      pending = '';
      lineBreak ??= lineBreakOf(input);
      if (lineBreak === undefined && !final) {
        pending = input;
        if (pending.length > MAX_CSV_RECORD_CHARACTERS) throw formatError(uploadMessages.recordTooLong(line));
        return;
      }
      const newline = lineBreak ?? '\n';
      const result = new Papa.Parser({ delimiter: dataType.delimiter, newline, quoteChar: '"' }).parse(
        input,
        0,
        !final,
      ) as Papa.ParseResult<string[]>;
      if (!final) pending = input.slice(result.meta.cursor);
      const rowErrors = new Map<number, string>();
      for (const error of result.errors)
        if (error.row !== undefined && !rowErrors.has(error.row))
          rowErrors.set(error.row, PAPA_ERROR_PROBLEM[error.code] ?? uploadMessages.malformedQuote);
      const lineChar = newline === '\r' ? '\r' : '\n';
      // As many line breaks as records: no value holds one, so each record is one physical line.
      const parsed = final ? input.length : result.meta.cursor;
      const mayHoldLineBreaks =
        input.includes('"') && countOf(input, lineChar, parsed) > result.data.length - (final ? 1 : 0);
      // One scan of the whole text spares a check per value when (as nearly always) it is clean.
      const checkCharacters = !isStorableText(input, { multiline: true, decoded: true });

      const rows = result.data;
      for (let index = 0; index < rows.length; index++) {
        const cells = rows[index]!;
        const rowLine = line;
        line += 1;
        if (mayHoldLineBreaks)
          for (const cell of cells) if (cell.includes(lineChar)) line += cell.split(lineChar).length - 1;
        // A blank line, or one of only spaces and delimiters (spreadsheets export empty rows so), is no record.
        if (cells[0]!.trim() === '' && cells.every((cell) => cell.trim() === '')) {
          // COPY reads every line but the header as a row: a file with blank lines is parsed here.
          if (!final || index < rows.length - 1 || cells.length > 1 || cells[0] !== '') copyReady = false;
          continue;
        }
        const rowError = rowErrors.get(index);
        if (header === undefined) {
          if (rowError) addProblem({ line: rowLine, column: null, value: null, problem: rowError });
          useHeader(cells);
          continue;
        }
        rowsRead += 1;
        if (rowError) {
          addProblem({ line: rowLine, column: null, value: null, problem: rowError });
          continue;
        }
        if (cells.length !== targets.length) {
          addProblem({
            line: rowLine,
            column: null,
            value: null,
            problem: uploadMessages.rowWidth(cells.length, targets.length),
          });
          continue;
        }
        const values: (string | null)[] = checkOnly ? checked : emptyRow.slice();
        if (checkOnly) values.fill(null);
        let valid = true;
        for (let cell = 0; cell < cells.length; cell++) {
          const target = targets[cell]!;
          if (target === null) continue;
          const raw = cells[cell]!;
          if (checkCharacters && !isStorableText(raw, { multiline: true })) {
            addProblem({
              line: rowLine,
              column: columns[target]!.name,
              value: raw,
              problem: uploadMessages.unsupportedCharacters,
            });
            valid = false;
            continue;
          }
          const value = readers[target]!(raw);
          if (isCellProblem(value)) {
            addProblem({ line: rowLine, column: columns[target]!.name, value: raw, problem: value.problem });
            valid = false;
          } else {
            values[target] = value;
            if (copyReady && value !== raw && !(value === null && raw === '')) copyReady = false;
          }
        }
        // Once the file is refused, its rows are only checked: nothing of it may be loaded.
        if (!valid || problemCount > 0) continue;
        if (balances || digester) {
          // Each amount read into cents once, for both.
          const debit = debitIndex === -1 ? 0 : centsOf(values[debitIndex]!);
          const credit = creditIndex === -1 ? 0 : centsOf(values[creditIndex]!);
          const journal = values[journalIndex] ?? null;
          balances?.add(journal, debit - credit);
          digester?.add(
            journal,
            values[accountIndex] ?? null,
            entityIndex === -1 ? null : values[entityIndex]!,
            departmentIndex === -1 ? null : values[departmentIndex]!,
            debit,
            credit,
          );
        }
        if (checkOnly) continue;
        batch.rows.push(values);
        batch.lines.push(rowLine);
        if (batch.rows.length >= batchSize) {
          yield batch;
          batch = { rows: [], lines: [] };
        }
      }
      // What is left starts on `line` now that the records before it are counted.
      if (pending.length > MAX_CSV_RECORD_CHARACTERS) throw formatError(uploadMessages.recordTooLong(line));
    }

    // The bytes not read as text yet: the record left over (its text encoded again) and a character cut off at
    // a chunk's end. Joined as bytes, not as strings: concatenating the text of 1 MiB chunks made a string that
    // every reader of it copied first (a million lines' check took 0.6 s longer).
    let carry: Uint8Array | undefined;
    let atStart = true;
    const textOf = (bytes: Uint8Array): string => {
      let text: string;
      try {
        text = decoder.decode(bytes);
      } catch {
        throw formatError(uploadMessages.notUtf8);
      }
      if (atStart && text.length > 0) {
        atStart = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      return text;
    };
    for await (const chunk of this.source) {
      bytes += chunk.byteLength;
      hash.update(chunk);
      if (chunk.indexOf(0) !== -1) throw formatError(uploadMessages.binaryFile);
      const all = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = wholeUtf8Length(all);
      yield* parse(textOf(all.subarray(0, whole)), false);
      const cutOff = all.subarray(whole);
      carry = pending.length > 0 || cutOff.length > 0 ? Buffer.concat([Buffer.from(pending), cutOff]) : undefined;
      pending = '';
    }
    yield* parse(carry ? textOf(carry) : '', true);

    if (header === undefined) throw formatError(uploadMessages.emptyFile);
    if (rowsRead === 0) throw formatError(uploadMessages.noRows);
    if (problemCount > 0) throw new CsvRefusedError(problems, problemCount, rowsRead);
    if (batch.rows.length > 0) yield batch;
    this.#summary = {
      rowsRead,
      bytes,
      sha256: hash.digest('hex'),
      header,
      columnMapping: mapping?.mapping ?? null,
      mappingFrom: mapping?.from ?? null,
      copyColumns: copyReady && mapping === undefined ? targets.map((target) => columns[target!]!.name) : null,
      journalsBalanced: balances?.verdict ?? null,
      digest: digester?.digest ?? null,
    };
  }
}

function checkedPeriod(period: string | undefined): string {
  const result = uploadPeriodSchema.safeParse(period ?? '');
  if (!result.success) throw invalidInput(result.error.issues, 'period');
  return result.data;
}

function checkedMapping(dataType: CsvDataType, header: string[], mapping: ColumnMapping): ColumnMapping {
  const result = columnMappingFor(dataType, header).safeParse(mapping);
  if (!result.success) throw invalidInput(result.error.issues, 'columnMapping');
  return result.data;
}

function savedLayoutFor(dataType: CsvDataType, header: string[]) {
  const saved = dataType.columnMappings && savedMappingFor({ columnMappings: dataType.columnMappings }, header);
  return saved ? { mapping: saved, from: 'saved' as const } : undefined;
}

/** A reader of the plain file: iterate it for the batches, then read its `summary`. */
export const readDataTypeCsv = (source: AsyncIterable<Uint8Array>, options: DataTypeCsvOptions) =>
  new DataTypeCsvReader(source, options);

/** Reads the whole file only to check it (the upload): its summary, or the error that refuses it. */
export async function checkDataTypeCsv(
  source: AsyncIterable<Uint8Array>,
  options: DataTypeCsvOptions,
): Promise<CsvReadSummary> {
  const reader = readDataTypeCsv(source, { ...options, checkOnly: true });
  for await (const _batch of reader);
  return reader.summary;
}
