import { describe, expect, it } from 'vitest';
import { runProblemsCsv, runProblemsFileName } from './problems-report';

describe("a failed run's problems report", () => {
  it('lists file, line, column, value and problem, quoting where needed and leaving unknown parts empty', () => {
    expect(
      runProblemsCsv([
        { file: 'gl-2026-11.csv', line: 7, column: 'debit', value: '12,3x', problem: 'is not a number' },
        { problem: 'Journal J-1 does not balance: debits exceed credits by 10.00' },
      ]),
    ).toBe(
      'file,line,column,value,problem\r\n' +
        'gl-2026-11.csv,7,debit,"12,3x",is not a number\r\n' +
        ',,,,Journal J-1 does not balance: debits exceed credits by 10.00\r\n',
    );
  });
  it('escapes a value a spreadsheet would run as a formula, but not a negative amount', () => {
    expect(
      runProblemsCsv([
        { file: 'a.csv', line: 2, column: 'description', value: '=HYPERLINK("http://x")', problem: 'p' },
        { file: 'a.csv', line: 3, column: 'debit', value: '-1234.50', problem: 'p' },
      ]),
    ).toBe(
      'file,line,column,value,problem\r\n' +
        'a.csv,2,description,"\'=HYPERLINK(""http://x"")",p\r\n' +
        'a.csv,3,debit,-1234.50,p\r\n',
    );
  });
  it('is named after the pipeline and the run', () => {
    expect(runProblemsFileName('GL Detail', '5f0c1a2b-0000-4000-8000-000000000000')).toBe(
      'gl-detail-run-5f0c1a2b-problems.csv',
    );
    expect(runProblemsFileName('***', 'abcdef12-x')).toBe('pipeline-run-abcdef12-problems.csv');
  });
});
