import { queryOptions, useQuery } from '@tanstack/react-query';
import { onboardingStatusResponseSchema } from '@finboard/shared/onboarding';
import { apiRequest } from '../../../lib/api-client';
import { onboardingQueryKey, onboardingUrls } from './onboarding-urls';

const FETCH_FAILED = 'Failed to fetch the onboarding status';

export const getOnboardingStatus = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(onboardingUrls.status(organizationId), {
    signal,
    schema: onboardingStatusResponseSchema,
    errorMessage: FETCH_FAILED,
  }).then(({ data }) => data.steps);

export const onboardingStatusQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...onboardingQueryKey, organizationId, 'status'],
    queryFn: ({ signal }) => getOnboardingStatus(organizationId, signal),
  });

export const useOnboardingStatus = (organizationId: string | undefined) =>
  useQuery({ ...onboardingStatusQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
