import type { ChatDimension, ChatMetric, SemanticQuery } from '@finboard/shared/chat';
import { addMonths } from './compiler.ts';
import {
  BALANCE_GROUPS,
  KPI_WORDS,
  METRIC_WORDS,
  NOT_COMPUTED,
  NOT_IN_THE_BOOKS,
  VOCABULARY_WORDS,
} from './metric-vocabulary.ts';
import { describeReading } from './reading.ts';
import {
  COUNT_WORDS,
  MONTH_NAMES,
  readTime,
  spanWords,
  type BooksCalendar,
  type TimeReading,
} from './time-expressions.ts';

/**
 * The built-in parser: a question in plain English → a semantic query, offline and deterministic. A grammar, not
 * a phrase list: it takes out of the question, in turn, the organization's own names (accounts by code, name — with
 * a slip — or a distinctive part of it; balance sheet groups; departments; entities), the time expression
 * (time-expressions.ts), the metric words (metric-vocabulary.ts, slips corrected), and the operators (breakdowns,
 * rankings, budget). Whatever is left must be words that change nothing ("what", "did", "we"): a word it did not
 * understand is named back, and the question is not answered with a default in its place.
 */

export interface ParserAccount {
  code: string;
  name: string;
  type: string;
  subtype: string | null;
  parentCode: string | null;
}

export interface ParserCounterparty {
  name: string;
  /** customer: sales revenue or receivable lines; supplier: bills, inventory or costs, never a customer. */
  role: 'customer' | 'supplier' | 'other';
}

export interface ParserContext {
  accounts: readonly ParserAccount[];
  /** The ledger's counterparties with their roles (none when not read). */
  counterparties?: readonly ParserCounterparty[];
  departments: readonly string[];
  entities: readonly string[];
  /** 00_Period: the fiscal calendar. */
  periods: readonly { period: string; fiscalYear: number; fiscalPeriod: number }[];
  /** The latest period with ledger lines: "this month" of the books. */
  lastPeriod: string;
  /** The first period with ledger lines (default: 00_Period's first). */
  firstPeriod?: string;
}

export type ParseResult =
  | {
      kind: 'query';
      query: SemanticQuery;
      when: string;
      reading: string;
      /** The compared period in words, when there is one. */
      against?: string;
    }
  | {
      kind: 'unknown';
      /** What it did understand, in words. */
      understood: string[];
      /** The words it did not understand (or could not answer), as the user wrote them. */
      unknown: string[];
      /** Why it cannot answer, when it knows: a period outside the books, something a ledger does not hold. */
      reason?: string;
      suggestions: string[];
    };

