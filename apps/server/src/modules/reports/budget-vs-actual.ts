import type { ReportRow } from '@finboard/shared/reports';
import { accountLabel } from '@finboard/shared/reports';
import {
  classifierOf,
  drillOf,
  inBudgetSlice,
  inSlice,
  money,
  profitGroupOf,
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

/** The statement's sections: revenue, other income (below operating income on the P&L), every expense. */
const SECTIONS = {
  revenue: { label: 'Revenue', total: 'Total revenue', income: true, accountType: 'revenue', name: 'revenue' },
  otherIncome: {
    label: 'Other income',
    total: 'Total other income',
    income: true,
    accountType: 'revenue',
    name: 'otherIncome',
  },
  expense: { label: 'Expenses', total: 'Total expenses', income: false, accountType: 'expense', name: 'expenses' },
} as const;
type Section = keyof typeof SECTIONS;

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
  const classify = classifierOf(input);
  const sectionOf = (line: Parameters<typeof classify>[0]): Section | undefined => {
    const group = profitGroupOf(classify(line));
    return group === undefined ? undefined : group === 'revenue' || group === 'otherIncome' ? group : 'expense';
  };
  // section → department → account → figures
  const tree = new Map<Section, Map<string | null, Map<string, Figures>>>();
  const figures = (type: Section, code: string, department: string | null) => {
    const byDepartment = tree.get(type) ?? new Map<string | null, Map<string, Figures>>();
    tree.set(type, byDepartment);
    const byAccount = byDepartment.get(department) ?? new Map<string, Figures>();
    byDepartment.set(department, byAccount);
    const found = byAccount.get(code) ?? { actual: 0, budget: 0 };
    byAccount.set(code, found);
    return found;
  };
  for (const movement of ledger.movements.filter(inSlice(slice))) {
    const section = sectionOf(movement);
    if (!section || !within(movement.period, from, to)) continue;
    figures(section, movement.accountCode, movement.department ?? null).actual += readingAmount(movement);
  }
  for (const line of ledger.budget.filter(inBudgetSlice(slice))) {
    const section = sectionOf(line);
    if (section && within(line.period, from, to))
      figures(section, line.accountCode, line.department).budget += line.amount;
  }

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
  const totalOf: Record<Section, Figures> = {
    revenue: { actual: 0, budget: 0 },
    otherIncome: { actual: 0, budget: 0 },
    expense: { actual: 0, budget: 0 },
  };
  const departmentSeries: { x: string; value: number }[] = [];
  // The GL lines of an account type are one section's only when no other section shares the type.
  const onlySection = (accountType: string) => accountType !== 'revenue' || !tree.has('otherIncome');
  // Other income shows only when there is some; revenue and expenses always.
  const shown = (Object.keys(SECTIONS) as Section[]).filter((type) => type !== 'otherIncome' || tree.has(type));
  const sections = shown.map((type) => {
    const { label, total: totalLabel, income: isRevenue, accountType, name } = SECTIONS[type];
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
        ...(department !== null &&
          type !== 'otherIncome' &&
          onlySection(accountType) && { drill: drillOf(input, { accountType, ...narrow }) }),
      });
      if (type === 'expense') departmentSeries.push({ x: department ?? NO_DEPARTMENT, value: money(subtotal.actual) });
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
      label: totalLabel,
      kind: 'total',
      depth: 0,
      values: valuesOf(total),
      favourable: favourableOf(total, isRevenue),
      ...(type !== 'otherIncome' && onlySection(accountType) && { drill: drillOf(input, { accountType }) }),
    });
    totals[`${name}Actual`] = money(total.actual);
    totals[`${name}Budget`] = money(total.budget);
    totals[`${name}Variance`] = money(total.actual - total.budget);
    return { key: type, label, columns, rows };
  });
  const net = (key: keyof Figures) => totalOf.revenue[key] + totalOf.otherIncome[key] - totalOf.expense[key];
  const netActual = net('actual');
  const netBudget = net('budget');
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
