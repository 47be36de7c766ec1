import {
  ACCOUNT_SUBTYPE_LABELS,
  STANDARD_SUBTYPES,
  type AccountSubtype,
  type Classification,
} from '@finboard/shared/account-classification';
import { classifyPlaced, layoutOrder, type LayoutRules } from '@finboard/shared/statement-layouts';
import type {
  KpiKey,
  ReportComparison,
  ReportDrill,
  ReportRow,
  ReportSeries,
  ReportValueKind,
} from '@finboard/shared/reports';
import { accountLabel } from '@finboard/shared/reports';
import type { FiscalCalendar } from './periods.ts';

/**
 * What every statement is made of and the small pieces they share. A statement is two pure functions:
 * `reads` says which monthly movements (and budget, cash flows, counterparty sums) it needs for a request;
 * `build` turns what the repository read into sections, series and totals. Every finance rule (reading signs,
 * earnings, cash, variances) is in `build`, so statements are unit-tested on hand-made ledgers.
 *
 * Amounts are integer cents (exact: the repository reads them as `(sum * 100)::bigint`) until a row is
 * written; then euros-and-cents numbers with 2 decimals (cents / 100 is the nearest double).
 */

/** Entity and department filters; both optional. */
export interface Slice {
  entity?: string;
  department?: string;
}

/** A row of 01_Account: the chart names the accounts' lines and groups them by subtype. */
export interface Account {
  code: string;
  name: string;
  type: string;
  subtype: string | null;
}

/**
 * The debit and credit (cents) of one account in one month, from 05_Monthly_Balance, with the account's type
 * and subtype. `entity` and `department` are there when the read kept that dimension (absent: summed over
 * it); a statement keeps the rows of its slice, so rows finer than it needs are summed, never mistaken.
 */
export interface Movement {
  period: string;
  accountCode: string;
  accountType: string | null;
  accountSubtype: string | null;
  entity?: string | null;
  department?: string | null;
  debit: number;
  credit: number;
}

/** A budget amount (cents, reading signs: revenue and costs positive) of 03_Budget; budgets have no entity. */
export interface BudgetLine {
  period: string;
  accountCode: string;
  accountType: string | null;
  accountSubtype: string | null;
  department: string | null;
  amount: number;
}

/** A month's cash in and out (cents): each journal's net effect on cash accounts (05_Monthly_Cash_Flow). */
export interface CashFlow {
  period: string;
  entity?: string | null;
  department?: string | null;
  cashIn: number;
  cashOut: number;
  /**
   * A group's only (consolidation): how much exchange rates (and the cash a member brought when it joined) changed
   * cash in the reporting currency beyond the month's translated cash in and out.
   */
  exchange?: number;
}

/** Debit and credit (cents) and line count of a counterparty's lines over the statement's range (02_GL_Detail). */
export interface CounterpartySum {
  counterparty: string | null;
  accountType: string | null;
  entity?: string | null;
  department?: string | null;
  debit: number;
  credit: number;
  lines: number;
}

/** Periods from `from` (null: the beginning) to `to`, both included. */
export interface PeriodRange {
  from: string | null;
  to: string;
}

/** What a statement needs read for a request (the repository reads exactly this, in the request's slice). */
export interface StatementReads {
  /** Monthly movements of these ranges; `byDepartment`: keep the department dimension. */
  movements: { ranges: PeriodRange[]; byDepartment?: boolean };
  budget?: { from: string; to: string };
  /** Cash flows of every month up to `to`. */
  cashFlows?: { to: string };
  /** Sums per counterparty of the expense lines of the range. */
  counterparties?: { from: string; to: string };
}

/** What the repository read for a statement (empty lists for what it did not ask). */
export interface StatementLedger {
  movements: readonly Movement[];
  budget: readonly BudgetLine[];
  cashFlows: readonly CashFlow[];
  counterparties: readonly CounterpartySum[];
  /**
   * A group's only (consolidation): its movements as flows — each month's movements at that month's average rate,
   * without the revaluation of balances or what members held when they joined — which the indirect cash flow's
   * lines read, the rest of the change of cash being the effect of exchange rates and acquired cash.
   */
  flows?: readonly Movement[];
}

/**
 * A statement's request: the range, the slice, the organization's calendar, chart of accounts and statement
 * layout.
 */
