import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { MAX_PAGE_SIZE } from '@finboard/shared/pagination';
import { organizationListDataSchema, organizationMessages } from '@finboard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';

const organizationListResponseSchema = apiSuccessSchema(organizationListDataSchema);

/** The organizations the user pickers offer (by name); under the organizations key so changes there refresh it. */
export const getOrganizationOptions = () =>
  apiRequest('/api/v1/organization', {
    query: { page: 1, pageSize: MAX_PAGE_SIZE, sortBy: 'name' },
    schema: organizationListResponseSchema,
    errorMessage: organizationMessages.fetchFailed,
  }).then((response) =>
    response.data.organizations.map((organization) => ({
      value: organization.id,
      label: organization.name,
      isActive: organization.isActive,
    })),
  );

export const organizationOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['organizations', 'options'], queryFn: getOrganizationOptions, staleTime: 60_000 });

export const useOrganizationOptions = () => useQuery(organizationOptionsQueryOptions());
