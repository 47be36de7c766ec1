import { REPORT_COMPARISONS } from '@finboard/shared/reports';

/**
 * A statement's filters live in the URL next to the dashboard's name, so reload, Back and a shared link
 * keep them: `/dashboard?name=Profit%20%26%20Loss&from=2025-01&to=2025-03&entity=US&department=Sales`.
 * No range means the server's default (the current fiscal year to date).
 */
export interface ReportFilterState {
  from?: string;
  to?: string;
  entity?: string;
  department?: string;
  /** Profit & Loss: the comparison columns ('previousPeriod,budget'; 'none'); absent, the server's default. */
  compare?: string;
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
const FILTER_KEYS = ['from', 'to', 'entity', 'department', 'compare'] as const;

/** The filters a URL holds; a hand-edited bad period is dropped rather than sent to fail. */
export function reportFiltersFromSearch(search: URLSearchParams): ReportFilterState {
  const text = (key: string) => search.get(key)?.trim() || undefined;
  const period = (key: string) => {
    const value = text(key);
    return value && PERIOD.test(value) ? value : undefined;
  };
  let from = period('from');
  let to = period('to');
  // A range given backwards is read the way round it was meant.
  if (from && to && from > to) [from, to] = [to, from];
  const compare = text('compare');
  const comparisons = compare?.split(',');
  const known =
    compare === 'none' ||
    (comparisons?.every((part) => (REPORT_COMPARISONS as readonly string[]).includes(part)) ?? false);
  return { from, to, entity: text('entity'), department: text('department'), compare: known ? compare : undefined };
}

/** The URL's search with these filters, every other parameter (name, organization) kept. */
export function searchWithReportFilters(search: URLSearchParams, filters: ReportFilterState): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
