import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { MAX_PAGE_SIZE } from '@finboard/shared/pagination';
import { organizationListDataSchema, organizationMessages } from '@finboard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';

const organizationListResponseSchema = apiSuccessSchema(organizationListDataSchema);

/**
 * The organizations an admin may pick, by name: the first page matching what was typed (there may be
 * thousands). Under the organizations key, so changes there refresh it.
 */
export const getOrganizationOptions = (name: string, signal?: AbortSignal) =>
  apiRequest('/api/v1/organization', {
    query: { page: 1, pageSize: MAX_PAGE_SIZE, sortBy: 'name', name },
    signal,
    schema: organizationListResponseSchema,
    errorMessage: organizationMessages.fetchFailed,
  }).then((response) =>
    response.data.organizations.map((organization) => ({ value: organization.id, label: organization.name })),
  );

export const organizationOptionsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['organizations', 'options', name],
    queryFn: ({ signal }) => getOrganizationOptions(name, signal),
    staleTime: 60_000,
  });

export const useOrganizationOptions = (name: string, enabled: boolean) =>
  useQuery({ ...organizationOptionsQueryOptions(name), placeholderData: keepPreviousData, enabled });
