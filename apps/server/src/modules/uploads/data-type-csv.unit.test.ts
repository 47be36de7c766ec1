import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { headerMismatchSchema } from '@finboard/shared/column-mapping';
import { STANDARD_DATA_TYPES, type DataTypeColumn, type Delimiter } from '@finboard/shared/data-types';
import { uploadMessages } from '@finboard/shared/uploads';
import { AppError } from '../../errors.ts';
import {
  checkDataTypeCsv,
  CsvHeaderMismatchError,
  CsvRefusedError,
  readDataTypeCsv,
  wholeUtf8Length,
  type CsvDataType,
  type DataTypeCsvOptions,
} from './data-type-csv.ts';

const standard = (key: string, delimiter: Delimiter = ','): CsvDataType => {
  const type = STANDARD_DATA_TYPES.find((candidate) => candidate.key === key)!;
  return {
    name: type.name,
    columns: [...type.columns],
    delimiter,
    periodBased: type.periodBased,
    targetTable: type.targetTable,
  };
};
const GL = standard('gl_detail');
const GL_HEADER =
  'journal_id,line_no,posting_date,period,account_code,description,debit,credit,entity,department,counterparty,source,reference';

/** The text as chunks of `size` bytes (the decrypted file arrives in arbitrary pieces). */
async function* chunksOf(content: string | Buffer, size = 64 * 1024): AsyncGenerator<Buffer> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function readAll(content: string | Buffer, options: Partial<DataTypeCsvOptions> = {}, chunkSize?: number) {
  const reader = readDataTypeCsv(chunksOf(content, chunkSize), { dataType: GL, period: '2026-03', ...options });
  const rows: (string | null)[][] = [];
  const lines: number[] = [];
  for await (const batch of reader) {
    rows.push(...batch.rows);
    lines.push(...batch.lines);
  }
  return { rows, lines, summary: reader.summary };
}

