import { describe, expect, it } from 'vitest';
import { isGoodNews, packChartOption, sparklineOption } from './preview-charts';

describe('the preview charts', () => {
  it('draws a chart page as bars and lines over its months, in the pack colour first', () => {
    const option = packChartOption(
      {
        categories: ['2026-09', '2026-10'],
        series: [
          { label: 'Revenue', type: 'bar', values: [100, 120] },
          { label: 'Net income', type: 'line', values: [10, null] },
        ],
      },
      '#1f4e79',
    );
    expect((option.color as string[])[0]).toBe('#1f4e79');
    expect(option.xAxis).toMatchObject({ data: ['2026-09', '2026-10'] });
    expect(option.series).toEqual([
      { name: 'Revenue', type: 'bar', data: [100, 120] },
      { name: 'Net income', type: 'line', data: [10, null] },
    ]);
  });
  it('colours a sparkline green for good news and red for bad, whichever way is good', () => {
    const months = ['a', 'b', 'c'];
    const cost = { spark: [1, 2, 3], unit: 'amount' as const, change: 5, higherIsBetter: false };
    expect(sparklineOption(cost, months).series[0]!.lineStyle.color).toBe('#dc2626');
    expect(sparklineOption({ ...cost, higherIsBetter: true }, months).series[0]!.lineStyle.color).toBe('#16a34a');
    expect(isGoodNews({ change: null, higherIsBetter: false })).toBe(true);
    // The months end with the period: a shorter series takes the last ones.
    expect(sparklineOption({ ...cost, spark: [1, 2] }, months).xAxis.data).toEqual(['b', 'c']);
  });
});
