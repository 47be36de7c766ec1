import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import { apiRequest } from '../../../lib/api-client';
import { organizationQueryKey } from '../../../lib/organization-detail';

export const deleteDashboard = (input: { organizationId: string; dashboardId: string }) =>
  apiRequest(
    `/api/v1/organization/${encodeURIComponent(input.organizationId)}/dashboards/${encodeURIComponent(input.dashboardId)}`,
    { method: 'DELETE', schema: apiMessageSchema },
  );

export function useDeleteDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDashboard,
    onSuccess: (_response, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) }),
  });
}
