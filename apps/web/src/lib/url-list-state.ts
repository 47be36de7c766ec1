import type { z } from 'zod';

/**
 * A list page's state in the URL (page, sort, filters), so a filtered, sorted page can be reloaded and shared: read
 * with the API's own query schema, each malformed parameter falling back to its default instead of failing.
 */
export function listStateFromUrl<S extends z.ZodType<object>>(
  schema: S,
  keys: readonly string[],
  params: URLSearchParams,
): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  return schema.parse(raw);
}

/** The URL parameters of a list state, defaults left out so a plain page address stays plain. */
export function urlOfListState<S extends z.ZodType<object>>(
  schema: S,
  keys: readonly string[],
  state: Partial<z.output<S>>,
): URLSearchParams {
  const defaults = schema.parse({}) as Record<string, unknown>;
  const values = state as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = values[key];
    if (value === undefined || value === '' || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  return params;
}
