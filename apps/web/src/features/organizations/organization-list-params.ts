import type { z } from 'zod';
import { organizationListQuerySchema, ORGANIZATION_SORT_FIELDS } from '@finboard/shared/organizations';
import { listStateFromUrl, urlOfListState } from '../../lib/url-list-state';

/** The organizations table's state lives in the URL, so a filtered, sorted page can be reloaded and shared. */
export type OrganizationListState = z.output<typeof organizationListQuerySchema>;
export type OrganizationSortField = (typeof ORGANIZATION_SORT_FIELDS)[number];

export const FILTER_FIELDS = ['name', 'email', 'phone', 'powerbiEmail'] as const;
export type OrganizationFilters = Partial<Record<(typeof FILTER_FIELDS)[number], string>>;

const KEYS = ['page', 'pageSize', 'sortBy', 'sortOrder', 'search', 'status', ...FILTER_FIELDS] as const;

/** Reads the list state from the URL; a malformed parameter falls back to its default instead of failing. */
export const listStateFromParams = (params: URLSearchParams): OrganizationListState =>
  listStateFromUrl(organizationListQuerySchema, KEYS, params);

/** The URL parameters of a list state, leaving out defaults so plain /organizations stays plain. */
export const paramsFromListState = (state: Partial<OrganizationListState>): URLSearchParams =>
  urlOfListState(organizationListQuerySchema, KEYS, state);

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
