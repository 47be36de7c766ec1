import { reportsQueryKey } from '../../../lib/reports-query-key';

const segment = encodeURIComponent;

export const templatesPath = '/api/v1/report-pack-templates';
export const templatePath = (templateId: string) => `${templatesPath}/${segment(templateId)}`;
export const packsPath = (organizationId: string) => `/api/v1/report-packs/${segment(organizationId)}`;
export const packPath = (organizationId: string, packId: string) => `${packsPath(organizationId)}/${segment(packId)}`;

/** Which organization and pack a call of the pack editor is about. */
export interface PackRef {
  organizationId: string;
  packId: string;
}

export const templatesQueryKey = ['report-pack-templates'] as const;
export const templateQueryKey = (templateId: string) => [...templatesQueryKey, templateId] as const;

/** Every query of one organization's packs starts with this key: a created or deleted pack refreshes them all. */
export const packsQueryKey = (organizationId: string) => ['report-packs', organizationId] as const;
export const packListQueryKey = (organizationId: string) => [...packsQueryKey(organizationId), 'list'] as const;
/** One pack and everything of it (runs, commentary) below it. */
export const packQueryKey = ({ organizationId, packId }: PackRef) =>
  [...packsQueryKey(organizationId), 'pack', packId] as const;
/**
 * Previews show statement figures: they live under the reports key, so what changes the figures (a statement
 * layout saved, a dataset refreshed) refreshes them too, whichever feature did it.
 */
export const packPreviewsQueryKey = ({ organizationId, packId }: PackRef) =>
  [...reportsQueryKey, 'report-pack-preview', organizationId, packId] as const;
