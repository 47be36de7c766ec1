import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { dashboardMessages } from '@finboard/shared/dashboards';
import { organizationDetailDataSchema } from '@finboard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';

const organizationResponseSchema = apiSuccessSchema(organizationDetailDataSchema);

/** The dashboards an organization has configured: what Edit User may grant and User Profile names. */
export const getOrganizationDashboards = (organizationId: string) =>
  apiRequest(`/api/v1/organization/${encodeURIComponent(organizationId)}`, {
    schema: organizationResponseSchema,
    errorMessage: dashboardMessages.loadFailed,
  }).then((response) => response.data.organization.dashboards);

export const organizationDashboardsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', 'dashboards', organizationId],
    queryFn: () => getOrganizationDashboards(organizationId),
  });

export function useOrganizationDashboards(organizationId: string | null | undefined) {
  return useQuery({ ...organizationDashboardsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
