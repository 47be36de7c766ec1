import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { organizationDetailDataSchema, organizationMessages } from '@finboard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';

const organizationResponseSchema = apiSuccessSchema(organizationDetailDataSchema);

/**
 * One organization as the users console needs it: its name (for a preselected organization) and the
 * dashboards it has configured (what Edit User may grant and User Profile names).
 */
export const getOrganizationDetail = (organizationId: string) =>
  apiRequest(`/api/v1/organization/${encodeURIComponent(organizationId)}`, {
    schema: organizationResponseSchema,
    errorMessage: organizationMessages.fetchFailed,
  }).then((response) => response.data.organization);

export const organizationDetailQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', 'users-console', organizationId],
    queryFn: () => getOrganizationDetail(organizationId),
  });

export function useOrganizationDetail(organizationId: string | null | undefined) {
  return useQuery({ ...organizationDetailQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
