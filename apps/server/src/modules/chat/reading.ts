import type { SemanticQuery } from '@finboard/shared/chat';
import { metricLabel } from './compiler.ts';
import { spanWords } from './time-expressions.ts';

/** Measures read at a date, the end of the range. */
const AT_A_DATE: readonly string[] = [
  'balance',
  'closing_cash',
  'working_capital',
  'current_ratio',
  'quick_ratio',
  'debt_to_equity',
];

const DIMENSION_WORDS: Record<string, string> = {
  period: 'month',
  quarter: 'quarter',
  fiscal_year: 'fiscal year',
  account: 'account',
  account_group: 'account group',
  account_type: 'account type',
  account_subtype: 'account subtype',
  department: 'department',
  entity: 'entity',
  counterparty: 'counterparty',
};

/**
 * How an answer states what it read, in words, so a wrong reading is seen at once: "Revenue, Q3 2025 (Jul – Sep
 * 2025), all departments"; "Amount of Legal Fees, FY2026 to date (Jan – Oct 2026), all departments, vs budget".
 */
export function describeReading(
  query: SemanticQuery,
  said: {
    when: string;
    accounts: readonly string[];
    groups: readonly string[];
    against?: string;
    /** The counterparties in words: their names, or "customers" / "suppliers". */
    parties?: string;
  },
): string {
  const counted = query.countDistinct
    ? `Number of ${{ counterparty: said.parties ?? 'counterparties', department: 'departments', account: 'accounts', journal: 'journals' }[query.countDistinct]} with ${query.metrics
        .map(metricLabel)
        .join(', ')
        .toLowerCase()
        .replace(/ lines$/, '')} lines`
    : undefined;
  const rows = query.countRows
    ? `Number of ${query.dimensions
        .map((d) =>
          d === 'counterparty' && said.parties ? said.parties : `${DIMENSION_WORDS[d] ?? d}s`.replace(/ys$/, 'ies'),
        )
        .join(' and ')} with ${query.metrics.map(metricLabel).join(', ').toLowerCase()}`
    : undefined;
  const what = `${rows ?? counted ?? query.metrics.map(metricLabel).join(', ')}${query.perMonth ? ', monthly average' : ''}`;
  const of = [...said.groups, ...said.accounts].filter(Boolean);
  const totalEquity =
    query.metrics.every((m) => m === 'balance') &&
    query.filters.accountTypes?.includes('equity') &&
    query.filters.accountTypes.includes('revenue');
  const subject = totalEquity
    ? 'Total equity (the equity accounts and the earnings not yet closed into them)'
    : of.length
      ? `${query.metrics.every((m) => m === 'balance') ? 'Balance' : what} of ${of.join(', ')}`
      : what;
  const { from, to } = query.timeRange;
  const months = spanWords(from, to);
  const when = said.when.includes(months) || said.when === from ? said.when : `${said.when} (${months})`;
  const parts = [
    subject,
    query.metrics.every((m) => AT_A_DATE.includes(m)) ? `at the end of ${spanWords(to, to)}` : when,
  ];
  if (said.parties && !query.countDistinct)
    parts.push(query.dimensions.includes('counterparty') ? said.parties : `with ${said.parties}`);
  parts.push(
    query.filters.departments?.length
      ? query.filters.departments.length === 1
        ? `${query.filters.departments[0]} department`
        : `${query.filters.departments.slice(0, -1).join(', ')} and ${query.filters.departments.at(-1)} departments`
      : 'all departments',
  );
  if (query.filters.entities?.length) parts.push(`entity ${query.filters.entities.join(', ')}`);
  if (query.dimensions.length && !query.decompose && !query.countRows)
    parts.push(`by ${query.dimensions.map((d) => DIMENSION_WORDS[d] ?? d).join(' and ')}`);
  if (query.decompose) parts.push(`the change split by ${DIMENSION_WORDS[query.dimensions[0]!] ?? 'account'}`);
  else if (query.order)
    parts.push(
      `${query.order.by.endsWith('_variance') ? (query.order.direction === 'desc' ? 'most over budget' : 'most under budget') : query.order.direction === 'desc' ? 'highest' : 'lowest'} ${!query.limit ? 'first' : query.limit === 1 ? 'first, one' : `${query.limit} first`}`,
    );
  if (query.threshold)
    parts.push(
      `${{ gt: 'more than', gte: 'at least', lt: 'less than', lte: 'at most' }[query.threshold.op]} ${query.threshold.against === 'budget' ? 'budget' : query.threshold.value.toLocaleString('en-US')}`,
    );
  if (query.compare === 'budget' && !query.countRows) parts.push('vs budget');
  if (query.compare === 'prior_year') parts.push('vs the same months a year earlier');
  if (query.compare === 'previous_period')
    parts.push(
      query.dimensions.includes('period')
        ? `each month vs ${query.compareMonthsBack === 1 ? 'the month before' : `${query.compareMonthsBack} months before`}`
        : `vs ${said.against ?? 'the period before'}`,
    );
  return parts.join(', ');
}
