/** Sage Intacct's endpoints (spec §7 system B). */
export const intacctUrls = {
  create: '/api/v1/intacct',
  accounts: '/api/v1/intacct',
  status: (id: string) => `/api/v1/intacct/status/${encodeURIComponent(id)}`,
  sync: '/api/v1/intacct/data',
};