export interface StatementRequest {
  from: string;
  to: string;
  slice: Slice;
  calendar: FiscalCalendar;
  accounts: ReadonlyMap<string, Account>;
  /** The lines people moved accounts to and the accounts' order within lines (statement-layouts). */
  layout: LayoutRules;
  /** Expense Analysis: how many of each breakdown before "Other". */
  top: number;
  /** Profit & Loss: the comparison columns, in the statement's order. */
  compare: readonly ReportComparison[];
  /** Financial Overview: the KPI cards the organization chose (none: the default five). */
  cards?: readonly KpiKey[];
}

export interface StatementBody {
  sections: { key: string; label: string; columns: ReportColumnSpec[]; rows: ReportRow[] }[];
  series: ReportSeries[];
  totals: Record<string, number>;
}
export type ReportColumnSpec = { key: string; label: string; kind: ReportValueKind };

export interface Statement {
  reads(request: StatementRequest): StatementReads;
  build(request: StatementRequest, ledger: StatementLedger): StatementBody;
}

export const money = (cents: number) => Math.round(cents) / 100;
/** A percentage with 2 decimals; null when the base is 0. */
export const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part * 10_000) / Math.abs(whole)) / 100;

/** Debit-normal types read as debit − credit, the others as credit − debit (finance-conventions.md). */
export const readingSign = (type: string | null | undefined) => (type === 'asset' || type === 'expense' ? 1 : -1);
/** A movement as balances are stored and exchanged: debit − credit (cash is debit-normal whatever its type). */
export const balanceOf = (movement: Pick<Movement, 'debit' | 'credit'>) => movement.debit - movement.credit;
/** A movement in its account's reading sign: assets and expenses debit − credit, the others credit − debit. */
export const readingAmount = (movement: Pick<Movement, 'accountType' | 'debit' | 'credit'>) =>
  readingSign(movement.accountType) * balanceOf(movement);
/** What a revenue or expense movement adds to net income: credit − debit (revenue − expenses). */
export const earningsOf = (movement: Pick<Movement, 'debit' | 'credit'>) => movement.credit - movement.debit;
export const isEarnings = (type: string | null | undefined) => type === 'revenue' || type === 'expense';
/** Subtype `cash` marks the accounts of the cash flow (finance-conventions.md). */
export const isCash = (movement: Pick<Movement, 'accountSubtype'>) => movement.accountSubtype === 'cash';

/** Whether a row belongs to the slice: a filtered dimension must be there and equal. */
export const inSlice =
  (slice: Slice) =>
  (row: { entity?: string | null; department?: string | null }): boolean =>
    (slice.entity === undefined || row.entity === slice.entity) &&
    (slice.department === undefined || row.department === slice.department);
/** Budgets have no entity: with an entity filter a statement compares with the company's budget. */
export const inBudgetSlice = (slice: Slice) => (line: BudgetLine) =>
  slice.department === undefined || line.department === slice.department;
export const within = (period: string, from: string | null, to: string) =>
  (from === null || period >= from) && period <= to;

/**
 * An account's classification (account-classification.ts) from its type and subtype as a movement carries them
 * and its name in the chart, or the line the layout moved it to (classifyPlaced); remembered per account code
 * for one statement.
 */
export function classifierOf(input: Pick<StatementRequest, 'accounts' | 'layout'>) {
  const known = new Map<string, Classification | undefined>();
  return (movement: Pick<Movement, 'accountCode' | 'accountType' | 'accountSubtype'>) => {
    if (known.has(movement.accountCode)) return known.get(movement.accountCode);
    const found = classifyPlaced(
      {
        code: movement.accountCode,
        type: movement.accountType,
        subtype: movement.accountSubtype,
        name: input.accounts.get(movement.accountCode)?.name,
      },
      input.layout,
    );
    known.set(movement.accountCode, found);
    return found;
  };
}

/**
 * Where a P&L account goes, in the statement's order. Unclassified revenue counts as revenue and unclassified
 * expenses as operating expenses (listed as "Unclassified" there).
 */
export const PROFIT_GROUPS = [
  'revenue',
  'costOfSales',
  'operatingExpenses',
  'depreciationAmortization',
  'otherIncome',
  'otherExpenses',
  'incomeTax',
] as const;
export type ProfitGroup = (typeof PROFIT_GROUPS)[number];
const PROFIT_GROUP_OF: Partial<Record<AccountSubtype, ProfitGroup>> = {
  sales: 'revenue',
  contra_revenue: 'revenue',
  other_income: 'otherIncome',
  cost_of_sales: 'costOfSales',
  operating_expense: 'operatingExpenses',
  depreciation_amortization: 'depreciationAmortization',
  interest_expense: 'otherExpenses',
  other_expense: 'otherExpenses',
  income_tax: 'incomeTax',
};
export function profitGroupOf(classification: Classification | undefined): ProfitGroup | undefined {
  if (!classification || (classification.type !== 'revenue' && classification.type !== 'expense')) return undefined;
  if (!classification.standard) return classification.type === 'revenue' ? 'revenue' : 'operatingExpenses';
  return PROFIT_GROUP_OF[classification.subtype];
}

