import { REPORT_COMPARISONS, type ReportComparison, type ReportRow, type ReportSeries } from '@finboard/shared/reports';
import { addMonths, monthLabel, monthNumber, monthsBetween } from './periods.ts';
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

/** A comparison's column and the keys of its variance and variance in %. */
const COMPARISON_COLUMNS: Record<ReportComparison, { label: string; variance: string; variancePct: string }> = {
  previousPeriod: { label: 'Previous period', variance: 'vsPreviousPeriod', variancePct: 'vsPreviousPeriodPct' },
  priorYear: { label: 'Prior year', variance: 'vsPriorYear', variancePct: 'vsPriorYearPct' },
  budget: { label: 'Budget', variance: 'vsBudget', variancePct: 'vsBudgetPct' },
};

/** The as many months just before the range. */
const previousRange = ({ from, to }: Pick<StatementRequest, 'from' | 'to'>) => {
  const length = monthNumber(to) - monthNumber(from) + 1;
  return { from: addMonths(from, -length), to: addMonths(from, -1) };
};

/**
 * Each P&L account's group and its cents in reading signs (revenue credit − debit, expenses debit − credit):
 * by month of the range, 'priorYear' (the same months a year earlier), 'previousPeriod' (the as many months
 * just before) and 'budget'.
 */
export function profitFigures(request: StatementRequest, ledger: StatementLedger) {
  const { from, to, slice } = request;
  const priorFrom = addMonths(from, -12);
  const priorTo = addMonths(to, -12);
  const previous = previousRange(request);
  const classify = classifierOf(request);
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
    // A range longer than a year overlaps its prior year (and its previous period): a month may count twice.
    if (within(movement.period, from, to)) add(cell(movement.accountCode, group), movement.period, amount);
    if (within(movement.period, priorFrom, priorTo)) add(cell(movement.accountCode, group), 'priorYear', amount);
    if (within(movement.period, previous.from, previous.to))
      add(cell(movement.accountCode, group), 'previousPeriod', amount);
  }
  for (const line of ledger.budget.filter(inBudgetSlice(slice))) {
    const group = profitGroupOf(classify(line));
    if (group && within(line.period, from, to)) add(cell(line.accountCode, group), 'budget', line.amount);
  }
  return byAccount;
}

/** The range, its prior year and its previous period in one read, plus the budget. */
const reads = (request: StatementRequest): StatementReads => {
  const earliest = [addMonths(request.from, -12), previousRange(request).from].sort()[0]!;
  return {
    movements: { ranges: [{ from: earliest, to: request.to }] },
    budget: { from: request.from, to: request.to },
  };
};

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
  const compared = input.compare.map((comparison) => ({ key: comparison, ...COMPARISON_COLUMNS[comparison] }));
  const columns: ReportColumnSpec[] = [
    ...months.map((period) => ({ key: period, label: monthLabel(period), kind: 'amount' as const })),
    { key: 'total', label: 'Total', kind: 'amount' },
    ...compared.flatMap(({ key, label, variance, variancePct }): ReportColumnSpec[] => [
      { key, label, kind: 'amount' },
      { key: variance, label: `vs ${label}`, kind: 'amount' },
      { key: variancePct, label: `vs ${label} %`, kind: 'percent' },
    ]),
  ];
  /** Cents by column: the months, the total and every comparison with its variance (shown or not). */
  const centsOf = (figures: Map<string, number> | undefined) => {
    const values: Record<string, number> = {};
    let total = 0;
    for (const period of months) {
      values[period] = figures?.get(period) ?? 0;
      total += values[period];
    }
    values.total = total;
    for (const comparison of REPORT_COMPARISONS) {
      values[comparison] = figures?.get(comparison) ?? 0;
      values[COMPARISON_COLUMNS[comparison].variance] = total - values[comparison];
    }
    return values;
  };
  /**
   * A row as shown: the shown columns' values, each variance in % of its comparison (points for a percentage
   * row: no %), and whether each variance is good news — more income or less cost.
   */
  const shown = (row: ReportRow, income: boolean): ReportRow => {
    const values: Record<string, number | null> = {};
    const favourable: Record<string, boolean> = {};
    for (const column of columns) values[column.key] = row.values[column.key] ?? null;
    for (const { key, variance, variancePct } of compared) {
      const difference = values[variance] ?? null;
      const base = values[key] ?? null;
      values[variancePct] =
        row.format === 'percent' || difference === null || base === null ? null : percent(difference, base);
      favourable[variance] = favourable[variancePct] = (difference ?? 0) === 0 || difference! > 0 === income;
    }
    return { ...row, values, ...(row.kind !== 'heading' && compared.length > 0 && { favourable }) };
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
    groupRows.set(group, [
      { key: `${group}:heading`, label, kind: 'heading', depth: 0, values: {} },
      ...lines.map((row) => shown(row, income)),
      shown(
        {
          key: `${group}:total`,
          label: total,
          kind: 'subtotal',
          depth: 0,
          values: valuesOf(sum),
          ...(group === 'revenue' && revenueDrill && { drill: drillOf(input, { accountType: 'revenue' }) }),
        },
        income,
      ),
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
  const result = (key: string, label: string, cents: Record<string, number>, kind: ReportRow['kind']): ReportRow =>
    shown({ key: `result:${key}`, label, kind, depth: 0, values: valuesOf(cents) }, true);
  // Gross margin in each column; the variance columns in percentage points.
  const revenue = g('revenue');
  const marginOf = (key: string) => percent(grossProfit[key]!, revenue[key]!);
  const margin: Record<string, number | null> = Object.fromEntries(
    Object.keys(revenue).map((key) => [key, marginOf(key)]),
  );
  const points = (a: number | null, b: number | null) =>
    a === null || b === null ? null : Math.round((a - b) * 100) / 100;
  for (const comparison of REPORT_COMPARISONS)
    margin[COMPARISON_COLUMNS[comparison].variance] = points(margin.total!, margin[comparison]!);
  const rows: ReportRow[] = [
    ...groupRows.get('revenue')!,
    ...groupRows.get('costOfSales')!,
    result('grossProfit', 'Gross profit', grossProfit, 'total'),
    shown(
      {
        key: 'result:grossMarginPct',
        label: 'Gross margin %',
        kind: 'line',
        depth: 1,
        format: 'percent',
        values: margin,
      },
      true,
    ),
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
      previousPeriodNetIncome: money(netIncome.previousPeriod!),
    },
  };
}

export const profitAndLoss: Statement = { reads, build };
