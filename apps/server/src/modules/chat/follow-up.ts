import type { ChatMetric, SemanticQuery } from '@finboard/shared/chat';
import { addMonths } from './compiler.ts';
import { BALANCE_GROUPS, FLOW_METRICS, METRIC_WORDS } from './metric-vocabulary.ts';
import { describeReading } from './reading.ts';
import { outsideTheBooks, readTime, spanWords } from './time-expressions.ts';
import type { ParseResult, ParserContext } from './parser-types.ts';
import { ELLIPTICAL, FILLER, normalize, Question, readable, REFERS_BACK } from './question-words.ts';
import {
  accountsIn,
  counterpartiesIn,
  counterpartiesOfRole,
  countingIn,
  departmentsIn,
  moneyVerbIn,
  takeDepartment,
  withDescendants,
} from './names.ts';
import { dimensionsIn, rankingIn } from './operators.ts';
import { calendarOf, monthsBetween, parseQuestion, rephrasings, unknownAnswer } from './parser.ts';

/** Follow-ups: a question read against the conversation's last semantic query. */

/** Whether a question leans on the one before ("and the quarter before?", "what about Marketing?", "was that"). */
export const isFollowUp = (question: string) => {
  const text = readable(question);
  return ELLIPTICAL.test(text) || REFERS_BACK.test(text);
};

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
  q.take(/\b(that|those|then|it|in total|for|as well|too|instead|but|only)\b/);
  const query: SemanticQuery = structuredClone(previous);
  // "as a % of revenue?": the figure before as a percentage of another.
  // ("What % of revenue is that?": the same, asked about "that".)
  const share = text
    .replace(/^(?:what|whats|what is) (?=(?:a |an |the )?(?:%|percent|percentage|share|proportion) )/, '')
    .replace(/ (?:is|was) (?:that|it|this)$/, '')
    .match(/^(?:and )?(?:as )?(?:a |an |the )?(?:%|percent|percentage|share|proportion) (?:of|to) (.+)$/);
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
  // "Same for suppliers" after the top customers: the other side, with its own money (what they billed us).
  const role =
    parties.length || /\b(how many|number of|count)\b/.test(q.rest)
      ? undefined
      : q.take(/(?<!\b(which|by|what) )\b(suppliers?|vendors?)\b/).length
        ? ('supplier' as const)
        : q.take(/(?<!\b(which|by|what) )\b(customers?|clients?)\b/).length
          ? ('customer' as const)
          : undefined;
  if (role) {
    query.filters = { ...query.filters, counterparties: counterpartiesOfRole(context, role) };
    const other: Partial<Record<ChatMetric, ChatMetric>> =
      role === 'supplier'
        ? { revenue: 'billed', cash_received: 'cash_paid' }
        : { billed: 'revenue', cash_paid: 'cash_received', expenses: 'revenue' };
    query.metrics = query.metrics.map((metric) => other[metric] ?? metric);
    if (query.order) query.order = { ...query.order, by: query.metrics[0]! };
    if (!query.dimensions.includes('counterparty') && !query.countDistinct) query.dimensions = ['counterparty'];
  }
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
  // "How much did they pay us?" after the top customers: the money that moved with them.
  const withParties = (query.filters.counterparties ?? []).flatMap((name) =>
    (context.counterparties ?? []).filter((party) => party.name === name),
  );
  const money = withParties.length ? moneyVerbIn(q, withParties) : undefined;
  if (money) {
    query.metrics = [money];
    const { accountCodes: _codes, accountTypes: _types, accountSubtypes: _subtypes, ...rest } = query.filters;
    query.filters = rest;
    if (query.order) query.order = { ...query.order, by: money };
    for (const key of ['ratio', 'decompose'] as const) delete query[key];
  }
  // "And AP?" after the receivables: a balance sheet group at the same date.
  const group = read.accounts.length ? undefined : BALANCE_GROUPS.find(([pattern]) => q.has(pattern));
  if (group) {
    q.take(group[0]);
    const { accountTypes: _types, accountCodes: _codes, ...rest } = query.filters;
    query.filters = { ...rest, accountSubtypes: [...group[2]] };
    query.metrics = ['balance'];
    if (!previous.metrics.every((m) => m === 'balance' || m === 'closing_cash'))
      query.timeRange = { from: previous.timeRange.to, to: previous.timeRange.to };
    for (const key of ['ratio', 'countDistinct', 'decompose'] as const) delete query[key];
  }
  // "How many vendors was that with?": the lines of the answer before, counted.
  const counted = countingIn(q);
  if (counted) {
    query.countDistinct = counted.target;
    delete query.order;
    delete query.limit;
    query.dimensions = [];
    // Of named accounts' lines, whoever they were with ("how many vendors was that with" after digital advertising,
    // paid by card and never billed through payables).
    if (counted.role && counted.role !== 'other' && !parties.length && !query.filters.accountCodes?.length)
      query.filters = { ...query.filters, counterparties: counterpartiesOfRole(context, counted.role) };
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
  // "The Marketing department": the word goes with the name; "which dept was highest" ranks departments.
  if (departments.length) q.take(/\b(department|dept|team)\b/);
  if (departments.length) query.filters = { ...query.filters, departments };
  if (dimensions.length) {
    // A new breakdown ("the trend for the last 6 months"): the ranking of the one before goes with it.
    query.dimensions = dimensions;
    delete query.order;
    delete query.limit;
    // "By department?" after Marketing's figure: every department, not Marketing alone.
    if (dimensions.includes('department') && !departments.length) {
      const { departments: _one, ...rest } = query.filters;
      query.filters = rest;
    }
  }
  // "Which were they? rank them by revenue" after a count: the ones counted, listed (largest first).
  const countedBefore = previous.countDistinct === 'journal' ? undefined : previous.countDistinct;
  const listsThem =
    countedBefore !== undefined &&
    q.take(
      /\b(which|who|what) (were|are) (they|those|them|these)\b|\b(list|name|show|rank|sort|order)( me)? (them|those|these)\b|\bwhich ones\b/,
    ).length > 0;
  if (listsThem) q.take(/\b(rank|ranked|sort|sorted|order|ordered|largest first|biggest first)\b/);
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
  if (listsThem) {
    delete query.countDistinct;
    query.dimensions = [countedBefore];
    query.order = { by: query.metrics[0]!, direction: 'desc' };
    delete query.limit;
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
    // "Which departments explain it", "what lines": the contributors named; otherwise the breakdown before.
    const named = q.take(
      /\b(which|by|what|the) (departments?|depts?|teams?|customers?|clients?|accounts?|lines|line items)\b/,
    )[0];
    const by = named
      ? /dep|team/.test(named)
        ? 'department'
        : /customer|client/.test(named)
          ? 'counterparty'
          : 'account'
      : (query.dimensions.find((d) => ['account', 'department', 'counterparty', 'entity'].includes(d)) ?? 'account');
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
  // "And the year before?" moved to months the books do not hold: said so, as a question's own time would be.
  // (A balance is read at its last month only.)
  const atADate = query.metrics.every((m) => !FLOW_METRICS.includes(m) && !m.endsWith('_pct'));
  const asked = { from: atADate ? query.timeRange.to : query.timeRange.from, to: query.timeRange.to };
  const outside =
    outsideTheBooks(calendar, asked.from, asked.to) ??
    (back === undefined
      ? undefined
      : outsideTheBooks(calendar, addMonths(asked.from, -back), addMonths(asked.to, -back)));
  if (outside) return unknownAnswer([], [], rephrasings(context), `${outside}.`);
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
  const subtypes = query.filters.accountSubtypes ?? [];
  const groups = BALANCE_GROUPS.filter(
    ([, , of]) => of.length === subtypes.length && of.every((s) => subtypes.includes(s)),
  )
    .slice(0, 1)
    .map(([, name]) => name);
  return { accounts, groups, ...(parties ? { parties } : {}) };
}
