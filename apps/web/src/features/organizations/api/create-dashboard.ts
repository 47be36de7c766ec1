import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSuccessSchema } from '@finboard/shared/api';
import { dashboardSchema, type DashboardInput } from '@finboard/shared/dashboards';
import { apiRequest } from '../../../lib/api-client';
import { organizationQueryKey } from '../../../lib/organization-detail';

const createDashboardResponseSchema = apiSuccessSchema(z.object({ dashboard: dashboardSchema }));

export const createDashboard = ({ organizationId, body }: { organizationId: string; body: DashboardInput }) =>
  apiRequest(`/api/v1/organization/${encodeURIComponent(organizationId)}/dashboards`, {
    method: 'POST',
    body,
    schema: createDashboardResponseSchema,
  });

export function useCreateDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDashboard,
    onSuccess: (_response, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) }),
  });
}
