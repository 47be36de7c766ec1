import { ACCOUNT_SUBTYPE_LABELS, type AccountSubtype } from '@finboard/shared/account-classification';
import type { ReportRow } from '@finboard/shared/reports';
import {
  add,
  balanceOf,
  classifierOf,
  earningsOf,
  isEarnings,
  figureRow,
  type Movement,
  type StatementRequest,
} from './statement-kit.ts';

/**
 * The cash flow statement by the indirect method (issue 25 §2), month by month. A month's journals balance, so
 * the change in cash is net income less the change of every other balance sheet account (debit − credit):
 * each of those changes is a line of operating, investing or financing activities, and the lines add up to
 * the change in the cash accounts to the cent whatever the chart holds.
 * - Operating: net income; depreciation and amortization (the credit to accumulated depreciation); the
 *   working-capital accounts (receivables, inventory, prepaid and other current assets, payables, credit cards,
 *   accrued, payroll and tax liabilities, deferred revenue); unclassified assets and liabilities.
 * - Investing: fixed and intangible assets, other non-current assets.
 * - Financing: debt, other non-current liabilities, share capital, drawings and dividends, other equity, and
 *   entries straight to retained earnings; unclassified equity.
 */
type Activity = 'operating' | 'investing' | 'financing';
/** Each subtype's activity, in the order of its line within the activity. */
const ACTIVITY: Partial<Record<AccountSubtype, Activity>> = {
  accumulated_depreciation: 'operating',
  receivable: 'operating',
  inventory: 'operating',
  prepaid: 'operating',
  other_current_asset: 'operating',
  payable: 'operating',
  credit_card: 'operating',
  accrued_liability: 'operating',
  payroll_liability: 'operating',
  tax_liability: 'operating',
  deferred_revenue: 'operating',
  fixed_asset: 'investing',
  intangible_asset: 'investing',
  other_non_current_asset: 'investing',
  current_debt: 'financing',
  long_term_debt: 'financing',
  other_non_current_liability: 'financing',
  share_capital: 'financing',
  drawings_dividends: 'financing',
  other_equity: 'financing',
  retained_earnings: 'financing',
};
/** The lines in that order, the unclassified last (not the order the movements happen to come in). */
const LINE_ORDER = [...Object.keys(ACTIVITY), 'unclassified_asset', 'unclassified_liability', 'unclassified_equity'];
const byLineOrder = ([a]: [string, unknown], [b]: [string, unknown]) => LINE_ORDER.indexOf(a) - LINE_ORDER.indexOf(b);
const LINE_LABEL: Partial<Record<AccountSubtype, string>> = {
  accumulated_depreciation: 'Depreciation and amortization',
  retained_earnings: 'Entries to retained earnings',
};
const ACTIVITIES: { key: Activity; label: string }[] = [
  { key: 'operating', label: 'Operating activities' },
  { key: 'investing', label: 'Investing activities' },
  { key: 'financing', label: 'Financing activities' },
];

export interface IndirectCashFlow {
  rows: ReportRow[];
  /** Cents over the range: each activity, the net change, opening and closing cash. */
  totals: Record<Activity | 'netChange' | 'openingCash' | 'closingCash', number> & { exchange?: number };
}

/**
 * `movements`: every month to the range's end, in the statement's slice. `months`: the range. The check row is
 * closing cash less the cash accounts' balance: 0.00 every month. `flows` (a group's): the lines are read from
 * them instead, cash from `movements`, and what the lines leave of the change of cash is its own line, the effect
 * of exchange rates and acquired cash.
 */
