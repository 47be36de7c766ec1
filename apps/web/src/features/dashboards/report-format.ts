import type { KpiUnit, Report, ReportColumn } from '@finboard/shared/reports';
import { DEFAULT_DISPLAY, type ReportDisplay } from './report-display';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const units = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * A figure as the statement shows it: amounts in units (two decimals) or thousands (none), percentages in
 * points (12.5 is 12.5%); a negative amount or percentage with a minus sign or in brackets.
 */
export function formatValue(
  value: number | null | undefined,
  kind: ReportColumn['kind'],
  display: ReportDisplay = DEFAULT_DISPLAY,
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

/** Axis labels of charts: 1.2M rather than 1,200,000.00. */
export const formatAxis = (value: number) => compact.format(value);

/** "Data refreshed …" in the reader's own time zone. */
export const formatRefreshed = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const KPI_UNIT_SUFFIX: Record<KpiUnit, string> = {
  amount: '',
  percent: '',
  ratio: '',
  days: ' days',
  months: ' months',
};

/** A KPI's figure in its unit: an amount or a percentage as the statements show them, "45.20 days", "1.53". */
export function formatKpi(value: number | null | undefined, unit: KpiUnit, display: ReportDisplay = DEFAULT_DISPLAY) {
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

/** A chart's data URL as a file (the page's policy lets fetch reach only the API, not data: URLs). */
export function blobOfDataUrl(url: string): Blob {
  const [head = '', body = ''] = url.split(',', 2);
  const bytes = Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream' });
}

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** What a statement covers: a balance sheet is as of a day ("As of 30 November 2026"), the others a range. */
export const reportScope = (report: Pick<Report, 'template' | 'from' | 'to' | 'asOf'>) =>
  report.template === 'balance-sheet'
    ? `As of ${longDate.format(new Date(`${report.asOf}T00:00:00Z`))}`
    : `${report.from} to ${report.to}`;
