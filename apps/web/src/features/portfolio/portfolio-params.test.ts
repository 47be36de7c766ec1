import { describe, expect, it } from 'vitest';
import {
  paramsFromPortfolioState,
  periodLabel,
  portfolioStateFromParams,
  sortFromAntd,
  sparklinePoints,
  timeAgo,
} from './portfolio-params';

describe('the portfolio table in the URL', () => {
  it('reads a sorted, filtered page and writes it back without its defaults', () => {
    const state = portfolioStateFromParams(
      new URLSearchParams('page=2&pageSize=50&sort=revenueYtd&sortOrder=desc&name=North&flag=runFailed'),
    );
    expect(state).toEqual({
      page: 2,
      pageSize: 50,
      sort: 'revenueYtd',
      sortOrder: 'desc',
      name: 'North',
      flag: 'runFailed',
    });
    expect(paramsFromPortfolioState(state).toString()).toBe(
      'page=2&pageSize=50&sort=revenueYtd&sortOrder=desc&name=North&flag=runFailed',
    );
    expect(paramsFromPortfolioState(portfolioStateFromParams(new URLSearchParams())).toString()).toBe('');
  });

  it('drops a malformed parameter instead of failing the page', () => {
    const state = portfolioStateFromParams(new URLSearchParams('page=zero&sort=profit&flag=late&name=North'));
    expect(state).toMatchObject({ page: 1, sort: 'name', name: 'North' });
    expect(state.flag).toBeUndefined();
  });

  it('maps a column sort to the API and a cleared sort back to name, A to Z', () => {
    expect(sortFromAntd('cashLatest', 'descend')).toEqual({ sort: 'cashLatest', sortOrder: 'desc' });
    expect(sortFromAntd('cashLatest', null)).toEqual({ sort: 'name', sortOrder: 'asc' });
    expect(sortFromAntd('sparkline', 'ascend')).toEqual({ sort: 'name', sortOrder: 'asc' });
  });
});

describe('portfolio figures as shown', () => {
  it('says how long ago an event was', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(timeAgo('2026-11-28T11:59:30Z', now)).toBe('30 seconds ago');
    expect(timeAgo('2026-11-28T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-27T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-09-20T12:00:00Z', now)).toBe('2 months ago');
  });

  it('names a period by its month', () => {
    expect(periodLabel('2026-10')).toBe('Oct 2026');
  });

  it('draws a sparkline left to right, the highest value at the top', () => {
    expect(sparklinePoints([0, 10, 5], 12, 12)).toBe('1.0,11.0 6.0,1.0 11.0,6.0');
    expect(sparklinePoints([3, 3], 12, 10)).toBe('1.0,5.0 11.0,5.0');
    expect(sparklinePoints([], 12, 10)).toBe('');
    // On a shared scale a line keeps its place against the other.
    expect(sparklinePoints([5], 12, 12, { low: 0, high: 10 })).toBe('1.0,6.0');
  });
});
