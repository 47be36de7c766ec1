import { describe, expect, it } from 'vitest';
import { requestOf, rowOf, statementOf, toCents, TRADING_BOOKS } from '../../../test/statement-books.ts';
import { balanceSheet } from './balance-sheet.ts';
import { cashFlow } from './cash-flow.ts';

const books = TRADING_BOOKS;

describe('the Cash Flow of hand-made books', () => {
  it('opens with the cash before the range, adds each journal’s cash in and out, and closes at the balance', () => {
    const flow = statementOf(cashFlow, books, { from: '2026-01', to: '2026-02' });
    // Opening: Dec 2025's 10,000 − 800. Jan in: 2,500 (J05) + 1,500 (J06), out: 400 (J07); the 100 moved to
    // petty cash (J08) is neither. Feb in: the 40 refund (J14), out: 1,200 + 900 + 50 (J09, J11, J12).
    expect(flow.totals).toMatchObject({
      openingCash: 9200,
      cashIn: 4040,
      cashOut: 2550,
      netCashFlow: 1490,
      closingCash: 10690,
    });
    expect(rowOf(flow, 'cash:opening').values).toEqual({ '2026-01': 9200, '2026-02': 12800, total: 9200 });
    expect(rowOf(flow, 'cash:in').values).toEqual({ '2026-01': 4000, '2026-02': 40, total: 4040 });
    expect(rowOf(flow, 'cash:out').values).toEqual({ '2026-01': 400, '2026-02': 2150, total: 2550 });
    expect(rowOf(flow, 'cash:net').values).toEqual({ '2026-01': 3600, '2026-02': -2110, total: 1490 });
    expect(rowOf(flow, 'cash:closing').values).toEqual({ '2026-01': 12800, '2026-02': 10690, total: 10690 });
    // Each cash account at each month end; together the closing cash.
    expect(rowOf(flow, 'balances:1000')).toMatchObject({
      label: '1000 Bank',
      values: { '2026-01': 12700, '2026-02': 10590, total: 10590 },
      drill: { accountCode: '1000', from: '2026-01', to: '2026-02' },
    });
    expect(rowOf(flow, 'balances:1010').values).toEqual({ '2026-01': 100, '2026-02': 100, total: 100 });
    expect(rowOf(flow, 'balances:total').values).toEqual(rowOf(flow, 'cash:closing').values);
    expect(rowOf(flow, 'cash:in').drill).toEqual({
      accountSubtype: 'cash',
      accountType: 'asset',
      from: '2026-01',
      to: '2026-02',
    });
  });

  it('keeps its entity or department, and closes every month at the balance sheet’s cash', () => {
    // US: J06 in 1,500 and J07 out 400 in Jan; J14 in 40 and J12 out 50 in Feb; nothing before.
    const us = statementOf(cashFlow, books, { from: '2026-01', to: '2026-02', entity: 'US' });
    expect(us.totals).toMatchObject({
      openingCash: 0,
      cashIn: 1540,
      cashOut: 450,
      netCashFlow: 1090,
      closingCash: 1090,
    });
    // UK: 9,200 from Dec; Jan in 2,500 (the transfer to petty cash stays in the UK's cash); Feb out 1,200 + 900.
    const uk = statementOf(cashFlow, books, { from: '2026-01', to: '2026-02', entity: 'UK' });
    expect(uk.totals).toMatchObject({
      openingCash: 9200,
      cashIn: 2500,
      cashOut: 2100,
      netCashFlow: 400,
      closingCash: 9600,
    });
    // Ops: Dec's salaries (−800) before the range; rent out 400, then out 1,200 + 900 and the refund in 40.
    const ops = statementOf(cashFlow, books, { from: '2026-01', to: '2026-02', department: 'Ops' });
    expect(ops.totals).toMatchObject({
      openingCash: -800,
      cashIn: 40,
      cashOut: 2500,
      netCashFlow: -2460,
      closingCash: -3260,
    });

    for (const slice of [{}, { entity: 'UK' }, { entity: 'US' }, { department: 'Sales' }, { department: 'Ops' }])
      for (const end of ['2025-12', '2026-01', '2026-02']) {
        const flow = statementOf(cashFlow, books, { from: '2025-12', to: end, ...slice });
        const opening = rowOf(flow, 'cash:opening').values;
        const closing = rowOf(flow, 'cash:closing').values;
        const net = toCents(rowOf(flow, 'cash:in').values[end]) - toCents(rowOf(flow, 'cash:out').values[end]);
        expect(toCents(closing[end]), `${JSON.stringify(slice)} ${end}`).toBe(toCents(opening[end]) + net);
        const sheet = statementOf(balanceSheet, books, { from: end, to: end, ...slice });
        const cash = sheet.sections[0]!.rows.find((row) => row.key === 'currentAssets:subtype:cash');
        expect(toCents(closing[end])).toBe(toCents(cash?.values.current ?? 0));
      }
  });

  it('reads the cash accounts since the beginning and the cash flows to the range’s end', () => {
    expect(cashFlow.reads(requestOf(books, { from: '2026-01', to: '2026-02' }))).toEqual({
      movements: { ranges: [{ from: null, to: '2026-02' }] },
      cashFlows: { to: '2026-02' },
    });
  });
});
