import { describe, expect, it } from 'vitest';
import type { AccountSubtype } from '@finboard/shared/account-classification';
import type { LayoutRules } from '@finboard/shared/statement-layouts';
import {
  ledgerOf,
  requestOf,
  rowOf,
  statementOf,
  toCents,
  TRADING_BOOKS,
  type Books,
} from '../../../test/statement-books.ts';
import { balanceSheet } from './balance-sheet.ts';
import { kpiFigures, kpiLibrary } from './kpis.ts';
import { profitAndLoss } from './profit-and-loss.ts';
import type { StatementBody } from './statement-kit.ts';

/**
 * The statement layout (issue 25 §1) as the statements read it: an account moved to another line carries its
 * amount there — the subtotals around it change, the totals it does not leave stay — and no account is dropped;
 * a person's line beats a name rule; accounts follow the layout's order within their line.
 */

const JAN_FEB = { from: '2026-01', to: '2026-02' };

/**
 * The books and layout after a save that moves accounts, as the save leaves them: 01_Account holds each moved
 * account's new subtype and the layout keeps the line as the person's choice.
 */
function moved(books: Books, moves: Record<string, AccountSubtype>, order: string[] = []) {
  const layout: LayoutRules = { lines: new Map(Object.entries(moves)), order };
  return {
    books: {
      ...books,
      accounts: books.accounts.map((account) =>
        Object.hasOwn(moves, account.code) ? { ...account, subtype: moves[account.code]! } : account,
      ),
    },
    layout,
  };
}

const rowsOf = (body: StatementBody) => body.sections.flatMap((section) => section.rows);
/** The account rows under a group (`<group>:account:<code>`), as code → cents of `column`. */
const accountRows = (body: StatementBody, group: string, column: string) =>
  Object.fromEntries(
    rowsOf(body)
      .filter((row) => row.key.startsWith(`${group}:account:`))
      .map((row) => [row.key.slice(`${group}:account:`.length), toCents(row.values[column])]),
  );
