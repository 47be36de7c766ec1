/**
 * The second held-out set of Chat DB: about ten questions per class of case.ts, written against the demo books
 * (Harbor Precision Components) without sight of the parser or of the first set, with gold answers in plain SQL
 * over 02_GL_Detail, 01_Account and 03_Budget.
 *
 * Definitions chosen here, beside case.ts's and docs/kpis.md's:
 * - "last quarter" is the latest complete calendar quarter ending on or before `b.last`; "the quarter before" the
 *   three months before it; H1 / H2 are January–June / July–December; "trailing twelve months" and "the last
 *   three months" end with `b.last`; "now" / "right now" / a balance without a date is the end of `b.last`.
 * - Department spending is the expense lines of that department; "which department spent the most" ranks the
 *   departments' expenses (lines without a department are left out).
 * - Current assets and liabilities, debt and equity are the Balance Sheet's (docs/account-classification.md);
 *   days of DSO / DPO are the calendar days of the range.
 * - Income before tax (PBT) is net income before `income_tax`; EBITDA is gross profit − operating expenses;
 *   operating income is EBITDA − depreciation and amortization (`depreciation_amortization`: vehicles and office).
 */
import {
  COGS,
  EXP,
  GL,
  GP,
  NI,
  OPEX,
  REV,
  balanceAt,
  one,
  pctOfRevenue,
  within,
  type Books,
  type HeldOutCase,
} from './case.ts';

/** Reading sign of a single line (assets and expenses debit-positive). */
const LINE = `case when a.account_type in ('asset', 'expense') then g.debit - g.credit else g.credit - g.debit end`;
/** A balance (reading sign) of the lines matching `where` at the end of `period`, as an aggregate. */
const bal = (where: string, period: string) =>
  `coalesce(sum(${LINE}) filter (where g.period <= '${period}' and (${where})), 0)`;
const CURRENT_ASSETS = `a.account_subtype in ('cash', 'receivable', 'inventory', 'prepaid', 'other_current_asset')`;
const CURRENT_LIABILITIES = `a.account_subtype in ('payable', 'credit_card', 'accrued_liability', 'payroll_liability', 'tax_liability', 'deferred_revenue', 'current_debt')`;
const DEBT = `a.account_subtype in ('current_debt', 'long_term_debt')`;
/** Total equity: equity accounts and every earning not closed yet (credit − debit). */
const equityAt = (period: string) =>
  `coalesce(sum(g.credit - g.debit) filter (where g.period <= '${period}' and a.account_type in ('equity', 'revenue', 'expense')), 0)`;
const IS_REVENUE = `(a.account_type = 'revenue' and coalesce(a.account_subtype, '') <> 'other_income')`;
const IS_OPEX = `(a.account_type = 'expense' and coalesce(a.account_subtype, '') not in ('cost_of_sales', 'depreciation_amortization', 'interest_expense', 'other_expense', 'income_tax'))`;
const DA = `coalesce(sum(g.debit - g.credit) filter (where a.account_type = 'expense' and a.account_subtype = 'depreciation_amortization'), 0)`;
const INCOME_TAX = `coalesce(sum(g.debit - g.credit) filter (where a.account_type = 'expense' and a.account_subtype = 'income_tax'), 0)`;
/** Customers: counterparties on sales revenue or receivable lines. */
const CUSTOMERS = `(select distinct g2.counterparty from "02_GL_Detail" g2 join "01_Account" a2 on a2.account_code = g2.account_code
  where g2.counterparty is not null and ((a2.account_type = 'revenue' and coalesce(a2.account_subtype, '') <> 'other_income') or a2.account_subtype = 'receivable'))`;
/** Suppliers: counterparties on payable, inventory or expense lines that are never customers. */
const SUPPLIERS = `(select distinct g3.counterparty from "02_GL_Detail" g3 join "01_Account" a3 on a3.account_code = g3.account_code
  where g3.counterparty is not null and (a3.account_subtype in ('payable', 'inventory') or a3.account_type = 'expense')
  and g3.counterparty not in ${CUSTOMERS})`;

/** A figure in two ranges: [current, previous, change, change_pct], current the later range. */
const compare = (figure: string, current: [string, string], previous: [string, string], extra = '') =>
  `select cur as current_value, prev as previous_value, cur - prev as change, round((cur - prev) * 100 / nullif(abs(prev), 0), 2) as change_pct
   from (select coalesce((select ${figure} ${GL} where ${within(...current)} ${extra}), 0) as cur,
                coalesce((select ${figure} ${GL} where ${within(...previous)} ${extra}), 0) as prev) t`;
/** A balance at two month ends, as `compare` shows them. */
const compareBalance = (where: string, current: string, previous: string) =>
  `select cur as current_value, prev as previous_value, cur - prev as change, round((cur - prev) * 100 / nullif(abs(prev), 0), 2) as change_pct
   from (select ${bal(where, current)} as cur, ${bal(where, previous)} as prev ${GL}) t`;
