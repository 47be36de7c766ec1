import { describe, expect, it } from 'vitest';
import { packScheduleSchema } from '@finboard/shared/report-packs';
import { defaultSchedule, sameSchedule, scheduleSummary, scheduleToSave, timeZoneOptions } from './pack-schedule';

const monthly = { frequency: 'monthly', dayOfMonth: 5, time: '09:00', timeZone: 'Europe/London' } as const;

describe('a schedule in words', () => {
  it('says the day, time and time zone of a monthly schedule', () => {
    expect(scheduleSummary({ ...monthly, onPeriodLoaded: false })).toBe('Monthly on day 5 at 09:00 Europe/London');
  });
  it('says when the period is loaded, alone or with the monthly send', () => {
    expect(scheduleSummary({ ...monthly, frequency: 'off', onPeriodLoaded: true })).toBe('When the period is loaded');
    expect(scheduleSummary({ ...monthly, onPeriodLoaded: true })).toBe(
      'Monthly on day 5 at 09:00 Europe/London, and when the period is loaded',
    );
  });
  it('says a pack without a schedule, or with one that never sends, is not scheduled', () => {
    expect(scheduleSummary(null)).toBe('Not scheduled');
    expect(scheduleSummary({ ...monthly, frequency: 'off', onPeriodLoaded: false })).toBe('Not scheduled');
  });
});

describe('the schedule saved from the form', () => {
  const fields = { dayOfMonth: 31, time: '18:30', timeZone: 'America/New_York' };
  it('is none when neither monthly nor on loading is chosen', () => {
    expect(scheduleToSave({ ...fields, monthly: false, onPeriodLoaded: false })).toBeNull();
  });
  it('is monthly, on loading only, or both, and the contract accepts each', () => {
    const both = scheduleToSave({ ...fields, monthly: true, onPeriodLoaded: true });
    const loading = scheduleToSave({ ...fields, monthly: false, onPeriodLoaded: true });
    expect(both).toEqual({ frequency: 'monthly', onPeriodLoaded: true, ...fields });
    expect(loading).toEqual({ frequency: 'off', onPeriodLoaded: true, ...fields });
    expect(packScheduleSchema.parse(both)).toEqual(both);
    expect(packScheduleSchema.parse(loading)).toEqual(loading);
  });
  it('starts monthly on day 5 at 09:00 in a valid time zone the picker offers', () => {
    const schedule = defaultSchedule('Europe/London');
    expect(scheduleSummary(schedule)).toBe('Monthly on day 5 at 09:00 Europe/London');
    expect(packScheduleSchema.safeParse(defaultSchedule()).success).toBe(true);
    expect(timeZoneOptions()).toEqual(expect.arrayContaining(['UTC', 'Europe/London', 'America/New_York']));
  });
});

describe('a schedule changed or not', () => {
  it('compares field by field, whatever the order of the keys, and none equals none only', () => {
    const saved = {
      onPeriodLoaded: false,
      timeZone: 'Europe/London',
      time: '09:00',
      dayOfMonth: 5,
      frequency: 'monthly',
    } as const;
    expect(sameSchedule(defaultSchedule('Europe/London'), saved)).toBe(true);
    expect(sameSchedule(defaultSchedule('Europe/London'), { ...saved, dayOfMonth: 6 })).toBe(false);
    expect(sameSchedule(null, undefined)).toBe(true);
    expect(sameSchedule(null, saved)).toBe(false);
  });
});
