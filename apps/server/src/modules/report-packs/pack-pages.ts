import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { PackPage, PackPageInput, PackPageView } from '@finboard/shared/report-packs';

/** How a pack made from a template places its pages: ids in order (null: the template's), template pages removed. */
export interface PageLayout {
  order: string[] | null;
  hidden: string[];
}

/** What a pack keeps of its pages (report_packs.pages and page_layout). */
export interface StoredPages {
  pages: PackPage[];
  layout: PageLayout | null;
}

/** A short id for a page sent without one: unique within a pack, stable across saves. */
export const newPageId = () => randomUUID().slice(0, 8);

/** The pages with an id each (those sent with one keep it). */
export const withIds = (pages: readonly PackPageInput[]): PackPage[] =>
  pages.map((page) => ({ ...(page as PackPage), id: page.id ?? newPageId() }));

const sameContent = (a: PackPage, b: PackPage) =>
  a.kind === b.kind && a.template === b.template && isDeepStrictEqual(a.options ?? {}, b.options ?? {});

/**
 * The pages a pack shows. Without a template, its own. From a template, the template's pages (but those the pack
 * removed) in the pack's order, each replaced by the pack's page of the same id when it has one (an override),
 * with the pack's own pages among them. A page the template gained since the pack last ordered its pages comes
 * after the page before it in the template; one the template lost goes, unless the pack overrides it.
 */
export function effectivePages(template: readonly PackPage[] | null, stored: StoredPages): PackPageView[] {
  if (template === null) return stored.pages.map((page) => ({ ...page, source: 'pack' }));
  const own = new Map(stored.pages.map((page) => [page.id, page]));
  const hidden = new Set(stored.layout?.hidden ?? []);
  const ofTemplate = new Map(template.filter((page) => !hidden.has(page.id)).map((page) => [page.id, page]));
  const order = stored.layout?.order ?? [...ofTemplate.keys(), ...own.keys()];
  const ids = [...new Set(order)].filter((id) => own.has(id) || ofTemplate.has(id));
  [...ofTemplate.keys()].forEach((id, index, templateIds) => {
    if (ids.includes(id)) return;
    const before = index === 0 ? -1 : ids.indexOf(templateIds[index - 1]!);
    ids.splice(before + 1, 0, id);
  });
  return ids.map((id): PackPageView => {
    const mine = own.get(id);
    if (mine) return { ...mine, source: ofTemplate.has(id) ? 'override' : 'pack' };
    return { ...ofTemplate.get(id)!, source: 'template' };
  });
}

/**
 * What a pack keeps when it is saved with `pages` (in order): from a template, only the pages that differ from
 * the template's page of the same id or that the template lacks, the template pages it left out, and the order
 * unless it is the one the pack would show anyway.
 */
export function storedPagesOf(template: readonly PackPage[] | null, pages: readonly PackPage[]): StoredPages {
  if (template === null) return { pages: [...pages], layout: null };
  const ofTemplate = new Map(template.map((page) => [page.id, page]));
  const kept = pages.filter((page) => {
    const theirs = ofTemplate.get(page.id);
    return theirs === undefined || !sameContent(theirs, page);
  });
  const given = new Set(pages.map((page) => page.id));
  const hidden = template.filter((page) => !given.has(page.id)).map((page) => page.id);
  const order = pages.map((page) => page.id);
  const shownAnyway = effectivePages(template, { pages: kept, layout: { order: null, hidden } }).map((p) => p.id);
  const layout = { order: isDeepStrictEqual(order, shownAnyway) ? null : order, hidden };
  return { pages: kept, layout: layout.order === null && hidden.length === 0 ? null : layout };
}

/** The pages a pack keeps as its own when it stops following its template. */
export const ownPagesOf = (pages: readonly PackPageView[]): PackPage[] =>
  pages.map(({ source: _source, ...page }) => page);
