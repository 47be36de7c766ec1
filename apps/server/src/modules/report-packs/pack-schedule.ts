import type { PackSchedule } from '@finboard/shared/report-packs';

/** The wall-clock parts of an instant in a time zone. */
function wallClock(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  return (
    Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) -
    Math.floor(instant / 1000) * 1000
  );
}

/**
 * The instant a wall-clock time of a zone stands for. A time the clocks skip (spring forward) is read with the
 * offset before the change, so it falls just after it; a time they repeat is its first occurrence.
 */
export function instantOf(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return new Date(Math.min(first, second));
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * When a monthly schedule is next due after `after`: its day of the month (the month's last day when it has
 * fewer) at its time in its zone. Null when the schedule sends only when data is loaded.
 */
export function nextRunAt(schedule: PackSchedule, after: Date): Date | null {
  if (schedule.frequency !== 'monthly') return null;
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  const now = wallClock(after.getTime(), schedule.timeZone);
  for (let step = 0; step < 3; step += 1) {
    const monthIndex = now.year * 12 + now.month - 1 + step;
    const year = Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    const day = Math.min(schedule.dayOfMonth, daysIn(year, month));
    const due = instantOf(schedule.timeZone, year, month, day, hour, minute);
    if (due.getTime() > after.getTime()) return due;
  }
  throw new Error('no next run within three months'); // unreachable: a month always has its day
}

/** The period a pack sends when it is due at `instant`: the month before the zone's month then. */
export function periodDueAt(instant: Date, timeZone: string): string {
  const wall = wallClock(instant.getTime(), timeZone);
  const index = wall.year * 12 + wall.month - 2;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
