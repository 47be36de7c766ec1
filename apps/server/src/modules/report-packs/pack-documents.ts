import type { PackDocument, PackPage } from '@finboard/shared/report-packs';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { effectivePages, ownPagesOf } from './pack-pages.ts';
import type { PackSubject } from './pack-assembler.ts';
import type { PackRow, ReportPacksRepository } from './report-packs.repository.ts';

export interface PackDocumentsDeps {
  repository: Pick<ReportPacksRepository, 'findTemplate' | 'organization' | 'findPeriod'>;
  storage: Pick<FileStorage, 'get'>;
  assemble: (subject: PackSubject) => Promise<PackDocument>;
}

/**
 * A pack's document for a period, as it is made now: its pages (its template's followed, or the unsaved ones a
 * preview sends), its organization's name and logo, the period's commentary and sign-off.
 */
export function createPackDocuments(deps: PackDocumentsDeps) {
  const { repository, storage, assemble } = deps;

  async function logoOf(logoKey: string | null): Promise<string | null> {
    if (!logoKey) return null;
    const bytes = await storage.get(logoKey);
    return bytes ? `data:image/png;base64,${bytes.toString('base64')}` : null;
  }

  return async function documentOf(
    pack: PackRow,
    period: string,
    options: { preparedBy: string; pages?: readonly PackPage[] },
  ): Promise<PackDocument> {
    const template = pack.templateId ? await repository.findTemplate(pack.templateId) : undefined;
    const pages =
      options.pages ??
      ownPagesOf(effectivePages(template?.pages ?? null, { pages: pack.pages, layout: pack.pageLayout }));
    const organization = await repository.organization(pack.organizationId);
    const periodRow = await repository.findPeriod(pack.id, period);
    return assemble({
      organizationId: pack.organizationId,
      organizationName: organization?.name ?? '',
      logo: await logoOf(organization?.logoKey ?? null),
      title: pack.name,
      colour: pack.colour ?? template?.colour ?? null,
      pages,
      period,
      preparedBy: options.preparedBy,
      commentary: periodRow?.commentary ?? '',
      signedOff:
        periodRow?.signedOffBy && periodRow.signedOffAt
          ? { by: periodRow.signedOffBy, at: periodRow.signedOffAt.toISOString() }
          : null,
    });
  };
}

export type PackDocuments = ReturnType<typeof createPackDocuments>;
