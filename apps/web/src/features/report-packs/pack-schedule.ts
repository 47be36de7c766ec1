import type { PackSchedule } from '@finboard/shared/report-packs';

/** The reader's own time zone, as the browser knows it (a schedule starts in it). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A new schedule: monthly on the 5th at 09:00, in the reader's time zone. */
export const defaultSchedule = (timeZone = browserTimeZone()): PackSchedule => ({
  frequency: 'monthly',
  dayOfMonth: 5,
  time: '09:00',
  timeZone,
  onPeriodLoaded: false,
});

/** Whether the schedule sends at all: monthly, or when the period's data is loaded. */
export const isScheduled = (schedule: PackSchedule | null | undefined): schedule is PackSchedule =>
  Boolean(schedule && (schedule.frequency === 'monthly' || schedule.onPeriodLoaded));

/**
 * When a pack is sent, in words: "Monthly on day 5 at 09:00 Europe/London", "When the period is loaded", both
 * joined, or "Not scheduled".
 */
export function scheduleSummary(schedule: PackSchedule | null | undefined): string {
  if (!isScheduled(schedule)) return 'Not scheduled';
  const monthly =
    schedule.frequency === 'monthly'
      ? `Monthly on day ${schedule.dayOfMonth} at ${schedule.time} ${schedule.timeZone}`
      : undefined;
  if (monthly && schedule.onPeriodLoaded) return `${monthly}, and when the period is loaded`;
  return monthly ?? 'When the period is loaded';
}

/**
 * The schedule to save from the form's choices: null when neither monthly nor on loading is chosen, so "off"
 * is one state whatever the day and time fields still hold.
 */
export function scheduleToSave(choice: {
  monthly: boolean;
  onPeriodLoaded: boolean;
  dayOfMonth: number;
  time: string;
  timeZone: string;
}): PackSchedule | null {
  if (!choice.monthly && !choice.onPeriodLoaded) return null;
  return {
    frequency: choice.monthly ? 'monthly' : 'off',
    dayOfMonth: choice.dayOfMonth,
    time: choice.time,
    timeZone: choice.timeZone,
    onPeriodLoaded: choice.onPeriodLoaded,
  };
}

/** Every IANA time zone the browser knows (the schedule's picker); UTC first when the list lacks it. */
export function timeZoneOptions(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** Whether two schedules send alike (field by field: the server may order keys otherwise). */
export function sameSchedule(a: PackSchedule | null | undefined, b: PackSchedule | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return (
    a.frequency === b.frequency &&
    a.dayOfMonth === b.dayOfMonth &&
    a.time === b.time &&
    a.timeZone === b.timeZone &&
    a.onPeriodLoaded === b.onPeriodLoaded
  );
}
