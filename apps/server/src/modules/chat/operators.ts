import { VOCABULARY_WORDS } from './metric-vocabulary.ts';
import { MONTH_NAMES } from './time-expressions.ts';
import type { ChatDimension, SemanticQuery } from '@finboard/shared/chat';
import { type Question, distance, FILLER, normalize, NUMBER_WORDS, numberOf } from './question-words.ts';

/** The operators of a question: breakdowns, rankings, thresholds, the category of a list, and slips corrected. */

/** Breakdowns ("by month", "per department", "monthly"), taken out of the question. */
export function dimensionsIn(q: Question): ChatDimension[] {
  const found: ChatDimension[] = [];
  const add = (dimension: ChatDimension, pattern: RegExp) => {
    if (q.take(pattern).length && !found.includes(dimension)) found.push(dimension);
  };
  add('period', /\b(by|per|each|every|for each) month\b|\bmonthly\b|\bmonth by month\b|\bmonth on month breakdown\b/);
  add('quarter', /\b(by|per|each|for each) quarter\b|\bquarterly\b/);
  add('fiscal_year', /\b(by|per|each|for each) (fiscal )?year\b|\byearly\b|\bannual(ly)?\b/);
  // A trend is month by month, unless the question says by quarter or year ("the margin trend by quarter").
  const trend = q.take(/\btrend(s|ing|ed)?\b|\bover time\b/).length > 0;
  if (trend && !found.some((d) => ['period', 'quarter', 'fiscal_year'].includes(d))) found.unshift('period');
  add('department', /\b(by|per|each|for each|across|split by) (department|dept|team)s?\b/);
  add('entity', /\b(by|per|each|for each) entit(y|ies)\b/);
  add('counterparty', /\b(by|per|each|for each) (counterpart(y|ies)|customers?|suppliers?|vendors?|clients?)\b/);
  add('account_subtype', /\b(by|per|each) (account )?subtype\b/);
  add('account_type', /\b(by|per|each) (account )?type\b/);
  // "By account group", "into groups": the accounts' groups, before "by account" reads the first word alone.
  add('account_group', /\b(by|per|each|for each|into( its)?) (account )?(groups?|headings?)\b/);
  add('account', /\b(by|per|each|for each) (revenue |expense |cost |opex |gl )?(account|line item)s?\b/);
  return found;
}

const RANK_HIGH = 'top|largest|biggest|highest|most|best|greatest|max|maximum|peak|leading';
const RANK_LOW = 'bottom|lowest|smallest|least|worst|fewest|min|minimum|weakest';
const CATEGORY: [RegExp, ChatDimension][] = [
  [/\b(months?)\b/, 'period'],
  [/\b(quarters?)\b/, 'quarter'],
  [/\b(years?)\b/, 'fiscal_year'],
  [/\b(departments?|depts?|teams?)\b/, 'department'],
  [/\b(customers?|clients?|buyers?|accounts receivable customers)\b/, 'counterparty'],
  [/\b(suppliers?|vendors?|payees?)\b/, 'counterparty'],
  [/\b(entit(y|ies))\b/, 'entity'],
  [/\b(accounts?|line items?|categor(y|ies)|items?)\b/, 'account'],
  // "Who owes us the most", "who did we pay the most": a person or company, a counterparty.
  [/\bwho\b/, 'counterparty'],
];

interface Ranking {
  dimension: ChatDimension;
  /** The question named what is ranked ("which customers"); otherwise accounts, or the breakdown asked for. */
  named: boolean;
  direction: 'asc' | 'desc';
  /** None: every one, in order. */
  limit?: number;
}

/** "Top 5 expense accounts", "which three clients paid the most", "the month with the lowest margin". */
export function rankingIn(q: Question): Ranking | undefined {
  const NUMBER = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;
  const rank = q.rest.match(new RegExp(`\\b(${RANK_HIGH}|${RANK_LOW})\\b`));
  const which = /\b(which|what|who|rank|ranking|ranked)\b/.test(q.rest);
  const ranks = /\brank(ed|ing)?\b/.test(q.rest);
  if (!rank && !ranks) return undefined;
  const n =
    q.rest.match(new RegExp(`\\b(?:${RANK_HIGH}|${RANK_LOW}) ${NUMBER}\\b`))?.[1] ??
    q.rest.match(new RegExp(`\\b${NUMBER} (?:${RANK_HIGH}|${RANK_LOW})\\b`))?.[1] ??
    q.rest.match(
      new RegExp(`\\b${NUMBER} (?:[a-z]+ )?(?:${CATEGORY.map(([p]) => p.source.replace(/\\b/g, '')).join('|')})`),
    )?.[1];
  const limit = numberOf(n);
  const category = CATEGORY.find(([pattern]) => pattern.test(q.rest));
  // "The largest expense in October", "our biggest costs": the accounts of that figure, ranked.
  const rankedFigure = new RegExp(
    `\\b(?:${RANK_HIGH}|${RANK_LOW}) (?:single )?(?:expenses?|costs?|expenditures?|overheads?|cost items?)\\b`,
  ).test(q.rest);
  // "Biggest first": an order, every one of them.
  const inOrder = new RegExp(`\\b(?:${RANK_HIGH}|${RANK_LOW}) first\\b`).test(q.rest);
  if (!limit && !which && !category && !rankedFigure && !inOrder) return undefined;
  // "best"/"worst" of a period read the figure's size; "most"/"least" likewise.
  const direction = rank && new RegExp(`^(${RANK_LOW})$`).test(rank[1]!) ? 'asc' : 'desc';
  let dimension = category?.[1];
  // Time was read out of the question before: a "month" still in it is what is ranked ("the best month").
  dimension ??= 'account';
  // "Rank the quarters", "our top customers", "the biggest costs": every one, in order; "which month", "the best
  // customer": one.
  const saidCategory = category ? q.rest.match(category[0])?.[0] : undefined;
  // "Who did we pay the most? (vendors)": one, whatever the note beside it says ("who are our top customers": all).
  const askedWho = /\bwho\b(?! (are|were)\b)/.test(q.rest);
  const plural = askedWho
    ? false
    : saidCategory
      ? /s$/.test(saidCategory)
      : new RegExp(`\\b(?:${RANK_HIGH}|${RANK_LOW}) (?:[a-z]+ )?(expenses|costs|expenditures)\\b`).test(q.rest);
  q.take(new RegExp(`\\b((?:${RANK_HIGH}|${RANK_LOW}) first|${RANK_HIGH}|${RANK_LOW}|rank(ed|ing)?)\\b`));
  if (n) q.take(new RegExp(`\\b${n}\\b`));
  if (category) q.take(category[0]);
  q.take(/\b(which|who|with the|with)\b/);
  const everyOne = (ranks || plural || inOrder) && !limit;
  return { dimension, named: category !== undefined, direction, limit: everyOne ? undefined : (limit ?? 1) };
}

