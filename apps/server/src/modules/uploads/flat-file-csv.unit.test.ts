import { describe, expect, it } from 'vitest';
import { uploadMessages } from '@finboard/shared/uploads';
import { columnNamesOf, ColumnTypeInference, copyValue, CsvRecordSplitter, sniffDelimiter } from './flat-file-csv.ts';

const types = (...rows: string[][]) => {
  const inference = new ColumnTypeInference(rows[0]!.length);
  for (const row of rows) inference.observe(row);
  return inference.types();
};

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
    expect(types(['31/01/2024'])).toEqual(['text']);
    expect(types(['1,000'])).toEqual(['text']);
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
    expect(copyValue('text', '  ')).toBeNull();
    expect(copyValue('text', ' a ')).toBe(' a ');
    expect(copyValue('integer', ' 12 ')).toBe('12');
    expect(copyValue('boolean', 'YES')).toBe('true');
    expect(copyValue('boolean', 'no')).toBe('false');
  });
});
