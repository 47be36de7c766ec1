import type { ReportRow } from '@finboard/shared/reports';
import { accountLabel } from '@finboard/shared/reports';
import {
  balanceOf,
  earningsOf,
  isCash,
  isEarnings,
  money,
  readingAmount,
  type Account,
  type CashFlow,
  type Movement,
  type ReportColumnSpec,
  type StatementLedger,
} from '../reports/statement-kit.ts';
import { eliminate, type EliminationMember, type EliminationRule, type Unmatched } from './eliminations.ts';
import {
  GROUP_ACCOUNTS,
  movementOf,
  roundCents,
  translateMember,
  type RateKind,
  type RateOf,
  type Sourced,
} from './translation.ts';

/**
 * A group's books in its reporting currency (docs/consolidation.md): every member translated, the
 * non-controlling shares reclassified, intercompany eliminated — as monthly movements the organization
 * statements build from unchanged. Pure: the service reads the members and the rates, this adds them up.
 */

export interface StoredRate {
  period: string;
  from: string;
  to: string;
  average: number;
  closing: number;
}

/**
 * The rates a consolidation reads: `currency` → `reporting` as stored, else the inverse of the stored
 * `reporting` → `currency` (the same rate written the other way). Anything else is missing: recorded, never
 * assumed, so that the consolidation names every rate it lacks at once.
 */
export function rateBook(rows: readonly StoredRate[], reporting: string) {
  const byKey = new Map<string, { average: number; closing: number }>();
  for (const row of rows) {
    if (row.to === reporting) byKey.set(`${row.from}|${row.period}`, row);
    else if (row.from === reporting && !byKey.has(`${row.to}|${row.period}`))
      byKey.set(`${row.to}|${row.period}`, { average: 1 / row.average, closing: 1 / row.closing });
  }
  const missing = new Set<string>();
  const rate: RateOf = (currency, period, kind: RateKind) => {
    if (currency === reporting) return 1;
    const found = byKey.get(`${currency}|${period}`);
    if (found) return found[kind];
    missing.add(`${currency}→${reporting} ${period} (${kind})`);
    return 0;
  };
  return { rate, missing: () => [...missing].sort() };
}

export interface ConsolidationMember extends Omit<EliminationMember, 'intercompany'> {
  ownership: number;
  movements: readonly Movement[];
  cashFlows: readonly CashFlow[];
  intercompany: EliminationMember['intercompany'];
}

export interface GroupBooks {
  /** The members' charts merged (the parent's first: its names win) with the accounts consolidation adds. */
  accounts: Map<string, Account>;
  /** For the P&L, the cash flow and the overview: the P&L shows 100 %, then who it is attributable to. */
  statementLedger: StatementLedger;
  /** For the balance sheet: earnings net of the non-controlling share, which sits in the NCI line. */
  balanceLedger: StatementLedger;
  /** Every movement with its source, for the worksheet. */
  sourced: Sourced[];
  nonControllingEarnings: Sourced[];
  unmatched: Unmatched[];
  missingRates: string[];
}

export function consolidate(
  members: readonly ConsolidationMember[],
  rules: readonly EliminationRule[],
  rates: ReturnType<typeof rateBook>,
  range: { from: string; to: string },
): GroupBooks {
  const accounts = new Map<string, Account>();
  for (const member of members)
    for (const [code, account] of member.accounts) if (!accounts.has(code)) accounts.set(code, account);
  for (const account of Object.values(GROUP_ACCOUNTS)) accounts.set(account.code, account);

  const sourced: Sourced[] = [];
  const nonControllingEarnings: Sourced[] = [];
  const cashFlows: CashFlow[] = [];
  const flows: Movement[] = [];
  for (const member of members) {
    const translated = translateMember(member, rates.rate, range.to);
    sourced.push(...translated.movements);
    nonControllingEarnings.push(...translated.nonControllingEarnings);
    cashFlows.push(...translatedCashFlows(member, translated.movements, rates.rate, range.to));
    flows.push(...flowsOf(member, rates.rate, range.to));
  }
  const eliminated = eliminate(rules, members, rates.rate, range);
  sourced.push(...eliminated.movements);
  flows.push(...eliminate(rules, members, rates.rate, range, 'flows').movements);
  const empty = { budget: [], counterparties: [] };
  return {
    accounts,
    statementLedger: { movements: sourced, cashFlows, flows, ...empty },
    balanceLedger: { movements: [...sourced, ...nonControllingEarnings], cashFlows, ...empty },
    sourced,
    nonControllingEarnings,
    unmatched: eliminated.unmatched,
    missingRates: rates.missing(),
  };
}

/**
 * A member's flows for the indirect cash flow: each month's movements from the month it joined, at that month's
 * average rate — no revaluation of balances, nothing of what it held when it joined.
 */
function flowsOf(member: ConsolidationMember, rate: RateOf, to: string): Movement[] {
  return member.movements
    .filter((movement) => movement.period >= member.joinedPeriod && movement.period <= to)
    .map((movement) => {
      const cents = movement.debit - movement.credit;
      const amount = cents === 0 ? 0 : roundCents(cents * rate(member.currency, movement.period, 'average'));
      return movementOf(
        movement.period,
        { code: movement.accountCode, type: movement.accountType ?? '', subtype: movement.accountSubtype },
        amount,
        member.key,
      );
    });
}

/**
 * A member's cash in and out at each month's average rate, and what else changed its cash in the reporting currency
 * (`exchange`): the change of its translated cash balance less the translated in and out — rate changes, and in
 * the month it joined the cash it brought.
 */
