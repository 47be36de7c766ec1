import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, detectDateFormat, readDate, readDateTime, type DateFormat } from './dates.ts';

describe('readDate', () => {
  it.each([
    ['2024-01-31', 'YYYY-MM-DD', '2024-01-31'],
    ['2024-1-5', 'YYYY-MM-DD', '2024-01-05'],
    ['2024-02-29', 'YYYY-MM-DD', '2024-02-29'],
    ['2024/01/31', 'YYYY/MM/DD', '2024-01-31'],
    ['20240131', 'YYYYMMDD', '2024-01-31'],
    ['31/01/2024', 'DD/MM/YYYY', '2024-01-31'],
    ['5/1/2024', 'DD/MM/YYYY', '2024-01-05'],
    ['01/31/2024', 'MM/DD/YYYY', '2024-01-31'],
    ['1/31/2016', 'MM/DD/YYYY', '2016-01-31'],
    ['31.01.2024', 'DD.MM.YYYY', '2024-01-31'],
    ['1.2.2024', 'DD.MM.YYYY', '2024-02-01'],
    ['31-01-2024', 'DD-MM-YYYY', '2024-01-31'],
    ['01-31-2024', 'MM-DD-YYYY', '2024-01-31'],
    ['31/01/24', 'DD/MM/YY', '2024-01-31'],
    ['12/31/99', 'MM/DD/YY', '1999-12-31'],
    ['1/1/00', 'MM/DD/YY', '2000-01-01'],
    ['12/31/69', 'MM/DD/YY', '2069-12-31'],
    ['1/1/70', 'MM/DD/YY', '1970-01-01'],
    ['31.01.24', 'DD.MM.YY', '2024-01-31'],
    ['31 Jan 2024', 'D MMM YYYY', '2024-01-31'],
    ['1 January 2024', 'D MMM YYYY', '2024-01-01'],
    ['5 Sept. 2024', 'D MMM YYYY', '2024-09-05'],
    ['05 SEP 2024', 'D MMM YYYY', '2024-09-05'],
    ['Jan 31, 2024', 'MMM D, YYYY', '2024-01-31'],
    ['January 5 2024', 'MMM D, YYYY', '2024-01-05'],
    ['Dec. 1, 2024', 'MMM D, YYYY', '2024-12-01'],
    ['31-Jan-2024', 'DD-MMM-YYYY', '2024-01-31'],
    ['1-feb-2024', 'DD-MMM-YYYY', '2024-02-01'],
    ['31-JAN-24', 'DD-MMM-YY', '2024-01-31'],
    ['  2024-01-31  ', 'YYYY-MM-DD', '2024-01-31'],
    ['0001-01-01', 'YYYY-MM-DD', '0001-01-01'],
    ['9999-12-31', 'YYYY-MM-DD', '9999-12-31'],
    // a time after the date
    ['2024-01-31 00:00:00', 'YYYY-MM-DD', '2024-01-31'],
    ['2024-01-31T13:45:10.123Z', 'YYYY-MM-DD', '2024-01-31'],
    ['2024-01-31T23:59:59+02:00', 'YYYY-MM-DD', '2024-01-31'],
    ['1/31/2024 12:00:00 AM', 'MM/DD/YYYY', '2024-01-31'],
    ['1/31/2024 9:05 PM', 'MM/DD/YYYY', '2024-01-31'],
    ['31.01.2024 14:30', 'DD.MM.YYYY', '2024-01-31'],
  ] as const)('reads %j in %s as %s', (raw, format, iso) => {
    expect(readDate(raw, format)).toBe(iso);
  });

  it.each([
    ['2024-02-30', 'YYYY-MM-DD'],
    ['2023-02-29', 'YYYY-MM-DD'],
    ['1900-02-29', 'YYYY-MM-DD'],
    ['0000-01-01', 'YYYY-MM-DD'],
    ['2024-13-01', 'YYYY-MM-DD'],
    ['2024-00-10', 'YYYY-MM-DD'],
    ['2024-01-00', 'YYYY-MM-DD'],
    ['2024-001-01', 'YYYY-MM-DD'],
    ['24-01-31', 'YYYY-MM-DD'],
    ['2024/01/31', 'YYYY-MM-DD'],
    ['2024131', 'YYYYMMDD'],
    ['202401311', 'YYYYMMDD'],
    ['31/01/2024', 'MM/DD/YYYY'],
    ['01/31/2024', 'DD/MM/YYYY'],
    ['31/01/24', 'DD/MM/YYYY'],
    ['31/01/2024', 'DD/MM/YY'],
    ['31-01-2024', 'DD/MM/YYYY'],
    ['31.01.2024', 'DD-MM-YYYY'],
    ['31 Foo 2024', 'D MMM YYYY'],
    ['31 Ja 2024', 'D MMM YYYY'],
    ['31 Feb 2024', 'D MMM YYYY'],
    ['Jan 32, 2024', 'MMM D, YYYY'],
    ['31 Jan 2024', 'MMM D, YYYY'],
    ['31-Jan-24', 'DD-MMM-YYYY'],
    ['2024-01-31 24:00:00', 'YYYY-MM-DD'],
    ['2024-01-31 10:60', 'YYYY-MM-DD'],
    ['2024-01-31 10:00:61', 'YYYY-MM-DD'],
    ['1/31/2024 13:00 PM', 'MM/DD/YYYY'],
    ['1/31/2024 0:00 AM', 'MM/DD/YYYY'],
    ['2024-01-31 noon', 'YYYY-MM-DD'],
    ['', 'YYYY-MM-DD'],
    ['Total for January', 'MMM D, YYYY'],
  ] as const)('refuses %j in %s', (raw, format) => {
    expect(readDate(raw, format)).toBeNull();
  });
});

