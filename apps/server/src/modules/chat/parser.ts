import type { ChatDimension, ChatMetric, SemanticQuery } from '@finboard/shared/chat';
import { addMonths } from './compiler.ts';
import {
  BALANCE_GROUPS,
  FLOW_METRICS,
  KPI_WORDS,
  METRIC_WORDS,
  NOT_COMPUTED,
  NOT_IN_THE_BOOKS,
} from './metric-vocabulary.ts';
import { describeReading } from './reading.ts';
import { type BooksCalendar, outsideTheBooks, readTime, spanWords, type TimeReading } from './time-expressions.ts';
import type { ParseResult, ParserContext, ParserCounterparty } from './parser-types.ts';
import { distance, FILLER, mentions, normalize, Question, readable, REFERS_BACK } from './question-words.ts';
import {
  accountsIn,
  namedByFirstWord,
  namesCompared,
  readProductLine,
  counterpartiesIn,
  counterpartiesOfRole,
  countingIn,
  departmentsIn,
  moneyVerbIn,
  takeDepartment,
  withDescendants,
} from './names.ts';
import { categoryIn, correctShapingSlips, correctSlips, dimensionsIn, rankingIn, thresholdIn } from './operators.ts';
import { sideBySideOf } from './side-by-side.ts';

/**
 * The built-in parser: a question in plain English → a semantic query, offline and deterministic. A grammar, not
 * a phrase list: it takes out of the question, in turn, the organization's own names (accounts by code, name — with
 * a slip — or a distinctive part of it; balance sheet groups; departments; entities), the time expression
 * (time-expressions.ts), the metric words (metric-vocabulary.ts, slips corrected), and the operators (breakdowns,
 * rankings, budget). Whatever is left must be words that change nothing ("what", "did", "we"): a word it did not
 * understand is named back, and the question is not answered with a default in its place.
 */

export type { ParserAccount, ParserContext, ParserCounterparty, ParseResult } from './parser-types.ts';

export function calendarOf(context: ParserContext): BooksCalendar {
  const byPeriod = new Map(context.periods.map((p) => [p.period, p]));
  return {
    fiscalYearOf: (period) => byPeriod.get(period)?.fiscalYear ?? Number(period.slice(0, 4)),
    periodsOfYear: (year) => {
      const found = context.periods.filter((p) => p.fiscalYear === year).map((p) => p.period);
      if (found.length === 12) return found;
      // A year 00_Period does not hold (or only partly): its months by the pattern of a year it holds.
      const known = context.periods.find((p) => p.fiscalPeriod === 1);
      const startMonth = known ? Number(known.period.slice(5)) : 1;
      const offset = known ? known.fiscalYear - Number(known.period.slice(0, 4)) : 0;
      const first = `${year - offset}-${String(startMonth).padStart(2, '0')}`;
      return Array.from({ length: 12 }, (_, i) => addMonths(first, i));
    },
    first: context.firstPeriod ?? context.periods[0]?.period ?? context.lastPeriod,
    last: context.lastPeriod,
    ...(context.periods.length ? { start: context.periods[0]!.period, end: context.periods.at(-1)!.period } : {}),
  };
}

/** A time phrase starting with "from" or "since" that the question did not say so (a name stood between). */
const strayFrom = (time: TimeReading, said: string) =>
  time.matched.find((phrase) => /^(from|since) /.test(phrase) && !` ${said} `.includes(` ${phrase} `));

/** The KPI measures read over a range (flows), not only at its end: "DSO at the end of 2025" is over 2025. */
const DAYS_AND_BURN: readonly ChatMetric[] = [
  'dso',
  'dpo',
  'dio',
  'cash_conversion_cycle',
  'monthly_burn',
  'cash_runway',
];

/** Which accounts a flow metric covers, to rank its accounts. */
const FLOW_GROUP: Partial<Record<ChatMetric, { types: string[]; subtypes?: string[] }>> = {
  expenses: { types: ['expense'] },
  cost_of_sales: { types: ['expense'], subtypes: ['cost_of_sales'] },
  operating_expenses: { types: ['expense'] },
};

const TYPE_WORDS: [RegExp, 'asset' | 'liability' | 'equity'][] = [
  [/\b(total )?assets?\b/, 'asset'],
  [/\b(total )?liabilit(y|ies)\b/, 'liability'],
  [/\b(total )?(equity|net assets|net worth)\b/, 'equity'],
];

export const unknownAnswer = (
  understood: string[],
  unknown: string[],
  suggestions: string[],
  reason?: string,
): ParseResult => ({ kind: 'unknown', understood, unknown, suggestions, ...(reason ? { reason } : {}) });

/** "X as a % of Y", "X as a share of Y", "what share of Y was X", "X to Y", "ratio of X to Y": the two sides. */
const RATIO_PATTERNS: RegExp[] = [
  /^(?:.*? )?(?:what|which) (?:share|proportion|percentage|percent|%) (?:of )?(?<den>.+?) (?:does|did|do) (?<num>.+?) (?:make up|represent|account for|take|take up|eat|eat up|consume|absorb|use up)$/,
  /^(?:.*? )?(?:what|which|how much of) (?:share|proportion|percentage|percent|%|part|portion|fraction) (?:of )?(?<den>.+?) (?:is|was|were|are|did|came from|went to|comes from|goes to|went on|goes on|go on|was spent on|is spent on|we spent on|did we spend on|made up by|is made up of) (?<num>.+)$/,
  /^(?:what (?:is|was|were) )?(?:the )?ratio of (?<num>.+?) (?:to|over|and) (?<den>.+)$/,
  /^(?<num>.+?) (?:as (?:a |an )?)?(?:%|percent|percentage|pct|share|proportion|fraction|ratio) (?:of|to|vs) (?<den>.+)$/,
  /^(?<num>.+?) (?:to|over|per) (?<den>.+?)(?: ratio| percentage| %)?$/,
];

/** The accounts a side of a ratio is about, by the metric of the other side. */
const SIDE_KINDS: Partial<Record<ChatMetric, string[]>> = {
  revenue: ['revenue'],
  expenses: ['expense'],
  cost_of_sales: ['expense'],
  operating_expenses: ['expense'],
};

