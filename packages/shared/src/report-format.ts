import type { KpiUnit, ReportColumn, ReportRow } from './reports.ts';

/** How figures are shown: in thousands, negatives in brackets (issue 25 §2). */
export interface FigureDisplay {
  thousands: boolean;
  brackets: boolean;
}
const PLAIN: FigureDisplay = { thousands: false, brackets: false };

const units = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * A figure as the statements show it, on the screen and in a report pack alike: amounts in units (two decimals)
 * or thousands (none), percentages in points (12.5 is 12.5%); a negative amount or percentage with a minus sign
 * or in brackets.
 */
export function formatValue(
  value: number | null | undefined,
  kind: ReportColumn['kind'],
  display: FigureDisplay = PLAIN,
): string {
  if (value === null || value === undefined) return '';
  if (kind === 'count') return count.format(value);
  // Only amounts are scaled: a percentage, a ratio or a number of days stays as it is.
  const shown = kind === 'amount' && display.thousands ? value / 1000 : value;
  const format = kind === 'amount' && display.thousands ? thousands : units;
  // Rounded first: −0.4 thousand is 0, not "(0)" or "-0".
  const magnitude = format.format(Math.abs(shown));
  const negative = shown < 0 && /[1-9]/.test(magnitude);
  const suffix = kind === 'percent' ? '%' : '';
  if (!negative) return `${magnitude}${suffix}`;
  return display.brackets ? `(${magnitude}${suffix})` : `-${magnitude}${suffix}`;
}

const KPI_UNIT_SUFFIX: Record<KpiUnit, string> = {
  amount: '',
  percent: '',
  ratio: '',
  days: ' days',
  months: ' months',
};

/** A KPI's figure in its unit: an amount or a percentage as the statements show them, "45.20 days", "1.53". */
export function formatKpi(value: number | null | undefined, unit: KpiUnit, display: FigureDisplay = PLAIN) {
  if (value === null || value === undefined) return '—';
  const kind = unit === 'amount' ? 'amount' : unit === 'percent' ? 'percent' : 'number';
  return `${formatValue(value, kind, display)}${KPI_UNIT_SUFFIX[unit]}`;
}

/** A KPI's change: "+33.33%" of the earlier figure, or "−35.00 pp" for a percentage; none without a base. */
export function formatKpiChange(change: number | null, kind: 'percent' | 'points'): string | undefined {
  if (change === null) return undefined;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${units.format(Math.abs(change))}${kind === 'points' ? ' pp' : '%'}`;
}

/**
 * The rows shown: with zero rows hidden, an account or subtype line whose every figure is zero (or blank)
 * goes; headings, group totals, results and the check rows stay, so the statement keeps its shape.
 */
export function visibleRows(rows: ReportRow[], display: { hideZeroRows: boolean }): ReportRow[] {
  if (!display.hideZeroRows) return rows;
  return rows.filter(
    (row) =>
      row.kind === 'heading' ||
      row.kind === 'total' ||
      row.depth === 0 ||
      Object.values(row.values).some((value) => value !== null && value !== 0),
  );
}
