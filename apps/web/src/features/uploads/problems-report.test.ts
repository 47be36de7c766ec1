import { describe, expect, it } from 'vitest';
import { problemsReportCsv, problemsReportName } from './problems-report';

describe('problems report', () => {
  it('lists line, column, value and problem, one problem a line, quoting where needed', () => {
    expect(
      problemsReportCsv([
        { line: 7, column: 'debit', value: '12,3x', problem: 'is not a number' },
        { line: 9, column: null, value: null, problem: 'has 3 values; the header has 8' },
        { line: 12, column: 'description', value: 'say "hi"', problem: 'x' },
      ]),
    ).toBe(
      'line,column,value,problem\r\n' +
        '7,debit,"12,3x",is not a number\r\n' +
        '9,,,has 3 values; the header has 8\r\n' +
        '12,description,"say ""hi""",x\r\n',
    );
  });
  it('escapes a value a spreadsheet would run as a formula, but not a negative amount', () => {
    expect(
      problemsReportCsv([
        { line: 2, column: 'description', value: '=HYPERLINK("http://x")', problem: 'p' },
        { line: 3, column: 'debit', value: '-1234.50', problem: 'p' },
      ]),
    ).toBe('line,column,value,problem\r\n2,description,"\'=HYPERLINK(""http://x"")",p\r\n3,debit,-1234.50,p\r\n');
  });
  it('adds the layout rule of each problem for a file read with a layout', () => {
    expect(
      problemsReportCsv([
        { line: 4, column: 'Date', value: '31.02.2024', problem: 'p', rule: 'Dates: DD.MM.YYYY' },
        { line: 9, column: null, value: 'J1', problem: 'q', rule: null },
      ]),
    ).toBe('line,column,value,problem,rule\r\n4,Date,31.02.2024,p,Dates: DD.MM.YYYY\r\n9,,J1,q,\r\n');
  });
  it('is named after the file', () => {
    expect(problemsReportName('gl-2026-11.CSV')).toBe('gl-2026-11-problems.csv');
    expect(problemsReportName('export')).toBe('export-problems.csv');
  });
});
