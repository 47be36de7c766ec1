import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { organizationListResponseSchema, organizationMessages } from '@finboard/shared/organizations';
import { MAX_PAGE_SIZE } from '@finboard/shared/pagination';
import { apiRequest } from './api-client';
import { organizationQueryOptions, type OrganizationDetail } from './organization-detail';

export interface OrganizationOption {
  value: string;
  label: string;
}

/**
 * The organizations a picker offers, by name: the first page matching what was typed, so pickers stay
 * quick with thousands of organizations. Under the organizations key, so changes there refresh it.
 */
export const getOrganizationOptions = (name: string, signal?: AbortSignal): Promise<OrganizationOption[]> =>
  apiRequest('/api/v1/organization', {
    query: { page: 1, pageSize: MAX_PAGE_SIZE, sortBy: 'name', name },
    signal,
    schema: organizationListResponseSchema,
    errorMessage: organizationMessages.fetchFailed,
  }).then((response) =>
    response.data.organizations.map((organization) => ({ value: organization.id, label: organization.name })),
  );

export const useOrganizationOptions = (name: string) =>
  useQuery({
    queryKey: ['organizations', 'options', name],
    queryFn: ({ signal }) => getOrganizationOptions(name, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

const optionOf = ({ organization }: OrganizationDetail): OrganizationOption => ({
  value: organization.id,
  label: organization.name,
});

/** One organization's option, for a chosen organization outside the listed page: read from its details. */
export const useOrganizationOption = (organizationId: string | undefined) =>
  useQuery({
    ...organizationQueryOptions(organizationId ?? ''),
    select: optionOf,
    enabled: Boolean(organizationId),
    staleTime: 60_000,
  });
