import type { SemanticQuery } from '@finboard/shared/chat';
import { metricLabel } from './compiler.ts';
import type { ParseResult, ParserContext } from './parser-types.ts';
import { accountsIn, counterpartiesIn, departmentsIn, withDescendants } from './names.ts';
import type { namesCompared } from './names.ts';
import { FLOW_METRICS } from './metric-vocabulary.ts';
import { mentions, normalize, Question } from './question-words.ts';

/**
 * "Freight Out vs Freight In", "how much more did Engineering spend than Marketing": two names of one kind, the
 * figure of each side by side with the difference (the first less the second) — read from the breakdown of both
 * (`both`), each side's names taken from its own words. Undefined when the question asks more than the two figures
 * (a breakdown by month, a ranking, a comparison in time): the breakdown of both answers it.
 */
export function sideBySideOf(
  both: ParseResult,
  compared: NonNullable<ReturnType<typeof namesCompared>>,
  context: ParserContext,
  years: ReadonlySet<string>,
  /** "How much less did Marketing spend than Engineering": the second first, so the difference is what was asked. */
  swap: boolean,
): ParseResult | undefined {
  if (both.kind !== 'query') return undefined;
  const { query } = both;
  const metric = query.metrics[0]!;
  if (
    query.metrics.length !== 1 ||
    !FLOW_METRICS.includes(metric) ||
    query.dimensions.length !== 1 ||
    query.dimensions[0] !== compared.by ||
    query.compare ||
    query.order ||
    query.limit ||
    query.ratio ||
    query.decompose ||
    query.countDistinct ||
    query.threshold ||
    query.perMonth
  )
    return undefined;
  const sideOf = (words: string): { filters: Partial<SemanticQuery['filters']>; label: string } | undefined => {
    if (compared.by === 'department') {
      // "Sales vs Marketing department": a department named like a metric, told by the whole question.
      const named = departmentsIn(`${compared.left} and ${compared.right}`, context);
      const departments = named.filter((department) => mentions(words, normalize(department)));
      return departments.length ? { filters: { departments }, label: departments.join(' and ') } : undefined;
    }
    if (compared.by === 'counterparty') {
      const parties = counterpartiesIn(new Question(words), context).map((party) => party.name);
      return parties.length ? { filters: { counterparties: parties }, label: parties.join(' and ') } : undefined;
    }
    const read = accountsIn(new Question(words), context, years, []);
    const kept = new Set(query.filters.accountCodes ?? []);
    // A side's name shared by accounts of different kinds: the kind the whole question settled on.
    const accounts = [...read.accounts, ...(read.ambiguous?.accounts ?? [])].filter((account) =>
      kept.has(account.code),
    );
    const codes = [...new Set(accounts.flatMap((account) => withDescendants(context.accounts, account.code)))];
    return codes.length
      ? { filters: { accountCodes: codes }, label: accounts.map((account) => account.name).join(' and ') }
      : undefined;
  };
  const [first, second] = swap ? [compared.right, compared.left] : [compared.left, compared.right];
  const [top, bottom] = [sideOf(first), sideOf(second)];
  if (!top || !bottom) return undefined;
  // What both sides share (a department, the kinds of account), without the names the two are split by.
  const { entities, ...common } = query.filters;
  if (compared.by === 'account') delete common.accountCodes;
  else if (compared.by === 'department') delete common.departments;
  else delete common.counterparties;
  const side: SemanticQuery = {
    metrics: [metric],
    dimensions: [],
    filters: entities?.length ? { entities } : {},
    timeRange: query.timeRange,
    ratio: {
      numerator: { metric, filters: { ...common, ...top.filters } },
      denominator: { metric, filters: { ...common, ...bottom.filters } },
      difference: true,
      labels: [top.label, bottom.label],
    },
  };
  const reading = `${metricLabel(metric)}: ${top.label} vs ${bottom.label}, ${both.when}, side by side with the difference`;
  return { ...both, query: side, reading };
}
