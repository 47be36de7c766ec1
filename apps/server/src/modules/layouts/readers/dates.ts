import { DATE_FORMATS, type LayoutDateFormat } from '@finboard/shared/layouts';
import { isCalendarDay } from '@finboard/shared/validation';

/**
 * Dates as real exports write them (issue 23 §1): `2024-01-31`, `31/01/2024`, `01/31/2024`, `31.01.2024`,
 * `Jan 31, 2024`, `31-JAN-24`, often with a time after them (`2024-01-31 00:00:00`, `1/31/2024 12:00:00 AM`).
 * A column's format is the one all of its values fit; when day-first and month-first both fit, the values
 * do not say which it is and the caller asks.
 */

/**
 * Day and month may have one digit wherever separators surround them (`1/5/2024`); `MMM` is an English month,
 * abbreviated or not, any case, with an optional dot (`Jan`, `Sept.`, `JANUARY`); `YY` is 2000–2069 for 00–69,
 * 1970–1999 for 70–99. The comma of `MMM D, YYYY` may be left out. Every format allows a time after the date.
 */
// The formats a layout may name: one list, shared with the Upload page (packages/shared/src/layouts.ts).
export { DATE_FORMATS };
export type DateFormat = LayoutDateFormat;

export type DateDetection = { format: DateFormat } | { ambiguous: DateFormat[] } | { none: true };

const MONTH_NAMES = 'january february march april may june july august september october november december';
/** Month numbers by lower-case name: full, first three letters, and 'sept'. */
const MONTHS = new Map<string, number>([['sept', 9]]);
for (const [index, name] of MONTH_NAMES.split(' ').entries()) {
  MONTHS.set(name, index + 1);
  MONTHS.set(name.slice(0, 3), index + 1);
}

const DAY_OR_MONTH = '(\\d{1,2})';
const YEAR = '(\\d{4})';
const SHORT_YEAR = '(\\d{2})';
const MONTH_NAME = '([A-Za-z]{3,9})\\.?';
/**
 * A time of day after the date: ' ' or 'T', H:MM, optional :SS and fraction, optional AM/PM, optional
 * zone (Z, ±HH, ±HH:MM), which is not converted: the date is the day the file says.
 */
const TIME =
  '(?:(?:\\s+|T)(\\d{1,2}):(\\d{2})(?::(\\d{2})(\\.\\d{1,9})?)?(?:\\s*([AaPp][Mm]))?(?:\\s*(?:Z|[+-]\\d{2}(?::?\\d{2})?))?)?';

/** Where the year, month and day are among a format's captured groups (1-based). */
interface DatePattern {
  regex: RegExp;
  year: number;
  month: number;
  day: number;
  shortYear: boolean;
}

const pattern = (date: string, order: 'ymd' | 'dmy' | 'mdy', shortYear = false): DatePattern => ({
  regex: new RegExp(`^${date}${TIME}$`),
  year: order.indexOf('y') + 1,
  month: order.indexOf('m') + 1,
  day: order.indexOf('d') + 1,
  shortYear,
});

const PATTERNS: Record<DateFormat, DatePattern> = {
  'YYYY-MM-DD': pattern(`${YEAR}-${DAY_OR_MONTH}-${DAY_OR_MONTH}`, 'ymd'),
  'YYYY/MM/DD': pattern(`${YEAR}/${DAY_OR_MONTH}/${DAY_OR_MONTH}`, 'ymd'),
  YYYYMMDD: pattern('(\\d{4})(\\d{2})(\\d{2})', 'ymd'),
  'DD/MM/YYYY': pattern(`${DAY_OR_MONTH}/${DAY_OR_MONTH}/${YEAR}`, 'dmy'),
  'MM/DD/YYYY': pattern(`${DAY_OR_MONTH}/${DAY_OR_MONTH}/${YEAR}`, 'mdy'),
  'DD.MM.YYYY': pattern(`${DAY_OR_MONTH}\\.${DAY_OR_MONTH}\\.${YEAR}`, 'dmy'),
  'DD-MM-YYYY': pattern(`${DAY_OR_MONTH}-${DAY_OR_MONTH}-${YEAR}`, 'dmy'),
  'MM-DD-YYYY': pattern(`${DAY_OR_MONTH}-${DAY_OR_MONTH}-${YEAR}`, 'mdy'),
  'DD/MM/YY': pattern(`${DAY_OR_MONTH}/${DAY_OR_MONTH}/${SHORT_YEAR}`, 'dmy', true),
  'MM/DD/YY': pattern(`${DAY_OR_MONTH}/${DAY_OR_MONTH}/${SHORT_YEAR}`, 'mdy', true),
  'DD.MM.YY': pattern(`${DAY_OR_MONTH}\\.${DAY_OR_MONTH}\\.${SHORT_YEAR}`, 'dmy', true),
  'D MMM YYYY': pattern(`${DAY_OR_MONTH}\\s+${MONTH_NAME},?\\s+${YEAR}`, 'dmy'),
  'MMM D, YYYY': pattern(`${MONTH_NAME}\\s+${DAY_OR_MONTH},?\\s+${YEAR}`, 'mdy'),
  'DD-MMM-YYYY': pattern(`${DAY_OR_MONTH}-${MONTH_NAME}-${YEAR}`, 'dmy'),
  'DD-MMM-YY': pattern(`${DAY_OR_MONTH}-${MONTH_NAME}-${SHORT_YEAR}`, 'dmy', true),
};

