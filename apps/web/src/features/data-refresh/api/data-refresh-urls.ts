/** Every refresh query sits under this key, so a refresh asked for refreshes the log. */
export const dataRefreshQueryKey = ['data-refresh'] as const;

export const dataRefreshUrls = {
  logs: '/api/v1/data-refresh/logs',
  refreshAll: '/api/v1/data-refresh/refresh-all',
  refreshDataset: '/api/v1/data-refresh/refresh-dataset',
};
