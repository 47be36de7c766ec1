import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectDelimiter } from './delimiter.ts';

const lines = (...rows: string[]) => rows.join('\r\n') + '\r\n';

/** The start of a QuickBooks Online "General Ledger" report saved as CSV: title lines, then the table. */
const QUICKBOOKS_GL = lines(
  '"Acme Landscaping"',
  '"General Ledger"',
  '"January - December 2024"',
  '',
  '"","Date","Transaction Type","Num","Name","Memo/Description","Split","Amount","Balance"',
  '"Checking","","","","","","","",""',
  '"","01/03/2024","Deposit","","","Opening deposit","Sales","1,000.00","1,000.00"',
  '"","01/05/2024","Expense","101","Hardware, Inc.","Tools; gloves","Supplies","-250.50","749.50"',
  '"Total for Checking","","","","","","","","$749.50"',
);

describe('detectDelimiter', () => {
  it.each([
    ['a comma file', lines('Date,Account,Amount', '2024-01-31,6120,100.00'), ','],
    ['a semicolon file', lines('Date;Account;Amount', '2024-01-31;6120;100.00'), ';'],
    ['a tab file', lines('Date\tAccount\tAmount', '2024-01-31\t6120\t100.00'), '\t'],
    ['a pipe file', lines('Date|Account|Amount', '2024-01-31|6120|100.00'), '|'],
    [
      'a semicolon file of decimal commas (one comma on every data row, none in the header)',
      lines('Datum;Konto;Betrag', '31.01.2024;6120;1.234,56', '01.02.2024;4000;-12,50', '02.02.2024;4000;7,00'),
      ';',
    ],
    [
      'a comma file whose quoted values hold semicolons, tabs and pipes',
      lines('Name,Memo,Amount', '"A; B","x\ty|z","1,234.50"', '"C; D","p\tq|r","2,000.00"'),
      ',',
    ],
    [
      'a semicolon file whose quoted values hold commas',
      lines('Name;Amount', '"Smith, John";"1,5"', '"Doe, Jane";"2,25"', '"Roe, Rick";"3,75"'),
      ';',
    ],
    [
      'a tab file whose amounts have thousands commas',
      lines('Date\tAccount\tAmount', '2024-01-31\t6120\t1,234.50', '2024-02-01\t6120\t12.00'),
      '\t',
    ],
    ['a QuickBooks report with title lines above the table', QUICKBOOKS_GL, ','],
    [
      'a report of semicolons under title lines that hold commas',
      lines(
        'Acme, Inc.',
        'Trial balance, 31 December 2024',
        'Konto;Name;Soll;Haben',
        '1000;Kasse;100,00;',
        '8400;Erlöse;;100,00',
      ),
      ';',
    ],
    [
      'a quoted value spanning lines, delimiters inside',
      lines('Account|Memo|Amount', '6120|"line one, a\nline two; b"|10', '6130|"c, d"|20'),
      '|',
    ],
    ['a header alone', 'a;b;c,d', ';'],
    ['one column', lines('Amount', '100', '200'), ','],
    ['nothing', '', ','],
    ['an Excel "sep=" line', lines('sep=;', 'a,b;c', '1,5;2'), ';'],
    ['an Excel "sep=" line naming a tab', 'sep=\t\na,b\tc\n', '\t'],
  ])('finds the delimiter of %s', (_case, sample, delimiter) => {
    expect(detectDelimiter(sample)).toBe(delimiter);
  });

  it('gives ties to the comma: one record split in two by either', () => {
    expect(detectDelimiter('a,b|c\n')).toBe(',');
    expect(detectDelimiter('a;b,c\n')).toBe(',');
  });

  it('does not count the last record of a sample cut off in its middle', () => {
    // Whatever the cut leaves of a last line ("3,4,5,6,7" of a longer one) is not a record of the table.
    expect(detectDelimiter('a;b\n1;2\n3,4,5,6,7')).toBe(';');
    expect(detectDelimiter('a;b\n1;2\n3,4,5,6,7\n')).toBe(',');
  });

  it('finds the delimiter of any table of plain values, whatever its width and title lines', () => {
    const cell = fc.stringMatching(/^[A-Za-z0-9 .]{0,8}$/);
    fc.assert(
      fc.property(
        fc.constantFrom(',', ';', '\t', '|'),
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 2, max: 20 }),
        fc.array(fc.stringMatching(/^[A-Za-z ]{1,20}$/), { maxLength: 3 }),
        (delimiter, width, height, titles) => {
          const rows = fc.sample(fc.array(cell, { minLength: width, maxLength: width }), { numRuns: height, seed: 1 });
          const text = [...titles, ...rows.map((row) => row.join(delimiter))].join('\n') + '\n';
          expect(detectDelimiter(text)).toBe(delimiter);
        },
      ),
    );
  });
});
