import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSuccessSchema } from '@finboard/shared/api';
import { dashboardSchema, type DashboardInput } from '@finboard/shared/dashboards';
import { apiRequest } from '../../../lib/api-client';
import { organizationQueryKey } from '../../../lib/organization-detail';

const updateDashboardResponseSchema = apiSuccessSchema(z.object({ dashboard: dashboardSchema }));

export const updateDashboard = (input: { organizationId: string; dashboardId: string; body: DashboardInput }) =>
  apiRequest(
    `/api/v1/organization/${encodeURIComponent(input.organizationId)}/dashboards/${encodeURIComponent(input.dashboardId)}`,
    { method: 'PUT', body: input.body, schema: updateDashboardResponseSchema },
  );

export function useUpdateDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDashboard,
    onSuccess: (_response, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) }),
  });
}