function translatedCashFlows(
  member: ConsolidationMember,
  movements: readonly Movement[],
  rate: RateOf,
  to: string,
): CashFlow[] {
  const change = new Map<string, number>();
  for (const movement of movements)
    if (isCash(movement)) change.set(movement.period, (change.get(movement.period) ?? 0) + balanceOf(movement));
  const flows = new Map<string, { cashIn: number; cashOut: number }>();
  for (const flow of member.cashFlows) {
    if (flow.period < member.joinedPeriod || flow.period > to) continue;
    const month = flows.get(flow.period) ?? { cashIn: 0, cashOut: 0 };
    flows.set(flow.period, { cashIn: month.cashIn + flow.cashIn, cashOut: month.cashOut + flow.cashOut });
  }
  return [...new Set([...change.keys(), ...flows.keys()])].map((period) => {
    const flow = flows.get(period) ?? { cashIn: 0, cashOut: 0 };
    const average = flow.cashIn === 0 && flow.cashOut === 0 ? 1 : rate(member.currency, period, 'average');
    const cashIn = roundCents(flow.cashIn * average);
    const cashOut = roundCents(flow.cashOut * average);
    return { period, cashIn, cashOut, exchange: (change.get(period) ?? 0) - (cashIn - cashOut) };
  });
}

/** The non-controlling share of net income (cents) per month of `months`. */
export function nonControllingIncome(books: Pick<GroupBooks, 'nonControllingEarnings'>, months: readonly string[]) {
  const byMonth = new Map(months.map((period) => [period, 0]));
  for (const movement of books.nonControllingEarnings)
    if (movement.accountCode === GROUP_ACCOUNTS.nonControllingEarnings.code && byMonth.has(movement.period))
      byMonth.set(movement.period, byMonth.get(movement.period)! + movement.debit - movement.credit);
  return byMonth;
}

/** An equity account's balance (credit − debit, cents) at the end of `at`. */
export function equityBalance(movements: readonly Movement[], code: string, at: string) {
  let cents = 0;
  for (const movement of movements)
    if (movement.accountCode === code && movement.period <= at) cents += movement.credit - movement.debit;
  return cents;
}

export interface WorksheetColumn {
  key: string;
  label: string;
}

/**
 * The consolidation worksheet: an account per row, a column per member (translated, in the reporting currency),
 * the non-controlling reclass, the eliminations and the consolidated figure. Flows over the range for the P&L,
 * balances at its end for the balance sheet, in reading signs.
 */
export function worksheet(
  kind: 'flows' | 'balances',
  books: Pick<GroupBooks, 'accounts'>,
  movements: readonly Sourced[],
  members: readonly WorksheetColumn[],
  range: { from: string; to: string },
) {
  const columns: ReportColumnSpec[] = [
    ...members.map((member) => ({ key: member.key, label: member.label, kind: 'amount' as const })),
    { key: 'nci', label: 'Non-controlling interests', kind: 'amount' },
    { key: 'elimination', label: 'Eliminations', kind: 'amount' },
    { key: 'consolidated', label: 'Consolidated', kind: 'amount' },
  ];
  const cells = new Map<string, Map<string, number>>();
  const earnings = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, cents: number) => map.set(key, (map.get(key) ?? 0) + cents);
  for (const movement of movements) {
    const inRange =
      kind === 'flows' ? movement.period >= range.from && movement.period <= range.to : movement.period <= range.to;
    if (!inRange) continue;
    const wanted = kind === 'flows' ? isEarnings(movement.accountType) : !isEarnings(movement.accountType);
    if (!wanted) {
      if (kind === 'balances') add(earnings, movement.source, earningsOf(movement));
      continue;
    }
    const row = cells.get(movement.accountCode) ?? new Map<string, number>();
    cells.set(movement.accountCode, row);
    add(row, movement.source, readingAmount(movement));
  }
  const TYPE_ORDER = kind === 'flows' ? ['revenue', 'expense'] : ['asset', 'liability', 'equity', ''];
  const typeOf = (code: string) => books.accounts.get(code)?.type ?? '';
  const valuesOf = (row: Map<string, number>) => {
    const values: Record<string, number> = {};
    let total = 0;
    for (const column of columns.slice(0, -1)) {
      values[column.key] = money(row.get(column.key) ?? 0);
      total += row.get(column.key) ?? 0;
    }
    values.consolidated = money(total);
    return values;
  };
  const rows: ReportRow[] = [];
  for (const type of TYPE_ORDER) {
    const codes = [...cells.keys()]
      .filter((code) => (TYPE_ORDER.includes(typeOf(code)) ? typeOf(code) : '') === type)
      .sort();
    if (codes.length === 0) continue;
    rows.push({
      key: `worksheet:${type || 'other'}:heading`,
      label: HEADINGS[type] ?? 'Other',
      kind: 'heading',
      depth: 0,
      values: {},
    });
    for (const code of codes)
      rows.push({
        key: `worksheet:account:${code}`,
        label: accountLabel(code, books.accounts.get(code)?.name),
        kind: 'line',
        depth: 1,
        values: valuesOf(cells.get(code)!),
      });
  }
  if (kind === 'balances')
    rows.push({
      key: 'worksheet:earnings',
      label: 'Earnings (all years)',
      kind: 'line',
      depth: 1,
      values: valuesOf(earnings),
    });
  else {
    const net = new Map<string, number>();
    for (const movement of movements)
      if (isEarnings(movement.accountType) && movement.period >= range.from && movement.period <= range.to)
        add(net, movement.source, earningsOf(movement));
    rows.push({ key: 'worksheet:netIncome', label: 'Net income', kind: 'total', depth: 0, values: valuesOf(net) });
  }
  return { key: 'worksheet', label: 'Consolidation worksheet', columns, rows };
}

const HEADINGS: Record<string, string> = {
  revenue: 'Revenue',
  expense: 'Expenses',
  asset: 'Assets',
  liability: 'Liabilities',
  equity: 'Equity',
};
