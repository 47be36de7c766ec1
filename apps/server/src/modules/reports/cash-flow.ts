import type { ReportRow } from '@finboard/shared/reports';
import { monthLabel, monthsBetween } from './periods.ts';
import { reportsRepository as repo } from './reports.repository.ts';
import { add, drillOf, money, valuesOf, type StatementBody, type StatementInput } from './statement-kit.ts';

export const isCashAccount = (input: Pick<StatementInput, 'accounts'>, code: string) =>
  input.accounts.get(code)?.subtype === 'cash';

/**
 * Direct cash flow by month (finance-conventions.md): opening cash (the cash accounts' balance before the
 * range), cash in and out (each journal's net effect on cash accounts, from 05_Monthly_Cash_Flow), closing
 * cash = opening + in − out; and each cash account's balance at every month end.
 */
export async function cashFlow(input: StatementInput): Promise<StatementBody> {
  const { tx, schema, from, to, slice, accounts } = input;
  const months = monthsBetween(from, to);
  const [movements, flows] = await Promise.all([
    repo.movements(tx, schema, [{ from: null, to }], slice),
    repo.cashFlows(tx, schema, to, slice),
  ]);
  const cashCodes = [...new Set(movements.map((m) => m.accountCode))]
    .filter((code) => isCashAccount(input, code))
    .sort();
  let opening = 0;
  const accountNet = new Map<string, Map<string, number>>();
  for (const movement of movements) {
    if (!isCashAccount(input, movement.accountCode)) continue;
    if (movement.period < from) opening += movement.net;
    else {
      const byPeriod = accountNet.get(movement.accountCode) ?? new Map<string, number>();
      accountNet.set(movement.accountCode, byPeriod);
      add(byPeriod, movement.period, movement.net);
    }
  }
  const flowOf = new Map(flows.map((flow) => [flow.period, flow]));

  const values = {
    opening: {} as Record<string, number>,
    in: {} as Record<string, number>,
    out: {} as Record<string, number>,
    net: {} as Record<string, number>,
    closing: {} as Record<string, number>,
  };
  let balance = opening;
  for (const period of months) {
    const flow = flowOf.get(period);
    values.opening[period] = balance;
    values.in[period] = flow?.cashIn ?? 0;
    values.out[period] = flow?.cashOut ?? 0;
    values.net[period] = values.in[period] - values.out[period];
    balance += values.net[period];
    values.closing[period] = balance;
  }
  const sum = (byPeriod: Record<string, number>) => months.reduce((total, period) => total + byPeriod[period]!, 0);
  values.opening.total = opening;
  values.in.total = sum(values.in);
  values.out.total = sum(values.out);
  values.net.total = sum(values.net);
  values.closing.total = balance;

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
      .reduce((total, m) => total + m.net, 0);
    const cents: Record<string, number> = {};
    for (const period of months) {
      running += accountNet.get(code)?.get(period) ?? 0;
      cents[period] = running;
    }
    cents.total = running;
    return {
      key: `balances:${code}`,
      label: `${code} ${accounts.get(code)?.name ?? ''}`.trim(),
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
      {
        key: 'cash',
        label: 'Cash Flow',
        columns,
        rows: [
          row('opening', 'Opening cash', 'subtotal'),
          row('in', 'Cash in', 'line', true),
          row('out', 'Cash out', 'line', true),
          row('net', 'Net cash flow', 'subtotal', true),
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
      openingCash: money(opening),
      cashIn: money(values.in.total),
      cashOut: money(values.out.total),
      netCashFlow: money(values.net.total),
      closingCash: money(balance),
    },
  };
}
