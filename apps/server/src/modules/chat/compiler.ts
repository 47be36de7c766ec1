import {
  CHAT_KPI_METRICS,
  type ChatColumn,
  type ChatDimension,
  type ChatMetric,
  type SemanticQuery,
} from '@finboard/shared/chat';
import { quoteIdent } from '../../warehouse/identifiers.ts';
import type { FiscalNumbering } from './chat-calendar.ts';

/**
 * A semantic query → one SELECT over the organization's warehouse, every value a bound parameter, every
 * identifier through quoteIdent. Unlike the warehouse's other statements its relations are unqualified: it
 * goes through the same SQL guard as a model's statement, which takes only the canonical names without a
 * schema and runs them with the search_path set to that warehouse alone. Those names start with a digit, so
 * no catalog of pg_catalog can stand in for them, and no temporary table is ever made under them.
 *
 * The figures follow the reports (finance-conventions.md, reports/statement-kit.ts): a `facts` CTE of signed
 * movements (net = debit − credit) read from the monthly aggregates of the grain the query needs (or the
 * ledger itself for counterparties and journals), budget lines and cash flows beside them; `grouped` sums them
 * per dimension; `answer` adds running balances; the outer SELECT keeps the asked range, orders and limits.
 */

export interface CompiledQuery {
  sql: string;
  params: unknown[];
  columns: ChatColumn[];
}

export class CompileError extends Error {}

/**
 * The expenses below operating expenses on the Profit & Loss (account-classification.ts): depreciation and
 * amortization, interest and other expenses, income tax. Stored subtypes are standard (warehouse migration 5).
 */
const OTHER_EXPENSE_SUBTYPES = `('depreciation_amortization', 'interest_expense', 'other_expense', 'income_tax')`;

/** Which accounts a money metric sums, and in which sign. */
interface FlowSpec {
  where: string;
  /**
   * reading: assets and expenses debit-positive, the rest credit-positive; income: credit-positive (net income);
   * credits: the credits alone (a vendor's bills on payables, without the payments debited there).
   */
  sign: 'reading' | 'income' | 'credits';
  label: string;
}

/** Revenue as the statements have it: sales and contra revenue, not other income (docs/kpis.md). */
const REVENUE = `(f.account_type = 'revenue' AND coalesce(f.account_subtype, '') <> 'other_income')`;
/** Operating expenses before depreciation and amortization. */
const OPERATING = `coalesce(f.account_subtype, '') NOT IN ('cost_of_sales', ${OTHER_EXPENSE_SUBTYPES.slice(1)}`;

const FLOWS: Partial<Record<ChatMetric, FlowSpec>> = {
  revenue: { where: REVENUE, sign: 'reading', label: 'Revenue' },
  cost_of_sales: {
    where: `f.account_type = 'expense' AND f.account_subtype = 'cost_of_sales'`,
    sign: 'reading',
    label: 'Cost of sales',
  },
  gross_profit: {
    where: `(${REVENUE} OR (f.account_type = 'expense' AND f.account_subtype = 'cost_of_sales'))`,
    sign: 'income',
    label: 'Gross profit',
  },
  operating_expenses: {
    where: `f.account_type = 'expense' AND ${OPERATING}`,
    sign: 'reading',
    label: 'Operating expenses',
  },
  other_expenses: {
    where: `f.account_type = 'expense' AND f.account_subtype IN ${OTHER_EXPENSE_SUBTYPES}`,
    sign: 'reading',
    label: 'Other expenses',
  },
  expenses: { where: `f.account_type = 'expense'`, sign: 'reading', label: 'Expenses' },
  net_income: { where: `f.account_type IN ('revenue', 'expense')`, sign: 'income', label: 'Net income' },
  other_income: {
    where: `f.account_type = 'revenue' AND f.account_subtype = 'other_income'`,
    sign: 'reading',
    label: 'Other income',
  },
  ebitda: {
    where: `(${REVENUE} OR (f.account_type = 'expense' AND (f.account_subtype = 'cost_of_sales' OR ${OPERATING})))`,
    sign: 'income',
    label: 'EBITDA',
  },
  operating_income: {
    where: `(${REVENUE} OR (f.account_type = 'expense' AND coalesce(f.account_subtype, '') NOT IN ('interest_expense', 'other_expense', 'income_tax')))`,
    sign: 'income',
    label: 'Operating income',
  },
  amount: { where: `f.account_code IS NOT NULL`, sign: 'reading', label: 'Amount' },
  // Money with a counterparty: what it paid us, what we paid it, what it billed us.
  cash_received: { where: `f.account_subtype = 'cash'`, sign: 'reading', label: 'Cash received' },
  cash_paid: { where: `f.account_subtype = 'cash'`, sign: 'income', label: 'Cash paid' },
  billed: { where: `f.account_subtype = 'payable'`, sign: 'credits', label: 'Billed' },
  profit_before_tax: {
    where: `f.account_type IN ('revenue', 'expense') AND coalesce(f.account_subtype, '') <> 'income_tax'`,
    sign: 'income',
    label: 'Profit before tax',
  },
};

/** Margins: the flow they are a percentage of revenue of. */
const MARGIN_OF: Partial<Record<ChatMetric, ChatMetric>> = {
  gross_margin_pct: 'gross_profit',
  net_margin_pct: 'net_income',
  ebitda_margin_pct: 'ebitda',
  operating_margin_pct: 'operating_income',
};