/** A ratio of two measures, each read as a question of its own; undefined when the question is not one. */
function ratioOf(text: string, context: ParserContext, time: TimeReading): ParseResult | undefined {
  let rest = ` ${text} `;
  for (const phrase of time.matched) rest = rest.replace(` ${phrase} `, ' ');
  // "… as a % of revenue by month": the breakdown is the ratio's, not a side's.
  const breakdown = new Question(rest);
  const dimensions = dimensionsIn(breakdown).filter((d) =>
    ['period', 'quarter', 'fiscal_year', 'department'].includes(d),
  );
  if (dimensions.length) rest = breakdown.rest;
  rest = rest
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(what (is|was|were) |show me |give me )/, '');
  // "Cascade's share of total revenue (%)": the unit said again at the end belongs to the share.
  const unitSaidAgain = rest.replace(/ (in |as a |as )?(%|percent|pct)$/, '');
  if (unitSaidAgain !== rest && /\b(share|proportion|fraction|percentage|percent|pct)\b|%/.test(unitSaidAgain))
    rest = unitSaidAgain;
  const explicitOperator = /%|percent|percentage|share|proportion|fraction|ratio|pct/.test(rest);
  for (const pattern of RATIO_PATTERNS) {
    const match = rest.match(pattern);
    if (!match?.groups) continue;
    // "to"/"over"/"per" alone make a ratio only between two figures ("opex to revenue").
    if (pattern === RATIO_PATTERNS.at(-1) && explicitOperator && !/ (ratio|percentage|%)$/.test(rest)) continue;
    // The part is read as the kind of its whole: "hydraulic fittings" of sales are the sales account.
    const den = parseQuestion(match.groups.den!, context, { sides: false });
    const kindOf = den.kind === 'query' ? SIDE_KINDS[den.query.metrics[0]!] : undefined;
    let num = parseQuestion(match.groups.num!, context, { sides: false, ...(kindOf ? { prefer: [kindOf] } : {}) });
    // "What share of opex did the G&A department account for": the part is the whole's figure of a department.
    // Only when a share was asked for: "how much did we pay to Grainger" is not pay as a share of Grainger.
    if (explicitOperator && num.kind === 'unknown' && !num.unknown.length && !num.reason && den.kind === 'query')
      num = parseQuestion(`${match.groups.den!} ${match.groups.num!}`, context, { sides: false });
    const measure = (side: ParseResult | undefined) =>
      side?.kind === 'query' &&
      side.query.metrics.length === 1 &&
      FLOW_METRICS.includes(side.query.metrics[0]!) &&
      !side.query.dimensions.length &&
      !side.query.compare &&
      // "Count of invoices to Cascade": a count is no side of a percentage.
      !side.query.countDistinct &&
      !side.query.countRows
        ? { metric: side.query.metrics[0]!, filters: side.query.filters }
        : undefined;
    const [top, bottom] = [measure(num), measure(den)];
    if (!top || !bottom) {
      if (pattern === RATIO_PATTERNS.at(-1)) continue;
      return undefined;
    }
    const { entities, ...topFilters } = top.filters;
    const { entities: _bottomEntities, ...bottomFilters } = bottom.filters;
    const query: SemanticQuery = {
      metrics: [top.metric],
      dimensions,
      filters: entities?.length ? { entities } : {},
      timeRange: { from: time.range.from, to: time.range.to },
      ratio: {
        numerator: { metric: top.metric, filters: topFilters },
        denominator: { metric: bottom.metric, filters: bottomFilters },
      },
    };
    const readingOf = (side: ParseResult) => {
      if (side.kind !== 'query') return '';
      const { departments, counterparties } = side.query.filters;
      const parties = counterparties?.length && counterparties.length <= 3 ? ` with ${counterparties.join(', ')}` : '';
      return `${side.reading.split(', ')[0]!}${parties}${departments?.length ? ` of the ${departments.join(', ')} department` : ''}`;
    };
    return {
      kind: 'query',
      query,
      when: time.range.label,
      reading: `${readingOf(num!)} as a percentage of ${readingOf(den!).toLowerCase()}, ${describeReading(query, { when: time.range.label, accounts: [], groups: [] }).split(', ').slice(1).join(', ')}`,
    };
  }
  return undefined;
}

/** The role said beside what is owed ("how much do customers owe us"), not a list of them ("which customers"). */
const takeRole = (q: Question, text: string) =>
  /\b(which|what|list|each|by|per|top) (customers|clients|suppliers|vendors)\b/.test(text)
    ? []
    : q.take(/\b(customers|clients|suppliers|vendors)\b(?! (who|that|with))/);

/** The words of the chart's account names, never slips of anything (cached per context). */
const nameWordsCache = new WeakMap<ParserContext, ReadonlySet<string>>();
function nameWordsOf(context: ParserContext): ReadonlySet<string> {
  let words = nameWordsCache.get(context);
  if (!words) {
    words = new Set(context.accounts.flatMap((account) => normalize(account.name).split(' ')));
    nameWordsCache.set(context, words);
  }
  return words;
}

export function parseQuestion(
  question: string,
  context: ParserContext,
  /** sides: false for one side of a ratio; prefer: the kinds of account it is about, first. */
  options: { sides?: boolean; prefer?: string[][] } = {},
): ParseResult {
  const parsed = readQuestion(question, context, options);
  if (parsed.kind !== 'unknown' || parsed.reason || !parsed.unknown.length) return parsed;
  // "What did we pay Grainger": a counterparty by the first word of its name, read only where that word was
  // otherwise not understood (a first word such as "Delta" or "Summit" is read as its word first).
  const named = namedByFirstWord(parsed.unknown, context);
  if (!named.length) return parsed;
  const whole = named.reduce((said, { word, name }) => said.replace(new RegExp(`\\b${word}\\b`, 'i'), name), question);
  const again = readQuestion(whole, context, options);
  return again.kind === 'query' ? again : parsed;
}

