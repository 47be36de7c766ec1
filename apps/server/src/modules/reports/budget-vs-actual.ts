import type { ReportRow } from '@finboard/shared/reports';
import { accountLabel } from '@finboard/shared/reports';
import {
  drillOf,
  inBudgetSlice,
  inSlice,
  isEarnings,
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

const NO_DEPARTMENT = 'No department';
type Figures = { actual: number; budget: number };

/** The range by department, and its budget. */
const reads = ({ from, to }: StatementRequest): StatementReads => ({
  movements: { ranges: [{ from, to }], byDepartment: true },
  budget: { from, to },
});

/**
 * Actual against budget by department and account, for revenue and expense accounts, in reading signs
 * (finance-conventions.md): variance = actual − budget, favourable when revenue is above budget or costs
 * below it. Budgets have no entity: with an entity filter the actuals are that entity's, the budget the
 * company's.
 */
function build(input: StatementRequest, ledger: StatementLedger): StatementBody {
  const { from, to, slice, accounts } = input;
  // type → department → account → figures
  const tree = new Map<string, Map<string | null, Map<string, Figures>>>();
  const figures = (type: string, code: string, department: string | null) => {
    const byDepartment = tree.get(type) ?? new Map<string | null, Map<string, Figures>>();
    tree.set(type, byDepartment);
    const byAccount = byDepartment.get(department) ?? new Map<string, Figures>();
    byDepartment.set(department, byAccount);
    const found = byAccount.get(code) ?? { actual: 0, budget: 0 };
    byAccount.set(code, found);
    return found;
  };
  for (const movement of ledger.movements.filter(inSlice(slice))) {
    if (!isEarnings(movement.accountType) || !within(movement.period, from, to)) continue;
    figures(movement.accountType!, movement.accountCode, movement.department ?? null).actual += readingAmount(movement);
  }
  for (const line of ledger.budget.filter(inBudgetSlice(slice)))
    if (isEarnings(line.accountType) && within(line.period, from, to))
      figures(line.accountType!, line.accountCode, line.department).budget += line.amount;

  const columns = [
    { key: 'actual', label: 'Actual', kind: 'amount' as const },
    { key: 'budget', label: 'Budget', kind: 'amount' as const },
    { key: 'variance', label: 'Variance', kind: 'amount' as const },
    { key: 'variancePct', label: 'Variance %', kind: 'percent' as const },
  ];
  const valuesOf = ({ actual, budget }: Figures) => ({
    actual: money(actual),
    budget: money(budget),
    variance: money(actual - budget),
    variancePct: percent(actual - budget, budget),
  });
  const favourableOf = ({ actual, budget }: Figures, isRevenue: boolean) => ({
    variance: actual === budget || actual > budget === isRevenue,
  });
  const sumOf = (all: Iterable<Figures>) => {
    const total = { actual: 0, budget: 0 };
    for (const one of all) {
      total.actual += one.actual;
      total.budget += one.budget;
    }
    return total;
  };

  const totals: Record<string, number> = {};
  const totalOf = { revenue: { actual: 0, budget: 0 }, expense: { actual: 0, budget: 0 } };
  const departmentSeries: { x: string; value: number }[] = [];
  const sections = (['revenue', 'expense'] as const).map((type) => {
    const isRevenue = type === 'revenue';
    const byDepartment = tree.get(type) ?? new Map<string | null, Map<string, Figures>>();
    const rows: ReportRow[] = [];
    const departments = [...byDepartment.keys()].sort((a, b) => (a ?? '~').localeCompare(b ?? '~'));
    for (const department of departments) {
      const byAccount = byDepartment.get(department)!;
      const subtotal = sumOf(byAccount.values());
      const narrow = department === null ? {} : { department };
      rows.push({
        key: `${type}:department:${department ?? ''}`,
        label: department ?? NO_DEPARTMENT,
        kind: 'subtotal',
        depth: 0,
        values: valuesOf(subtotal),
        favourable: favourableOf(subtotal, isRevenue),
        ...(department !== null && { drill: drillOf(input, { accountType: type, ...narrow }) }),
      });
      if (!isRevenue) departmentSeries.push({ x: department ?? NO_DEPARTMENT, value: money(subtotal.actual) });
      for (const [code, one] of [...byAccount].sort(([a], [b]) => a.localeCompare(b)))
        rows.push({
          key: `${type}:department:${department ?? ''}:account:${code}`,
          label: accountLabel(code, accounts.get(code)?.name),
          kind: 'line',
          depth: 1,
          values: valuesOf(one),
          favourable: favourableOf(one, isRevenue),
          // A line without a department cannot be named by the drill's filter: the account's lines are shown.
          drill: drillOf(input, { accountCode: code, ...narrow }),
        });
    }
    const total = sumOf([...byDepartment.values()].flatMap((byAccount) => [...byAccount.values()]));
    totalOf[type] = total;
    rows.push({
      key: `${type}:total`,
      label: isRevenue ? 'Total revenue' : 'Total expenses',
      kind: 'total',
      depth: 0,
      values: valuesOf(total),
      favourable: favourableOf(total, isRevenue),
      drill: drillOf(input, { accountType: type }),
    });
    const name = isRevenue ? 'revenue' : 'expenses';
    totals[`${name}Actual`] = money(total.actual);
    totals[`${name}Budget`] = money(total.budget);
    totals[`${name}Variance`] = money(total.actual - total.budget);
    return { key: type, label: isRevenue ? 'Revenue' : 'Expenses', columns, rows };
  });
  const netActual = totalOf.revenue.actual - totalOf.expense.actual;
  const netBudget = totalOf.revenue.budget - totalOf.expense.budget;
  totals.netIncomeActual = money(netActual);
  totals.netIncomeBudget = money(netBudget);
  totals.netIncomeVariance = money(netActual - netBudget);

  const expenseBudget = [...(tree.get('expense') ?? new Map<string | null, Map<string, Figures>>())]
    .sort(([a], [b]) => (a ?? '~').localeCompare(b ?? '~'))
    .map(([department, byAccount]) => ({
      x: department ?? NO_DEPARTMENT,
      value: money(sumOf(byAccount.values()).budget),
    }));
  return {
    sections,
    series: [
      { key: 'expensesActual', label: 'Expenses (actual)', chart: 'bar', kind: 'amount', points: departmentSeries },
      { key: 'expensesBudget', label: 'Expenses (budget)', chart: 'bar', kind: 'amount', points: expenseBudget },
    ],
    totals,
  };
}

export const budgetVsActual: Statement = { reads, build };
