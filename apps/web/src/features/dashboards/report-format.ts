import type { Report } from '@finboard/shared/reports';

// One formatting of figures for the screen and the report packs.
export { formatKpi, formatKpiChange, formatValue } from '@finboard/shared/report-format';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Axis labels of charts: 1.2M rather than 1,200,000.00. */
export const formatAxis = (value: number) => compact.format(value);

/** "Data refreshed …" in the reader's own time zone. */
export const formatRefreshed = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

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
