import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uploadMessages } from '@finboard/shared/uploads';
import {
  columnNamesOf,
  ColumnTypeInference,
  copyValue,
  CsvRecordSplitter,
  sniffDelimiter,
  type ColumnReading,
} from './flat-file-csv.ts';

const inferred = (...rows: string[][]) => {
  const inference = new ColumnTypeInference(rows[0]!.length);
  for (const row of rows) inference.observe(row);
  return inference;
};
const types = (...rows: string[][]) => inferred(...rows).types();
/** The reading of a column of these values. */
const readingOf = (...values: string[]) => inferred(...values.map((value) => [value])).readings()[0];

describe('Import Flat File: reading the CSV', () => {
  it.each([
    ['a,b;c', ','],
    ['a;b;c,d', ';'],
    ['a\tb\tc', '\t'],
    ['a|b|c', '|'],
    ['"x;y;z",b', ','],
    ['single', ','],
  ])('sniffs the delimiter of %j as %j', (header, delimiter) => {
    expect(sniffDelimiter(header)).toBe(delimiter);
  });

  it('splits records across chunks, counting physical lines past quoted line breaks', () => {
    const splitter = new CsvRecordSplitter();
    const text = 'a;b\r\n1;"two\r\nlines"\r\n\r\n3;4\r\n';
    const records = [
      ...splitter.push(Buffer.from(text.slice(0, 9))),
      ...splitter.push(Buffer.from(text.slice(9))),
      ...splitter.end(),
    ];
    expect(records).toEqual([
      { cells: ['a', 'b'], line: 1 },
      { cells: ['1', 'two\r\nlines'], line: 2 },
      { cells: ['3', '4'], line: 5 },
    ]);
  });

  it('refuses NUL bytes as a binary file', () => {
    expect(() => new CsvRecordSplitter().push(Buffer.from([0x61, 0x00]))).toThrow(uploadMessages.binaryFile);
  });

  it('names columns as unique lower-case identifiers of at most 63 characters', () => {
    const long = 'Very long column name '.repeat(4);
    expect(columnNamesOf(['Café Total', ' ', 'ROW_ID', 'café total', '1st', long, long])).toEqual([
      'cafe_total',
      'column_2',
      'row_id_2',
      'cafe_total_2',
      'c_1st',
      'very_long_column_name_very_long_column_name_very_long_column_na',
      'very_long_column_name_very_long_column_name_very_long_column_2',
    ]);
  });

  it('types each column from all values, blanks ignored', () => {
    expect(
      types(
        ['1', '1.5', '2024-02-29', 'Yes', '007', '', '9999999999999999999', '1e5'],
        ['-2', '2', '2024-12-31', 'false', '7', '', '1', '1'],
        ['', '', '', '', '', '', '', ''],
      ),
    ).toEqual(['integer', 'numeric', 'date', 'boolean', 'text', 'text', 'numeric', 'text']);
    expect(types(['2024-02-30'], ['2024-01-01'])).toEqual(['text']);
  });

  it.each([
    // numbers as exports write them
    [['1,000.00', '2,500.50'], { type: 'numeric', decimal: '.' }],
    [['(600.00)', '12', '-0.25'], { type: 'numeric', decimal: '.' }],
    [['$1,234.50', '$-3.00', '', '$0.99'], { type: 'numeric', decimal: '.' }],
    [['1,234.00-', 'USD 12.00', '1 234 567.89'], { type: 'numeric', decimal: '.' }],
    [['1.234,56 €', '12,5', '-7'], { type: 'numeric', decimal: ',' }],
    [['1,000', '2,500'], { type: 'numeric', decimal: '.' }],
    [['1,000', '12,5'], { type: 'numeric', decimal: ',' }],
    [['1.234', '5.678'], { type: 'numeric', decimal: '.' }],
    [['0.123456', '1,000'], { type: 'numeric', decimal: '.' }],
    // not numbers of one kind
    [['12,5', '1,234.56'], { type: 'text' }],
    [['$1.00', '€1.00'], { type: 'text' }],
    [['100.00 CR', '50.00 DR'], { type: 'text' }],
    [['007', '1,000'], { type: 'text' }],
    [['1,000', '-'], { type: 'text' }],
    [['1,000', 'n/a'], { type: 'text' }],
    [['12%'], { type: 'text' }],
    [['1e5'], { type: 'text' }],
    // dates in one format, unambiguous
    [['01/31/2016', '12/01/2016'], { type: 'date', format: 'MM/DD/YYYY' }],
    [['31/01/2024', '', '1/2/2024'], { type: 'date', format: 'DD/MM/YYYY' }],
    [['31.01.2024', '01.02.2024'], { type: 'date', format: 'DD.MM.YYYY' }],
    [['2024-01-31 00:00:00', '2024-02-29 00:00:00'], { type: 'date', format: 'YYYY-MM-DD' }],
    [['1/31/2024 12:00:00 AM'], { type: 'date', format: 'MM/DD/YYYY' }],
    [['Jan 31, 2024', 'Feb 1 2024'], { type: 'date', format: 'MMM D, YYYY' }],
    [['31-JAN-24'], { type: 'date', format: 'DD-MMM-YY' }],
    // not dates of one format
    [['01/02/2024', '03/04/2024'], { type: 'text' }],
    [['2024-01-31 13:45:00'], { type: 'text' }],
    [['2024-01-31', '31/01/2024'], { type: 'text' }],
    [['31/02/2024'], { type: 'text' }],
    [['20240131'], { type: 'integer' }],
    [['Yes', 'no'], { type: 'boolean' }],
  ] as [string[], ColumnReading][])('reads a column of %j as %j', (values, reading) => {
    expect(readingOf(...values)).toEqual(reading);
  });

  it('gives columns whose numbers read with either decimal mark the mark of the file', () => {
    const readings = (...rows: string[][]) => inferred(...rows).readings();

    expect(readings(['1.000', '12,50'], ['2.500', '7'])).toEqual([
      { type: 'numeric', decimal: ',' },
      { type: 'numeric', decimal: ',' },
    ]);
    expect(readings(['1,000', '12.50'], ['2,500', '7'])).toEqual([
      { type: 'numeric', decimal: '.' },
      { type: 'numeric', decimal: '.' },
    ]);
    // One column only with a comma, another only with a point: the file does not say, the point stays.
    expect(readings(['1.000', '12,50', '1.5'], ['2.500', '7', '2.25'])).toEqual([
      { type: 'numeric', decimal: '.' },
      { type: 'numeric', decimal: ',' },
      { type: 'numeric', decimal: '.' },
    ]);
    expect(readings(['1,000', 'x'], ['2,500', '12'])).toEqual([{ type: 'numeric', decimal: '.' }, { type: 'text' }]);
  });

  it('reads a column of any amounts written alike with 2 decimals as numbers, and copies them as canonical decimals', () => {
    const styles = [
      ['.', ['', ',', ' ', '\u00a0', "'"]],
      [',', ['', '.', ' ', '\u202f']],
    ] as const;
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -(10n ** 18n) + 1n, max: 10n ** 18n - 1n }), { minLength: 1, maxLength: 8 }),
        fc
          .constantFrom(...styles)
          .chain(([decimal, separators]) => fc.tuple(fc.constant(decimal), fc.constantFrom(...separators))),
        fc.constantFrom('', '$', '€ '),
        (column, [decimal, separator], currency) => {
          const write = (cents: bigint) => {
            const size = cents < 0n ? -cents : cents;
            const whole = (size / 100n).toString().replace(/\B(?=(\d{3})+$)/g, separator);
            const text = `${currency}${whole}${decimal}${(size % 100n).toString().padStart(2, '0')}`;
            return cents < 0n ? `(${text})` : text;
          };
          const canonical = (cents: bigint) =>
            `${cents < 0n ? '-' : ''}${(cents < 0n ? -cents : cents) / 100n}.${((cents < 0n ? -cents : cents) % 100n).toString().padStart(2, '0')}`;

          const reading = readingOf(...column.map(write));

          expect(reading).toEqual({ type: 'numeric', decimal });
          expect(column.map((cents) => copyValue(reading!, write(cents)))).toEqual(column.map(canonical));
        },
      ),
    );
  });

  it('keeps the widest value of each text and numeric column of a wide file as a table row stores it', () => {
    const blanks = new Array<string>(400).fill('');
    const inference = new ColumnTypeInference(406);
    for (const row of [
      ['abc', ' é ', 'x'.repeat(23), 'x'.repeat(40), '12.50', '7'],
      ['', 'a', 'y', '', '123456789012345678', '8'],
      ['ab', '', '', 'short', '', ''],
    ])
      inference.observe([...row, ...blanks]);

    expect(inference.types().slice(0, 6)).toEqual(['text', 'text', 'text', 'text', 'numeric', 'integer']);
    // text: 1-byte length + UTF-8 bytes, spaces kept; a value past 24 bytes leaves an 18-byte TOAST pointer.
    // numeric: 1 + a 2-byte header + 2 bytes per 4 digits on either side of the point (the whole number: 5 groups).
    expect(inference.varlenaBytes().slice(0, 7)).toEqual([4, 5, 24, 18, 13, undefined, 0]);
  });

  it('measures no value of a file narrow enough that any row fits', () => {
    const inference = new ColumnTypeInference(2);
    inference.observe(['x'.repeat(5000), '1.5']);

    expect(inference.varlenaBytes()).toEqual([undefined, undefined]);
  });

  it('writes blanks as NULL, trims typed values and spells booleans out', () => {
    expect(copyValue({ type: 'text' }, '  ')).toBeNull();
    expect(copyValue({ type: 'text' }, ' a ')).toBe(' a ');
    expect(copyValue({ type: 'integer' }, ' 12 ')).toBe('12');
    expect(copyValue({ type: 'boolean' }, 'YES')).toBe('true');
    expect(copyValue({ type: 'boolean' }, 'no')).toBe('false');
  });

  it.each([
    [{ type: 'numeric', decimal: '.' }, ' 12.50 ', '12.50'],
    [{ type: 'numeric', decimal: '.' }, '+1.5', '+1.5'],
    [{ type: 'numeric', decimal: '.' }, '1,000.00', '1000.00'],
    [{ type: 'numeric', decimal: '.' }, '(600.00)', '-600.00'],
    [{ type: 'numeric', decimal: '.' }, '$1,234.50', '1234.50'],
    [{ type: 'numeric', decimal: '.' }, '1,234.00-', '-1234.00'],
    [{ type: 'numeric', decimal: ',' }, '1.234,56 €', '1234.56'],
    [{ type: 'numeric', decimal: ',' }, '12', '12'],
    [{ type: 'numeric', decimal: ',' }, '1.000', '1000'],
    [{ type: 'date', format: 'MM/DD/YYYY' }, '01/31/2016', '2016-01-31'],
    [{ type: 'date', format: 'MM/DD/YYYY' }, '1/31/2024 12:00:00 AM', '2024-01-31'],
    [{ type: 'date', format: 'DD.MM.YYYY' }, ' 1.2.2024 ', '2024-02-01'],
    [{ type: 'date', format: 'YYYY-MM-DD' }, '2024-01-31 00:00:00', '2024-01-31'],
  ] as [ColumnReading, string, string][])('copies a %j cell %j as %j', (reading, raw, value) => {
    expect(copyValue(reading, raw)).toBe(value);
  });

  it('refuses to copy a value its column was not typed from, rather than load something else', () => {
    expect(() => copyValue({ type: 'numeric', decimal: '.' }, '12,5')).toThrow(
      'a value the first read typed no longer reads as its type: 12,5',
    );
  });
});
