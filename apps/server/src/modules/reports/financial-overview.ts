import {
  DEFAULT_OVERVIEW_CARDS,
  type KpiUnit,
  type ReportRow,
  type ReportSeries,
  type ReportValueKind,
} from '@finboard/shared/reports';
import { changeKindOf, KPI_DEFINITIONS, kpiChange, kpiFigures, kpiValue } from './kpis.ts';
import { addMonths, monthLabel, monthsBetween } from './periods.ts';
import {
  balanceOf,
  drillOf,
  earningsOf,
  inSlice,
  isCash,
  money,
  percent,
  classifierOf,
  profitGroupOf,
  readingAmount,
  type Statement,
  type StatementBody,
  type StatementLedger,
  type StatementReads,
  type StatementRequest,
} from './statement-kit.ts';

interface Month {
  revenue: number;
  costOfSales: number;
  operatingExpenses: number;
  netIncome: number;
  /** Net cash movement of the month. */
  cash: number;
}
const empty = (): Month => ({ revenue: 0, costOfSales: 0, operatingExpenses: 0, netIncome: 0, cash: 0 });

/** Everything since the beginning: cash is a balance. */
const reads = ({ to }: StatementRequest): StatementReads => ({ movements: { ranges: [{ from: null, to }] } });

const VALUE_KIND: Record<KpiUnit, ReportValueKind> = {
  amount: 'amount',
  percent: 'percent',
  ratio: 'number',
  days: 'number',
  months: 'number',
};

/**
 * The cards (issue 25 §2–3): each KPI the organization chose from the library, for the range's last month —
 * named — against the month before and the same month a year earlier (percentages in points), with a
 * sparkline of its monthly values over the range.
 */
export function overviewCards(input: StatementRequest, ledger: StatementLedger): ReportSeries[] {
  const { from, to } = input;
  const figuresOf = kpiFigures(input, ledger);
  const month = (period: string) => figuresOf({ from: period, to: period });
  const byMonth = new Map(monthsBetween(from, to).map((period) => [period, month(period)]));
  const previousPeriod = addMonths(to, -1);
  const priorYearPeriod = addMonths(to, -12);
  const previousFigures = month(previousPeriod);
  const priorYearFigures = month(priorYearPeriod);
  return (input.cards ?? DEFAULT_OVERVIEW_CARDS).map((key) => {
    const { label, unit, formula, higherIsBetter } = KPI_DEFINITIONS[key];
    const value = kpiValue(key, byMonth.get(to)!);
    const previous = kpiValue(key, previousFigures);
    const priorYear = kpiValue(key, priorYearFigures);
    const changeKind = changeKindOf(unit);
    return {
      key,
      label,
      chart: 'kpi',
      kind: VALUE_KIND[unit],
      points: [...byMonth].map(([period, figures]) => ({
        x: period,
        value: kpiValue(key, figures),
        ...(key === 'revenue' && {
          drill: drillOf({ ...input, from: period, to: period }, { accountType: 'revenue' }),
        }),
      })),
      card: {
        kpi: key,
        unit,
        formula,
        higherIsBetter,
        period: monthLabel(to),
        value,
        previousPeriod: monthLabel(previousPeriod),
        previous,
        priorYearPeriod: monthLabel(priorYearPeriod),
        priorYear,
        change: kpiChange(changeKind, value, previous),
        priorYearChange: kpiChange(changeKind, value, priorYear),
        changeKind,
      },
    };
  });
}

/**
 * The KPI cards (overviewCards) and a table of the range's key figures — revenue, gross margin %, operating
 * expenses, net income and cash — against the same months a year earlier.
 */
