import { describe, expect, it } from 'vitest';
import { MAX_RUN_PROBLEMS } from '@finboard/shared/pipelines';
import { refusedJournals } from './accounting.service.ts';

// SYNCED_LINE_COLUMNS order: journal, line, date, period, account, …
const lines = [
  ['J1', 1, '2024-01-05', '2024-01', '1000'],
  ['J1', 2, '2024-01-05', '2024-01', '4000'],
  ['J2', 1, '2024-02-05', '2024-02', '9999'],
  ['J2', 2, '2024-02-05', '2024-02', '4000'],
  ['J3', 1, '2024-03-05', '2024-03', '1000'],
  ['J3', 2, '2024-03-05', '2024-03', '9999'],
  ['J4', 1, '2024-03-09', '2024-03', '1000'],
];

describe('refusedJournals', () => {
  it('names the journal of a line, every journal using an unknown account, every journal in a closed period', () => {
    expect(refusedJournals([{ file: 'quickbooks journal lines', line: 2, problem: 'unbalanced' }], lines)).toEqual(
      new Set(['J1']),
    );
    expect(refusedJournals([{ column: 'account_code', value: '9999', line: 3, problem: 'unknown' }], lines)).toEqual(
      new Set(['J2', 'J3']),
    );
    expect(refusedJournals([{ column: 'period', value: '2024-03', problem: 'closed' }], lines)).toEqual(
      new Set(['J3', 'J4']),
    );
  });

  it('names none when a problem points at no journal, the list was cut short, or every journal is refused', () => {
    expect(refusedJournals([{ file: 'quickbooks accounts', line: 1, problem: 'bad type' }], lines)).toBeUndefined();
    expect(refusedJournals([{ column: 'period', value: '2023-12', problem: 'closed' }], lines)).toBeUndefined();
    const many = Array.from({ length: MAX_RUN_PROBLEMS }, () => ({
      file: 'quickbooks journal lines',
      line: 1,
      problem: 'x',
    }));
    expect(refusedJournals(many, lines)).toBeUndefined();
    expect(
      refusedJournals(
        [
          { column: 'account_code', value: '1000', problem: 'unknown' },
          { column: 'account_code', value: '9999', problem: 'unknown' },
        ],
        lines,
      ),
    ).toBeUndefined();
  });
});
