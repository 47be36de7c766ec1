/** Sage Intacct's endpoints (spec §7 system B). */
export const intacctUrls = {
  create: '/api/v1/intacct',
  accounts: '/api/v1/intacct',
  sync: '/api/v1/intacct/data',
};
