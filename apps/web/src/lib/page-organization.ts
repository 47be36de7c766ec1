import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from './current-user';
import { useOrganizationParam } from './organization-link';

/**
 * The organization an organization's page works on: a user's own, or the one an administrator picks
 * (first the one the page was opened for, `?organization=`). It is in every call's path.
 */
export function usePageOrganization() {
  const user = useCurrentUser().data;
  const isAdmin = user?.role === 'admin';
  const [picked, setPicked] = useState<string | undefined>(useOrganizationParam());
  return { isAdmin, picked, setPicked, organizationId: isAdmin ? picked : (user?.organization_id ?? undefined) };
}

/**
 * As usePageOrganization, with the administrator's pick kept in the URL (`?organization=`, replacing the history
 * entry), so a reload or a shared link opens the same organization's page.
 */
export function useOrganizationInUrl() {
  const [search, setSearch] = useSearchParams();
  const { setPicked, ...organization } = usePageOrganization();
  const pick = (id: string | undefined) => {
    setPicked(id);
    const next = new URLSearchParams(search);
    if (id) next.set('organization', id);
    else next.delete('organization');
    setSearch(next, { replace: true });
  };
  return { ...organization, pick };
}
