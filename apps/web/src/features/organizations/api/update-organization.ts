import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSuccessSchema } from '@finboard/shared/api';
import { organizationMessages, organizationSummarySchema } from '@finboard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { organizationsQueryKey } from './get-organizations';

const updateOrganizationResponseSchema = apiSuccessSchema(z.object({ updatedOrganization: organizationSummarySchema }));

/** Multipart, like the add form; a new `logo` replaces the stored one, `removeLogo=true` removes it. */
export const updateOrganization = ({ id, body }: { id: string; body: FormData }) =>
  apiRequest(`/api/v1/organization/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: updateOrganizationResponseSchema,
    errorMessage: organizationMessages.updateFailed,
  });

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryKey }),
  });
}