function build(input: StatementRequest, ledger: StatementLedger): StatementBody {
  const { from, to, slice } = input;
  // The same months a year earlier (issue 25 §2), not the as many months just before.
  const priorFrom = addMonths(from, -12);
  const priorTo = addMonths(to, -12);

  const classify = classifierOf(input);
  const months = new Map<string, Month>();
  let cashBefore = 0;
  for (const movement of ledger.movements.filter(inSlice(slice))) {
    if (movement.period > to) continue;
    if (movement.period < priorFrom) {
      if (isCash(movement)) cashBefore += balanceOf(movement);
      continue;
    }
    const month = months.get(movement.period) ?? empty();
    months.set(movement.period, month);
    const group = profitGroupOf(classify(movement));
    if (group) month.netIncome += earningsOf(movement);
    if (group === 'revenue') month.revenue += readingAmount(movement);
    if (group === 'costOfSales') month.costOfSales += readingAmount(movement);
    if (group === 'operatingExpenses') month.operatingExpenses += readingAmount(movement);
    if (isCash(movement)) month.cash += balanceOf(movement);
  }
  const sumOver = (first: string, last: string) => {
    const total = empty();
    for (const period of monthsBetween(first, last)) {
      const month = months.get(period);
      if (!month) continue;
      for (const key of Object.keys(total) as (keyof Month)[]) total[key] += month[key];
    }
    return total;
  };
  const current = sumOver(from, to);
  const prior = sumOver(priorFrom, priorTo);
  // Cash is a balance: everything before the prior year's start, then the months up to each end.
  const cashAtPriorEnd = cashBefore + prior.cash;
  const cashAtEnd = cashBefore + sumOver(priorFrom, to).cash;
  const margin = (figures: Month) => percent(figures.revenue - figures.costOfSales, figures.revenue);

  const series = overviewCards(input, ledger);
  const changePct = (now: number, before: number) => percent(now - before, before);
  const figures: {
    key: string;
    label: string;
    kind: 'amount' | 'percent';
    now: number;
    before: number;
    drill?: string;
  }[] = [
    { key: 'revenue', label: 'Revenue', kind: 'amount', now: current.revenue, before: prior.revenue, drill: 'revenue' },
    {
      key: 'grossMarginPct',
      // Its figures are percentages, its change in percentage points (no % of a %).
      label: 'Gross margin % (change in points)',
      kind: 'percent',
      now: margin(current) ?? 0,
      before: margin(prior) ?? 0,
    },
    {
      key: 'operatingExpenses',
      label: 'Operating expenses',
      kind: 'amount',
      now: current.operatingExpenses,
      before: prior.operatingExpenses,
    },
    { key: 'netIncome', label: 'Net income', kind: 'amount', now: current.netIncome, before: prior.netIncome },
    { key: 'cash', label: 'Cash', kind: 'amount', now: cashAtEnd, before: cashAtPriorEnd },
  ];
  const totals: Record<string, number> = {};
  const rows: ReportRow[] = figures.map((figure) => {
    const asNumber = (value: number) => (figure.kind === 'amount' ? money(value) : value);
    const change =
      figure.kind === 'amount'
        ? money(figure.now - figure.before)
        : Math.round((figure.now - figure.before) * 100) / 100;
    const pct = figure.kind === 'amount' ? changePct(figure.now, figure.before) : null;
    totals[figure.key] = asNumber(figure.now);
    totals[`${figure.key}Prior`] = asNumber(figure.before);
    totals[`${figure.key}Change`] = change;
    if (pct !== null) totals[`${figure.key}ChangePct`] = pct;
    return {
      key: `kpi:${figure.key}`,
      label: figure.label,
      kind: 'line',
      depth: 0,
      values: { current: asNumber(figure.now), prior: asNumber(figure.before), change, changePct: pct },
      // Costs that fall and everything else that rises is good news.
      favourable: { change: figure.key === 'operatingExpenses' ? change <= 0 : change >= 0 },
      ...(figure.drill && { drill: drillOf(input, { accountType: figure.drill }) }),
    };
  });
  return {
    sections: [
      {
        key: 'kpis',
        label: 'Key Figures',
        columns: [
          { key: 'current', label: `${monthLabel(from)} – ${monthLabel(to)}`, kind: 'amount' },
          { key: 'prior', label: `${monthLabel(priorFrom)} – ${monthLabel(priorTo)}`, kind: 'amount' },
          { key: 'change', label: 'Change', kind: 'amount' },
          { key: 'changePct', label: 'Change %', kind: 'percent' },
        ],
        rows,
      },
    ],
    series,
    totals,
  };
}

export const financialOverview: Statement = { reads, build };
