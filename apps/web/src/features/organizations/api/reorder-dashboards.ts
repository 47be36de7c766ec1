import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSuccessSchema } from '@finboard/shared/api';
import { dashboardMessages, dashboardSchema } from '@finboard/shared/dashboards';
import { apiRequest } from '../../../lib/api-client';
import { orderDashboards } from '../dashboard-order';
import { organizationQueryKey, type OrganizationDetail } from '../../../lib/organization-detail';

const reorderDashboardsResponseSchema = apiSuccessSchema(z.object({ dashboards: z.array(dashboardSchema) }));

export const reorderDashboards = ({
  organizationId,
  dashboardIds,
}: {
  organizationId: string;
  dashboardIds: string[];
}) =>
  apiRequest(`/api/v1/organization/${encodeURIComponent(organizationId)}/dashboards/order`, {
    method: 'PUT',
    body: { dashboardIds },
    schema: reorderDashboardsResponseSchema,
    errorMessage: dashboardMessages.updateFailed,
  });

/**
 * Spec §4: the new order shows at once and is saved; on failure the previous order comes back.
 */
export function useReorderDashboards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderDashboards,
    onMutate: async ({ organizationId, dashboardIds }) => {
      const key = organizationQueryKey(organizationId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<OrganizationDetail>(key);
      if (previous) {
        queryClient.setQueryData<OrganizationDetail>(key, {
          ...previous,
          organization: {
            ...previous.organization,
            dashboards: orderDashboards(previous.organization.dashboards, dashboardIds),
          },
        });
      }
      return { previous };
    },
    onError: (_error, { organizationId }, context) => {
      if (context?.previous) queryClient.setQueryData(organizationQueryKey(organizationId), context.previous);
    },
    onSuccess: (response, { organizationId }) => {
      queryClient.setQueryData<OrganizationDetail>(
        organizationQueryKey(organizationId),
        (current) =>
          current && { ...current, organization: { ...current.organization, dashboards: response.data.dashboards } },
      );
    },
    onSettled: (_data, _error, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) }),
  });
}
