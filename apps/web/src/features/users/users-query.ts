import type { z } from 'zod';
import { userListQuerySchema } from '@finboard/shared/users';

/** The list call's parameters after defaults: what the Users page asks for. */
export type UserListParams = z.output<typeof userListQuerySchema>;

/** Keys of the page's address that describe the list (filters, paging, sorting). */
const LIST_KEYS = ['name', 'email', 'organization_id', 'role', 'status', 'page', 'pageSize', 'sortBy', 'sortOrder'];

/**
 * The Users page keeps its filters, page and sort in the address so a reload or a shared link shows the
 * same list. Parsed with the API's own schema; an address it would refuse falls back to the defaults.
 */
export function usersQueryFromSearch(search: URLSearchParams): UserListParams {
  const raw = Object.fromEntries(LIST_KEYS.flatMap((key) => (search.has(key) ? [[key, search.get(key)]] : [])));
  const parsed = userListQuerySchema.safeParse(raw);
  return parsed.success ? parsed.data : userListQuerySchema.parse({});
}

/** Writes the list parameters into `search`, leaving out defaults and other keys untouched. */
export function usersQueryToSearch(query: UserListParams, search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  const defaults = userListQuerySchema.parse({}) as Record<string, unknown>;
  for (const key of LIST_KEYS) {
    const value = (query as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '' || value === defaults[key]) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
