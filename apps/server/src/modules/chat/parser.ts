import type { ChatDimension, ChatMetric, SemanticQuery } from '@finboard/shared/chat';
import { addMonths } from './compiler.ts';

/**
 * The built-in parser: a question in plain English → a semantic query, offline and deterministic. It knows
 * finance synonyms, time expressions, top/bottom N, "by …", "vs budget" and "compared to last year", and
 * matches account and department names and codes against the organization's own data (ParserContext).
 */

export interface ParserAccount {
  code: string;
  name: string;
  type: string;
  subtype: string | null;
  parentCode: string | null;
}

export interface ParserContext {
  accounts: readonly ParserAccount[];
  departments: readonly string[];
  entities: readonly string[];
  /** 00_Period: the fiscal calendar. */
  periods: readonly { period: string; fiscalYear: number; fiscalPeriod: number }[];
  /** The latest period with ledger lines: "this month" of the books. */
  lastPeriod: string;
}

export type ParseResult =
  | { kind: 'query'; query: SemanticQuery; description: string }
  | { kind: 'unknown'; understood: string[]; suggestions: string[] };

const METRIC_WORDS: [RegExp, ChatMetric][] = [
  [/\bgross margin\b/, 'gross_margin_pct'],
  [/\b(net|profit) margin\b/, 'net_margin_pct'],
  [/\bgross (profit|income)\b/, 'gross_profit'],
  [/\b(cost of (sales|goods sold|revenue)|cogs|direct costs?)\b/, 'cost_of_sales'],
  [/\b(opex|operating (expenses?|costs?|spend)|overheads?)\b/, 'operating_expenses'],
  [/\bother expenses?\b/, 'other_expenses'],
  [/\b(net income|net profit|net earnings|bottom line|net result|p ?& ?l|pnl|profit|earnings)\b/, 'net_income'],
  [/\b(cash in|cash inflows?|inflows?|receipts|money in|cash received)\b/, 'cash_in'],
  [/\b(cash out|cash outflows?|outflows?|money out|cash paid|cash spent)\b/, 'cash_out'],
  [/\b(net cash flow|cash flow|net cash)\b/, 'net_cash_flow'],
  [/\b(closing cash|cash balance|cash position|cash on hand|bank balance|how much cash|cash at)\b/, 'closing_cash'],
  [/\b(revenues?|sales|turnover|top line|income)\b/, 'revenue'],
  [/\b(expenses?|costs?|spend|spending|spent)\b/, 'expenses'],
  [/\b(number of journals|journals?|journal entries|entries)\b/, 'journal_count'],
  [/\b(gl lines|ledger lines|lines|transactions)\b/, 'line_count'],
  [/\bbalance\b/, 'balance'],
];

const MONTHS = [
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
const MONTH_PATTERN = `(${MONTHS.map((m) => `${m}|${m.slice(0, 3)}`).join('|')})`;
const NUMBER_WORDS: Record<string, number> = {
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
  twelve: 12,
};

const normalize = (value: string) =>
  value
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9&%]+/g, ' ')
    .trim();

const numberOf = (word: string | undefined) =>
  word === undefined ? undefined : /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word];

const monthIndex = (name: string) => MONTHS.findIndex((m) => m.startsWith(name.slice(0, 3)));

/** Edit distance, for names typed with a slip ("Legla fees"). */
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

/** Whether `name` (normalized words) stands in `text`, exactly or within a small edit distance per word group. */
function mentions(text: string, name: string): boolean {
  if (name.length < 3) return false;
  if (` ${text} `.includes(` ${name} `)) return true;
  if (name.length < 8) return false;
  const words = text.split(' ');
  const size = name.split(' ').length;
  for (let i = 0; i + size <= words.length; i++) {
    const window = words.slice(i, i + size).join(' ');
    if (distance(window, name) <= Math.floor(name.length / 8)) return true;
  }
  return false;
}

interface Calendar {
  fiscalYearOf(period: string): number;
  periodsOfYear(year: number): string[];
}

