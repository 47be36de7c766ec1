import { addMonths } from './compiler.ts';

/**
 * The time grammar of Chat DB: every way a finance person names a stretch of months — a month, a quarter, a half,
 * a fiscal year (FY25, fiscal 2025, last fiscal year), year to date, trailing twelve months, the last N months or
 * quarters, ranges ("Feb to May", "from Nov 2025 through Apr 2026", "Q2–Q3"), "since March", a point in time
 * ("as of 31 March 2026", "at the end of June") — and two of them compared ("March vs April", "Q1 vs Q2 2026",
 * month over month). It reads normalized text (parser.ts `normalize`: lower case, words and numbers between
 * single spaces) and answers the months, a label in words, and the words it read, which the parser takes out.
 *
 * Quarters and halves are fiscal: the fiscal year's periods in threes and sixes, as 00_Period (or the
 * organization's fiscal year start month, chat-calendar.ts) numbers them.
 */

export interface BooksCalendar {
  fiscalYearOf(period: string): number;
  /** The periods of a fiscal year, in order (twelve calendar months when 00_Period has none of it). */
  periodsOfYear(year: number): string[];
  /** The first and the latest period with ledger lines ("last month" is the latest). */
  first: string;
  last: string;
  /** The books' whole calendar: from the earlier of `first` and 00_Period's first month to the later of the last ones. */
  start?: string;
  end?: string;
}

export interface Span {
  from: string;
  to: string;
  /** In words: "Q3 2025", "FY2025", "the trailing twelve months (Nov 2025 – Oct 2026)". */
  label: string;
}

export interface TimeReading {
  /** The months asked about (the default when nothing was said: the fiscal year to date). */
  range: Span;
  explicit: boolean;
  /** A point in time ("as of 31 March 2026"): balances at the end of `range.to`. */
  point: boolean;
  /** The months a comparison reads against: a named second period, the period before, the same months a year earlier. */
  against?: Span & { kind: 'previous_period' | 'prior_year' };
  /** The words read as time, to be taken out of the question before anything else reads it. */
  matched: string[];
  /** Why the books cannot answer: the months asked for are not (all) in them, or lie in the future. */
  outside?: string;
  /** The range runs "since" its first month (a balance moved since then is measured from that month's end). */
  since?: boolean;
  /** A month, quarter or half said without its year ("Q2", "March"): a follow-up takes the year it follows. */
  yearless?: boolean;
  /** A point's whole period ("the end of 2025": FY2025), which days-outstanding measures read over. */
  pointOf?: Span;
  /**
   * Said relative to another period, this many months back ("a year ago", "the same month last year", "6 months
   * ago"): alone it is that month of the books; a follow-up or a comparison moves its own period back by it.
   */
  monthsBack?: number;
}

export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const SHORT = MONTH_NAMES.map((name) => name.slice(0, 3));
const MONTH = `(${MONTH_NAMES.join('|')}|${SHORT.join('|')}|sept)`;
const monthOf = (word: string) => SHORT.indexOf(word.slice(0, 3)) + 1;

const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
};
/** Counts written as words. */
export const COUNT_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  eighteen: 18,
  twenty: 20,
  thirty: 30,
  'thirty six': 36,
};
const COUNT = `(\\d{1,3}|${Object.keys(COUNT_WORDS).join('|')})`;
const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : COUNT_WORDS[word]!);

/** A year as written: 2025, fy25, fy 2025, fiscal 2025, fiscal year 2025, '25 after a month. */
const YEAR = `(?:(?:fiscal(?: year)?|fy) ?)?((?:19|20)\\d\\d)|fy ?(\\d\\d)\\b|fiscal (\\d\\d)\\b`;
const yearOfMatch = (four?: string, two?: string, three?: string) =>
  four ? Number(four) : two ? 2000 + Number(two) : three ? 2000 + Number(three) : undefined;

const period = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
const monthLabel = (p: string) =>
  `${SHORT[Number(p.slice(5)) - 1]![0]!.toUpperCase()}${SHORT[Number(p.slice(5)) - 1]!.slice(1)} ${p.slice(0, 4)}`;
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5)) + 1;
/** "Jul – Sep 2025", "Nov 2025 – Apr 2026", "Mar 2026". */
/** The months the books hold: an open month of 00_Period with nothing posted yet is in them (its figures are 0). */
function booksOf(calendar: BooksCalendar) {
  const { first, last } = calendar;
  const start = calendar.start && calendar.start < first ? calendar.start : first;
  const end = calendar.end && calendar.end > last ? calendar.end : last;
  return { start, end, books: `the books run from ${monthLabel(start)} to ${monthLabel(end)}` };
}

/**
 * Why months moved to by a follow-up ("and the year before?") cannot be answered, in the words a question's own
 * time gets: before the books, only partly in them, or after them; undefined when they are in the books.
 */
export function outsideTheBooks(calendar: BooksCalendar, from: string, to: string): string | undefined {
  const { start, end, books } = booksOf(calendar);
  const label = spanWords(from, to);
  if (from > end) return `${label} is after the latest period with data: ${books}, and Chat DB does not forecast`;
  if (to < start) return `${label} is before the books start: ${books}`;
  if (from < start) return `${label} is only partly in the books: ${books}`;
  return undefined;
}

