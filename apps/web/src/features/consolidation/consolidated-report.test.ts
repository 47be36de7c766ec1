import { describe, expect, it } from 'vitest';
import type { ConsolidatedReport } from '@finboard/shared/consolidation';
import {
  balanceSummary,
  memberStatementHrefs,
  searchWithSelection,
  selectionFromSearch,
  statementPart,
  worksheetOf,
} from './consolidated-report';

const drill = { accountCode: '1000', from: '2026-01', to: '2026-02' };

const report = (template: ConsolidatedReport['template'] = 'balance-sheet'): ConsolidatedReport => ({
  template,
  groupId: 'g1',
  from: '2026-01',
  to: '2026-02',
  asOf: '2026-02-28',
  entity: null,
  department: null,
  currency: 'USD',
  refreshedAt: null,
  sections: [
    {
      key: 'balanceSheet',
      label: 'Balance Sheet',
      columns: [{ key: 'total', label: 'Total', kind: 'amount' }],
      rows: [{ key: 'cash', label: '1000 Cash', kind: 'line', depth: 1, values: { total: 12475.4 }, drill }],
    },
    {
      key: 'worksheet',
      label: 'Consolidation worksheet',
      columns: [
        { key: 'h1', label: 'Holding', kind: 'amount' },
        { key: 'e1|EU', label: 'EuroSub · EU', kind: 'amount' },
        { key: 'consolidated', label: 'Consolidated', kind: 'amount' },
      ],
      rows: [],
    },
  ],
  series: [{ key: 'cash', label: 'Cash', chart: 'line', kind: 'amount', points: [{ x: '2026-02', value: 1, drill }] }],
  totals: { nonControllingInterest: 297.6, translationAdjustment: 102.08, unmatchedIntercompany: -50 },
  filters: { entities: [], departments: [], firstPeriod: '2025-12', lastPeriod: '2026-02', fiscalYearStart: '2026-01' },
  members: [
    {
      key: 'h1',
      organizationId: 'h1',
      organizationName: 'Holding',
      entity: null,
      baseCurrency: 'USD',
      ownershipPct: 100,
    },
    {
      key: 'e1|EU',
      organizationId: 'e1',
      organizationName: 'EuroSub',
      entity: 'EU',
      baseCurrency: 'EUR',
      ownershipPct: 80,
    },
  ],
  unmatched: [],
});

describe('a group’s statement on the page', () => {
  it('draws the statement without the worksheet and without drill-downs a group cannot answer', () => {
    const part = statementPart(report());
    expect(part.sections.map((section) => section.key)).toEqual(['balanceSheet']);
    expect(part.sections[0]!.rows[0]).not.toHaveProperty('drill');
    expect(part.series[0]!.points[0]).toEqual({ x: '2026-02', value: 1 });
    expect(worksheetOf(report())?.label).toBe('Consolidation worksheet');
  });

  it('links each member column to that organization’s own statement of the same range (and entity)', () => {
    const hrefs = memberStatementHrefs(report());
    expect(hrefs.get('h1')).toBe('/dashboard?name=Balance+Sheet&organization=h1&from=2026-01&to=2026-02');
    expect(hrefs.get('e1|EU')).toBe('/dashboard?name=Balance+Sheet&organization=e1&from=2026-01&to=2026-02&entity=EU');
    expect(memberStatementHrefs(report('profit-and-loss')).get('h1')).toContain('name=Profit+%26+Loss');
  });

  it('sums up the balance sheet’s group equity: the translation adjustment and the non-controlling interests', () => {
    expect(balanceSummary(report())).toEqual([
      { label: 'Translation adjustment (parent’s share)', value: 102.08 },
      { label: 'Non-controlling interests', value: 297.6 },
    ]);
    expect(balanceSummary(report('profit-and-loss'))).toEqual([]);
  });
});

describe('the statement and range in the URL', () => {
  it('reads the statement and range, turning a backwards range round and dropping a bad month', () => {
    expect(selectionFromSearch(new URLSearchParams('statement=balance-sheet&from=2026-03&to=2026-01'))).toEqual({
      template: 'balance-sheet',
      from: '2026-01',
      to: '2026-03',
    });
    expect(selectionFromSearch(new URLSearchParams('statement=budget-vs-actual&from=2026-13'))).toEqual({
      template: 'profit-and-loss',
      from: undefined,
      to: undefined,
    });
  });

  it('writes them back keeping the other parameters, the default statement leaving none', () => {
    const search = new URLSearchParams('tab=edit&statement=cash-flow&from=2026-01');
    expect(searchWithSelection(search, { template: 'profit-and-loss', to: '2026-02' }).toString()).toBe(
      'tab=edit&to=2026-02',
    );
    expect(searchWithSelection(search, { template: 'balance-sheet', from: '2026-01' }).toString()).toBe(
      'tab=edit&statement=balance-sheet&from=2026-01',
    );
  });
});
