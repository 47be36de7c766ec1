import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { csvRefusalMessage, describeCsvProblem, uploadMessages, uploadPeriodSchema } from './uploads.ts';

describe('describeCsvProblem', () => {
  it.each([
    [
      { line: 7, column: 'debit', value: '12,3x', problem: 'is not a number' },
      'line 7, column debit: "12,3x" is not a number',
    ],
    [
      { line: 3, column: 'journal_id', value: '', problem: 'a value is required' },
      'line 3, column journal_id: a value is required',
    ],
    [
      { line: 9, column: null, value: null, problem: 'has 2 values; the header has 13' },
      'line 9: has 2 values; the header has 13',
    ],
    [
      { line: 4, column: 'description', value: 'bell\u0007 "x"', problem: uploadMessages.unsupportedCharacters },
      'line 4, column description: "bell\\u0007 \\"x\\"" contains control characters or invalid symbols',
    ],
    [
      { line: 5, column: 'reference', value: 'x'.repeat(50), problem: 'is odd' },
      `line 5, column reference: "${'x'.repeat(40)}…" is odd`,
    ],
  ])('describes %j as %j', (problem, text) => {
    expect(describeCsvProblem(problem)).toBe(text);
  });

  it('names the first three problems of a refused file and counts the others', () => {
    const problems = [2, 3, 4, 5].map((line) => ({ line, column: 'debit', value: 'x', problem: 'is not a number' }));

    expect(csvRefusalMessage(problems, 1234)).toBe(
      'The file was not accepted: line 2, column debit: "x" is not a number; line 3, column debit: "x" is not a number; ' +
        'line 4, column debit: "x" is not a number (and 1,231 more)',
    );
    expect(csvRefusalMessage(problems.slice(0, 1), 1)).toBe(
      'The file was not accepted: line 2, column debit: "x" is not a number',
    );
  });
});

describe('uploadPeriodSchema', () => {
  it.each(['2026-03', ' 2026-12 '])('accepts %j', (period) => {
    expect(uploadPeriodSchema.parse(period)).toBe(period.trim());
  });

  it.each([
    ['', uploadMessages.periodRequired],
    ['2026-13', uploadMessages.periodInvalid],
    ['2026-3', uploadMessages.periodInvalid],
    ['0000-01', uploadMessages.periodInvalid],
    ['2026-03\u0000', messages.unsupportedCharacters],
  ])('refuses %j', (period, message) => {
    expect(uploadPeriodSchema.safeParse(period).error?.issues[0]?.message).toBe(message);
  });
});
