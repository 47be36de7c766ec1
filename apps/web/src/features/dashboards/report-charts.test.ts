import { describe, expect, it } from 'vitest';
import type { ReportSeries } from '@finboard/shared/reports';
import { planCharts, trendOption } from './report-charts';

const series = (key: string, chart: ReportSeries['chart'], points: [string, number | null][]): ReportSeries => ({
  key,
  label: key,
  chart,
  kind: 'amount',
  points: points.map(([x, value]) => ({ x, value })),
});

describe('statement charts', () => {
  it('puts KPI series on cards, line and bar series on one chart and each pie on its own', () => {
    const plan = planCharts([
      series('revenue', 'kpi', []),
      series('net', 'line', []),
      series('costs', 'bar', []),
      series('mix', 'pie', []),
    ]);
    expect(plan.kpis.map((s) => s.key)).toEqual(['revenue']);
    expect(plan.trend.map((s) => s.key)).toEqual(['net', 'costs']);
    expect(plan.pies.map((s) => s.key)).toEqual(['mix']);
  });

  it('aligns trend series on the periods of all of them, a missing point as a gap', () => {
    const option = trendOption([
      series('a', 'line', [
        ['2025-01', 1],
        ['2025-02', 2],
      ]),
      series('b', 'bar', [['2025-02', 5]]),
    ]);
    expect(option.xAxis).toMatchObject({ data: ['2025-01', '2025-02'] });
    expect((option.series as { data: unknown[] }[]).map((s) => s.data)).toEqual([
      [1, 2],
      [null, 5],
    ]);
  });
});