function readQuestion(
  question: string,
  context: ParserContext,
  options: { sides?: boolean; prefer?: string[][] },
): ParseResult {
  const passing = options.sides === false ? undefined : thresholdIn(question);
  const said = passing ? ` ${readable(question)} `.replace(` ${passing.said} `, ' ').trim() : readable(question);
  const text = correctShapingSlips(said, nameWordsOf(context));
  const calendar = calendarOf(context);
  // The effective tax rate: income tax as a percentage of profit before tax.
  if (options.sides !== false && /\b(effective (income )?tax rate|etr)\b/.test(text)) {
    const time = readTime(text, calendar);
    if (time.outside) return unknownAnswer([], [], rephrasings(context), `${time.outside}.`);
    const rest = new Question(text);
    rest.take(/\b(effective (income )?tax rate|etr)\b/);
    for (const phrase of time.matched) rest.takePhrase(phrase);
    // "(Income tax over pre-tax income)": the rate's own definition said beside it.
    rest.take(/\b(income tax(es)?|tax(es)?|over|divided by|pre tax|before tax|income|profit|pbt|ebt|earnings|as a)\b/);
    const unknown = rest.words().filter((word) => !FILLER.has(word));
    if (unknown.length) return unknownAnswer(['effective tax rate'], unknown, rephrasings(context, time));
    const query: SemanticQuery = {
      metrics: ['amount'],
      dimensions: [],
      filters: {},
      timeRange: { from: time.range.from, to: time.range.to },
      ratio: {
        numerator: { metric: 'amount', filters: { accountSubtypes: ['income_tax'] } },
        denominator: { metric: 'profit_before_tax', filters: {} },
      },
    };
    return {
      kind: 'query',
      query,
      when: time.range.label,
      reading: `Income tax as a percentage of profit before tax (the effective tax rate), ${describeReading(query, { when: time.range.label, accounts: [], groups: [] }).split(', ').slice(1).join(', ')}`,
    };
  }
  if (options.sides !== false && /\b(to|over|vs|versus|against|per|of|ratio)\b|%/.test(text)) {
    const time = readTime(text, calendar);
    if (!time.outside && !time.against) {
      const ratio = ratioOf(text, context, time);
      if (ratio) return ratio;
    }
  }
  // The fiscal years, so that "2025" is read as a year and not an account code.
  const years = new Set(context.periods.map((p) => String(p.fiscalYear)));
  // "Legal fees vs audit fees": two names side by side with the difference; asked by month or ranked, a breakdown.
  const compared = options.sides === false ? undefined : namesCompared(text, context, years);
  if (compared) {
    const both = readQuestion(compared.both, context, options);
    const swap = /\b(less|lower|smaller)\b.*\bthan\b/.test(text);
    return sideBySideOf(both, compared, context, years, swap) ?? both;
  }
  const q = new Question(text);
  const understood: string[] = [];

  // What a ledger does not hold, or a forecast: said so, never the nearest figure.
  for (const [pattern, what] of NOT_IN_THE_BOOKS)
    if (pattern.test(text))
      return unknownAnswer(
        [],
        [text.match(pattern)![0]],
        rephrasings(context),
        `Chat DB answers from the books, and ${what} is not in them.`,
      );

  for (const [pattern, what] of NOT_COMPUTED)
    if (pattern.test(text))
      return unknownAnswer(
        [],
        [text.match(pattern)![0]],
        rephrasings(context),
        `Chat DB does not compute ${what}. It answers the KPI library's measures: margins, working capital, current and quick ratios, debt to equity, DSO, DPO, DIO, the cash conversion cycle, monthly burn and cash runway.`,
      );

  // "How much cash did we burn in Q3": a total that is neither the monthly burn nor, in sign, the net cash flow.
  const burned = text.match(/\b(?:did|have|has|we|they) (?:we )?burn\b|\bburn(?:ed|t)\b/);
  if (burned)
    return unknownAnswer(
      [],
      [burned[0]],
      rephrasings(context),
      'Which figure: the monthly burn (the average monthly decrease in cash) or the net cash flow of the period? Ask for "monthly burn in Q3" or "net cash flow in Q3".',
    );

  // "was that", "those months" with nothing before: which?
  if (REFERS_BACK.test(text))
    return unknownAnswer(
      [],
      [text.match(REFERS_BACK)![0]],
      rephrasings(context),
      'There is no earlier answer in this conversation for it to refer to.',
    );

  // The KPI library's measures by name, before "debt" or "monthly" are read as anything else.
  const kpis = KPI_WORDS.filter(([pattern]) => q.take(pattern).length).map(([, metric]) => metric);

  // Counterparties by name ("Cascade Hydraulics" for Cascade Hydraulics Inc.), what money moved with them, and the
  // roles asked about (customers, suppliers).
  const parties = counterpartiesIn(q, context);
  // "Freight Billed to Customers" is an account, not money billed.
  const wholeName = context.accounts.some(
    (account) => account.name.split(' ').length >= 3 && ` ${text} `.includes(` ${normalize(account.name)} `),
  );
  const moneyMetric = wholeName ? undefined : moneyVerbIn(q, parties);
  const counted = countingIn(q);
  // "In how many of the last 12 months did revenue beat budget", "how many months did we make a loss": the months
  // (or quarters) that meet the condition, counted.
  const rowsCounted = counted
    ? undefined
    : q.rest.match(/\b(?:in )?(?:how many|number of|count of) (?:of (?:the )?(?=(?:last|past|\d)))?(months|quarters)?/);
  let countRows: { dimension: ChatDimension; condition?: 'loss' | 'profit' } | undefined;
  const beatsBudget = /\b(beat|beats|exceeded|exceed|above|over|ahead of|better than)\b/.test(text);
  if (rowsCounted && (rowsCounted[1] || /\b(months|quarters)\b/.test(q.rest))) {
    const unit = rowsCounted[1] ?? q.rest.match(/\b(months|quarters)\b/)![1]!;
    countRows = { dimension: unit === 'quarters' ? 'quarter' : 'period' };
    q.rest = q.rest.replace(rowsCounted[0], ' ');
    if (!/\b(last|past|trailing|previous) (\w+ )?(months|quarters)\b/.test(q.rest)) q.take(/\b(months|quarters)\b/);
    if (q.take(/\b(a |an )?(net )?loss(es)?\b|\blost money\b|\bunprofitable\b|\bin the red\b|\bnegative\b/).length)
      countRows.condition = 'loss';
    else if (q.take(/\b(a )?profit\b|\bprofitable\b|\bin the black\b|\bpositive\b/).length)
      countRows.condition = 'profit';
    q.take(/\b(beat|beats|exceeded|exceed|missed|miss|come in|came in)\b/);
  }
  // "How many times did we pay X": a count of something Chat DB does not count — asked back, never a total.
  const uncounted =
    counted || countRows
      ? undefined
      : q.rest.match(
          /\b(?:how many|number of|count of) (months?|quarters?|years?|weeks?|days?|times|units?|orders?|products?|items?|people)\b/,
        );
  if (uncounted)
    return unknownAnswer(
      [],
      [`how many ${uncounted[1]}`],
      rephrasings(context),
      'Chat DB counts customers, suppliers, departments, accounts, journals and invoices; ask for the figure by month to see each month.',
    );
  // "How many customers did more than $250k of revenue": the customers above it, counted.
  if (counted && passing && counted.target !== 'journal') countRows = { dimension: counted.target };
  else if (counted && passing)
    return unknownAnswer(
      [],
      [passing.said],
      rephrasings(context),
      'Chat DB lists the ones above or below a figure rather than counting them: ask, for example, "suppliers we paid more than 50k in 2025".',
    );
  const role: ParserCounterparty['role'] | undefined = /\b(customers?|clients?|custmers?|buyers?)\b/.test(q.rest)
    ? 'customer'
    : /\b(suppliers?|vendors?)\b/.test(q.rest)
      ? 'supplier'
      : // "Who owes us the most": customers; "who do we owe": suppliers.
        (counted?.role ??
        (/\b(owes?|owing) us\b/.test(q.rest) ? 'customer' : /\bwe owe\b/.test(q.rest) ? 'supplier' : undefined));

  // Names first: "Sales Commissions" is an account, "Engineering Services" is not the Engineering department.
  // A group's word inside an account's whole name ("Income Tax Payable") is the account's; a heading named just
  // like the group ("Accounts Payable", over the credit card too) is the group, as the KPI library defines it.
  const wholeNames = context.accounts
    .map((account) => normalize(account.name))
    .filter((name) => name.includes(' ') && ` ${q.text} `.includes(` ${name} `));
  const groups = BALANCE_GROUPS.filter(
    ([pattern]) =>
      q.has(pattern) &&
      !wholeNames.some((name) => pattern.test(` ${name} `) && name.replace(pattern, '').trim() !== ''),
  );
  for (const [pattern] of groups) q.take(pattern);
  // What a customer owes us is its receivable; what we owe a supplier, its payable.
  const owedRole = parties[0]?.role ?? role;
  if (
    !groups.length &&
    (owedRole === 'customer' || owedRole === 'supplier') &&
    q.take(/\b(owes?|owed|owing|outstanding|unpaid|open balance|balance due|due)\b/).length
  ) {
    groups.push(
      BALANCE_GROUPS.find(([, , subtypes]) => subtypes.includes(owedRole === 'customer' ? 'receivable' : 'payable'))!,
    );
    // "How much do customers owe us": the whole receivable, not a list of them.
    if (!parties.length) takeRole(q, text);
  }
  // "What do we owe vendors? AP at month end": the whole payable.
  else if (
    !parties.length &&
    groups.some(([, , subtypes]) => subtypes.includes('receivable') || subtypes.includes('payable')) &&
    /\b(owe|owed|owes|owing)\b/.test(q.rest)
  )
    takeRole(q, text);
  const groupSubtypes = groups.flatMap(([, , subtypes]) => [...subtypes]);
  // Which kind of account the question is about: a balance ("drawn", "at 12/31") or a cost, a customer's revenue.
  const prefer: string[][] = [...(options.prefer ?? [])];
  if (role === 'customer') prefer.push(['revenue']);
  if (role === 'supplier') prefer.push(['expense', 'asset']);
  const saysADate = /\b(balance|drawn|owe|owed|outstanding|as of|as at|at the end|at \d|end of|position)\b/.test(text);
  if (saysADate) prefer.push(['asset', 'liability', 'equity']);
  if (/\b(expenses?|costs?|spend|spent|charges?|interest)\b/.test(text)) prefer.push(['expense']);
  // "Bonus last quarter", "utilities in H1": over a period, what was spent or earned, not the balance beside it.
  const over = readTime(text, calendar);
  if (!saysADate && over.explicit && !over.point) prefer.push(['expense', 'revenue']);
  const read = accountsIn(q, context, years, prefer);
  // "Service Revenue (the 4200 group)", "the Engineering Salaries account": the account named (a heading with its
  // accounts).
  if (read.accounts.length)
    q.take(
      /(?<!\b(by|into|per|each|for each) (account )?)\b(group|heading|header|gl account|account|acct)\b(?! (group|type|subtype))/,
    );
  let lineMargin = false;
  // A product line's gross margin or profit: its sales and the costs named like them.
  if (
    /\b(gross (profit )?margin|gm|gross profit|gp|margins?)\b/.test(text) &&
    !/\b(net|ebitda|operating|ebit|profit) margins?\b/.test(text)
  ) {
    const line = readProductLine(read, q, context);
    const lines = read.accounts.filter((account) => account.type === 'revenue');
    if (lines.length > 1 && read.accounts.some((a) => a.subtype === 'cost_of_sales') && /\bby account\b/.test(text))
      return unknownAnswer(
        [read.said.join(', ')],
        [],
        lines.map((account) => `Gross margin of ${account.name} this year`),
        'Chat DB tells the margin of one product line at a time: ask for each line on its own.',
      );
    // "The margin on spare parts": a line's margin is its gross margin.
    if (!line && read.accounts.some((account) => account.subtype === 'cost_of_sales') && q.take(/\bmargins?\b/).length)
      lineMargin = true;
    if (line)
      return unknownAnswer(
        [line],
        [],
        [`${line} this year`, 'What was gross margin last quarter?'],
        `A margin of ${line} needs its cost of sales, and no cost of sales account is named like it: ask for its revenue, or for the gross margin of the business.`,
      );
  }
  if (read.ambiguous) {
    const names = read.ambiguous.accounts.slice(0, 3).map((account) => account.name);
    return unknownAnswer(
      [],
      [read.ambiguous.word],
      names.map((name) => `${name} this year`),
      `"${read.ambiguous.word}" is in the names of accounts of different kinds (${names.join(', ')}): which one?`,
    );
  }
  // "Average monthly revenue", "avg spend per month": flows divided by the months of the range.
  const averaged =
    q.take(
      /\b(?:on )?(?:an? )?(?:average|avg|mean)(?: monthly| per month| a month| each month| month)?\b|\b(?:monthly|per month) (?:average|avg)\b/,
    ).length > 0;
  if (averaged) q.take(/\b(per|a|each) month\b/);
  const dimensions = dimensionsIn(q);
  const departments = departmentsIn(q.text, context);
  for (const department of departments) takeDepartment(q, department);
  const entities = context.entities.filter((entity) => mentions(q.text, normalize(entity)));
  for (const entity of entities) q.take(new RegExp(`\\b${normalize(entity)}\\b`));

  // Slips in the words that are left, then time.
  const nameWords = nameWordsOf(context);
  correctSlips(q, nameWords);
  // A group said with a slip ("recievables"), read once corrected.
  for (const entry of BALANCE_GROUPS)
    if (!groups.includes(entry) && q.has(entry[0])) {
      groups.push(entry);
      q.take(entry[0]);
      groupSubtypes.push(...entry[2]);
    }
  let time = readTime(q.text, calendar);
  // "Revenue from Repair and Refurbishment last quarter": with the name read out, "from" stands before the time,
  // but it named the account, not the start of a range or the period compared with.
  for (let stray = strayFrom(time, text); stray; stray = strayFrom(time, text)) {
    q.rest = ` ${q.text} `.replace(` ${stray} `, ` ${stray.replace(/^(from|since) /, '')} `);
    time = readTime(q.text, calendar);
  }
  for (const phrase of time.matched) q.takePhrase(phrase);
  if (time.outside) return unknownAnswer([], [], rephrasings(context), `${time.outside}.`);
  // "Opening cash for 2026": the balance at the end of the month before the period.
  const opening = q.take(/\b(opening|beginning|starting)\b/).length > 0;

  // Operators, then metric words.
  const wantsBudget =
    q.take(
      /\b((over|under|above|below|ahead of|behind|off)( or (over|under|above|below|ahead of|behind))? |vs |versus |against |compared (to|with) |relative to |to |between (the )?actuals? and )?(the )?(budget(ed)?|plan(ned)?|forecast(ed)?)( vs actuals?| versus actuals?)?\b/,
    ).length > 0;
  if (wantsBudget) q.take(/\b(by how much|how far|and by how much)\b/);
  // A side of a ratio is a figure, not a budget ("as a % of budget" is not a ratio of two figures).
  if (wantsBudget && options.sides === false) return unknownAnswer(understood, ['budget'], rephrasings(context));
  const ranking = rankingIn(q);
  // "Departments over budget YTD", "which expense accounts are under budget": those whose figure is.
  const overOrUnder =
    wantsBudget &&
    !ranking &&
    /\b(over|under|above|below) (the )?budget\b/.test(text) &&
    /\b(departments?|depts?|teams?|accounts?|line items?|months?|quarters?|customers?|clients?)\b/.test(q.rest)
      ? {
          op: /\b(under|below) (the )?budget\b/.test(text) ? ('lt' as const) : ('gt' as const),
          value: 0,
          against: 'budget' as const,
        }
      : undefined;
  // "Customers with more than $1M", "list our customers", "who are our suppliers": a list of them.
  const listed =
    (passing ||
      overOrUnder ||
      /\b(list|who are|show( me)?|which are|name)( all)?( of)? (our|the|my)? ?(customers|clients|suppliers|vendors)\b/.test(
        text,
      ) ||
      // "Which customers owe us": the ones that do, unless it asks what drove a change.
      (/\bwhich (customers|clients|suppliers|vendors)\b/.test(text) &&
        !/\b(why|drove|drive|drivers?|explain\w*|behind|contribut\w*|caused)\b/.test(text))) &&
    !ranking
      ? categoryIn(q)
      : undefined;
  q.take(/\b(department|dept|team)\b/);
  // "Give me the $ and % change", "% growth": the change and its percentage, which a comparison carries.
  const percentChange =
    q.take(
      /(\band )?(%|percent(age)?) ?(change|growth|increase|decrease|difference|movement)\b|\b(change|growth|increase|decrease) ?(%|percent(age)?)(?= |$)|\bgrowth rate\b|\bin (and|&) (%|percent(age)?)(?= |$)|\b(in )?(dollars?|usd|absolute terms)? ?(and|&)? ?(in|as a) (%|percent(age)?|relative terms)(?= |$)|\b(in )?(dollars?|absolute terms) (and|&) (%|percent(age)?)(?= |$)|\bhow many points\b|\b(in |by )?(percentage )?(points|pts|ppts|pp)\b/,
    ).length > 0;
  const changeWords =
    q.take(
      /\b(gone|go|went) up( or down)?\b|\bup or down\b|\b(how much )?(higher|lower|more|less|better|worse)( or (higher|lower|more|less|better|worse))?\b|\b(by how much|growth|grow|grew|change|changed|increase|increased|decrease|decreased|difference|delta|moved|move|improve|improved|improvement|worsen|worsened|deteriorat\w*|declin\w*|rise|rose|risen|fall|fell|fallen|drop|dropped|jump|jumped|climb|climbed)\b/,
    ).length > 0 || percentChange;
  const movementWords = q.take(/\b(movement|activity|net change)\b/).length > 0;
  const metrics: ChatMetric[] = [];
  for (const [pattern, metric] of METRIC_WORDS)
    if (q.take(pattern).length && !metrics.includes(metric)) metrics.push(metric);
  if (lineMargin && !metrics.includes('gross_margin_pct')) metrics.push('gross_margin_pct');
  // "Which grew faster, revenue or cost of sales? Both growth rates": each figure, side by side.
  if (metrics.length > 1) q.take(/\b(faster|slower|quicker|more quickly|both|each|either)\b/);
  const balanceWords = q.take(/\b(owe|owed|outstanding|drawn|sitting|held|position|closing)\b/).length > 0;
  const types = TYPE_WORDS.filter(([pattern]) => q.take(pattern).length).map(([, type]) => type);
  for (const kpi of kpis.toReversed()) if (!metrics.includes(kpi)) metrics.unshift(kpi);
  // Money that moved with counterparties is on cash or payable lines, whatever account it was for.
  if (moneyMetric) {
    metrics.splice(0, metrics.length, moneyMetric);
    if (moneyMetric !== 'revenue') {
      read.accounts.splice(0);
      read.said.splice(0);
    }
  }
  // "How much have we collected from customers this year": the money that moved with all of them.
  const moneyOfRole =
    moneyMetric !== undefined &&
    !parties.length &&
    (role === 'customer' || role === 'supplier') &&
    !listed &&
    !ranking &&
    !counted &&
    takeRole(q, text).length > 0;
  if (counted?.metric && !metrics.length) metrics.push(counted.metric);
  if (countRows?.condition && !metrics.length) metrics.push('net_income');
  if (counted?.subtypes) groupSubtypes.push(...counted.subtypes);
  const partyRole = role ?? parties[0]?.role;
  if (!metrics.length && !read.accounts.length && !groups.length && partyRole && partyRole !== 'other')
    metrics.push(partyRole === 'customer' ? 'revenue' : 'billed');
  // Counting the counterparties of named accounts: those on lines that move the accounts their own way.
  if (!metrics.length && counted) metrics.push(read.accounts.length ? 'amount' : 'line_count');

  // "Break down October opex by department", "split revenue by account": a plain breakdown (accounts unless said);
  // the same words of a change, a variance or growth split it into its contributors.
  const ofAChange =
    changeWords || time.against !== undefined || wantsBudget || /\b(variances?|growth|movement)\b/.test(text);
  const plainSplit =
    !ofAChange &&
    q.take(
      /\b(break ?down|break (it|that|this) down|broken (down|out)|split( up| out)?|makes? up|made up( of)?|composed of|composition( of)?|consists? of)\b/,
    ).length > 0;
  // Split into named groups of accounts ("into Materials, Direct Labour …", "what makes up cost of sales? materials,
  // direct labour, overhead, freight"): by the groups, each the sum of the accounts under it.
  const splitIntoGroups =
    plainSplit &&
    !dimensions.length &&
    read.accounts.length > 1 &&
    read.accounts.some((account) => context.accounts.some((other) => other.parentCode === account.code));
  if (splitIntoGroups) {
    q.take(/\b(into|of)\b/);
    dimensions.push('account_group');
  }
  if (plainSplit && !dimensions.length) dimensions.push('account');
  // "Which 3 accounts moved the most, October vs the same month last year": ranked by their change, a split of it.
  const rankedByChange =
    ranking !== undefined &&
    time.against !== undefined &&
    /\b(grew|grow|growth|moved?|changed?|increased?|decreased?|rose|risen|rise|fell|fall|fallen|dropped|drop|declin\w*|jump\w*|swung|swing|improved?|worsened?)\b/.test(
      text,
    );
  // "Why did opex go up", "what drove the change in revenue": the change split into its contributors.
  const explainWords =
    q.take(
      /\b(why|what drove|what drives|what caused|what is behind|whats behind|drivers?|drove|driven|explain|explanation|behind|caused|contribut\w*|break ?down|break (it|that|this) down|reasons?|account for|decompose|decomposition|bridge|walk( me)?( through)?|(biggest |largest |top )?movers)\b/,
    ).length > 0;
  const explains = explainWords || rankedByChange;
  // "Opex variance to budget by department": the variance split into its contributors.
  const explainsVariance =
    wantsBudget &&
    !explains &&
    /\bby (departments?|depts?|teams?|accounts?|line items?|customers?|clients?)\b/.test(text) &&
    q.take(/\bvariances?\b/).length > 0;
  // "The variance between actual and budget revenue": the budget comparison, whose variance it answers.
  if (wantsBudget) q.take(/\bvariances?\b/);
  // What the change is split by: departments, customers, or (by default) accounts.
  const explainedBy: ChatDimension | undefined = !(explains || explainsVariance)
    ? undefined
    : /\b(which|by|what|the) (departments?|depts?|teams?)\b|\bdepartments\b/.test(text)
      ? 'department'
      : /\b(which|by|what|the) (customers?|clients?)\b|\b(customers|clients)\b/.test(text)
        ? 'counterparty'
        : undefined;
  if (explainedBy) q.take(/\b(which |the |by |what )?(departments?|depts?|teams?|customers?|clients?)\b/);
  // "Which revenue accounts explain it": accounts, the contributors a change is split into by default.
  else if (explains) q.take(/\b(which |the |by |what )?(accounts?|line items?)\b/);
  if (explains)
    q.take(
      /\b(go|went|gone|going) (up|down)\b|\b(rise|rose|risen|fall|fell|fallen|drop|dropped|jump|jumped|spike|spiked|dip|dipped|swing|swung|move|moved|movement|change|changed|increase|increased|decrease|decreased|up|down|higher|lower|so much|the|different|differ|differed|vary|varied|variance|declin\w*|growth|grew|gains?|surged?|slump\w*|shortfall|overrun|jump)\b/,
    );

  // Whatever is left must change nothing.
  const unknown = q.words().filter((word) => !FILLER.has(word));
  const accountCodes = new Set<string>();
  for (const account of read.accounts)
    for (const code of withDescendants(context.accounts, account.code)) accountCodes.add(code);
  if (read.said.length) understood.push(read.said.join(', '));
  if (groups.length) understood.push(groups.map(([, label]) => label).join(', '));
  if (metrics.length) understood.push(metrics.join(', ').replaceAll('_', ' '));
  if (departments.length) understood.push(`the ${departments.join(', ')} department`);
  if (time.explicit) understood.push(time.range.label);
  if (unknown.length)
    return unknownAnswer(
      understood,
      unknown,
      closestQuestions(context, { time, metrics, unknown, department: departments[0] }),
    );

  // An account, a group or a type named: its movement (or balance for balance sheet accounts).
  const named = read.accounts.length > 0 || groups.length > 0 || types.length > 0;
  const balanceSheet =
    groups.length > 0 ||
    (read.accounts.length > 0 && read.accounts.every((a) => ['asset', 'liability', 'equity'].includes(a.type))) ||
    (types.length > 0 && !read.accounts.length);
  if (named) {
    const generic = metrics.filter(
      (m) => !['expenses', 'revenue', 'balance', 'journal_count', 'line_count', 'closing_cash'].includes(m),
    );
    if (!generic.length || (balanceSheet && metrics.every((m) => m === 'closing_cash' || m === 'balance'))) {
      const counts = metrics.filter((m) => m === 'journal_count' || m === 'line_count');
      metrics.splice(
        0,
        metrics.length,
        ...((counts.length ? counts : [balanceSheet && !movementWords ? 'balance' : 'amount']) as ChatMetric[]),
      );
    }
  }
  if (!metrics.length && balanceWords) metrics.push('balance');
  if (!metrics.length) {
    // A department is a cost centre: its budget is its expenses'.
    if (wantsBudget)
      metrics.push(
        departments.length ||
          dimensions.includes('department') ||
          listed === 'department' ||
          ranking?.dimension === 'department'
          ? 'expenses'
          : 'net_income',
      );
    else
      return unknownAnswer(
        understood,
        [],
        closestQuestions(context, { time, metrics, unknown: [], department: departments[0] }),
      );
  }
  if (metrics.includes('balance') && !named)
    // A balance of nothing named is not a figure anyone asked for.
    return unknownAnswer(
      understood,
      ['balance'],
      closestQuestions(context, { time, metrics: [], unknown: ['balance'], department: departments[0] }),
      "Which account's balance? No account of the chart was named.",
    );

  // Total equity as the balance sheet has it: the equity accounts and the earnings not yet closed into them.
  const equityCodes = context.accounts.filter((a) => a.type === 'equity').map((a) => a.code);
  const wholeEquity =
    metrics.length === 1 &&
    metrics[0] === 'balance' &&
    !groups.length &&
    ((types.length === 1 && types[0] === 'equity' && !read.accounts.length) ||
      (!types.length && equityCodes.length > 0 && equityCodes.every((code) => accountCodes.has(code))));
  if (wholeEquity) accountCodes.clear();
  const allDimensions = [...dimensions];
  const accountTypes: string[] = wholeEquity ? ['equity', 'revenue', 'expense'] : [...types];
  const subtypes: string[] = [...groupSubtypes];
  let order: SemanticQuery['order'];
  let limit: number | undefined;
  // "Revenue by customer for Q3, top 10": the breakdown asked for is what is ranked.
  if (ranking && !ranking.named && allDimensions.length) ranking.dimension = allDimensions[0]!;
  if (ranking) {
    if (!allDimensions.includes(ranking.dimension)) allDimensions.push(ranking.dimension);
    limit = ranking.limit;
  }
  if (listed && !allDimensions.includes(listed)) allDimensions.push(listed);
  // "Show me expenses over 50,000 in October": a list of the accounts above it ("did revenue pass $1M?" is the
  // figure itself).
  if (
    passing &&
    !countRows &&
    !allDimensions.length &&
    FLOW_METRICS.includes(metrics[0]!) &&
    /^(show|list|give|display|find|pull|which|what are|what were)\b/.test(text)
  )
    allDimensions.push('account');
  if (countRows) allDimensions.splice(0, allDimensions.length, countRows.dimension);
  // A threshold keeps rows of a breakdown; on a single figure it is the figure ("did revenue pass $1M?"). Months
  // counted meet theirs: a loss, a profit, the budget beaten or missed, a figure.
  const threshold: SemanticQuery['threshold'] = countRows
    ? countRows.condition
      ? { op: countRows.condition === 'loss' ? 'lt' : 'gt', value: 0 }
      : wantsBudget
        ? { op: beatsBudget ? 'gt' : 'lt', value: 0, against: 'budget' }
        : passing?.threshold
    : overOrUnder && allDimensions.length
      ? overOrUnder
      : passing && allDimensions.length
        ? passing.threshold
        : // "Which customers owe us": those with something owed.
          listed === 'counterparty' &&
            metrics[0] === 'balance' &&
            groupSubtypes.some((subtype) => subtype === 'receivable' || subtype === 'payable')
          ? { op: 'gt', value: 0 }
          : undefined;
  if (countRows && (!threshold || metrics.length !== 1 || !FLOW_METRICS.includes(metrics[0]!)))
    return unknownAnswer(
      understood,
      ['how many'],
      closestQuestions(context, { time, metrics, unknown: [], department: departments[0] }),
      'Chat DB counts the months of a range whose figure meets a condition: a loss or a profit, above or below a figure, or the budget beaten or missed (e.g. "In how many of the last 12 months did revenue beat budget?").',
    );
  if (allDimensions.includes('account') && !named && !explains && metrics.some((m) => FLOW_GROUP[m])) {
    // "Top 5 expense accounts": the accounts of that group, each with its movement.
    const group = FLOW_GROUP[metrics[0]!];
    if (group) {
      const metric = metrics[0]!;
      metrics[0] = 'amount';
      accountTypes.push(...group.types.filter((type) => !accountTypes.includes(type)));
      if (group.subtypes) subtypes.push(...group.subtypes);
      if (metric === 'operating_expenses') subtypes.push('operating_expense');
    }
  }
  // "Cash by bank account": the balance of each cash account (cash flows are not kept per account).
  const cashAccounts =
    allDimensions.includes('account') && !named && metrics.length === 1 && metrics[0] === 'closing_cash';
  if (cashAccounts) {
    metrics[0] = 'balance';
    subtypes.push('cash');
  }
  if (ranking) order = { by: metrics[0]!, direction: ranking.direction };
  // "Which department went most over budget", "the biggest budget variance": ranked by the variance (actual less
  // budget), the most over first ("most under budget": the most under first).
  if (
    ranking &&
    wantsBudget &&
    !explains &&
    /\b(over|under|above|below|variances?|overspen\w*|underspen\w*)\b/.test(text)
  )
    order = {
      by: `${metrics[0]!}_variance`,
      direction: /\b(under|below|underspen\w*)\b/.test(text) ? 'asc' : 'desc',
    };
  // The rows passing a threshold, largest first (months stay in their order).
  else if (threshold && !allDimensions.some((d) => ['period', 'quarter', 'fiscal_year'].includes(d)))
    order = { by: metrics[0]!, direction: 'desc' };

  const balances = metrics.length > 0 && metrics.every((m) => m === 'balance' || m === 'closing_cash');
  // The KPI balance measures are read at a date too (the flows of DSO and burn over the range).
  const atADate =
    metrics.length > 0 &&
    metrics.every((m) =>
      ['balance', 'closing_cash', 'working_capital', 'current_ratio', 'quick_ratio', 'debt_to_equity'].includes(m),
    );
  // A balance that "moved since the end of last year" / "changed in Q3": its end against the range's start (since)
  // or the end of the month before the range.
  const balanceMove =
    balances && changeWords && time.explicit && !time.against && !time.point
      ? monthsBetween(time.since ? time.range.from : addMonths(time.range.from, -1), time.range.to)
      : undefined;
  // A year so far ("revenue growth this year") changed against the same months a year earlier, not the months
  // just before it.
  const yearSoFar =
    !time.against &&
    time.range.from === calendar.periodsOfYear(calendar.fiscalYearOf(time.range.to))[0] &&
    monthsBetween(time.range.from, time.range.to) < 11;
  const compare: Pick<SemanticQuery, 'compare' | 'compareMonthsBack'> = balanceMove
    ? { compare: 'previous_period', compareMonthsBack: balanceMove }
    : wantsBudget
      ? { compare: 'budget' }
      : time.against?.kind === 'prior_year'
        ? { compare: 'prior_year' }
        : time.against
          ? {
              compare: 'previous_period',
              compareMonthsBack: balances
                ? monthsBetween(time.against.to, time.range.to)
                : monthsBetween(time.against.from, time.range.from),
            }
          : changeWords && time.explicit
            ? yearSoFar && !balances
              ? { compare: 'prior_year' }
              : { compare: 'previous_period' }
            : {};
  // Compared with months the books do not hold ("revenue growth in 2025" when they start in November 2024): said
  // so, as a period of the question's own would be.
  if (compare.compare === 'prior_year' || compare.compare === 'previous_period') {
    const back =
      compare.compare === 'prior_year'
        ? 12
        : (compare.compareMonthsBack ?? monthsBetween(time.range.from, time.range.to) + 1);
    const from = balances ? time.range.to : time.range.from;
    const outside = outsideTheBooks(calendar, addMonths(from, -back), addMonths(time.range.to, -back));
    if (outside) return unknownAnswer(understood, [], rephrasings(context, time), `${outside}.`);
  }
  // "Month-over-month revenue for the last 6 months": each month against the one before.
  if (
    compare.compare === 'previous_period' &&
    compare.compareMonthsBack === 1 &&
    time.range.from !== time.range.to &&
    !balances &&
    !allDimensions.some((d) => ['period', 'quarter', 'fiscal_year'].includes(d))
  )
    allDimensions.push('period');
  if (
    compare.compare &&
    compare.compare !== 'budget' &&
    metrics.some((m) => ['cash_in', 'cash_out', 'net_cash_flow', 'journal_count', 'line_count'].includes(m))
  )
    return unknownAnswer(
      understood,
      [],
      closestQuestions(context, { time, metrics, unknown: [], department: departments[0] }),
      `Chat DB compares flows (revenue, costs, profits) and balances between periods, not yet cash flows or counts: ask for each period on its own.`,
    );
  if (explains || explainsVariance) {
    const flow = metrics.length === 1 && FLOW_METRICS.includes(metrics[0]!);
    if (!flow || !time.explicit || time.point)
      return unknownAnswer(
        understood,
        [],
        closestQuestions(context, { time, metrics, unknown: [], department: departments[0] }),
        'To explain a change, name one flow (revenue, cost of sales, gross profit, operating expenses, expenses, net income) and the period, e.g. "What drove the change in operating expenses last month?"',
      );
    const by =
      explainedBy ??
      allDimensions.find((d) => ['account', 'department', 'counterparty', 'entity'].includes(d)) ??
      'account';
    const against =
      time.against ??
      (yearSoFar
        ? {
            from: addMonths(time.range.from, -12),
            to: addMonths(time.range.to, -12),
            label: '',
            kind: 'prior_year' as const,
          }
        : {
            from: addMonths(time.range.from, -(monthsBetween(time.range.from, time.range.to) + 1)),
            to: addMonths(time.range.from, -1),
            label: '',
            kind: 'previous_period' as const,
          });
    if (!wantsBudget) {
      const outside = outsideTheBooks(calendar, against.from, against.to);
      if (outside) return unknownAnswer(understood, [], rephrasings(context, time), `${outside}.`);
    }
    // "Explain the variance in opex vs budget": the variance split into its contributors.
    const againstLabel = wantsBudget ? 'budget' : against.label || spanWords(against.from, against.to);
    const query: SemanticQuery = {
      metrics: [metrics[0]!],
      dimensions: [by],
      filters: {
        ...(accountCodes.size ? { accountCodes: [...accountCodes] } : {}),
        ...(departments.length ? { departments } : {}),
        ...(entities.length ? { entities } : {}),
        // "Which suppliers account for the change": the suppliers only.
        ...(by === 'counterparty' && (role === 'customer' || role === 'supplier')
          ? { counterparties: counterpartiesOfRole(context, role) }
          : {}),
      },
      timeRange: { from: time.range.from, to: time.range.to },
      ...(wantsBudget
        ? { compare: 'budget' as const }
        : against.kind === 'prior_year'
          ? { compare: 'prior_year' as const }
          : { compare: 'previous_period' as const, compareMonthsBack: monthsBetween(against.from, time.range.from) }),
      decompose: true,
      // "Top 5 accounts": the five largest contributors.
      // "Which account grew the most": the one.
      ...(ranking?.limit && (ranking.limit > 1 || rankedByChange) ? { limit: ranking.limit } : {}),
    };
    return {
      kind: 'query',
      query,
      when: time.range.label,
      against: againstLabel,
      reading: describeReading(query, {
        when: time.range.label,
        accounts: read.said,
        groups: [],
        against: againstLabel,
      }),
    };
  }
  if (opening && !balances)
    return unknownAnswer(
      understood,
      ['opening'],
      closestQuestions(context, { time, metrics, unknown: [], department: departments[0] }),
      'An opening figure is a balance: ask for the opening balance of an account or of cash.',
    );
  // DSO, DPO, DIO and burn "at the end of 2025": over the year that ends there.
  const overPoint = time.point && time.pointOf !== undefined && metrics.some((m) => DAYS_AND_BURN.includes(m));
  if (
    averaged &&
    (!metrics.every((m) => FLOW_METRICS.includes(m)) ||
      allDimensions.some((d) => ['period', 'quarter', 'fiscal_year'].includes(d)) ||
      counted)
  )
    return unknownAnswer(
      understood,
      ['average'],
      closestQuestions(context, { time, metrics, unknown: [], department: departments[0] }),
      'Chat DB averages money flows (revenue, costs, profits) per month of a range; ask for the figure by month to see each month.',
    );
  const wholePoint = (time.point || balanceMove !== undefined || (balances && compare.compare)) && atADate;
  // The counterparties: those named, or every one of the role asked about (customers, suppliers).
  const byParty = allDimensions.includes('counterparty') || counted?.target === 'counterparty';
  // Counted over named accounts, whoever the lines were with: "vendors we used for digital advertising" paid by
  // card are vendors of it, though they never bill through payables.
  const overNamedAccounts = counted?.target === 'counterparty' && read.accounts.length > 0;
  const partyNames = parties.length
    ? parties.map((party) => party.name)
    : role && role !== 'other' && ((byParty && !overNamedAccounts) || moneyOfRole)
      ? counterpartiesOfRole(context, role)
      : [];
  const partyWords = parties.length
    ? parties.map((party) => party.name).join(', ')
    : partyNames.length
      ? role === 'customer'
        ? 'customers'
        : 'suppliers'
      : undefined;
  const query: SemanticQuery = {
    metrics: metrics.slice(0, 6),
    dimensions: allDimensions.slice(0, 3),
    filters: {
      ...(accountCodes.size ? { accountCodes: [...accountCodes] } : {}),
      ...(accountTypes.length ? { accountTypes: accountTypes as SemanticQuery['filters']['accountTypes'] } : {}),
      ...(subtypes.length ? { accountSubtypes: subtypes } : {}),
      ...(departments.length ? { departments } : {}),
      ...(entities.length ? { entities } : {}),
      ...(partyNames.length ? { counterparties: partyNames } : {}),
    },
    timeRange: overPoint
      ? { from: time.pointOf!.from, to: time.pointOf!.to }
      : opening && balances
        ? { from: addMonths(time.range.from, -1), to: addMonths(time.range.from, -1) }
        : { from: wholePoint ? time.range.to : time.range.from, to: time.range.to },
    ...compare,
    ...(counted && !countRows ? { countDistinct: counted.target } : {}),
    ...(order ? { order, ...(limit ? { limit } : {}) } : {}),
    ...(threshold ? { threshold } : {}),
    ...(averaged ? { perMonth: true } : {}),
    ...(countRows ? { countRows: true } : {}),
  };
  const when =
    opening && balances
      ? `the start of ${time.range.label}`
      : time.point && time.range.from === time.range.to && !/^the (end|start) of/.test(time.range.label)
        ? `the end of ${time.range.label}`
        : time.range.label;
  return {
    kind: 'query',
    query,
    when,
    reading: describeReading(query, {
      when,
      accounts: [...new Set(read.said)],
      groups: [...groups.map(([, label]) => label), ...(cashAccounts ? ['Cash accounts'] : [])],
      against:
        time.against?.label ??
        (balanceMove
          ? `the end of ${spanWords(addMonths(time.range.to, -balanceMove), addMonths(time.range.to, -balanceMove))}`
          : undefined),
      ...(partyWords ? { parties: partyWords } : {}),
    }),
  };
}

