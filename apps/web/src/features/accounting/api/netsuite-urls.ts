/** NetSuite's routes (spec §7 system C). */
export const netsuiteUrls = {
  accounts: '/api/v1/netsuite',
  status: (id: string) => `/api/v1/netsuite/status/${encodeURIComponent(id)}`,
  sync: (id: string) => `/api/v1/netsuite/${encodeURIComponent(id)}/sync`,
};
