import {
  PORTFOLIO_SORTS,
  portfolioQuerySchema,
  type PortfolioFlag,
  type PortfolioSort,
} from '@finboard/shared/portfolio';
import { listStateFromUrl, urlOfListState } from '../../lib/url-list-state';
import type { PortfolioListQuery } from './api/get-portfolio';

/** The portfolio table's state lives in the URL, so a sorted, filtered page can be reloaded and shared. */
const KEYS = ['page', 'pageSize', 'sort', 'sortOrder', 'name', 'flag'] as const;

/** Reads the state from the URL; a malformed parameter falls back to its default instead of failing. */
export const portfolioStateFromParams = (params: URLSearchParams): PortfolioListQuery =>
  listStateFromUrl(portfolioQuerySchema, KEYS, params);

/** The URL parameters of a state, defaults left out so a plain /portfolio stays plain. */
export const paramsFromPortfolioState = (state: Partial<PortfolioListQuery>): URLSearchParams =>
  urlOfListState(portfolioQuerySchema, KEYS, state);

/** Ant Design's sort indicator of a column. */
export const antdSortOrderOf = (state: PortfolioListQuery, sort: PortfolioSort): 'ascend' | 'descend' | null =>
  state.sort === sort ? (state.sortOrder === 'asc' ? 'ascend' : 'descend') : null;

/** A table sort change as state: a cleared sort goes back to the default (name, A to Z). */
export function sortFromAntd(
  columnKey: unknown,
  order: 'ascend' | 'descend' | null | undefined,
): Pick<PortfolioListQuery, 'sort' | 'sortOrder'> {
  const known = PORTFOLIO_SORTS.find((candidate) => candidate === columnKey);
  if (!known || !order) return { sort: 'name', sortOrder: 'asc' };
  return { sort: known, sortOrder: order === 'ascend' ? 'asc' : 'desc' };
}

/** Each flag's chip colour: red for what failed, orange for what is late or differs, grey for nothing yet. */
export const FLAG_COLOURS: Record<PortfolioFlag, string> = {
  runFailed: 'red',
  syncFailed: 'red',
  tieOutDifference: 'orange',
  stale: 'gold',
  noData: 'default',
};

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** "3 hours ago", "yesterday", "2 months ago": how long ago `at` was, seen at `now`. */
export function timeAgo(at: string, now: Date = new Date()): string {
  let amount = (new Date(at).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return RELATIVE.format(Math.round(amount), unit);
    amount /= size;
  }
  return RELATIVE.format(Math.round(amount), 'year');
}

/** 'Nov 2026' for '2026-11'. */
export function periodLabel(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The points of a sparkline's polyline in a `width` × `height` box: values spread evenly left to right, `range`'s
 * high at the top and its low at the bottom (with a 1-unit margin; by default the values' own); a flat line sits
 * in the middle.
 */
export function sparklinePoints(
  values: readonly number[],
  width: number,
  height: number,
  range: { low: number; high: number } = { low: Math.min(...values), high: Math.max(...values) },
): string {
  if (values.length === 0) return '';
  const { low, high } = range;
  const step = values.length > 1 ? (width - 2) / (values.length - 1) : 0;
  const y = (value: number) => (high === low ? height / 2 : 1 + ((high - value) / (high - low)) * (height - 2));
  return values.map((value, index) => `${(1 + index * step).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
}
