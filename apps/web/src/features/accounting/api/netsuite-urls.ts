/** NetSuite's routes (spec §7 system C). */
export const netsuiteUrls = {
  accounts: '/api/v1/netsuite',
  sync: (id: string) => `/api/v1/netsuite/${encodeURIComponent(id)}/sync`,
};
