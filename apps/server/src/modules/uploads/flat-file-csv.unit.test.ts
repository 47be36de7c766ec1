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

  it('writes blanks as NULL, trims typed values and spells booleans out', () => {
    expect(copyValue('text', '  ')).toBeNull();
    expect(copyValue('text', ' a ')).toBe(' a ');
    expect(copyValue('integer', ' 12 ')).toBe('12');
    expect(copyValue('boolean', 'YES')).toBe('true');
    expect(copyValue('boolean', 'no')).toBe('false');
  });
});