export function spanWords(from: string, to: string): string {
  if (from === to) return monthLabel(from);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${sameYear ? monthLabel(from).slice(0, 3) : monthLabel(from)} – ${monthLabel(to)}`;
}

interface Found {
  /** A trailing stretch of this many months ("TTM", "the last 6 months"), which "ending June" may move. */
  trailing?: number;
  /** Where in the text, for joining two expressions. */
  start: number;
  end: number;
  span: Span;
  /** A whole year, quarter, half or month (a "period"), which a range or comparison may join. */
  unit: 'month' | 'quarter' | 'half' | 'year' | 'other';
  point?: boolean;
  /** A point's whole period. */
  pointOf?: Span;
  /** Relative to another period, this many months back. */
  monthsBack?: number;
  /** "The same quarter last year" said alone: the current period it is the same as (this quarter so far). */
  current?: Span;
  /** Said without a year: its year is settled against the books (or a year named beside it). */
  yearless?: { unit: 'month' | 'quarter' | 'half'; index: number };
  future?: boolean;
}

/** Every time expression of `text`, left to right, none overlapping (the longest at a place wins). */
function expressionsIn(text: string, calendar: BooksCalendar): Found[] {
  const { last } = calendar;
  const lastYear = calendar.fiscalYearOf(last);
  const yearPeriods = (year: number) => calendar.periodsOfYear(year);
  const slice = (year: number, index: number, size: number): { from: string; to: string } => {
    const periods = yearPeriods(year);
    return { from: periods[index * size]!, to: periods[Math.min((index + 1) * size, periods.length) - 1]! };
  };
  /** The fiscal year whose quarter/half `index` (0-based, of `size` months) is the latest wholly in the books. */
  const latestYearOf = (index: number, size: number) =>
    slice(lastYear, index, size).to <= last ? lastYear : lastYear - 1;
  const latestMonthYear = (month: number) =>
    period(Number(last.slice(0, 4)), month) <= last ? Number(last.slice(0, 4)) : Number(last.slice(0, 4)) - 1;
  const quarterSpan = (year: number, q: number): Span => {
    const s = slice(year, q - 1, 3);
    return { ...s, label: `Q${q} ${year}` };
  };
  const halfSpan = (year: number, h: number): Span => {
    const s = slice(year, h - 1, 6);
    return { ...s, label: `H${h} ${year} (${spanWords(s.from, s.to)})` };
  };
  const yearSpan = (year: number): Span => {
    const periods = yearPeriods(year);
    if (year === lastYear) return { from: periods[0]!, to: last, label: `FY${year} to date` };
    return { from: periods[0]!, to: periods.at(-1)!, label: `FY${year}` };
  };
  const monthSpan = (p: string): Span => ({ from: p, to: p, label: p });
  const trailing = (n: number, label?: string): Span => {
    const from = addMonths(last, -(n - 1));
    return { from, to: last, label: label ?? `the last ${n} months (${spanWords(from, last)})` };
  };

  const found: Found[] = [];
  const add = (pattern: RegExp, build: (match: RegExpExecArray) => Omit<Found, 'start' | 'end'> | undefined) => {
    const global = new RegExp(pattern.source, 'g');
    for (let match = global.exec(text); match; match = global.exec(text)) {
      const built = build(match);
      if (!built) continue;
      const start = match.index + (match[0].length - match[0].trimStart().length);
      const end = match.index + match[0].trimEnd().length;
      found.push({ ...built, start, end });
    }
  };

  // Days: "31 march 2026", "march 31 2026", "march 31st", "2026 03 31", "3 31 2026": a point at its month's end.
  add(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH}(?: (\\d{4}))?\\b`), (m) => {
    const month = monthOf(m[2]!);
    const year = m[3] ? Number(m[3]) : latestMonthYear(month);
    return { span: monthSpan(period(year, month)), unit: 'month', point: true };
  });
  add(new RegExp(`\\b${MONTH} (\\d{1,2})(?:st|nd|rd|th)?(?: (\\d{4}))?\\b`), (m) => {
    if (Number(m[2]) > 31 || (!m[3] && Number(m[2]) < 1)) return undefined;
    const month = monthOf(m[1]!);
    const year = m[3] ? Number(m[3]) : latestMonthYear(month);
    return { span: monthSpan(period(year, month)), unit: 'month', point: true };
  });
  add(/\b((?:19|20)\d\d) (0?[1-9]|1[0-2]) (\d{1,2})\b/, (m) => ({
    span: monthSpan(period(Number(m[1]), Number(m[2]))),
    unit: 'month',
    point: true,
  }));
  add(/\b(\d{1,2}) (\d{1,2}) ((?:19|20)\d\d)\b/, (m) => {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const month = a > 12 ? b : a;
    if (month < 1 || month > 12) return undefined;
    return { span: monthSpan(period(Number(m[3]), month)), unit: 'month', point: true };
  });
  // "8/2026", "08 2026": a month of a year (not after a count: "top 5 2025").
  add(/\b(0?[1-9]|1[0-2]) ((?:19|20)\d\d)\b/, (m) =>
    /\b(top|bottom|last|first|next|past|the)\s*$/.test(text.slice(0, m.index))
      ? undefined
      : { span: monthSpan(period(Number(m[2]), Number(m[1]))), unit: 'month' },
  );
  // Months: "march 2026", "mar 26", "2026 03", "03 2026", "march".
  add(new RegExp(`\\b${MONTH}(?: (?:of )?((?:19|20)\\d\\d)|'? ?(\\d\\d)(?!\\d))?\\b`), (m) => {
    // "may" alone is a verb unless a year or "in" stands beside it.
    if (
      m[1] === 'may' &&
      !m[2] &&
      !m[3] &&
      !/\b(in|of|since|from|to|through|thru|till|until|and|vs|end) may\b|\bmay (to|through|thru|and|vs)\b/.test(text)
    )
      return undefined;
    const month = monthOf(m[1]!);
    const year = m[2] ? Number(m[2]) : m[3] ? 2000 + Number(m[3]) : undefined;
    return year !== undefined
      ? { span: monthSpan(period(year, month)), unit: 'month' }
      : {
          span: monthSpan(period(latestMonthYear(month), month)),
          unit: 'month',
          yearless: { unit: 'month', index: month },
        };
  });
  add(/\b((?:19|20)\d\d) (0[1-9]|1[0-2])\b/, (m) => ({
    span: monthSpan(period(Number(m[1]), Number(m[2]))),
    unit: 'month',
  }));
  // Quarters: "q3 2025", "2025 q3", "q3 fy25", "third quarter of 2025", "q3".
  add(
    new RegExp(
      `\\b(?:fiscal |fy ?)?q([1-4])(?: (?:of )?(?:${YEAR}|(?:the )?(this|last|previous|prior) (?:fiscal )?year))?\\b`,
    ),
    (m) => {
      const q = Number(m[1]);
      const year =
        yearOfMatch(m[2], m[3], m[4]) ??
        (m[5] ? (/last|previous|prior/.test(m[5]) ? lastYear - 1 : lastYear) : undefined);
      return year !== undefined
        ? { span: quarterSpan(year, q), unit: 'quarter' }
        : { span: quarterSpan(latestYearOf(q - 1, 3), q), unit: 'quarter', yearless: { unit: 'quarter', index: q } };
    },
  );
  add(new RegExp(`\\b(?:${YEAR}) q([1-4])\\b`), (m) => ({
    span: quarterSpan(yearOfMatch(m[1], m[2], m[3])!, Number(m[4])),
    unit: 'quarter',
  }));
  add(new RegExp(`\\b(first|second|third|fourth|1st|2nd|3rd|4th) quarter(?: of)?(?: (?:${YEAR}))?\\b`), (m) => {
    const q = ORDINALS[m[1]!]!;
    const year = yearOfMatch(m[2], m[3], m[4]);
    return year !== undefined
      ? { span: quarterSpan(year, q), unit: 'quarter' }
      : { span: quarterSpan(latestYearOf(q - 1, 3), q), unit: 'quarter', yearless: { unit: 'quarter', index: q } };
  });
  // "The first quarter of last year", "October last year", "March of this year": that period of that fiscal year.
  const ofRelativeYear = `(?: of)?(?: the)? (this|last|previous|prior|current) (?:fiscal )?year`;
  add(new RegExp(`\\b(first|second|third|fourth|1st|2nd|3rd|4th) quarter${ofRelativeYear}\\b`), (m) => ({
    span: quarterSpan(/this|current/.test(m[2]!) ? lastYear : lastYear - 1, ORDINALS[m[1]!]!),
    unit: 'quarter',
  }));
  add(new RegExp(`\\b${MONTH}${ofRelativeYear}\\b`), (m) => {
    const month = monthOf(m[1]!);
    const year = /this|current/.test(m[2]!) ? lastYear : lastYear - 1;
    const p = yearPeriods(year).find((candidate) => Number(candidate.slice(5)) === month);
    return p ? { span: monthSpan(p), unit: 'month' } : undefined;
  });
  // Halves: "h1 2025", "2025 h2", "first half of 2025", "second half of last year", "h1".
  const halfWith = (h: number, yearText: string | undefined, four?: string, two?: string, three?: string) => {
    const year =
      yearOfMatch(four, two, three) ??
      (yearText && /last|previous|prior/.test(yearText) ? lastYear - 1 : yearText ? lastYear : undefined);
    return year !== undefined
      ? { span: halfSpan(year, h), unit: 'half' as const }
      : {
          span: halfSpan(latestYearOf(h - 1, 6), h),
          unit: 'half' as const,
          yearless: { unit: 'half' as const, index: h },
        };
  };
  add(new RegExp(`\\bh([12])(?: (?:of )?(?:${YEAR}|(this|last|previous|prior) (?:fiscal )?year))?\\b`), (m) =>
    halfWith(Number(m[1]), m[5], m[2], m[3], m[4]),
  );
  add(new RegExp(`\\b(?:${YEAR}) h([12])\\b`), (m) => halfWith(Number(m[4]), undefined, m[1], m[2], m[3]));
  add(
    new RegExp(
      `\\b(first|second|1st|2nd|front|back|latter|early|later) half(?: of)?(?: the)?(?: (?:${YEAR}|(this|last|previous|prior) (?:fiscal )?year))?\\b`,
    ),
    (m) =>
      halfWith(
        /^(front|early)$/.test(m[1]!) ? 1 : /^(back|latter|later)$/.test(m[1]!) ? 2 : ORDINALS[m[1]!]!,
        m[5],
        m[2],
        m[3],
        m[4],
      ),
  );
  // Calendar years ("calendar 2025", "cy25"): January to December, whatever the fiscal year.
  add(/\b(?:calendar (?:year )?|cy ?)((?:19|20)\d\d|\d\d)\b/, (m) => {
    const year = m[1]!.length === 2 ? 2000 + Number(m[1]) : Number(m[1]);
    const from = period(year, 1);
    const to = period(year, 12);
    return { span: { from, to, label: `calendar ${year} (${spanWords(from, to)})` }, unit: 'year' };
  });
  // Year ends: "2025 year end", "year-end 2025", "fy25 year end", "last year end", "at year end".
  const yearEnd = (year: number): Omit<Found, 'start' | 'end'> => {
    const whole = yearSpan(year);
    const at = calendar.periodsOfYear(year).at(-1)!;
    return {
      span: { from: at, to: at, label: `the end of FY${year} (${spanWords(at, at)})` },
      unit: 'month',
      point: true,
      pointOf: whole,
    };
  };
  add(new RegExp(`\\b(?:${YEAR}) (?:fiscal )?year ?end\\b|\\b(?:fiscal )?year ?end (?:of )?(?:${YEAR})\\b`), (m) =>
    yearEnd(yearOfMatch(m[1], m[2], m[3]) ?? yearOfMatch(m[4], m[5], m[6])!),
  );
  add(/\b(?:the )?(?:last|previous|prior) (?:fiscal )?year ?end\b/, () => yearEnd(lastYear - 1));
  add(/\b(?:the )?(?:fiscal )?year ?end\b/, () =>
    yearEnd(calendar.periodsOfYear(lastYear).at(-1)! <= last ? lastYear : lastYear - 1),
  );
  // Relative: "6 months ago", "a year ago", "the same month last year".
  add(
    new RegExp(
      `\\b(?:(a|an|one|${COUNT.slice(1, -1)}) (months?|quarters?|years?) (?:ago|earlier|before)|(?:the )?same (?:month|months) (?:of |in )?(?:the )?(?:last|previous|prior) year)\\b`,
    ),
    (m) => {
      const n = m[1] ? (/^(a|an|one)$/.test(m[1]) ? 1 : countOf(m[1])) : 1;
      const unit = !m[2] || m[2].startsWith('year') ? 12 : m[2].startsWith('quarter') ? 3 : 1;
      if (!n) return undefined;
      const back = n * unit;
      // "The same month last year" said alone is this month's.
      const current = m[1] ? undefined : monthSpan(last);
      return {
        span: monthSpan(addMonths(last, -back)),
        unit: 'month',
        monthsBack: back,
        ...(current ? { current } : {}),
      };
    },
  );
  // Years: "fy25", "fiscal 2025", "in 2025", "2025"; the fiscal year of a year named alone.
  add(new RegExp(`\\b(?:${YEAR})\\b`), (m) => {
    const year = yearOfMatch(m[1], m[2], m[3])!;
    return { span: yearSpan(year), unit: 'year' };
  });
  add(new RegExp(`\\b(?:${YEAR}) (?:to date|so far|ytd)\\b`), (m) => ({
    span: yearSpan(yearOfMatch(m[1], m[2], m[3])!),
    unit: 'year',
  }));
  add(/\b(?:the )?(?:last|previous|prior) (?:fiscal |financial )?year\b|\byear before\b/, () => ({
    span: yearSpan(lastYear - 1),
    unit: 'year',
  }));
  add(/\b(?:the )?year before last\b/, () => ({ span: yearSpan(lastYear - 2), unit: 'year' }));
  add(
    /\b(?:this|current) (?:fiscal |financial )?year(?: so far| to date)?\b|\bytd\b|\bfytd\b|\b(?:fiscal )?year to date\b/,
    () => ({
      span: yearSpan(lastYear),
      unit: 'year',
    }),
  );
  // "At the start of the year": the end of the month before this fiscal year.
  add(/\b(?:at )?(?:the )?(?:start|beginning) of (?:the |this )?(?:fiscal |financial )?year\b/, () => {
    const at = addMonths(yearPeriods(lastYear)[0]!, -1);
    return {
      span: { from: at, to: at, label: `the start of FY${lastYear} (the end of ${spanWords(at, at)})` },
      unit: 'month',
      point: true,
      pointOf: yearSpan(lastYear),
    };
  });
  add(/\bnext (?:fiscal )?year\b/, () => ({ span: yearSpan(lastYear + 1), unit: 'year', future: true }));
  // Quarters and months relative to the books' latest period.
  const quarterOfLast = () => {
    const index = yearPeriods(lastYear).indexOf(last);
    return Math.floor(Math.max(index, 0) / 3) + 1;
  };
  const quarterBack = (steps: number) => {
    let [year, q] = [lastYear, quarterOfLast()];
    for (let i = 0; i < steps; i++) [year, q] = q === 1 ? [year - 1, 4] : [year, q - 1];
    return quarterSpan(year, q);
  };
  add(/\b(?:the )?(?:last|previous|prior) (?:full |complete |fiscal )?quarter\b/, () => ({
    span: quarterBack(1),
    unit: 'quarter',
  }));
  add(/\b(?:the )?quarter before last\b/, () => ({ span: quarterBack(2), unit: 'quarter' }));
  add(/\b(?:this|current) quarter(?: so far| to date)?\b|\bqtd\b|\bquarter to date\b/, () => {
    const s = quarterSpan(lastYear, quarterOfLast());
    return { span: { from: s.from, to: last, label: `${s.label} to date` }, unit: 'quarter' };
  });
  // "The same quarter last year", "last year's YTD" said alone: this quarter or year so far, a year earlier.
  add(
    /\b(?:the )?same (quarter|period|time) (?:of |in )?(?:the )?(?:last|previous|prior) year\b|\b(?:the )?(?:last|prior|previous) (?:fiscal )?year (?:ytd|to date|so far)\b|\b(?:ytd|year to date) (?:of |for )?(?:the )?(?:last|prior|previous) (?:fiscal )?year\b|\bpy ?ytd\b|\bprior ytd\b/,
    (m) => {
      const s = m[1] === 'quarter' ? quarterSpan(lastYear, quarterOfLast()) : yearSpan(lastYear);
      const current = { from: s.from, to: last, label: `${s.label.replace(/ to date$/, '')} to date` };
      const [from, to] = [addMonths(current.from, -12), addMonths(last, -12)];
      return { span: { from, to, label: spanWords(from, to) }, unit: 'month', monthsBack: 12, current };
    },
  );
  add(/\bnext quarter\b/, () => {
    const q = quarterOfLast();
    return {
      span: q === 4 ? quarterSpan(lastYear + 1, 1) : quarterSpan(lastYear, q + 1),
      unit: 'quarter',
      future: true,
    };
  });
  add(
    /\b(?:the )?(?:last|previous|prior|latest|most recent) (?:full |complete |closed )?month\b|\bthis month\b|\bcurrent month\b|\bmtd\b|\bmonth to date\b/,
    () => ({
      span: monthSpan(last),
      unit: 'month',
    }),
  );
  add(/\b(?:the )?month before last\b/, () => ({ span: monthSpan(addMonths(last, -1)), unit: 'month' }));
  add(/\bnext month\b/, () => ({ span: monthSpan(addMonths(last, 1)), unit: 'month', future: true }));
  add(/\b(?:today|now|currently|right now|at present)\b/, () => ({
    span: monthSpan(last),
    unit: 'month',
    point: true,
  }));
  // "Since the books began", "all time", "ever": every month of the books.
  add(
    /\b(?:since (?:the (?:books|ledger|records) (?:began|begin|started|start|opened)|inception|(?:the )?(?:very )?beginning(?: of the books)?|we started|day one)|all[ -]time|lifetime|ever)\b/,
    () => ({
      span: { from: calendar.first, to: last, label: `since the books began (${spanWords(calendar.first, last)})` },
      unit: 'other',
    }),
  );
  // Trailing: "ttm", "ltm", "trailing twelve months", "last 12 months", "past year", "last 3 quarters".
  add(
    /\b(?:ttm|ltm|(?:trailing|rolling|last|past) (?:twelve|12) months?|(?:the )?past year|(?:the )?last 12m)\b/,
    () => ({
      span: trailing(12, `the trailing twelve months (${spanWords(addMonths(last, -11), last)})`),
      unit: 'other',
      trailing: 12,
    }),
  );
  add(
    new RegExp(
      `\\b(?:in |over |for |during )?(?:the )?(?:last|past|previous|trailing|rolling|prior) ${COUNT} (?:full |complete )?(months?|quarters?|years?)\\b`,
    ),
    (m) => {
      const n = countOf(m[1]!);
      if (!n) return undefined;
      const unit = m[2]!.startsWith('quarter') ? 3 : m[2]!.startsWith('year') ? 12 : 1;
      // Quarters are whole ones: "the last four quarters" in October are Q4 to Q3, not months cut mid-quarter.
      if (unit === 3) {
        const newest = quarterBack(quarterSpan(lastYear, quarterOfLast()).to === last ? 0 : 1);
        const oldest = quarterBack((quarterSpan(lastYear, quarterOfLast()).to === last ? 0 : 1) + n - 1);
        return {
          span: {
            from: oldest.from,
            to: newest.to,
            label: `the last ${n} full quarters (${spanWords(oldest.from, newest.to)})`,
          },
          unit: 'other',
        };
      }
      const months = n * unit;
      return {
        span: trailing(
          months,
          months === 12 ? `the trailing twelve months (${spanWords(addMonths(last, -11), last)})` : undefined,
        ),
        unit: 'other',
        trailing: months,
      };
    },
  );
  add(new RegExp(`\\bnext ${COUNT} (months?|quarters?|years?)\\b`), () => ({
    span: monthSpan(addMonths(last, 1)),
    unit: 'other',
    future: true,
  }));

  // The longest expression at each place; none overlapping.
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Found[] = [];
  for (const item of found) {
    const overlapping = kept.find((k) => item.start < k.end && k.start < item.end);
    if (!overlapping) kept.push(item);
    else if (item.end - item.start > overlapping.end - overlapping.start)
      kept.splice(kept.indexOf(overlapping), 1, item);
  }
  // "as of June", "at the end of Q2", "at 31 March": a point in time, the end of its last month.
  return kept
    .sort((a, b) => a.start - b.start)
    .map((item) => {
      // "At the start of 2026", "the beginning of Q3": the end of the month before.
      const opening = /\b(?:(?:as of|as at|at) )?(?:the )?(?:start|beginning|open|opening) of $/.exec(
        text.slice(0, item.start),
      );
      if (opening && item.unit !== 'other') {
        const at = addMonths(item.span.from, -1);
        return {
          ...item,
          start: opening.index,
          point: true,
          pointOf: item.span,
          span: { from: at, to: at, label: `the start of ${item.span.label} (the end of ${spanWords(at, at)})` },
        };
      }
      const prefix = /\b(?:as of|as at|at(?: the)? end of|(?:the )?end of|close of|at close of) $/.exec(
        text.slice(0, item.start),
      );
      if (item.point) return { ...item, start: prefix?.index ?? item.start, pointOf: item.pointOf ?? item.span };
      if (!prefix || item.unit === 'other') return item;
      const at = item.span.to;
      return {
        ...item,
        start: prefix.index,
        point: true,
        pointOf: item.span,
        span: { from: at, to: at, label: item.unit === 'month' ? at : `the end of ${item.span.label}` },
      };
    });
}

