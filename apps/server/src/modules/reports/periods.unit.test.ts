import { describe, expect, it } from 'vitest';
import { addMonths, fiscalCalendar, type PeriodRow } from './periods.ts';

/** 00_Period rows: `count` months from `from`, fiscal periods numbered on from `fiscalPeriod` within `fiscalYear`. */
const periodRows = (from: string, count: number, fiscalYear: number, fiscalPeriod = 1): PeriodRow[] =>
  Array.from({ length: count }, (_, i) => ({
    period: addMonths(from, i),
    fiscalYear: fiscalYear + Math.floor((fiscalPeriod - 1 + i) / 12),
    fiscalPeriod: ((fiscalPeriod - 1 + i) % 12) + 1,
  }));

/** What the calendar says of each month: [fiscal year, first month of that fiscal year]. */
const placed = (calendar: ReturnType<typeof fiscalCalendar>, periods: string[]) =>
  Object.fromEntries(
    periods.map((period) => [period, [calendar.fiscalYearOf(period), calendar.fiscalYearStart(period)]]),
  );

// A July fiscal year named by the calendar year it ends in: July 2025 is period 1 of fiscal 2026.
const JULY_ROWS = periodRows('2025-07', 12, 2026);

describe('fiscalCalendar without a fiscal year start month (00_Period decides)', () => {
  it('reads listed months from 00_Period and places the others by the start those rows imply', () => {
    const calendar = fiscalCalendar(JULY_ROWS);

    expect(placed(calendar, ['2025-07', '2026-06', '2026-07', '2025-06', '2027-03'])).toEqual({
      '2025-07': [2026, '2025-07'],
      '2026-06': [2026, '2025-07'],
      '2026-07': [2027, '2026-07'],
      '2025-06': [2025, '2024-07'],
      '2027-03': [2027, '2026-07'],
    });
    expect([calendar.first, calendar.last]).toEqual(['2025-07', '2026-06']);
  });

  it('uses calendar years when 00_Period is empty', () => {
    const calendar = fiscalCalendar([]);

    expect(placed(calendar, ['2026-01', '2026-12'])).toEqual({
      '2026-01': [2026, '2026-01'],
      '2026-12': [2026, '2026-01'],
    });
    expect([calendar.first, calendar.last]).toEqual([null, null]);
  });

  it('behaves the same when the setting is null', () => {
    const months = ['2025-01', '2025-07', '2026-06', '2026-07'];
    expect(placed(fiscalCalendar(JULY_ROWS, null), months)).toEqual(placed(fiscalCalendar(JULY_ROWS), months));
  });
});

describe('fiscalCalendar with the organization’s fiscal year start month', () => {
  it('changes nothing when the setting agrees with 00_Period, its names included', () => {
    const months = ['2024-12', '2025-06', '2025-07', '2026-06', '2026-07', '2027-06'];

    expect(placed(fiscalCalendar(JULY_ROWS, 7), months)).toEqual(placed(fiscalCalendar(JULY_ROWS), months));
  });

  it('overrides the start 00_Period implies and names each fiscal year by the calendar year it ends in', () => {
    // 00_Period holds calendar years; the organization's fiscal year starts in April.
    const calendar = fiscalCalendar(periodRows('2025-01', 24, 2025), 4);

    expect(placed(calendar, ['2025-03', '2025-04', '2026-02', '2026-03', '2026-04', '2027-01'])).toEqual({
      '2025-03': [2025, '2024-04'],
      '2025-04': [2026, '2025-04'],
      '2026-02': [2026, '2025-04'],
      '2026-03': [2026, '2025-04'],
      '2026-04': [2027, '2026-04'],
      '2027-01': [2027, '2026-04'],
    });
    expect([calendar.first, calendar.last]).toEqual(['2025-01', '2026-12']);
  });

  it('names fiscal years by the year they end in when 00_Period is empty (January: calendar years)', () => {
    expect(placed(fiscalCalendar([], 10), ['2025-09', '2025-10', '2026-09'])).toEqual({
      '2025-09': [2025, '2024-10'],
      '2025-10': [2026, '2025-10'],
      '2026-09': [2026, '2025-10'],
    });
    expect(placed(fiscalCalendar([], 1), ['2026-01', '2026-12'])).toEqual({
      '2026-01': [2026, '2026-01'],
      '2026-12': [2026, '2026-01'],
    });
  });

  it('keeps 00_Period’s names where it agrees and its naming for the years it does not list, so no name repeats', () => {
    // 00_Period names a July year by the year it starts in (July 2024 – June 2025 is fiscal 2024), and before
    // that it held calendar years: 2023 is listed as fiscal 2023 from January.
    const rows = [...periodRows('2023-01', 12, 2023), ...periodRows('2024-07', 12, 2024)];
    const calendar = fiscalCalendar(rows, 7);

    expect(placed(calendar, ['2023-03', '2023-09', '2024-07', '2025-06', '2025-07', '2026-06'])).toEqual({
      // July 2022 – June 2023 and July 2023 – June 2024 are not years 00_Period agrees with: its July naming.
      '2023-03': [2022, '2022-07'],
      '2023-09': [2023, '2023-07'],
      '2024-07': [2024, '2024-07'],
      '2025-06': [2024, '2024-07'],
      '2025-07': [2025, '2025-07'],
      '2026-06': [2025, '2025-07'],
    });
  });
});
