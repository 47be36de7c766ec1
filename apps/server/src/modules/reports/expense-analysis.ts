import type { ReportDrill, ReportRow } from '@finboard/shared/reports';
import { accountLabel } from '@finboard/shared/reports';
import {
  add,
  drillOf,
  inSlice,
  money,
  percent,
  readingAmount,
  within,
  type Statement,
  type StatementBody,
  type StatementLedger,
  type StatementReads,
  type StatementRequest,
} from './statement-kit.ts';

interface Item {
  key: string;
  label: string;
  cents: number;
  lines: number;
  drill?: ReportDrill;
}

/**
 * The range by department, and its sums by counterparty: counterparties are not in the monthly aggregate (it
 * would be nearly as large as the ledger), so that read is of 02_GL_Detail through its (period, account_code)
 * index.
 */
const reads = ({ from, to }: StatementRequest): StatementReads => ({
  movements: { ranges: [{ from, to }], byDepartment: true },
  counterparties: { from, to },
});

/**
 * Expenses (accounts of type expense, as costs: debit − credit) of the range by department, by account and
 * by counterparty: the `top` largest of each, the rest as "Other".
 */
function build(input: StatementRequest, ledger: StatementLedger): StatementBody {
  const { from, to, slice, accounts, top } = input;
  const byDepartment = new Map<string | null, number>();
  const byAccount = new Map<string, number>();
  for (const movement of ledger.movements.filter(inSlice(slice))) {
    if (movement.accountType !== 'expense' || !within(movement.period, from, to)) continue;
    add(byDepartment, movement.department ?? null, readingAmount(movement));
    add(byAccount, movement.accountCode, readingAmount(movement));
  }
  const byCounterparty = new Map<string | null, { cents: number; lines: number }>();
  for (const sum of ledger.counterparties.filter(inSlice(slice))) {
    if (sum.accountType !== 'expense') continue;
    const found = byCounterparty.get(sum.counterparty) ?? { cents: 0, lines: 0 };
    byCounterparty.set(sum.counterparty, { cents: found.cents + readingAmount(sum), lines: found.lines + sum.lines });
  }
  const total = [...byAccount.values()].reduce((sum, cents) => sum + cents, 0);
  const expense = { accountType: 'expense' };

  const departments: Item[] = [...byDepartment].map(([department, cents]) => ({
    key: department ?? '',
    label: department ?? 'No department',
    cents,
    lines: 0,
    ...(department !== null && { drill: drillOf(input, { ...expense, department }) }),
  }));
  const accountItems: Item[] = [...byAccount].map(([code, cents]) => ({
    key: code,
    label: accountLabel(code, accounts.get(code)?.name),
    cents,
    lines: 0,
    drill: drillOf(input, { accountCode: code }),
  }));
  const counterpartyItems: Item[] = [...byCounterparty].map(([counterparty, { cents, lines }]) => ({
    key: counterparty ?? '',
    label: counterparty ?? 'No counterparty',
    cents,
    lines,
    ...(counterparty !== null && { drill: drillOf(input, { ...expense, counterparty }) }),
  }));

  const columns = [
    { key: 'amount', label: 'Amount', kind: 'amount' as const },
    { key: 'share', label: 'Share %', kind: 'percent' as const },
  ];
  /** The `top` largest, then "Other" (when anything is left), then the total. */
  const ranked = (name: string, items: Item[]) => {
    const sorted = [...items].sort((a, b) => b.cents - a.cents || a.label.localeCompare(b.label));
    const shown = sorted.slice(0, top);
    const rest = sorted.slice(top);
    const row = (item: Item): ReportRow => ({
      key: `${name}:${item.key}`,
      label: item.label,
      kind: 'line',
      depth: 1,
      values: { amount: money(item.cents), share: percent(item.cents, total) },
      ...(item.drill && { drill: item.drill }),
    });
    const rows = shown.map(row);
    if (rest.length > 0) {
      const cents = rest.reduce((sum, item) => sum + item.cents, 0);
      rows.push({
        key: `${name}:other`,
        label: `Other (${rest.length})`,
        kind: 'subtotal',
        depth: 1,
        values: { amount: money(cents), share: percent(cents, total) },
      });
    }
    rows.push({
      key: `${name}:total`,
      label: 'Total expenses',
      kind: 'total',
      depth: 0,
      values: { amount: money(total), share: total === 0 ? null : 100 },
      drill: drillOf(input, expense),
    });
    return rows;
  };
  const sections = [
    { key: 'departments', label: 'By Department', columns, rows: ranked('department', departments) },
    { key: 'accounts', label: 'By Account', columns, rows: ranked('account', accountItems) },
    { key: 'counterparties', label: 'By Counterparty', columns, rows: ranked('counterparty', counterpartyItems) },
  ];
  const seriesOf = (section: (typeof sections)[number], chart: 'pie' | 'bar') => ({
    key: section.key,
    label: section.label,
    chart,
    kind: 'amount' as const,
    points: section.rows
      .filter((row) => row.kind !== 'total')
      .map((row) => ({ x: row.label, value: row.values.amount ?? 0, ...(row.drill && { drill: row.drill }) })),
  });
  return {
    sections,
    series: [seriesOf(sections[0]!, 'pie'), seriesOf(sections[1]!, 'bar'), seriesOf(sections[2]!, 'bar')],
    totals: {
      expenses: money(total),
      departments: departments.length,
      accounts: accountItems.length,
      counterparties: counterpartyItems.length,
    },
  };
}

export const expenseAnalysis: Statement = { reads, build };