/** Labelled figures over a range, ranked. */
const rank = (
  label: string,
  figure: string,
  from: string,
  to: string,
  extra: string,
  order: 'asc' | 'desc',
  limit: number,
) =>
  `select ${label} as label, ${figure} as value ${GL} where ${within(from, to)} ${extra} group by 1 order by 2 ${order}, 1 limit ${limit}`;
/**
 * Every contributor with a non-zero change of a line-level figure (`sign`, in the metric's reading sign) between
 * two ranges, by the size of its change, then its label.
 */
const decompose = (label: string, sign: string, where: string, current: [string, string], previous: [string, string]) =>
  `select label, change from (
     select ${label} as label,
       coalesce(sum(${sign}) filter (where ${within(...current)}), 0) - coalesce(sum(${sign}) filter (where ${within(...previous)}), 0) as change
     ${GL} where (${within(...current)} or ${within(...previous)}) and ${where} group by 1) t
   where change <> 0 order by abs(change) desc, label`;
/** The sum of an account's movement in reading sign. */
const account = (code: string) => `coalesce(sum(${LINE}) filter (where g.account_code = '${code}'), 0)`;

export const questions = (b: Books): HeldOutCase[] => {
  const L = b.last;
  const Y = b.year;
  const LY = Y - 1;
  const ytd: [string, string] = [`${Y}-01`, L];
  const ytdLastYear: [string, string] = [`${LY}-01`, b.shift(L, -12)];
  const lastYear: [string, string] = [`${LY}-01`, `${LY}-12`];
  const h1: [string, string] = [`${LY}-01`, `${LY}-06`];
  const h2: [string, string] = [`${LY}-07`, `${LY}-12`];
  const named = (period: string) => `${b.monthName(period)} ${period.slice(0, 4)}`;
  const quarterName = (end: string) => `Q${Number(end.slice(5)) / 3} ${end.slice(0, 4)}`;
  const qEnd = b.shift(L, -(Number(L.slice(5)) % 3));
  const quarter: [string, string] = [b.shift(qEnd, -2), qEnd];
  const pqEnd = b.shift(qEnd, -3);
  const priorQuarter: [string, string] = [b.shift(qEnd, -5), pqEnd];
  const m1 = b.shift(L, -1);
  const m2 = b.shift(L, -2);
  const m3 = b.shift(L, -3);
  const m5 = b.shift(L, -5);
  const m12 = b.shift(L, -12);
  const yearEnd = `${LY}-12`;
  /** Calendar days from the first day of `from` to the last day of `to`. */
  const days = (from: string, to: string) =>
    (Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5)), 1) -
      Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5)) - 1, 1)) /
    86_400_000;
  const QUARTER_LABEL = `substr(g.period, 1, 4) || '-Q' || ((cast(substr(g.period, 6, 2) as int) + 2) / 3)`;
  const cashPaidBy = (name: string) =>
    `coalesce(sum(g.debit - g.credit) filter (where a.account_subtype = 'cash' and g.counterparty = '${name}'), 0)`;
  const cashPaidTo = (name: string) =>
    `coalesce(sum(g.credit - g.debit) filter (where a.account_subtype = 'cash' and g.counterparty = '${name}'), 0)`;

  return [
    // ---- time
    {
      class: 'time',
      question: `What was revenue in ${quarterName(pqEnd)}?`,
      expect: { kind: 'value', gold: one(REV, ...priorQuarter) },
    },
    { class: 'time', question: 'cogs ytd', expect: { kind: 'value', gold: one(COGS, ...ytd) } },
    {
      class: 'time',
      question: `Net income for calendar ${LY}, please`,
      expect: { kind: 'value', gold: one(NI, ...lastYear) },
    },
    {
      class: 'time',
      question: `How much did legal fees run us in the first half of ${LY}?`,
      expect: { kind: 'value', gold: one(account('7310'), ...h1) },
    },
    {
      class: 'time',
      question: 'Gross profit over the trailing twelve months?',
      expect: { kind: 'value', gold: one(GP, b.shift(L, -11), L) },
    },
    {
      class: 'time',
      question: 'opex for the last three months',
      expect: { kind: 'value', gold: one(OPEX, m2, L) },
    },
    {
      class: 'time',
      question: `cash position at the end of ${named(m5)}`,
      expect: { kind: 'value', gold: balanceAt(`a.account_subtype = 'cash'`, m5) },
    },
    {
      class: 'time',
      question: `Interest expense in the back half of ${LY}`,
      expect: {
        kind: 'value',
        gold: one(`coalesce(sum(g.debit - g.credit) filter (where a.account_subtype = 'interest_expense'), 0)`, ...h2),
      },
    },
    {
      class: 'time',
      question: `What did we budget for trade shows and events in ${LY}?`,
      expect: {
        kind: 'value',
        gold: `select coalesce(sum(amount), 0) from "03_Budget" where account_code = '6240' and period between '${LY}-01' and '${LY}-12'`,
      },
    },
    {
      class: 'time',
      question: `factory utilities ${b.monthName(m1).slice(0, 3)} ${m1.slice(0, 4)}?`,
      expect: { kind: 'value', gold: one(account('5320'), m1, m1) },
    },
    {
      class: 'time',
      question: `Total expenses in ${quarterName(qEnd)}`,
      expect: { kind: 'value', gold: one(EXP, ...quarter) },
    },

    // ---- ratio
    {
      class: 'ratio',
      question: `Gross margin % for ${LY}`,
      expect: { kind: 'value', gold: pctOfRevenue(GP, ...lastYear) },
    },
    {
      class: 'ratio',
      question: 'net margin year to date?',
      expect: { kind: 'value', gold: pctOfRevenue(NI, ...ytd) },
    },
    {
      class: 'ratio',
      question: 'ebitda margin last qtr',
      expect: { kind: 'value', gold: pctOfRevenue(`(${GP} - ${OPEX})`, ...quarter) },
    },
    {
      class: 'ratio',
      question: `What was our operating margin in ${LY}?`,
      expect: { kind: 'value', gold: pctOfRevenue(`(${GP} - ${OPEX} - ${DA})`, ...lastYear) },
    },
    {
      class: 'ratio',
      question: `current ratio as of ${named(L)}`,
      expect: {
        kind: 'value',
        gold: `select round(${bal(CURRENT_ASSETS, L)} / nullif(${bal(CURRENT_LIABILITIES, L)}, 0), 2) ${GL}`,
      },
    },
    {
      class: 'ratio',
      question: `Quick ratio at ${LY} year-end`,
      expect: {
        kind: 'value',
        gold: `select round(${bal(`a.account_subtype in ('cash', 'receivable')`, yearEnd)} / nullif(${bal(CURRENT_LIABILITIES, yearEnd)}, 0), 2) ${GL}`,
      },
    },
    {
      class: 'ratio',
      question: `DSO for ${quarterName(qEnd)}`,
      expect: {
        kind: 'value',
        gold: `select round(${bal(`a.account_subtype = 'receivable'`, qEnd)} * ${days(...quarter)} / nullif(${REV.replace('filter (where', `filter (where ${within(...quarter)} and`)}, 0), 2) ${GL}`,
      },
    },
    {
      class: 'ratio',
      question: "what's our debt-to-equity right now",
      expect: { kind: 'value', gold: `select round(${bal(DEBT, L)} / nullif(${equityAt(L)}, 0), 2) ${GL}` },
    },
    {
      class: 'ratio',
      question: `Sales commissions as a percentage of revenue, ${LY}`,
      expect: { kind: 'value', gold: pctOfRevenue(account('6120'), ...lastYear) },
    },
    {
      class: 'ratio',
      question: "what share of this year's sales came from hydraulic fittings?",
      expect: { kind: 'value', gold: pctOfRevenue(account('4120'), ...ytd) },
    },
    {
      class: 'ratio',
      question: `DPO at the end of ${LY}?`,
      expect: {
        kind: 'value',
        gold: `select round(${bal(`a.account_subtype = 'payable'`, yearEnd)} * ${days(...lastYear)} / nullif(${COGS.replace('filter (where', `filter (where ${within(...lastYear)} and`)}, 0), 2) ${GL}`,
      },
    },

    // ---- comparison
    {
      class: 'comparison',
      question: `Revenue ${named(L)} vs ${named(m1)}`,
      expect: { kind: 'value', gold: compare(REV, [L, L], [m1, m1]) },
    },
    {
      class: 'comparison',
      question: `How did opex move QoQ in ${quarterName(qEnd)}?`,
      expect: { kind: 'value', gold: compare(OPEX, quarter, priorQuarter) },
    },
    {
      class: 'comparison',
      question: 'YTD net income vs the same period last year',
      expect: { kind: 'value', gold: compare(NI, ytd, ytdLastYear) },
    },
    {
      class: 'comparison',
      question: `Cash at the end of ${named(L)} compared with ${LY} year end`,
      expect: { kind: 'value', gold: compareBalance(`a.account_subtype = 'cash'`, L, yearEnd) },
    },
    {
      class: 'comparison',
      question: `Legal fees H2 ${LY} vs H1 ${LY}`,
      expect: { kind: 'value', gold: compare(account('7310'), h2, h1) },
    },
    {
      class: 'comparison',
      question: `Engineering dept spend ${named(L)} vs the same month a year earlier`,
      expect: { kind: 'value', gold: compare(EXP, [L, L], [m12, m12], `and g.department = 'Engineering'`) },
    },
    {
      class: 'comparison',
      question: `How did receivables change between the end of ${quarterName(pqEnd)} and the end of ${quarterName(qEnd)}?`,
      expect: { kind: 'value', gold: compareBalance(`a.account_subtype = 'receivable'`, qEnd, pqEnd) },
    },
    {
      class: 'comparison',
      question: `compare freight out in ${named(m2)} with ${named(m3)}`,
      expect: { kind: 'value', gold: compare(account('5420'), [m2, m2], [m3, m3]) },
    },
    {
      class: 'comparison',
      question: 'Revenue from Cascade Hydraulics Inc. this year to date vs the same period last year',
      expect: { kind: 'value', gold: compare(REV, ytd, ytdLastYear, `and g.counterparty = 'Cascade Hydraulics Inc.'`) },
    },
    {
      class: 'comparison',
      question: 'inventory balance now vs 12 months ago',
      expect: { kind: 'value', gold: compareBalance(`a.account_subtype = 'inventory'`, L, m12) },
    },
    {
      class: 'comparison',
      question: `Total expenses in ${named(m12)} compared to ${named(L)}`,
      expect: { kind: 'value', gold: compare(EXP, [L, L], [m12, m12]) },
    },

    // ---- ranking
    {
      class: 'ranking',
      question: `top 5 expense accounts in ${LY}`,
      expect: {
        kind: 'rows',
        gold: rank(
          'a.account_name',
          'sum(g.debit - g.credit)',
          ...lastYear,
          `and a.account_type = 'expense'`,
          'desc',
          5,
        ),
      },
    },
    {
      class: 'ranking',
      question: `Which department spent the most in ${quarterName(qEnd)}?`,
      expect: {
        kind: 'rows',
        gold: rank(
          'g.department',
          'sum(g.debit - g.credit)',
          ...quarter,
          `and a.account_type = 'expense' and g.department is not null`,
          'desc',
          1,
        ),
      },
    },
    {
      class: 'ranking',
      question: `Which three months of ${LY} had the lowest revenue?`,
      expect: { kind: 'rows', gold: rank('g.period', REV, ...lastYear, '', 'asc', 3) },
    },
    {
      class: 'ranking',
      question: 'Best month for revenue so far this year?',
      expect: { kind: 'rows', gold: rank('g.period', REV, ...ytd, '', 'desc', 1) },
    },
    {
      class: 'ranking',
      question: 'Top 3 revenue accounts last quarter',
      expect: {
        kind: 'rows',
        gold: rank('a.account_name', 'sum(g.credit - g.debit)', ...quarter, `and ${IS_REVENUE}`, 'desc', 3),
      },
    },
    {
      class: 'ranking',
      question: 'What are our four biggest cost of sales accounts YTD?',
      expect: {
        kind: 'rows',
        gold: rank(
          'a.account_name',
          'sum(g.debit - g.credit)',
          ...ytd,
          `and a.account_type = 'expense' and a.account_subtype = 'cost_of_sales'`,
          'desc',
          4,
        ),
      },
    },
    {
      class: 'ranking',
      question: `Rank ${LY}'s quarters by net income`,
      expect: { kind: 'rows', gold: rank(QUARTER_LABEL, NI, ...lastYear, '', 'desc', 4) },
    },
    {
      class: 'ranking',
      question: 'In the last 12 months, which month had the highest opex?',
      expect: { kind: 'rows', gold: rank('g.period', OPEX, b.shift(L, -11), L, '', 'desc', 1) },
    },
    {
      class: 'ranking',
      question: `Rank departments by expenses for ${named(L)}`,
      expect: {
        kind: 'rows',
        gold: rank(
          'g.department',
          'sum(g.debit - g.credit)',
          L,
          L,
          `and a.account_type = 'expense' and g.department is not null`,
          'desc',
          5,
        ),
      },
    },
    {
      class: 'ranking',
      question: 'top 3 accounts by spend in the Sales department, year to date',
      expect: {
        kind: 'rows',
        gold: rank(
          'a.account_name',
          'sum(g.debit - g.credit)',
          ...ytd,
          `and a.account_type = 'expense' and g.department = 'Sales'`,
          'desc',
          3,
        ),
      },
    },
    {
      class: 'ranking',
      question: `Which five accounts did the G&A department spend the most on in ${LY}?`,
      expect: {
        kind: 'rows',
        gold: rank(
          'a.account_name',
          'sum(g.debit - g.credit)',
          ...lastYear,
          `and a.account_type = 'expense' and g.department = 'G&A'`,
          'desc',
          5,
        ),
      },
    },

    // ---- customers and vendors
    {
      class: 'customers and vendors',
      question: `top 5 customers by revenue ${LY}`,
      expect: {
        kind: 'rows',
        gold: rank('g.counterparty', REV, ...lastYear, `and ${IS_REVENUE} and g.counterparty is not null`, 'desc', 5),
      },
    },
    {
      class: 'customers and vendors',
      question: `how much did Northwind Marine Systems pay us in ${named(m1)}`,
      expect: { kind: 'value', gold: one(cashPaidBy('Northwind Marine Systems'), m1, m1) },
    },
    {
      class: 'customers and vendors',
      question: 'What did we pay Puget Sound Energy last year?',
      expect: { kind: 'value', gold: one(cashPaidTo('Puget Sound Energy'), ...lastYear) },
    },
    {
      class: 'customers and vendors',
      question: 'bills from Cascade Heat Treating ytd',
      expect: {
        kind: 'value',
        gold: one(
          `coalesce(sum(g.credit) filter (where a.account_subtype = 'payable' and g.counterparty = 'Cascade Heat Treating'), 0)`,
          ...ytd,
        ),
      },
    },
    {
      class: 'customers and vendors',
      question: `What did we invoice Rainier Robotics in ${quarterName(qEnd)}?`,
      expect: { kind: 'value', gold: one(REV, ...quarter, `and g.counterparty = 'Rainier Robotics'`) },
    },
    {
      class: 'customers and vendors',
      question: `Which 3 suppliers billed us the most in ${LY}?`,
      expect: {
        kind: 'rows',
        gold: rank(
          'g.counterparty',
          'sum(g.credit)',
          ...lastYear,
          `and a.account_subtype = 'payable' and g.counterparty in ${SUPPLIERS}`,
          'desc',
          3,
        ),
      },
    },
    {
      class: 'customers and vendors',
      question: `Which customer bought the most hydraulic fittings in ${LY}?`,
      expect: {
        kind: 'rows',
        gold: rank(
          'g.counterparty',
          'sum(g.credit - g.debit)',
          ...lastYear,
          `and g.account_code = '4120' and g.counterparty is not null`,
          'desc',
          1,
        ),
      },
    },
    {
      class: 'customers and vendors',
      question: `What does Pacific Rail Equipment Co. owe us at the end of ${named(L)}?`,
      expect: {
        kind: 'value',
        gold: balanceAt(`a.account_subtype = 'receivable' and g.counterparty = 'Pacific Rail Equipment Co.'`, L),
      },
    },
    {
      class: 'customers and vendors',
      question: 'how much have we spent with Grainger Industrial Supply this year',
      expect: { kind: 'value', gold: one(cashPaidTo('Grainger Industrial Supply'), ...ytd) },
    },
    {
      class: 'customers and vendors',
      question: `Top 3 customers by cash received in ${quarterName(qEnd)}`,
      expect: {
        kind: 'rows',
        gold: rank(
          'g.counterparty',
          'sum(g.debit - g.credit)',
          ...quarter,
          `and a.account_subtype = 'cash' and g.counterparty in ${CUSTOMERS}`,
          'desc',
          3,
        ),
      },
    },
    {
      class: 'customers and vendors',
      question: `Bottom 3 customers by revenue last year`,
      expect: {
        kind: 'rows',
        gold: rank('g.counterparty', REV, ...lastYear, `and ${IS_REVENUE} and g.counterparty is not null`, 'asc', 3),
      },
    },

    // ---- vocabulary
    {
      class: 'vocabulary',
      question: `What was our top line in ${LY}?`,
      expect: { kind: 'value', gold: one(REV, ...lastYear) },
    },
    { class: 'vocabulary', question: 'bottom line ytd?', expect: { kind: 'value', gold: one(NI, ...ytd) } },
    {
      class: 'vocabulary',
      question: `Turnover for ${quarterName(qEnd)}`,
      expect: { kind: 'value', gold: one(REV, ...quarter) },
    },
    {
      class: 'vocabulary',
      question: `cost of revenue ${LY}`,
      expect: { kind: 'value', gold: one(COGS, ...lastYear) },
    },
    {
      class: 'vocabulary',
      question: `EBITDA for FY${LY}`,
      expect: { kind: 'value', gold: one(`${GP} - ${OPEX}`, ...lastYear) },
    },
    {
      class: 'vocabulary',
      question: `PBT for ${LY}`,
      expect: { kind: 'value', gold: one(`${NI} + ${INCOME_TAX}`, ...lastYear) },
    },
    {
      class: 'vocabulary',
      question: `debtors at ${LY} year end`,
      expect: { kind: 'value', gold: balanceAt(`a.account_subtype = 'receivable'`, yearEnd) },
    },
    {
      class: 'vocabulary',
      question: "What's the trade creditors balance?",
      expect: { kind: 'value', gold: balanceAt(`a.account_subtype = 'payable'`, L) },
    },
    {
      class: 'vocabulary',
      question: `stock on hand at end of ${named(m1)}`,
      expect: { kind: 'value', gold: balanceAt(`a.account_subtype = 'inventory'`, m1) },
    },
    {
      class: 'vocabulary',
      question: `Working capital at the end of ${quarterName(pqEnd)}`,
      expect: {
        kind: 'value',
        gold: `select ${bal(CURRENT_ASSETS, pqEnd)} - ${bal(CURRENT_LIABILITIES, pqEnd)} ${GL}`,
      },
    },
    {
      class: 'vocabulary',
      question: `Net profit for ${LY}?`,
      expect: { kind: 'value', gold: one(NI, ...lastYear) },
    },

    // ---- account vs metric
    {
      class: 'account vs metric',
      question: `Sales Salaries in ${LY}`,
      expect: { kind: 'value', gold: one(account('6110'), ...lastYear) },
    },
    {
      class: 'account vs metric',
      question: 'How much went on sales commissions last quarter?',
      expect: { kind: 'value', gold: one(account('6120'), ...quarter) },
    },
    {
      class: 'account vs metric',
      question: 'What did we book to Sales Discounts YTD?',
      expect: { kind: 'value', gold: one(account('4910'), ...ytd) },
    },
    {
      class: 'account vs metric',
      question: `Engineering Services revenue last year`,
      expect: { kind: 'value', gold: one(account('4210'), ...lastYear) },
    },
    {
      class: 'account vs metric',
      question: `engineering salaries ${named(L)}`,
      expect: { kind: 'value', gold: one(account('6310'), L, L) },
    },
    {
      class: 'account vs metric',
      question: 'operations salaries ytd',
      expect: { kind: 'value', gold: one(account('6410'), ...ytd) },
    },
    {
      class: 'account vs metric',
      question: `Freight billed to customers in ${LY}`,
      expect: { kind: 'value', gold: one(account('4310'), ...lastYear) },
    },
    {
      class: 'account vs metric',
      question: 'interest income so far this year',
      expect: { kind: 'value', gold: one(account('8110'), ...ytd) },
    },
    {
      class: 'account vs metric',
      question: `Depreciation - Manufacturing for ${LY}`,
      expect: { kind: 'value', gold: one(account('5360'), ...lastYear) },
    },
    {
      class: 'account vs metric',
      question: `Marketing Salaries in ${quarterName(qEnd)}`,
      expect: { kind: 'value', gold: one(account('6210'), ...quarter) },
    },
    {
      class: 'account vs metric',
      question: `What did the Sales department spend in ${LY}?`,
      expect: { kind: 'value', gold: one(EXP, ...lastYear, `and g.department = 'Sales'`) },
    },

    // ---- decomposition
    {
      class: 'decomposition',
      question: `Why did revenue change in ${named(L)}?`,
      expect: {
        kind: 'rows',
        gold: decompose('a.account_name', 'g.credit - g.debit', IS_REVENUE, [L, L], [m1, m1]),
      },
    },
    {
      class: 'decomposition',
      question: `What drove the change in opex in ${quarterName(qEnd)}?`,
      expect: { kind: 'rows', gold: decompose('a.account_name', 'g.debit - g.credit', IS_OPEX, quarter, priorQuarter) },
    },
    {
      class: 'decomposition',
      question: `why was cost of sales different in H2 ${LY}?`,
      expect: {
        kind: 'rows',
        gold: decompose(
          'a.account_name',
          'g.debit - g.credit',
          `a.account_type = 'expense' and a.account_subtype = 'cost_of_sales'`,
          h2,
          h1,
        ),
      },
    },
    {
      class: 'decomposition',
      question: "Break down last month's revenue change by customer",
      expect: {
        kind: 'rows',
        gold: decompose(
          'g.counterparty',
          'g.credit - g.debit',
          `${IS_REVENUE} and g.counterparty is not null`,
          [L, L],
          [m1, m1],
        ),
      },
    },
    {
      class: 'decomposition',
      question: `Which departments drove the change in operating expenses in ${quarterName(qEnd)}?`,
      expect: {
        kind: 'rows',
        gold: decompose(
          'g.department',
          'g.debit - g.credit',
          `${IS_OPEX} and g.department is not null`,
          quarter,
          priorQuarter,
        ),
      },
    },
    {
      class: 'decomposition',
      question: `What drove net income in ${quarterName(qEnd)} vs the prior quarter?`,
      expect: {
        kind: 'rows',
        gold: decompose(
          'a.account_name',
          'g.credit - g.debit',
          `a.account_type in ('revenue', 'expense')`,
          quarter,
          priorQuarter,
        ),
      },
    },
    {
      class: 'decomposition',
      question: `what's behind the move in gross profit from ${quarterName(pqEnd)} to ${quarterName(qEnd)}?`,
      expect: {
        kind: 'rows',
        gold: decompose(
          'a.account_name',
          'g.credit - g.debit',
          `(${IS_REVENUE} or (a.account_type = 'expense' and a.account_subtype = 'cost_of_sales'))`,
          quarter,
          priorQuarter,
        ),
      },
    },
    {
      class: 'decomposition',
      question: `Explain the change in G&A department spending in ${named(L)}`,
      expect: {
        kind: 'rows',
        gold: decompose(
          'a.account_name',
          'g.debit - g.credit',
          `a.account_type = 'expense' and g.department = 'G&A'`,
          [L, L],
          [m1, m1],
        ),
      },
    },
    {
      class: 'decomposition',
      question: `Decompose the change in revenue, ${named(L)} vs ${named(m12)}, by account`,
      expect: {
        kind: 'rows',
        gold: decompose('a.account_name', 'g.credit - g.debit', IS_REVENUE, [L, L], [m12, m12]),
      },
    },
    {
      class: 'decomposition',
      question: `why did marketing dept spend change in ${named(m1)}?`,
      expect: {
        kind: 'rows',
        gold: decompose(
          'a.account_name',
          'g.debit - g.credit',
          `a.account_type = 'expense' and g.department = 'Marketing'`,
          [m1, m1],
          [m2, m2],
        ),
      },
    },

    // ---- distinct count
    {
      class: 'distinct count',
      question: `How many customers did we invoice in ${LY}?`,
      expect: {
        kind: 'value',
        gold: one('count(distinct g.counterparty)', ...lastYear, `and ${IS_REVENUE} and g.credit > 0`),
      },
    },
    {
      class: 'distinct count',
      question: `how many vendors billed us in ${quarterName(qEnd)}?`,
      expect: {
        kind: 'value',
        gold: one(
          'count(distinct g.counterparty)',
          ...quarter,
          `and a.account_subtype = 'payable' and g.credit > 0 and g.counterparty in ${SUPPLIERS}`,
        ),
      },
    },
    {
      class: 'distinct count',
      question: `Number of customers who paid us in ${named(L)}`,
      expect: {
        kind: 'value',
        gold: one(
          'count(distinct g.counterparty)',
          L,
          L,
          `and a.account_subtype = 'cash' and g.debit > 0 and g.counterparty in ${CUSTOMERS}`,
        ),
      },
    },
    {
      class: 'distinct count',
      question: `How many expense accounts had activity in ${LY}?`,
      expect: {
        kind: 'value',
        gold: one('count(distinct g.account_code)', ...lastYear, `and a.account_type = 'expense'`),
      },
    },
    {
      class: 'distinct count',
      question: `How many different suppliers did we pay in ${LY}?`,
      expect: {
        kind: 'value',
        gold: one(
          'count(distinct g.counterparty)',
          ...lastYear,
          `and a.account_subtype = 'cash' and g.credit > 0 and g.counterparty in ${SUPPLIERS}`,
        ),
      },
    },
    {
      class: 'distinct count',
      question: `How many journal entries were posted in ${named(L)}?`,
      expect: { kind: 'value', gold: one('count(distinct g.journal_id)', L, L) },
    },
    {
      class: 'distinct count',
      question: 'how many customers bought custom assemblies this year?',
      expect: {
        kind: 'value',
        gold: one('count(distinct g.counterparty)', ...ytd, `and g.account_code = '4130' and g.credit > 0`),
      },
    },
    {
      class: 'distinct count',
      question: `How many accounts did the Engineering department post to in ${LY}?`,
      expect: {
        kind: 'value',
        gold: one('count(distinct g.account_code)', ...lastYear, `and g.department = 'Engineering'`),
      },
    },
    {
      class: 'distinct count',
      question: `How many invoices did we issue in ${named(m1)}?`,
      expect: {
        kind: 'value',
        gold: one('count(distinct g.journal_id)', m1, m1, `and ${IS_REVENUE} and g.credit > 0`),
      },
    },
    {
      class: 'distinct count',
      question: 'how many raw material suppliers did we buy from last year?',
      expect: {
        kind: 'value',
        gold: one(
          'count(distinct g.counterparty)',
          ...lastYear,
          `and a.account_name like 'Raw Materials%' and g.debit > 0 and g.counterparty in ${SUPPLIERS}`,
        ),
      },
    },

    // ---- unknown account: the chart has none of these
    { class: 'unknown account', question: 'How much goodwill is on the balance sheet?', expect: { kind: 'ask' } },
    { class: 'unknown account', question: `Warranty expense in ${LY}?`, expect: { kind: 'ask' } },
    { class: 'unknown account', question: "What's our deferred revenue balance?", expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'royalty income ytd', expect: { kind: 'ask' } },
    {
      class: 'unknown account',
      question: `How much did we lose on foreign exchange in ${quarterName(qEnd)}?`,
      expect: { kind: 'ask' },
    },
    { class: 'unknown account', question: `Charitable donations in ${LY}`, expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'stock-based comp expense this year', expect: { kind: 'ask' } },
    {
      class: 'unknown account',
      question: 'What is the balance on the lease liability account?',
      expect: { kind: 'ask' },
    },
    { class: 'unknown account', question: `Amortisation of intangibles last year`, expect: { kind: 'ask' } },
    { class: 'unknown account', question: `grant income received in ${LY}`, expect: { kind: 'ask' } },
    { class: 'unknown account', question: `Property tax expense for ${LY}?`, expect: { kind: 'ask' } },

    // ---- unanswerable
    { class: 'unanswerable', question: 'What will revenue be next quarter?', expect: { kind: 'ask' } },
    { class: 'unanswerable', question: `What was revenue in ${b.year - 4}?`, expect: { kind: 'ask' } },
    {
      class: 'unanswerable',
      question: `net income for ${b.monthName(L)} ${b.year + 1}`,
      expect: { kind: 'ask' },
    },
    { class: 'unanswerable', question: 'How many employees do we have?', expect: { kind: 'ask' } },
    { class: 'unanswerable', question: "What's our sales pipeline worth?", expect: { kind: 'ask' } },
    { class: 'unanswerable', question: 'whats our NPS this quarter', expect: { kind: 'ask' } },
    { class: 'unanswerable', question: "What's the weather in Tacoma tomorrow?", expect: { kind: 'ask' } },
    {
      class: 'unanswerable',
      question: `Forecast our cash balance for December ${b.year + 1}`,
      expect: { kind: 'ask' },
    },
    {
      class: 'unanswerable',
      question: `How many units of hydraulic fittings did we ship in ${LY}?`,
      expect: { kind: 'ask' },
    },
    { class: 'unanswerable', question: 'Which CNC machine had the most downtime last month?', expect: { kind: 'ask' } },
    { class: 'unanswerable', question: 'write me a limerick about accounts payable', expect: { kind: 'ask' } },

    // ---- context
    {
      class: 'context',
      before: [`What was revenue in ${LY}?`],
      question: `what about ${Y} to date?`,
      expect: { kind: 'value', gold: one(REV, ...ytd) },
    },
    {
      class: 'context',
      before: ['Total operating expenses last quarter'],
      question: 'Just the Marketing department',
      expect: { kind: 'value', gold: one(OPEX, ...quarter, `and g.department = 'Marketing'`) },
    },
    {
      class: 'context',
      before: [`Top 5 customers by revenue in ${LY}`],
      question: 'same for this year so far',
      expect: {
        kind: 'rows',
        gold: rank('g.counterparty', REV, ...ytd, `and ${IS_REVENUE} and g.counterparty is not null`, 'desc', 5),
      },
    },
    {
      class: 'context',
      before: [`gross profit in ${named(m2)}`],
      question: 'and as a % of revenue?',
      expect: { kind: 'value', gold: pctOfRevenue(GP, m2, m2) },
    },
    {
      class: 'context',
      before: [`How much did we pay Tacoma Public Utilities in ${LY}?`],
      question: 'And Lumen Business Services?',
      expect: { kind: 'value', gold: one(cashPaidTo('Lumen Business Services'), ...lastYear) },
    },
    {
      class: 'context',
      before: [`Cash balance at the end of ${named(m12)}`],
      question: 'what about now?',
      expect: { kind: 'value', gold: balanceAt(`a.account_subtype = 'cash'`, L) },
    },
    {
      class: 'context',
      before: [`Which department spent the most in ${named(L)}?`],
      question: "what's the weather like in Seattle this weekend?",
      expect: { kind: 'ask' },
    },
    {
      class: 'context',
      before: ['Legal Fees YTD'],
      question: 'break that down by month',
      expect: {
        kind: 'rows',
        gold: `select g.period as label, sum(g.debit - g.credit) as value ${GL} where ${within(...ytd)} and g.account_code = '7310' group by 1 order by 1`,
      },
    },
    {
      class: 'context',
      before: [`revenue ${named(L)}`],
      question: 'compare with the same month last year',
      expect: { kind: 'value', gold: compare(REV, [L, L], [m12, m12]) },
    },
    {
      class: 'context',
      before: [`What did we spend on digital advertising in ${LY}?`],
      question: 'how many vendors was that with?',
      expect: {
        kind: 'value',
        gold: one('count(distinct g.counterparty)', ...lastYear, `and g.account_code = '6230' and g.debit > 0`),
      },
    },
    {
      class: 'context',
      before: [`Net income for ${quarterName(pqEnd)}`],
      question: 'and how many people did we hire in that quarter?',
      expect: { kind: 'ask' },
    },
  ];
};