const ABOVE =
  'more than|greater than|higher than|bigger than|larger than|over|above|exceeding|exceeded|exceeds|exceed|in excess of|at least|north of|upwards of|topped|tops|top(?=\\s*\\$)|>=|>';
const BELOW = 'less than|lower than|smaller than|under|below|at most|fewer than|<=|<';
const THRESHOLD = new RegExp(
  `(${ABOVE}|${BELOW})\\s*\\$?\\s*(\\d[\\d,]*(?:\\.\\d+)?)\\s*(k|m|mm|mn|million|thousand|bn|b|billion)?(?![\\w%])(?!\\s*(?:%|percent|months?|quarters?|years?|days?|weeks?))`,
);
const MULTIPLIERS: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, mn: 1e6, million: 1e6 };

/**
 * "More than $1M", "under 50k", "at least 250,000": a figure rows must pass, read from the question as written
 * (decimals and $ intact); `said` is its words as the parser reads them. A year ("over 2025") is not an amount.
 */
export function thresholdIn(
  question: string,
): { threshold: NonNullable<SemanticQuery['threshold']>; said: string } | undefined {
  const match = question.toLowerCase().match(THRESHOLD);
  if (!match) return undefined;
  const [, words, digits, unit] = match;
  const number = Number(digits!.replace(/,/g, ''));
  const hasMoney = match[0].includes('$') || unit !== undefined;
  if (!Number.isFinite(number) || (!hasMoney && (/^(19|20)\d\d$/.test(digits!) || number < 100))) return undefined;
  const value = number * (unit ? (MULTIPLIERS[unit] ?? 1e9) : 1);
  const op = new RegExp(`^(${BELOW})$`).test(words!)
    ? /most/.test(words!) || words === '<='
      ? 'lte'
      : 'lt'
    : /least/.test(words!) || words === '>='
      ? 'gte'
      : 'gt';
  return { threshold: { op, value }, said: normalize(match[0]) };
}

/** The category a list is of ("customers with more than …", "months where …"), taken out of the question. */
export function categoryIn(q: Question): ChatDimension | undefined {
  const category = CATEGORY.find(([pattern]) => pattern.test(q.rest));
  if (category) q.take(category[0]);
  q.take(/\b(where|whose|that|with|which|who)\b/);
  return category?.[1];
}

/** Slips in metric and time words ("revnue", "expnses", "gross margn", "Febuary"), corrected in place. */
export function correctSlips(q: Question, known: ReadonlySet<string>) {
  const vocabulary = [
    ...VOCABULARY_WORDS,
    ...MONTH_NAMES,
    'quarter',
    'quarters',
    'months',
    'fiscal',
    'trailing',
    'budget',
    'department',
    'customers',
    'suppliers',
    'vendors',
    'departments',
    // Singulars are words of their own, not slips of the plurals.
    'customer',
    'supplier',
    'vendor',
    'account',
    'month',
    'expense',
  ];
  q.rest = ` ${correctedWords(q.words(), known, vocabulary).join(' ')} `;
}

/** Each word, or the word of `vocabulary` it is a slip of (one letter in five, two in eight or more). */
function correctedWords(words: readonly string[], known: ReadonlySet<string>, vocabulary: readonly string[]) {
  return words.map((word) => {
    if (word.length < 5 || FILLER.has(word) || known.has(word) || vocabulary.includes(word) || /\d/.test(word))
      return word;
    const limit = word.length >= 8 ? 2 : 1;
    let best: string | undefined;
    let bestDistance = limit + 1;
    for (const candidate of vocabulary) {
      if (candidate[0] !== word[0] || Math.abs(candidate.length - word.length) > limit) continue;
      const d = distance(word, candidate);
      if (d < bestDistance) [best, bestDistance] = [candidate, d];
    }
    return best ?? word;
  });
}

/** The words that shape a question (who, by what), read before names and time: their slips corrected first. */
const SHAPING_WORDS = [
  'customer',
  'customers',
  'supplier',
  'suppliers',
  'vendor',
  'vendors',
  'department',
  'departments',
  'account',
  'accounts',
];

/** "Revenue by cusotmer": slips of the words that shape a question, corrected in the text before it is read. */
export const correctShapingSlips = (text: string, known: ReadonlySet<string>) =>
  correctedWords(text.split(' '), known, SHAPING_WORDS).join(' ');
