import { describe, expect, it } from 'vitest';
import { reportFiltersFromSearch, searchWithReportFilters } from './report-url-state';

describe('report filters in the URL', () => {
  it('reads the range, entity and department', () => {
    const search = new URLSearchParams('name=P%26L&from=2025-01&to=2025-03&entity=US&department=Sales');
    expect(reportFiltersFromSearch(search)).toEqual({
      from: '2025-01',
      to: '2025-03',
      entity: 'US',
      department: 'Sales',
    });
  });

  it('drops a period that is not a month and turns a backwards range round', () => {
    expect(reportFiltersFromSearch(new URLSearchParams('from=2025-13&to=x'))).toEqual({});
    expect(reportFiltersFromSearch(new URLSearchParams('compare=budget,forecast')).compare).toBeUndefined();
    expect(reportFiltersFromSearch(new URLSearchParams('compare=previousPeriod,budget')).compare).toBe(
      'previousPeriod,budget',
    );
    expect(reportFiltersFromSearch(new URLSearchParams('compare=none')).compare).toBe('none');
    expect(reportFiltersFromSearch(new URLSearchParams('from=2025-06&to=2025-02'))).toMatchObject({
      from: '2025-02',
      to: '2025-06',
    });
  });

  it('writes filters while keeping the dashboard name and organization, removing cleared ones', () => {
    const search = new URLSearchParams('name=Cash+Flow&organization=o1&entity=US');
    const next = searchWithReportFilters(search, { from: '2025-04', to: '2025-06' });
    expect(Object.fromEntries(next)).toEqual({ name: 'Cash Flow', organization: 'o1', from: '2025-04', to: '2025-06' });
  });
});
