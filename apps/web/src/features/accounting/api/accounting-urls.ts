/** Every accounting query sits under this key, so a sync or a disconnection refreshes the cards and runs. */
export const accountingQueryKey = ['accounting'] as const;

export const accountingUrls = {
  syncRuns: '/api/v1/accounting/sync-runs',
  quickbooksConnect: '/api/v1/quickbooks/connect',
  quickbooksAccounts: '/api/v1/quickbooks/accounts',
  quickbooksStatus: (id: string) => `/api/v1/quickbooks/status/${encodeURIComponent(id)}`,
  quickbooksSync: '/api/v1/quickbooks',
};
