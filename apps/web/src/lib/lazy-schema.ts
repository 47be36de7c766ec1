import type * as firstLoadSchemas from './first-load-schemas';

type FirstLoadSchemas = typeof firstLoadSchemas;

/**
 * One schema of first-load-schemas.ts, loaded with that module on first use, for apiRequest's `schema`
 * and zodRule: the login page's first load carries no zod (issue 9 §4). Calls of every other page pass
 * their schema itself.
 */
export const lazySchema =
  <K extends keyof FirstLoadSchemas>(name: K) =>
  async (): Promise<FirstLoadSchemas[K]> =>
    (await import('./first-load-schemas'))[name];