const READING = `CASE WHEN f.account_type IN ('asset', 'expense') THEN f.net ELSE -f.net END`;
const READING_BUDGET = 'f.budget';
const signed = (spec: FlowSpec, column: 'net' | 'budget') =>
  spec.sign === 'credits'
    ? column === 'net'
      ? 'f.credit'
      : '0'
    : spec.sign === 'income'
      ? column === 'net'
        ? '-f.net'
        : `CASE WHEN f.account_type = 'revenue' THEN f.budget ELSE -f.budget END`
      : column === 'net'
        ? READING
        : READING_BUDGET;

const MONEY = 'numeric(20,2)';

/** Where every compiled statement starts its CTEs: `overRelations` puts others before it. */
const FIRST_CTE = 'WITH facts AS (';

const DIMENSION_LABELS: Record<string, string> = {
  period: 'Period',
  quarter: 'Quarter',
  fiscal_year: 'Fiscal year',
  account_code: 'Account',
  account_name: 'Account name',
  account_group: 'Account group',
  account_type: 'Account type',
  account_subtype: 'Account subtype',
  department: 'Department',
  entity: 'Entity',
  counterparty: 'Counterparty',
};

const METRIC_LABELS: Record<ChatMetric, string> = {
  revenue: 'Revenue',
  cost_of_sales: 'Cost of sales',
  gross_profit: 'Gross profit',
  gross_margin_pct: 'Gross margin %',
  operating_expenses: 'Operating expenses',
  other_expenses: 'Other expenses',
  expenses: 'Expenses',
  net_income: 'Net income',
  net_margin_pct: 'Net margin %',
  other_income: 'Other income',
  ebitda: 'EBITDA',
  ebitda_margin_pct: 'EBITDA margin %',
  operating_income: 'Operating income',
  operating_margin_pct: 'Operating margin %',
  amount: 'Amount',
  balance: 'Balance',
  cash_in: 'Cash in',
  cash_out: 'Cash out',
  net_cash_flow: 'Net cash flow',
  closing_cash: 'Closing cash',
  journal_count: 'Journals',
  line_count: 'GL lines',
  cash_received: 'Cash received',
  cash_paid: 'Cash paid',
  billed: 'Billed',
  profit_before_tax: 'Profit before tax',
  working_capital: 'Working capital',
  current_ratio: 'Current ratio',
  quick_ratio: 'Quick ratio',
  debt_to_equity: 'Debt to equity',
  dso: 'Days sales outstanding',
  dpo: 'Days payable outstanding',
  dio: 'Days inventory outstanding',
  monthly_burn: 'Monthly burn',
  cash_conversion_cycle: 'Cash conversion cycle',
  cash_runway: 'Cash runway (months)',
};

export const metricLabel = (metric: ChatMetric) => METRIC_LABELS[metric];

const TIME_DIMENSIONS: readonly ChatDimension[] = ['period', 'quarter', 'fiscal_year'];
const CASH_METRICS: readonly ChatMetric[] = ['cash_in', 'cash_out', 'net_cash_flow'];
/** The KPI library's measures made of balances at the end of the range (and flows over it). */
const KPI_METRICS: readonly ChatMetric[] = CHAT_KPI_METRICS;
const CUMULATIVE_METRICS: readonly ChatMetric[] = ['balance', 'closing_cash', ...KPI_METRICS];
/** Current assets and liabilities as the Balance Sheet groups them (CURRENT_SUBTYPES). */
const CURRENT_ASSETS = `f.account_type = 'asset' AND f.account_subtype IN ('cash', 'receivable', 'inventory', 'prepaid', 'other_current_asset')`;
const CURRENT_LIABILITIES = `f.account_type = 'liability' AND f.account_subtype IN ('payable', 'credit_card', 'accrued_liability', 'payroll_liability', 'tax_liability', 'deferred_revenue', 'current_debt')`;

/** The SQL of a dimension over `facts` and the output columns it gives. */
function dimensionColumns(dimension: ChatDimension): { expression: string; name: string }[] {
  switch (dimension) {
    case 'period':
      return [{ expression: 'f.period', name: 'period' }];
    case 'quarter':
      return [{ expression: `f.fiscal_year::text || '-Q' || ((f.fiscal_period + 2) / 3)::text`, name: 'quarter' }];
    case 'fiscal_year':
      return [{ expression: 'f.fiscal_year', name: 'fiscal_year' }];
    case 'account':
      return [
        { expression: 'f.account_code', name: 'account_code' },
        { expression: 'f.account_name', name: 'account_name' },
      ];
    default:
      return [{ expression: `f.${dimension}`, name: dimension }];
  }
}

class Params {
  readonly values: unknown[] = [];
  private readonly named = new Map<string, string>();
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /** A text parameter bound once, on first use: PostgreSQL refuses a statement with a parameter it never reads. */
  text(name: string, value: string): string {
    let placeholder = this.named.get(name);
    if (!placeholder) this.named.set(name, (placeholder = `${this.add(value)}::text`));
    return placeholder;
  }
}

/** How many months from `from` to `to`, both included. */
export const monthsIn = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5)) + 1;

