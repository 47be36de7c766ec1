import { formatValue } from '@finboard/shared/report-format';
import { KPI_KEYS, type Kpi, type KpiKey, type Report, type ReportRow } from '@finboard/shared/reports';
import type { PackReference, PackTextBlock } from '@finboard/shared/report-packs';

/**
 * A pack's commentary (issue 27 §3): text with `{{placeholders}}` that stand for figures of the period, so every
 * number is read from the statements when the pack is made, never typed. The draft is written from the
 * figures alone, its numbers all placeholders.
 */

/** The figures a commentary reads: the period's Profit & Loss against every comparison, and its KPIs. */
export interface FigureBook {
  /** The month's Profit & Loss with the previousPeriod, priorYear and budget columns. */
  profitAndLoss: Report;
  kpis: Kpi[];
}

const COMPARISONS = ['previousPeriod', 'priorYear', 'budget'] as const;
type Comparison = (typeof COMPARISONS)[number];
const COMPARISON_WORDS: Record<Comparison, string> = {
  previousPeriod: 'the previous month',
  priorYear: 'the same month last year',
  budget: 'budget',
};
const VARIANCE: Record<Comparison, { amount: string; percent: string }> = {
  previousPeriod: { amount: 'vsPreviousPeriod', percent: 'vsPreviousPeriodPct' },
  priorYear: { amount: 'vsPriorYear', percent: 'vsPriorYearPct' },
  budget: { amount: 'vsBudget', percent: 'vsBudgetPct' },
};

/** The Profit & Loss rows a name stands for. */
const PROFIT_AND_LOSS_ROWS: Record<string, string> = {
  revenue: 'revenue:total',
  costOfSales: 'costOfSales:total',
  grossProfit: 'result:grossProfit',
  operatingExpenses: 'operatingExpenses:total',
  ebitda: 'result:ebitda',
  depreciationAmortization: 'depreciationAmortization:total',
  operatingIncome: 'result:operatingIncome',
  otherIncome: 'otherIncome:total',
  otherExpenses: 'otherExpenses:total',
  incomeBeforeTax: 'result:incomeBeforeTax',
  incomeTax: 'incomeTax:total',
  netIncome: 'result:netIncome',
};
/** The names a placeholder may start with (besides account:CODE). */
export const FIGURE_NAMES: readonly string[] = [...new Set([...Object.keys(PROFIT_AND_LOSS_ROWS), ...KPI_KEYS])];

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/**
 * A placeholder's parts: `name` alone (the figure), `name.comparison` (the figure then), `name.change.comparison`
 * (the change's size), `name.changePercent.comparison` (its size in %), `name.direction.comparison` ("rose",
 * "fell", "was unchanged"). Sizes are without sign: the direction says which way.
 */
interface Placeholder {
  name: string;
  measure: 'value' | 'then' | 'change' | 'changePercent' | 'direction';
  comparison?: Comparison;
}

function parsePlaceholder(inner: string): Placeholder | undefined {
  const account = /^(account:[^.\s]+)(.*)$/.exec(inner);
  const [name, ...rest] = account ? [account[1]!, ...account[2]!.split('.').slice(1)] : inner.split('.');
  if (!name || (!account && !FIGURE_NAMES.includes(name))) return undefined;
  const isComparison = (word: string | undefined): word is Comparison => COMPARISONS.includes(word as Comparison);
  if (rest.length === 0) return { name, measure: 'value' };
  if (rest.length === 1 && isComparison(rest[0])) return { name, measure: 'then', comparison: rest[0] };
  const [measure, comparison] = rest;
  if (
    rest.length === 2 &&
    isComparison(comparison) &&
    (measure === 'change' || measure === 'changePercent' || measure === 'direction')
  )
    return { name, measure, comparison };
  return undefined;
}

/** Each placeholder of a text that names no figure, as written. */
export const unknownPlaceholders = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER)].filter((match) => !parsePlaceholder(match[1]!)).map((match) => match[0]);

const rowOf = (report: Report, key: string): ReportRow | undefined =>
  report.sections.flatMap((section) => section.rows).find((row) => row.key === key);
const accountRowOf = (report: Report, code: string) =>
  report.sections.flatMap((section) => section.rows).find((row) => row.key.endsWith(`:account:${code}`));

