import type { ReportRow, ReportSeries } from '@finboard/shared/reports';
import { addMonths, monthLabel, monthsBetween } from './periods.ts';
import { reportsRepository as repo } from './reports.repository.ts';
import {
  add,
  drillOf,
  money,
  percent,
  profitGroupOf,
  rowsBySubtype,
  valuesOf,
  type ProfitGroup,
  type ReportColumnSpec,
  type StatementBody,
  type StatementInput,
} from './statement-kit.ts';

const SECTIONS: { group: ProfitGroup; label: string; type: 'revenue' | 'expense' }[] = [
  { group: 'revenue', label: 'Revenue', type: 'revenue' },
  { group: 'costOfSales', label: 'Cost of Sales', type: 'expense' },
  { group: 'operatingExpenses', label: 'Operating Expenses', type: 'expense' },
  { group: 'otherExpenses', label: 'Other Expenses', type: 'expense' },
];

/** Monthly P&L cents per account: the months of the range, the prior year's same months and the budget. */
export async function profitFigures(input: StatementInput) {
  const { tx, schema, from, to, slice, accounts } = input;
  const priorFrom = addMonths(from, -12);
  const priorTo = addMonths(to, -12);
  const [movements, budget] = await Promise.all([
    repo.movements(tx, schema, [{ from: priorFrom, to }], slice),
    repo.budget(tx, schema, from, to, slice.department),
  ]);
  /** Reading-sign cents by account, then by period (current range) or 'prior' / 'budget'. */
  const byAccount = new Map<string, Map<string, number>>();
  const cell = (code: string) => {
    let found = byAccount.get(code);
    if (!found) byAccount.set(code, (found = new Map()));
    return found;
  };
  for (const movement of movements) {
    const account = accounts.get(movement.accountCode);
    if (!profitGroupOf(account)) continue;
    const amount = account!.type === 'revenue' ? -movement.net : movement.net;
    // A range longer than a year overlaps its prior year: a month may count in both.
    if (movement.period >= from) add(cell(movement.accountCode), movement.period, amount);
    if (movement.period <= priorTo) add(cell(movement.accountCode), 'prior', amount);
  }
  for (const line of budget)
    if (profitGroupOf(accounts.get(line.accountCode))) add(cell(line.accountCode), 'budget', line.amount);
  return byAccount;
}

