/** The only place the web app reads build-time configuration. */
export const env = {
  apiBaseUrl: '',
  isDev: import.meta.env.DEV,
} as const;
