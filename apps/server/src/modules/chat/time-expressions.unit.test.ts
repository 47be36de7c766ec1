import { describe, expect, it } from 'vitest';
import { readTime, type BooksCalendar } from './time-expressions.ts';

const months = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
/** Books from Nov 2024 to Oct 2026, fiscal years = calendar years (the demo's). */
const calendar: BooksCalendar = {
  fiscalYearOf: (period) => Number(period.slice(0, 4)),
  periodsOfYear: months,
  first: '2024-11',
  last: '2026-10',
};
const read = (text: string) => readTime(text, calendar);

describe('the time grammar', () => {
  it.each([
    ['revenue in h1 2025', '2025-01', '2025-06'],
    ['second half of 2025', '2025-07', '2025-12'],
    ['first half of last year', '2025-01', '2025-06'],
    ['2026 h1', '2026-01', '2026-06'],
    ['h2 fy25', '2025-07', '2025-12'],
    ['ttm revenue', '2025-11', '2026-10'],
    ['ltm ebitda', '2025-11', '2026-10'],
    ['trailing twelve months', '2025-11', '2026-10'],
    ['over the last 12 months', '2025-11', '2026-10'],
    ['the past 3 months', '2026-08', '2026-10'],
    ['last 2 quarters', '2026-04', '2026-09'],
    ['last 3 full quarters', '2026-01', '2026-09'],
    ['feb to may', '2026-02', '2026-05'],
    ['nov to feb', '2025-11', '2026-02'],
    ['from nov 2025 through apr 2026', '2025-11', '2026-04'],
    ['between march and june 2025', '2025-03', '2025-06'],
    ['q2 q3 2025', '2025-04', '2025-09'],
    ['since march', '2026-03', '2026-10'],
    ['since q2 2025', '2025-04', '2026-10'],
    ['fiscal 2025', '2025-01', '2025-12'],
    ['fy25', '2025-01', '2025-12'],
    ['fy 2025', '2025-01', '2025-12'],
    ['last fiscal year', '2025-01', '2025-12'],
    ['this year', '2026-01', '2026-10'],
    ['ytd through june', '2026-01', '2026-06'],
    ['third quarter of 2025', '2025-07', '2025-09'],
    ['q3', '2026-07', '2026-09'],
    ['q4', '2025-10', '2025-12'],
    ['last quarter', '2026-07', '2026-09'],
    ['this quarter so far', '2026-10', '2026-10'],
    ['march 2026', '2026-03', '2026-03'],
    ['in november', '2025-11', '2025-11'],
    ['mar 26', '2026-03', '2026-03'],
    ['calendar 2025', '2025-01', '2025-12'],
    ['the back half of 2025', '2025-07', '2025-12'],
    ['front half of 2026', '2026-01', '2026-06'],
    ['2025 to date', '2025-01', '2025-12'],
    ['6 months ago', '2026-04', '2026-04'],
    ['what did we buy from last year', '2025-01', '2025-12'],
    ['revenue from march', '2026-03', '2026-03'],
    ['revenue from march onwards', '2026-03', '2026-10'],
    ['revenue from last quarter', '2026-07', '2026-09'],
    ['the quarter ended september 30', '2026-07', '2026-09'],
    ['the 6 months to june 2026', '2026-01', '2026-06'],
    ['the year ended december 2025', '2025-01', '2025-12'],
    ['the twelve months to june 2026', '2025-07', '2026-06'],
    ['fiscal q3', '2026-07', '2026-09'],
    ['q3 of last year', '2025-07', '2025-09'],
    ['8 2026', '2026-08', '2026-08'],
  ])('reads "%s" as %s to %s', (text, from, to) => {
    const time = read(text);
    expect(time.explicit).toBe(true);
    expect(time.outside).toBeUndefined();
    expect({ from: time.range.from, to: time.range.to }).toEqual({ from, to });
  });

  it.each([
    ['as of 31 march 2026', '2026-03'],
    ['at march 31 2026', '2026-03'],
    ['on 2026 03 31', '2026-03'],
    ['at the end of june', '2026-06'],
    ['as of 6 30 2025', '2025-06'],
    ['at 2025 year end', '2025-12'],
    ['year end 2025', '2025-12'],
    ['at year end', '2025-12'],
    ['now', '2026-10'],
    ['at the start of the year', '2025-12'],
    ['at the beginning of q3', '2026-06'],
  ])('reads "%s" as a point in time at the end of %s', (text, period) => {
    const time = read(text);
    expect(time.point).toBe(true);
    expect(time.range.to).toBe(period);
  });

  it('keeps the whole period a point ends, for measures read over it (DSO at the end of 2025)', () => {
    expect(read('at the end of 2025').pointOf).toMatchObject({ from: '2025-01', to: '2025-12' });
    expect(read('2025 year end').pointOf).toMatchObject({ from: '2025-01', to: '2025-12' });
  });

  it.each([
    ['march vs april 2026', { from: '2026-04', to: '2026-04' }, { from: '2026-03', to: '2026-03' }],
    ['q1 vs q2 2026', { from: '2026-04', to: '2026-06' }, { from: '2026-01', to: '2026-03' }],
    ['h1 2026 compared to h1 2025', { from: '2026-01', to: '2026-06' }, { from: '2025-01', to: '2025-06' }],
    ['how did it change from q2 to q3 2025', { from: '2025-07', to: '2025-09' }, { from: '2025-04', to: '2025-06' }],
    ['last month month over month', { from: '2026-10', to: '2026-10' }, { from: '2026-09', to: '2026-09' }],
    ['last quarter qoq', { from: '2026-07', to: '2026-09' }, { from: '2026-04', to: '2026-06' }],
    ['ytd yoy', { from: '2026-01', to: '2026-10' }, { from: '2025-01', to: '2025-10' }],
    ['revenue growth from last year', { from: '2026-01', to: '2026-10' }, { from: '2025-01', to: '2025-10' }],
    ['now vs 12 months ago', { from: '2026-10', to: '2026-10' }, { from: '2025-10', to: '2025-10' }],
    ['ytd vs the same period last year', { from: '2026-01', to: '2026-10' }, { from: '2025-01', to: '2025-10' }],
    ['q3 compared with a quarter ago', { from: '2026-07', to: '2026-09' }, { from: '2026-04', to: '2026-06' }],
    ['compare august with july 2026', { from: '2026-08', to: '2026-08' }, { from: '2026-07', to: '2026-07' }],
    [
      'the end of october 2026 compared with 2025 year end',
      { from: '2026-10', to: '2026-10' },
      { from: '2025-12', to: '2025-12' },
    ],
  ])('reads "%s" as a comparison of %j with %j', (text, range, against) => {
    const time = read(text);
    expect({ from: time.range.from, to: time.range.to }).toEqual(range);
    expect({ from: time.against?.from, to: time.against?.to }).toEqual(against);
  });

  it.each([
    ['revenue in 2023', 'FY2023 is before the books start: the books run from Nov 2024 to Oct 2026'],
    ['revenue in 2024', 'FY2024 is only partly in the books: the books run from Nov 2024 to Oct 2026'],
    [
      'sales next quarter',
      'Q1 2027 is after the latest period with data: the books run from Nov 2024 to Oct 2026, and Chat DB does not forecast',
    ],
    [
      'revenue in 2027',
      'FY2027 is after the latest period with data: the books run from Nov 2024 to Oct 2026, and Chat DB does not forecast',
    ],
  ])('says "%s" is outside the books', (text, outside) => {
    expect(read(text).outside).toBe(outside);
  });

  it('reads a period not over yet to date, and says so', () => {
    expect(read('q4 2026').range).toEqual({ from: '2026-10', to: '2026-10', label: 'Q4 2026 to date (Oct 2026)' });
  });

  it('defaults to the fiscal year to date when nothing is said, and says nothing was', () => {
    expect(read('revenue')).toMatchObject({ explicit: false, range: { from: '2026-01', to: '2026-10' } });
  });

  it('does not read "may" the verb as May', () => {
    expect(read('what may have caused this').explicit).toBe(false);
  });
});