/** Which way a figure moved: against a budget it is above or below it, against an earlier month it rose or fell. */
function directionWord(change: number | null, comparison: Comparison | undefined) {
  if (change === null) return 'was not comparable';
  if (comparison === 'budget') return change > 0 ? 'above' : change < 0 ? 'below' : 'on';
  return change > 0 ? 'rose' : change < 0 ? 'fell' : 'was unchanged';
}

/** The figure a placeholder stands for in the book, with how the text shows it; undefined when it names none. */
export function resolvePlaceholder(written: string, book: FigureBook): PackReference | undefined {
  const parsed = parsePlaceholder(written.replace(/^\{\{\s*|\s*\}\}$/g, ''));
  if (!parsed) return undefined;
  const { name, measure, comparison } = parsed;
  const plKey = PROFIT_AND_LOSS_ROWS[name];
  const row = plKey
    ? rowOf(book.profitAndLoss, plKey)
    : name.startsWith('account:')
      ? accountRowOf(book.profitAndLoss, name.slice('account:'.length))
      : undefined;
  const period = book.profitAndLoss.to;
  if (row) {
    const pick = (column: string) => row.values[column] ?? null;
    const base = pick(period) ?? pick('total');
    const label = row.label;
    const source = `Profit & Loss, ${label}`;
    if (measure === 'value') return reference(written, label, base, 'amount', `${source}, ${period}`);
    const c = comparison!;
    if (measure === 'then')
      return reference(written, `${label}, ${COMPARISON_WORDS[c]}`, pick(c), 'amount', `${source}, ${c}`);
    const amount = pick(VARIANCE[c].amount);
    if (measure === 'direction')
      return {
        placeholder: written,
        label: `${label} direction against ${COMPARISON_WORDS[c]}`,
        value: amount,
        formatted: directionWord(amount, c),
        source: `${source}, ${VARIANCE[c].amount}`,
      };
    const value = measure === 'change' ? amount : pick(VARIANCE[c].percent);
    return reference(
      written,
      `${label} change against ${COMPARISON_WORDS[c]}${measure === 'changePercent' ? ' (%)' : ''}`,
      value === null ? null : Math.abs(value),
      measure === 'change' ? 'amount' : 'percent',
      `${source}, ${measure === 'change' ? VARIANCE[c].amount : VARIANCE[c].percent}`,
    );
  }
  const kpi = book.kpis.find((candidate) => candidate.key === (name as KpiKey));
  if (!kpi)
    return {
      placeholder: written,
      label: name,
      value: null,
      formatted: '—',
      source: 'Not in the statements for this period',
    };
  const kind = kpi.unit === 'amount' ? 'amount' : kpi.unit === 'percent' ? 'percent' : 'number';
  const source = `KPIs, ${kpi.label}`;
  if (measure === 'value') return reference(written, kpi.label, kpi.value, kind, `${source}, ${period}`);
  const then = comparison === 'previousPeriod' ? kpi.previous : comparison === 'priorYear' ? kpi.priorYear : null;
  if (measure === 'then')
    return reference(written, `${kpi.label}, ${COMPARISON_WORDS[comparison!]}`, then, kind, `${source}, ${comparison}`);
  const change = kpi.value === null || then === null ? null : Math.round((kpi.value - then) * 100) / 100;
  if (measure === 'direction')
    return {
      placeholder: written,
      label: `${kpi.label} direction`,
      value: change,
      formatted: directionWord(change, comparison),
      source,
    };
  if (measure === 'change')
    return reference(written, `${kpi.label} change`, change === null ? null : Math.abs(change), kind, source);
  const percent = change === null || !then ? null : Math.round((Math.abs(change) / Math.abs(then)) * 10_000) / 100;
  return reference(written, `${kpi.label} change (%)`, percent, 'percent', source);
}

function reference(
  placeholder: string,
  label: string,
  value: number | null,
  kind: 'amount' | 'percent' | 'number',
  source: string,
): PackReference {
  return { placeholder, label, value, formatted: value === null ? '—' : formatValue(value, kind), source };
}

/** Each placeholder of the text once, in order, with its figure. */
export function referencesOf(text: string, book: FigureBook): PackReference[] {
  const seen = new Map<string, PackReference>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (seen.has(match[0])) continue;
    const found = resolvePlaceholder(match[0], book);
    if (found) seen.set(match[0], found);
  }
  return [...seen.values()];
}

/** The text with every placeholder replaced by its figure as shown (an unknown one is kept as written). */
export const resolvedText = (text: string, book: FigureBook) =>
  text.replace(PLACEHOLDER, (written) => resolvePlaceholder(written, book)?.formatted ?? written);

