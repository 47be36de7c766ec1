import { describe, expect, it } from 'vitest';
import type { Kpi, Report, ReportRow } from '@finboard/shared/reports';
import {
  blocksOf,
  draftCommentary,
  referencesOf,
  resolvedText,
  unknownPlaceholders,
  type FigureBook,
} from './commentary.ts';

const row = (
  key: string,
  label: string,
  values: Record<string, number>,
  kind: ReportRow['kind'] = 'line',
): ReportRow => ({
  key,
  label,
  kind,
  depth: kind === 'line' ? 2 : 0,
  values,
});
/** A month's figures with every comparison: the month, then previousPeriod, priorYear, budget and the variances. */
const figures = (month: number, previous: number, priorYear: number, budget: number) => ({
  '2026-10': month,
  total: month,
  previousPeriod: previous,
  vsPreviousPeriod: month - previous,
  vsPreviousPeriodPct: Math.round(((month - previous) / previous) * 10_000) / 100,
  priorYear,
  vsPriorYear: month - priorYear,
  vsPriorYearPct: Math.round(((month - priorYear) / priorYear) * 10_000) / 100,
  budget,
  vsBudget: month - budget,
  vsBudgetPct: Math.round(((month - budget) / budget) * 10_000) / 100,
});

const book: FigureBook = {
  profitAndLoss: {
    to: '2026-10',
    sections: [
      {
        key: 'profitAndLoss',
        label: 'Profit & Loss',
        columns: [],
        rows: [
          row('revenue:account:4000', '4000 Machined Components', figures(120_000, 100_000, 90_000, 110_000)),
          row('revenue:account:4100', '4100 Services', figures(20_000, 22_000, 18_000, 20_000)),
          row('revenue:total', 'Total revenue', figures(140_000, 122_000, 108_000, 130_000), 'subtotal'),
          row('operatingExpenses:account:6000', '6000 Rent', figures(5_000, 5_000, 4_800, 5_000)),
          row('operatingExpenses:total', 'Total operating expenses', figures(5_000, 5_000, 4_800, 5_000), 'subtotal'),
          row('result:netIncome', 'Net income', figures(35_000, 30_000, 25_000, 40_000), 'total'),
        ],
      },
    ],
  } as unknown as Report,
  kpis: [
    {
      key: 'grossMargin',
      label: 'Gross margin',
      unit: 'percent',
      value: 41.5,
      previous: 40,
      priorYear: 38,
      change: 1.5,
      changeKind: 'points',
    },
    {
      key: 'cash',
      label: 'Cash',
      unit: 'amount',
      value: 80_000,
      previous: 90_000,
      priorYear: 50_000,
      change: -11.11,
      changeKind: 'percent',
    },
  ] as Kpi[],
};

describe('placeholders', () => {
  it('resolve to the statement figure as the statements show it, sizes without sign and the direction in words', () => {
    const text =
      'Revenue {{revenue.direction.previousPeriod}} {{revenue.changePercent.previousPeriod}} ({{revenue.change.previousPeriod}}) to {{revenue}}; ' +
      'net income was {{netIncome.change.budget}} {{netIncome.direction.budget}} budget; cash {{cash.direction.previousPeriod}} {{cash.change.previousPeriod}}.';
    expect(resolvedText(text, book)).toBe(
      'Revenue rose 14.75% (18,000.00) to 140,000.00; net income was 5,000.00 below budget; cash fell 10,000.00.',
    );
  });

  it('name each figure once with its label and source, an account by its code', () => {
    expect(referencesOf('{{account:4100.change.priorYear}} and {{account:4100.change.priorYear}}', book)).toEqual([
      {
        placeholder: '{{account:4100.change.priorYear}}',
        label: '4100 Services change against the same month last year',
        value: 2_000,
        formatted: '2,000.00',
        source: 'Profit & Loss, 4100 Services, vsPriorYear',
      },
    ]);
  });

  it('are unknown when they name no figure or no such measure', () => {
    expect(unknownPlaceholders('{{sales}} {{revenue.nextYear}} {{revenue}} {{account:4000.budget}}')).toEqual([
      '{{sales}}',
      '{{revenue.nextYear}}',
    ]);
  });
});

describe('draftCommentary', () => {
  it('writes the movements with the accounts that drove them, every number a placeholder', () => {
    const draft = draftCommentary(book);
    expect(draft.split('\n\n')[0]).toBe(
      'Revenue {{revenue.direction.previousPeriod}} {{revenue.changePercent.previousPeriod}} ({{revenue.change.previousPeriod}}) on the previous month to {{revenue}}, led by 4000 Machined Components ({{account:4000.direction.previousPeriod}} {{account:4000.change.previousPeriod}}). ' +
        'Against the same month last year it {{revenue.direction.priorYear}} {{revenue.changePercent.priorYear}} ({{revenue.change.priorYear}}). ' +
        'It was {{revenue.change.budget}} {{revenue.direction.budget}} its budget of {{revenue.budget}}.',
    );
    expect(resolvedText(draft, book)).toContain(
      'Net income rose 16.67% (5,000.00) on the previous month to 35,000.00.',
    );
    expect(resolvedText(draft, book)).toContain('Gross margin was 41.50% against 40.00% the previous month.');
    expect(unknownPlaceholders(draft)).toEqual([]);
    // No figure of its own: what is left once placeholders and account labels go has no digits.
    expect(draft.replace(/\{\{[^}]+\}\}/g, '').replace(/\d{4} [A-Z]/g, '')).not.toMatch(/\d/);
  });

  it('is the same every time for the same figures', () => {
    expect(draftCommentary(book)).toBe(draftCommentary(book));
  });
});

describe('blocksOf', () => {
  it('reads paragraphs, bullets, bold and italic', () => {
    expect(blocksOf('First **bold** line\ncontinues *here*.\n\n- one\n* two')).toEqual([
      {
        kind: 'paragraph',
        runs: [
          { text: 'First ' },
          { text: 'bold', bold: true },
          { text: ' line continues ' },
          { text: 'here', italic: true },
          { text: '.' },
        ],
      },
      { kind: 'bullet', runs: [{ text: 'one' }] },
      { kind: 'bullet', runs: [{ text: 'two' }] },
    ]);
  });
});
