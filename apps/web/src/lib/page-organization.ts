import { useState } from 'react';
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
