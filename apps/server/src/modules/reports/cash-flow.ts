import type { ReportRow } from '@finboard/shared/reports';
import { accountLabel } from '@finboard/shared/reports';
import { indirectCashFlow } from './indirect-cash-flow.ts';
import { monthLabel, monthsBetween } from './periods.ts';
import {
  add,
  balanceOf,
  drillOf,
  inSlice,
  isCash,
  money,
  valuesOf,
  type Statement,
  type StatementBody,
  type StatementLedger,
  type StatementReads,
  type StatementRequest,
} from './statement-kit.ts';

/** Cash accounts since the beginning (the opening balance), and the cash flows of every month to `to`. */
const reads = ({ to }: StatementRequest): StatementReads => ({
  movements: { ranges: [{ from: null, to }] },
  cashFlows: { to },
});

/**
 * The cash flow statement by the indirect method (indirect-cash-flow.ts), then the direct view as "Cash
 * movements": direct cash flow by month (finance-conventions.md): opening cash (the cash accounts' balance, debit − credit,
 * before the range), cash in and out (each journal's net effect on cash accounts, from 05_Monthly_Cash_Flow),
 * closing cash = opening + in − out; and each cash account's balance at every month end.
 */
function build(input: StatementRequest, ledger: StatementLedger): StatementBody {
  const { from, to, slice, accounts } = input;
  const months = monthsBetween(from, to);
  const sliced = ledger.movements.filter((movement) => movement.period <= to && inSlice(slice)(movement));
  const movements = sliced.filter(isCash);
  const indirect = indirectCashFlow(
    input,
    sliced,
    months,
    ledger.flows?.filter((movement) => movement.period <= to && inSlice(slice)(movement)),
  );
  const cashCodes = [...new Set(movements.map((m) => m.accountCode))].sort();
  let opening = 0;
  const accountNet = new Map<string, Map<string, number>>();
  for (const movement of movements) {
    if (movement.period < from) opening += balanceOf(movement);
    else {
      const byPeriod = accountNet.get(movement.accountCode) ?? new Map<string, number>();
      accountNet.set(movement.accountCode, byPeriod);
      add(byPeriod, movement.period, balanceOf(movement));
    }
  }
  const flowOf = new Map<string, { cashIn: number; cashOut: number; exchange: number }>();
  for (const flow of ledger.cashFlows.filter(inSlice(slice))) {
    if (flow.period > to) continue;
    const month = flowOf.get(flow.period) ?? { cashIn: 0, cashOut: 0, exchange: 0 };
    flowOf.set(flow.period, {
      cashIn: month.cashIn + flow.cashIn,
      cashOut: month.cashOut + flow.cashOut,
      exchange: month.exchange + (flow.exchange ?? 0),
    });
  }

  const values = {
    opening: {} as Record<string, number>,
    in: {} as Record<string, number>,
    out: {} as Record<string, number>,
    net: {} as Record<string, number>,
    exchange: {} as Record<string, number>,
    closing: {} as Record<string, number>,
  };
  let balance = opening;
  for (const period of months) {
    const flow = flowOf.get(period);
    values.opening[period] = balance;
    values.in[period] = flow?.cashIn ?? 0;
    values.out[period] = flow?.cashOut ?? 0;
    values.net[period] = values.in[period] - values.out[period];
    values.exchange[period] = flow?.exchange ?? 0;
    balance += values.net[period] + values.exchange[period];
    values.closing[period] = balance;
  }
  const sum = (byPeriod: Record<string, number>) => months.reduce((total, period) => total + byPeriod[period]!, 0);
  values.opening.total = opening;
  values.in.total = sum(values.in);
  values.out.total = sum(values.out);
  values.net.total = sum(values.net);
  values.exchange.total = sum(values.exchange);
  values.closing.total = balance;
  // Only a group's cash moves with exchange rates: an organization's statement has no such row.
  const exchanged = months.some((period) => values.exchange[period] !== 0);

  const columns = [
    ...months.map((period) => ({ key: period, label: monthLabel(period), kind: 'amount' as const })),
    { key: 'total', label: 'Total', kind: 'amount' as const },
  ];
  const cashDrill = drillOf(input, { accountSubtype: 'cash', accountType: 'asset' });
  const row = (key: keyof typeof values, label: string, kind: ReportRow['kind'], drill = false): ReportRow => ({
    key: `cash:${key}`,
    label,
    kind,
    depth: kind === 'line' ? 1 : 0,
    values: valuesOf(values[key]),
    ...(drill && { drill: cashDrill }),
  });

  const balances: ReportRow[] = cashCodes.map((code) => {
    let running = movements
      .filter((m) => m.accountCode === code && m.period < from)
      .reduce((total, m) => total + balanceOf(m), 0);
    const cents: Record<string, number> = {};
    for (const period of months) {
      running += accountNet.get(code)?.get(period) ?? 0;
      cents[period] = running;
    }
    cents.total = running;
    return {
      key: `balances:${code}`,
      label: accountLabel(code, accounts.get(code)?.name),
      kind: 'line',
      depth: 1,
      values: valuesOf(cents),
      drill: drillOf(input, { accountCode: code }),
    };
  });
  balances.push({
    key: 'balances:total',
    label: 'Total cash',
    kind: 'total',
    depth: 0,
    values: valuesOf(values.closing),
  });

  const series = (key: keyof typeof values, label: string, chart: 'bar' | 'line') => ({
    key,
    label,
    chart,
    kind: 'amount' as const,
    points: months.map((period) => ({ x: period, value: money(values[key][period]!) })),
  });
  return {
    sections: [
      { key: 'cashFlowStatement', label: 'Cash Flow Statement', columns, rows: indirect.rows },
      {
        key: 'cash',
        label: 'Cash movements',
        columns,
        rows: [
          row('opening', 'Opening cash', 'subtotal'),
          row('in', 'Cash in', 'line', true),
          row('out', 'Cash out', 'line', true),
          row('net', 'Net cash flow', 'subtotal', true),
          ...(exchanged ? [row('exchange', 'Effect of exchange rates and acquired cash', 'line')] : []),
          row('closing', 'Closing cash', 'total'),
        ],
      },
      { key: 'balances', label: 'Cash Accounts (month-end balances)', columns, rows: balances },
    ],
    series: [
      series('in', 'Cash in', 'bar'),
      series('out', 'Cash out', 'bar'),
      series('closing', 'Closing cash', 'line'),
    ],
    totals: {
      operating: money(indirect.totals.operating),
      investing: money(indirect.totals.investing),
      financing: money(indirect.totals.financing),
      netChange: money(indirect.totals.netChange),
      openingCash: money(opening),
      cashIn: money(values.in.total),
      cashOut: money(values.out.total),
      netCashFlow: money(values.net.total),
      closingCash: money(balance),
      ...(exchanged && { exchangeEffect: money(values.exchange.total!) }),
    },
  };
}

export const cashFlow: Statement = { reads, build };
