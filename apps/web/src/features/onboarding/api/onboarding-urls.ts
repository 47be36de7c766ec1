/** Every onboarding query sits under this key, so a step run refreshes the status and the databases. */
export const onboardingQueryKey = ['onboarding'] as const;

export const onboardingUrls = {
  createContainer: '/api/v1/onboard/storage/create-container',
  createDatabase: '/api/v1/onboard/sql/create-database',
  createDataFactory: '/api/v1/onboard/data-factory/create',
  importDataFactory: '/api/v1/onboard/data-factory/import',
  listDatabases: '/api/v1/onboard/sql/list-databases',
  status: (organizationId: string) => `/api/v1/onboard/status/${encodeURIComponent(organizationId)}`,
};
