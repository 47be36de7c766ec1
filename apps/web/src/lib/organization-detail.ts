import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { ORGANIZATION_REFRESH_INTERVAL_MS } from '@finboard/shared/constants';
import { organizationDetailDataSchema, organizationMessages } from '@finboard/shared/organizations';
import { apiRequest } from './api-client';

// The one query for GET /api/v1/organization/{id}: the organization's profile page, the header of its users,
// the users console and the organization picker all read it, so one cache entry serves them all. It lives
// here, not in features/organizations, because features do not import each other (and components may not
// import features).

const organizationResponseSchema = apiSuccessSchema(organizationDetailDataSchema);

/** Under the organizations key, so what invalidates every organizations query refreshes this one too. */
export const organizationQueryKey = (id: string) => ['organizations', 'detail', id] as const;

export const getOrganization = (id: string, signal?: AbortSignal) =>
  apiRequest(`/api/v1/organization/${encodeURIComponent(id)}`, {
    signal,
    schema: organizationResponseSchema,
    errorMessage: organizationMessages.fetchFailed,
  }).then((response) => response.data);

export type OrganizationDetail = Awaited<ReturnType<typeof getOrganization>>;

export const organizationQueryOptions = (id: string) =>
  queryOptions({ queryKey: organizationQueryKey(id), queryFn: ({ signal }) => getOrganization(id, signal) });

/** Spec §4: the user's organization details are fetched on load and refreshed every hour (`refreshHourly`). */
export function useOrganization(id: string | null | undefined, opts: { refreshHourly?: boolean } = {}) {
  return useQuery({
    ...organizationQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: opts.refreshHourly ? ORGANIZATION_REFRESH_INTERVAL_MS : false,
  });
}