/** The error reading the file ends with (the test fails if it reads through). */
async function refusal(content: string | Buffer, options: Partial<DataTypeCsvOptions> = {}, chunkSize?: number) {
  try {
    await readAll(content, options, chunkSize);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('the file was accepted');
}

const glLine = (overrides: Partial<Record<string, string>> = {}) => {
  const values: Record<string, string> = {
    journal_id: 'JE-1',
    line_no: '1',
    posting_date: '2026-03-05',
    period: '2026-03',
    account_code: '4000',
    description: 'Sales',
    debit: '100.00',
    credit: '',
    entity: 'HQ',
    department: 'Sales',
    counterparty: 'Acme Ltd',
    source: 'upload',
    reference: 'INV-1',
    ...overrides,
  };
  return GL_HEADER.split(',')
    .map((name) => values[name])
    .join(',');
};
const glFile = (...lines: string[]) => [GL_HEADER, ...lines].join('\n') + '\n';

describe('reading a data type CSV', () => {
  it('yields canonical rows in the expected columns’ order with their lines, and a summary of the plain bytes', async () => {
    const content = glFile(
      glLine(),
      glLine({ line_no: '2', debit: '', credit: '"1,234.5"', description: '"Refund, partial"' }),
    );

    const { rows, lines, summary } = await readAll(content);

    expect(rows).toEqual([
      [
        'JE-1',
        '1',
        '2026-03-05',
        '2026-03',
        '4000',
        'Sales',
        '100.00',
        null,
        'HQ',
        'Sales',
        'Acme Ltd',
        'upload',
        'INV-1',
      ],
      [
        'JE-1',
        '2',
        '2026-03-05',
        '2026-03',
        '4000',
        'Refund, partial',
        null,
        '1234.5',
        'HQ',
        'Sales',
        'Acme Ltd',
        'upload',
        'INV-1',
      ],
    ]);
    expect(lines).toEqual([2, 3]);
    expect(summary).toEqual({
      rowsRead: 2,
      bytes: Buffer.byteLength(content),
      sha256: createHash('sha256').update(content).digest('hex'),
      header: GL_HEADER.split(','),
      columnMapping: null,
      mappingFrom: null,
      // "1,234.5" is read as 1234.50: COPY would not read it so, the run parses the file again.
      copyColumns: null,
      // JE-1: 100.00 debit against 1,234.50 credit.
      journalsBalanced: false,
      // Made only for a file that may be staged (the `digest` option).
      digest: null,
    });
  });

  it('digests a GL file that may be staged: balances per account and place, and its cash flow', async () => {
    const content = glFile(
      glLine({ account_code: '1000', debit: '100.00', credit: '0' }),
      glLine({ line_no: '2', account_code: '4000', debit: '0', credit: '100.00' }),
    );
    const { summary } = await readAll(content, { checkOnly: true, digest: { cashAccounts: ['1000'] } });
    expect(summary.digest).toEqual({
      rows: [
        { a: '1000', e: 'HQ', d: 'Sales', dr: '100.00', cr: '0.00', n: 1 },
        { a: '4000', e: 'HQ', d: 'Sales', dr: '0.00', cr: '100.00', n: 1 },
      ],
      cash: { accounts: ['1000'], rows: [{ e: 'HQ', d: 'Sales', ci: '100.00', co: '0.00' }] },
    });
  });

  it('reads the same whatever the chunks: one byte at a time, a character split between two', async () => {
    const content = glFile(glLine({ description: 'Café "crème"' }), glLine({ line_no: '2', description: '"a\nb"' }));

    const whole = await readAll(content);
    const bytewise = await readAll(content, {}, 1);

    expect(bytewise.rows).toEqual(whole.rows);
    expect(bytewise.lines).toEqual([2, 3]);
    expect(whole.rows.map((row) => row[5])).toEqual(['Café "crème"', 'a\nb']);
  });

  it('reads a UTF-8 BOM, CRLF line ends, quoted delimiters and a quoted value over three lines (line numbers follow)', async () => {
    const content = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        [
          GL_HEADER,
          glLine({ description: '"Line one\r\nline two\r\nline three"' }),
          glLine({ line_no: '2', description: '"Acme, ""the"" client"' }),
          '',
          glLine({ line_no: '3', debit: 'x' }),
        ].join('\r\n'),
      ),
    ]);

    const error = await refusal(content);

    // Line 5 is the second record (the first spans 2–4), line 6 is blank, the bad row is on line 7.
    expect(error).toBeInstanceOf(CsvRefusedError);
    expect((error as CsvRefusedError).problems).toEqual([
      { line: 7, column: 'debit', value: 'x', problem: uploadMessages.notNumber },
    ]);
    const good = await readAll(content.subarray(0, content.lastIndexOf('\r\n')));
    expect(good.lines).toEqual([2, 5]);
    expect(good.rows.map((row) => row[5])).toEqual(['Line one\r\nline two\r\nline three', 'Acme, "the" client']);
    expect(good.summary.header[0]).toBe('journal_id');
  });

  it('drops the file’s BOM however it is cut, and keeps a U+FEFF, an emoji and accents a chunk starts with', async () => {
    // A value's U+FEFF in the middle (one at its start is trimmed as white space, as any).
    const description = 'Zero\ufeffwidth 😀 café';
    const content = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(glFile(glLine({ description })))]);
    const at = content.indexOf(Buffer.from('\ufeffwidth'));
    for (const chunkSize of [1, 2, at, at + 1, at + 10]) {
      const { rows, summary } = await readAll(content, {}, chunkSize);
      expect(summary.header[0]).toBe('journal_id');
      expect(rows.map((row) => row[5])).toEqual([description]);
    }
  });

  it('waits for the rest of a UTF-8 character cut off at a chunk’s end', () => {
    const euro = Buffer.from('€'); // three bytes
    const emoji = Buffer.from('😀'); // four bytes
    expect(wholeUtf8Length(Buffer.from('ab'))).toBe(2);
    expect(wholeUtf8Length(Buffer.concat([Buffer.from('a'), euro.subarray(0, 2)]))).toBe(1);
    expect(wholeUtf8Length(Buffer.concat([Buffer.from('a'), euro]))).toBe(4);
    expect(wholeUtf8Length(emoji.subarray(0, 3))).toBe(0);
    expect(wholeUtf8Length(emoji)).toBe(4);
    // Continuation bytes with no lead: no UTF-8, for the decoder to refuse.
    expect(wholeUtf8Length(Buffer.from([0x61, 0x80, 0x80, 0x80]))).toBe(4);
  });

  it('skips the empty rows spreadsheets export (delimiters only), counting their lines', async () => {
    const content = glFile(glLine(), ',,,,,,,,,,,,', ' , ,', glLine({ line_no: '2' }), ',,,,,,,,,,,,');

    const { lines, summary } = await readAll(content);

    expect(lines).toEqual([2, 5]);
    expect(summary.rowsRead).toBe(2);
  });

  it('reads a file that ends without a line break and old Mac line ends (CR)', async () => {
    const content = [GL_HEADER, glLine(), glLine({ line_no: '2' })].join('\r');

    const { lines } = await readAll(content);

    expect(lines).toEqual([2, 3]);
  });

  it.each([
    [';', 'semicolon', '1 234.50', '1234.50'],
    ['\t', 'tab', '1,234.50', '1234.50'],
    ['|', 'pipe', '-1,234,567.05', '-1234567.05'],
  ] as const)(
    'reads the data type’s delimiter %j (%s), thousands separated amounts included',
    async (delimiter, _, raw, canonical) => {
      const dataType = standard('budget', delimiter);
      const content = ['period;account_code;department;amount', `2026-03;4000;Sales;${raw}`, '2026-03;5000;;7']
        .map((line) => line.replaceAll(';', delimiter))
        .join('\n');

      const { rows } = await readAll(content, { dataType });

      expect(rows).toEqual([
        ['2026-03', '4000', 'Sales', canonical],
        ['2026-03', '5000', null, '7'],
      ]);
    },
  );

  it('splits on the data type’s delimiter only: a comma file read as ";" is one unknown column', async () => {
    const error = await refusal('period,account_code,department,amount\n2026-03,4000,,1\n', {
      dataType: standard('budget', ';'),
    });

    expect(error.message).toBe(
      "The file's columns do not match Budget; missing: period, account_code, amount; not expected: period,account_code,department,amount",
    );
  });
});

