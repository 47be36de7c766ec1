import { CURRENT_SUBTYPES, type AccountSubtype, type Classification } from '@finboard/shared/account-classification';
import {
  KPI_CATALOG,
  KPI_KEYS,
  type Kpi,
  type KpiDescription,
  type KpiKey,
  type KpiUnit,
} from '@finboard/shared/reports';
import { balancesAt } from './balance-sheet.ts';
import { addMonths, daysBetween, monthNumber, monthsBetween } from './periods.ts';
import {
  classifierOf,
  inSlice,
  money,
  percent,
  PROFIT_GROUPS,
  profitGroupOf,
  readingAmount,
  type ProfitGroup,
  type StatementLedger,
  type StatementReads,
  type StatementRequest,
} from './statement-kit.ts';

/**
 * The KPI library (issue 25 §3, docs/kpis.md): each KPI defined once — label, unit, formula in words, and its
 * arithmetic on the figures of a window of months (flows over the window, balances at its end, in cents). As a
 * statement: `reads` says which movements, `build` is pure arithmetic, unit-tested on hand-made books.
 */

export type KpiRequest = Pick<StatementRequest, 'from' | 'to' | 'slice' | 'calendar' | 'accounts' | 'layout'>;

/** Months from `from` to `to`, both included. */
export interface KpiWindow {
  from: string;
  to: string;
}

/**
 * What the KPIs of one window are computed from, in cents: the P&L groups' flows over the window in reading
 * signs (profit-and-loss.ts), and balances at its end in reading signs (assets debit − credit, liabilities and
 * equity credit − debit).
 */
export type KpiFigures = Record<ProfitGroup, number> & {
  /** Calendar days of the window. */
  days: number;
  months: number;
  /** Revenue of the as many months just before the window. */
  revenueBefore: number;
  cash: number;
  /** Cash at the end of the month before the window. */
  cashBefore: number;
  receivables: number;
  inventory: number;
  payables: number;
  currentAssets: number;
  currentLiabilities: number;
  /** current_debt + long_term_debt. */
  debt: number;
  /** Total equity, current- and prior-years earnings included (balance-sheet.ts). */
  equity: number;
};

interface KpiDefinition extends KpiDescription {
  /** The KPI in its unit (amounts in cents); null when a denominator is 0. */
  compute: (figures: KpiFigures) => number | null;
}

const grossProfit = (f: KpiFigures) => f.revenue - f.costOfSales;
const ebitda = (f: KpiFigures) => grossProfit(f) - f.operatingExpenses;
const operatingIncome = (f: KpiFigures) => ebitda(f) - f.depreciationAmortization;
/** Net income of a window, as the P&L totals it (the portfolio's summaries read it too). */
export const netIncome = (f: KpiFigures) => operatingIncome(f) + f.otherIncome - f.otherExpenses - f.incomeTax;
/** part ÷ whole; null when whole is 0. */
const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
/** How many days of a flow a balance at the end holds: balance ÷ flow × days in the window. */
const daysOf = (balance: number, flow: number, f: KpiFigures) => (flow === 0 ? null : (balance / flow) * f.days);
const dso = (f: KpiFigures) => daysOf(f.receivables, f.revenue, f);
const dpo = (f: KpiFigures) => daysOf(f.payables, f.costOfSales, f);
const dio = (f: KpiFigures) => daysOf(f.inventory, f.costOfSales, f);
/** Cents a month: positive when cash fell. */
const monthlyBurn = (f: KpiFigures) => (f.cashBefore - f.cash) / f.months;