/** A standard subtype's label; no subtype → 'Unclassified'. */
export const subtypeLabel = (subtype: AccountSubtype | null) =>
  subtype ? ACCOUNT_SUBTYPE_LABELS[subtype] : 'Unclassified';

/** The drill of a figure: the report's range and slice plus what narrows it. */
export function drillOf(input: Pick<StatementRequest, 'from' | 'to' | 'slice'>, narrow: Partial<ReportDrill> = {}) {
  const drill: ReportDrill = { from: input.from, to: input.to, ...narrow };
  if (input.slice.entity !== undefined) drill.entity = input.slice.entity;
  if (input.slice.department !== undefined) drill.department = input.slice.department;
  return drill;
}

/** Values of a row from cents per column (null stays null). */
export const valuesOf = (cents: Record<string, number | null>) =>
  Object.fromEntries(Object.entries(cents).map(([key, value]) => [key, value === null ? null : money(value)]));

/**
 * Account lines grouped under their line of the layout (classifyPlaced): a subtotal row per subtype (at
 * `depth`) followed by its accounts (one deeper), the subtypes in the vocabulary's order (liquidity on the
 * balance sheet), the unclassified last; accounts in the layout's order, the others after them by code.
 * `cents(code)` answers the account's values per column.
 */
export function rowsBySubtype(
  input: Pick<StatementRequest, 'from' | 'to' | 'slice' | 'accounts' | 'layout'>,
  keyPrefix: string,
  codes: readonly string[],
  cents: (code: string) => Record<string, number | null>,
  options: { drillFrom?: string; extra?: (code: string) => Partial<ReportRow>; depth?: number } = {},
): ReportRow[] {
  const depth = options.depth ?? 0;
  const bySubtype = new Map<AccountSubtype | null, string[]>();
  for (const code of [...codes].sort(layoutOrder(input.layout))) {
    const account = input.accounts.get(code);
    const found = account && classifyPlaced(account, input.layout);
    const subtype = found?.standard ? found.subtype : null;
    bySubtype.set(subtype, [...(bySubtype.get(subtype) ?? []), code]);
  }
  const order = (subtype: AccountSubtype | null) => (subtype === null ? Infinity : STANDARD_SUBTYPES.indexOf(subtype));
  const range = { from: options.drillFrom ?? input.from, to: input.to, slice: input.slice };
  const rows: ReportRow[] = [];
  for (const [subtype, members] of [...bySubtype].sort(([a], [b]) => order(a) - order(b))) {
    const lines = members.map((code) => ({ code, values: cents(code) }));
    const sum: Record<string, number | null> = {};
    for (const line of lines)
      for (const [key, value] of Object.entries(line.values))
        sum[key] = value === null ? (sum[key] ?? null) : (sum[key] ?? 0) + value;
    const account = input.accounts.get(members[0]!);
    // The subtype's GL lines are those of its accounts only when each has it as written.
    const drillable = subtype !== null && members.every((code) => input.accounts.get(code)?.subtype === subtype);
    rows.push({
      key: `${keyPrefix}:subtype:${subtype ?? ''}`,
      label: subtypeLabel(subtype),
      kind: 'subtotal',
      depth,
      values: valuesOf(sum),
      ...(drillable && account && { drill: drillOf(range, { accountType: account.type, accountSubtype: subtype }) }),
    });
    for (const line of lines)
      rows.push({
        key: `${keyPrefix}:account:${line.code}`,
        label: accountLabel(line.code, input.accounts.get(line.code)?.name),
        kind: 'line',
        depth: depth + 1,
        values: valuesOf(line.values),
        drill: drillOf(range, { accountCode: line.code }),
        ...options.extra?.(line.code),
      });
  }
  return rows;
}

/** A row of figures from cents per column. */
export const figureRow = (
  key: string,
  label: string,
  kind: ReportRow['kind'],
  cents: Record<string, number>,
  depth = 0,
): ReportRow => ({ key, label, kind, depth, values: valuesOf(cents) });

/** Adds `value` to the cents of `key` in `map`. */
export function add<K>(map: Map<K, number>, key: K, value: number) {
  map.set(key, (map.get(key) ?? 0) + value);
}
