import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createAggregateRefresher } from './aggregate-refresher.ts';
import { fiscalCalendar, lastDayOf, monthsBetween } from './periods.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function refresherWithLog(delayMs = 40) {
  const calls: { organizationId: string; periods?: readonly string[] }[] = [];
  const refresher = createAggregateRefresher({
    refresh: async (organizationId, periods) => {
      calls.push({ organizationId, periods: periods && [...periods].sort() });
      return { refreshedAt: new Date().toISOString(), rows: 0 };
    },
    logger: pino({ level: 'silent' }),
    delayMs,
  });
  return { refresher, calls };
}

describe('the debounced aggregate refresh', () => {
  it('makes one refresh per burst of edits, of the periods they touched, per organization', async () => {
    const { refresher, calls } = refresherWithLog();
    refresher.schedule('a', ['2026-01']);
    refresher.schedule('a', ['2026-03', '2026-01']);
    refresher.schedule('b', ['2026-02']);
    expect(calls).toEqual([]);
    await wait(100);
    expect(calls).toEqual([
      { organizationId: 'a', periods: ['2026-01', '2026-03'] },
      { organizationId: 'b', periods: ['2026-02'] },
    ]);
  });

  it('refreshes every period when one edit of the burst concerns them all (an account)', async () => {
    const { refresher, calls } = refresherWithLog();
    refresher.schedule('a', ['2026-01']);
    refresher.schedule('a');
    refresher.schedule('a', ['2026-02']);
    await wait(100);
    expect(calls).toEqual([{ organizationId: 'a', periods: undefined }]);
  });

  it('folds a waiting refresh into one asked for now, and drops waiting ones at stop', async () => {
    const { refresher, calls } = refresherWithLog();
    refresher.schedule('a', ['2026-01']);
    await refresher.now('a');
    refresher.schedule('b', ['2026-01']);
    await refresher.stop();
    await wait(100);
    expect(calls).toEqual([{ organizationId: 'a', periods: undefined }]);
  });
});

describe('the fiscal calendar', () => {
  const july = Array.from({ length: 14 }, (_, i) => {
    const period = monthsBetween('2025-07', '2026-08')[i]!;
    return { period, fiscalYear: i < 12 ? 2026 : 2027, fiscalPeriod: (i % 12) + 1 };
  });

  it('reads fiscal years from 00_Period and places months beyond it by the same start', () => {
    const calendar = fiscalCalendar(july);
    expect(calendar.fiscalYearOf('2026-06')).toBe(2026);
    expect(calendar.fiscalYearStart('2026-06')).toBe('2025-07');
    expect(calendar.fiscalYearStart('2026-08')).toBe('2026-07');
    // Not in 00_Period: placed by the July start.
    expect(calendar.fiscalYearOf('2027-03')).toBe(2027);
    expect(calendar.fiscalYearStart('2027-03')).toBe('2026-07');
    expect(calendar.fiscalYearOf('2024-12')).toBe(2025);
    expect(calendar.fiscalYearStart('2024-12')).toBe('2024-07');
    expect([calendar.first, calendar.last]).toEqual(['2025-07', '2026-08']);
  });

  it('uses calendar years without periods, and knows month ends', () => {
    const calendar = fiscalCalendar([]);
    expect(calendar.fiscalYearStart('2026-05')).toBe('2026-01');
    expect(calendar.fiscalYearOf('2026-05')).toBe(2026);
    expect(lastDayOf('2024-02')).toBe('2024-02-29');
    expect(lastDayOf('2026-12')).toBe('2026-12-31');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