describe('refusing what is not CSV text', () => {
  it.each([
    [
      'a NUL byte (a binary file named .csv)',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]),
      uploadMessages.binaryFile,
    ],
    [
      'invalid UTF-8 (Latin-1 "é")',
      Buffer.from(`${GL_HEADER}\nJE-1,1,2026-03-05,2026-03,4000,Caf\xe9`, 'latin1'),
      uploadMessages.notUtf8,
    ],
    [
      'a UTF-8 sequence cut off at the end',
      Buffer.concat([Buffer.from(`${GL_HEADER}\n`), Buffer.from([0xc3])]),
      uploadMessages.notUtf8,
    ],
    ['nothing at all', Buffer.alloc(0), uploadMessages.emptyFile],
    ['blank lines only', Buffer.from('\n\r\n\n'), uploadMessages.emptyFile],
    ['a header and no rows', Buffer.from(`${GL_HEADER}\n\n`), uploadMessages.noRows],
    ['a header without a line break', Buffer.from(GL_HEADER), uploadMessages.noRows],
  ])('refuses %s with 400 and its reason', async (_, content, message) => {
    const error = await refusal(content, {}, 3);

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 400, code: 'INVALID_FILE_FORMAT', message });
  });

  it('says the spec’s "Invalid file format" first in every such reason', () => {
    for (const message of [
      uploadMessages.binaryFile,
      uploadMessages.notUtf8,
      uploadMessages.emptyFile,
      uploadMessages.noRows,
    ])
      expect(message.startsWith(`${uploadMessages.invalidFileFormat}: `)).toBe(true);
  });

  it('refuses a record longer than 1 MB (a quote left open) without reading the rest into memory', async () => {
    const content = `${glFile(glLine(), glLine())}JE-1,3,2026-03-05,2026-03,4000,"never closed ${'x'.repeat(1024 * 1024 + 10)}\n`;

    const inPieces = await refusal(content, {}, 64 * 1024);
    const inOnePiece = await refusal(content, {}, content.length);

    expect(inPieces).toMatchObject({ statusCode: 400, message: uploadMessages.recordTooLong(4) });
    expect(inOnePiece).toMatchObject({ statusCode: 400, message: uploadMessages.recordTooLong(4) });
  });

  it('reports a quoted value followed by more than the delimiter on its line', async () => {
    const error = await refusal(glFile(glLine(), glLine({ line_no: '2', description: '"Sale"s' })));

    expect((error as CsvRefusedError).problems).toEqual([
      { line: 3, column: null, value: null, problem: uploadMessages.malformedQuote },
    ]);
  });

  it('reports a quote never closed at the end of the file on its line', async () => {
    const error = await refusal(glFile(glLine(), glLine({ line_no: '2', description: '"open' })));

    expect((error as CsvRefusedError).problems).toEqual([
      { line: 3, column: null, value: null, problem: uploadMessages.unclosedQuote },
    ]);
  });
});

