import type { ReportRow, ReportSeries } from '@finboard/shared/reports';
import { addMonths, monthLabel, monthsBetween } from './periods.ts';
import {
  add,
  drillOf,
  inBudgetSlice,
  inSlice,
  money,
  percent,
  profitGroupOf,
  readingAmount,
  rowsBySubtype,
  valuesOf,
  within,
  type ProfitGroup,
  type ReportColumnSpec,
  type Statement,
  type StatementBody,
  type StatementLedger,
  type StatementReads,
  type StatementRequest,
} from './statement-kit.ts';

const SECTIONS: { group: ProfitGroup; label: string; type: 'revenue' | 'expense' }[] = [
  { group: 'revenue', label: 'Revenue', type: 'revenue' },
  { group: 'costOfSales', label: 'Cost of Sales', type: 'expense' },
  { group: 'operatingExpenses', label: 'Operating Expenses', type: 'expense' },
  { group: 'otherExpenses', label: 'Other Expenses', type: 'expense' },
];

/**
 * Each P&L account's group and its cents in reading signs (revenue credit − debit, expenses debit − credit):
 * by month of the range, 'prior' (the same months a year earlier) and 'budget'.
 */
export function profitFigures(request: StatementRequest, ledger: StatementLedger) {
  const { from, to, slice } = request;
  const priorFrom = addMonths(from, -12);
  const priorTo = addMonths(to, -12);
  const byAccount = new Map<string, { group: ProfitGroup; cents: Map<string, number> }>();
  const cell = (code: string, group: ProfitGroup) => {
    let found = byAccount.get(code);
    if (!found) byAccount.set(code, (found = { group, cents: new Map() }));
    return found.cents;
  };
  for (const movement of ledger.movements.filter(inSlice(slice))) {
    const group = profitGroupOf(movement.accountType, movement.accountSubtype);
    if (!group) continue;
    const amount = readingAmount(movement);
    // A range longer than a year overlaps its prior year: a month may count in both.
    if (within(movement.period, from, to)) add(cell(movement.accountCode, group), movement.period, amount);
    if (within(movement.period, priorFrom, priorTo)) add(cell(movement.accountCode, group), 'prior', amount);
  }
  for (const line of ledger.budget.filter(inBudgetSlice(slice))) {
    const group = profitGroupOf(line.accountType, line.accountSubtype);
    if (group && within(line.period, from, to)) add(cell(line.accountCode, group), 'budget', line.amount);
  }
  return byAccount;
}

/** The range and its prior year in one read, plus the budget. */
const reads = ({ from, to }: StatementRequest): StatementReads => ({
  movements: { ranges: [{ from: addMonths(from, -12), to }] },
  budget: { from, to },
});

/**
 * Revenue, cost of sales, operating and other expenses by subtype and account, month by month, against the
 * budget and the prior year; then gross profit, operating income and net income = revenue − expenses.
 */
function build(input: StatementRequest, ledger: StatementLedger): StatementBody {
  const { from, to } = input;
  const months = monthsBetween(from, to);
  const byAccount = profitFigures(input, ledger);
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
    const codes = [...byAccount].filter(([, figures]) => figures.group === group).map(([code]) => code);
    const sum: Record<string, number> = centsOf(undefined);
    for (const code of codes)
      for (const [key, value] of Object.entries(centsOf(byAccount.get(code)?.cents))) sum[key]! += value;
    groupCents.set(group, sum);
    const rows = rowsBySubtype(input, group, codes, (code) => centsOf(byAccount.get(code)?.cents));
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

export const profitAndLoss: Statement = { reads, build };
