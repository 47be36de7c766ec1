import { describe, expect, it } from 'vitest';
import { packPageSchema } from '@finboard/shared/report-packs';
import {
  defaultPages,
  movePage,
  movePageBy,
  newPageId,
  pageSummary,
  pageTitle,
  pagesBody,
  pagesChanged,
  putPage,
  removePage,
  type EditorPage,
} from './pack-pages';

const page = (id: string, kind: EditorPage['kind'], extra: Partial<EditorPage> = {}): EditorPage => ({
  id,
  kind,
  ...extra,
});
const ids = (pages: readonly { id: string }[]) => pages.map((p) => p.id);

describe('the default pages of a blank pack', () => {
  it('are cover, contents, Profit & Loss, Balance Sheet, Cash Flow, KPIs and commentary, each a valid page', () => {
    const pages = defaultPages();
    expect(pages.map(pageTitle)).toEqual([
      'Cover',
      'Contents',
      'Profit & Loss',
      'Balance Sheet',
      'Cash Flow',
      'KPIs',
      'Commentary',
    ]);
    expect(new Set(ids(pages)).size).toBe(7);
    for (const body of pagesBody(pages)) expect(packPageSchema.safeParse(body).success).toBe(true);
  });
  it('get ids the server keeps as given', () => {
    expect(newPageId()).toMatch(/^[a-z0-9-]{1,40}$/);
  });
});

describe('the page list being edited', () => {
  const pages = [page('a', 'cover'), page('b', 'contents'), page('c', 'kpis'), page('d', 'commentary')];
  it('moves a dropped page to the place of the page it was dropped on, down or up', () => {
    expect(ids(movePage(pages, 'a', 'c'))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(movePage(pages, 'd', 'b'))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(movePage(pages, 'a', 'zz'))).toEqual(['a', 'b', 'c', 'd']);
  });
  it('moves a page one place with the keyboard, and not past either end', () => {
    expect(ids(movePageBy(pages, 'b', -1))).toEqual(['b', 'a', 'c', 'd']);
    expect(ids(movePageBy(pages, 'b', 1))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(movePageBy(pages, 'a', -1))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(movePageBy(pages, 'd', 1))).toEqual(['a', 'b', 'c', 'd']);
  });
  it('is changed by a move, a removal or an edit, and not by options that say nothing', () => {
    expect(pagesChanged(pages, movePage(pages, 'a', 'b'))).toBe(true);
    expect(pagesChanged(pages, removePage(pages, 'c'))).toBe(true);
    expect(pagesChanged(pages, putPage(pages, page('c', 'kpis', { options: { kpis: ['cash'] } })))).toBe(true);
    expect(pagesChanged(pages, putPage(pages, page('c', 'kpis', { options: { title: '  ', compare: [] } })))).toBe(
      false,
    );
    // Moved away and back: no change left.
    expect(pagesChanged(pages, movePage(movePage(pages, 'a', 'c'), 'a', 'b'))).toBe(false);
  });
  it('marks an edited template page overridden, and back to following the template when its edit is undone', () => {
    const saved = [page('t1', 'kpis', { source: 'template' }), page('own', 'notes', { source: 'pack' })];
    const edited = putPage(saved, page('t1', 'kpis', { options: { kpis: ['revenue'] }, source: 'template' }), saved);
    expect(edited[0]!.source).toBe('override');
    expect(putPage(edited, page('t1', 'kpis', { source: 'override' }), saved)[0]!.source).toBe('template');
    // The pack's own page stays its own; a new page is added at the end.
    expect(putPage(saved, page('own', 'notes', { options: { text: 'x' } }), saved)[1]!.source).toBe('pack');
    expect(ids(putPage(saved, page('new', 'cover', { source: 'pack' }), saved))).toEqual(['t1', 'own', 'new']);
  });
  it('sends pages without their source, a report only on statements and only options that say something', () => {
    expect(
      pagesBody([
        page('s', 'statement', {
          template: 'profit-and-loss',
          options: { range: 'yearToDate', compare: [], entity: '', thousands: true },
          source: 'override',
        }),
        page('n', 'notes', { template: 'balance-sheet', options: {} }),
      ]),
    ).toEqual([
      { id: 's', kind: 'statement', template: 'profit-and-loss', options: { range: 'yearToDate', thousands: true } },
      { id: 'n', kind: 'notes' },
    ]);
  });
});

describe('how a page is named and described', () => {
  it('names a page by its title, its report or chart, or its kind', () => {
    expect(pageTitle(page('x', 'statement', { template: 'cash-flow' }))).toBe('Cash Flow');
    expect(pageTitle(page('x', 'statement', { template: 'cash-flow', options: { title: 'Cash' } }))).toBe('Cash');
    expect(pageTitle(page('x', 'chart', { options: { chart: 'cash' } }))).toBe('Cash at month end');
    expect(pageTitle(page('x', 'tie-out'))).toBe('Tie-out');
  });
  it('describes a statement page by its range, comparisons and display', () => {
    expect(
      pageSummary(
        page('x', 'statement', {
          template: 'profit-and-loss',
          options: { range: 'yearToDate', compare: ['priorYear', 'budget'], thousands: true, orientation: 'landscape' },
        }),
      ),
    ).toBe('Year to date · vs Prior year, Budget · in thousands · landscape');
    expect(
      pageSummary(
        page('x', 'statement', {
          template: 'balance-sheet',
          options: { groupId: '6f1c2d4e-8a9b-4c3d-9e8f-1a2b3c4d5e6f' },
        }),
      ),
    ).toBe('Month · consolidated');
    expect(pageSummary(page('x', 'kpis', { options: { kpis: ['revenue', 'cash'] } }))).toBe('Revenue, Cash');
    expect(pageSummary(page('x', 'kpis'))).toBe("The Financial Overview's KPIs");
    expect(pageSummary(page('x', 'notes', { options: { text: '**Short**\n\n- *note*' } }))).toBe('Short note');
  });
});