describe('the header', () => {
  it('refuses missing required, unexpected and repeated columns in one message, with the header and suggestions', async () => {
    const content = 'Journal No,Date,Account No,Amount Dr,debit,Memo Text\nJE-1,2026-03-05,4000,1,1,x\n';

    const error = await refusal(content);

    expect(error).toBeInstanceOf(CsvHeaderMismatchError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'CSV_HEADER_MISMATCH',
      message:
        // line_no and period are not missing: the load derives them.
        "The file's columns do not match GL Detail; missing: journal_id, posting_date, account_code; " +
        'not expected: Journal No, Date, Account No, Amount Dr, Memo Text',
      header: ['Journal No', 'Date', 'Account No', 'Amount Dr', 'debit', 'Memo Text'],
    });
    expect(headerMismatchSchema.parse((error as CsvHeaderMismatchError).mismatch).suggestions).toEqual([
      { fileColumn: 'Journal No', expectedColumn: 'journal_id', confidence: 0.85 },
      { fileColumn: 'Date', expectedColumn: 'posting_date', confidence: 0.6 },
      { fileColumn: 'Account No', expectedColumn: 'account_code', confidence: 0.85 },
      { fileColumn: 'Amount Dr', expectedColumn: null, confidence: 0 },
      { fileColumn: 'debit', expectedColumn: 'debit', confidence: 1 },
      { fileColumn: 'Memo Text', expectedColumn: null, confidence: 0 },
    ]);
  });

  it('names a column given twice', async () => {
    const error = await refusal('period,account_code,amount,Amount\n2026-03,4000,1,2\n', {
      dataType: standard('budget'),
    });

    expect(error.message).toBe("The file's columns do not match Budget; more than once: amount");
  });

  it('takes our column names in any case and spacing, and leaves out optional columns the file lacks', async () => {
    const content =
      ' Journal ID ,Line No,Posting Date,PERIOD,Account Code,Debit,Credit\nJE-1,1,2026-03-05,2026-03,4000,5,\n';

    const { rows } = await readAll(content);

    expect(rows).toEqual([
      ['JE-1', '1', '2026-03-05', '2026-03', '4000', null, '5', null, null, null, null, null, null],
    ]);
  });

  it('applies the upload’s mapping, skipping the columns it maps to null', async () => {
    // A QuickBooks "Journal" report.
    const content =
      'Date,Transaction Type,Num,Name,Memo/Description,Account,Debit,Credit,Line\n' +
      '03/05/2026,Invoice,1001,Acme Ltd,"Sale, March",4000 Sales,"1,200.00",,1\n';
    const columnMapping = {
      Date: 'posting_date',
      'Transaction Type': null,
      Num: 'journal_id',
      Name: 'counterparty',
      'Memo/Description': 'description',
      Account: 'account_code',
      Line: 'line_no',
    };
    const dataType = glWithoutRequiredPeriod({
      ...GL,
      columns: GL.columns.map((column) => withFormat(column, 'posting_date', 'MM/DD/YYYY')),
    });

    const { rows, summary } = await readAll(content, { dataType, columnMapping });

    expect(rows).toEqual([
      [
        '1001',
        '1',
        '2026-03-05',
        null,
        '4000 Sales',
        'Sale, March',
        '1200.00',
        null,
        null,
        null,
        'Acme Ltd',
        null,
        null,
      ],
    ]);
    expect(summary).toMatchObject({ columnMapping, mappingFrom: 'upload' });
  });

  it('refuses a mapping that names a column the file does not have, before reading any row', async () => {
    const error = await refusal(glFile(glLine()), { columnMapping: { 'Account No': 'account_code' } });

    expect(error).toMatchObject({
      statusCode: 400,
      message: uploadMessages.mappingSourceNotInFile('Account No'),
      errors: [{ msg: uploadMessages.mappingSourceNotInFile('Account No'), path: 'columnMapping.Account No' }],
    });
  });

  it('maps a file whose header is a saved layout (any case, trimmed) by itself', async () => {
    const dataType: CsvDataType = {
      ...standard('budget'),
      columnMappings: [
        {
          header: ['Month', 'GL Code', 'Budget'],
          mapping: { Month: 'period', 'GL Code': 'account_code', Budget: 'amount' },
        },
      ],
    };

    const { rows, summary } = await readAll(' month ,gl code,BUDGET\n2026-03,4000,12.5\n', { dataType });

    expect(rows).toEqual([['2026-03', '4000', null, '12.5']]);
    expect(summary).toMatchObject({
      mappingFrom: 'saved',
      columnMapping: { month: 'period', 'gl code': 'account_code', BUDGET: 'amount' },
    });
  });
});