export const KPI_DEFINITIONS: Record<KpiKey, KpiDefinition> = {
  revenueGrowth: {
    ...KPI_CATALOG.revenueGrowth,
    compute: (f) => percent(f.revenue - f.revenueBefore, f.revenueBefore),
  },
  grossMargin: {
    ...KPI_CATALOG.grossMargin,
    compute: (f) => percent(grossProfit(f), f.revenue),
  },
  ebitdaMargin: {
    ...KPI_CATALOG.ebitdaMargin,
    compute: (f) => percent(ebitda(f), f.revenue),
  },
  operatingMargin: {
    ...KPI_CATALOG.operatingMargin,
    compute: (f) => percent(operatingIncome(f), f.revenue),
  },
  netMargin: {
    ...KPI_CATALOG.netMargin,
    compute: (f) => percent(netIncome(f), f.revenue),
  },
  opexToRevenue: {
    ...KPI_CATALOG.opexToRevenue,
    compute: (f) => percent(f.operatingExpenses, f.revenue),
  },
  currentRatio: {
    ...KPI_CATALOG.currentRatio,
    compute: (f) => ratio(f.currentAssets, f.currentLiabilities),
  },
  quickRatio: {
    ...KPI_CATALOG.quickRatio,
    compute: (f) => ratio(f.cash + f.receivables, f.currentLiabilities),
  },
  workingCapital: {
    ...KPI_CATALOG.workingCapital,
    compute: (f) => f.currentAssets - f.currentLiabilities,
  },
  dso: {
    ...KPI_CATALOG.dso,
    compute: dso,
  },
  dpo: {
    ...KPI_CATALOG.dpo,
    compute: dpo,
  },
  dio: {
    ...KPI_CATALOG.dio,
    compute: dio,
  },
  cashConversionCycle: {
    ...KPI_CATALOG.cashConversionCycle,
    compute: (f) => {
      const [sales, inventory, payables] = [dso(f), dio(f), dpo(f)];
      return sales === null || inventory === null || payables === null ? null : sales + inventory - payables;
    },
  },
  debtToEquity: {
    ...KPI_CATALOG.debtToEquity,
    compute: (f) => ratio(f.debt, f.equity),
  },
  monthlyBurn: {
    ...KPI_CATALOG.monthlyBurn,
    compute: monthlyBurn,
  },
  cashRunwayMonths: {
    ...KPI_CATALOG.cashRunwayMonths,
    // No cash left is 0 months, not a negative runway.
    compute: (f) => (monthlyBurn(f) > 0 ? Math.max(f.cash, 0) / monthlyBurn(f) : null),
  },
  revenue: {
    ...KPI_CATALOG.revenue,
    compute: (f) => f.revenue,
  },
  grossProfit: {
    ...KPI_CATALOG.grossProfit,
    compute: grossProfit,
  },
  operatingExpenses: {
    ...KPI_CATALOG.operatingExpenses,
    compute: (f) => f.operatingExpenses,
  },
  netIncome: {
    ...KPI_CATALOG.netIncome,
    compute: netIncome,
  },
  cash: {
    ...KPI_CATALOG.cash,
    compute: (f) => f.cash,
  },
};

/** 2 decimals, and never −0. */
const round2 = (value: number) => Math.round(value * 100) / 100 + 0;

/** A KPI's value as the API writes it: amounts in euros and cents, the others with 2 decimals. */
export function kpiValue(key: KpiKey, figures: KpiFigures): number | null {
  const { unit, compute } = KPI_DEFINITIONS[key];
  const value = compute(figures);
  if (value === null || !Number.isFinite(value)) return null;
  return unit === 'amount' ? money(value) + 0 : round2(value);
}

/** Percentages change in points, everything else in % of the previous value (of its size: a base below 0 too). */
export const changeKindOf = (unit: KpiUnit) => (unit === 'percent' ? 'points' : 'percent');
export function kpiChange(kind: 'points' | 'percent', value: number | null, previous: number | null) {
  if (value === null || previous === null) return null;
  if (kind === 'points') return round2(value - previous);
  const change = percent(value - previous, previous);
  return change === null ? null : change + 0;
}

/** The range, the as many months just before it, and the same months a year earlier. */
export function kpiWindows(from: string, to: string) {
  const length = monthNumber(to) - monthNumber(from) + 1;
  return {
    current: { from, to },
    previous: { from: addMonths(from, -length), to: addMonths(from, -1) },
    priorYear: { from: addMonths(from, -12), to: addMonths(to, -12) },
  };
}

