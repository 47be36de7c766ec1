import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import type { organizationStatusRequestSchema } from '@finboard/shared/organizations';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { organizationsQueryKey } from './get-organizations';

/** Deactivating stops the organization's users from signing in; nothing is deleted. */
export const updateOrganizationStatus = ({
  id,
  body,
}: {
  id: string;
  body: z.input<typeof organizationStatusRequestSchema>;
}) =>
  apiRequest(`/api/v1/organization/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    body,
    schema: apiMessageSchema,
  });

export function useUpdateOrganizationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganizationStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryKey }),
  });
}
