import { describe, expect, it } from 'vitest';
import { niceScale } from './pdf-chart.ts';

describe('niceScale', () => {
  it('covers the values and zero in round steps', () => {
    expect(niceScale([90_000, null, 126_380.64])).toEqual({
      min: 0,
      max: 150_000,
      ticks: [0, 50_000, 100_000, 150_000],
    });
    expect(niceScale([-2_500, 18_250.1])).toEqual({
      min: -5_000,
      max: 20_000,
      ticks: [-5_000, 0, 5_000, 10_000, 15_000, 20_000],
    });
  });

  it('writes decimal ticks without binary noise', () => {
    expect(niceScale([0.1, 0.7]).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it('draws an axis from 0 to 1 when there is nothing but zeros or gaps', () => {
    expect(niceScale([null, 0, null])).toEqual({ min: 0, max: 1, ticks: [0, 1] });
  });
});
