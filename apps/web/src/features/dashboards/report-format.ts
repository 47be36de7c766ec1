import type { Report, ReportColumn } from '@finboard/shared/reports';

const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A figure as the statement shows it; percentages arrive in points (12.5 is 12.5%). */
export function formatValue(value: number | null | undefined, kind: ReportColumn['kind']): string {
  if (value === null || value === undefined) return '';
  if (kind === 'percent') return `${amount.format(value)}%`;
  if (kind === 'count') return count.format(value);
  return amount.format(value);
}

/** Axis labels of charts: 1.2M rather than 1,200,000.00. */
export const formatAxis = (value: number) => compact.format(value);

/** "Data refreshed …" in the reader's own time zone. */
export const formatRefreshed = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The change between two figures as a share of the earlier one; none when there is nothing to compare with. */
export function changeRatio(current: number | null | undefined, previous: number | null | undefined) {
  if (current === null || current === undefined || previous === null || previous === undefined || previous === 0)
    return undefined;
  return (current - previous) / Math.abs(previous);
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
