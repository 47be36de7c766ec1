import type { ReportRow, ReportSeries } from '@finboard/shared/reports';
import { addMonths, monthLabel, monthNumber, monthsBetween } from './periods.ts';
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

/**
 * The KPI cards: revenue, gross margin %, operating expenses, net income and cash — each a monthly
 * sparkline over the range and its change against the prior period (the as many months just before it).
 */
function build(input: StatementRequest, ledger: StatementLedger): StatementBody {
  const { from, to, slice } = input;
  const length = monthNumber(to) - monthNumber(from) + 1;
  const priorFrom = addMonths(from, -length);
  const priorTo = addMonths(from, -1);

  const classify = classifierOf(input.accounts);
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
  const cashAtPriorEnd = cashBefore + prior.cash;
  const cashAtEnd = cashAtPriorEnd + current.cash;
  const margin = (figures: Month) => percent(figures.revenue - figures.costOfSales, figures.revenue);

  const range = monthsBetween(from, to);
  let running = cashAtPriorEnd;
  const cashPoints = range.map((period) => {
    running += months.get(period)?.cash ?? 0;
    return { x: period, value: money(running) };
  });
  const kpi = (
    key: string,
    label: string,
    kind: 'amount' | 'percent',
    value: (month: Month) => number | null,
    accountType?: string,
  ): ReportSeries => ({
    key,
    label,
    chart: 'kpi',
    kind,
    points: range.map((period) => {
      const figure = value(months.get(period) ?? empty());
      return {
        x: period,
        value: figure === null ? null : kind === 'amount' ? money(figure) : figure,
        ...(accountType && { drill: drillOf({ ...input, from: period, to: period }, { accountType }) }),
      };
    }),
  });
  const series: ReportSeries[] = [
    kpi('revenue', 'Revenue', 'amount', (month) => month.revenue, 'revenue'),
    kpi('grossMarginPct', 'Gross margin %', 'percent', margin),
    kpi('operatingExpenses', 'Operating expenses', 'amount', (month) => month.operatingExpenses),
    kpi('netIncome', 'Net income', 'amount', (month) => month.netIncome),
    { key: 'cash', label: 'Cash', chart: 'kpi', kind: 'amount', points: cashPoints },
  ];

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
      label: 'Gross margin %',
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