const sum = (cents: Record<string, number>) => Object.values(cents).reduce((total, value) => total + value, 0);
/** Every account row of the statement, once each: `<code>` → how many rows name it. */
const accountCount = (body: StatementBody) => {
  const counts: Record<string, number> = {};
  for (const row of rowsOf(body)) {
    const code = /:account:(.+)$/.exec(row.key)?.[1];
    if (code) counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
};

const PROFIT_GROUPS = ['revenue', 'costOfSales', 'operatingExpenses', 'depreciationAmortization', 'otherExpenses'];

describe('a statement layout moving accounts', () => {
  it('Profit & Loss: rent moved to cost of sales carries its 360.00 there — gross profit falls, EBITDA and net income stand', () => {
    const before = statementOf(profitAndLoss, TRADING_BOOKS, JAN_FEB);
    const after = moved(TRADING_BOOKS, { '6100': 'cost_of_sales' });
    const pl = statementOf(profitAndLoss, after.books, { ...JAN_FEB, layout: after.layout });

    // Rent 400 − 40 (J07, J14) leaves operating expenses for cost of sales.
    expect(pl.totals).toMatchObject({
      costOfSales: before.totals.costOfSales! + 360,
      grossProfit: before.totals.grossProfit! - 360,
      operatingExpenses: before.totals.operatingExpenses! - 360,
      ebitda: before.totals.ebitda,
      netIncome: before.totals.netIncome,
    });
    expect(pl.totals).toMatchObject({ costOfSales: 1060, grossProfit: 2440, operatingExpenses: 900, netIncome: 1490 });
    expect(accountRows(pl, 'costOfSales', 'total')).toEqual({ '5000': 70_000, '6100': 36_000 });
    expect(accountRows(pl, 'operatingExpenses', 'total')).toEqual({ '6000': 90_000 });
    // Nothing dropped: every account once, each group's lines sum to its total.
    expect(accountCount(pl)).toEqual(accountCount(before));
    for (const group of PROFIT_GROUPS)
      expect(sum(accountRows(pl, group, 'total')), group).toBe(toCents(rowOf(pl, `${group}:total`).values.total));
  });

  it('Profit & Loss: interest moved to operating expenses comes above EBITDA — EBITDA falls by 50.00, net income stands', () => {
    const before = statementOf(profitAndLoss, TRADING_BOOKS, JAN_FEB);
    const after = moved(TRADING_BOOKS, { '7000': 'operating_expense' });
    const pl = statementOf(profitAndLoss, after.books, { ...JAN_FEB, layout: after.layout });

    expect(pl.totals).toMatchObject({
      operatingExpenses: before.totals.operatingExpenses! + 50,
      ebitda: before.totals.ebitda! - 50,
      otherExpenses: 0,
      grossProfit: before.totals.grossProfit,
      netIncome: before.totals.netIncome,
    });
    expect(accountCount(pl)).toEqual(accountCount(before));
  });

  it('Balance Sheet: receivables moved to non-current assets move 2,500.00 between the subtotals; total assets stand', () => {
    const before = statementOf(balanceSheet, TRADING_BOOKS, JAN_FEB);
    const after = moved(TRADING_BOOKS, { '1200': 'other_non_current_asset' });
    const sheet = statementOf(balanceSheet, after.books, { ...JAN_FEB, layout: after.layout });

    // Receivables at the end of Feb 2026: 3,000 − 2,500 + 2,000.
    expect(sheet.totals).toMatchObject({
      currentAssets: before.totals.currentAssets! - 2500,
      nonCurrentAssets: before.totals.nonCurrentAssets! + 2500,
      totalAssets: before.totals.totalAssets,
      workingCapital: before.totals.workingCapital! - 2500,
      totalLiabilitiesAndEquity: before.totals.totalLiabilitiesAndEquity,
    });
    expect(accountRows(sheet, 'nonCurrentAssets', 'current')).toEqual({ '1200': 250_000 });
    expect(rowOf(sheet, 'nonCurrentAssets:subtype:other_non_current_asset').values.current).toBe(2500);
    // Nothing dropped: every account once; the asset lines sum to total assets.
    expect(accountCount(sheet)).toEqual(accountCount(before));
    expect(
      sum(accountRows(sheet, 'currentAssets', 'current')) + sum(accountRows(sheet, 'nonCurrentAssets', 'current')),
    ).toBe(toCents(sheet.totals.totalAssets));
  });

  it('follows 01_Account again once it no longer holds the line the layout kept (a later Studio edit)', () => {
    const layout: LayoutRules = { lines: new Map([['6100', 'cost_of_sales']]), order: [] };
    const pl = statementOf(profitAndLoss, TRADING_BOOKS, { ...JAN_FEB, layout });
    expect(pl.totals).toEqual(statementOf(profitAndLoss, TRADING_BOOKS, JAN_FEB).totals);
  });
});

/** TRADING_BOOKS with a van depreciated in Feb 2026, its expense stored as an operating expense. */
const VAN_BOOKS: Books = {
  ...TRADING_BOOKS,
  accounts: [
    ...TRADING_BOOKS.accounts,
    { code: '1600', name: 'Accumulated depreciation', type: 'asset', subtype: 'accumulated_depreciation' },
    { code: '6500', name: 'Depreciation of vans', type: 'expense', subtype: 'operating_expense' },
  ],
  journals: [
    ...TRADING_BOOKS.journals,
    {
      id: 'J15',
      period: '2026-02',
      lines: [
        { account: '6500', debit: '120.00', entity: 'UK' },
        { account: '1600', credit: '120.00', entity: 'UK' },
      ],
    },
  ],
};

describe('a line a person chose', () => {
  it('beats the name rule: "Depreciation of vans" kept as an operating expense stays above EBITDA', () => {
    // By its name, an operating expense called depreciation is depreciation and amortization.
    const byName = statementOf(profitAndLoss, VAN_BOOKS, JAN_FEB);
    expect(byName.totals).toMatchObject({ depreciationAmortization: 120, operatingExpenses: 1260, ebitda: 1540 });

    const layout: LayoutRules = { lines: new Map([['6500', 'operating_expense']]), order: [] };
    const kept = statementOf(profitAndLoss, VAN_BOOKS, { ...JAN_FEB, layout });
    expect(kept.totals).toMatchObject({
      depreciationAmortization: 0,
      operatingExpenses: 1380,
      ebitda: 1420,
      operatingIncome: byName.totals.operatingIncome,
      netIncome: byName.totals.netIncome,
    });
    expect(accountRows(kept, 'operatingExpenses', 'total')).toEqual({ '6000': 90_000, '6100': 36_000, '6500': 12_000 });
  });

  it('reaches the KPI library through the request, as every statement', () => {
    const window = { from: '2026-02', to: '2026-02' };
    const figuresOf = (layout?: LayoutRules) => {
      const request = requestOf(VAN_BOOKS, { ...window, layout });
      return kpiFigures(request, ledgerOf(VAN_BOOKS, kpiLibrary.reads(request)))(window);
    };
    expect(figuresOf()).toMatchObject({ depreciationAmortization: 12_000, operatingExpenses: 86_000 });
    expect(figuresOf({ lines: new Map([['6500', 'operating_expense']]), order: [] })).toMatchObject({
      depreciationAmortization: 0,
      operatingExpenses: 98_000,
    });
  });
});

describe('the layout’s order', () => {
  it('lists a line’s accounts in the layout’s order, those it does not list after them by code', () => {
    const keys = (order: string[]) =>
      rowsOf(statementOf(profitAndLoss, VAN_BOOKS, { ...JAN_FEB, layout: { lines: new Map(), order } }))
        .map((row) => row.key)
        .filter((key) => key.startsWith('operatingExpenses:account:'))
        .map((key) => key.slice('operatingExpenses:account:'.length));
    expect(keys([])).toEqual(['6000', '6100']);
    expect(keys(['6100', '6000'])).toEqual(['6100', '6000']);
    // 6500 is depreciation by its name: ordering it does not move it to this line.
    expect(keys(['6500', '6100'])).toEqual(['6100', '6000']);
  });

  it('orders the balance sheet’s lines too', () => {
    const sheet = statementOf(balanceSheet, TRADING_BOOKS, {
      ...JAN_FEB,
      layout: { lines: new Map(), order: ['1010'] },
    });
    expect(
      rowsOf(sheet)
        .map((row) => row.key)
        .filter((key) => key.startsWith('currentAssets:')),
    ).toEqual([
      'currentAssets:heading',
      'currentAssets:subtype:cash',
      'currentAssets:account:1010',
      'currentAssets:account:1000',
      'currentAssets:subtype:receivable',
      'currentAssets:account:1200',
      'currentAssets:total',
    ]);
  });
});