/** `YYYY-MM` shifted by `months`. */
export function addMonths(period: string, months: number): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function compileSemanticQuery(query: SemanticQuery, numbering?: FiscalNumbering): CompiledQuery {
  const params = new Params();
  // Fiscal years as 00_Period numbers them, or as the organization's fiscal year start month does (chat-calendar.ts).
  const month = `substr(p."Period", 6, 2)::int`;
  const fiscalYearOfPeriod = numbering
    ? `((substr(p."Period", 1, 4)::int * 12 + ${month} - 1 - ${params.add(numbering.startMonth)}::int) / 12 + ${params.add(numbering.yearOffset)}::int)`
    : 'p.fiscal_year';
  const fiscalPeriodOfPeriod = numbering
    ? `((${month} + 11 - ${params.add(numbering.startMonth)}::int) % 12 + 1)`
    : 'p.fiscal_period';
  const { metrics, dimensions, filters, timeRange, compare } = query;
  if (timeRange.from > timeRange.to) throw new CompileError('the time range ends before it starts');
  const t = (name: string) => quoteIdent(name);

  const wantsCash = metrics.some((metric) => CASH_METRICS.includes(metric));
  const cumulative = metrics.some((metric) => CUMULATIVE_METRICS.includes(metric));
  if (metrics.some((metric) => KPI_METRICS.includes(metric)) && (dimensions.length || compare || query.ratio))
    throw new CompileError('the KPI measures are answered for the whole organization at one date, without breakdowns');
  const useLedger =
    query.countDistinct === 'counterparty' ||
    query.countDistinct === 'journal' ||
    dimensions.includes('counterparty') ||
    (filters.counterparties?.length ?? 0) > 0 ||
    (query.ratio !== undefined &&
      [query.ratio.numerator, query.ratio.denominator].some(
        (side) => (side.filters.counterparties?.length ?? 0) > 0,
      )) ||
    metrics.includes('journal_count');
  const byEntity = dimensions.includes('entity') || (filters.entities?.length ?? 0) > 0;
  const ratio = query.ratio;
  const ratioSides = ratio ? [ratio.numerator, ratio.denominator] : [];
  if (ratioSides.some((side) => !FLOWS[side.metric]))
    throw new CompileError('a percentage of another figure is answered for money flows (revenue, costs, accounts)');
  const byDepartment =
    query.countDistinct === 'department' ||
    dimensions.includes('department') ||
    (filters.departments?.length ?? 0) > 0 ||
    ratioSides.some((side) => (side.filters.departments?.length ?? 0) > 0);
  if (wantsCash && dimensions.some((d) => d.startsWith('account') || d === 'counterparty'))
    throw new CompileError('cash flows are not kept per account or counterparty');

  // Bound on first use (toString), so a statement never carries a parameter it does not read.
  const lazy = (name: string, value: string) => ({ toString: () => params.text(name, value) });
  const from = lazy('from', timeRange.from);
  const to = lazy('to', timeRange.to);
  // The compared months: a year earlier, or as many months back as asked (by default the range's own length).
  const monthsBack =
    compare === 'previous_period' ? (query.compareMonthsBack ?? monthsIn(timeRange.from, timeRange.to)) : 12;
  // Month by month, each month against the month as many months back (month over month); not by quarter or year,
  // whose buckets would not line up, and not for balances, whose running sums would not.
  if (
    compare === 'previous_period' &&
    dimensions.some((d) => TIME_DIMENSIONS.includes(d)) &&
    (cumulative || dimensions.some((d) => d === 'quarter' || d === 'fiscal_year'))
  )
    throw new CompileError('a comparison with an earlier period is answered for the whole range or month by month');
  const priorFrom = lazy('priorFrom', addMonths(timeRange.from, -monthsBack));
  const priorTo = lazy('priorTo', addMonths(timeRange.to, -monthsBack));

  const accountFilters = (alias: string) => {
    const parts: string[] = [];
    if (filters.accountCodes?.length)
      parts.push(`${alias}.account_code = ANY(${params.add(filters.accountCodes)}::text[])`);
    if (filters.accountTypes?.length)
      parts.push(`${alias}.account_type = ANY(${params.add(filters.accountTypes)}::text[])`);
    if (filters.accountSubtypes?.length)
      parts.push(`${alias}.account_subtype = ANY(${params.add(filters.accountSubtypes)}::text[])`);
    return parts;
  };
  const sliceFilters = (alias: string, options: { entity: boolean; counterparty?: boolean }) => {
    const parts: string[] = [];
    if (filters.departments?.length)
      parts.push(`${alias}.department = ANY(${params.add(filters.departments)}::text[])`);
    if (options.entity && filters.entities?.length)
      parts.push(`${alias}.entity = ANY(${params.add(filters.entities)}::text[])`);
    if (options.counterparty !== false && filters.counterparties?.length)
      parts.push(`${alias}.counterparty = ANY(${params.add(filters.counterparties)}::text[])`);
    return parts;
  };
  const and = (parts: string[]) => parts.map((part) => ` AND ${part}`).join('');

  const columns = (values: {
    period: string;
    fiscalYear: string;
    span: string;
    accountAlias: string | null;
    department: string;
    entity: string;
    counterparty: string;
    net: string;
    credit: string;
    lines: string;
    journal: string;
    budget: string;
    cashIn: string;
    cashOut: string;
  }) => {
    const a = values.accountAlias;
    return `${values.period} AS period, ${values.fiscalYear} AS fiscal_year, ${fiscalPeriodOfPeriod} AS fiscal_period, ${values.span}::text AS span,
      ${a ? `${a}.account_code, ${a}.account_name, ${a}.account_type, ${a}.account_subtype, ${groupOf(a)} AS account_group` : 'NULL::text AS account_code, NULL::text AS account_name, NULL::text AS account_type, NULL::text AS account_subtype, NULL::text AS account_group'},
      ${values.department}::text AS department, ${values.entity}::text AS entity, ${values.counterparty}::text AS counterparty,
      ${values.net}::numeric AS net, ${values.credit}::numeric AS credit, ${values.lines}::bigint AS lines, ${values.journal}::text AS journal,
      ${values.budget}::numeric AS budget, ${values.cashIn}::numeric AS cash_in, ${values.cashOut}::numeric AS cash_out`;
  };
  // An account's group: the account it is under (read only when asked for: a correlated lookup per row).
  const groupOf = (a: string) =>
    dimensions.includes('account_group')
      ? `coalesce((SELECT pa.account_name FROM ${t('01_Account')} pa WHERE pa.account_code = ${a}.parent_code), ${a}.account_name)`
      : 'NULL::text';
  // The compared months moved onto the months they are compared with, so a month-by-month answer lines them up.
  let monthsBackParam: string | undefined;
  const shifted = {
    toString: () =>
      `to_char(to_date(p."Period" || '-01', 'YYYY-MM-DD') + interval '1 month' * ${(monthsBackParam ??= `${params.add(monthsBack)}::int`)}, 'YYYY-MM')`,
  };

  /** Actual movements, from the aggregates of the needed grain or the ledger; `span` current or prior. */
  const actuals = (span: 'current' | 'prior') => {
    const range =
      span === 'prior'
        ? cumulative
          ? `<= ${priorTo}`
          : `BETWEEN ${priorFrom} AND ${priorTo}`
        : cumulative
          ? `<= ${to}`
          : `BETWEEN ${from} AND ${to}`;
    const period = span === 'prior' ? String(shifted) : 'p."Period"';
    const fiscalYear = span === 'prior' ? `${fiscalYearOfPeriod} + 1` : fiscalYearOfPeriod;
    if (useLedger)
      return `SELECT ${columns({
        period,
        fiscalYear,
        span: `'${span}'`,
        accountAlias: 'a',
        department: 'g.department',
        entity: 'g.entity',
        counterparty: 'g.counterparty',
        net: 'g.debit - g.credit',
        credit: 'g.credit',
        lines: '1',
        journal: `g.source || ':' || g.journal_id`,
        budget: '0',
        cashIn: '0',
        cashOut: '0',
      })}
      FROM ${t('02_GL_Detail')} g JOIN ${t('01_Account')} a ON a.account_code = g.account_code
        JOIN ${t('00_Period')} p ON p."Period" = g.period
      WHERE g.period ${range}${and([...accountFilters('a'), ...sliceFilters('g', { entity: true })])}`;
    const grain = (byEntity ? 2 : 0) + (byDepartment ? 1 : 0);
    return `SELECT ${columns({
      period,
      fiscalYear,
      span: `'${span}'`,
      accountAlias: 'a',
      department: 'm.department',
      entity: 'm.entity',
      counterparty: 'NULL',
      net: 'm.net',
      credit: 'm.credit',
      lines: 'm.lines',
      journal: 'NULL',
      budget: '0',
      cashIn: '0',
      cashOut: '0',
    })}
      FROM ${t('05_Monthly_Balance')} m JOIN ${t('01_Account')} a ON a.account_code = m.account_code
        JOIN ${t('00_Period')} p ON p."Period" = m.period
      WHERE m.grain = ${params.add(grain)}::int AND m.period ${range}${and([...accountFilters('a'), ...sliceFilters('m', { entity: true })])}`;
  };

  const branches = [actuals('current')];
  if (compare === 'prior_year' || compare === 'previous_period') branches.push(actuals('prior'));
  // Budgets have no entity or counterparty: an entity filter leaves them company-wide.
  if (compare === 'budget')
    branches.push(`SELECT ${columns({
      period: 'p."Period"',
      fiscalYear: fiscalYearOfPeriod,
      span: `'current'`,
      accountAlias: 'a',
      department: 'b.department',
      entity: 'NULL',
      counterparty: 'NULL',
      net: '0',
      credit: '0',
      lines: '0',
      journal: 'NULL',
      budget: 'b.amount',
      cashIn: '0',
      cashOut: '0',
    })}
      FROM ${t('03_Budget')} b JOIN ${t('01_Account')} a ON a.account_code = b.account_code
        JOIN ${t('00_Period')} p ON p."Period" = b.period
      WHERE b.period BETWEEN ${from} AND ${to}${and([...accountFilters('a'), ...(filters.departments?.length ? [`b.department = ANY(${params.add(filters.departments)}::text[])`] : [])])}`);
  if (wantsCash) {
    // Each journal's net effect on cash counts once (finance-conventions.md). Without an entity or department,
    // that is the ledger's journals; with one, the monthly cash flows kept per entity and department.
    const sliced = byEntity || byDepartment;
    const source = sliced
      ? `${t('05_Monthly_Cash_Flow')} c`
      : `(SELECT g.period, NULL::text AS entity, NULL::text AS department,
            CASE WHEN sum(g.debit - g.credit) > 0 THEN sum(g.debit - g.credit) ELSE 0 END AS cash_in,
            CASE WHEN sum(g.debit - g.credit) < 0 THEN -sum(g.debit - g.credit) ELSE 0 END AS cash_out
          FROM ${t('02_GL_Detail')} g JOIN ${t('01_Account')} a ON a.account_code = g.account_code
          WHERE a.account_subtype = 'cash' AND g.period BETWEEN ${from} AND ${to}
          GROUP BY g.period, g.source, g.journal_id) c`;
    branches.push(`SELECT ${columns({
      period: 'p."Period"',
      fiscalYear: fiscalYearOfPeriod,
      span: `'current'`,
      accountAlias: null,
      department: 'c.department',
      entity: 'c.entity',
      counterparty: 'NULL',
      net: '0',
      credit: '0',
      lines: '0',
      journal: 'NULL',
      budget: '0',
      cashIn: 'c.cash_in',
      cashOut: 'c.cash_out',
    })}
      FROM ${source} JOIN ${t('00_Period')} p ON p."Period" = c.period
      WHERE c.period BETWEEN ${from} AND ${to}${and(sliceFilters('c', { entity: true, counterparty: false }))}`);
  }

  // grouped: dimensions, then one column per figure.
  const dimensionList = dimensions.flatMap(dimensionColumns);
  const groupedColumns: string[] = dimensionList.map((d) => `${d.expression} AS ${d.name}`);
  const output: ChatColumn[] = dimensionList.map((d) => ({
    name: d.name,
    label: DIMENSION_LABELS[d.name] ?? d.name,
    type: d.name === 'fiscal_year' ? 'number' : 'text',
  }));
  // Built when used: its `from` parameter must not be bound by a query that never reads it.
  const current = { toString: () => `f.span = 'current' AND f.period >= ${from}` };
  const flowSum = (spec: FlowSpec, column: 'net' | 'budget', span: { toString(): string } = current) =>
    `coalesce(sum(${signed(spec, column)}) FILTER (WHERE ${spec.where} AND ${span}), 0)`;
  const answerColumns: string[] = output.map((column) => column.name);
  const windowed: string[] = [];
  const money = (name: string, label: string) => output.push({ name, label, type: 'number', unit: 'currency' });

  if (ratio) {
    // Each side sums its own lines: the facts are read unfiltered by account, each side filters in its FILTER.
    const sideWhere = (side: NonNullable<SemanticQuery['ratio']>['numerator']) => {
      const parts = [FLOWS[side.metric]!.where];
      if (side.filters.accountCodes?.length)
        parts.push(`f.account_code = ANY(${params.add(side.filters.accountCodes)}::text[])`);
      if (side.filters.accountTypes?.length)
        parts.push(`f.account_type = ANY(${params.add(side.filters.accountTypes)}::text[])`);
      if (side.filters.accountSubtypes?.length)
        parts.push(`f.account_subtype = ANY(${params.add(side.filters.accountSubtypes)}::text[])`);
      if (side.filters.departments?.length)
        parts.push(`f.department = ANY(${params.add(side.filters.departments)}::text[])`);
      if (side.filters.counterparties?.length)
        parts.push(`f.counterparty = ANY(${params.add(side.filters.counterparties)}::text[])`);
      return { ...FLOWS[side.metric]!, where: parts.join(' AND ') };
    };
    const top = flowSum(sideWhere(ratio.numerator), 'net');
    const bottom = flowSum(sideWhere(ratio.denominator), 'net');
    const [topLabel, bottomLabel] = ratio.labels ?? [
      METRIC_LABELS[ratio.numerator.metric],
      METRIC_LABELS[ratio.denominator.metric],
    ];
    const sides: ChatColumn[] = [
      { name: 'numerator', label: topLabel, type: 'number', unit: 'currency' },
      { name: 'denominator', label: bottomLabel, type: 'number', unit: 'currency' },
    ];
    if (ratio.difference) {
      // Two figures side by side: each, and how much more the first is.
      groupedColumns.push(
        `${top}::${MONEY} AS numerator`,
        `${bottom}::${MONEY} AS denominator`,
        `(${top} - ${bottom})::${MONEY} AS difference`,
      );
      answerColumns.push('numerator', 'denominator', 'difference');
      output.push(...sides, { name: 'difference', label: 'Difference', type: 'number', unit: 'currency' });
    } else {
      groupedColumns.push(
        `round(${top} * 100 / nullif(${bottom}, 0), 2) AS ratio_pct`,
        `${top}::${MONEY} AS numerator`,
        `${bottom}::${MONEY} AS denominator`,
      );
      answerColumns.push('ratio_pct', 'numerator', 'denominator');
      output.push({ name: 'ratio_pct', label: 'Percentage', type: 'number', unit: 'percent' }, ...sides);
    }
  }
  const comparing = compare === 'prior_year' || compare === 'previous_period';
  const prior = `f.span = 'prior'`;
  if (
    query.perMonth &&
    (dimensions.some((d) => TIME_DIMENSIONS.includes(d)) ||
      !metrics.every((m) => FLOWS[m]) ||
      ratio ||
      query.countDistinct)
  )
    throw new CompileError('a monthly average is answered for money flows over a range, not by month');
  let monthsParam: string | undefined;
  /** A flow as asked: its sum, or its average per month of the range. */
  const asked = (sum: string) =>
    query.perMonth
      ? `round(${sum} / ${(monthsParam ??= `${params.add(monthsIn(timeRange.from, timeRange.to))}::int`)}, 2)`
      : sum;
  /** A metric's figure over a span: a flow's sum, or a margin of revenue in % (2 decimals). */
  const figure = (metric: ChatMetric, span: { toString(): string }) => {
    const spec = FLOWS[metric];
    if (spec) return asked(flowSum(spec, 'net', span));
    const top = flowSum(FLOWS[MARGIN_OF[metric]!]!, 'net', span);
    return `round(${top} * 100 / nullif(${flowSum(FLOWS.revenue!, 'net', span)}, 0), 2)`;
  };
  const againstLabel = compare === 'prior_year' ? 'Prior year' : compare === 'budget' ? 'Budget' : 'Previous period';
  const againstName = compare === 'prior_year' ? 'prior_year' : compare === 'budget' ? 'budget' : 'previous';
  if (query.countDistinct) {
    // The lines that move the metric its own way: revenue credited, an expense or cash debited, bills credited.
    const spec = FLOWS[metrics[0]!];
    const moves = spec ? `${spec.where} AND ${signed(spec, 'net')} > 0` : 'f.lines > 0';
    const counted = {
      counterparty: 'f.counterparty',
      department: 'f.department',
      account: 'f.account_code',
      journal: 'f.journal',
    }[query.countDistinct];
    groupedColumns.push(`count(DISTINCT ${counted}) FILTER (WHERE ${current} AND ${moves}) AS distinct_count`);
    answerColumns.push('distinct_count');
    const noun = {
      counterparty: 'Counterparties',
      department: 'Departments',
      account: 'Accounts',
      journal: 'Journals',
    }[query.countDistinct];
    output.push({ name: 'distinct_count', label: noun, type: 'number', unit: 'count' });
  }
  for (const metric of ratio || query.countDistinct ? [] : metrics) {
    const spec = FLOWS[metric];
    if (spec || MARGIN_OF[metric]) {
      const unit = spec ? ('currency' as const) : ('percent' as const);
      const cast = spec ? `::${MONEY}` : '';
      const add = (name: string, sqlText: string, label: string, columnUnit: ChatColumn['unit'] = unit) => {
        groupedColumns.push(`${sqlText}${columnUnit === 'currency' ? cast : ''} AS ${name}`);
        answerColumns.push(name);
        output.push({ name, label, type: 'number', unit: columnUnit });
      };
      add(metric, figure(metric, current), `${METRIC_LABELS[metric]}${query.perMonth ? ' (monthly average)' : ''}`);
      if (compare === 'budget' && spec) {
        add(`${metric}_budget`, asked(flowSum(spec, 'budget')), 'Budget');
        // A variance split into its contributors is the decomposition's change.
        add(
          `${metric}_${query.decompose ? 'change' : 'variance'}`,
          asked(`(${flowSum(spec, 'net')} - ${flowSum(spec, 'budget')})`),
          'Variance',
        );
      }
      if (comparing) {
        const now = figure(metric, current);
        const then = figure(metric, prior);
        add(`${metric}_${againstName}`, then, againstLabel);
        // Margins change in points; money by an amount and a percentage of the earlier figure's size.
        add(`${metric}_change`, `(${now} - ${then})`, spec ? 'Change' : 'Change (points)');
        if (spec)
          add(
            `${metric}_change_pct`,
            `round((${now} - ${then}) * 100 / nullif(abs(${then}), 0), 2)`,
            'Change %',
            'percent',
          );
      }
      continue;
    }
    switch (metric) {
      case 'cash_in':
      case 'cash_out':
        groupedColumns.push(`coalesce(sum(f.${metric}) FILTER (WHERE ${current}), 0)::${MONEY} AS ${metric}`);
        answerColumns.push(metric);
        money(metric, METRIC_LABELS[metric]);
        break;
      case 'net_cash_flow':
        groupedColumns.push(
          `coalesce(sum(f.cash_in - f.cash_out) FILTER (WHERE ${current}), 0)::${MONEY} AS ${metric}`,
        );
        answerColumns.push(metric);
        money(metric, METRIC_LABELS[metric]);
        break;
      case 'journal_count':
        groupedColumns.push(`count(DISTINCT f.journal) FILTER (WHERE ${current}) AS ${metric}`);
        answerColumns.push(metric);
        output.push({ name: metric, label: METRIC_LABELS[metric], type: 'number', unit: 'count' });
        break;
      case 'line_count':
        groupedColumns.push(`coalesce(sum(f.lines) FILTER (WHERE ${current}), 0) AS ${metric}`);
        answerColumns.push(metric);
        output.push({ name: metric, label: METRIC_LABELS[metric], type: 'number', unit: 'count' });
        break;
      case 'working_capital':
      case 'current_ratio':
      case 'quick_ratio':
      case 'debt_to_equity':
      case 'dso':
      case 'dpo':
      case 'dio':
      case 'monthly_burn':
      case 'cash_conversion_cycle':
      case 'cash_runway': {
        // docs/kpis.md: balances at the end of the range (every movement up to it), flows over the range.
        const balance = (where: string) =>
          `coalesce(sum(${READING}) FILTER (WHERE f.span = 'current' AND ${where}), 0)`;
        const cash = (upTo: string) =>
          `coalesce(sum(f.net) FILTER (WHERE f.span = 'current' AND f.account_subtype = 'cash'${upTo}), 0)`;
        const ratioOf = (top: string, bottom: string) => `round(${top} / nullif(${bottom}, 0), 2)`;
        const days = () =>
          `((to_date(${to} || '-01', 'YYYY-MM-DD') + interval '1 month')::date - to_date(${from} || '-01', 'YYYY-MM-DD'))`;
        const unroundedDaysOf = (top: string, flow: FlowSpec) =>
          `(${top} / nullif(${flowSum(flow, 'net')}, 0) * ${days()})`;
        const daysOf = (top: string, flow: FlowSpec) => `round(${unroundedDaysOf(top, flow)}, 2)`;
        const burn = () =>
          `((${cash(` AND f.period < ${from}`)} - ${cash('')}) / ${params.add(monthsIn(timeRange.from, timeRange.to))}::int)`;
        const equity = `coalesce(sum(-f.net) FILTER (WHERE f.span = 'current' AND f.account_type IN ('equity', 'revenue', 'expense')), 0)`;
        // Each built only when asked: every parameter it binds is read.
        const expressions: Record<string, () => string> = {
          working_capital: () => `(${balance(CURRENT_ASSETS)} - ${balance(CURRENT_LIABILITIES)})::${MONEY}`,
          current_ratio: () => ratioOf(balance(CURRENT_ASSETS), balance(CURRENT_LIABILITIES)),
          quick_ratio: () =>
            ratioOf(balance(`f.account_subtype IN ('cash', 'receivable')`), balance(CURRENT_LIABILITIES)),
          debt_to_equity: () => ratioOf(balance(`f.account_subtype IN ('current_debt', 'long_term_debt')`), equity),
          dso: () => daysOf(balance(`f.account_subtype = 'receivable'`), FLOWS.revenue!),
          dpo: () => daysOf(balance(`f.account_subtype = 'payable'`), FLOWS.cost_of_sales!),
          dio: () => daysOf(balance(`f.account_subtype = 'inventory'`), FLOWS.cost_of_sales!),
          monthly_burn: () => `round(${burn()}, 2)::${MONEY}`,
          // From the unrounded days, as the KPI library does; none when any of them is none.
          cash_conversion_cycle: () =>
            `round(${unroundedDaysOf(balance(`f.account_subtype = 'receivable'`), FLOWS.revenue!)} + ${unroundedDaysOf(balance(`f.account_subtype = 'inventory'`), FLOWS.cost_of_sales!)} - ${unroundedDaysOf(balance(`f.account_subtype = 'payable'`), FLOWS.cost_of_sales!)}, 2)`,
          // Months of cash left at the burn of the range; none when cash did not fall, 0 when none is left.
          cash_runway: () => `CASE WHEN ${burn()} > 0 THEN round(greatest(${cash('')}, 0) / ${burn()}, 2) END`,
        };
        const expression = expressions[metric]!();
        groupedColumns.push(`${expression} AS ${metric}`);
        answerColumns.push(metric);
        output.push({
          name: metric,
          label: METRIC_LABELS[metric],
          type: 'number',
          ...(metric === 'working_capital' || metric === 'monthly_burn' ? { unit: 'currency' as const } : {}),
        });
        break;
      }
      case 'balance':
      case 'closing_cash': {
        // Movements of every period up to each bucket, summed by a running window in `answer`.
        const where = metric === 'closing_cash' ? `f.account_subtype = 'cash'` : 'f.account_code IS NOT NULL';
        // Equity's balance holds the earnings not yet closed into it: revenue adds to it, expenses take from it.
        const sign =
          metric === 'closing_cash'
            ? 'f.net'
            : filters.accountTypes?.includes('equity')
              ? `CASE WHEN f.account_type = 'asset' THEN f.net ELSE -f.net END`
              : READING;
        groupedColumns.push(
          `coalesce(sum(${sign}) FILTER (WHERE ${where} AND f.span = 'current'), 0) AS ${metric}_movement`,
        );
        windowed.push(metric);
        money(metric, METRIC_LABELS[metric]);
        if (comparing) {
          // A balance against an earlier one: every movement up to the end of each of the two ranges.
          if (dimensions.some((d) => TIME_DIMENSIONS.includes(d)))
            throw new CompileError('balances are compared at two dates, not month by month');
          const now = `coalesce(sum(${sign}) FILTER (WHERE ${where} AND f.span = 'current'), 0)`;
          const then = `coalesce(sum(${sign}) FILTER (WHERE ${where} AND ${prior}), 0)`;
          groupedColumns.push(
            `${then}::${MONEY} AS ${metric}_${againstName}`,
            `(${now} - ${then})::${MONEY} AS ${metric}_change`,
            `round((${now} - ${then}) * 100 / nullif(abs(${then}), 0), 2) AS ${metric}_change_pct`,
          );
          answerColumns.push(`${metric}_${againstName}`, `${metric}_change`, `${metric}_change_pct`);
          money(`${metric}_${againstName}`, againstLabel);
          money(`${metric}_change`, 'Change');
          output.push({ name: `${metric}_change_pct`, label: 'Change %', type: 'number', unit: 'percent' });
        }
        break;
      }
    }
  }

  const timeDimension = dimensions.find((d) => TIME_DIMENSIONS.includes(d));
  const categories = dimensionList.filter((d) => !TIME_DIMENSIONS.includes(d.name as ChatDimension));
  // A category (account, department, counterparty) is in the answer only with lines of the metric: a vendor is
  // not among "customers by revenue", a balance sheet account not among "expense accounts".
  const firstFlow = ratio ? undefined : FLOWS[metrics[0]!];
  // Compared, a category counts with lines in either span: an account used only the month before changed too.
  // Built when used: its `from` parameter must not be bound by a query that never reads it.
  const spans = { toString: () => (comparing ? `(${current} OR ${prior})` : String(current)) };
  // Against a budget, a category budgeted without actual lines is a contributor too.
  const having =
    categories.length && firstFlow && metrics[0] !== 'amount' && !(query.decompose && compare === 'budget')
      ? ` HAVING count(*) FILTER (WHERE ${firstFlow.where} AND ${spans}) > 0`
      : '';
  if (
    query.decompose &&
    (!(comparing || compare === 'budget') || categories.length === 0 || timeDimension || !firstFlow)
  )
    throw new CompileError('a change is split by account, department or counterparty between two periods of a flow');
  const groupBy = dimensionList.length ? ` GROUP BY ${dimensionList.map((d) => d.name).join(', ')}${having}` : '';
  const lastPeriod = cumulative ? `, max(f.period) AS last_period` : '';
  const partition = dimensionList.filter((d) => !TIME_DIMENSIONS.includes(d.name as ChatDimension)).map((d) => d.name);
  const windowColumns = windowed.map((metric) => {
    const over = timeDimension
      ? ` OVER (${partition.length ? `PARTITION BY ${partition.join(', ')} ` : ''}ORDER BY ${dimensionColumns(timeDimension)[0]!.name})`
      : '';
    return `(${timeDimension ? `sum(${metric}_movement)${over}` : `${metric}_movement`})::${MONEY} AS ${metric}`;
  });
  // A decomposition also carries both totals over every category, unchanged ones too, for its bridge.
  const totals = query.decompose
    ? [
        `sum(g.${metrics[0]}) OVER ()::${MONEY} AS total_now`,
        `sum(g.${metrics[0]}_${againstName}) OVER ()::${MONEY} AS total_then`,
      ]
    : [];
  const answerSelect = [...answerColumns.map((name) => `g.${name}`), ...windowColumns, ...totals].join(', ');
  const kept: string[] = cumulative && timeDimension ? [`a.last_period >= ${from}`] : [];
  // A ranking or the contributors to a change list what has a name: lines without a department or counterparty
  // are not "a department" (a decomposition's totals still hold them; the answer tells them apart). A plain
  // breakdown shows them as a row of their own, as the statements do, so that it adds up to the whole.
  if (query.order || query.decompose)
    for (const category of categories)
      if (category.name !== 'account_name') kept.push(`a.${category.name} IS NOT NULL`);
  if (query.threshold) {
    if (!dimensionList.length || query.decompose || query.countDistinct || query.ratio)
      throw new CompileError('a threshold keeps the rows of a breakdown above or below a figure');
    if (!output.some((column) => column.name === metrics[0]))
      throw new CompileError(`a threshold is not answered for ${metrics[0]}`);
    const op = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[query.threshold.op];
    if (query.threshold.against === 'budget') {
      if (!output.some((column) => column.name === `${metrics[0]}_budget`))
        throw new CompileError('a comparison with the budget needs the budget beside the figure');
      kept.push(`a.${metrics[0]} ${op} a.${metrics[0]}_budget`);
    } else kept.push(`a.${metrics[0]} ${op} ${params.add(query.threshold.value)}::numeric`);
  }
  if (query.countRows && (!query.threshold || !dimensionList.length))
    throw new CompileError('a count of months or categories needs the condition they meet');
  const names = output.map((column) => column.name);
  let order = orderOf(query, names, timeDimension, dimensionList.length > 0 ? metrics[0] : undefined);
  if (query.decompose) {
    // The contributors: what changed, the largest change either way first (ties by name).
    kept.push(`a.${metrics[0]}_change <> 0`);
    order = ` ORDER BY abs(a.${metrics[0]}_change) DESC, a.${categories.at(-1)!.name}`;
  }
  const keep = kept.length ? ` WHERE ${kept.join(' AND ')}` : '';
  const limit = query.limit ? ` LIMIT ${params.add(query.limit)}::int` : '';
  const sql = `${FIRST_CTE}
  ${branches.join('\n  UNION ALL\n  ')}
), grouped AS (
  SELECT ${groupedColumns.join(', ')}${lastPeriod} FROM facts f${groupBy}
), answer AS (
  SELECT ${answerSelect}${cumulative ? ', g.last_period' : ''} FROM grouped g
)
SELECT ${[...names, ...(totals.length ? ['total_now', 'total_then'] : [])].map((name) => `a.${name}`).join(', ')} FROM answer a${keep}${order}${limit}`;
  // "How many months …": the rows that pass, counted.
  if (query.countRows)
    return {
      sql: `SELECT count(*)::bigint AS row_count FROM (${sql}) passing`,
      params: params.values,
      columns: [{ name: 'row_count', label: 'Count', type: 'number', unit: 'count' }],
    };
  return { sql, params: params.values, columns: output };
}

