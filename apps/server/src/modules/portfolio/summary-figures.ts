import type { LayoutRules } from '@finboard/shared/statement-layouts';
import { kpiFigures, netIncome } from '../reports/kpis.ts';
import { addMonths, fiscalCalendar, monthsBetween, type PeriodRow } from '../reports/periods.ts';
import { money, type Account, type Movement } from '../reports/statement-kit.ts';

/** What one organization's warehouse holds for its summary: 00_Period, the last period with data, the chart, grain 0. */
export interface SummaryLedger {
  periods: readonly PeriodRow[];
  /** The latest period with ledger lines (05_Aggregate_Refresh); null when the ledger is empty. */
  lastData: string | null;
  accounts: ReadonlyMap<string, Account>;
  /** 05_Monthly_Balance at grain 0 (period × account), every period up to `lastData`, in cents. */
  movements: readonly Movement[];
}

/** The organization's figures for the portfolio: amounts in its base currency, reading signs, 2 decimals. */
export interface SummaryFigures {
  latestPeriod: string | null;
  revenueLatestMonth: number | null;
  netIncomeLatestMonth: number | null;
  cashLatest: number | null;
  revenueYtd: number | null;
  netIncomeYtd: number | null;
  sparkline: { period: string; revenue: number; netIncome: number }[];
}

export const NO_FIGURES: SummaryFigures = {
  latestPeriod: null,
  revenueLatestMonth: null,
  netIncomeLatestMonth: null,
  cashLatest: null,
  revenueYtd: null,
  netIncomeYtd: null,
  sparkline: [],
};

/** Months the sparkline shows, ending with the latest period. */
export const SPARKLINE_MONTHS = 12;

/**
 * The summary of one organization, computed by the KPI library's own figures (kpis.ts: the P&L groups'
 * flows over a window and the balances at its end, with the organization's classification and statement
 * layout), so revenue and net income equal the Profit & Loss totals and cash the Balance Sheet's cash lines:
 * the latest month alone, its fiscal year to date (the range a statement opens on), and each of the twelve
 * months ending with it.
 */
export function summaryFigures(
  ledger: SummaryLedger,
  settings: { fiscalYearStartMonth: number | null; layout: LayoutRules },
): SummaryFigures {
  const latest = ledger.lastData;
  if (latest === null) return NO_FIGURES;
  const calendar = fiscalCalendar(ledger.periods, settings.fiscalYearStartMonth);
  const figuresOf = kpiFigures(
    { from: latest, to: latest, slice: {}, calendar, accounts: ledger.accounts, layout: settings.layout },
    { movements: ledger.movements, budget: [], cashFlows: [], counterparties: [] },
  );
  const month = figuresOf({ from: latest, to: latest });
  const yearToDate = figuresOf({ from: calendar.fiscalYearStart(latest), to: latest });
  return {
    latestPeriod: latest,
    revenueLatestMonth: money(month.revenue),
    netIncomeLatestMonth: money(netIncome(month)),
    cashLatest: money(month.cash),
    revenueYtd: money(yearToDate.revenue),
    netIncomeYtd: money(netIncome(yearToDate)),
    sparkline: monthsBetween(addMonths(latest, 1 - SPARKLINE_MONTHS), latest).map((period) => {
      const figures = figuresOf({ from: period, to: period });
      return { period, revenue: money(figures.revenue), netIncome: money(netIncome(figures)) };
    }),
  };
}
