import { describe, expect, it } from 'vitest';
import type { ReportColumn } from '@finboard/shared/reports';
import { cssString, printColumnGroups } from './report-print';

const column = (key: string): ReportColumn => ({ key, label: key, kind: 'amount' });
const months = Array.from({ length: 12 }, (_, i) => column(`2026-${String(i + 1).padStart(2, '0')}`));
const keys = (groups: ReportColumn[][]) => groups.map((group) => group.map((c) => c.key));

describe('printColumnGroups', () => {
  it('splits twelve months, Total and two comparisons over two pages, a comparison with its variances', () => {
    const columns = [
      ...months,
      column('total'),
      ...['priorYear', 'vsPriorYear', 'vsPriorYearPct', 'budget', 'vsBudget', 'vsBudgetPct'].map(column),
    ];
    const groups = printColumnGroups(columns);
    expect(keys(groups)).toEqual([
      months.slice(0, 10).map((c) => c.key),
      [
        '2026-11',
        '2026-12',
        'total',
        'priorYear',
        'vsPriorYear',
        'vsPriorYearPct',
        'budget',
        'vsBudget',
        'vsBudgetPct',
      ],
    ]);
    // Nothing is dropped or repeated.
    expect(groups.flat()).toEqual(columns);
  });
  it('keeps a statement that fits on one page whole, and moves a comparison that would not fit as a block', () => {
    expect(keys(printColumnGroups([column('current'), column('previousMonth')]))).toEqual([
      ['current', 'previousMonth'],
    ]);
    const eight = months.slice(0, 8);
    const groups = printColumnGroups([...eight, column('budget'), column('vsBudget'), column('vsBudgetPct')]);
    expect(keys(groups)).toEqual([eight.map((c) => c.key), ['budget', 'vsBudget', 'vsBudgetPct']]);
  });
});

describe('cssString', () => {
  it('quotes a text for a CSS content value', () => {
    expect(cssString('Acme "UK" \\ Ltd')).toBe('"Acme \\"UK\\" \\\\ Ltd"');
  });
});
