import type { ReportRow, ReportSeries } from '@finboard/shared/reports';
import { addMonths, monthLabel, monthsBetween } from './periods.ts';
import {
  add,
  classifierOf,
  drillOf,
  inBudgetSlice,
  inSlice,
  money,
  percent,
  PROFIT_GROUPS,
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

/** Each group's heading and total, and whether more of it is good news (revenue, income) or bad (costs). */
const GROUPS: Record<ProfitGroup, { label: string; total: string; income: boolean }> = {
  revenue: { label: 'Revenue', total: 'Total revenue', income: true },
  costOfSales: { label: 'Cost of sales', total: 'Total cost of sales', income: false },
  operatingExpenses: { label: 'Operating expenses', total: 'Total operating expenses', income: false },
  depreciationAmortization: {
    label: 'Depreciation and amortization',
    total: 'Total depreciation and amortization',
    income: false,
  },
  otherIncome: { label: 'Other income', total: 'Total other income', income: true },
  otherExpenses: { label: 'Interest and other expenses', total: 'Total interest and other expenses', income: false },
  incomeTax: { label: 'Income tax', total: 'Total income tax', income: false },
};

/**
 * Each P&L account's group and its cents in reading signs (revenue credit − debit, expenses debit − credit):
 * by month of the range, 'prior' (the same months a year earlier) and 'budget'.
 */
export function profitFigures(request: StatementRequest, ledger: StatementLedger) {
  const { from, to, slice } = request;
  const priorFrom = addMonths(from, -12);
  const priorTo = addMonths(to, -12);
  const classify = classifierOf(request.accounts);
  const byAccount = new Map<string, { group: ProfitGroup; cents: Map<string, number> }>();
  const cell = (code: string, group: ProfitGroup) => {
    let found = byAccount.get(code);
    if (!found) byAccount.set(code, (found = { group, cents: new Map() }));
    return found.cents;
  };
  for (const movement of ledger.movements.filter(inSlice(slice))) {
    const group = profitGroupOf(classify(movement));
    if (!group) continue;
    const amount = readingAmount(movement);
    // A range longer than a year overlaps its prior year: a month may count in both.
    if (within(movement.period, from, to)) add(cell(movement.accountCode, group), movement.period, amount);
    if (within(movement.period, priorFrom, priorTo)) add(cell(movement.accountCode, group), 'prior', amount);
  }
  for (const line of ledger.budget.filter(inBudgetSlice(slice))) {
    const group = profitGroupOf(classify(line));
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
 * One table, top to bottom (issue 25 §2): revenue, cost of sales, gross profit and gross margin, operating
 * expenses, EBITDA, depreciation and amortization, operating income, other income, interest and other
 * expenses, income before tax, income tax, net income — each group by subtype and account, month by month,
 * against the budget and the same months a year earlier.
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
  /** Good news is more income or less cost. */
  const favourableOf = (values: Record<string, number | null>, income: boolean) => {
    const good = (difference: number | null) => (difference ?? 0) === 0 || difference! > 0 === income;
    return { vsBudget: good(values.vsBudget ?? null), vsPriorYear: good(values.vsPriorYear ?? null) };
  };

  // Revenue's GL lines are the revenue accounts' only when none is other income.
  const revenueDrill = ![...byAccount.values()].some((figures) => figures.group === 'otherIncome');
  const groupCents = new Map<ProfitGroup, Record<string, number>>();
  const groupRows = new Map<ProfitGroup, ReportRow[]>();
  for (const group of PROFIT_GROUPS) {
    const { label, total, income } = GROUPS[group];
    const codes = [...byAccount].filter(([, figures]) => figures.group === group).map(([code]) => code);
    const sum: Record<string, number> = centsOf(undefined);
    for (const code of codes)
      for (const [key, value] of Object.entries(centsOf(byAccount.get(code)?.cents))) sum[key]! += value;
    groupCents.set(group, sum);
    const lines = rowsBySubtype(input, group, codes, (code) => centsOf(byAccount.get(code)?.cents), { depth: 1 });
    for (const row of lines) row.favourable = favourableOf(row.values, income);
    groupRows.set(group, [
      { key: `${group}:heading`, label, kind: 'heading', depth: 0, values: {} },
      ...lines,
      {
        key: `${group}:total`,
        label: total,
        kind: 'subtotal',
        depth: 0,
        values: valuesOf(sum),
        favourable: favourableOf(valuesOf(sum), income),
        ...(group === 'revenue' && revenueDrill && { drill: drillOf(input, { accountType: 'revenue' }) }),
      },
    ]);
  }

  const g = (group: ProfitGroup) => groupCents.get(group)!;
  /** Income groups less cost groups, column by column. */
  const combine = (income: ProfitGroup[], costs: ProfitGroup[]) => {
    const values: Record<string, number> = {};
    for (const key of Object.keys(g('revenue')))
      values[key] =
        income.reduce((sum, group) => sum + g(group)[key]!, 0) - costs.reduce((sum, group) => sum + g(group)[key]!, 0);
    return values;
  };
  const grossProfit = combine(['revenue'], ['costOfSales']);
  const ebitda = combine(['revenue'], ['costOfSales', 'operatingExpenses']);
  const operatingIncome = combine(['revenue'], ['costOfSales', 'operatingExpenses', 'depreciationAmortization']);
  const incomeBeforeTax = combine(
    ['revenue', 'otherIncome'],
    ['costOfSales', 'operatingExpenses', 'depreciationAmortization', 'otherExpenses'],
  );
  const netIncome = combine(
    ['revenue', 'otherIncome'],
    ['costOfSales', 'operatingExpenses', 'depreciationAmortization', 'otherExpenses', 'incomeTax'],
  );
  const expenses = combine(
    ['costOfSales', 'operatingExpenses', 'depreciationAmortization', 'otherExpenses', 'incomeTax'],
    [],
  );
  const result = (key: string, label: string, cents: Record<string, number>, kind: ReportRow['kind']): ReportRow => ({
    key: `result:${key}`,
    label,
    kind,
    depth: 0,
    values: valuesOf(cents),
    favourable: favourableOf(valuesOf(cents), true),
  });
  // Gross margin in each column; the variance columns in percentage points.
  const revenue = g('revenue');
  const marginOf = (key: string) => percent(grossProfit[key]!, revenue[key]!);
  const margin: Record<string, number | null> = Object.fromEntries(
    Object.keys(revenue).map((key) => [key, marginOf(key)]),
  );
  const points = (a: number | null, b: number | null) =>
    a === null || b === null ? null : Math.round((a - b) * 100) / 100;
  margin.vsBudget = points(margin.total!, margin.budget!);
  margin.vsPriorYear = points(margin.total!, margin.priorYear!);
  const rows: ReportRow[] = [
    ...groupRows.get('revenue')!,
    ...groupRows.get('costOfSales')!,
    result('grossProfit', 'Gross profit', grossProfit, 'total'),
    {
      key: 'result:grossMarginPct',
      label: 'Gross margin %',
      kind: 'line',
      depth: 1,
      format: 'percent',
      values: margin,
      favourable: {
        vsBudget: (margin.vsBudget ?? 0) >= 0,
        vsPriorYear: (margin.vsPriorYear ?? 0) >= 0,
      },
    },
    ...groupRows.get('operatingExpenses')!,
    result('ebitda', 'EBITDA', ebitda, 'total'),
    ...groupRows.get('depreciationAmortization')!,
    result('operatingIncome', 'Operating income', operatingIncome, 'total'),
    ...groupRows.get('otherIncome')!,
    ...groupRows.get('otherExpenses')!,
    result('incomeBeforeTax', 'Income before tax', incomeBeforeTax, 'total'),
    ...groupRows.get('incomeTax')!,
    result('netIncome', 'Net income', netIncome, 'total'),
  ];

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
  const total = (group: ProfitGroup) => money(g(group).total!);
  return {
    sections: [{ key: 'profitAndLoss', label: 'Profit & Loss', columns, rows }],
    series: [
      monthly('revenue', 'Revenue', revenue, 'bar', revenueDrill ? 'revenue' : undefined),
      monthly('expenses', 'Expenses', expenses, 'bar', 'expense'),
      monthly('netIncome', 'Net income', netIncome, 'line'),
    ],
    totals: {
      revenue: total('revenue'),
      costOfSales: total('costOfSales'),
      grossProfit: money(grossProfit.total!),
      grossMarginPct: margin.total ?? 0,
      operatingExpenses: total('operatingExpenses'),
      ebitda: money(ebitda.total!),
      depreciationAmortization: total('depreciationAmortization'),
      operatingIncome: money(operatingIncome.total!),
      otherIncome: total('otherIncome'),
      otherExpenses: total('otherExpenses'),
      incomeBeforeTax: money(incomeBeforeTax.total!),
      incomeTax: total('incomeTax'),
      netIncome: money(netIncome.total!),
      expenses: money(expenses.total!),
      netMarginPct: percent(netIncome.total!, revenue.total!) ?? 0,
      budgetNetIncome: money(netIncome.budget!),
      priorYearNetIncome: money(netIncome.priorYear!),
    },
  };
}

export const profitAndLoss: Statement = { reads, build };