/**
 * A compiled statement (as the SQL guard passed it) with CTEs put before its own, in the same WITH: CTEs named
 * as the warehouse relations it reads hide them (a consolidation group's books, chat/group-books.ts).
 */
export function overRelations(compiledSql: string, relations: string): string {
  const at = compiledSql.indexOf(FIRST_CTE);
  if (at < 0 || compiledSql.indexOf(FIRST_CTE, at + 1) >= 0) throw new Error('not a compiled statement');
  return `${compiledSql.slice(0, at)}WITH ${relations},\nfacts AS (${compiledSql.slice(at + FIRST_CTE.length)}`;
}

function orderOf(
  query: SemanticQuery,
  names: readonly string[],
  timeDimension: ChatDimension | undefined,
  /** The figure a breakdown by category is ordered by (undefined without categories). */
  largestFirst: string | undefined,
): string {
  if (query.order) {
    if (!names.includes(query.order.by)) throw new CompileError(`cannot order by ${query.order.by}`);
    return ` ORDER BY a.${query.order.by} ${query.order.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, 1`;
  }
  if (timeDimension) return ` ORDER BY ${names.map((_, i) => i + 1).join(', ')}`;
  // A breakdown by department, account or counterparty reads as a finance reader lists one: the largest first.
  if (largestFirst !== undefined && names.includes(largestFirst))
    return ` ORDER BY a.${largestFirst} DESC NULLS LAST, 1`;
  if (largestFirst !== undefined) return ' ORDER BY 1';
  return '';
}
