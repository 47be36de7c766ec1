import { describe, expect, it } from 'vitest';
import type { PackPage } from '@finboard/shared/report-packs';
import { effectivePages, storedPagesOf } from './pack-pages.ts';

const cover: PackPage = { id: 'cover', kind: 'cover' };
const pl: PackPage = { id: 'pl', kind: 'statement', template: 'profit-and-loss' };
const bs: PackPage = { id: 'bs', kind: 'statement', template: 'balance-sheet' };
const kpis: PackPage = { id: 'kpis', kind: 'kpis' };
const template = [cover, pl, bs];
const ids = (pages: { id: string }[]) => pages.map((page) => page.id);

describe('effectivePages', () => {
  it("shows a pack's own pages as its own when it has no template", () => {
    expect(effectivePages(null, { pages: [pl, cover], layout: null })).toEqual([
      { ...pl, source: 'pack' },
      { ...cover, source: 'pack' },
    ]);
  });

  it("follows the template's pages, an override in its place, the pack's own pages last", () => {
    const thousands: PackPage = { ...pl, options: { thousands: true } };
    const pages = effectivePages(template, { pages: [thousands, kpis], layout: null });
    expect(pages.map((page) => [page.id, page.source])).toEqual([
      ['cover', 'template'],
      ['pl', 'override'],
      ['bs', 'template'],
      ['kpis', 'pack'],
    ]);
    expect(pages[1]!.options).toEqual({ thousands: true });
  });

  it('places a page the template gained after the page before it, and drops one it lost', () => {
    const cash: PackPage = { id: 'cash', kind: 'statement', template: 'cash-flow' };
    const stored = { pages: [kpis], layout: { order: ['kpis', 'cover', 'pl', 'bs'], hidden: [] } };
    expect(ids(effectivePages([cover, pl, cash], stored))).toEqual(['kpis', 'cover', 'pl', 'cash']);
  });

  it('leaves out the template pages the pack removed, even once the template changes', () => {
    const stored = { pages: [], layout: { order: null, hidden: ['bs'] } };
    expect(ids(effectivePages([...template, kpis], stored))).toEqual(['cover', 'pl', 'kpis']);
  });
});

describe('storedPagesOf', () => {
  it('keeps nothing of a pack saved with its template pages as they are', () => {
    expect(storedPagesOf(template, template)).toEqual({ pages: [], layout: null });
  });

  it('keeps the changed page as an override and the own page, and the order only when it differs', () => {
    const changed: PackPage = { ...bs, options: { brackets: true } };
    expect(storedPagesOf(template, [cover, pl, changed, kpis])).toEqual({ pages: [changed, kpis], layout: null });
    const reordered = storedPagesOf(template, [kpis, cover, pl, bs]);
    expect(reordered).toEqual({ pages: [kpis], layout: { order: ['kpis', 'cover', 'pl', 'bs'], hidden: [] } });
    expect(ids(effectivePages(template, reordered))).toEqual(['kpis', 'cover', 'pl', 'bs']);
  });

  it('records a template page left out as hidden', () => {
    const stored = storedPagesOf(template, [cover, bs]);
    expect(stored).toEqual({ pages: [], layout: { order: null, hidden: ['pl'] } });
    expect(ids(effectivePages(template, stored))).toEqual(['cover', 'bs']);
  });

  it('round-trips: what is saved shows as it was sent', () => {
    const sent: PackPage[] = [bs, { ...cover, options: { title: 'Board pack' } }, kpis];
    expect(effectivePages(template, storedPagesOf(template, sent)).map(({ source: _s, ...page }) => page)).toEqual(
      sent,
    );
  });
});
