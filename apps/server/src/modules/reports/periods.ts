/**
 * Periods are calendar months 'YYYY-MM' (finance-conventions.md). The reports do their month arithmetic
 * here, on month numbers (year × 12 + month − 1), and read fiscal years from 00_Period.
 */
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const monthNumber = (period: string) => Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1;
export const periodOf = (month: number) =>
  `${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}`;
export const addMonths = (period: string, months: number) => periodOf(monthNumber(period) + months);
/** The months from `from` to `to`, both included. */
export const monthsBetween = (from: string, to: string): string[] =>
  Array.from({ length: monthNumber(to) - monthNumber(from) + 1 }, (_, i) => addMonths(from, i));
/** 'Mar 2026'. */
export const monthLabel = (period: string) => `${MONTH_NAMES[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
/** The last day of the month, 'YYYY-MM-DD'. */
export const lastDayOf = (period: string) => {
  const month = monthNumber(period) + 1;
  return new Date(Date.UTC(Math.floor(month / 12), month % 12, 0)).toISOString().slice(0, 10);
};

export interface PeriodRow {
  period: string;
  fiscalYear: number;
  fiscalPeriod: number;
}

/**
 * The organization's fiscal calendar from 00_Period. A month it does not list (a range reaching past the
 * books) is placed by the fiscal year start those rows imply (calendar years when there are none).
 */
export function fiscalCalendar(rows: readonly PeriodRow[]) {
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  const sample = rows.at(-1);
  // The calendar month (0–11) fiscal period 1 falls in; the year a fiscal year is named by is taken from
  // the sample's offset between calendar and fiscal year.
  const startMonth = sample ? (((monthNumber(sample.period) - (sample.fiscalPeriod - 1)) % 12) + 12) % 12 : 0;
  const yearOffset = sample
    ? sample.fiscalYear - Math.floor((monthNumber(sample.period) - (sample.fiscalPeriod - 1)) / 12)
    : 0;
  const fiscalYearOf = (period: string): number => {
    const known = byPeriod.get(period);
    if (known) return known.fiscalYear;
    return Math.floor((monthNumber(period) - startMonth) / 12) + yearOffset;
  };
  /** The first month of the fiscal year `period` belongs to. */
  const fiscalYearStart = (period: string): string => {
    const known = byPeriod.get(period);
    if (known) return addMonths(period, -(known.fiscalPeriod - 1));
    const month = monthNumber(period);
    return periodOf(month - ((((month - startMonth) % 12) + 12) % 12));
  };
  return {
    fiscalYearOf,
    fiscalYearStart,
    first: rows[0]?.period ?? null,
    last: sample?.period ?? null,
  };
}
export type FiscalCalendar = ReturnType<typeof fiscalCalendar>;