const RANGE_JOIN = /^ ?(?:-|to|through|thru|until|till|up to|and)(?: the end of)? ?$/;
const COMPARE_JOIN =
  /^ ?(?:[a-z]+ ){0,2}?(?:vs|versus|v|compared? (?:to|with)|against|relative to|over|and|to|with|than(?: in)?) ?$/;
/** The words of a join that are the join ("sales vs" → "vs"): a word before it stays the question's. */
const joinWords = (join: string) =>
  join
    .match(
      /(?:vs|versus|v|compared? (?:to|with)|against|relative to|over|and|to|with|than(?: in)?|-|through|thru|until|till|up to)(?: the end of)? ?$/,
    )?.[0]
    ?.trim() ?? join.trim();
/** Money's source, not the start of a time: "bought from", "received from". */
const SOURCE_FROM =
  /\b(bought|buy|buying|purchased?|purchasing|received?|receiving|collected|collect|get|got|came|come|comes|earned|earn|ordered|order|sourced?|sourcing) from\b/g;
const CHANGE_WORDS =
  /\b(change|changed|grow|grew|growth|increase|increased|decrease|decreased|drop|dropped|fall|fell|rise|rose|move|moved|movement|differ|difference|delta|swing|variance|vs|versus|compare|compared|comparison|against|drove|drive|drivers?|why|explain|behind|bridge|improve|improved|worsen|worsened|deteriorat\w*|declin\w*|jump|jumped|climb|climbed)\b/;

