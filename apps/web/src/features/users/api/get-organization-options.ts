import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { MAX_PAGE_SIZE } from '@finboard/shared/pagination';
import { organizationListDataSchema, organizationMessages } from '@finboard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';

const organizationListResponseSchema = apiSuccessSchema(organizationListDataSchema);

/**
 * The organizations a picker offers, by name: the first page matching what was typed, so the picker
 * stays quick with thousands of organizations. Under the organizations key, so changes there refresh it.
 */
export const getOrganizationOptions = (name: string) =>
  apiRequest('/api/v1/organization', {
    query: { page: 1, pageSize: MAX_PAGE_SIZE, sortBy: 'name', name },
    schema: organizationListResponseSchema,
    errorMessage: organizationMessages.fetchFailed,
  }).then((response) =>
    response.data.organizations.map((organization) => ({ value: organization.id, label: organization.name })),
  );

export const organizationOptionsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['organizations', 'options', name],
    queryFn: () => getOrganizationOptions(name),
    staleTime: 60_000,
  });

export const useOrganizationOptions = (name: string) =>
  useQuery({ ...organizationOptionsQueryOptions(name), placeholderData: keepPreviousData });
