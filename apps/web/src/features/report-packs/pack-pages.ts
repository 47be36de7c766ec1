import {
  PACK_CHART_LABELS,
  PACK_PAGE_KIND_LABELS,
  PACK_RANGE_LABELS,
  type PackPageInput,
  type PackPageKind,
  type PackPageOptions,
  type PackPageView,
} from '@finboard/shared/report-packs';
import { KPI_CATALOG, REPORT_TEMPLATE_LABELS, type ReportComparison } from '@finboard/shared/reports';

/**
 * A page as the page-list editor holds it: always with its id (the sortable list and a template's overrides
 * name it), and, on a pack, where it comes from. A template's pages have no source.
 */
export interface EditorPage {
  id: string;
  kind: PackPageKind;
  template?: PackPageView['template'];
  options?: PackPageOptions;
  source?: PackPageView['source'];
}

export const COMPARISON_LABELS: Record<ReportComparison, string> = {
  previousPeriod: 'Previous period',
  priorYear: 'Prior year',
  budget: 'Budget',
};

/** A page id the server keeps as given (`[a-z0-9-]{1,40}`): random, so two new pages never share one. */
export function newPageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `p-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** What a blank pack starts with: the month's cover, contents, the three statements, the KPIs and commentary. */
export function defaultPages(): EditorPage[] {
  const page = (kind: PackPageKind, template?: EditorPage['template']): EditorPage => ({
    id: newPageId(),
    kind,
    ...(template ? { template } : {}),
  });
  return [
    page('cover'),
    page('contents'),
    page('statement', 'profit-and-loss'),
    page('statement', 'balance-sheet'),
    page('statement', 'cash-flow'),
    page('kpis'),
    page('commentary'),
  ];
}

/** The options without what says nothing (blank text, empty lists): the server compares pages by content. */
export function cleanOptions(options: PackPageOptions | undefined): PackPageOptions | undefined {
  if (!options) return undefined;
  const kept = Object.entries(options).filter(([, value]) => {
    if (value === undefined || value === null) return false;
    if (typeof value === 'string') return value.trim() !== '';
    if (Array.isArray(value)) return value.length > 0;
    return true;
  });
  return kept.length === 0 ? undefined : (Object.fromEntries(kept) as PackPageOptions);
}

/** The page as the API takes it: no source, only options that say something. */
export function pageBody(page: EditorPage): PackPageInput & { id: string } {
  const options = cleanOptions(page.options);
  return {
    id: page.id,
    kind: page.kind,
    ...(page.kind === 'statement' && page.template ? { template: page.template } : {}),
    ...(options ? { options } : {}),
  };
}

export const pagesBody = (pages: readonly EditorPage[]) => pages.map(pageBody);

/** JSON with keys in order, so two pages with the same content compare equal whatever the order of their keys. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

export const samePage = (a: EditorPage, b: EditorPage) => canonical(pageBody(a)) === canonical(pageBody(b));

/** Whether the list differs from the saved one: a page added, removed, moved or edited. */
export function pagesChanged(saved: readonly EditorPage[], draft: readonly EditorPage[]): boolean {
  return saved.length !== draft.length || saved.some((page, index) => !samePage(page, draft[index]!));
}

/** Moves the page `activeId` to where `overId` is (a drop on a sortable list); unknown ids change nothing. */
export function movePage<T extends { id: string }>(pages: readonly T[], activeId: string, overId: string): T[] {
  const from = pages.findIndex((page) => page.id === activeId);
  const to = pages.findIndex((page) => page.id === overId);
  if (from < 0 || to < 0 || from === to) return [...pages];
  const next = [...pages];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Moves a page one place up (-1) or down (+1); at either end it stays. */
export function movePageBy<T extends { id: string }>(pages: readonly T[], id: string, step: -1 | 1): T[] {
  const from = pages.findIndex((page) => page.id === id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= pages.length) return [...pages];
  return movePage(pages, id, pages[to]!.id);
}

export const removePage = (pages: readonly EditorPage[], id: string) => pages.filter((page) => page.id !== id);

/**
 * The list with `page` in place of the page of its id (or added at the end). On a pack, a template's page that
 * now differs from how it was saved becomes an override; back to its saved content, its saved source again.
 */
export function putPage(
  pages: readonly EditorPage[],
  page: EditorPage,
  saved: readonly EditorPage[] = [],
): EditorPage[] {
  const before = saved.find((candidate) => candidate.id === page.id);
  let source = page.source;
  if (before?.source !== undefined) source = samePage(before, page) ? before.source : overriddenSource(before.source);
  const placed = { ...page, ...(source ? { source } : {}) };
  return pages.some((candidate) => candidate.id === page.id)
    ? pages.map((candidate) => (candidate.id === page.id ? placed : candidate))
    : [...pages, placed];
}

const overriddenSource = (source: NonNullable<EditorPage['source']>) => (source === 'template' ? 'override' : source);

/** The page's heading: its own title, else its report's or chart's name, else its kind's. */
export function pageTitle(page: Pick<EditorPage, 'kind' | 'template' | 'options'>): string {
  const title = page.options?.title?.trim();
  if (title) return title;
  if (page.kind === 'statement' && page.template) return REPORT_TEMPLATE_LABELS[page.template];
  if (page.kind === 'chart' && page.options?.chart) return PACK_CHART_LABELS[page.options.chart];
  return PACK_PAGE_KIND_LABELS[page.kind];
}

/** One line saying how the page is set up: "Year to date · vs Prior year, Budget · in thousands". */
export function pageSummary(page: Pick<EditorPage, 'kind' | 'template' | 'options'>): string {
  const options = page.options ?? {};
  const parts: string[] = [];
  if (page.kind === 'statement') {
    if (options.title?.trim() && page.template) parts.push(REPORT_TEMPLATE_LABELS[page.template]);
    parts.push(PACK_RANGE_LABELS[options.range ?? 'month']);
    if (options.compare?.length) parts.push(`vs ${options.compare.map((key) => COMPARISON_LABELS[key]).join(', ')}`);
    if (options.thousands) parts.push('in thousands');
    if (options.brackets) parts.push('negatives in brackets');
    if (options.hideZeroRows) parts.push('zero rows hidden');
    if (options.entity?.trim()) parts.push(`entity ${options.entity.trim()}`);
    if (options.department?.trim()) parts.push(`department ${options.department.trim()}`);
    if (options.groupId) parts.push('consolidated');
  }
  if (page.kind === 'kpis')
    parts.push(
      options.kpis?.length
        ? options.kpis.map((key) => KPI_CATALOG[key].label).join(', ')
        : "The Financial Overview's KPIs",
    );
  if (page.kind === 'chart' && options.title?.trim() && options.chart) parts.push(PACK_CHART_LABELS[options.chart]);
  if (page.kind === 'notes') {
    // The notes as they read: Markdown's markers and bullets left out.
    const text = options.text?.replace(/\*+/g, '').replace(/^- /gm, '').trim().replace(/\s+/g, ' ') ?? '';
    parts.push(text === '' ? 'No text yet' : text.length > 60 ? `${text.slice(0, 59)}…` : text);
  }
  if (options.orientation === 'landscape') parts.push('landscape');
  return parts.join(' · ');
}

/** The editor's pages of a pack or template as the API answers them. */
export const editorPagesOf = (pages: readonly (PackPageInput | PackPageView)[]): EditorPage[] =>
  pages.map((page) => ({ ...(page as EditorPage), id: page.id ?? newPageId() }));
