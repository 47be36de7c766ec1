import { z } from 'zod';
import { encodeFilters, filtersParamSchema, type DataFilter } from '@finboard/shared/data-management';
import { SORT_ORDERS } from '@finboard/shared/pagination';

/** What the grid shows of a table: its own column filters, the sort and the page (1-based). */
export interface GridPageView {
  filters: DataFilter[];
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  page: number;
}

/**
 * Everything the Studio shows lives in its URL, so reload, Back and a shared link keep it:
 * `?organization=…&table=02_GL_Detail&period=2024-11&filters=[…]&sort=debit&order=desc&page=3`. The period is
 * kept apart from the grid's own filters (it has its own picker); `organization` (the Organization Profile's link, lib/organization-link) is read for
 * administrators only.
 */
export interface StudioUrlState extends GridPageView {
  organization?: string;
  table?: string;
  period?: string;
}

const optionalText = z.string().min(1).max(200).optional().catch(undefined);
const searchSchema = z.object({
  organization: optionalText,
  table: optionalText,
  period: optionalText,
  // A hand-edited or stale link with bad filters opens the table unfiltered rather than failing.
  filters: filtersParamSchema.catch([]),
  sort: optionalText,
  order: z.enum(SORT_ORDERS).catch('asc'),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export function studioStateFromSearch(search: URLSearchParams): StudioUrlState {
  const get = (key: string) => search.get(key) ?? undefined;
  const parsed = searchSchema.parse({
    organization: get('organization'),
    table: get('table'),
    period: get('period'),
    filters: get('filters'),
    sort: get('sort'),
    order: get('order'),
    page: get('page') ?? 1,
  });
  return {
    organization: parsed.organization,
    table: parsed.table,
    period: parsed.period,
    filters: parsed.filters,
    sortBy: parsed.sort,
    sortOrder: parsed.sort ? parsed.order : undefined,
    page: parsed.page,
  };
}

/** The URL's search of a state, defaults left out (page 1, ascending, no filters). */
export function searchOfStudioState(state: StudioUrlState): URLSearchParams {
  const search = new URLSearchParams();
  const set = (key: string, value: string | undefined) => {
    if (value) search.set(key, value);
  };
  set('organization', state.organization);
  set('table', state.table);
  set('period', state.period);
  set('filters', encodeFilters(state.filters));
  set('sort', state.sortBy);
  if (state.sortBy && state.sortOrder === 'desc') search.set('order', 'desc');
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}

/** One spelling per view, whatever order the grid lists its filters in: equal keys mean the same rows. */
export function viewKey(view: GridPageView): string {
  const filters = [...view.filters].sort((a, b) =>
    `${a.column}\u0000${a.op}`.localeCompare(`${b.column}\u0000${b.op}`),
  );
  const order = view.sortBy ? (view.sortOrder ?? 'asc') : undefined;
  return JSON.stringify([filters, view.sortBy ?? null, order ?? null, view.page]);
}
