import { describe, expect, it } from 'vitest';
import { chatCalendar } from './chat-calendar.ts';

// 00_Period in calendar years, Jan 2025 – Jun 2026.
const calendarYears = Array.from({ length: 18 }, (_, i) => {
  const month = i % 12;
  const year = 2025 + Math.floor(i / 12);
  return { period: `${year}-${String(month + 1).padStart(2, '0')}`, fiscalYear: year, fiscalPeriod: month + 1 };
});

describe('Chat DB’s fiscal calendar', () => {
  it('is 00_Period as it is without a fiscal year start month', () => {
    expect(chatCalendar(calendarYears, null)).toEqual({ periods: calendarYears });
  });

  it('numbers periods as the statements do when the fiscal year starts in April, and says how to the SQL', () => {
    const { periods, numbering } = chatCalendar(calendarYears, 4);
    // Apr 2025 – Mar 2026 is one fiscal year, named by the calendar year it ends in (none of 00_Period's years
    // starts in April): 2026; Jan–Mar 2025 close the fiscal year 2025.
    expect(periods.find((row) => row.period === '2025-03')).toEqual({
      period: '2025-03',
      fiscalYear: 2025,
      fiscalPeriod: 12,
    });
    expect(periods.find((row) => row.period === '2025-04')).toEqual({
      period: '2025-04',
      fiscalYear: 2026,
      fiscalPeriod: 1,
    });
    expect(periods.find((row) => row.period === '2026-06')).toEqual({
      period: '2026-06',
      fiscalYear: 2027,
      fiscalPeriod: 3,
    });
    // floor((2025 × 12 + 3 − 3) / 12) + offset = 2026 for Apr 2025.
    expect(numbering).toEqual({ startMonth: 3, yearOffset: 1 });
  });
});
