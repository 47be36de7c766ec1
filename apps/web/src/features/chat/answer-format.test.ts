import { describe, expect, it } from 'vitest';
import type { ChatColumn } from '@finboard/shared/chat';
import { answerCsv, answerTsv, formatCell } from './answer-format';

const columns: ChatColumn[] = [
  { name: 'account_name', label: 'Account name', type: 'text' },
  { name: 'amount', label: 'Amount', type: 'number', unit: 'currency' },
];
const result = [
  { account_name: '=HYPERLINK("x")', amount: 1234.5 },
  { account_name: 'Legal Fees', amount: -20 },
];

describe("a Chat DB answer's table", () => {
  it('exports CSV with labels, raw figures and formulas kept as text', () => {
    expect(answerCsv({ columns, result })).toBe(
      'Account name,Amount\r\n"\'=HYPERLINK(""x"")",1234.5\r\nLegal Fees,-20\r\n',
    );
  });

  it('copies tab-separated rows for a spreadsheet', () => {
    expect(answerTsv({ columns, result })).toBe('Account name\tAmount\n=HYPERLINK("x")\t1234.5\nLegal Fees\t-20');
  });

  it('shows percents with a % sign and text as it is', () => {
    expect(formatCell(38.5, { name: 'p', label: 'P', type: 'number', unit: 'percent' })).toMatch(/^38[.,]50%$/);
    expect(formatCell('2026-03', columns[0]!)).toBe('2026-03');
    expect(formatCell(null, columns[1]!)).toBe('');
  });
});