export function indirectCashFlow(
  input: Pick<StatementRequest, 'accounts' | 'layout'>,
  movements: readonly Movement[],
  months: readonly string[],
  flows?: readonly Movement[],
): IndirectCashFlow {
  const classify = classifierOf(input);
  const first = months[0]!;
  const inRange = new Set(months);
  let opening = 0;
  const netIncome = new Map<string, number>();
  const cash = new Map<string, number>();
  /** Per line key: cents by month (a line is a subtype, or "unclassified"). */
  const lines = new Map<string, { activity: Activity; label: string; cents: Map<string, number> }>();
  for (const movement of movements) {
    const found = classify(movement);
    if (!found?.standard || found.subtype !== 'cash') continue;
    if (movement.period < first) opening += balanceOf(movement);
    else if (inRange.has(movement.period)) add(cash, movement.period, balanceOf(movement));
  }
  for (const movement of flows ?? movements) {
    const found = classify(movement);
    if (!found) continue;
    const isCash = found.standard && found.subtype === 'cash';
    if (isCash || !inRange.has(movement.period)) continue;
    if (isEarnings(movement.accountType)) add(netIncome, movement.period, earningsOf(movement));
    else {
      const subtype = found.standard ? found.subtype : null;
      const key = subtype ?? `unclassified_${found.type}`;
      const activity = (subtype && ACTIVITY[subtype]) ?? (found.type === 'equity' ? 'financing' : 'operating');
      let line = lines.get(key);
      if (!line) {
        const label = subtype
          ? (LINE_LABEL[subtype] ?? `Change in ${ACCOUNT_SUBTYPE_LABELS[subtype].toLowerCase()}`)
          : `Change in unclassified ${found.type === 'asset' ? 'assets' : found.type === 'liability' ? 'liabilities' : 'equity'}`;
        lines.set(key, (line = { activity, label, cents: new Map() }));
      }
      // Less cash when an asset grows (debit), more when a liability or equity grows (credit).
      add(line.cents, movement.period, -balanceOf(movement));
    }
  }

  const byMonth = (cents: (period: string) => number) => {
    const values: Record<string, number> = {};
    let total = 0;
    for (const period of months) total += values[period] = cents(period);
    values.total = total;
    return values;
  };
  const rows: ReportRow[] = [];
  const activityCents: Record<Activity, Record<string, number>> = {} as never;
  for (const { key, label } of ACTIVITIES) {
    rows.push({ key: `indirect:${key}:heading`, label, kind: 'heading', depth: 0, values: {} });
    const parts: Record<string, number>[] = [];
    if (key === 'operating') {
      const income = byMonth((period) => netIncome.get(period) ?? 0);
      parts.push(income);
      rows.push(figureRow('indirect:netIncome', 'Net income', 'line', income, 1));
    }
    for (const [lineKey, line] of [...lines].filter(([, line]) => line.activity === key).sort(byLineOrder)) {
      const values = byMonth((period) => line.cents.get(period) ?? 0);
      if (Object.values(values).every((value) => value === 0)) continue;
      parts.push(values);
      rows.push(figureRow(`indirect:${key}:${lineKey}`, line.label, 'line', values, 1));
    }
    activityCents[key] = byMonth((period) => parts.reduce((sum, part) => sum + part[period]!, 0));
    rows.push(figureRow(`indirect:${key}`, `Net cash from ${label.toLowerCase()}`, 'subtotal', activityCents[key]));
  }
  const activities = (period: string) => ACTIVITIES.reduce((sum, { key }) => sum + activityCents[key][period]!, 0);
  // A group's: what exchange rates (and the cash members brought when they joined) changed beyond the flows.
  const exchange = flows && byMonth((period) => (cash.get(period) ?? 0) - activities(period));
  if (exchange)
    rows.push(figureRow('indirect:exchange', 'Effect of exchange rates and acquired cash', 'subtotal', exchange));
  const netChange = byMonth((period) => activities(period) + (exchange?.[period] ?? 0));
  let running = opening;
  const openingCash: Record<string, number> = {};
  const closingCash: Record<string, number> = {};
  const check: Record<string, number> = {};
  let balance = opening;
  for (const period of months) {
    openingCash[period] = running;
    running += netChange[period]!;
    closingCash[period] = running;
    balance += cash.get(period) ?? 0;
    check[period] = running - balance;
  }
  openingCash.total = opening;
  closingCash.total = running;
  check.total = running - balance;
  rows.push(
    figureRow('indirect:netChange', 'Net change in cash', 'total', netChange),
    figureRow('indirect:openingCash', 'Opening cash', 'line', openingCash),
    figureRow('indirect:closingCash', 'Closing cash', 'total', closingCash),
    figureRow('indirect:check', 'Check: closing cash − cash accounts’ balance', 'line', check),
  );
  return {
    rows,
    totals: {
      operating: activityCents.operating.total!,
      investing: activityCents.investing.total!,
      financing: activityCents.financing.total!,
      netChange: netChange.total!,
      openingCash: opening,
      closingCash: running,
      ...(exchange && { exchange: exchange.total! }),
    },
  };
}