export const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5));

/** The three questions closest to what was asked that the parser answers. */
function closestQuestions(
  context: ParserContext,
  asked: { time: TimeReading; metrics: ChatMetric[]; unknown: string[]; department?: string },
): string[] {
  const when = asked.time.explicit ? ` in ${asked.time.range.label}` : ' this year';
  const suggestions: string[] = [];
  const metric = asked.metrics[0];
  if (metric)
    suggestions.push(`${metric[0]!.toUpperCase()}${metric.slice(1).replaceAll('_', ' ').replace(' pct', '')}${when}`);
  // Accounts whose names come closest to the words not understood.
  for (const word of asked.unknown) {
    const close = context.accounts
      .filter((account) => !context.accounts.some((child) => child.parentCode === account.code))
      .map((account) => ({
        account,
        score: Math.min(
          ...normalize(account.name)
            .split(' ')
            .map((part) => distance(part, word) / Math.max(part.length, word.length)),
        ),
      }))
      .filter((entry) => entry.score <= 0.34)
      .sort((a, b) => a.score - b.score);
    for (const entry of close.slice(0, 2)) suggestions.push(`${entry.account.name}${when}`);
  }
  for (const fallback of rephrasings(context, asked.time, asked.department))
    if (suggestions.length < 3 && !suggestions.includes(fallback)) suggestions.push(fallback);
  return [...new Set(suggestions)].slice(0, 3);
}

/** Three questions the parser answers, shaped by what it understood and the organization's own names. */
export function rephrasings(context: ParserContext, time?: TimeReading, department?: string): string[] {
  const when = time?.explicit && !time.range.label.includes('to date') ? ` in ${time.range.label}` : ' last quarter';
  const someDepartment = department ?? context.departments[0];
  const someAccount = context.accounts.find((a) => a.type === 'expense' && a.parentCode)?.name;
  return [
    `What was gross margin${when}?`,
    someDepartment
      ? `Operating expenses of the ${someDepartment} department by month`
      : 'Net income by month this year',
    someAccount ? `How much did we spend on ${someAccount}${when}?` : 'Top 5 expense accounts vs budget',
  ];
}