/** The type's `column` with another date format. */
const withFormat = (column: DataTypeColumn, name: string, format: string): DataTypeColumn =>
  column.name === name ? { ...column, format } : column;
/** The GL type with an optional `period` column, as an organization's own type could be. */
const glWithoutRequiredPeriod = (dataType: CsvDataType): CsvDataType => ({
  ...dataType,
  columns: dataType.columns.map((column) => (column.name === 'period' ? { ...column, required: false } : column)),
});

describe('checking every value', () => {
  it.each([
    ['journal_id', '', 'journal_id', '', uploadMessages.valueRequired],
    ['line_no', '1.5', 'line_no', '1.5', uploadMessages.notInteger],
    ['line_no', '3000000000', 'line_no', '3000000000', uploadMessages.integerOutOfRange],
    ['debit', '"12,3x"', 'debit', '12,3x', uploadMessages.notNumber],
    ['debit', '1.234', 'debit', '1.234', uploadMessages.tooManyDecimals],
    ['debit', '12345678901234567', 'debit', '12345678901234567', uploadMessages.numberTooLarge],
    ['debit', '"1,23,456"', 'debit', '1,23,456', uploadMessages.notNumber],
    ['debit', '"1,234 567"', 'debit', '1,234 567', uploadMessages.notNumber],
    ['debit', '1e5', 'debit', '1e5', uploadMessages.notNumber],
    ['debit', '$100', 'debit', '$100', uploadMessages.notNumber],
    ['posting_date', '2026-02-30', 'posting_date', '2026-02-30', uploadMessages.notDate('YYYY-MM-DD')],
    ['posting_date', '05/03/2026', 'posting_date', '05/03/2026', uploadMessages.notDate('YYYY-MM-DD')],
    ['posting_date', '0000-01-01', 'posting_date', '0000-01-01', uploadMessages.notDate('YYYY-MM-DD')],
    ['period', '2026-02', 'period', '2026-02', uploadMessages.wrongPeriod('2026-03')],
    ['period', 'March', 'period', 'March', uploadMessages.notPeriod],
    ['description', 'bell\u0007', 'description', 'bell\u0007', uploadMessages.unsupportedCharacters],
    ['reference', 'zero\u200b\u0085width', 'reference', 'zero\u200b\u0085width', uploadMessages.unsupportedCharacters],
  ])('refuses %s = %s: line 3, its column, value and problem', async (name, raw, column, value, problem) => {
    const error = await refusal(glFile(glLine(), glLine({ [name]: raw })));

    expect(error).toBeInstanceOf(CsvRefusedError);
    expect((error as CsvRefusedError).problems).toEqual([{ line: 3, column, value, problem }]);
  });

  it('answers the spec’s message for a non-numeric amount on line 7', async () => {
    const lines = Array.from({ length: 6 }, (_, index) => glLine({ line_no: String(index + 1) }));
    lines[5] = glLine({ line_no: '6', debit: '"12,3x"' });

    const error = await refusal(glFile(...lines));

    expect(error).toMatchObject({
      statusCode: 400,
      code: 'CSV_REFUSED',
      message: 'The file was not accepted: line 7, column debit: "12,3x" is not a number',
      rowsRead: 6,
      problemCount: 1,
    });
  });

  it('refuses a row of another width, naming both widths', async () => {
    const error = await refusal(glFile(glLine(), `${glLine()},extra`, 'JE-1,2'));

    expect((error as CsvRefusedError).problems).toEqual([
      { line: 3, column: null, value: null, problem: uploadMessages.rowWidth(14, 13) },
      { line: 4, column: null, value: null, problem: uploadMessages.rowWidth(2, 13) },
    ]);
    expect(error.message).toBe(
      'The file was not accepted: line 3: has 14 values; the header has 13; line 4: has 2 values; the header has 13',
    );
  });

  it.each([
    ['0', '0'],
    ['007.10', '7.10'],
    ['-0.00', '0.00'],
    ['+5', '5'],
    ['.5', '0.5'],
    ['"(1,234.56)"', '-1234.56'],
    ['" 1 234 567.89 "', '1234567.89'],
    ['1\u00a0234', '1234'],
    ['1\u202f234,5', null],
    ['9999999999999999.99', '9999999999999999.99'],
    ['"-1,000"', '-1000'],
  ])('reads the amount %s as %s', async (raw, canonical) => {
    const read = readAll(glFile(glLine({ debit: raw })));

    if (canonical === null) await expect(read).rejects.toBeInstanceOf(CsvRefusedError);
    else expect((await read).rows[0]![6]).toBe(canonical);
  });

  it.each([
    ['DD/MM/YYYY', '3/7/2026', '2026-07-03'],
    ['DD/MM/YYYY', '29/02/2024', '2024-02-29'],
    ['MM.DD.YYYY', '12.31.0001', '0001-12-31'],
    ['YYYY MM DD', '2026 03 05', '2026-03-05'],
    ['YYYYMMDD', '20260305', '2026-03-05'],
    ['YYYYMMDD', '2026035', null],
    ['DD/MM/YYYY', '29/02/2023', null],
    ['DD/MM/YYYY', '2026-03-05', null],
  ])('reads a date written %s: %s → %s', async (format, raw, iso) => {
    const dataType = { ...GL, columns: GL.columns.map((column) => withFormat(column, 'posting_date', format)) };

    const read = readAll(glFile(glLine({ posting_date: raw })), { dataType });

    if (iso === null)
      await expect(read).rejects.toMatchObject({
        problems: [{ line: 2, column: 'posting_date', value: raw, problem: uploadMessages.notDate(format) }],
      });
    else expect((await read).rows[0]![2]).toBe(iso);
  });

  it('reads yes/no values in any case as true or false, and refuses others', async () => {
    const header = 'account_code,account_name,account_type,is_active';
    const values = ['TRUE', 'false', 'Yes', 'no', 'y', 'N', '1', '0', ''];
    const content = [header, ...values.map((value, index) => `${1000 + index},Cash,asset,${value}`)].join('\n');

    const { rows } = await readAll(content, { dataType: standard('chart_of_accounts') });
    const refused = await refusal(`${header}\n1000,Cash,asset,maybe\n`, { dataType: standard('chart_of_accounts') });

    expect(rows.map((row) => row[5])).toEqual([
      'true',
      'false',
      'true',
      'false',
      'true',
      'false',
      'true',
      'false',
      null,
    ]);
    expect((refused as CsvRefusedError).problems).toEqual([
      { line: 2, column: 'is_active', value: 'maybe', problem: uploadMessages.notBoolean },
    ]);
  });

  it('checks a YYYY-MM text column of a type that is not period-based as a period', async () => {
    const header = 'Period,start_date,end_date,fiscal_year,fiscal_period';
    const error = await refusal(`${header}\n2026-13,2026-01-01,2026-01-31,2026,1\n`, { dataType: standard('periods') });

    expect((error as CsvRefusedError).problems).toEqual([
      { line: 2, column: 'Period', value: '2026-13', problem: uploadMessages.notPeriod },
    ]);
  });

  it('reads a file of a period-based type without a chosen period: all periods in the file', async () => {
    const { rows } = await readAll(
      glFile(glLine(), glLine({ line_no: '2', period: '2026-04', posting_date: '2026-04-02' })),
      {
        period: undefined,
      },
    );

    expect(rows.map((row) => row[3])).toEqual(['2026-03', '2026-04']);
  });

  it('reads a GL export without line numbers or periods: the load derives them', async () => {
    const { rows } = await readAll('journal_id,posting_date,account_code,debit,credit\nJE-1,2026-03-05,4000,1,0\n', {
      period: undefined,
    });

    expect(rows).toEqual([['JE-1', null, '2026-03-05', null, '4000', null, '1', '0', null, null, null, null, null]]);
  });

  it('keeps the first 1,000 problems, counts the rest and still counts every row', async () => {
    const bad = Array.from({ length: 1500 }, (_, index) => glLine({ line_no: String(index + 1), credit: 'n/a' }));

    const error = (await refusal(glFile(glLine(), ...bad))) as CsvRefusedError;

    expect(error.problems).toHaveLength(1000);
    expect(error.problems[999]).toEqual({
      line: 1002,
      column: 'credit',
      value: 'n/a',
      problem: uploadMessages.notNumber,
    });
    expect(error.problemCount).toBe(1500);
    expect(error.rowsRead).toBe(1501);
    expect(error.message).toBe(
      'The file was not accepted: line 3, column credit: "n/a" is not a number; line 4, column credit: "n/a" is not a number; ' +
        'line 5, column credit: "n/a" is not a number (and 1,497 more)',
    );
  });

  it('yields no row after the first problem, and ends by throwing', async () => {
    const reader = readDataTypeCsv(chunksOf(glFile(glLine(), glLine({ debit: 'x' }), glLine())), {
      dataType: GL,
      period: '2026-03',
      batchSize: 1,
    });
    const yielded: number[] = [];

    const reading = (async () => {
      for await (const batch of reader) yielded.push(...batch.lines);
    })();

    await expect(reading).rejects.toBeInstanceOf(CsvRefusedError);
    expect(yielded).toEqual([2]);
    expect(() => reader.summary).toThrow('The CSV has not been read to its end');
  });

  it('checks a file through to its summary, in batches of the size asked', async () => {
    const lines = Array.from({ length: 5 }, (_, index) => glLine({ line_no: String(index + 1) }));
    const reader = readDataTypeCsv(chunksOf(glFile(...lines)), { dataType: GL, period: '2026-03', batchSize: 2 });
    const sizes: number[] = [];
    for await (const batch of reader) sizes.push(batch.rows.length);

    const summary = await checkDataTypeCsv(chunksOf(glFile(...lines)), { dataType: GL, period: '2026-03' });

    expect(sizes).toEqual([2, 2, 1]);
    expect(summary.rowsRead).toBe(5);
  });
});

