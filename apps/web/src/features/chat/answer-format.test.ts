import { describe, expect, it } from 'vitest';
import type { ChatColumn } from '@finboard/shared/chat';
import { answerCsv, answerTsv, bridgeSteps, formatCell } from './answer-format';

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

describe("a decomposition's bridge", () => {
  const answer = {
    chart: {
      type: 'bridge' as const,
      x: 'account_name',
      y: ['expenses_change'],
      bridge: { from: 1000, to: 1090, fromLabel: 'Aug 2026', toLabel: 'Sep 2026' },
    },
    result: [
      { account_name: 'Rent', expenses_change: 120 },
      { account_name: 'Travel', expenses_change: -40 },
      { account_name: 'Fees', expenses_change: 10 },
    ],
  };

  it('floats each change from where the one before ended, between the two totals', () => {
    const { steps, floor } = bridgeSteps(answer);
    expect(floor).toBe(900);
    expect(steps).toEqual([
      { label: 'Aug 2026', base: 900, value: 100, change: 1000, kind: 'total' },
      { label: 'Rent', base: 1000, value: 120, change: 120, kind: 'up' },
      { label: 'Travel', base: 1080, value: 40, change: -40, kind: 'down' },
      { label: 'Fees', base: 1080, value: 10, change: 10, kind: 'up' },
      { label: 'Sep 2026', base: 900, value: 190, change: 1090, kind: 'total' },
    ]);
  });

  it('gathers the contributors beyond those shown into one step', () => {
    const { steps } = bridgeSteps(answer, 1);
    expect(steps.map((step) => [step.label, step.change])).toEqual([
      ['Aug 2026', 1000],
      ['Rent', 120],
      ['Other (2)', -30],
      ['Sep 2026', 1090],
    ]);
  });

  it('steps through the change of lines without a name, so the bars reach the later total', () => {
    const { steps } = bridgeSteps({
      ...answer,
      chart: {
        ...answer.chart,
        x: 'department',
        bridge: { ...answer.chart.bridge, to: 1095, unnamed: { label: 'No department', change: 5 } },
      },
      result: answer.result.map(({ account_name, expenses_change }) => ({ department: account_name, expenses_change })),
    });
    expect(steps.map((step) => [step.label, step.change])).toEqual([
      ['Aug 2026', 1000],
      ['Rent', 120],
      ['Travel', -40],
      ['Fees', 10],
      ['No department', 5],
      ['Sep 2026', 1095],
    ]);
    expect(steps.at(-2)).toMatchObject({ base: 1090, value: 5, kind: 'up' });
  });
});