export async function profitAndLoss(input: StatementInput): Promise<StatementBody> {
  const { from, to, accounts } = input;
  const months = monthsBetween(from, to);
  const byAccount = await profitFigures(input);
  const columns: ReportColumnSpec[] = [
    ...months.map((period) => ({ key: period, label: monthLabel(period), kind: 'amount' as const })),
    { key: 'total', label: 'Total', kind: 'amount' },
    { key: 'budget', label: 'Budget', kind: 'amount' },
    { key: 'vsBudget', label: 'vs Budget', kind: 'amount' },
    { key: 'priorYear', label: 'Prior year', kind: 'amount' },
    { key: 'vsPriorYear', label: 'vs Prior year', kind: 'amount' },
  ];
  const centsOf = (figures: Map<string, number> | undefined) => {
    const values: Record<string, number> = {};
    let total = 0;
    for (const period of months) {
      values[period] = figures?.get(period) ?? 0;
      total += values[period];
    }
    values.total = total;
    values.budget = figures?.get('budget') ?? 0;
    values.vsBudget = total - values.budget;
    values.priorYear = figures?.get('prior') ?? 0;
    values.vsPriorYear = total - values.priorYear;
    return values;
  };
  /** Good news is more revenue or less cost. */
  const favourableOf = (values: Record<string, number | null>, isRevenue: boolean) => {
    const good = (difference: number | null) => (difference ?? 0) === 0 || difference! > 0 === isRevenue;
    return { vsBudget: good(values.vsBudget ?? null), vsPriorYear: good(values.vsPriorYear ?? null) };
  };

  const groupCents = new Map<ProfitGroup, Record<string, number>>();
  const sections: StatementBody['sections'] = SECTIONS.map(({ group, label, type }) => {
    const codes = [...byAccount.keys()].filter((code) => profitGroupOf(accounts.get(code)) === group);
    const sum: Record<string, number> = centsOf(undefined);
    for (const code of codes)
      for (const [key, value] of Object.entries(centsOf(byAccount.get(code)))) sum[key]! += value;
    groupCents.set(group, sum);
    const rows = rowsBySubtype(input, group, codes, (code) => centsOf(byAccount.get(code)));
    for (const row of rows) row.favourable = favourableOf(row.values, type === 'revenue');
    rows.push({
      key: `${group}:total`,
      label: `Total ${label.toLowerCase()}`,
      kind: 'total',
      depth: 0,
      values: valuesOf(sum),
      favourable: favourableOf(valuesOf(sum), type === 'revenue'),
      ...(group === 'revenue' && { drill: drillOf(input, { accountType: 'revenue' }) }),
    });
    return { key: group, label, columns, rows };
  });

  const g = (group: ProfitGroup) => groupCents.get(group)!;
  const combine = (plus: ProfitGroup[], minus: ProfitGroup[]) => {
    const values: Record<string, number> = {};
    for (const key of Object.keys(g('revenue')))
      values[key] =
        plus.reduce((sum, group) => sum + g(group)[key]!, 0) - minus.reduce((sum, group) => sum + g(group)[key]!, 0);
    return values;
  };
  const grossProfit = combine(['revenue'], ['costOfSales']);
  const operatingIncome = combine(['revenue'], ['costOfSales', 'operatingExpenses']);
  const netIncome = combine(['revenue'], ['costOfSales', 'operatingExpenses', 'otherExpenses']);
  const expenses = combine(['costOfSales', 'operatingExpenses', 'otherExpenses'], []);
  const summaryRow = (
    key: string,
    label: string,
    cents: Record<string, number>,
    kind: ReportRow['kind'],
    isCost = false,
  ): ReportRow => ({
    key: `summary:${key}`,
    label,
    kind,
    depth: kind === 'line' ? 1 : 0,
    values: valuesOf(cents),
    favourable: favourableOf(valuesOf(cents), !isCost),
    ...(key === 'revenue' && { drill: drillOf(input, { accountType: 'revenue' }) }),
    ...(key === 'expenses' && { drill: drillOf(input, { accountType: 'expense' }) }),
  });
  sections.push({
    key: 'summary',
    label: 'Net Income',
    columns,
    rows: [
      summaryRow('revenue', 'Revenue', g('revenue'), 'line'),
      summaryRow('costOfSales', 'Cost of sales', g('costOfSales'), 'line', true),
      summaryRow('grossProfit', 'Gross profit', grossProfit, 'subtotal'),
      summaryRow('operatingExpenses', 'Operating expenses', g('operatingExpenses'), 'line', true),
      summaryRow('operatingIncome', 'Operating income', operatingIncome, 'subtotal'),
      summaryRow('otherExpenses', 'Other expenses', g('otherExpenses'), 'line', true),
      summaryRow('expenses', 'Total expenses', expenses, 'line', true),
      summaryRow('netIncome', 'Net income', netIncome, 'total'),
    ],
  });

  const monthly = (
    key: string,
    label: string,
    cents: Record<string, number>,
    chart: ReportSeries['chart'],
    accountType?: string,
  ): ReportSeries => ({
    key,
    label,
    chart,
    kind: 'amount',
    points: months.map((period) => ({
      x: period,
      value: money(cents[period] ?? 0),
      ...(accountType && { drill: drillOf({ ...input, from: period, to: period }, { accountType }) }),
    })),
  });
  const revenue = g('revenue');
  return {
    sections,
    series: [
      monthly('revenue', 'Revenue', revenue, 'bar', 'revenue'),
      monthly('expenses', 'Expenses', expenses, 'bar', 'expense'),
      monthly('netIncome', 'Net income', netIncome, 'line'),
    ],
    totals: {
      revenue: money(revenue.total!),
      costOfSales: money(g('costOfSales').total!),
      grossProfit: money(grossProfit.total!),
      operatingExpenses: money(g('operatingExpenses').total!),
      operatingIncome: money(operatingIncome.total!),
      otherExpenses: money(g('otherExpenses').total!),
      expenses: money(expenses.total!),
      netIncome: money(netIncome.total!),
      grossMarginPct: percent(grossProfit.total!, revenue.total!) ?? 0,
      netMarginPct: percent(netIncome.total!, revenue.total!) ?? 0,
      budgetNetIncome: money(netIncome.budget!),
      priorYearNetIncome: money(netIncome.priorYear!),
    },
  };
}