describe('files a run may COPY as they are (copyColumns)', () => {
  const copyColumnsOf = async (content: string, options: Partial<DataTypeCsvOptions> = {}) =>
    (await readAll(content, options)).summary.copyColumns;

  it("names the data type's columns in the file's order when every value is written as it is read", async () => {
    // Quoted values, a quoted empty cell (COPY's FORCE_NULL reads it as empty), a value over two lines, CRLF.
    const content = [
      'Account_Code,journal_id,line_no,posting_date,period,debit,credit,description',
      '4000,JE-1,1,2026-03-05,2026-03,100.00,"","Refund, partial"',
      '1000,JE-1,2,2026-03-05,2026-03,,100.00,"two\r\nlines"',
    ].join('\r\n');
    expect(await copyColumnsOf(`${content}\r\n`)).toEqual([
      'account_code',
      'journal_id',
      'line_no',
      'posting_date',
      'period',
      'debit',
      'credit',
      'description',
    ]);
    expect(await copyColumnsOf(glFile(glLine(), glLine({ line_no: '2' })))).toEqual(GL_HEADER.split(','));
  });

  it('is null when a value is read otherwise than written, a line is blank, or the header is mapped', async () => {
    for (const written of [{ debit: '"1,234.50"' }, { line_no: '01' }, { description: ' Sales' }])
      expect(await copyColumnsOf(glFile(glLine(written))), JSON.stringify(written)).toBeNull();
    expect(await copyColumnsOf(glFile(glLine(), '', glLine({ line_no: '2' })))).toBeNull();
    expect(await copyColumnsOf(glFile(glLine(), ',,,,,,,,,,,,', glLine({ line_no: '2' })))).toBeNull();
    expect(
      await copyColumnsOf(glFile(glLine()).replace('account_code', 'Account No'), {
        columnMapping: { 'Account No': 'account_code' },
      }),
    ).toBeNull();
  });
});

