import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { copyCsv, spreadsheetCsv } from './csv-writer.ts';

describe('spreadsheet CSV', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1+1', `"'+1+1"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['=1\n=2', `"'=1\n=2"`],
    ['-5\n=cmd', `"'-5\n=cmd"`],
    ['-', `"'-"`],
  ])('escapes the formula %j with a leading apostrophe, in quotes', (cell, expected) => {
    expect(spreadsheetCsv([[cell]])).toBe(`${expected}\r\n`);
  });

  it('keeps plain numbers, negative amounts included, as numbers', () => {
    const cells = ['-1234.50', '1234.50', '-0.01', '-.5', '-5', '-1.5e-7', '0', '-Infinity', 'NaN'];
    const csv = spreadsheetCsv([cells]);

    expect(csv).toBe('-1234.50,1234.50,-0.01,-.5,-5,-1.5e-7,0,-Infinity,NaN\r\n');
    // What a spreadsheet (or any CSV reader with type detection) makes of it: numbers, not text.
    const [parsed] = Papa.parse<unknown[]>(csv.trimEnd(), { dynamicTyping: true }).data;
    expect(parsed!.slice(0, 7)).toEqual([-1234.5, 1234.5, -0.01, -0.5, -5, -1.5e-7, 0]);
  });

  it('quotes only what needs it, writes null as an empty field and ends every record with CRLF', () => {
    const csv = spreadsheetCsv([
      ['Invoice 17, "Acme"', 'plain', null, ' padded', 'two\nlines', true, 12],
      ['J2', '', null, 'x', 'y', false, -3],
    ]);

    expect(csv).toBe('"Invoice 17, ""Acme""",plain,," padded","two\nlines",true,12\r\nJ2,,,x,y,false,-3\r\n');
  });

  it('answers nothing for no records, so batches concatenate', () => {
    expect(spreadsheetCsv([])).toBe('');
    expect(spreadsheetCsv([['a']]) + spreadsheetCsv([]) + spreadsheetCsv([['b']])).toBe('a\r\nb\r\n');
  });
});

describe('COPY CSV', () => {
  it('quotes every value verbatim (formulas included), keeps "" apart from null and ends records with LF', () => {
    const csv = copyCsv([
      ['=HYPERLINK("x")', '-2+3', '', null, 5, true],
      ['a,b', 'line\nbreak', '@x', null, -1.5, false],
    ]);

    expect(csv).toBe('"=HYPERLINK(""x"")","-2+3","",,"5","true"\n' + '"a,b","line\nbreak","@x",,"-1.5","false"\n');
  });

  it('answers nothing for no records', () => {
    expect(copyCsv([])).toBe('');
  });
});