describe('readDateTime', () => {
  it.each([
    ['2024-01-31', 'YYYY-MM-DD', { date: '2024-01-31', time: null }],
    ['2024-01-31 00:00:00', 'YYYY-MM-DD', { date: '2024-01-31', time: '00:00:00' }],
    ['2024-01-31T13:45:10.123Z', 'YYYY-MM-DD', { date: '2024-01-31', time: '13:45:10.123' }],
    ['1/31/2024 12:00:00 AM', 'MM/DD/YYYY', { date: '2024-01-31', time: '00:00:00' }],
    ['1/31/2024 12:30 PM', 'MM/DD/YYYY', { date: '2024-01-31', time: '12:30:00' }],
    ['1/31/2024 9:05 pm', 'MM/DD/YYYY', { date: '2024-01-31', time: '21:05:00' }],
    ['Jan 31, 2024 7:00', 'MMM D, YYYY', { date: '2024-01-31', time: '07:00:00' }],
  ] as const)('reads %j in %s with its time of day', (raw, format, reading) => {
    expect(readDateTime(raw, format)).toEqual(reading);
  });
});

describe('detectDateFormat', () => {
  it.each([
    [['2024-01-31', '2024-02-01'], { format: 'YYYY-MM-DD' }],
    [['2024-01-31 00:00:00', '', '2024-02-29 00:00:00'], { format: 'YYYY-MM-DD' }],
    [['31/01/2024', '01/02/2024'], { format: 'DD/MM/YYYY' }],
    [['01/31/2016', '02/01/2016'], { format: 'MM/DD/YYYY' }],
    [['1/31/2024 12:00:00 AM', '2/1/2024 12:00:00 AM'], { format: 'MM/DD/YYYY' }],
    [['01/02/2024', '03/04/2024'], { ambiguous: ['DD/MM/YYYY', 'MM/DD/YYYY'] }],
    [['01-02-2024'], { ambiguous: ['DD-MM-YYYY', 'MM-DD-YYYY'] }],
    [['1/2/24', '12/11/24'], { ambiguous: ['DD/MM/YY', 'MM/DD/YY'] }],
    [['01.02.2024', '03.04.2024'], { format: 'DD.MM.YYYY' }],
    [['13/01/24', '1/2/24'], { format: 'DD/MM/YY' }],
    [['Jan 31, 2024', 'Feb 1 2024'], { format: 'MMM D, YYYY' }],
    [['31 Jan 2024', '1 February 2024'], { format: 'D MMM YYYY' }],
    [['31-JAN-2024'], { format: 'DD-MMM-YYYY' }],
    [['31-JAN-24'], { format: 'DD-MMM-YY' }],
    [['20240131', '20240201'], { format: 'YYYYMMDD' }],
    [['31/01/2024', '01/31/2024'], { none: true }],
    [['2024-01-31', '31/01/2024'], { none: true }],
    [['2024-01-31', 'Total'], { none: true }],
    [['1/31/24', '1/31/2024'], { none: true }],
    [['2024-02-30'], { none: true }],
    [['', '  '], { none: true }],
    [[], { none: true }],
    [['1234.56'], { none: true }],
  ] as const)('finds the format of %j: %j', (values, detection) => {
    expect(detectDateFormat(values)).toEqual(detection);
  });

  const days = (count: number) =>
    Array.from({ length: count }, (_, index) => `${String((index % 28) + 1).padStart(2, '0')}/01/2024`);
  it.each([
    ['a slip among 19 dates', [...days(19), '31/02/2024'], { format: 'DD/MM/YYYY' }],
    ['two slips among 18 (10 %)', [...days(18), '2024-01-31', 'n/a'], { format: 'DD/MM/YYYY' }],
    ['three slips among 17 (15 %)', [...days(17), 'a', 'b', 'c'], { none: true }],
    ['a slip among ambiguous dates', ['01/02/2024', '03/04/2024', ...days(0), '05/06/2024', 'x'], { none: true }],
    ['nothing but words', ['Total', 'Opening'], { none: true }],
  ] as const)('mostly: %s', (_, values, detection) => {
    expect(detectDateFormat(values, { mostly: true })).toEqual(detection);
  });
});

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A date written in a format as an export would, day and month padded or not. */
function written(date: { year: number; month: number; day: number }, format: DateFormat, padded: boolean): string {
  const { year, month, day } = date;
  const dd = padded ? pad(day) : String(day);
  const mm = padded ? pad(month) : String(month);
  const yyyy = pad(year, 4);
  const yy = pad(year % 100);
  const mmm = MONTH_NAMES[month - 1]!;
  const texts: Record<DateFormat, string> = {
    'YYYY-MM-DD': `${yyyy}-${mm}-${dd}`,
    'YYYY/MM/DD': `${yyyy}/${mm}/${dd}`,
    YYYYMMDD: `${yyyy}${pad(month)}${pad(day)}`,
    'DD/MM/YYYY': `${dd}/${mm}/${yyyy}`,
    'MM/DD/YYYY': `${mm}/${dd}/${yyyy}`,
    'DD.MM.YYYY': `${dd}.${mm}.${yyyy}`,
    'DD-MM-YYYY': `${dd}-${mm}-${yyyy}`,
    'MM-DD-YYYY': `${mm}-${dd}-${yyyy}`,
    'DD/MM/YY': `${dd}/${mm}/${yy}`,
    'MM/DD/YY': `${mm}/${dd}/${yy}`,
    'DD.MM.YY': `${dd}.${mm}.${yy}`,
    'D MMM YYYY': `${day} ${mmm} ${yyyy}`,
    'MMM D, YYYY': `${mmm} ${day}, ${yyyy}`,
    'DD-MMM-YYYY': `${dd}-${mmm}-${yyyy}`,
    'DD-MMM-YY': `${dd}-${mmm.toUpperCase()}-${yy}`,
  };
  return texts[format];
}