describe('whether the journals of a GL file balance (journalsBalanced)', () => {
  const balancedOf = async (content: string, dataType = GL) =>
    (await readAll(content, { dataType })).summary.journalsBalanced;

  it('tells as it reads, a journal summed wherever its lines are', async () => {
    const spread = [
      glLine({ journal_id: 'JE-1', debit: '100.00', credit: '' }),
      glLine({ journal_id: 'JE-2', debit: '7.5', credit: '0' }),
      glLine({ journal_id: 'JE-1', line_no: '2', debit: '', credit: '100.00' }),
      glLine({ journal_id: 'JE-2', line_no: '2', debit: '0', credit: '7.50' }),
    ];
    expect(await balancedOf(glFile(...spread))).toBe(true);
    expect(await balancedOf(glFile(...spread, glLine({ journal_id: 'JE-3', debit: '0.01', credit: '' })))).toBe(false);
  });

  it('is null for a data type whose rows are no journal lines', async () => {
    const budget = { ...GL, targetTable: '03_Budget' as const };
    expect(await balancedOf(glFile(glLine()), budget)).toBeNull();
  });
});

describe('a check alone (the upload)', () => {
  it('yields no rows, and sums the file up as a full read does; its problems are the same', async () => {
    const content = glFile(glLine(), glLine({ line_no: '2', debit: '', credit: '100.00' }));
    const read = await readAll(content);
    const checked = await readAll(content, { checkOnly: true });

    expect(read.rows).toHaveLength(2);
    expect(checked.rows).toEqual([]);
    expect(checked.summary).toEqual(read.summary);
    expect(checked.summary.journalsBalanced).toBe(true);

    const refused = glFile(glLine({ debit: 'ten' }), glLine({ line_no: '2', posting_date: '2026-13-01' }));
    const fullError = await readAll(refused).catch((error: unknown) => error);
    const checkError = await readAll(refused, { checkOnly: true }).catch((error: unknown) => error);
    expect(checkError).toBeInstanceOf(CsvRefusedError);
    expect((checkError as CsvRefusedError).problems).toEqual((fullError as CsvRefusedError).problems);
    expect((checkError as CsvRefusedError).problems).toHaveLength(2);
  });
});
