import type { AccountingSystem } from '@finboard/shared/accounting';

/** Every accounting query sits under this key, so a sync or a disconnection refreshes the cards and runs. */
export const accountingQueryKey = ['accounting'] as const;

export const accountingUrls = {
  syncRuns: '/api/v1/accounting/sync-runs',
  quickbooksConnect: '/api/v1/quickbooks/connect',
  quickbooksAccounts: '/api/v1/quickbooks/accounts',
  /** Every system's status route has this shape. */
  connectionStatus: (system: AccountingSystem, id: string) => `/api/v1/${system}/status/${encodeURIComponent(id)}`,
  quickbooksSync: '/api/v1/quickbooks',
};
