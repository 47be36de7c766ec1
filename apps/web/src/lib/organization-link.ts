import { useSearchParams } from 'react-router';

/**
 * Administrators open an organization's pages from its Organization Profile with `?organization=<id>`:
 * the page starts with that organization picked instead of asking for one.
 */
const ORGANIZATION_PARAM = 'organization';

export const withOrganization = (path: string, organizationId: string) =>
  `${path}?${new URLSearchParams({ [ORGANIZATION_PARAM]: organizationId }).toString()}`;

/** The organization the page was opened for, if any. */
export function useOrganizationParam(): string | undefined {
  const [searchParams] = useSearchParams();
  return searchParams.get(ORGANIZATION_PARAM) ?? undefined;
}
