import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { ORGANIZATION_REFRESH_INTERVAL_MS } from '@finboard/shared/constants';
import { organizationDetailDataSchema } from '@finboard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';

const organizationResponseSchema = apiSuccessSchema(organizationDetailDataSchema);

export const organizationQueryKey = (id: string) => ['organizations', 'detail', id] as const;

export const getOrganization = (id: string) =>
  apiRequest(`/api/v1/organization/${encodeURIComponent(id)}`, { schema: organizationResponseSchema }).then(
    (response) => response.data,
  );

export const organizationQueryOptions = (id: string) =>
  queryOptions({ queryKey: organizationQueryKey(id), queryFn: () => getOrganization(id) });

/** Spec §4: the user's organization details are fetched on load and refreshed every hour. */
export function useOrganization(id: string | null | undefined, opts: { refreshHourly?: boolean } = {}) {
  return useQuery({
    ...organizationQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: opts.refreshHourly ? ORGANIZATION_REFRESH_INTERVAL_MS : false,
  });
}
