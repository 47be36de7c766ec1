import { queryOptions, useQuery } from '@tanstack/react-query';
import { listDatabasesResponseSchema } from '@finboard/shared/onboarding';
import { apiRequest } from '../../../lib/api-client';
import { onboardingQueryKey, onboardingUrls } from './onboarding-urls';

const FETCH_FAILED = 'Failed to fetch the databases';

export const getDatabases = (signal?: AbortSignal) =>
  apiRequest(onboardingUrls.listDatabases, {
    signal,
    schema: listDatabasesResponseSchema,
    errorMessage: FETCH_FAILED,
  }).then(({ data }) => data.databases);

export const databasesQueryOptions = () =>
  queryOptions({ queryKey: [...onboardingQueryKey, 'databases'], queryFn: ({ signal }) => getDatabases(signal) });

export const useDatabases = () => useQuery(databasesQueryOptions());