/** Words that compare a figure with another without naming a change ("is opex higher than …"). */
const COMPARED = /\b(higher|lower|more|less|better|worse|bigger|smaller|than|compare|compared|vs|versus|against)\b/;

/**
 * The time of a question: its months, a point in time, and what it is compared with. `text` is normalized.
 * Nothing said: the fiscal year to date (explicit false; the parser decides whether that default may stand).
 */
export function readTime(said: string, calendar: BooksCalendar): TimeReading {
  // Same length, so what is matched is still the words of `said`.
  const text = said.replace(SOURCE_FROM, (words) => `${words.slice(0, -4)}frxm`);
  const { last } = calendar;
  const lastYear = calendar.fiscalYearOf(last);
  let found = expressionsIn(text, calendar);
  const matched: string[] = [];
  const take = (item: Found, extra = '') => matched.push(`${extra}${text.slice(item.start, item.end)}`.trim());

  // A year named once beside yearless periods ("Q2–Q3 2025", "Feb to May 2026", "March vs April 2026") belongs to
  // every one of them.
  // ("Feb thru May last year": the year said in words is theirs too.)
  const relativeYear = (item: Found) =>
    item.unit === 'year' &&
    /^(the )?(this|last|previous|prior|current) (fiscal )?year$/.test(text.slice(item.start, item.end));
  const relativeYearIn = (said: string) => /\b(this|last|previous|prior|current) (fiscal )?year$/.test(said);
  const years = found.filter(
    (item) =>
      item.unit !== 'other' && !item.yearless && (/\d{2}/.test(text.slice(item.start, item.end)) || relativeYear(item)),
  );
  /** A year said apart from the periods it belongs to, to be read with them. */
  let yearSource: Found | undefined;
  const namedYear = (item: Found, inWords = false) => {
    const candidates = inWords ? years : years.filter((y) => !relativeYear(y));
    const after = candidates.find((y) => y.start >= item.end);
    const source = after ?? candidates.find((y) => y.end <= item.start);
    if (!source) return undefined;
    if (relativeYear(source)) {
      yearSource = source;
      return calendar.fiscalYearOf(source.span.from);
    }
    const digits = text
      .slice(source.start, source.end)
      .match(/(?:19|20)\d\d|\b\d\d\b/g)
      ?.at(-1);
    return digits ? (digits.length === 2 ? 2000 + Number(digits) : Number(digits)) : undefined;
  };
  const withYear = (item: Found, year: number): Found => {
    const { unit, index } = item.yearless!;
    const periods = calendar.periodsOfYear(year);
    if (unit === 'month') {
      const p = period(year, index);
      return { ...item, span: { from: p, to: p, label: p }, yearless: undefined };
    }
    const size = unit === 'quarter' ? 3 : 6;
    const from = periods[(index - 1) * size]!;
    const to = periods[Math.min(index * size, periods.length) - 1]!;
    const label = unit === 'quarter' ? `Q${index} ${year}` : `H${index} ${year} (${spanWords(from, to)})`;
    return { ...item, span: { from, to, label }, yearless: undefined };
  };

  const between = (a: Found, b: Found) => text.slice(a.end, b.start);
  let range: Span | undefined;
  let against: TimeReading['against'];
  let point = false;
  let future = false;
  let yearless = false;
  let since = false;
  let pointOf: Span | undefined;
  let monthsBack: number | undefined;

  // "The quarter ended September 30", "the 6 months to June", "the year ended December 2025": that many months up
  // to that month.
  for (const b of found) {
    if (range || b.unit === 'other' || b.monthsBack) continue;
    const lead = new RegExp(
      // ("This year to last year" is two years compared, not a year up to one.)
      `(?<!\\b(?:this|current) )\\b(?:the )?(?:(?:trailing|rolling|last|past|previous|prior) )?(?:(quarter|half|(?:fiscal |financial )?year)|${COUNT} months?) (?:ended|ending|to|through|thru|up to)(?: the end of)? $`,
    ).exec(text.slice(0, b.start));
    if (!lead) continue;
    const n = lead[1] ? (lead[1] === 'quarter' ? 3 : lead[1] === 'half' ? 6 : 12) : countOf(lead[2]!);
    if (!n) continue;
    const to = b.span.to;
    const from = addMonths(to, -(n - 1));
    range = {
      from,
      to,
      label: `the ${n === 12 ? 'twelve' : n} months ending ${monthLabel(to)} (${spanWords(from, to)})`,
    };
    future = Boolean(b.future);
    matched.push(`${lead[0].trim()} ${text.slice(b.start, b.end)}`.trim());
    found = found.filter((item) => item !== b);
  }
  // "the trailing 12 months ending July 2026": that many months up to that month.
  for (let i = 0; i + 1 < found.length && !range; i++) {
    const [a, b] = [found[i]!, found[i + 1]!];
    if (
      !a.trailing ||
      b.unit === 'other' ||
      !/^ ?(?:ending|ended|to|through|thru|until|up to|as of)(?: the end of)? ?$/.test(between(a, b))
    )
      continue;
    const to = b.span.to;
    const from = addMonths(to, -(a.trailing - 1));
    range = {
      from,
      to,
      label: `${a.trailing === 12 ? 'the twelve months' : `the ${a.trailing} months`} ending ${monthLabel(to)} (${spanWords(from, to)})`,
    };
    future = Boolean(b.future);
    take(a);
    matched.push(between(a, b).trim());
    take(b);
    found = found.filter((item) => item !== a && item !== b);
  }

  // Two expressions joined: a range ("Feb to May", "from Nov 2025 through Apr 2026", "between March and June") or
  // a comparison ("March vs April", "Q1 compared to Q2", "how did revenue change from Q2 to Q3").
  for (let i = 0; i + 1 < found.length && !range; i++) {
    let [a, b] = [found[i]!, found[i + 1]!];
    const join = between(a, b);
    const before = text.slice(0, a.start);
    const isChange =
      CHANGE_WORDS.test(text) &&
      ((/\bfrom $/.test(before) && /^ ?to ?$/.test(join)) ||
        (/\bbetween (the )?$/.test(before) && /^ ?and ?$/.test(join)) ||
        // "the revenue bridge Q2 to Q3", "what drove opex Q2 to Q3": from one to the other.
        (/^ ?to ?$/.test(join) && /\b(bridge|walk|drove|drive|drivers?|why|explain)\b/.test(text)));
    // "between Q3 and Q4" is a range, unless a change between them is asked about.
    const isBetween = /\bbetween (the )?$/.test(before) && /^ ?and ?$/.test(join) && !CHANGE_WORDS.test(text);
    const isCompare =
      !isBetween &&
      (COMPARE_JOIN.test(join) || isChange) &&
      !(/^ ?(?:to|and|with) ?$/.test(join) && !isChange && !/\bcompared?\b/.test(text));
    const adjacent = /^ ?$/.test(join) && a.unit === b.unit && a.unit !== 'year';
    const isRange =
      !isCompare &&
      (RANGE_JOIN.test(join) || adjacent) &&
      !(a.point && b.point && /^ ?and ?$/.test(join) && !isBetween);
    if (!isRange && !isCompare) continue;
    if (a.unit === 'other' || b.unit === 'other') continue;
    // A year in words names a range's year ("Feb thru May last year"), not a comparison's ("March vs last year").
    const year = a.yearless || b.yearless ? namedYear(a.yearless ? a : b, isRange) : undefined;
    if (a.yearless && year !== undefined) a = withYear(a, year);
    if (b.yearless && year !== undefined) b = withYear(b, year);
    // "H1 vs H2 last year": two periods of one unit, the year said with the second, are both of that year (but
    // "October vs October last year" is this October against last year's).
    if (isCompare && a.yearless && a.unit === b.unit && relativeYearIn(text.slice(b.start, b.end))) {
      const inYear = withYear(a, calendar.fiscalYearOf(b.span.from));
      if (inYear.span.from !== b.span.from) a = inYear;
    }
    if (isRange) {
      let from = a.span.from;
      const to = b.span.to;
      // "Nov to Feb": the first month in the year before.
      if (from > to && a.yearless) from = addMonths(from, -12);
      if (from > to) continue;
      // A range said without years ends at the latest such month of the books.
      let shiftBack = 0;
      while (a.yearless && b.yearless && year === undefined && addMonths(to, -shiftBack) > last) shiftBack += 12;
      range = {
        from: addMonths(from, -shiftBack),
        to: addMonths(to, -shiftBack),
        label: spanWords(addMonths(from, -shiftBack), addMonths(to, -shiftBack)),
      };
      point = Boolean(b.point);
    } else {
      // "Now vs 12 months ago", "Q3 compared with a year ago": the same months that far back.
      const relative = b.monthsBack ? b : a.monthsBack ? a : undefined;
      if (relative) {
        const main = relative === b ? a : b;
        const back = relative.monthsBack!;
        const [from, to] = [addMonths(main.span.from, -back), addMonths(main.span.to, -back)];
        range = main.span;
        against = { from, to, label: spanWords(from, to), kind: back === 12 ? 'prior_year' : 'previous_period' };
        point = Boolean(main.point);
        future = Boolean(main.future);
        take(a, /\b(from|between) $/.exec(before)?.[0] ?? '');
        matched.push(joinWords(join));
        take(b);
        found = found.filter((item) => item.start !== a.start && item.start !== b.start);
        break;
      }
      // The later of the two is read, the earlier is what it is compared with.
      // "last quarter vs the previous quarter": both read the same quarter; the second is the one before it.
      if (a.span.from === b.span.from && a.span.to === b.span.to) {
        const n = monthsBetween(a.span.from, a.span.to);
        const from = addMonths(a.span.from, -n);
        const to = addMonths(a.span.to, -n);
        b = { ...b, span: { from, to, label: spanWords(from, to) } };
      }
      const [later, earlier] = a.span.from >= b.span.from ? [a, b] : [b, a];
      range = later.span;
      // "This year vs last year", "March vs last year": the same months a year earlier.
      const sameMonthsLastYear =
        earlier.unit === 'year' &&
        !earlier.point &&
        (later.unit !== 'year' ||
          later.span.to !== calendar.periodsOfYear(calendar.fiscalYearOf(later.span.to)).at(-1));
      against = sameMonthsLastYear
        ? {
            from: addMonths(later.span.from, -12),
            to: addMonths(later.span.to, -12),
            label: spanWords(addMonths(later.span.from, -12), addMonths(later.span.to, -12)),
            kind: 'prior_year',
          }
        : { ...earlier.span, kind: 'previous_period' };
      point = Boolean(a.point && b.point);
    }
    future = Boolean(a.future || b.future);
    take(a, /\b(from|between)( the)? $/.exec(before)?.[0] ?? '');
    matched.push(joinWords(join));
    take(b);
    found = found.filter((item) => item.start !== a.start && item.start !== b.start);
    if (yearSource && range) {
      take(yearSource);
      found = found.filter((item) => item !== yearSource);
    }
  }

  // "YTD net income vs the same period last year": the period said, against the same months that far back.
  const relative = !range && found.length > 1 ? found.find((item) => item.monthsBack) : undefined;
  if (relative) {
    found = found.filter((item) => item !== relative);
    take(
      relative,
      /\b(?:vs|versus|compared? (?:to|with)|against|relative to) $/.exec(text.slice(0, relative.start))?.[0] ?? '',
    );
  }
  // "How does revenue compare with the same quarter last year": this quarter so far against those months a year back.
  const alone =
    !range && found.length === 1 && found[0]!.current && (CHANGE_WORDS.test(text) || COMPARED.test(text))
      ? found[0]!
      : undefined;
  if (alone) {
    range = alone.current!;
    against = { ...alone.span, kind: 'prior_year' };
    take(
      alone,
      /\b(?:vs|versus|compared? (?:to|with)|against|relative to|than|over|from) (?:the )?$/.exec(
        text.slice(0, alone.start),
      )?.[0] ?? '',
    );
    found = [];
  }
  // "Revenue growth from last year", "revenue vs last year": this year to date against the same months of last year.
  if (!range && found.length === 1 && CHANGE_WORDS.test(text)) {
    const item = found[0]!;
    const from = /\b(from|vs|versus|compared? (to|with)|against|over) (the )?$/.exec(text.slice(0, item.start));
    if (from && item.unit === 'year' && item.span.to === calendar.periodsOfYear(lastYear - 1).at(-1)) {
      const current = calendar.periodsOfYear(lastYear);
      range = { from: current[0]!, to: last, label: `FY${lastYear} to date` };
      against = {
        from: addMonths(current[0]!, -12),
        to: addMonths(last, -12),
        label: spanWords(addMonths(current[0]!, -12), addMonths(last, -12)),
        kind: 'prior_year',
      };
      take(item, from[0]);
      found = [];
    }
  }
  // "since March", "from March on": from that month to the latest ("from March" alone is March).
  if (!range) {
    const sinceItem = found.find(
      (item) =>
        item.unit !== 'other' &&
        (/\bsince $/.test(text.slice(0, item.start)) ||
          (/\bfrom $/.test(text.slice(0, item.start)) &&
            /^ (on|onwards?|forward|to date|until now|till now|to now)\b/.test(text.slice(item.end)))),
    );
    if (sinceItem) {
      // Since a date ("since the start of 2025", "since the end of June"): the months after it; a balance moved
      // since then is compared with the balance at it, as for any range.
      const from = sinceItem.point ? addMonths(sinceItem.span.to, 1) : sinceItem.span.from;
      range = { from, to: last, label: `${spanWords(from, last)} (since ${sinceItem.span.label})` };
      since = !sinceItem.point;
      take(sinceItem, /\b(since|from) $/.exec(text.slice(0, sinceItem.start))![0]);
      const onwards = /^ (on|onwards?|forward|to date|until now|till now|to now)\b/.exec(text.slice(sinceItem.end));
      if (onwards) matched.push(onwards[0].trim());
      found = found.filter((item) => item !== sinceItem);
    }
  }
  if (!range && found.length) {
    // "ytd through June", "year to date as of March": the fiscal year to that month.
    const ytd = found.find((item) => /\b(ytd|year to date|fytd)\b/.test(text.slice(item.start, item.end)));
    const month = found.find((item) => item.unit === 'month' && item !== ytd);
    if (ytd && month) {
      const year = calendar.fiscalYearOf(month.span.to);
      const start = calendar.periodsOfYear(year)[0]!;
      range = { from: start, to: month.span.to, label: `FY${year} to date (${spanWords(start, month.span.to)})` };
      take(ytd);
      take(month);
      found = found.filter((item) => item !== ytd && item !== month);
    } else {
      const main = found[0]!;
      range = main.span;
      yearless = Boolean(main.yearless);
      point = Boolean(main.point);
      pointOf = main.pointOf;
      monthsBack = main.monthsBack;
      future = Boolean(main.future);
      take(main);
      found = found.slice(1);
    }
  }
  if (range && relative && !against) {
    const back = relative.monthsBack!;
    const [from, to] = [addMonths(range.from, -back), addMonths(range.to, -back)];
    against = { from, to, label: spanWords(from, to), kind: back === 12 ? 'prior_year' : 'previous_period' };
  }
  // "Revenue growth year over year", "opex MoM" with no period said: this year to date, or the latest month.
  if (!range && !against) {
    if (/\b(year over year|yoy|y o y|year on year)\b/.test(text))
      range = { from: calendar.periodsOfYear(lastYear)[0]!, to: last, label: `FY${lastYear} to date` };
    else if (/\b(month over month|mom|m o m|month on month)\b/.test(text))
      range = { from: last, to: last, label: last };
  }
  // Comparison words without a second period: month over month, quarter over quarter, year over year.
  if (range && !against) {
    const n = monthsBetween(range.from, range.to);
    const previous = (months: number, label: string) => {
      const from = addMonths(range!.from, -months);
      const to = addMonths(range!.to, -months);
      return { from, to, label: label || spanWords(from, to), kind: 'previous_period' as const };
    };
    const phrase = (pattern: RegExp) => {
      const hit = text.match(pattern);
      // "Revenue from last quarter", "average burn over last quarter" are last quarter's; "revenue growth from
      // last quarter" compares.
      if (!hit || (/^(from|over) /.test(hit[0]) && !CHANGE_WORDS.test(text))) return false;
      matched.push(hit[0]);
      return true;
    };
    if (
      phrase(
        /\b(?:month over month|mom|m o m|month on month|(?:vs|versus|compared? (?:to|with)|against|over|from|than) (?:the )?(?:previous|prior|last|preceding) month|(?:vs |versus |compared (?:to|with) |against |than )?(?:the )?month before)\b/,
      )
    )
      against = previous(1, spanWords(addMonths(range.from, -1), addMonths(range.to, -1)));
    else if (
      phrase(
        /\b(?:quarter over quarter|qoq|q o q|quarter on quarter|sequential(?:ly)?|(?:vs|versus|compared? (?:to|with)|against|over|from|than) (?:the )?(?:previous|prior|last|preceding) quarter|(?:vs |versus |compared (?:to|with) |against |than )?(?:the )?quarter before)\b/,
      )
    )
      against = previous(3, '');
    else if (
      phrase(
        /\b(?:year over year|yoy|y o y|year on year|(?:vs|versus|compared (?:to|with)|against|over|from) (?:the )?(?:previous|prior|last|same (?:period|month|months|quarter) (?:of |in )?(?:the )?(?:previous|prior|last)) year|(?:a|one) year (?:ago|earlier|before))\b/,
      )
    )
      against = { ...previous(12, ''), kind: 'prior_year' };
    else if (
      phrase(
        /\b(?:(?:vs|versus|compared (?:to|with)|against|over|from) (?:the )?(?:previous|prior|preceding) (?:period|(?:twelve|12|\d+) months)|period over period)\b/,
      )
    )
      against = previous(n, '');
  }

  const explicit = range !== undefined;
  const fiscalYearStart = calendar.periodsOfYear(lastYear)[0]!;
  range ??= { from: fiscalYearStart, to: last, label: `FY${lastYear} to date` };
  let outside: string | undefined;
  const { start, end, books } = booksOf(calendar);
  if (future || range.from > end)
    outside = `${range.label} is after the latest period with data: ${books}, and Chat DB does not forecast`;
  else if (range.to < start || (against && against.to < start))
    outside = `${(range.to < start ? range : against)!.label} is before the books start: ${books}`;
  else if (range.from < start || (against && against.from < start))
    outside = `${(range.from < start ? range : against)!.label} is only partly in the books: ${books}`;
  else if (range.to > end)
    // A period not over yet is read to date, and says so.
    range = { from: range.from, to: end, label: `${range.label} to date (${spanWords(range.from, end)})` };
  return {
    range,
    explicit,
    point,
    against,
    matched: matched.filter(Boolean),
    ...(outside ? { outside } : {}),
    ...(yearless ? { yearless } : {}),
    ...(since ? { since } : {}),
    ...(pointOf && point ? { pointOf } : {}),
    ...(monthsBack ? { monthsBack } : {}),
  };
}
