import type { ChatAnswer, ChatChart, ChatColumn, SemanticQuery } from '@finboard/shared/chat';

/** Rows as the API answers them: numbers as numbers (money exact to the cent: numeric(20,2) text → number). */
export function rowsOf(rows: readonly Record<string, unknown>[], columns: readonly ChatColumn[]): ChatAnswer['result'] {
  return rows.map((row) =>
    Object.fromEntries(
      columns.map((column) => {
        const value = row[column.name];
        if (value === null || value === undefined) return [column.name, null];
        return [column.name, column.type === 'number' ? Number(value) : String(value)];
      }),
    ),
  );
}

const format = (value: number | string | null, column: ChatColumn) => {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  if (column.unit === 'percent') return `${value.toFixed(2)}%`;
  if (column.unit === 'count') return value.toLocaleString('en-US');
  if (column.unit === 'currency')
    return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return String(value);
};

/**
 * A decomposition's answer: the sentence with the change and its largest contributors, and the bridge from the
 * earlier total through each contributor to the later one. `totals` are the compiler's total_now / total_then.
 */
export function decompositionOf(
  query: SemanticQuery,
  columns: readonly ChatColumn[],
  result: ChatAnswer['result'],
  totals: { now: number; then: number },
  words: { what: string; when: string; against: string },
): { response: string; chart: ChatChart } {
  const metric = query.metrics[0]!;
  const label = columns.filter((column) => column.type === 'text').at(-1)!.name;
  const change = Math.round((totals.now - totals.then) * 100) / 100;
  const money = (value: number) =>
    value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const signed = (value: number) => `${value >= 0 ? '+' : '−'}${money(Math.abs(value))}`;
  const percent = totals.then !== 0 ? ` (${((Math.abs(change) * 100) / Math.abs(totals.then)).toFixed(1)} %)` : '';
  const direction = change > 0 ? 'rose' : 'fell';
  const movement = `${direction} by ${money(Math.abs(change))}${percent}`;
  const top = result
    .slice(0, 3)
    .map((row) => `${String(row[label] ?? '—')} ${signed(Number(row[`${metric}_change`] ?? 0))}`);
  const what = `${words.what[0]!.toUpperCase()}${words.what.slice(1)}`;
  const budget = query.compare === 'budget';
  // What the rows listed do not hold — lines without a department or counterparty, or the contributors past the
  // top N asked for — is part of the total's change: its own step, so the bridge reaches the later total.
  const listed = result.reduce((sum, row) => sum + Number(row[`${metric}_change`] ?? 0), 0);
  const rest = Math.round((change - listed) * 100) / 100;
  const dimension = query.dimensions.find((d) => d !== 'account')?.replaceAll('_', ' ');
  const unnamed =
    Math.abs(rest) < 0.01
      ? undefined
      : query.limit
        ? { label: 'Other', change: rest }
        : dimension
          ? { label: `No ${dimension}`, change: rest }
          : undefined;
  const unnamedWords = !unnamed
    ? ''
    : query.limit
      ? ` The rest: ${signed(rest)}.`
      : ` Lines without a ${dimension}: ${signed(rest)}.`;
  const contributors = `The largest contributors: ${top.join(', ')}${result.length > 3 ? `, and ${result.length - 3} more` : ''}.${unnamedWords}`;
  if (budget)
    return {
      response: `${what} was ${money(Math.abs(change))}${percent} ${change >= 0 ? 'above' : 'below'} budget in ${words.when} (budget ${money(totals.then)}, actual ${money(totals.now)}).${result.length ? ` ${contributors}` : ''}`,
      chart: {
        type: 'bridge',
        x: label,
        y: [`${metric}_change`],
        bridge: {
          from: totals.then,
          to: totals.now,
          fromLabel: 'Budget',
          toLabel: words.when,
          ...(unnamed ? { unnamed } : {}),
        },
      },
    };
  const response = result.length
    ? `${what} ${movement} from ${words.against} to ${words.when} (${money(totals.then)} → ${money(totals.now)}). ${contributors}`
    : `${what} did not change from ${words.against} to ${words.when} (${money(totals.now)}).`;
  return {
    response,
    chart: {
      type: 'bridge',
      x: label,
      y: [`${metric}_change`],
      bridge: {
        from: totals.then,
        to: totals.now,
        fromLabel: words.against,
        toLabel: words.when,
        ...(unnamed ? { unnamed } : {}),
      },
    },
  };
}

/** The chart that fits: one value a KPI card, a time series a line, categories bars, the rest a table. */
export function chartOf(query: SemanticQuery, columns: readonly ChatColumn[], rowCount: number): ChatChart {
  if (query.countRows) return { type: 'kpi', y: columns.map((column) => column.name) };
  const measures = columns.filter((column) => column.type === 'number' && column.name !== 'fiscal_year');
  const y = measures.map((column) => column.name);
  if (query.dimensions.length === 0) return { type: 'kpi', y };
  const time = query.dimensions.find((d) => d === 'period' || d === 'quarter' || d === 'fiscal_year');
  if (query.dimensions.length === 1 && time) return { type: rowCount > 1 ? 'line' : 'bar', x: time, y };
  if (query.dimensions.length === 1) {
    const x = query.dimensions[0] === 'account' ? 'account_name' : query.dimensions[0];
    return { type: 'bar', x, y };
  }
  return { type: 'table', y };
}

/** One sentence answering the question with its figure(s). */
export function sentenceOf(
  description: { what: string; when: string },
  columns: readonly ChatColumn[],
  result: ChatAnswer['result'],
): string {
  if (result.length === 0) return `There is no data for ${description.what} in ${description.when}.`;
  const measures = columns.filter((column) => column.type === 'number' && column.name !== 'fiscal_year');
  const labels = columns.filter((column) => !measures.includes(column));
  const figures = (row: ChatAnswer['result'][number]) =>
    measures.map((column) => `${column.label.toLowerCase()} ${format(row[column.name] ?? null, column)}`).join(', ');
  if (result.length === 1 && labels.length === 0) {
    const [first, ...others] = measures;
    const main = `${first!.label} in ${description.when} was ${format(result[0]![first!.name] ?? null, first!)}`;
    const rest = others.map(
      (column) => `${column.label.toLowerCase()} ${format(result[0]![column.name] ?? null, column)}`,
    );
    return `${main}${rest.length ? ` (${rest.join(', ')})` : ''}.`;
  }
  const shown = result.slice(0, 5).map((row) => {
    const name = labels
      .filter((column) => column.name !== 'account_code' || !labels.some((l) => l.name === 'account_name'))
      .map((column) => String(row[column.name] ?? '—'))
      .join(' · ');
    return `${name}: ${figures(row)}`;
  });
  const more = result.length > 5 ? `, and ${result.length - 5} more` : '';
  return `${description.what[0]!.toUpperCase()}${description.what.slice(1)} in ${description.when} — ${shown.join('; ')}${more}.`;
}