// Digits are 1 or 2 of them (DAY_OR_MONTH), a name 3 or more letters (MONTH_NAME).
const monthOf = (written: string): number =>
  written.length <= 2 ? Number(written) : (MONTHS.get(written.toLowerCase()) ?? 0);
const yearOf = (written: string, short: boolean): number => {
  const year = Number(written);
  return short ? year + (year < 70 ? 2000 : 1900) : year;
};
const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/** The time of day as 'HH:MM:SS' (24-hour, fraction kept), or undefined when it is no time. */
function timeOf(hourText: string, minuteText: string, secondText = '00', fraction = '', meridiem?: string) {
  let hour = Number(hourText);
  const minute = Number(minuteText);
  if (minute > 59 || Number(secondText) > 59) return undefined;
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  } else if (hour > 23) return undefined;
  return `${twoDigits(hour)}:${minuteText}:${secondText}${fraction}`;
}

/**
 * A value in the format as the ISO day `YYYY-MM-DD`, with its time of day when one is written (`HH:MM:SS`,
 * 24-hour); null when it is not a real calendar date (0001–9999) in that format, or its time is no time.
 */
export function readDateTime(raw: string, format: DateFormat): { date: string; time: string | null } | null {
  const { regex, year, month, day, shortYear } = PATTERNS[format];
  const match = regex.exec(raw.trim());
  if (!match) return null;
  const y = yearOf(match[year]!, shortYear);
  const m = monthOf(match[month]!);
  const d = Number(match[day]!);
  if (!isCalendarDay(y, m, d)) return null;
  const date = `${y < 1000 ? String(y).padStart(4, '0') : y}-${twoDigits(m)}-${twoDigits(d)}`;
  // Groups 4 to 8: hour, minute, second, fraction, AM/PM.
  if (match[4] === undefined) return { date, time: null };
  const time = timeOf(match[4], match[5]!, match[6], match[7], match[8]);
  return time === undefined ? null : { date, time };
}

/** A value in the format as ISO `YYYY-MM-DD` (a time after it is allowed and dropped), or null. */
export function readDate(raw: string, format: DateFormat): string | null {
  return readDateTime(raw, format)?.date ?? null;
}

/**
 * The format of a column's dates: the one every non-blank value is a real date in. When several fit — day
 * and month both 12 or less in every value, so `DD/MM/YYYY` and `MM/DD/YYYY` read them all — the values
 * cannot tell, and they are all answered as `ambiguous` for a person to choose. No value may be left out:
 * a column with one value that is no date is no date column (`none`), as is a column of blanks.
 */
export function detectDateFormat(values: readonly string[], options: { mostly?: boolean } = {}): DateDetection {
  const strict = everyValueFits(values);
  return 'none' in strict && options.mostly ? mostValuesFit(values) : strict;
}

function everyValueFits(values: readonly string[]): DateDetection {
  let fitting: DateFormat[] = [...DATE_FORMATS];
  let seen = false;
  for (const value of values) {
    if (value.trim() === '') continue;
    seen = true;
    fitting = fitting.filter((format) => readDate(value, format) !== null);
    if (fitting.length === 0) break;
  }
  if (!seen || fitting.length === 0) return { none: true };
  return fitting.length === 1 ? { format: fitting[0]! } : { ambiguous: fitting };
}

/** How many of a column's values a few typing slips may leave out, and how many values are enough to tell. */
const MOSTLY = { misses: 0.1, sample: 5_000 };

/**
 * The formats that read the most values when none reads them all, if they read at least 90 % of them
 * (`mostly`): a ledger's date column with a slip in it stays its date column, and the slips are reported
 * where they are instead of the whole column being read as text.
 */
function mostValuesFit(values: readonly string[]): DateDetection {
  const sample = values.filter((value) => value.trim() !== '').slice(0, MOSTLY.sample);
  const misses = DATE_FORMATS.map((format) => sample.filter((value) => readDate(value, format) === null).length);
  const fewest = Math.min(...misses);
  if (sample.length === 0 || fewest > sample.length * MOSTLY.misses) return { none: true };
  const best = DATE_FORMATS.filter((_, index) => misses[index] === fewest);
  return best.length === 1 ? { format: best[0]! } : { ambiguous: best };
}
