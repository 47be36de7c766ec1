/**
 * The cache key prefix of every statement and drill-down of the reports API: what changes the figures
 * (a statement layout saved, a dataset refreshed) invalidates it, whichever feature did it.
 */
export const reportsQueryKey = ['reports'] as const;
