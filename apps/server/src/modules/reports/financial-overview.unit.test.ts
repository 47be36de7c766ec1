import { describe, expect, it } from 'vitest';
import { requestOf, rowOf, statementOf, TRADING_BOOKS } from '../../../test/statement-books.ts';
import { financialOverview } from './financial-overview.ts';

const books = TRADING_BOOKS;
const points = (body: ReturnType<typeof statementOf>, key: string) =>
  body.series.find((series) => series.key === key)!.points.map((point) => point.value);

describe('the Financial Overview of hand-made books', () => {
  it('compares Feb 2026 with Jan 2026: each KPI, its change and whether the change is good news', () => {
    const overview = statementOf(financialOverview, books, { from: '2026-02', to: '2026-02' });
    // Feb: revenue 2,000, goods 700, operating 900 − 40, net 390, cash 10,690 at the end.
    // Jan: revenue 1,500, no goods, operating 400, net 1,100, cash 12,800 at the end.
    // Margins (2,000 − 700) / 2,000 = 65 % and 100 %; changes 500 / 1,500 = 33.33 %, 460 / 400 = 115 %,
    // −710 / 1,100 = −64.545… %, −2,110 / 12,800 = −16.484… %.
    expect(overview.totals).toEqual({
      revenue: 2000,
      revenuePrior: 1500,
      revenueChange: 500,
      revenueChangePct: 33.33,
      grossMarginPct: 65,
      grossMarginPctPrior: 100,
      grossMarginPctChange: -35,
      operatingExpenses: 860,
      operatingExpensesPrior: 400,
      operatingExpensesChange: 460,
      operatingExpensesChangePct: 115,
      netIncome: 390,
      netIncomePrior: 1100,
      netIncomeChange: -710,
      netIncomeChangePct: -64.55,
      cash: 10690,
      cashPrior: 12800,
      cashChange: -2110,
      cashChangePct: -16.48,
    });
    const kpis = overview.sections[0]!;
    expect(kpis.columns.map((column) => column.label)).toEqual([
      'Feb 2026 – Feb 2026',
      'Jan 2026 – Jan 2026',
      'Change',
      'Change %',
    ]);
    // Rising costs are bad news, rising revenue good.
    expect(kpis.rows.map((row) => [row.key, row.favourable?.change])).toEqual([
      ['kpi:revenue', true],
      ['kpi:grossMarginPct', false],
      ['kpi:operatingExpenses', false],
      ['kpi:netIncome', false],
      ['kpi:cash', false],
    ]);
    expect(rowOf(overview, 'kpi:grossMarginPct').values).toEqual({
      current: 65,
      prior: 100,
      change: -35,
      changePct: null,
    });
    expect(rowOf(overview, 'kpi:revenue').drill).toEqual({ accountType: 'revenue', from: '2026-02', to: '2026-02' });
  });

  it('compares Jan–Feb 2026 with Nov–Dec 2025 across the year end, with monthly sparklines', () => {
    const overview = statementOf(financialOverview, books, { from: '2026-01', to: '2026-02' });
    // Prior: Dec 2025 alone (no November): revenue 3,000, margin (3,000 − 1,200) / 3,000 = 60 %, operating
    // 800, net 1,000, cash 9,200. Current: 3,500, 2,800 / 3,500 = 80 %, 1,260, 1,490, cash 10,690.
    expect(overview.totals).toMatchObject({
      revenue: 3500,
      revenuePrior: 3000,
      revenueChangePct: 16.67,
      grossMarginPct: 80,
      grossMarginPctPrior: 60,
      grossMarginPctChange: 20,
      operatingExpenses: 1260,
      operatingExpensesPrior: 800,
      operatingExpensesChangePct: 57.5,
      netIncome: 1490,
      netIncomePrior: 1000,
      netIncomeChange: 490,
      netIncomeChangePct: 49,
      cash: 10690,
      cashPrior: 9200,
      cashChange: 1490,
      cashChangePct: 16.2,
    });
    expect(overview.sections[0]!.columns[1]!.label).toBe('Nov 2025 – Dec 2025');
    expect(points(overview, 'revenue')).toEqual([1500, 2000]);
    expect(points(overview, 'grossMarginPct')).toEqual([100, 65]);
    expect(points(overview, 'operatingExpenses')).toEqual([400, 860]);
    expect(points(overview, 'netIncome')).toEqual([1100, 390]);
    expect(points(overview, 'cash')).toEqual([12800, 10690]);
    expect(overview.series[0]!.points[0]!.drill).toEqual({ accountType: 'revenue', from: '2026-01', to: '2026-01' });
  });

  it('keeps its entity: a month without revenue has no margin', () => {
    // US, Feb against Jan: revenue 0 against 1,500; operating: the rent's 40 refunded against 400; net
    // 0 − 700 + 40 − 50; cash 1,500 − 400 at Jan's end, then − 50 + 40 (−10 / 1,100 = −0.909… %).
    const us = statementOf(financialOverview, books, { from: '2026-02', to: '2026-02', entity: 'US' });
    expect(us.totals).toMatchObject({
      revenue: 0,
      revenuePrior: 1500,
      revenueChangePct: -100,
      grossMarginPct: 0,
      grossMarginPctPrior: 100,
      operatingExpenses: -40,
      operatingExpensesPrior: 400,
      netIncome: -710,
      cash: 1090,
      cashPrior: 1100,
      cashChange: -10,
      cashChangePct: -0.91,
    });
    expect(points(us, 'grossMarginPct')).toEqual([null]);
  });

  it('reads every month since the beginning (cash is a balance)', () => {
    expect(financialOverview.reads(requestOf(books, { from: '2026-01', to: '2026-02' }))).toEqual({
      movements: { ranges: [{ from: null, to: '2026-02' }] },
    });
  });
});
