import { describe, expect, it } from 'vitest';
import { instantOf, nextRunAt, periodDueAt } from './pack-schedule.ts';

const monthly = (dayOfMonth: number, time: string, timeZone: string) => ({
  frequency: 'monthly' as const,
  dayOfMonth,
  time,
  timeZone,
  onPeriodLoaded: false,
});

describe('nextRunAt', () => {
  it('is the day and time in the zone, this month when still ahead', () => {
    expect(nextRunAt(monthly(5, '09:00', 'Europe/London'), new Date('2026-11-02T12:00:00Z'))?.toISOString()).toBe(
      '2026-11-05T09:00:00.000Z',
    );
    // New York is UTC−5 in November.
    expect(nextRunAt(monthly(5, '09:00', 'America/New_York'), new Date('2026-11-02T12:00:00Z'))?.toISOString()).toBe(
      '2026-11-05T14:00:00.000Z',
    );
  });

  it('is next month once this month’s time has passed, in summer time when the zone is in it', () => {
    expect(nextRunAt(monthly(5, '09:00', 'Europe/London'), new Date('2026-05-05T08:00:00Z'))?.toISOString()).toBe(
      '2026-06-05T08:00:00.000Z',
    );
  });

  it("takes the month's last day for a day it does not have", () => {
    expect(nextRunAt(monthly(31, '06:30', 'UTC'), new Date('2027-02-01T00:00:00Z'))?.toISOString()).toBe(
      '2027-02-28T06:30:00.000Z',
    );
  });

  it('is none for a schedule that sends only when data is loaded', () => {
    expect(nextRunAt({ ...monthly(1, '09:00', 'UTC'), frequency: 'off' }, new Date())).toBeNull();
  });
});

describe('instantOf', () => {
  it('reads a time the clocks skip just after the change', () => {
    // London springs forward at 01:00 UTC on 29 March 2026: 01:30 local does not exist.
    expect(instantOf('Europe/London', 2026, 3, 29, 1, 30).toISOString()).toBe('2026-03-29T00:30:00.000Z');
  });
});

describe('periodDueAt', () => {
  it('is the month before the one the zone is in', () => {
    expect(periodDueAt(new Date('2026-11-05T09:00:00Z'), 'UTC')).toBe('2026-10');
    expect(periodDueAt(new Date('2027-01-01T02:00:00Z'), 'UTC')).toBe('2026-12');
    // Still 31 December in New York.
    expect(periodDueAt(new Date('2027-01-01T02:00:00Z'), 'America/New_York')).toBe('2026-11');
  });
});
