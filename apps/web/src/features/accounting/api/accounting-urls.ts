import type { AccountingSystem } from '@finboard/shared/accounting';

/** Every accounting query sits under this key, so a sync or a disconnection refreshes the cards and runs. */
export const accountingQueryKey = ['accounting'] as const;

/** The accounting routes (spec §7): the runs of every system, then each system's own. */
export const accountingUrls = {
  syncRuns: '/api/v1/accounting/sync-runs',
  /** Every system's status route has this shape. */
  connectionStatus: (system: AccountingSystem, id: string) => `/api/v1/${system}/status/${encodeURIComponent(id)}`,
  quickbooks: {
    connect: '/api/v1/quickbooks/connect',
    accounts: '/api/v1/quickbooks/accounts',
    sync: '/api/v1/quickbooks',
  },
  intacct: {
    create: '/api/v1/intacct',
    accounts: '/api/v1/intacct',
    sync: '/api/v1/intacct/data',
  },
  netsuite: {
    accounts: '/api/v1/netsuite',
    sync: (id: string) => `/api/v1/netsuite/${encodeURIComponent(id)}/sync`,
  },
};
