import { describe, expect, it } from 'vitest';
import { requestOf, rowOf, statementOf, TRADING_BOOKS } from '../../../test/statement-books.ts';
import { financialOverview } from './financial-overview.ts';

const books = TRADING_BOOKS;
const points = (body: ReturnType<typeof statementOf>, key: string) =>
  body.series.find((series) => series.key === key)!.points.map((point) => point.value);
const card = (body: ReturnType<typeof statementOf>, key: string) =>
  body.series.find((series) => series.key === key)!.card;

describe('the Financial Overview of hand-made books', () => {
  it('tables the range against the same months a year earlier: Feb 2026 against an empty Feb 2025', () => {
    const overview = statementOf(financialOverview, books, { from: '2026-02', to: '2026-02' });
    // Feb 2026: revenue 2,000, goods 700, operating 900 − 40, net 390, cash 10,690 at the end; margin
    // (2,000 − 700) / 2,000 = 65 %. Feb 2025 has nothing: a change against 0 has no %.
    expect(overview.totals).toEqual({
      revenue: 2000,
      revenuePrior: 0,
      revenueChange: 2000,
      grossMarginPct: 65,
      grossMarginPctPrior: 0,
      grossMarginPctChange: 65,
      operatingExpenses: 860,
      operatingExpensesPrior: 0,
      operatingExpensesChange: 860,
      netIncome: 390,
      netIncomePrior: 0,
      netIncomeChange: 390,
      cash: 10690,
      cashPrior: 0,
      cashChange: 10690,
    });
    const kpis = overview.sections[0]!;
    expect(kpis.columns.map((column) => column.label)).toEqual([
      'Feb 2026 – Feb 2026',
      'Feb 2025 – Feb 2025',
      'Change',
      'Change %',
    ]);
    // Rising costs are bad news, rising revenue good.
    expect(kpis.rows.map((row) => [row.key, row.favourable?.change])).toEqual([
      ['kpi:revenue', true],
      ['kpi:grossMarginPct', true],
      ['kpi:operatingExpenses', false],
      ['kpi:netIncome', true],
      ['kpi:cash', true],
    ]);
    expect(rowOf(overview, 'kpi:revenue').drill).toEqual({ accountType: 'revenue', from: '2026-02', to: '2026-02' });
  });

  it('cards the last month, named, against the month before and a year before: percentages in points', () => {
    const overview = statementOf(financialOverview, books, { from: '2026-01', to: '2026-02' });
    expect(overview.series.map((series) => [series.key, series.chart, series.kind])).toEqual([
      ['revenue', 'kpi', 'amount'],
      ['grossMargin', 'kpi', 'percent'],
      ['operatingExpenses', 'kpi', 'amount'],
      ['netIncome', 'kpi', 'amount'],
      ['cash', 'kpi', 'amount'],
    ]);
    // Feb 2026 against Jan 2026 (revenue 1,500, no goods, operating 400, net 1,100, cash 12,800) and Feb 2025
    // (nothing): revenue +500 / 1,500 = 33.33 %; margin 65 against 100: −35 points; operating +460 / 400 =
    // 115 %; net −710 / 1,100 = −64.545… %; cash −2,110 / 12,800 = −16.484… %. Against 0, no change.
    expect(card(overview, 'revenue')).toEqual({
      kpi: 'revenue',
      unit: 'amount',
      formula: 'Sales less contra revenue of the range (other income is not revenue)',
      higherIsBetter: true,
      period: 'Feb 2026',
      value: 2000,
      previousPeriod: 'Jan 2026',
      previous: 1500,
      priorYearPeriod: 'Feb 2025',
      priorYear: 0,
      change: 33.33,
      priorYearChange: null,
      changeKind: 'percent',
    });
    expect(card(overview, 'grossMargin')).toMatchObject({
      value: 65,
      previous: 100,
      priorYear: null,
      change: -35,
      priorYearChange: null,
      changeKind: 'points',
    });
    expect(card(overview, 'operatingExpenses')).toMatchObject({ value: 860, change: 115, higherIsBetter: false });
    expect(card(overview, 'netIncome')).toMatchObject({ value: 390, previous: 1100, change: -64.55 });
    expect(card(overview, 'cash')).toMatchObject({ value: 10690, previous: 12800, change: -16.48, priorYear: 0 });
    // The sparklines: each month of the range.
    expect(points(overview, 'revenue')).toEqual([1500, 2000]);
    expect(points(overview, 'grossMargin')).toEqual([100, 65]);
    expect(points(overview, 'operatingExpenses')).toEqual([400, 860]);
    expect(points(overview, 'netIncome')).toEqual([1100, 390]);
    expect(points(overview, 'cash')).toEqual([12800, 10690]);
    expect(overview.series[0]!.points[0]!.drill).toEqual({ accountType: 'revenue', from: '2026-01', to: '2026-01' });
  });

  it('shows the cards an organization chose, from the whole library', () => {
    const request = {
      ...requestOf(books, { from: '2026-01', to: '2026-02' }),
      cards: ['dso', 'currentRatio'] as const,
    };
    const { series } = financialOverview.build(request, {
      movements: [],
      budget: [],
      cashFlows: [],
      counterparties: [],
    });
    expect(series.map((one) => [one.key, one.kind, one.card?.unit, one.card?.changeKind])).toEqual([
      ['dso', 'number', 'days', 'percent'],
      ['currentRatio', 'number', 'ratio', 'percent'],
    ]);
  });

  it('compares Dec 2026 with Dec 2025 a year later: the table and the cards', () => {
    // Dec 2025: revenue 3,000, margin (3,000 − 1,200) / 3,000 = 60 %, operating 800, net 1,000, cash 9,200.
    // Dec 2026 has no lines: cash stays Feb 2026's 10,690 (+1,490 / 9,200 = 16.195… %).
    const overview = statementOf(financialOverview, books, { from: '2026-12', to: '2026-12' });
    expect(overview.totals).toMatchObject({
      revenue: 0,
      revenuePrior: 3000,
      revenueChangePct: -100,
      grossMarginPctPrior: 60,
      grossMarginPctChange: -60,
      operatingExpensesPrior: 800,
      operatingExpensesChangePct: -100,
      netIncomePrior: 1000,
      netIncomeChangePct: -100,
      cash: 10690,
      cashPrior: 9200,
      cashChange: 1490,
      cashChangePct: 16.2,
    });
    expect(card(overview, 'revenue')).toMatchObject({
      value: 0,
      previous: 0,
      change: null,
      priorYear: 3000,
      priorYearChange: -100,
    });
    expect(card(overview, 'cash')).toMatchObject({
      value: 10690,
      previous: 10690,
      change: 0,
      priorYear: 9200,
      priorYearChange: 16.2,
    });
  });

  it('keeps its entity: a month without revenue has no margin', () => {
    // US, Feb against Jan: revenue 0 against 1,500; operating: the rent's 40 refunded against 400
    // (−440 / 400 = −110 %); net 0 − 700 + 40 − 50; cash 1,500 − 400 at Jan's end, then − 50 + 40.
    const us = statementOf(financialOverview, books, { from: '2026-02', to: '2026-02', entity: 'US' });
    expect(card(us, 'revenue')).toMatchObject({ value: 0, previous: 1500, change: -100 });
    expect(card(us, 'grossMargin')).toMatchObject({ value: null, previous: 100, change: null });
    expect(card(us, 'operatingExpenses')).toMatchObject({ value: -40, previous: 400, change: -110 });
    expect(card(us, 'netIncome')).toMatchObject({ value: -710 });
    expect(card(us, 'cash')).toMatchObject({ value: 1090, previous: 1100, change: -0.91 });
    expect(points(us, 'grossMargin')).toEqual([null]);
  });

  it('reads every month since the beginning (cash is a balance)', () => {
    expect(financialOverview.reads(requestOf(books, { from: '2026-01', to: '2026-02' }))).toEqual({
      movements: { ranges: [{ from: null, to: '2026-02' }] },
    });
  });
});

describe('the Financial Overview’s table', () => {
  it('says the margin changes in points', () => {
    const overview = statementOf(financialOverview, books, { from: '2026-02', to: '2026-02' });
    expect(rowOf(overview, 'kpi:grossMarginPct')).toMatchObject({
      label: 'Gross margin % (change in points)',
      values: { current: 65, prior: 0, change: 65, changePct: null },
    });
  });
});
