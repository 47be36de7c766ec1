import { withOrganization } from '../../lib/organization-link';

/** The packs list, for the organization an administrator opened it for. */
export const packsHref = (organizationId: string, isAdmin: boolean) =>
  isAdmin ? withOrganization('/report-packs', organizationId) : '/report-packs';

/** A pack's editor; an administrator's address names the organization it belongs to. */
export const packHref = (packId: string, organizationId: string, isAdmin: boolean) =>
  isAdmin ? withOrganization(`/report-packs/${packId}`, organizationId) : `/report-packs/${packId}`;

export const templateHref = (templateId: string) => `/report-pack-templates/${templateId}`;
