import { describe, expect, it } from 'vitest';
import { followUp, parseQuestion, type ParserContext } from './parser.ts';

const context: ParserContext = {
  accounts: [
    { code: '4100', name: 'Product Sales', type: 'revenue', subtype: 'revenue', parentCode: null },
    { code: '4110', name: 'Sales - Machined Components', type: 'revenue', subtype: 'revenue', parentCode: '4100' },
    { code: '6200', name: 'Marketing Department', type: 'expense', subtype: 'operating_expense', parentCode: null },
    { code: '6230', name: 'Digital Advertising', type: 'expense', subtype: 'operating_expense', parentCode: '6200' },
    { code: '7310', name: 'Legal Fees', type: 'expense', subtype: 'operating_expense', parentCode: null },
  ],
  departments: ['Sales', 'Marketing'],
  entities: ['HPC-US'],
  periods: ['2025', '2026'].flatMap((year) =>
    Array.from({ length: 12 }, (_, i) => ({
      period: `${year}-${String(i + 1).padStart(2, '0')}`,
      fiscalYear: Number(year),
      fiscalPeriod: i + 1,
    })),
  ),
  lastPeriod: '2026-10',
};

const queryOf = (question: string) => {
  const parsed = parseQuestion(question, context);
  if (parsed.kind !== 'query') throw new Error(`not understood: ${question}`);
  return parsed.query;
};

describe('the built-in Chat DB parser', () => {
  it.each([
    ['Sales last month', 'revenue', { from: '2026-10', to: '2026-10' }],
    ['What was gross margin last quarter?', 'gross_margin_pct', { from: '2026-07', to: '2026-09' }],
    ['COGS in Q3 2025', 'cost_of_sales', { from: '2025-07', to: '2025-09' }],
    ['bottom line YTD', 'net_income', { from: '2026-01', to: '2026-10' }],
    ['opex FY2025', 'operating_expenses', { from: '2025-01', to: '2025-12' }],
    ['Revenue in the last 6 months', 'revenue', { from: '2026-05', to: '2026-10' }],
    ['Turnover in March', 'revenue', { from: '2026-03', to: '2026-03' }],
    ['Expenses in November', 'expenses', { from: '2025-11', to: '2025-11' }],
  ])('reads "%s" as %s over %j', (question, metric, timeRange) => {
    const query = queryOf(question);
    expect(query.metrics).toEqual([metric]);
    expect(query.timeRange).toEqual(timeRange);
  });

  it('ranks the top N expense accounts against their budget', () => {
    expect(queryOf('Top 5 expense accounts in March vs budget')).toMatchObject({
      metrics: ['amount'],
      dimensions: ['account'],
      filters: { accountTypes: ['expense'] },
      compare: 'budget',
      order: { by: 'amount', direction: 'desc' },
      limit: 5,
    });
  });

  it('matches accounts by name (with a slip), code and group, and departments only as departments', () => {
    expect(queryOf('Legal fes this year').filters.accountCodes).toEqual(['7310']);
    expect(queryOf('What did account 6230 cost?').filters.accountCodes).toEqual(['6230']);
    expect(queryOf('Product sales by month').filters.accountCodes).toEqual(['4100', '4110']);
    expect(queryOf('Opex of the Marketing department').filters).toEqual({ departments: ['Marketing'] });
    expect(queryOf('Sales by department').filters).toEqual({});
  });

  it('keeps the context of a follow-up and moves "the quarter before" back by the range', () => {
    const first = queryOf('Revenue last quarter');
    const before = followUp('and the quarter before?', first, context);
    expect(before.kind === 'query' && before.query.timeRange).toEqual({ from: '2026-04', to: '2026-06' });
    const marketing = followUp('what about the Marketing department?', first, context);
    expect(marketing.kind === 'query' && marketing.query.filters.departments).toEqual(['Marketing']);
  });

  it('says what it understood, names the word it did not, and offers three questions', () => {
    const parsed = parseQuestion('Tell me a story about the Marketing department last quarter', context);
    expect(parsed).toEqual({
      kind: 'unknown',
      understood: ['the Marketing department', 'Q3 2026'],
      unknown: ['story'],
      suggestions: expect.arrayContaining([expect.any(String)]),
    });
    expect(parsed.kind === 'unknown' && parsed.suggestions).toHaveLength(3);
  });
});
