import type { ReportDrill, ReportRow, ReportSeries } from '@finboard/shared/reports';
import type { Executor } from '../../db/client.ts';
import type { FiscalCalendar } from './periods.ts';
import type { Account, Slice } from './reports.repository.ts';

/**
 * What every statement builder gets and the small pieces they share. Amounts are integer cents until a
 * row is written; then euros-and-cents numbers with 2 decimals (cents / 100 is the nearest double).
 */
export interface StatementInput {
  tx: Executor;
  /** The organization's warehouse schema (every statement names its relations with it). */
  schema: string;
  from: string;
  to: string;
  slice: Slice;
  calendar: FiscalCalendar;
  accounts: Map<string, Account>;
  /** Expense Analysis: how many of each breakdown before "Other". */
  top: number;
}

export interface StatementBody {
  sections: { key: string; label: string; columns: ReportColumnSpec[]; rows: ReportRow[] }[];
  series: ReportSeries[];
  totals: Record<string, number>;
}
export type ReportColumnSpec = { key: string; label: string; kind: 'amount' | 'percent' | 'count' | 'text' };

export const money = (cents: number) => Math.round(cents) / 100;
/** A percentage with 2 decimals; null when the base is 0. */
export const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part * 10_000) / Math.abs(whole)) / 100;

/** Debit-normal types read as debit − credit, the others as credit − debit (finance-conventions.md). */
export const readingSign = (type: string | undefined) => (type === 'asset' || type === 'expense' ? 1 : -1);

/** Where a P&L account goes: revenue, cost of sales, operating expenses or other expenses. */
export type ProfitGroup = 'revenue' | 'costOfSales' | 'operatingExpenses' | 'otherExpenses';
const OTHER_EXPENSE_SUBTYPES = ['other_expense', 'income_tax'];
export function profitGroupOf(account: Account | undefined): ProfitGroup | undefined {
  if (!account) return undefined;
  if (account.type === 'revenue') return 'revenue';
  if (account.type !== 'expense') return undefined;
  if (account.subtype === 'cost_of_sales') return 'costOfSales';
  if (account.subtype && OTHER_EXPENSE_SUBTYPES.includes(account.subtype)) return 'otherExpenses';
  return 'operatingExpenses';
}

/** 'operating_expense' → 'Operating expense'; no subtype → 'Other'. */
export const subtypeLabel = (subtype: string | null) =>
  subtype ? subtype.charAt(0).toUpperCase() + subtype.slice(1).replace(/_/g, ' ') : 'Other';

/** The drill of a figure: the report's range and slice plus what narrows it. */
export function drillOf(input: Pick<StatementInput, 'from' | 'to' | 'slice'>, narrow: Partial<ReportDrill> = {}) {
  const drill: ReportDrill = { from: input.from, to: input.to, ...narrow };
  if (input.slice.entity !== undefined) drill.entity = input.slice.entity;
  if (input.slice.department !== undefined) drill.department = input.slice.department;
  return drill;
}

/** Values of a row from cents per column (null stays null). */
export const valuesOf = (cents: Record<string, number | null>) =>
  Object.fromEntries(Object.entries(cents).map(([key, value]) => [key, value === null ? null : money(value)]));

/**
 * Account lines grouped under their subtype: a subtotal row per subtype (depth 0) followed by its accounts
 * (depth 1), ordered by subtype then account code. `cents(code)` answers the account's values per column.
 */
export function rowsBySubtype(
  input: Pick<StatementInput, 'from' | 'to' | 'slice' | 'accounts'>,
  keyPrefix: string,
  codes: readonly string[],
  cents: (code: string) => Record<string, number | null>,
  options: { drillFrom?: string; extra?: (code: string) => Partial<ReportRow> } = {},
): ReportRow[] {
  const bySubtype = new Map<string | null, string[]>();
  for (const code of [...codes].sort()) {
    const subtype = input.accounts.get(code)?.subtype ?? null;
    bySubtype.set(subtype, [...(bySubtype.get(subtype) ?? []), code]);
  }
  const range = { from: options.drillFrom ?? input.from, to: input.to, slice: input.slice };
  const rows: ReportRow[] = [];
  for (const [subtype, members] of [...bySubtype].sort(([a], [b]) => (a ?? '~').localeCompare(b ?? '~'))) {
    const lines = members.map((code) => ({ code, values: cents(code) }));
    const sum: Record<string, number | null> = {};
    for (const line of lines)
      for (const [key, value] of Object.entries(line.values))
        sum[key] = value === null ? (sum[key] ?? null) : (sum[key] ?? 0) + value;
    const account = input.accounts.get(members[0]!);
    rows.push({
      key: `${keyPrefix}:subtype:${subtype ?? ''}`,
      label: subtypeLabel(subtype),
      kind: 'subtotal',
      depth: 0,
      values: valuesOf(sum),
      ...(subtype !== null &&
        account && { drill: drillOf(range, { accountType: account.type, accountSubtype: subtype }) }),
    });
    for (const line of lines)
      rows.push({
        key: `${keyPrefix}:account:${line.code}`,
        label: `${line.code} ${input.accounts.get(line.code)?.name ?? ''}`.trim(),
        kind: 'line',
        depth: 1,
        values: valuesOf(line.values),
        drill: drillOf(range, { accountCode: line.code }),
        ...options.extra?.(line.code),
      });
  }
  return rows;
}

/** Adds `value` to the cents of `key` in `map`. */
export function add<K>(map: Map<K, number>, key: K, value: number) {
  map.set(key, (map.get(key) ?? 0) + value);
}
