import type { ReportDrill, ReportRow } from '@finboard/shared/reports';
import { reportsRepository as repo } from './reports.repository.ts';
import { add, drillOf, money, percent, type StatementBody, type StatementInput } from './statement-kit.ts';

interface Item {
  key: string;
  label: string;
  cents: number;
  lines: number;
  drill?: ReportDrill;
}

/**
 * Expenses (accounts of type expense, as costs) of the range by department, by account and by
 * counterparty: the `top` largest of each, the rest as "Other". Counterparties are not in the monthly
 * aggregate (it would be nearly as large as the ledger): that breakdown reads 02_GL_Detail through its
 * (period, account_code) index.
 */
export async function expenseAnalysis(input: StatementInput): Promise<StatementBody> {
  const { tx, schema, from, to, slice, accounts, top } = input;
  const [movements, counterparties] = await Promise.all([
    repo.movements(tx, schema, [{ from, to }], slice, { byDepartment: true }),
    repo.expensesByCounterparty(tx, schema, from, to, slice),
  ]);
  const byDepartment = new Map<string | null, number>();
  const byAccount = new Map<string, number>();
  for (const movement of movements) {
    if (accounts.get(movement.accountCode)?.type !== 'expense') continue;
    add(byDepartment, movement.department, movement.net);
    add(byAccount, movement.accountCode, movement.net);
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
    label: `${code} ${accounts.get(code)?.name ?? ''}`.trim(),
    cents,
    lines: 0,
    drill: drillOf(input, { accountCode: code }),
  }));
  const counterpartyItems: Item[] = counterparties.map((row) => ({
    key: row.counterparty ?? '',
    label: row.counterparty ?? 'No counterparty',
    cents: row.net,
    lines: row.lines,
    ...(row.counterparty !== null && { drill: drillOf(input, { ...expense, counterparty: row.counterparty }) }),
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
