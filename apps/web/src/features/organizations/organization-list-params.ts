import type { z } from 'zod';
import { organizationListQuerySchema, ORGANIZATION_SORT_FIELDS } from '@finboard/shared/organizations';

/** The organizations table's state lives in the URL, so a filtered, sorted page can be reloaded and shared. */
export type OrganizationListState = z.output<typeof organizationListQuerySchema>;
export type OrganizationSortField = (typeof ORGANIZATION_SORT_FIELDS)[number];

export const FILTER_FIELDS = ['name', 'email', 'phone', 'powerbiEmail'] as const;
export type OrganizationFilters = Partial<Record<(typeof FILTER_FIELDS)[number], string>>;

const KEYS = ['page', 'pageSize', 'sortBy', 'sortOrder', 'search', 'status', ...FILTER_FIELDS] as const;

/** Reads the list state from the URL; a malformed parameter falls back to its default instead of failing. */
export function listStateFromParams(params: URLSearchParams): OrganizationListState {
  const raw: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const parsed = organizationListQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  return organizationListQuerySchema.parse(raw);
}

/** The URL parameters of a list state, leaving out defaults so plain /organizations stays plain. */
export function paramsFromListState(state: Partial<OrganizationListState>): URLSearchParams {
  const defaults = organizationListQuerySchema.parse({});
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = state[key];
    if (value === undefined || value === '' || value === defaults[key as keyof typeof defaults]) continue;
    params.set(key, String(value));
  }
  return params;
}

/** Ant Design's sort order names for the API's. */
export const antdSortOrder = (
  state: OrganizationListState,
  field: OrganizationSortField,
): 'ascend' | 'descend' | null => (state.sortBy === field ? (state.sortOrder === 'asc' ? 'ascend' : 'descend') : null);

/** A table sort change as list state: a cleared sort goes back to the default (name, ascending). */
export function sortFromAntd(
  field: unknown,
  order: 'ascend' | 'descend' | null | undefined,
): Pick<OrganizationListState, 'sortBy' | 'sortOrder'> {
  const known = ORGANIZATION_SORT_FIELDS.find((candidate) => candidate === field);
  if (!known || !order) return { sortBy: 'name', sortOrder: 'asc' };
  return { sortBy: known, sortOrder: order === 'ascend' ? 'asc' : 'desc' };
}