/**
 * The restricted Markdown of commentary and notes as blocks: paragraphs split by blank lines, "- " or "* " lines
 * as bullets, **bold** and *italic* runs.
 */
export function blocksOf(text: string): PackTextBlock[] {
  const blocks: PackTextBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', runs: runsOf(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    if (bullet) {
      flush();
      blocks.push({ kind: 'bullet', runs: runsOf(bullet[1]!) });
    } else if (line.trim() === '') flush();
    else paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

function runsOf(line: string): PackTextBlock['runs'] {
  const runs: PackTextBlock['runs'] = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*/g;
  let at = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > at) runs.push({ text: line.slice(at, match.index) });
    runs.push(match[1] !== undefined ? { text: match[1], bold: true } : { text: match[2]!, italic: true });
    at = match.index + match[0].length;
  }
  if (at < line.length) runs.push({ text: line.slice(at) });
  return runs;
}

/** The account rows of a Profit & Loss group, largest move against `comparison` first. */
function drivers(book: FigureBook, group: string, comparison: Comparison, direction: number, limit: number) {
  const column = VARIANCE[comparison].amount;
  return book.profitAndLoss.sections
    .flatMap((section) => section.rows)
    .filter((row) => row.kind === 'line' && row.key.startsWith(`${group}:account:`))
    .map((row) => ({
      code: row.key.slice(`${group}:account:`.length),
      label: row.label,
      change: row.values[column] ?? 0,
    }))
    .filter((row) => Math.sign(row.change) === direction && row.change !== 0)
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.code.localeCompare(b.code))
    .slice(0, limit);
}

const figure = (book: FigureBook, name: string, column: string) =>
  rowOf(book.profitAndLoss, PROFIT_AND_LOSS_ROWS[name]!)?.values[column] ?? null;

/**
 * A first draft from the figures alone, deterministic: revenue, gross margin, operating expenses and net income
 * against the previous month, the same month last year and budget, each movement with the accounts that drove
 * it, and the month-end cash. Every number is a placeholder; a sentence whose figures are missing is left out.
 */
export function draftCommentary(book: FigureBook): string {
  const period = book.profitAndLoss.to;
  const has = (name: string, column: string) => {
    const value = figure(book, name, column);
    return value !== null && value !== 0;
  };
  const paragraphs: string[] = [];
  const movement = (name: string, label: string, group: string | undefined) => {
    if (!has(name, period) && !has(name, 'total')) return;
    const sentences: string[] = [];
    if (has(name, 'previousPeriod')) {
      const change = figure(book, name, VARIANCE.previousPeriod.amount) ?? 0;
      let sentence = `${label} {{${name}.direction.previousPeriod}} {{${name}.changePercent.previousPeriod}} ({{${name}.change.previousPeriod}}) on the previous month to {{${name}}}`;
      const led = group ? drivers(book, group, 'previousPeriod', Math.sign(change), 2) : [];
      if (led.length > 0)
        sentence += `, led by ${led.map((row) => `${row.label} ({{account:${row.code}.direction.previousPeriod}} {{account:${row.code}.change.previousPeriod}})`).join(' and ')}`;
      sentences.push(`${sentence}.`);
    } else sentences.push(`${label} was {{${name}}}.`);
    if (has(name, 'priorYear'))
      sentences.push(
        `Against the same month last year it {{${name}.direction.priorYear}} {{${name}.changePercent.priorYear}} ({{${name}.change.priorYear}}).`,
      );
    if (has(name, 'budget'))
      sentences.push(`It was {{${name}.change.budget}} {{${name}.direction.budget}} its budget of {{${name}.budget}}.`);
    paragraphs.push(sentences.join(' '));
  };
  movement('revenue', 'Revenue', 'revenue');
  if (book.kpis.some((kpi) => kpi.key === 'grossMargin' && kpi.value !== null))
    paragraphs.push('Gross margin was {{grossMargin}} against {{grossMargin.previousPeriod}} the previous month.');
  movement('operatingExpenses', 'Operating expenses', 'operatingExpenses');
  movement('netIncome', 'Net income', undefined);
  if (book.kpis.some((kpi) => kpi.key === 'cash' && kpi.value !== null))
    paragraphs.push(
      'Cash at the end of the month was {{cash}}; it {{cash.direction.previousPeriod}} {{cash.change.previousPeriod}} in the month.',
    );
  return paragraphs.join('\n\n');
}
