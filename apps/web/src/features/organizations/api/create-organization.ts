import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSuccessSchema } from '@finboard/shared/api';
import { organizationSummarySchema } from '@finboard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { organizationsQueryKey } from './get-organizations';

const createOrganizationResponseSchema = apiSuccessSchema(z.object({ createdOrganization: organizationSummarySchema }));

/** Multipart: the organization form's text fields plus the `logo` file part (see organization-form-data.ts). */
export const createOrganization = (body: FormData) =>
  apiRequest('/api/v1/organization/add', { method: 'POST', body, schema: createOrganizationResponseSchema });

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryKey }),
  });
}
