/**
 * Whether a route failed because its code could not be loaded (a network blip, or a deploy that replaced
 * the hashed chunks). The router keeps such a failure for the session, so only a reload retries it.
 * Chrome, Firefox and Safari word it differently; Vite adds its own for a page's stylesheet.
 */
export const isFailedModuleLoad = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|importing a module script failed|unable to preload css/i.test(error.message);