/** Lower case, apostrophes dropped, everything but letters, digits, & and % a single space. */
export const normalize = (value: string) =>
  value
    .toLowerCase()
    // A possessive is its noun: "2025's quarters", "this year's sales", "last month's revenue".
    .replace(/([a-z0-9])[’']s\b/g, '$1')
    .replace(/[’']/g, '')
    .replace(/(\d),(\d{3})/g, '$1$2')
    .replace(/[^a-z0-9&%]+/g, ' ')
    .trim();

/** Shorthand written out: "last qtr", "top line", "yr". */
const SHORTHAND: [RegExp, string][] = [
  [/\bqtrs\b/g, 'quarters'],
  [/\bqtr\b/g, 'quarter'],
  [/\byrs\b/g, 'years'],
  [/\byr\b/g, 'year'],
  [/\bm(?:o|th|nth)s\b/g, 'months'],
  [/\bm(?:th|nth)\b/g, 'month'],
  [/\btop ?line\b/g, 'revenue'],
  [/\bnet (sales|revenues?|turnover)\b/g, 'revenue'],
  // "How does revenue stack up against …": a comparison.
  [/\bstacks? up (against|to|with|vs)\b/g, 'compared with'],
  // Early-payment discounts customers take are the sales discounts.
  [/\b(early|prompt) ?pay(ment)? discounts?\b/g, 'sales discounts'],
  [/\bmonth ?ends?\b/g, 'month end'],
  [/\b(shareholders?|stockholders?|owners?|members?) ?equity\b/g, 'equity'],
  [/\bbottom ?line\b/g, 'net income'],
];
/** A question as the parser reads it: normalized, shorthand written out. */
const readable = (question: string) =>
  SHORTHAND.reduce((text, [pattern, full]) => text.replace(pattern, full), normalize(question));

/** Counts as words ("which three clients"), and "single" for one ("our single biggest customer"). */
const NUMBER_WORDS: Record<string, number> = { ...COUNT_WORDS, single: 1 };
const numberOf = (word: string | undefined) =>
  word === undefined ? undefined : /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word];

/**
 * Words that change no answer: question words, pronouns, auxiliaries, politeness, "total", "amount". Anything
 * else left once names, time, metrics and operators are read is a word the parser did not understand.
 */
const FILLER = new Set(
  `a an the of in on at for to from by with and or as into within over during across is are was were be been being
  am do does did doing done have has had having what whats which who whom when where how much many i me my we us
  our ours you your it its this that these those there their they them please pls kindly can could would should
  let lets show tell give list get find display report pull see look view provide bring up total totals overall
  combined sum aggregate grand amount amounts figure figures number numbers value values level levels company
  companys business firm organization organisation books ledger data gl so far just only about approximately
  roughly around exactly all any whole entire full complete make made earn earned earning generate generated
  generating bring brought book booked booking record recorded post posted incur incurred come came period periods
  month months quarter quarters year years day time end ending ended than then like hey hi hello thanks thank
  same vs versus compared compare against actual actuals actually reported real figure number stand stood issue
  issued raise raised send sent take took taken get got give gave given offered hand
  did come in at our level looks look like was there any give me what is whats the report on
  currently current now today latest recent most result results performance run runs ran went go goes buy bought pay pays paid paying &`.split(
    /\s+/,
  ),
);

/** Edit distance, for names and words typed with a slip ("Legla fees", "revnue"). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** A word without its common endings, to match "bill" with Billed and "discount" with Discounts. */
const stem = (word: string) => (word.length > 4 ? word.replace(/(ing|ed|es|s)$/, '') : word);

/** Whether `name` (normalized words) stands in `text`, exactly or within a small edit distance per word group. */
function mentions(text: string, name: string): string | undefined {
  if (name.length < 3) return undefined;
  if (` ${text} `.includes(` ${name} `)) return name;
  if (name.length < 8) return undefined;
  const words = text.split(' ');
  const size = name.split(' ').length;
  for (let i = 0; i + size <= words.length; i++) {
    const window = words.slice(i, i + size).join(' ');
    if (distance(window, name) <= Math.floor(name.length / 8)) return window;
  }
  return undefined;
}

/** A mutable question: what is left of it as names, time and words are read out of it. */
class Question {
  rest: string;
  constructor(text: string) {
    this.rest = ` ${text} `;
  }
  has(pattern: RegExp) {
    return pattern.test(this.rest);
  }
  /** Takes every match of `pattern` out; answers the matches. */
  take(pattern: RegExp): string[] {
    const global = new RegExp(pattern.source, 'g');
    const found = [...this.rest.matchAll(global)].map((m) => m[0].trim()).filter(Boolean);
    if (found.length) this.rest = ` ${this.rest.replace(global, ' ').replace(/\s+/g, ' ').trim()} `;
    return found;
  }
  /** Takes one phrase (its words, once) out. */
  takePhrase(phrase: string) {
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    this.rest = ` ${this.rest
      .replace(new RegExp(`(^| )${escaped}(?= |$)`), ' ')
      .replace(/\s+/g, ' ')
      .trim()} `;
  }
  words() {
    return this.rest.trim().split(' ').filter(Boolean);
  }
  get text() {
    return this.rest.trim();
  }
}

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

const GENERIC_NAME_WORDS = new Set(
  `account accounts and of the for to in on a an other others total first harbor bank trade expense expenses cost
  costs sales revenue income fees fee services service tax taxes net general misc miscellaneous department
  departments dept team customer customers client clients vendor vendors supplier suppliers month months quarter
  quarters year years entity entities budget`.split(/\s+/),
);

interface AccountsRead {
  accounts: ParserAccount[];
  /** What the user called them, for the reading. */
  said: string[];
  /** Several accounts of different kinds share the word: which, to ask. */
  ambiguous?: { word: string; accounts: ParserAccount[] };
}

/**
 * Accounts named in the question: by code, by full name (a slip allowed), by the head of a name ("Accounts
 * Receivable" for "Accounts Receivable - Trade" when no other starts so), or by the distinctive words of a name
 * ("line of credit" → Revolving Line of Credit; "rent" → Factory Rent and Office Rent). Metric words inside a name
 * ("Bonus Expense", "Sales Commissions") belong to the account, not to the metric.
 */
function accountsIn(
  q: Question,
  context: ParserContext,
  years: ReadonlySet<string>,
  /** Of accounts of different kinds sharing the words, the kinds the question is about, in order of weight. */
  prefer: readonly (readonly string[])[],
): AccountsRead {
  const accounts: ParserAccount[] = [];
  const said: string[] = [];
  for (const [, code] of q.rest.matchAll(/\b(?:account |acct |#)?(\d{3,6})\b/g)) {
    const account = context.accounts.find((candidate) => candidate.code === code);
    if (account && (!years.has(code!) || new RegExp(`\\b(account|acct) ${code}\\b`).test(q.rest))) {
      accounts.push(account);
      said.push(account.name);
      q.take(new RegExp(`\\b(account |acct |#)?${code}\\b`));
    }
  }
  // The head of a family of accounts ("Raw Materials - Steel", "Raw Materials - Aluminum") is not the one-word
  // account inside it ("Materials"): its words are read below, with the rest of the question.
  const heads = new Set(
    context.accounts
      .filter((account) => account.name.includes(' - '))
      .map((account) => normalize(account.name.split(' - ')[0]!))
      .filter((head) => head.includes(' ')),
  );
  const byLength = [...context.accounts].sort((a, b) => b.name.length - a.name.length);
  for (const account of byLength) {
    const name = normalize(account.name);
    if (!name.includes(' ') && [...heads].some((head) => head.split(' ').includes(name) && mentions(q.text, head)))
      continue;
    // Names that are only a metric word ("Revenue", "Cost of Sales") stay metrics.
    if (METRIC_WORDS.some(([pattern]) => new RegExp(`^(${pattern.source})$`).test(name))) continue;
    if (name.split(' ').length < 2 && name.length < 6) continue;
    // A group named after a department ("Marketing Department") means the department.
    if (context.departments.some((d) => [normalize(d), `${normalize(d)} department`].includes(name))) continue;
    const head = account.name.includes(' - ') ? normalize(account.name.split(' - ')[0]!) : undefined;
    const uniqueHead =
      head &&
      head.includes(' ') &&
      context.accounts.filter((other) => normalize(other.name).startsWith(head)).length === 1;
    const found = mentions(q.text, name) ?? (uniqueHead ? mentions(q.text, head) : undefined);
    if (found) {
      accounts.push(account);
      said.push(account.name);
      q.takePhrase(found);
    }
  }
  // The rest of a name already matched by its head ("federal" of Income Tax Expense - Federal) is that name's.
  for (const account of accounts)
    for (const word of normalize(account.name).split(' '))
      if (word.length >= 4 && !GENERIC_NAME_WORDS.has(word) && q.words().includes(word)) q.takePhrase(word);
  // Distinctive words of names: the accounts covering most of them, then most words in all. Words are compared by
  // their stem ("bill" for Billed, "discount" for Discounts).
  const index = new Map<string, ParserAccount[]>();
  // Each account's name as word stems, once per question.
  const stemsOf = new Map(
    context.accounts.map((account) => [account, new Set(normalize(account.name).split(' ').map(stem))]),
  );
  for (const [account, stems] of stemsOf)
    for (const word of stems) if (word.length >= 3) index.set(word, [...(index.get(word) ?? []), account]);
  const metricWords = new Set(VOCABULARY_WORDS);
  // A department's name is the department ("Marketing spend"), unless the whole account name was said.
  const departmentWords = new Set(context.departments.flatMap((d) => normalize(d).split(' ')));
  const distinctive = (word: string) =>
    index.has(stem(word)) &&
    !GENERIC_NAME_WORDS.has(word) &&
    !FILLER.has(word) &&
    !metricWords.has(word) &&
    !departmentWords.has(word) &&
    word.length >= 4;
  for (let guard = 0; guard < 5; guard++) {
    const words = q.words();
    const keys = words.filter(distinctive);
    if (!keys.length) break;
    const scored = context.accounts
      .filter((account) => !accounts.includes(account))
      .map((account) => {
        const nameWords = stemsOf.get(account)!;
        return {
          account,
          keys: keys.filter((word) => nameWords.has(stem(word))).length,
          all: words.filter((word) => word.length >= 3 && !FILLER.has(word) && nameWords.has(stem(word))).length,
        };
      })
      .filter((entry) => entry.keys > 0);
    const best = Math.max(...scored.map((entry) => entry.keys * 100 + entry.all));
    let chosen = scored.filter((entry) => entry.keys * 100 + entry.all === best).map((entry) => entry.account);
    // A group and its own accounts: the group (its accounts come with it).
    chosen = chosen.filter((account) => !chosen.some((other) => other.code === account.parentCode));
    const coveredWords = words.filter((word) => chosen.some((account) => stemsOf.get(account)!.has(stem(word))));
    // Accounts of different kinds share the words: the kind the question is about, when it says.
    for (const kinds of prefer) {
      const preferred = chosen.filter((account) => kinds.includes(account.type));
      if (preferred.length && preferred.length < chosen.length) chosen = preferred;
    }
    const types = new Set(chosen.map((account) => account.type));
    if (types.size > 1) return { accounts, said, ambiguous: { word: coveredWords.join(' '), accounts: chosen } };
    accounts.push(...chosen);
    said.push(
      chosen.length === 1
        ? chosen[0]!.name
        : coveredWords.filter((word) => !GENERIC_NAME_WORDS.has(word) || word === 'expense').join(' '),
    );
    for (const word of coveredWords) q.takePhrase(word);
  }
  // The rest of a chosen name said short ("refurb" of Repair and Refurbishment).
  for (const account of accounts)
    for (const word of q.words())
      if (
        word.length >= 5 &&
        !FILLER.has(word) &&
        normalize(account.name)
          .split(' ')
          .some((part) => part.length > word.length && part.startsWith(word))
      )
        q.takePhrase(word);
  return { accounts, said };
}

/**
 * Counterparties named in the question: by their whole name (a slip allowed) or its first two words or more when
 * no other counterparty starts so ("Cascade Hydraulics" for Cascade Hydraulics Inc.). Longest names first.
 */
function counterpartiesIn(
  q: Question,
  context: ParserContext,
  /** A follow-up about another counterparty may name it by its first word alone ("and Ryerson?"). */
  options: { firstWord?: boolean } = {},
): ParserCounterparty[] {
  const all = context.counterparties ?? [];
  const found: ParserCounterparty[] = [];
  const names = all.map((party) => ({ party, words: normalize(party.name).split(' ') }));
  // By initials ("the IRS" for Internal Revenue Service): three letters or more, one counterparty's only.
  const initialsOf = (words: string[]) =>
    words
      .filter((word) => !/^(inc|co|llc|llp|ltd|corp|the|of|and|&)$/.test(word) && /^[a-z]/.test(word))
      .map((word) => word[0])
      .join('');
  for (const { party, words } of names) {
    const initials = initialsOf(words);
    if (
      initials.length >= 3 &&
      words.length >= 3 &&
      !FILLER.has(initials) &&
      !MONTH_NAMES.some((month) => month.startsWith(initials)) &&
      names.filter((other) => initialsOf(other.words) === initials).length === 1 &&
      ` ${q.text} `.includes(` ${initials} `)
    ) {
      found.push(party);
      q.takePhrase(initials);
    }
  }
  for (const { party, words } of names.toSorted((a, b) => b.words.length - a.words.length)) {
    const whole = mentions(q.text, words.join(' '));
    let said = whole && words.join(' ').length >= 6 ? whole : undefined;
    for (let size = words.length - 1; !said && size >= (options.firstWord ? 1 : 2); size--) {
      const head = words.slice(0, size).join(' ');
      const unique = names.filter((other) => other.words.slice(0, size).join(' ') === head).length === 1;
      if (unique && head.length >= (size === 1 ? 5 : 8) && ` ${q.text} `.includes(` ${head} `)) said = head;
    }
    if (said) {
      found.push(party);
      q.takePhrase(said);
    }
  }
  return found;
}

/** What money moved with a counterparty: it paid us, we paid it, it billed us, we billed or sold to it. */
function moneyVerbIn(q: Question, parties: readonly ParserCounterparty[]): ChatMetric | undefined {
  // Only with a counterparty named or asked about: "how much interest did we pay" is the interest expense.
  if (!parties.length && !/\b(customers?|clients?|custmers?|suppliers?|vendors?|payees?)\b/.test(q.rest))
    return undefined;
  const verbs: [RegExp, ChatMetric][] = [
    [
      /\b(paid us|pay us|pays us|paying us|received from|receipts? from|cash received( from)?|collected from|collections from|payments? from)\b/,
      'cash_received',
    ],
    [
      /\b(bill(ed|s)? us|invoice(d|s)? us|bills? from|bills? received|sent us bills|billed by|bills|billed( amount)?)\b/,
      'billed',
    ],
    [
      /\b(did we pay|we paid|paid to|pay to|payments? to|paid|payments|spend with|spent with|spending with|spent at|spend at|did we send|we sent|sent to|send to|sent|send|remitted( to)?|remit( to)?)\b/,
      'cash_paid',
    ],
  ];
  for (const [pattern, metric] of verbs) if (q.take(pattern).length) return metric;
  if (
    (parties.length || /\b(customers?|clients?|custmers?)\b/.test(q.rest)) &&
    q.take(
      /\b(bill(ed)?|invoice(d)?|sold( to)?|sell to|buy from us|bought( from us)?|buy|purchased from us|sales to|revenue from)\b/,
    ).length
  )
    return 'revenue';
  return undefined;
}

interface Counted {
  target: NonNullable<SemanticQuery['countDistinct']>;
  role?: ParserCounterparty['role'];
  /** What the counted lines are: invoices debit receivables; bills credit payables. */
  subtypes?: string[];
  metric?: ChatMetric;
}

/** "How many (different) customers / suppliers / departments / accounts / invoices / bills". */
function countingIn(q: Question): Counted | undefined {
  // A few words may stand between: "how many raw material suppliers" (they are read as names after).
  const match = q.rest.match(
    /\b(how many|number of|count of|count the|count)( different| distinct| unique| separate| active)?((?: [a-z]+){0,3}?) ((sales |customer )?invoices?|bills?|customers?|clients?|custmers?|suppliers?|vendors?|payees?|departments?|depts?|teams?|(expense |revenue |gl )?accounts?|counterpart(y|ies)|journals?|journal entries|entries)\b/,
  );
  if (!match) return undefined;
  const noun = match[4]!;
  q.rest = q.rest.replace(match[0], ` ${match[3]!.trim()} `).replace(/\s+/g, ' ');
  if (/invoice/.test(noun)) return { target: 'journal', subtypes: ['receivable'], metric: 'amount' };
  if (/bill/.test(noun)) return { target: 'journal', metric: 'billed' };
  if (/customer|client|custmer/.test(noun)) return { target: 'counterparty', role: 'customer' };
  if (/supplier|vendor|payee/.test(noun)) return { target: 'counterparty', role: 'supplier' };
  if (/dep|team/.test(noun)) return { target: 'department' };
  if (/journal|entries/.test(noun)) return { target: 'journal' };
  if (/counterpart/.test(noun)) return { target: 'counterparty' };
  const kind = noun.match(/^(expense|revenue) /)?.[1];
  return { target: 'account', ...(kind ? { metric: kind === 'expense' ? 'expenses' : 'revenue' } : {}) };
}

/** Departments by name; one named like a metric ("Sales") only with "department" or "team" beside it. */
function departmentsIn(text: string, context: ParserContext): string[] {
  const others = (name: string) =>
    context.departments
      .map(normalize)
      .filter((other) => other !== name)
      .map((other) => other.replace(/&/g, '\\&'))
      .join('|');
  return context.departments.filter((department) => {
    const name = normalize(department);
    if (!mentions(text, name)) return false;
    const isMetricWord = METRIC_WORDS.some(([pattern]) => pattern.test(` ${name} `));
    // "Sales and Marketing costs": a department beside another one is a department.
    return (
      !isMetricWord ||
      new RegExp(`\\b${name} (department|dept|team)\\b|\\b(department|dept|team) ${name}\\b`).test(text) ||
      (others(name) !== '' &&
        new RegExp(`\\b${name} (and|&) (${others(name)})\\b|\\b(${others(name)}) (and|&) ${name}\\b`).test(text))
    );
  });
}

/** Takes a department's name out; one named like a metric ("Sales") only with "department" or "team" beside it. */
function takeDepartment(q: Question, department: string) {
  const name = normalize(department).replace(/&/g, '\\&');
  const isMetricWord = METRIC_WORDS.some(([pattern]) => pattern.test(` ${normalize(department)} `));
  if (isMetricWord && new RegExp(`\\b${name} (and|&) |\\b(and|&) ${name}\\b`).test(q.rest))
    q.take(new RegExp(`\\b(the )?${name}\\b`));
  else if (isMetricWord)
    q.take(new RegExp(`\\b(the )?${name} (department|dept|team)\\b|\\b(the )?(department|dept|team) ${name}\\b`));
  else q.take(new RegExp(`\\b(the )?${name}( department| dept| team)?\\b`));
}

/** Account groups mean the group and every account under it. */
function withDescendants(accounts: readonly ParserAccount[], code: string): string[] {
  const codes = [code];
  for (let i = 0; i < codes.length; i++)
    for (const account of accounts)
      if (account.parentCode === codes[i] && !codes.includes(account.code)) codes.push(account.code);
  return codes;
}

/** Breakdowns ("by month", "per department", "monthly"), taken out of the question. */
function dimensionsIn(q: Question): ChatDimension[] {
  const found: ChatDimension[] = [];
  const add = (dimension: ChatDimension, pattern: RegExp) => {
    if (q.take(pattern).length && !found.includes(dimension)) found.push(dimension);
  };
  add(
    'period',
    /\b(by|per|each|every|for each) month\b|\bmonthly\b|\bmonth by month\b|\btrend(s|ing|ed)?\b|\bover time\b|\bmonth on month breakdown\b/,
  );
  add('quarter', /\b(by|per|each|for each) quarter\b|\bquarterly\b/);
  add('fiscal_year', /\b(by|per|each|for each) (fiscal )?year\b|\byearly\b|\bannual(ly)?\b/);
  add('department', /\b(by|per|each|for each|across|split by) (department|dept|team)s?\b/);
  add('entity', /\b(by|per|each|for each) entit(y|ies)\b/);
  add('counterparty', /\b(by|per|each|for each) (counterpart(y|ies)|customers?|suppliers?|vendors?|clients?)\b/);
  add('account_subtype', /\b(by|per|each) (account )?subtype\b/);
  add('account_type', /\b(by|per|each) (account )?type\b/);
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
function rankingIn(q: Question): Ranking | undefined {
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
  if (!limit && !which && !category) return undefined;
  // "best"/"worst" of a period read the figure's size; "most"/"least" likewise.
  const direction = rank && new RegExp(`^(${RANK_LOW})$`).test(rank[1]!) ? 'asc' : 'desc';
  let dimension = category?.[1];
  // Time was read out of the question before: a "month" still in it is what is ranked ("the best month").
  dimension ??= 'account';
  // "Rank the quarters", "our top customers", "the biggest costs": every one, in order; "which month", "the best
  // customer": one.
  const saidCategory = category ? q.rest.match(category[0])?.[0] : undefined;
  const plural = saidCategory
    ? /s$/.test(saidCategory)
    : new RegExp(`\\b(?:${RANK_HIGH}|${RANK_LOW}) (?:[a-z]+ )?(expenses|costs|expenditures)\\b`).test(q.rest);
  q.take(new RegExp(`\\b(highest first|lowest first|${RANK_HIGH}|${RANK_LOW}|rank(ed|ing)?)\\b`));
  if (n) q.take(new RegExp(`\\b${n}\\b`));
  if (category) q.take(category[0]);
  q.take(/\b(which|who|with the|with)\b/);
  const everyOne = (ranks || plural) && !limit;
  return { dimension, named: category !== undefined, direction, limit: everyOne ? undefined : (limit ?? 1) };
}

const ABOVE =
  'more than|greater than|higher than|bigger than|larger than|over|above|exceeding|exceeded|exceeds|exceed|in excess of|at least|north of|upwards of|>=|>';
const BELOW = 'less than|lower than|smaller than|under|below|at most|fewer than|<=|<';
const THRESHOLD = new RegExp(
  `(${ABOVE}|${BELOW})\\s*\\$?\\s*(\\d[\\d,]*(?:\\.\\d+)?)\\s*(k|m|mm|mn|million|thousand|bn|b|billion)?(?![\\w%])(?!\\s*(?:%|percent|months?|quarters?|years?|days?|weeks?))`,
);
const MULTIPLIERS: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, mn: 1e6, million: 1e6 };

/**
 * "More than $1M", "under 50k", "at least 250,000": a figure rows must pass, read from the question as written
 * (decimals and $ intact); `said` is its words as the parser reads them. A year ("over 2025") is not an amount.
 */
function thresholdIn(
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
function categoryIn(q: Question): ChatDimension | undefined {
  const category = CATEGORY.find(([pattern]) => pattern.test(q.rest));
  if (category) q.take(category[0]);
  q.take(/\b(where|whose|that|with|which|who)\b/);
  return category?.[1];
}

/** Slips in metric and time words ("revnue", "expnses", "gross margn", "Febuary"), corrected in place. */
function correctSlips(q: Question, known: ReadonlySet<string>) {
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
    'month',
    'expense',
  ];
  const words = q.words().map((word) => {
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
  q.rest = ` ${words.join(' ')} `;
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

/** The money flows a ratio or a decomposition reads. */
const FLOW_METRICS: readonly ChatMetric[] = [
  'revenue',
  'cost_of_sales',
  'gross_profit',
  'operating_expenses',
  'other_expenses',
  'expenses',
  'net_income',
  'other_income',
  'ebitda',
  'operating_income',
  'amount',
  'cash_received',
  'cash_paid',
  'billed',
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

const unknownAnswer = (
  understood: string[],
  unknown: string[],
  suggestions: string[],
  reason?: string,
): ParseResult => ({ kind: 'unknown', understood, unknown, suggestions, ...(reason ? { reason } : {}) });

/** "X as a % of Y", "X as a share of Y", "what share of Y was X", "X to Y", "ratio of X to Y": the two sides. */
const RATIO_PATTERNS: RegExp[] = [
  /^(?:.*? )?(?:what|which) (?:share|proportion|percentage|percent|%) (?:of )?(?<den>.+?) (?:does|did|do) (?<num>.+?) (?:make up|represent|account for|take)$/,
  /^(?:.*? )?(?:what|which|how much of) (?:share|proportion|percentage|percent|%|part|portion|fraction) (?:of )?(?<den>.+?) (?:is|was|were|are|did|came from|went to|comes from|goes to|made up by|is made up of) (?<num>.+)$/,
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
    if (num.kind === 'unknown' && !num.unknown.length && !num.reason && den.kind === 'query')
      num = parseQuestion(`${match.groups.den!} ${match.groups.num!}`, context, { sides: false });
    const measure = (side: ParseResult | undefined) =>
      side?.kind === 'query' &&
      side.query.metrics.length === 1 &&
      FLOW_METRICS.includes(side.query.metrics[0]!) &&
      !side.query.dimensions.length &&
      !side.query.compare
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

export function parseQuestion(
  question: string,
  context: ParserContext,
  /** sides: false for one side of a ratio; prefer: the kinds of account it is about, first. */
  options: { sides?: boolean; prefer?: string[][] } = {},
): ParseResult {
  const passing = options.sides === false ? undefined : thresholdIn(question);
  const text = passing ? ` ${readable(question)} `.replace(` ${passing.said} `, ' ').trim() : readable(question);
  const calendar = calendarOf(context);
  // The effective tax rate: income tax as a percentage of profit before tax.
  if (options.sides !== false && /\b(effective (income )?tax rate|etr)\b/.test(text)) {
    const time = readTime(text, calendar);
    if (time.outside) return unknownAnswer([], [], rephrasings(context), `${time.outside}.`);
    const rest = new Question(text);
    rest.take(/\b(effective (income )?tax rate|etr)\b/);
    for (const phrase of time.matched) rest.takePhrase(phrase);
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
  if (counted && passing)
    return unknownAnswer(
      [],
      [passing.said],
      rephrasings(context),
      'Chat DB lists the ones above or below a figure rather than counting them: ask, for example, "suppliers we paid more than 50k in 2025".',
    );
  const role: ParserCounterparty['role'] | undefined = /\b(customers?|clients?|custmers?|buyers?)\b/.test(q.rest)
    ? 'customer'
    : /\b(suppliers?|vendors?|payees?)\b/.test(q.rest)
      ? 'supplier'
      : counted?.role;

  // Names first: "Sales Commissions" is an account, "Engineering Services" is not the Engineering department.
  const years = new Set(context.periods.map((p) => String(p.fiscalYear)));
  const groups = BALANCE_GROUPS.filter(([pattern]) => q.has(pattern));
  for (const [pattern] of groups) q.take(pattern);
  // What a customer owes us is its receivable; what we owe a supplier, its payable.
  const owedRole = parties[0]?.role ?? role;
  if (
    !groups.length &&
    (owedRole === 'customer' || owedRole === 'supplier') &&
    q.take(/\b(owes?|owed|owing|outstanding|unpaid|open balance|balance due|due)\b/).length
  )
    groups.push(
      BALANCE_GROUPS.find(([, , subtypes]) => subtypes.includes(owedRole === 'customer' ? 'receivable' : 'payable'))!,
    );
  const groupSubtypes = groups.flatMap(([, , subtypes]) => [...subtypes]);
  // Which kind of account the question is about: a balance ("drawn", "at 12/31") or a cost, a customer's revenue.
  const prefer: string[][] = [...(options.prefer ?? [])];
  if (role === 'customer') prefer.push(['revenue']);
  if (role === 'supplier') prefer.push(['expense', 'asset']);
  if (/\b(balance|drawn|owe|owed|outstanding|as of|as at|at the end|at \d|end of|position)\b/.test(text))
    prefer.push(['asset', 'liability', 'equity']);
  if (/\b(expenses?|costs?|spend|spent|charges?|interest)\b/.test(text)) prefer.push(['expense']);
  const read = accountsIn(q, context, years, prefer);
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
  const nameWords = new Set(context.accounts.flatMap((account) => normalize(account.name).split(' ')));
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
      /\b((over|under|above|below|ahead of|behind)( or (over|under|above|below|ahead of|behind))? |vs |versus |against |compared (to|with) |relative to |to )?(the )?(budget(ed)?|plan(ned)?|forecast(ed)?)( vs actuals?| versus actuals?)?\b/,
    ).length > 0;
  if (wantsBudget) q.take(/\b(by how much|how far|and by how much)\b/);
  // A side of a ratio is a figure, not a budget ("as a % of budget" is not a ratio of two figures).
  if (wantsBudget && options.sides === false) return unknownAnswer(understood, ['budget'], rephrasings(context));
  const ranking = rankingIn(q);
  const listed = passing && !ranking ? categoryIn(q) : undefined;
  q.take(/\b(department|dept|team)\b/);
  // "Give me the $ and % change", "% growth": the change and its percentage, which a comparison carries.
  const percentChange =
    q.take(
      /(\band )?(%|percent(age)?) ?(change|growth|increase|decrease|difference|movement)\b|\b(change|growth|increase|decrease) ?(%|percent(age)?)(?= |$)/,
    ).length > 0;
  const changeWords =
    q.take(/\b(growth|grow|grew|change|changed|increase|decrease|difference|moved|move)\b/).length > 0 || percentChange;
  const movementWords = q.take(/\b(movement|activity|net change)\b/).length > 0;
  const metrics: ChatMetric[] = [];
  for (const [pattern, metric] of METRIC_WORDS)
    if (q.take(pattern).length && !metrics.includes(metric)) metrics.push(metric);
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
  if (counted?.metric && !metrics.length) metrics.push(counted.metric);
  if (countRows?.condition && !metrics.length) metrics.push('net_income');
  if (counted?.subtypes) groupSubtypes.push(...counted.subtypes);
  const partyRole = role ?? parties[0]?.role;
  if (!metrics.length && !read.accounts.length && !groups.length && partyRole && partyRole !== 'other')
    metrics.push(partyRole === 'customer' ? 'revenue' : 'billed');
  // Counting the counterparties of named accounts: those on lines that move the accounts their own way.
  if (!metrics.length && counted) metrics.push(read.accounts.length ? 'amount' : 'line_count');

  // "Why did opex go up", "what drove the change in revenue": the change split into its contributors.
  const explains =
    q.take(
      /\b(why|what drove|what drives|what caused|what is behind|whats behind|drivers?|drove|driven|explain|explanation|behind|caused|contribut\w*|break ?down|break (it|that|this) down|reasons?|account for|decompose|decomposition|bridge|walk|(biggest |largest |top )?movers)\b/,
    ).length > 0;
  // "Opex variance to budget by department": the variance split into its contributors.
  const explainsVariance = wantsBudget && !explains && q.take(/\bvariances?\b/).length > 0;
  // What the change is split by: departments, customers, or (by default) accounts.
  const explainedBy: ChatDimension | undefined = !(explains || explainsVariance)
    ? undefined
    : /\b(which|by|what|the) (departments?|depts?|teams?)\b|\bdepartments\b/.test(text)
      ? 'department'
      : /\b(which|by|what|the) (customers?|clients?)\b|\b(customers|clients)\b/.test(text)
        ? 'counterparty'
        : undefined;
  if (explainedBy) q.take(/\b(which |the |by |what )?(departments?|depts?|teams?|customers?|clients?)\b/);
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
    if (wantsBudget) metrics.push(departments.length ? 'expenses' : 'net_income');
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

  const allDimensions = [...dimensions];
  const accountTypes: string[] = [...types];
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
  if (countRows) allDimensions.splice(0, allDimensions.length, countRows.dimension);
  // A threshold keeps rows of a breakdown; on a single figure it is the figure ("did revenue pass $1M?"). Months
  // counted meet theirs: a loss, a profit, the budget beaten or missed, a figure.
  const threshold: SemanticQuery['threshold'] = countRows
    ? countRows.condition
      ? { op: countRows.condition === 'loss' ? 'lt' : 'gt', value: 0 }
      : wantsBudget
        ? { op: beatsBudget ? 'gt' : 'lt', value: 0, against: 'budget' }
        : passing?.threshold
    : passing && allDimensions.length
      ? passing.threshold
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
  if (ranking) order = { by: metrics[0]!, direction: ranking.direction };
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
            ? { compare: 'previous_period' }
            : {};
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
    const against = time.against ?? {
      from: addMonths(time.range.from, -(monthsBetween(time.range.from, time.range.to) + 1)),
      to: addMonths(time.range.from, -1),
      label: '',
      kind: 'previous_period' as const,
    };
    // "Explain the variance in opex vs budget": the variance split into its contributors.
    const againstLabel = wantsBudget ? 'budget' : against.label || spanWords(against.from, against.to);
    const query: SemanticQuery = {
      metrics: [metrics[0]!],
      dimensions: [by],
      filters: {
        ...(accountCodes.size ? { accountCodes: [...accountCodes] } : {}),
        ...(departments.length ? { departments } : {}),
        ...(entities.length ? { entities } : {}),
      },
      timeRange: { from: time.range.from, to: time.range.to },
      ...(wantsBudget
        ? { compare: 'budget' as const }
        : against.kind === 'prior_year'
          ? { compare: 'prior_year' as const }
          : { compare: 'previous_period' as const, compareMonthsBack: monthsBetween(against.from, time.range.from) }),
      decompose: true,
      // "Top 5 accounts": the five largest contributors.
      ...(ranking?.limit && ranking.limit > 1 ? { limit: ranking.limit } : {}),
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
  const partyNames = parties.length
    ? parties.map((party) => party.name)
    : role && role !== 'other' && byParty
      ? (context.counterparties ?? []).filter((party) => party.role === role).map((party) => party.name)
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
    ...(counted ? { countDistinct: counted.target } : {}),
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
      accounts: read.said,
      groups: groups.map(([, label]) => label),
      against:
        time.against?.label ??
        (balanceMove
          ? `the end of ${spanWords(addMonths(time.range.to, -balanceMove), addMonths(time.range.to, -balanceMove))}`
          : undefined),
      ...(partyWords ? { parties: partyWords } : {}),
    }),
  };
}

const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5));

const ELLIPTICAL =
  /^(and|what about|how about|same(?! (period|month|months|quarter|time)\b)|now|then|also|what of|ok and|okay and|as a|as an|as %|in %|by|vs|versus|compared (to|with)|against)(?= |$)/;
/** Words pointing back at the answer before: "was that", "those months", "of that". */
const REFERS_BACK =
  /\b(that|those|then|it) (period|months?|quarters?|years?|time|in total|total)\b|\b(was|were|is|does|did|do) (that|those|it)\b|\bof (that|those)\b|\b(that|it) compares?\b/;
/** Whether a question leans on the one before ("and the quarter before?", "what about Marketing?", "was that"). */
export const isFollowUp = (question: string) =>
  ELLIPTICAL.test(readable(question)) || REFERS_BACK.test(readable(question));

/**
 * A follow-up: the previous query with what the new question changes — its time ("the quarter before": the
 * previous range moved back by its own length), department, breakdown, comparison or metric. A question that
 * names its own metric keeps it; one with words that change the answer and are not understood is not answered.
 */
export function followUp(question: string, previous: SemanticQuery, context: ParserContext): ParseResult {
  // "and", "what about" go; "by" and "vs" stay, they say the breakdown or the comparison.
  const text = readable(question)
    .replace(ELLIPTICAL, (word) => (/^(by|vs|versus|compared|against)/.test(word) ? word : ' '))
    .trim();
  const calendar = calendarOf(context);
  const q = new Question(text);
  q.take(/\b(that|those|then|it|in total|for|as well|too|instead)\b/);
  const query: SemanticQuery = structuredClone(previous);
  // "as a % of revenue?": the figure before as a percentage of another.
  const share = text.match(/^(?:and )?(?:as )?(?:a |an )?(?:%|percent|percentage|share|proportion) (?:of|to) (.+)$/);
  if (share && !previous.ratio && !previous.dimensions.length && FLOW_METRICS.includes(previous.metrics[0]!)) {
    const side = parseQuestion(share[1]!, context, { sides: false });
    if (side.kind === 'query' && side.query.metrics.length === 1 && FLOW_METRICS.includes(side.query.metrics[0]!)) {
      const { entities, ...filters } = previous.filters;
      const { entities: _ignored, ...denominator } = side.query.filters;
      const ratioQuery: SemanticQuery = {
        metrics: [previous.metrics[0]!],
        dimensions: [],
        filters: entities?.length ? { entities } : {},
        timeRange: previous.timeRange,
        ratio: {
          numerator: { metric: previous.metrics[0]!, filters },
          denominator: { metric: side.query.metrics[0]!, filters: denominator },
        },
      };
      const when = spanWords(previous.timeRange.from, previous.timeRange.to);
      return {
        kind: 'query',
        query: ratioQuery,
        when,
        reading: `${describeReading(previous, { when, accounts: [], groups: [] }).split(', ')[0]} as a percentage of ${side.reading.split(', ')[0]!.toLowerCase()}, ${when}`,
      };
    }
  }
  const parties = counterpartiesIn(q, context, {
    firstWord:
      (previous.filters.counterparties?.length ?? 0) > 0 && (previous.filters.counterparties?.length ?? 0) <= 3,
  });
  if (parties.length) query.filters = { ...query.filters, counterparties: parties.map((party) => party.name) };
  // "And audit fees?": another account, in the same period and departments.
  const years = new Set(context.periods.map((p) => String(p.fiscalYear)));
  const read = accountsIn(q, context, years, []);
  if (read.accounts.length) {
    const codes = new Set<string>();
    for (const account of read.accounts)
      for (const code of withDescendants(context.accounts, account.code)) codes.add(code);
    const { accountTypes: _types, accountSubtypes: _subtypes, ...rest } = query.filters;
    query.filters = { ...rest, accountCodes: [...codes] };
    const balanceSheet = read.accounts.every((a) => ['asset', 'liability', 'equity'].includes(a.type));
    query.metrics = [balanceSheet ? 'balance' : 'amount'];
    for (const key of ['ratio', 'countDistinct', 'decompose'] as const) delete query[key];
  }
  // "How many vendors was that with?": the lines of the answer before, counted.
  const counted = countingIn(q);
  if (counted) {
    query.countDistinct = counted.target;
    delete query.order;
    delete query.limit;
    query.dimensions = [];
    if (counted.role && counted.role !== 'other' && !parties.length)
      query.filters = {
        ...query.filters,
        counterparties: (context.counterparties ?? [])
          .filter((party) => party.role === counted.role)
          .map((party) => party.name),
      };
  }
  // "Break that down by month": the breakdown is read below.
  q.take(
    /\b(break|split|broken|breaking|splitting) (that |it |this |those )?(down|out|up)\b|\b(breakdown|split|broken down)\b/,
  );
  const compares = q.take(/\b(compare|compared|comparing|comparison|vs|versus|against|relative to)\b/).length > 0;
  const months = (from: string, to: string) => monthsBetween(from, to) + 1;
  const span = (from: string, to: string) => spanWords(from, to);
  let when = span(query.timeRange.from, query.timeRange.to);
  const before = q.take(
    /\b(the )?(quarter|month|year|period) before( that)?\b|\b(the )?(previous|prior) (period|one)\b/,
  )[0];
  if (before) {
    // "The year before": the same months a year earlier; "the quarter before": three months back; "the period
    // before": the range's own length back.
    const unit = before.match(/\b(quarter|month|year)\b/)?.[1];
    const n =
      unit === 'year'
        ? 12
        : unit === 'quarter'
          ? 3
          : unit === 'month'
            ? 1
            : months(previous.timeRange.from, previous.timeRange.to);
    query.timeRange = { from: addMonths(previous.timeRange.from, -n), to: addMonths(previous.timeRange.to, -n) };
    when = span(query.timeRange.from, query.timeRange.to);
  } else {
    let time = readTime(q.text, calendar);
    // "same for Q2" after a question about 2025: Q2 of 2025.
    if (time.yearless) {
      q.rest = ` ${q.text} ${calendar.fiscalYearOf(previous.timeRange.to)} `;
      time = readTime(q.text, calendar);
    }
    if (time.outside && !time.monthsBack) return unknownAnswer([], [], rephrasings(context), `${time.outside}.`);
    if (time.monthsBack) {
      // "Compare with the same month last year": the months before against as many months back; "what about a
      // year ago?": those months moved back.
      for (const phrase of time.matched) q.takePhrase(phrase);
      const back = time.monthsBack;
      if (compares) {
        if (back === 12) query.compare = 'prior_year';
        else Object.assign(query, { compare: 'previous_period', compareMonthsBack: back });
      } else {
        query.timeRange = {
          from: addMonths(previous.timeRange.from, -back),
          to: addMonths(previous.timeRange.to, -back),
        };
        when = span(query.timeRange.from, query.timeRange.to);
      }
    } else if (time.explicit && compares && time.range.from !== previous.timeRange.from) {
      // "vs last year?", "compared with 2026": the later of the two against the earlier, as many months back.
      for (const phrase of time.matched) q.takePhrase(phrase);
      const balances = previous.metrics.every((m) => m === 'balance' || m === 'closing_cash');
      const [later, earlier] =
        time.range.from > previous.timeRange.from
          ? [{ from: time.range.from, to: time.range.to }, previous.timeRange]
          : [previous.timeRange, time.range];
      query.timeRange = { from: balances ? later.to : later.from, to: later.to };
      when = span(query.timeRange.from, query.timeRange.to);
      const back = balances ? monthsBetween(earlier.to, later.to) : monthsBetween(earlier.from, later.from);
      if (back === 12) query.compare = 'prior_year';
      else Object.assign(query, { compare: 'previous_period', compareMonthsBack: back });
    } else if (time.explicit) {
      for (const phrase of time.matched) q.takePhrase(phrase);
      const point = time.point || previous.metrics.every((m) => m === 'balance' || m === 'closing_cash');
      query.timeRange = { from: point ? time.range.to : time.range.from, to: time.range.to };
      when = time.range.label;
    }
  }
  const dimensions = dimensionsIn(q);
  // After a department's figure, "and sales?" is the Sales department.
  const alone = previous.filters.departments?.length ? context.departments.filter((d) => normalize(d) === q.text) : [];
  const departments = alone.length ? alone : departmentsIn(q.text, context);
  if (alone.length) q.rest = ' ';
  for (const department of departments) takeDepartment(q, department);
  q.take(/\b(department|dept|team)\b/);
  if (departments.length) query.filters = { ...query.filters, departments };
  if (dimensions.length) query.dimensions = dimensions;
  // "Which was the biggest?", "top 3?": the breakdown before, ranked.
  const ranking = rankingIn(q);
  // "What drove that?", "why?": the change of the figure before, split into its contributors.
  const explains =
    q.take(/\b(why|what drove|what drives|what caused|whats behind|what is behind|drivers?|drove|explain|behind)\b/)
      .length > 0;
  if (q.take(/\b(vs|versus|against)? ?(the )?budget\b/).length) query.compare = 'budget';
  const metrics: ChatMetric[] = [];
  for (const [pattern, metric] of METRIC_WORDS)
    if (q.take(pattern).length && !metrics.includes(metric)) metrics.push(metric);
  if (metrics.length && !query.order) {
    // A figure of its own: not the count, ratio or split of the answer before.
    delete query.countDistinct;
    delete query.ratio;
    delete query.decompose;
    query.metrics = metrics;
    if (!metrics.includes('amount') && !metrics.includes('balance')) delete query.filters.accountCodes;
  }
  if (ranking) {
    if (ranking.named && !query.dimensions.includes(ranking.dimension)) query.dimensions = [ranking.dimension];
    if (!query.dimensions.length) query.dimensions = [ranking.dimension];
    query.order = { by: query.metrics[0]!, direction: ranking.direction };
    if (ranking.limit) query.limit = ranking.limit;
    else delete query.limit;
  }
  if (explains) {
    q.take(/\b(go|went) (up|down)\b|\b(change|changed|increase|decrease|rise|fall|drop|the|so much|up|down)\b/);
    if (query.metrics.length !== 1 || !FLOW_METRICS.includes(query.metrics[0]!) || query.ratio)
      return unknownAnswer(
        [],
        ['why'],
        rephrasings(context),
        'To explain a change, name one flow (revenue, cost of sales, gross profit, operating expenses, expenses, net income) and the period, e.g. "What drove the change in operating expenses last month?"',
      );
    const by =
      query.dimensions.find((d) => ['account', 'department', 'counterparty', 'entity'].includes(d)) ?? 'account';
    for (const key of ['order', 'limit', 'threshold', 'perMonth', 'countDistinct'] as const) delete query[key];
    query.dimensions = [by];
    query.decompose = true;
    if (query.compare !== 'prior_year' && query.compare !== 'previous_period')
      Object.assign(query, {
        compare: 'previous_period',
        compareMonthsBack: months(query.timeRange.from, query.timeRange.to),
      });
  }
  const unknown = q.words().filter((word) => !FILLER.has(word));
  if (unknown.length) return unknownAnswer([], unknown, rephrasings(context));
  // The compared months in words, moved with the question's.
  const back =
    query.compare === 'previous_period'
      ? (query.compareMonthsBack ?? months(query.timeRange.from, query.timeRange.to))
      : query.compare === 'prior_year'
        ? 12
        : undefined;
  const against =
    back === undefined
      ? undefined
      : spanWords(addMonths(query.timeRange.from, -back), addMonths(query.timeRange.to, -back));
  return {
    kind: 'query',
    query,
    when,
    reading: describeReading(query, { when, ...saidOf(query, context), ...(against ? { against } : {}) }),
    ...(against ? { against } : {}),
  };
}

/** What a query carried over from the conversation names, in words: its accounts and its counterparties. */
function saidOf(query: SemanticQuery, context: ParserContext) {
  const codes = new Set(query.filters.accountCodes ?? []);
  const accounts = context.accounts
    .filter((account) => codes.has(account.code) && !codes.has(account.parentCode ?? ''))
    .map((account) => account.name);
  const names = query.filters.counterparties ?? [];
  const roles = new Set(
    names.map((name) => context.counterparties?.find((party) => party.name === name)?.role ?? 'other'),
  );
  const parties =
    names.length === 0
      ? undefined
      : names.length <= 3
        ? names.join(', ')
        : roles.size === 1 && roles.has('customer')
          ? 'customers'
          : roles.size === 1 && roles.has('supplier')
            ? 'suppliers'
            : 'counterparties';
  return { accounts, groups: [], ...(parties ? { parties } : {}) };
}

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
