import type { PeriodRow } from './rows.ts';

const pad = (value: number) => String(value).padStart(2, '0');

export const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Day of the week of a calendar date, 0 = Sunday. */
export const weekday = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay();

export interface Month {
  /** 0-based position in the demo's history. */
  index: number;
  year: number;
  month: number;
  period: string;
  days: number;
  start: string;
  end: string;
  /** The working days (Monday–Friday) of the month. */
  businessDays: number[];
}

/**
 * The `count` calendar months ending with the last full month before `today` (UTC), oldest first.
 * The fiscal year is the calendar year.
 */
export function monthsEndingBefore(today: Date, count: number): Month[] {
  let year = today.getUTCFullYear();
  let month = today.getUTCMonth(); // 1-based number of the previous month
  if (month === 0) {
    year -= 1;
    month = 12;
  }
  const months: Month[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const total = year * 12 + (month - 1) - i;
    const y = Math.floor(total / 12);
    const m = (total % 12) + 1;
    const days = daysInMonth(y, m);
    const businessDays: number[] = [];
    for (let d = 1; d <= days; d++) if (weekday(y, m, d) % 6 !== 0) businessDays.push(d);
    months.push({
      index: count - 1 - i,
      year: y,
      month: m,
      period: `${y}-${pad(m)}`,
      days,
      start: isoDate(y, m, 1),
      end: isoDate(y, m, days),
      businessDays,
    });
  }
  return months;
}

/** 00_Period: every month closed except the latest, which is still open for adjustments. */
export const periodRows = (months: readonly Month[]): PeriodRow[] =>
  months.map((month, i) => ({
    Period: month.period,
    start_date: month.start,
    end_date: month.end,
    fiscal_year: month.year,
    fiscal_period: month.month,
    is_closed: i < months.length - 1,
  }));
