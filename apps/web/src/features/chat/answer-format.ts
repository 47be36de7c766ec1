import Papa from 'papaparse';
import type { ChatAnswer, ChatColumn } from '@finboard/shared/chat';
import { SPREADSHEET_FORMULA_START } from '@finboard/shared/spreadsheet-formula';

type Row = ChatAnswer['result'][number];

/** A figure as the answer shows it: money with two decimals and separators, percents with %, counts whole. */
export function formatCell(value: Row[string] | undefined, column: ChatColumn): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (column.unit === 'percent')
    return `${value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
  if (column.unit === 'currency')
    return value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return value.toLocaleString();
}

/** The result as CSV: the columns' labels, then raw figures a spreadsheet reads as numbers. */
export function answerCsv(answer: Pick<ChatAnswer, 'columns' | 'result'>): string {
  const fields = answer.columns.map((column) => column.label);
  const data = answer.result.map((row) => answer.columns.map((column) => row[column.name] ?? ''));
  return `${Papa.unparse({ fields, data }, { newline: '\r\n', escapeFormulae: SPREADSHEET_FORMULA_START })}\r\n`;
}

/** The result as tab-separated text, for pasting into a spreadsheet. */
export const answerTsv = (answer: Pick<ChatAnswer, 'columns' | 'result'>) =>
  [
    answer.columns.map((column) => column.label).join('\t'),
    ...answer.result.map((row) => answer.columns.map((column) => String(row[column.name] ?? '')).join('\t')),
  ].join('\n');

export interface BridgeStep {
  label: string;
  /** Where the bar starts (an invisible base under it). */
  base: number;
  /** The bar's height (always ≥ 0). */
  value: number;
  /** The change itself, signed (a total's own figure). */
  change: number;
  kind: 'total' | 'up' | 'down';
}

/**
 * A decomposition as a bridge: the earlier total, each contributor's change (the largest `shown`, the rest as
 * one "Other" step), the later total. Each step floats from where the one before ended.
 */
export function bridgeSteps(
  answer: Pick<ChatAnswer, 'chart' | 'result'>,
  shown = 8,
): { steps: BridgeStep[]; floor: number } {
  const { bridge, x, y } = answer.chart;
  if (!bridge || !x || !y[0]) return { steps: [], floor: 0 };
  const changeOf = (row: Row) => Number(row[y[0]!] ?? 0);
  const contributors = answer.result
    .slice(0, shown)
    .map((row) => ({ label: String(row[x] ?? '—'), change: changeOf(row) }));
  const rest = answer.result.slice(shown).reduce((sum, row) => sum + changeOf(row), 0);
  if (answer.result.length > shown)
    contributors.push({ label: `Other (${answer.result.length - shown})`, change: rest });
  // Lines without a department or counterparty: their change, its own step, so the bars reach the later total.
  if (bridge.unnamed) contributors.push(bridge.unnamed);
  // Where the bars stand: 0, or — when every level is positive — below the lowest level by half the swing (a round
  // figure), so a change of 2 % of the total is still seen.
  const levels = [bridge.from];
  for (const { change } of contributors) levels.push(levels.at(-1)! + change);
  levels.push(bridge.to);
  const [low, high] = [Math.min(...levels), Math.max(...levels)];
  const step = 10 ** Math.floor(Math.log10(Math.max(high - low, 1)));
  const floor = low > 0 ? Math.max(0, Math.floor((low - (high - low) * 0.5) / step) * step) : 0;
  const total = (label: string, value: number): BridgeStep => ({
    label,
    base: Math.min(floor, value),
    value: Math.abs(value - floor),
    change: value,
    kind: 'total',
  });
  const steps = [total(bridge.fromLabel, bridge.from)];
  let level = bridge.from;
  for (const { label, change } of contributors) {
    const next = level + change;
    steps.push({
      label,
      base: Math.min(level, next),
      value: Math.abs(change),
      change,
      kind: change >= 0 ? 'up' : 'down',
    });
    level = next;
  }
  steps.push(total(bridge.toLabel, bridge.to));
  return { steps, floor };
}