const isShortYear = (format: DateFormat) => !format.includes('YYYY');
/** Any real day; two-digit-year formats cover 1970–2069. */
const dayIn = (format: DateFormat) =>
  fc
    .date({
      min: new Date(isShortYear(format) ? '1970-01-01T00:00:00Z' : '0001-01-01T00:00:00Z'),
      max: new Date(isShortYear(format) ? '2069-12-31T00:00:00Z' : '9999-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => ({
      iso: date.toISOString().slice(0, 10),
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
    }));

describe('dates, for any day', () => {
  it('reads any day written in any format back as its ISO date', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DATE_FORMATS).chain((format) => fc.tuple(fc.constant(format), dayIn(format), fc.boolean())),
        ([format, date, padded]) => {
          expect(readDate(written(date, format, padded), format)).toBe(date.iso);
          expect(readDate(`${written(date, format, padded)} 00:00:00`, format)).toBe(date.iso);
        },
      ),
    );
  });

  it('finds the format of any column, or both orders when no day in it is past the 12th', () => {
    const orders: [DateFormat, DateFormat][] = [
      ['DD/MM/YYYY', 'MM/DD/YYYY'],
      ['DD-MM-YYYY', 'MM-DD-YYYY'],
      ['DD/MM/YY', 'MM/DD/YY'],
    ];
    fc.assert(
      fc.property(
        fc
          .constantFrom(...DATE_FORMATS)
          .chain((format) =>
            fc.tuple(fc.constant(format), fc.array(dayIn(format), { minLength: 1, maxLength: 10 }), fc.boolean()),
          ),
        ([format, dates, padded]) => {
          const pair = orders.find((formats) => formats.includes(format));
          // Day and month swapped read as a day too exactly when no day is past the 12th.
          const ambiguous = pair !== undefined && dates.every((date) => date.day <= 12);

          const detection = detectDateFormat(dates.map((date) => written(date, format, padded)));

          expect(detection).toEqual(ambiguous ? { ambiguous: pair } : { format });
        },
      ),
    );
  });
});
