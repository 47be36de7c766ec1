import { fiscalCalendar, monthNumber, type PeriodRow } from '../reports/periods.ts';

/**
 * How Chat DB numbers fiscal years when the organization set its fiscal year start month: the first month of
 * the fiscal year (0–11) and the year a period's fiscal year is named by, as floor((month number − start) / 12)
 * + yearOffset — the statements' numbering (periods.ts), which the compiler's SQL writes the same way.
 */
export interface FiscalNumbering {
  startMonth: number;
  yearOffset: number;
}

/**
 * 00_Period as Chat DB reads it (issue 25 §1): as stored, or — with the organization's fiscal year start month
 * — each period's fiscal year and fiscal period as the statements number them, and that numbering for the SQL.
 * Without periods, or when the statements' numbering is not one formula over them (00_Period naming its years
 * unevenly), 00_Period stays as it is.
 */
export function chatCalendar(
  periods: readonly PeriodRow[],
  fiscalYearStartMonth: number | null,
): { periods: PeriodRow[]; numbering?: FiscalNumbering } {
  if (fiscalYearStartMonth === null || periods.length === 0) return { periods: [...periods] };
  const calendar = fiscalCalendar(periods, fiscalYearStartMonth);
  const startMonth = fiscalYearStartMonth - 1;
  const renumbered = periods.map((row) => ({
    period: row.period,
    fiscalYear: calendar.fiscalYearOf(row.period),
    fiscalPeriod: monthNumber(row.period) - monthNumber(calendar.fiscalYearStart(row.period)) + 1,
  }));
  const base = (period: string) => Math.floor((monthNumber(period) - startMonth) / 12);
  const yearOffset = renumbered[0]!.fiscalYear - base(renumbered[0]!.period);
  if (renumbered.some((row) => row.fiscalYear - base(row.period) !== yearOffset)) return { periods: [...periods] };
  return { periods: renumbered, numbering: { startMonth, yearOffset } };
}