function calendarOf(context: ParserContext): Calendar {
  const byPeriod = new Map(context.periods.map((p) => [p.period, p]));
  return {
    fiscalYearOf: (period) => byPeriod.get(period)?.fiscalYear ?? Number(period.slice(0, 4)),
    periodsOfYear: (year) => {
      const found = context.periods.filter((p) => p.fiscalYear === year).map((p) => p.period);
      return found.length ? found : MONTHS.map((_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
    },
  };
}

interface TimeAnswer {
  from: string;
  to: string;
  label: string;
  dimension?: ChatDimension;
  compare?: 'prior_year';
}

/** Time expressions; the default is the fiscal year to date of the latest period with data. */
function timeOf(text: string, context: ParserContext, calendar: Calendar): TimeAnswer & { explicit: boolean } {
  const last = context.lastPeriod;
  const lastYear = calendar.fiscalYearOf(last);
  const yearStart = (year: number) => calendar.periodsOfYear(year)[0]!;
  const yearEnd = (year: number) => calendar.periodsOfYear(year).at(-1)!;
  const quarterOf = (year: number, quarter: number) => {
    const periods = calendar.periodsOfYear(year);
    return { from: periods[(quarter - 1) * 3]!, to: periods[Math.min(quarter * 3, periods.length) - 1]! };
  };
  const quarterNumber = (period: string) => {
    const index = calendar.periodsOfYear(calendar.fiscalYearOf(period)).indexOf(period);
    return Math.floor(Math.max(index, 0) / 3) + 1;
  };
  const compare =
    /\b(compared (to|with)|vs\.?|versus|against) (the )?(last|prior|previous) year\b|\byear over year\b|\byoy\b/.test(
      text,
    )
      ? ('prior_year' as const)
      : undefined;
  const done = (answer: TimeAnswer) => ({ ...answer, compare: compare ?? answer.compare, explicit: true });

  let match = text.match(/\b(?:in |over |for )?(?:the )?(?:last|past|previous) (\d+|[a-z]+) months\b/);
  if (match && numberOf(match[1])) {
    const n = numberOf(match[1])!;
    return done({
      from: addMonths(last, -(n - 1)),
      to: last,
      label: `the last ${n} months (${addMonths(last, -(n - 1))} to ${last})`,
    });
  }
  const quarterMatch = text.match(/\bq([1-4])(?: of)?(?: fy)? ?(\d{4})\b/);
  const quarterAfter = text.match(/\b(?:fy ?)?(\d{4}) q([1-4])\b/);
  if (quarterMatch || quarterAfter) {
    const quarter = Number(quarterMatch ? quarterMatch[1] : quarterAfter![2]);
    const year = Number(quarterMatch ? quarterMatch[2] : quarterAfter![1]);
    return done({ ...quarterOf(year, quarter), label: `Q${quarter} ${year}` });
  }
  if (/\b(last|previous|prior) quarter\b/.test(text)) {
    const q = quarterNumber(last);
    const year = calendar.fiscalYearOf(last);
    const [y, qq] = q === 1 ? [year - 1, 4] : [year, q - 1];
    // "the quarter before": one more step back.
    return done({ ...quarterOf(y, qq), label: `Q${qq} ${y}` });
  }
  if (/\b(this|current) quarter\b|\bqtd\b|\bquarter to date\b/.test(text)) {
    const q = quarterNumber(last);
    const year = calendar.fiscalYearOf(last);
    return done({ from: quarterOf(year, q).from, to: last, label: `Q${q} ${year} to date` });
  }
  match = text.match(/\bfy ?(\d{4})\b|\b(?:fiscal )?year (\d{4})\b|\bin (\d{4})\b|\bfor (\d{4})\b/);
  if (match) {
    const year = Number(match[1] ?? match[2] ?? match[3] ?? match[4]);
    return done({ from: yearStart(year), to: year === lastYear ? last : yearEnd(year), label: `FY${year}` });
  }
  if (/\b(last|previous|prior) (fiscal )?year\b/.test(text) && !compare)
    return done({ from: yearStart(lastYear - 1), to: yearEnd(lastYear - 1), label: `FY${lastYear - 1}` });
  if (/\b(ytd|year to date|this year|this fiscal year|current year)\b/.test(text))
    return done({ from: yearStart(lastYear), to: last, label: `FY${lastYear} to date` });
  if (/\b(last|previous|prior) month\b|\bthis month\b|\blatest month\b|\bmost recent month\b/.test(text))
    return done({ from: last, to: last, label: last });
  match = text.match(new RegExp(`\\b${MONTH_PATTERN}(?: (\\d{4}))?\\b`));
  if (match && !(match[1] === 'may' && !match[2] && !/\bin may\b/.test(text))) {
    const month = monthIndex(match[1]!) + 1;
    let year = match[2] ? Number(match[2]) : Number(last.slice(0, 4));
    let period = `${year}-${String(month).padStart(2, '0')}`;
    if (!match[2] && period > last) period = `${(year -= 1)}-${String(month).padStart(2, '0')}`;
    return done({ from: period, to: period, label: period });
  }
  return { from: yearStart(lastYear), to: last, label: `FY${lastYear} to date`, compare, explicit: false };
}

function dimensionsOf(text: string): ChatDimension[] {
  const found: ChatDimension[] = [];
  const add = (dimension: ChatDimension) => !found.includes(dimension) && found.push(dimension);
  if (/\b(by|per|each|every) month\b|\bmonthly\b|\bmonth by month\b|\btrend\b|\bover time\b/.test(text)) add('period');
  if (/\b(by|per|each) quarter\b|\bquarterly\b/.test(text)) add('quarter');
  if (/\b(by|per|each) (fiscal )?year\b|\byearly\b|\bannual(ly)?\b/.test(text)) add('fiscal_year');
  if (/\b(by|per|each|which|what) (department|dept|team)s?\b|\bdepartments\b/.test(text)) add('department');
  if (/\b(by|per|each|which|what) entit(y|ies)\b|\bentities\b/.test(text)) add('entity');
  if (
    /\b(by|per|each|which|what) (counterpart(y|ies)|customers?|suppliers?|vendors?|clients?)\b|\b(customers|suppliers|vendors|clients|counterparties)\b/.test(
      text,
    )
  )
    add('counterparty');
  if (/\b(by|per|each) (account )?subtype\b/.test(text)) add('account_subtype');
  else if (/\b(by|per|each) (account )?type\b/.test(text)) add('account_type');
  else if (/\b(by|per|each|which|what) accounts?\b|\baccounts\b/.test(text)) add('account');
  return found;
}

const TYPE_WORDS: [RegExp, string][] = [
  [/\bassets?\b/, 'asset'],
  [/\bliabilit(y|ies)\b/, 'liability'],
  [/\bequity\b/, 'equity'],
];

/** Account groups mean the group and every account under it. */
function withDescendants(accounts: readonly ParserAccount[], code: string): string[] {
  const codes = [code];
  for (let i = 0; i < codes.length; i++)
    for (const account of accounts)
      if (account.parentCode === codes[i] && !codes.includes(account.code)) codes.push(account.code);
  return codes;
}

/** Departments by name; one named like a metric ("Sales") only with "department" or "team" beside it. */
function departmentsIn(text: string, context: ParserContext): string[] {
  return context.departments.filter((department) => {
    const name = normalize(department);
    if (!mentions(text, name)) return false;
    const isMetricWord = METRIC_WORDS.some(([pattern]) => pattern.test(name));
    return (
      !isMetricWord ||
      new RegExp(`\\b${name} (department|dept|team)\\b|\\b(department|dept|team) ${name}\\b`).test(text)
    );
  });
}

/** Metric words of `text`, in the order of METRIC_WORDS (the more specific first), and what is left of it. */
function metricsIn(text: string): { metrics: ChatMetric[]; remaining: string } {
  const metrics: ChatMetric[] = [];
  let remaining = ` ${text} `;
  for (const [pattern, metric] of METRIC_WORDS) {
    const global = new RegExp(pattern.source, 'g');
    if (global.test(remaining)) {
      if (!metrics.includes(metric)) metrics.push(metric);
      remaining = remaining.replace(global, ' ');
    }
  }
  return { metrics, remaining };
}

const FOLLOW_UP = /^(and|what about|how about|same|now|then|also|what of)\b/;
/** Whether a question leans on the one before ("and the quarter before?", "what about Marketing?"). */
export const isFollowUp = (question: string) => FOLLOW_UP.test(normalize(question));

/**
 * A follow-up: the previous query with what the new question changes — its time ("the quarter before": the
 * previous range moved back by its own length), department, breakdown, comparison or metric.
 */
export function followUp(question: string, previous: SemanticQuery, context: ParserContext): ParseResult {
  const text = normalize(question);
  const calendar = calendarOf(context);
  const query: SemanticQuery = structuredClone(previous);
  const months = (from: string, to: string) =>
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5)) + 1;
  let when = `${query.timeRange.from} to ${query.timeRange.to}`;
  if (/\b(quarter|month|year|period) before\b|\b(previous|prior) (period|one)\b/.test(text)) {
    const n = months(previous.timeRange.from, previous.timeRange.to);
    query.timeRange = { from: addMonths(previous.timeRange.from, -n), to: addMonths(previous.timeRange.to, -n) };
    when =
      query.timeRange.from === query.timeRange.to
        ? query.timeRange.from
        : `${query.timeRange.from} to ${query.timeRange.to}`;
  } else {
    const time = timeOf(text, context, calendar);
    if (time.explicit) {
      query.timeRange = { from: time.from, to: time.to };
      when = time.label;
    }
  }
  const departments = departmentsIn(text, context);
  if (departments.length) query.filters = { ...query.filters, departments };
  const dimensions = dimensionsOf(text);
  if (dimensions.length) query.dimensions = dimensions;
  if (/\bbudget\b/.test(text)) query.compare = 'budget';
  const { metrics } = metricsIn(text.replace(new RegExp(`\\b${MONTH_PATTERN}\\b`, 'g'), ' '));
  if (metrics.length && !query.order) query.metrics = metrics;
  return { kind: 'query', query, description: describe(query, when) };
}

