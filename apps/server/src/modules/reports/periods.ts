/**
 * Periods are calendar months 'YYYY-MM' (finance-conventions.md). The reports do their month arithmetic
 * here, on month numbers (year × 12 + month − 1), and read fiscal years from 00_Period and the organization's
 * fiscal year start month.
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
/** Calendar days from the first day of `from` to the last day of `to`, both included. */
export const daysBetween = (from: string, to: string) => {
  const firstDay = (month: number) => Date.UTC(Math.floor(month / 12), month % 12, 1);
  return (firstDay(monthNumber(to) + 1) - firstDay(monthNumber(from))) / 86_400_000;
};

export interface PeriodRow {
  period: string;
  fiscalYear: number;
  fiscalPeriod: number;
}

/** The month number (see above) fiscal period 1 of the row's fiscal year falls in, as 00_Period says. */
const listedStart = (row: PeriodRow) => monthNumber(row.period) - (row.fiscalPeriod - 1);
const modulo12 = (n: number) => ((n % 12) + 12) % 12;

/**
 * The organization's fiscal calendar. Without `startMonth` (the organization's fiscal year start month,
 * 1–12) it is 00_Period's: a month 00_Period does not list (a range reaching past the books) is placed by the
 * fiscal year start those rows imply (calendar years when there are none).
 *
 * With `startMonth`, every fiscal year starts in that month, whatever 00_Period says. A fiscal year is named
 * as 00_Period names it where 00_Period agrees (lists a month of it whose fiscal year starts on the same
 * month); the others follow 00_Period's naming of the years that agree (the same offset between calendar and
 * fiscal year, so names never repeat); when no year agrees, a fiscal year is named by the calendar year it
 * ends in (July 2025 – June 2026 is fiscal 2026).
 */
export function fiscalCalendar(rows: readonly PeriodRow[], startMonth: number | null = null) {
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  const sample = rows.at(-1);
  const first = rows[0]?.period ?? null;
  const last = sample?.period ?? null;

  if (startMonth !== null) {
    const start = startMonth - 1;
    /** The month number of the first month of the fiscal year the month number `month` belongs to. */
    const yearStartOf = (month: number) => month - modulo12(month - start);
    const names = new Map<number, number>();
    let offset: number | undefined;
    for (const row of rows) {
      const rowStart = listedStart(row);
      if (modulo12(rowStart) !== start) continue;
      names.set(rowStart, row.fiscalYear);
      offset = row.fiscalYear - Math.floor(rowStart / 12);
    }
    const nameOf = (yearStart: number) =>
      names.get(yearStart) ?? Math.floor((offset === undefined ? yearStart + 11 : yearStart) / 12) + (offset ?? 0);
    return {
      fiscalYearOf: (period: string): number => nameOf(yearStartOf(monthNumber(period))),
      /** The first month of the fiscal year `period` belongs to. */
      fiscalYearStart: (period: string): string => periodOf(yearStartOf(monthNumber(period))),
      first,
      last,
    };
  }

  // The calendar month (0–11) fiscal period 1 falls in; the year a fiscal year is named by is taken from
  // the sample's offset between calendar and fiscal year.
  const startMonthOfRows = sample ? modulo12(listedStart(sample)) : 0;
  const yearOffset = sample ? sample.fiscalYear - Math.floor(listedStart(sample) / 12) : 0;
  const fiscalYearOf = (period: string): number => {
    const known = byPeriod.get(period);
    if (known) return known.fiscalYear;
    return Math.floor((monthNumber(period) - startMonthOfRows) / 12) + yearOffset;
  };
  /** The first month of the fiscal year `period` belongs to. */
  const fiscalYearStart = (period: string): string => {
    const known = byPeriod.get(period);
    if (known) return addMonths(period, -(known.fiscalPeriod - 1));
    const month = monthNumber(period);
    return periodOf(month - modulo12(month - startMonthOfRows));
  };
  return { fiscalYearOf, fiscalYearStart, first, last };
}
export type FiscalCalendar = ReturnType<typeof fiscalCalendar>;
