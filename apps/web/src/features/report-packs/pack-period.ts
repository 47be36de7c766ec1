import type { PackFormat } from '@finboard/shared/report-packs';

/** A month as the packs name it: YYYY-MM. */
export const PERIOD_FORMAT = 'YYYY-MM';
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
export const isPeriod = (value: string | null | undefined): value is string => Boolean(value && PERIOD.test(value));

/** The month before the one `today` falls in (UTC), the period a monthly pack reports on. */
export function previousMonth(today: Date): string {
  const index = today.getUTCFullYear() * 12 + today.getUTCMonth() - 1;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export interface PeriodRow {
  Period?: unknown;
  is_closed?: unknown;
}

/**
 * The period a pack opens on: the organization's last closed month (00_Period), else its last month, else the
 * month before today's — a pack reports on a month whose books are done.
 */
export function defaultPeriod(rows: readonly PeriodRow[] | undefined, today: Date): string {
  const periods = (rows ?? [])
    .filter(
      (row): row is { Period: string; is_closed?: unknown } => typeof row.Period === 'string' && isPeriod(row.Period),
    )
    .sort((a, b) => b.Period.localeCompare(a.Period));
  const closed = periods.find((row) => row.is_closed === true || row.is_closed === 'true');
  return closed?.Period ?? periods[0]?.Period ?? previousMonth(today);
}

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "October 2026" for 2026-10. */
export const periodLabel = (period: string) =>
  isPeriod(period) ? monthYear.format(new Date(`${period}-01T00:00:00Z`)) : period;

const EXTENSIONS: Record<PackFormat, string> = { pdf: 'pdf', xlsx: 'xlsx' };
export const FORMAT_LABELS: Record<PackFormat, string> = { pdf: 'PDF', xlsx: 'Excel' };

/** A generated file's name: "<pack name> <period>.pdf", with what file systems refuse replaced. */
export function packFileName(packName: string, period: string, format: PackFormat): string {
  // eslint-disable-next-line no-control-regex -- control characters are what file systems refuse
  const name = `${packName} ${period}`.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim();
  return `${name}.${EXTENSIONS[format]}`;
}

/** "240 KB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