export function parseQuestion(question: string, context: ParserContext): ParseResult {
  const text = normalize(question);
  const calendar = calendarOf(context);
  const understood: string[] = [];

  let rest = text;
  // Accounts: codes (a number that is not a year of the books) and names, the longest names first.
  const years = new Set(context.periods.map((p) => String(p.fiscalYear)));
  const accountCodes = new Set<string>();
  const matchedAccounts: ParserAccount[] = [];
  for (const [, code] of rest.matchAll(/\b(?:account |acct |#)?(\d{3,6})\b/g)) {
    const account = context.accounts.find((candidate) => candidate.code === code);
    if (account && (!years.has(code!) || new RegExp(`\\b(account|acct) ${code}\\b`).test(rest))) {
      matchedAccounts.push(account);
      rest = rest.replace(new RegExp(`\\b(account |acct )?${code}\\b`), ' ');
    }
  }
  const byLength = [...context.accounts].sort((a, b) => b.name.length - a.name.length);
  for (const account of byLength) {
    const name = normalize(account.name);
    // Names that are also metric words ("Revenue", "Cost of Sales") stay metrics.
    if (METRIC_WORDS.some(([pattern]) => new RegExp(`^${pattern.source}$`).test(name))) continue;
    if (name.split(' ').length < 2 && name.length < 6) continue;
    // A group named after a department ("Marketing Department") means the department.
    if (context.departments.some((d) => [normalize(d), `${normalize(d)} department`].includes(name))) continue;
    // "Accounts Receivable - Trade" is also asked for as "accounts receivable", when no other account starts so.
    const head = account.name.includes(' - ') ? normalize(account.name.split(' - ')[0]!) : undefined;
    const uniqueHead =
      head &&
      head.includes(' ') &&
      context.accounts.filter((other) => normalize(other.name).startsWith(head)).length === 1;
    const said = mentions(rest, name) ? name : uniqueHead && mentions(rest, head) ? head : undefined;
    if (said) {
      matchedAccounts.push(account);
      rest = ` ${rest} `.replace(` ${said} `, ' ').trim();
    }
  }
  for (const account of matchedAccounts)
    for (const code of withDescendants(context.accounts, account.code)) accountCodes.add(code);

  // Departments after accounts: "Engineering Services" is an account, not the Engineering department.
  const departments = departmentsIn(rest, context);
  for (const department of departments)
    rest = rest.replace(new RegExp(`\\b${normalize(department)}( department| dept| team)?\\b`, 'g'), ' ');
  const entities = context.entities.filter((entity) => mentions(text, normalize(entity)));

  const time = timeOf(rest, context, calendar);
  // Time words must not be read as metrics ("cash flow in March" is fine; "last year" is not "earnings").
  const metricText = rest
    .replace(new RegExp(`\\b${MONTH_PATTERN}\\b`, 'g'), ' ')
    .replace(/\b(vs|versus|compared to|against) budget\b/g, ' budget ');

  const { metrics, remaining } = metricsIn(metricText);
  const accountTypes = TYPE_WORDS.filter(([pattern]) => pattern.test(remaining)).map(([, type]) => type);
  if (accountTypes.length) understood.push(`accounts of type ${accountTypes.join(', ')}`);

  const subtypes: string[] = [];
  const wantsBudget = /\bbudget(ed)?\b/.test(text);
  const dimensions = dimensionsOf(rest);
  if (time.dimension && !dimensions.includes(time.dimension)) dimensions.unshift(time.dimension);

  // Top / bottom N.
  const NUMBER = `(\\d+|${Object.keys(NUMBER_WORDS).join('|')})`;
  const RANK = '(top|largest|biggest|highest|bottom|lowest|smallest|least)';
  const before = rest.match(new RegExp(`\\b${RANK} ${NUMBER}\\b`));
  const after = rest.match(new RegExp(`\\b${NUMBER} ${RANK}\\b`));
  const top = before
    ? { rank: before[1]!, n: numberOf(before[2]) }
    : after
      ? { rank: after[2]!, n: numberOf(after[1]) }
      : undefined;
  const topN = top?.n;
  const ascending = top ? /bottom|lowest|smallest|least/.test(top.rank) : false;
  const superlative =
    !top &&
    /\b(which|what) (department|account|customer|supplier|vendor|counterparty)\b.*\b(most|highest|largest|biggest|least|lowest)\b/.test(
      rest,
    );

  // An account or account type named: its movement (or balance for balance sheet accounts).
  const balanceSheet = (accounts: readonly ParserAccount[]) =>
    accounts.length > 0 && accounts.every((a) => ['asset', 'liability', 'equity'].includes(a.type));
  if (matchedAccounts.length || accountTypes.length) {
    const bs = balanceSheet(matchedAccounts) || (accountTypes.length > 0 && !matchedAccounts.length);
    const generic = metrics.filter(
      (m) => !['expenses', 'revenue', 'balance', 'journal_count', 'line_count'].includes(m),
    );
    if (!generic.length) {
      const counts = metrics.filter((m) => m === 'journal_count' || m === 'line_count');
      metrics.splice(
        0,
        metrics.length,
        ...((counts.length
          ? counts
          : [bs && !/\b(movement|change|activity)\b/.test(rest) ? 'balance' : 'amount']) as ChatMetric[]),
      );
    }
  }
  if (!metrics.length) {
    if (wantsBudget) metrics.push('net_income');
    else {
      if (departments.length) understood.push(`the ${departments.join(', ')} department`);
      if (time.explicit) understood.push(time.label);
      if (dimensions.length) understood.push(`a breakdown by ${dimensions.join(', ')}`);
      return { kind: 'unknown', understood, suggestions: rephrasings(context, time.label, departments[0]) };
    }
  }
  // Top N of something needs a category to rank.
  if ((topN || superlative) && !dimensions.some((d) => !['period', 'quarter', 'fiscal_year'].includes(d))) {
    if (/\b(customers?|clients?|suppliers?|vendors?)\b/.test(rest)) dimensions.push('counterparty');
    else if (/\bdepartments?\b/.test(rest)) dimensions.push('department');
    else dimensions.push('account');
  }
  if (dimensions.includes('account') && metrics.some((m) => FLOW_GROUP[m])) {
    // "Top 5 expense accounts": the accounts of that group, each with its movement.
    const group = FLOW_GROUP[metrics[0]!];
    if (group) {
      metrics[0] = 'amount';
      accountTypes.push(...group.types.filter((type) => !accountTypes.includes(type)));
      if (group.subtypes) subtypes.push(...group.subtypes);
    }
  }

  const firstMetric = metrics[0]!;
  const query: SemanticQuery = {
    metrics: metrics.slice(0, 6),
    dimensions: dimensions.slice(0, 3),
    filters: {
      ...(accountCodes.size ? { accountCodes: [...accountCodes] } : {}),
      ...(accountTypes.length ? { accountTypes: accountTypes as SemanticQuery['filters']['accountTypes'] } : {}),
      ...(subtypes.length ? { accountSubtypes: [...subtypes] } : {}),
      ...(departments.length ? { departments } : {}),
      ...(entities.length ? { entities } : {}),
    },
    timeRange: { from: time.from, to: time.to },
    ...(wantsBudget ? { compare: 'budget' as const } : time.compare ? { compare: time.compare } : {}),
    ...(topN || superlative
      ? { order: { by: firstMetric, direction: ascending ? ('asc' as const) : ('desc' as const) }, limit: topN ?? 1 }
      : {}),
  };
  return { kind: 'query', query, description: describe(query, time.label) };
}

/** Which accounts a flow metric covers, to rank its accounts. */
const FLOW_GROUP: Partial<Record<ChatMetric, { types: string[]; subtypes?: string[] }>> = {
  expenses: { types: ['expense'] },
  revenue: { types: ['revenue'] },
  cost_of_sales: { types: ['expense'], subtypes: ['cost_of_sales'] },
  operating_expenses: { types: ['expense'], subtypes: ['operating_expense'] },
};

function describe(query: SemanticQuery, timeLabel: string): string {
  const parts = [query.metrics.join(', ').replaceAll('_', ' ')];
  if (query.dimensions.length) parts.push(`by ${query.dimensions.join(', ').replaceAll('_', ' ')}`);
  if (query.filters.departments) parts.push(`for ${query.filters.departments.join(', ')}`);
  if (query.compare) parts.push(query.compare === 'budget' ? 'vs budget' : 'vs prior year');
  parts.push(timeLabel);
  return parts.join(' ');
}

/** Three questions the parser answers, shaped by what it understood and the organization's own names. */
export function rephrasings(context: ParserContext, timeLabel?: string, department?: string): string[] {
  const when = timeLabel && !timeLabel.includes('to date') ? ` in ${timeLabel}` : ' last quarter';
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