const noFlows = () => Object.fromEntries(PROFIT_GROUPS.map((group) => [group, 0])) as Record<ProfitGroup, number>;

/** The figures of any window ending at `to` at the latest, from the movements since the beginning. */
export function kpiFigures(request: KpiRequest, ledger: StatementLedger): (window: KpiWindow) => KpiFigures {
  const movements = ledger.movements.filter((movement) => movement.period <= request.to).filter(inSlice(request.slice));
  const classify = classifierOf(request);
  const flowsByMonth = new Map<string, Record<ProfitGroup, number>>();
  for (const movement of movements) {
    const group = profitGroupOf(classify(movement));
    if (!group) continue;
    let month = flowsByMonth.get(movement.period);
    if (!month) flowsByMonth.set(movement.period, (month = noFlows()));
    month[group] += readingAmount(movement);
  }
  const flowsOver = (from: string, to: string) => {
    const sum = noFlows();
    for (const period of monthsBetween(from, to)) {
      const month = flowsByMonth.get(period);
      if (month) for (const group of PROFIT_GROUPS) sum[group] += month[group];
    }
    return sum;
  };

  const at = balancesAt(request.calendar, movements);
  const classOf = new Map(movements.map((movement) => [movement.accountCode, classify(movement)]));
  const subtypeIn =
    (...subtypes: AccountSubtype[]) =>
    (found: Classification | undefined) =>
      found?.standard === true && subtypes.includes(found.subtype);
  const current = (type: 'asset' | 'liability') => (found: Classification | undefined) =>
    found?.type === type && found.standard && CURRENT_SUBTYPES.has(found.subtype);
  const balancesOf = (end: string) => {
    const { accounts, equity } = at(end);
    const sum = (where: (found: Classification | undefined) => boolean) =>
      [...accounts].reduce((total, [code, cents]) => (where(classOf.get(code)) ? total + cents : total), 0);
    return {
      cash: sum(subtypeIn('cash')),
      receivables: sum(subtypeIn('receivable')),
      inventory: sum(subtypeIn('inventory')),
      payables: sum(subtypeIn('payable')),
      currentAssets: sum(current('asset')),
      currentLiabilities: sum(current('liability')),
      debt: sum(subtypeIn('current_debt', 'long_term_debt')),
      equity,
    };
  };

  return (window) => {
    const months = monthNumber(window.to) - monthNumber(window.from) + 1;
    return {
      ...flowsOver(window.from, window.to),
      ...balancesOf(window.to),
      days: daysBetween(window.from, window.to),
      months,
      revenueBefore: flowsOver(addMonths(window.from, -months), addMonths(window.from, -1)).revenue,
      cashBefore: balancesOf(addMonths(window.from, -1)).cash,
    };
  };
}

/** Balances are cumulative: everything up to `to`. */
const reads = ({ to }: KpiRequest): StatementReads => ({ movements: { ranges: [{ from: null, to }] } });

/** Every KPI for the range, beside the as many months just before it and the same months a year earlier. */
function build(request: KpiRequest, ledger: StatementLedger): Kpi[] {
  const windows = kpiWindows(request.from, request.to);
  const figuresOf = kpiFigures(request, ledger);
  const figures = {
    current: figuresOf(windows.current),
    previous: figuresOf(windows.previous),
    priorYear: figuresOf(windows.priorYear),
  };
  return KPI_KEYS.map((key) => {
    const { label, unit, formula, higherIsBetter } = KPI_DEFINITIONS[key];
    const value = kpiValue(key, figures.current);
    const previous = kpiValue(key, figures.previous);
    const changeKind = changeKindOf(unit);
    return {
      key,
      label,
      value,
      unit,
      formula,
      previous,
      priorYear: kpiValue(key, figures.priorYear),
      change: kpiChange(changeKind, value, previous),
      changeKind,
      higherIsBetter,
    };
  });
}

export const kpiLibrary = { reads, build };
