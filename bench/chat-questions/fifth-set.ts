/**
 * The fifth held-out set of Chat DB: about 120 questions over the demo books, ten or so per class, written without
 * sight of the parser, the compiler or the earlier sets — only from the chart of accounts, the demo generator, the
 * KPI definitions and case.ts.
 *
 * Definitions chosen where a finance reader could choose otherwise:
 * - Revenue is case.ts's REV: the revenue-type accounts but other income (Interest Income is not revenue). In the
 *   demo's chart Sales Discounts and Sales Returns and Allowances are expense-type accounts, so they are not netted
 *   into revenue: they sit in operating expenses, as the Profit & Loss reads an unclassified expense. No question
 *   says "net sales" or "net revenue".
 * - Cost of sales (COGS) is subtype `cost_of_sales` (Depreciation - Manufacturing included); operating expenses
 *   (opex) are case.ts's OPEX; total expenses / "costs and expenses" every expense-type account (EXP); gross
 *   profit = revenue − cost of sales; EBITDA = gross profit − operating expenses (docs/kpis.md); operating income /
 *   operating profit = EBITDA − depreciation and amortization (subtype `depreciation_amortization` only); profit
 *   before tax = net income + income tax; net income is case.ts's NI; interest expense is subtype
 *   `interest_expense`. "Sales" used as a metric means revenue.
 * - Percentages and ratios are rounded to 2 decimals; a % change is (current − earlier) ÷ |earlier| × 100; a change
 *   of a margin is in percentage points, the difference of the two margins rounded to 2 decimals.
 * - Periods: "last month" / a month named without a year = the books' latest month (`b.last`); "this year" / YTD =
 *   January of its year to the latest month; "the same period last year" = the same months a year earlier; "last
 *   year" / FY{year} = the whole calendar year; "last quarter" = the latest complete calendar quarter (the quarter
 *   before = the three months before it); TTM / "last 12 months" / "trailing N months" = the N months ending with
 *   the latest; H1 / H2 = January–June / July–December; "the same month last year" = twelve months before.
 * - Balances (cash, AR, AP, an account's balance, current ratio …) are at the end of the month, from every movement
 *   up to it, in reading signs. Cash = subtype `cash`; AR / receivables = subtype `receivable` (net of the
 *   allowance, as docs/kpis.md reads it) while the account "Accounts Receivable - Trade" is account 1210 alone;
 *   AP = subtype `payable`. Current assets and liabilities are the Balance Sheet's current subtypes; quick ratio =
 *   (cash + receivables) ÷ current liabilities; DSO = receivables at the end ÷ revenue × calendar days of the
 *   range; debt = `current_debt` + `long_term_debt`; equity = every equity, revenue and expense movement to date;
 *   effective tax rate = income tax ÷ profit before tax.
 * - Customers are the counterparties of revenue lines; revenue from a customer = revenue lines with that
 *   counterparty. Suppliers are the counterparties of bills (credits to Accounts Payable - Trade); paid to someone
 *   = cash-account lines with that counterparty (credit − debit); legal fees "billed by" a firm = expense lines with
 *   that counterparty. An invoice is one sales journal (a journal with a revenue line); the average invoice =
 *   revenue ÷ invoices; a journal entry = distinct `source` + `journal_id`; suppliers "paid" in a month = distinct
 *   counterparties debited on Accounts Payable - Trade.
 * - "By department" figures count the lines carrying a department (every opex and cost of sales line does).
 * - Rankings and plain breakdowns list the largest amount first (the smallest first when asked for the smallest);
 *   a breakdown of a change lists the non-zero components, largest absolute change first, each with its change
 *   (current − earlier, in reading sign). A "product line" question is avoided: revenue is split by revenue account.
 * - vs budget: budget in reading signs from 03_Budget for the same accounts (and department); variance = actual −
 *   budget.
 */
import {
  COGS,
  EXP,
  GL,
  GP,
  NI,
  OPEX,
  OPEX_EXCLUDED,
  READING,
  REV,
  balanceAt,
  one,
  pctOfRevenue,
  type Books,
  type HeldOutCase,
} from './case.ts';

type Range = readonly [from: string, to: string];

const SALES_LINE = `a.account_type = 'revenue' and coalesce(a.account_subtype, '') <> 'other_income'`;
const OPEX_LINE = `a.account_type = 'expense' and coalesce(a.account_subtype, '') not in ${OPEX_EXCLUDED}`;
const COGS_LINE = `a.account_type = 'expense' and a.account_subtype = 'cost_of_sales'`;
const DA = `coalesce(sum(g.debit - g.credit) filter (where a.account_subtype = 'depreciation_amortization'), 0)`;
const TAX = `coalesce(sum(g.debit - g.credit) filter (where a.account_subtype = 'income_tax'), 0)`;
const INTEREST = `coalesce(sum(g.debit - g.credit) filter (where a.account_subtype = 'interest_expense'), 0)`;
const EBITDA = `(${GP} - ${OPEX})`;
const MOVE = `coalesce(${READING}, 0)`;
const PAID = `coalesce(sum(g.credit - g.debit) filter (where a.account_subtype = 'cash'), 0)`;
const QUARTER = `substr(g.period, 1, 4) || '-Q' || ((substr(g.period, 6, 2)::int + 2) / 3)`;
const CURRENT_ASSETS = `a.account_subtype in ('cash', 'receivable', 'inventory', 'prepaid', 'other_current_asset')`;
const CURRENT_LIABILITIES = `a.account_subtype in ('payable', 'credit_card', 'accrued_liability', 'payroll_liability', 'tax_liability', 'deferred_revenue', 'current_debt')`;
const SUPPLIER = `g.counterparty in (select s.counterparty from "02_GL_Detail" s where s.account_code = '2110' and s.credit > 0)`;
const INVOICES = `count(distinct (g.source, g.journal_id))`;

const codes = (...list: string[]) => `g.account_code in (${list.map((code) => `'${code}'`).join(', ')})`;
const cp = (name: string) => `g.counterparty = '${name.replace(/'/g, "''")}'`;
const inRange = ([from, to]: Range) => `g.period between '${from}' and '${to}'`;
const sum = (figure: string, [from, to]: Range, extra = '') => one(figure, from, to, extra);
const pct = (top: string, [from, to]: Range) => pctOfRevenue(top, from, to);
/** Several figures side by side in one row (each column named, so none hides another). */
const both = (...queries: string[]) =>
  `select ${queries.map((query, i) => `(${query}) as figure_${i + 1}`).join(', ')}`;
const pctChange = (current: string, earlier: string) =>
  `select round(((${current}) - (${earlier})) * 100 / nullif(abs((${earlier})), 0), 2)`;
const versus = (actual: string, planned: string) =>
  `select (${actual}) as actual, (${planned}) as budget, (${actual}) - (${planned}) as variance`;
const budgetOf = (where: string, [from, to]: Range) =>
  `select coalesce(sum(bu.amount), 0) from "03_Budget" bu join "01_Account" a on a.account_code = bu.account_code
   where bu.period between '${from}' and '${to}' and ${where}`;
/** Amounts by a label, largest first (smallest first with `asc`), optionally the first `limit`. */
const rank = (label: string, amount: string, where: string, range: Range, limit?: number, direction = 'desc') =>
  `select label, amount from (select ${label} as label, sum(${amount}) as amount ${GL} where ${inRange(range)} and ${where}
   group by ${label}) t order by amount ${direction}, label ${limit ? `limit ${limit}` : ''}`;
/** The change of an amount by a label between two ranges: non-zero changes, largest absolute change first. */
const changeBy = (label: string, amount: string, where: string, current: Range, earlier: Range, limit?: number) =>
  `select label, change from (select ${label} as label,
     sum(case when ${inRange(current)} then ${amount} else 0 end) - sum(case when ${inRange(earlier)} then ${amount} else 0 end) as change
   ${GL} where (${inRange(current)} or ${inRange(earlier)}) and ${where} group by ${label}) t
   where change <> 0 order by abs(change) desc, label ${limit ? `limit ${limit}` : ''}`;
/** A figure month by month over a range. */
const monthly = (figure: string, range: Range, extra = '') =>
  `select g.period, ${figure} ${GL} where ${inRange(range)} ${extra} group by g.period order by g.period`;
const days = ([from, to]: Range, shift: Books['shift']) => `(date '${shift(to, 1)}-01' - date '${from}-01')`;

export const questions = (b: Books): HeldOutCase[] => {
  const L = b.last;
  const Y = b.year;
  const PY = Y - 1;
  const mn = (period: string) => b.monthName(period);
  const month = (period: string): Range => [period, period];
  const quarter = (year: number, n: number): Range => [
    `${year}-${String(n * 3 - 2).padStart(2, '0')}`,
    `${year}-${String(n * 3).padStart(2, '0')}`,
  ];
  const ytd: Range = [`${Y}-01`, L];
  const ytdLastYear: Range = [`${PY}-01`, b.shift(L, -12)];
  const lastYear: Range = [`${PY}-01`, `${PY}-12`];
  const ttm: Range = [b.shift(L, -11), L];
  const priorTtm: Range = [b.shift(L, -23), b.shift(L, -12)];
  const trailing3: Range = [b.shift(L, -2), L];
  const last6: Range = [b.shift(L, -5), L];
  const lastMonth = month(L);
  const monthBefore = month(b.shift(L, -1));
  const sameMonthLastYear = month(b.shift(L, -12));
  const monthIndex = Number(L.slice(5));
  const lqTo = monthIndex % 3 === 0 ? L : b.shift(L, -(monthIndex % 3));
  const lastQuarter: Range = [b.shift(lqTo, -2), lqTo];
  const quarterBefore: Range = [b.shift(lqTo, -5), b.shift(lqTo, -3)];
  const lastQuarterLastYear: Range = [b.shift(lqTo, -14), b.shift(lqTo, -12)];
  const h1: Range = [`${PY}-01`, `${PY}-06`];
  const h2: Range = [`${PY}-07`, `${PY}-12`];
  const yearEnd = `${PY}-12`;
  const next = b.shift(L, 1);
  const beforeFirst = b.shift(b.first, -1);
  const firstYear = Number(b.first.slice(0, 4));

  const cashAt = (period: string) => balanceAt(`a.account_subtype = 'cash'`, period);
  const receivablesAt = (period: string) => balanceAt(`a.account_subtype = 'receivable'`, period);
  const liabilitiesAt = (period: string) => balanceAt(CURRENT_LIABILITIES, period);
  const invoiceCount = (range: Range, extra = '') => sum(INVOICES, range, `and ${SALES_LINE} ${extra}`);

  return [
    // ---- time
    { class: 'time', question: `rev ${mn(L)}?`, expect: { kind: 'value', gold: sum(REV, lastMonth) } },
    {
      class: 'time',
      question: `What were our operating expenses in H1 ${PY}?`,
      expect: { kind: 'value', gold: sum(OPEX, h1) },
    },
    { class: 'time', question: 'net income ttm', expect: { kind: 'value', gold: sum(NI, ttm) } },
    {
      class: 'time',
      question: `gross profit for Q2 ${PY} pls`,
      expect: { kind: 'value', gold: sum(GP, quarter(PY, 2)) },
    },
    { class: 'time', question: 'COGS year-to-date', expect: { kind: 'value', gold: sum(COGS, ytd) } },
    {
      class: 'time',
      question: 'Monthly revenue for the last six months',
      expect: { kind: 'rows', gold: monthly(REV, last6) },
    },
    {
      class: 'time',
      question: `Show me reveune by quarter for FY${PY}`,
      expect: {
        kind: 'rows',
        gold: `select ${QUARTER} as quarter, ${REV} ${GL} where ${inRange(lastYear)} group by 1 order by 1`,
      },
    },
    {
      class: 'time',
      question: 'What was net profit in the first quarter of last year?',
      expect: { kind: 'value', gold: sum(NI, quarter(PY, 1)) },
    },
    {
      class: 'time',
      question: `Total expenses in ${mn(L)} last year`,
      expect: { kind: 'value', gold: sum(EXP, sameMonthLastYear) },
    },
    {
      class: 'time',
      question: 'EBITDA for the trailing 3 months',
      expect: { kind: 'value', gold: sum(EBITDA, trailing3) },
    },
    {
      class: 'time',
      question: `How much opex have we booked since the start of ${PY}?`,
      expect: { kind: 'value', gold: sum(OPEX, [`${PY}-01`, L]) },
    },
    {
      class: 'time',
      question: `revenue from March through June ${PY}`,
      expect: { kind: 'value', gold: sum(REV, [`${PY}-03`, `${PY}-06`]) },
    },

    // ---- ratio
    { class: 'ratio', question: 'GM% last quarter', expect: { kind: 'value', gold: pct(GP, lastQuarter) } },
    { class: 'ratio', question: `net margin for FY${PY}`, expect: { kind: 'value', gold: pct(NI, lastYear) } },
    { class: 'ratio', question: "What's our EBITDA margin YTD?", expect: { kind: 'value', gold: pct(EBITDA, ytd) } },
    {
      class: 'ratio',
      question: `opex as a % of revenue, ${mn(L)}`,
      expect: { kind: 'value', gold: pct(OPEX, lastMonth) },
    },
    {
      class: 'ratio',
      question: `current ratio at the end of ${mn(L)} ${Y}`,
      expect: {
        kind: 'value',
        gold: `select round((${balanceAt(CURRENT_ASSETS, L)}) / nullif((${liabilitiesAt(L)}), 0), 2)`,
      },
    },
    {
      class: 'ratio',
      question: 'DSO for last quarter',
      expect: {
        kind: 'value',
        gold: `select round((${receivablesAt(lastQuarter[1])}) * ${days(lastQuarter, b.shift)} / nullif((${sum(REV, lastQuarter)}), 0), 2)`,
      },
    },
    {
      class: 'ratio',
      question: `quick ratio at ${PY} year end`,
      expect: {
        kind: 'value',
        gold: `select round((${balanceAt(`a.account_subtype in ('cash', 'receivable')`, yearEnd)}) / nullif((${liabilitiesAt(yearEnd)}), 0), 2)`,
      },
    },
    {
      class: 'ratio',
      question: 'Debt-to-equity as of the latest month end?',
      expect: {
        kind: 'value',
        gold: `select round((${balanceAt(`a.account_subtype in ('current_debt', 'long_term_debt')`, L)}) /
          nullif((select sum(g.credit - g.debit) ${GL} where g.period <= '${L}' and a.account_type in ('equity', 'revenue', 'expense')), 0), 2)`,
      },
    },
    {
      class: 'ratio',
      question: 'Direct labour as a percentage of sales this year',
      expect: {
        kind: 'value',
        gold: pct(`coalesce(sum(g.debit - g.credit) filter (where a.parent_code = '5200'), 0)`, ytd),
      },
    },
    {
      class: 'ratio',
      question: `effective tax rate last year`,
      expect: {
        kind: 'value',
        gold: `select round(${TAX} * 100 / nullif(${NI} + ${TAX}, 0), 2) ${GL} where ${inRange(lastYear)}`,
      },
    },
    {
      class: 'ratio',
      question: 'What % of revenue went on Digital Advertising over the last 12 months?',
      expect: {
        kind: 'value',
        gold: pct(`coalesce(sum(g.debit - g.credit) filter (where g.account_code = '6230'), 0)`, ttm),
      },
    },

    // ---- comparison
    {
      class: 'comparison',
      question: 'Revenue YTD vs the same period last year',
      expect: { kind: 'value', gold: both(sum(REV, ytd), sum(REV, ytdLastYear)) },
    },
    {
      class: 'comparison',
      question: `How did opex in ${mn(L)} compare with ${mn(b.shift(L, -1))}?`,
      expect: { kind: 'value', gold: both(sum(OPEX, lastMonth), sum(OPEX, monthBefore)) },
    },
    {
      class: 'comparison',
      question: 'QoQ revenue growth last quarter, in %',
      expect: { kind: 'value', gold: pctChange(sum(REV, lastQuarter), sum(REV, quarterBefore)) },
    },
    {
      class: 'comparison',
      question: 'By how many points did gross margin move YTD vs the same period last year?',
      expect: { kind: 'value', gold: `select (${pct(GP, ytd)}) - (${pct(GP, ytdLastYear)})` },
    },
    {
      class: 'comparison',
      question: 'Revenue vs budget last quarter',
      expect: { kind: 'value', gold: versus(sum(REV, lastQuarter), budgetOf(SALES_LINE, lastQuarter)) },
    },
    {
      class: 'comparison',
      question: 'Are we over or under budget on opex this year, and by how much?',
      expect: { kind: 'value', gold: versus(sum(OPEX, ytd), budgetOf(OPEX_LINE, ytd)) },
    },
    {
      class: 'comparison',
      question: `Marketing department spend vs budget for ${PY}`,
      expect: {
        kind: 'value',
        gold: versus(
          sum(EXP, lastYear, `and g.department = 'Marketing'`),
          budgetOf(`a.account_type = 'expense' and bu.department = 'Marketing'`, lastYear),
        ),
      },
    },
    {
      class: 'comparison',
      question:
        'Which grew faster last quarter compared with the same quarter a year earlier, revenue or cost of sales? Give me both growth rates',
      expect: {
        kind: 'value',
        gold: both(
          pctChange(sum(REV, lastQuarter), sum(REV, lastQuarterLastYear)),
          pctChange(sum(COGS, lastQuarter), sum(COGS, lastQuarterLastYear)),
        ),
      },
    },
    {
      class: 'comparison',
      question: 'Engineering dept expenses YTD — % change vs same period last year',
      expect: {
        kind: 'value',
        gold: pctChange(
          sum(EXP, ytd, `and g.department = 'Engineering'`),
          sum(EXP, ytdLastYear, `and g.department = 'Engineering'`),
        ),
      },
    },
    {
      class: 'comparison',
      question: 'cash balance at the latest month end vs at the end of last year',
      expect: { kind: 'value', gold: both(cashAt(L), cashAt(yearEnd)) },
    },
    {
      class: 'comparison',
      question: `Net income ${mn(L)} ${Y} vs ${mn(L)} ${PY}`,
      expect: { kind: 'value', gold: both(sum(NI, lastMonth), sum(NI, sameMonthLastYear)) },
    },

    // ---- ranking
    {
      class: 'ranking',
      question: 'top 5 opex accounts ytd',
      expect: { kind: 'rows', gold: rank('a.account_name', 'g.debit - g.credit', OPEX_LINE, ytd, 5) },
    },
    {
      class: 'ranking',
      question: 'Which department had the highest operating expenses last quarter?',
      expect: { kind: 'rows', gold: rank('g.department', 'g.debit - g.credit', OPEX_LINE, lastQuarter, 1) },
    },
    {
      class: 'ranking',
      question: `Rank the departments by total expenses for ${PY}`,
      expect: {
        kind: 'rows',
        gold: rank(
          'g.department',
          'g.debit - g.credit',
          `a.account_type = 'expense' and g.department is not null`,
          lastYear,
        ),
      },
    },
    {
      class: 'ranking',
      question: 'What are our 3 smallest revenue accounts over the last 12 months?',
      expect: { kind: 'rows', gold: rank('a.account_name', 'g.credit - g.debit', SALES_LINE, ttm, 3, 'asc') },
    },
    {
      class: 'ranking',
      question: `Best 3 months for revenue in ${PY}`,
      expect: { kind: 'rows', gold: rank('g.period', 'g.credit - g.debit', SALES_LINE, lastYear, 3) },
    },
    {
      class: 'ranking',
      question: 'Which month in the last 12 months had the lowest net income?',
      expect: {
        kind: 'rows',
        gold: rank('g.period', 'g.credit - g.debit', `a.account_type in ('revenue', 'expense')`, ttm, 1, 'asc'),
      },
    },
    {
      class: 'ranking',
      question: 'biggest 3 cost of sales accounts last month',
      expect: { kind: 'rows', gold: rank('a.account_name', 'g.debit - g.credit', COGS_LINE, lastMonth, 3) },
    },
    {
      class: 'ranking',
      question: `Top 3 customers by sales in H2 ${PY}`,
      expect: {
        kind: 'rows',
        gold: rank('g.counterparty', 'g.credit - g.debit', `${SALES_LINE} and g.counterparty is not null`, h2, 3),
      },
    },
    {
      class: 'ranking',
      question: 'Which revenue account grew the most in dollars, YTD vs the same period last year?',
      expect: {
        kind: 'rows',
        gold: `select label, change from (${changeBy('a.account_name', 'g.credit - g.debit', SALES_LINE, ytd, ytdLastYear)}) c order by change desc limit 1`,
      },
    },
    {
      class: 'ranking',
      question: 'Top 3 expense accounts in the G&A department this year',
      expect: {
        kind: 'rows',
        gold: rank(
          'a.account_name',
          'g.debit - g.credit',
          `a.account_type = 'expense' and g.department = 'G&A'`,
          ytd,
          3,
        ),
      },
    },
    {
      class: 'ranking',
      question: `Which month had the highest Factory Utilities cost in ${PY}?`,
      expect: { kind: 'rows', gold: rank('g.period', 'g.debit - g.credit', codes('5320'), lastYear, 1) },
    },

    // ---- customers and vendors
    {
      class: 'customers and vendors',
      question: 'How much revenue has Cascade Hydraulics Inc. brought in YTD?',
      expect: { kind: 'value', gold: sum(REV, ytd, `and ${cp('Cascade Hydraulics Inc.')}`) },
    },
    {
      class: 'customers and vendors',
      question: 'top 5 custmers by revenue last quarter',
      expect: {
        kind: 'rows',
        gold: rank(
          'g.counterparty',
          'g.credit - g.debit',
          `${SALES_LINE} and g.counterparty is not null`,
          lastQuarter,
          5,
        ),
      },
    },
    {
      class: 'customers and vendors',
      question: `How much did we pay Marine View Industrial Properties LLC in ${PY}?`,
      expect: { kind: 'value', gold: sum(PAID, lastYear, `and ${cp('Marine View Industrial Properties LLC')}`) },
    },
    {
      class: 'customers and vendors',
      question: 'Which 3 suppliers did we pay the most last year?',
      expect: {
        kind: 'rows',
        gold: rank('g.counterparty', 'g.credit - g.debit', `a.account_subtype = 'cash' and ${SUPPLIER}`, lastYear, 3),
      },
    },
    {
      class: 'customers and vendors',
      question: `Northwind Marine Systems revenue by quarter, ${PY}`,
      expect: {
        kind: 'rows',
        gold: `select ${QUARTER} as quarter, ${REV} ${GL} where ${inRange(lastYear)} and ${cp('Northwind Marine Systems')}
          group by 1 order by 1`,
      },
    },
    {
      class: 'customers and vendors',
      question: `How much did Rainier Robotics buy from us in ${mn(L)}?`,
      expect: { kind: 'value', gold: sum(REV, lastMonth, `and ${cp('Rainier Robotics')}`) },
    },
    {
      class: 'customers and vendors',
      question: 'Which customer bought the most Hydraulic Fittings from us this year?',
      expect: {
        kind: 'rows',
        gold: rank('g.counterparty', 'g.credit - g.debit', `${codes('4120')} and g.counterparty is not null`, ytd, 1),
      },
    },
    {
      class: 'customers and vendors',
      question: `What share of FY${PY} revenue came from Cascade Hydraulics Inc.?`,
      expect: {
        kind: 'value',
        gold: pct(
          `coalesce(sum(g.credit - g.debit) filter (where ${SALES_LINE} and ${cp('Cascade Hydraulics Inc.')}), 0)`,
          lastYear,
        ),
      },
    },
    {
      class: 'customers and vendors',
      question: 'which customers did more than $1.5M in revenue over the last 12 months?',
      expect: {
        kind: 'rows',
        gold: `select label, amount from (${rank('g.counterparty', 'g.credit - g.debit', `${SALES_LINE} and g.counterparty is not null`, ttm)}) t
          where amount > 1500000 order by amount desc`,
      },
    },
    {
      class: 'customers and vendors',
      question: 'Legal fees billed by Holloway & Pryce LLP this year',
      expect: {
        kind: 'value',
        gold: sum(
          `coalesce(sum(g.debit - g.credit) filter (where a.account_type = 'expense'), 0)`,
          ytd,
          `and ${cp('Holloway & Pryce LLP')}`,
        ),
      },
    },
    {
      class: 'customers and vendors',
      question: 'Total paid to Google Ads in the last 12 months',
      expect: { kind: 'value', gold: sum(PAID, ttm, `and ${cp('Google Ads')}`) },
    },

    // ---- vocabulary
    {
      class: 'vocabulary',
      question: 'What was our top line last quarter?',
      expect: { kind: 'value', gold: sum(REV, lastQuarter) },
    },
    { class: 'vocabulary', question: `bottom line for FY${PY}`, expect: { kind: 'value', gold: sum(NI, lastYear) } },
    { class: 'vocabulary', question: 'turnover ytd', expect: { kind: 'value', gold: sum(REV, ytd) } },
    {
      class: 'vocabulary',
      question: 'cost of goods sold over the trailing twelve months',
      expect: { kind: 'value', gold: sum(COGS, ttm) },
    },
    {
      class: 'vocabulary',
      question: `Operating profit in ${PY}?`,
      expect: { kind: 'value', gold: sum(`(${EBITDA} - ${DA})`, lastYear) },
    },
    {
      class: 'vocabulary',
      question: 'profit before tax last year',
      expect: { kind: 'value', gold: sum(`(${NI} + ${TAX})`, lastYear) },
    },
    {
      class: 'vocabulary',
      question: `cash on hand at the end of ${mn(L)}`,
      expect: { kind: 'value', gold: cashAt(L) },
    },
    {
      class: 'vocabulary',
      question: 'AR at the end of last quarter',
      expect: { kind: 'value', gold: receivablesAt(lastQuarter[1]) },
    },
    {
      class: 'vocabulary',
      question: `AP balance at ${PY} year-end`,
      expect: { kind: 'value', gold: balanceAt(`a.account_subtype = 'payable'`, yearEnd) },
    },
    { class: 'vocabulary', question: 'GP$ last month', expect: { kind: 'value', gold: sum(GP, lastMonth) } },
    { class: 'vocabulary', question: 'interest expense ytd', expect: { kind: 'value', gold: sum(INTEREST, ytd) } },

    // ---- account vs metric
    {
      class: 'account vs metric',
      question: `Accounts Receivable - Trade balance at the end of ${mn(L)}`,
      expect: { kind: 'value', gold: balanceAt(codes('1210'), L) },
    },
    {
      class: 'account vs metric',
      question: 'Sales Salaries this year',
      expect: { kind: 'value', gold: sum(MOVE, ytd, `and ${codes('6110')}`) },
    },
    {
      class: 'account vs metric',
      question: 'How much went to Sales Commissions last quarter?',
      expect: { kind: 'value', gold: sum(MOVE, lastQuarter, `and ${codes('6120')}`) },
    },
    {
      class: 'account vs metric',
      question: 'How much Engineering Services revenue did we bill last quarter?',
      expect: { kind: 'value', gold: sum(MOVE, lastQuarter, `and ${codes('4210')}`) },
    },
    {
      class: 'account vs metric',
      question: 'Freight Billed to Customers YTD',
      expect: { kind: 'value', gold: sum(MOVE, ytd, `and ${codes('4310')}`) },
    },
    {
      class: 'account vs metric',
      question: `What did Materials cost us in ${mn(L)}?`,
      expect: { kind: 'value', gold: sum(MOVE, lastMonth, `and a.parent_code = '5100'`) },
    },
    {
      class: 'account vs metric',
      question: 'Interest Income over the last 12 months',
      expect: { kind: 'value', gold: sum(MOVE, ttm, `and ${codes('8110')}`) },
    },
    {
      class: 'account vs metric',
      question: `Depreciation - Manufacturing for ${PY}`,
      expect: { kind: 'value', gold: sum(MOVE, lastYear, `and ${codes('5360')}`) },
    },
    {
      class: 'account vs metric',
      question: 'Insurance expense YTD',
      expect: { kind: 'value', gold: sum(MOVE, ytd, `and a.parent_code = '7400'`) },
    },
    {
      class: 'account vs metric',
      question: 'Product Sales last quarter',
      expect: { kind: 'value', gold: sum(MOVE, lastQuarter, `and a.parent_code = '4100'`) },
    },
    {
      class: 'account vs metric',
      question: 'Money Market Account balance',
      expect: { kind: 'value', gold: balanceAt(codes('1130'), L) },
    },

    // ---- decomposition
    {
      class: 'decomposition',
      question: `What drove the change in revenue from ${mn(b.shift(L, -1))} to ${mn(L)}? Break it down by account.`,
      expect: {
        kind: 'rows',
        gold: changeBy('a.account_name', 'g.credit - g.debit', SALES_LINE, lastMonth, monthBefore),
      },
    },
    {
      class: 'decomposition',
      question: 'Break down the YoY change in YTD opex by department',
      expect: {
        kind: 'rows',
        gold: changeBy('g.department', 'g.debit - g.credit', OPEX_LINE, ytd, ytdLastYear),
      },
    },
    {
      class: 'decomposition',
      question: 'Why did cost of sales change last quarter vs the quarter before? Top 5 accounts',
      expect: {
        kind: 'rows',
        gold: changeBy('a.account_name', 'g.debit - g.credit', COGS_LINE, lastQuarter, quarterBefore, 5),
      },
    },
    {
      class: 'decomposition',
      question: `Which customers drove the revenue change from Q2 to Q3 ${PY}? top 3`,
      expect: {
        kind: 'rows',
        gold: changeBy(
          'g.counterparty',
          'g.credit - g.debit',
          `${SALES_LINE} and g.counterparty is not null`,
          quarter(PY, 3),
          quarter(PY, 2),
          3,
        ),
      },
    },
    {
      class: 'decomposition',
      question: `break down ${mn(L)} opex by department`,
      expect: { kind: 'rows', gold: rank('g.department', 'g.debit - g.credit', OPEX_LINE, lastMonth) },
    },
    {
      class: 'decomposition',
      question:
        "What's behind the change in Operations department spend YTD vs the same period last year? 3 biggest accounts",
      expect: {
        kind: 'rows',
        gold: changeBy(
          'a.account_name',
          'g.debit - g.credit',
          `a.account_type = 'expense' and g.department = 'Operations'`,
          ytd,
          ytdLastYear,
          3,
        ),
      },
    },
    {
      class: 'decomposition',
      question: 'Break down revenue growth over the last 12 months vs the prior 12 by account',
      expect: {
        kind: 'rows',
        gold: changeBy('a.account_name', 'g.credit - g.debit', SALES_LINE, ttm, priorTtm),
      },
    },
    {
      class: 'decomposition',
      question: `Split Q3 ${PY} cost of sales into Materials, Direct Labour, Manufacturing Overhead and Freight and Logistics`,
      expect: {
        kind: 'rows',
        gold: `select p.account_name, sum(g.debit - g.credit) as amount ${GL} join "01_Account" p on p.account_code = a.parent_code
          where ${inRange(quarter(PY, 3))} and ${COGS_LINE} group by p.account_name order by amount desc`,
      },
    },
    {
      class: 'decomposition',
      question: `G&A department expenses, ${mn(L)} vs the same month last year: which 3 accounts moved the most?`,
      expect: {
        kind: 'rows',
        gold: changeBy(
          'a.account_name',
          'g.debit - g.credit',
          `a.account_type = 'expense' and g.department = 'G&A'`,
          lastMonth,
          sameMonthLastYear,
          3,
        ),
      },
    },
    {
      class: 'decomposition',
      question: 'Split revenue for last quarter by revenue account, biggest first',
      expect: { kind: 'rows', gold: rank('a.account_name', 'g.credit - g.debit', SALES_LINE, lastQuarter) },
    },

    // ---- distinct count
    {
      class: 'distinct count',
      question: `How many customers did we invoice in ${mn(L)}?`,
      expect: {
        kind: 'value',
        gold: sum('count(distinct g.counterparty)', lastMonth, `and ${SALES_LINE}`),
      },
    },
    {
      class: 'distinct count',
      question: `number of sales invoices issued in Q3 ${PY}`,
      expect: { kind: 'value', gold: invoiceCount(quarter(PY, 3)) },
    },
    {
      class: 'distinct count',
      question: 'how many journal entries were posted last month?',
      expect: {
        kind: 'value',
        gold: `select count(distinct (g.source, g.journal_id)) from "02_GL_Detail" g where g.period = '${L}'`,
      },
    },
    {
      class: 'distinct count',
      question: 'How many different suppliers sent us bills this year?',
      expect: {
        kind: 'value',
        gold: `select count(distinct g.counterparty) from "02_GL_Detail" g
          where g.account_code = '2110' and g.credit > 0 and ${inRange(ytd)}`,
      },
    },
    {
      class: 'distinct count',
      question: 'How many active customers did we have in the last 12 months (anyone we billed)?',
      expect: { kind: 'value', gold: sum('count(distinct g.counterparty)', ttm, `and ${SALES_LINE}`) },
    },
    {
      class: 'distinct count',
      question: 'How many customers bought Engineering Services from us this year?',
      expect: { kind: 'value', gold: sum('count(distinct g.counterparty)', ytd, `and ${codes('4210')}`) },
    },
    {
      class: 'distinct count',
      question: 'Average invoice value last quarter',
      expect: {
        kind: 'value',
        gold: `select round((${sum(REV, lastQuarter)}) / nullif((${invoiceCount(lastQuarter)}), 0), 2)`,
      },
    },
    {
      class: 'distinct count',
      question: `How many suppliers did we pay in ${mn(L)}?`,
      expect: {
        kind: 'value',
        gold: `select count(distinct g.counterparty) from "02_GL_Detail" g
          where g.account_code = '2110' and g.debit > 0 and g.period = '${L}'`,
      },
    },
    {
      class: 'distinct count',
      question: `How many different GL accounts had postings in ${mn(L)}?`,
      expect: {
        kind: 'value',
        gold: `select count(distinct g.account_code) from "02_GL_Detail" g where g.period = '${L}'`,
      },
    },
    {
      class: 'distinct count',
      question: 'number of invoices per month last quarter',
      expect: { kind: 'rows', gold: monthly(INVOICES, lastQuarter, `and ${SALES_LINE}`) },
    },
    {
      class: 'distinct count',
      question: 'How many customers did more than $250k of revenue over the last 12 months?',
      expect: {
        kind: 'value',
        gold: `select count(*) from (${rank('g.counterparty', 'g.credit - g.debit', `${SALES_LINE} and g.counterparty is not null`, ttm)}) t where amount > 250000`,
      },
    },

    // ---- unknown account
    { class: 'unknown account', question: 'How much royalty income did we earn last year?', expect: { kind: 'ask' } },
    { class: 'unknown account', question: `goodwill balance at the end of ${PY}`, expect: { kind: 'ask' } },
    { class: 'unknown account', question: "What's the deferred revenue balance?", expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'foreign exchange losses this year', expect: { kind: 'ask' } },
    {
      class: 'unknown account',
      question: `How much did we give in charitable donations in ${PY}?`,
      expect: { kind: 'ask' },
    },
    { class: 'unknown account', question: 'Warranty expense last quarter', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'customer deposits balance at month end', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'How much revenue did Boeing bring in this year?', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'HR department expenses YTD', expect: { kind: 'ask' } },
    {
      class: 'unknown account',
      question: `Capitalized software development costs for ${PY}`,
      expect: { kind: 'ask' },
    },
    { class: 'unknown account', question: 'sponsorship spend over the last 12 months', expect: { kind: 'ask' } },

    // ---- unanswerable
    { class: 'unanswerable', question: 'Forecast revenue for next quarter', expect: { kind: 'ask' } },
    { class: 'unanswerable', question: `What was revenue in ${firstYear - 1}?`, expect: { kind: 'ask' } },
    {
      class: 'unanswerable',
      question: `What will net income be in ${mn(next)} ${next.slice(0, 4)}?`,
      expect: { kind: 'ask' },
    },
    { class: 'unanswerable', question: 'How many employees do we have?', expect: { kind: 'ask' } },
    { class: 'unanswerable', question: "What's the sales team's quota attainment this year?", expect: { kind: 'ask' } },
    { class: 'unanswerable', question: "What's our NPS score?", expect: { kind: 'ask' } },
    {
      class: 'unanswerable',
      question: `opex in ${mn(beforeFirst)} ${beforeFirst.slice(0, 4)}`,
      expect: { kind: 'ask' },
    },
    {
      class: 'unanswerable',
      question: 'How many units of hydraulic fittings did we ship last month?',
      expect: { kind: 'ask' },
    },
    { class: 'unanswerable', question: `What's the budget for ${Y + 1}?`, expect: { kind: 'ask' } },
    { class: 'unanswerable', question: "What's our market share in the Pacific Northwest?", expect: { kind: 'ask' } },
    { class: 'unanswerable', question: 'what was the weather in Tacoma last month', expect: { kind: 'ask' } },

    // ---- context
    {
      class: 'context',
      before: ['Revenue last quarter'],
      question: 'and the quarter before that?',
      expect: { kind: 'value', gold: sum(REV, quarterBefore) },
    },
    {
      class: 'context',
      before: ['Sales department opex YTD'],
      question: 'what about marketing?',
      expect: { kind: 'value', gold: sum(OPEX, ytd, `and g.department = 'Marketing'`) },
    },
    {
      class: 'context',
      before: [`gross margin for ${PY}`],
      question: 'same for this year',
      expect: { kind: 'value', gold: pct(GP, ytd) },
    },
    {
      class: 'context',
      before: ['top 5 customers by revenue this year'],
      question: 'and last year?',
      expect: {
        kind: 'rows',
        gold: rank('g.counterparty', 'g.credit - g.debit', `${SALES_LINE} and g.counterparty is not null`, lastYear, 5),
      },
    },
    {
      class: 'context',
      before: [`net income Q2 ${PY}`],
      question: 'and Q3?',
      expect: { kind: 'value', gold: sum(NI, quarter(PY, 3)) },
    },
    {
      class: 'context',
      before: ['Revenue from Cascade Hydraulics Inc. YTD'],
      question: 'how many invoices was that?',
      expect: { kind: 'value', gold: invoiceCount(ytd, `and ${cp('Cascade Hydraulics Inc.')}`) },
    },
    {
      class: 'context',
      before: ['Marketing expenses last month'],
      question: `What was total revenue in FY${PY}?`,
      expect: { kind: 'value', gold: sum(REV, lastYear) },
    },
    {
      class: 'context',
      before: ['COGS YTD'],
      question: "what's a good recipe for banana bread?",
      expect: { kind: 'ask' },
    },
    {
      class: 'context',
      before: ['Expenses by department last quarter'],
      question: 'just Engineering, month by month',
      expect: { kind: 'rows', gold: monthly(EXP, lastQuarter, `and g.department = 'Engineering'`) },
    },
    {
      class: 'context',
      before: ['How much did we spend on Legal Fees this year?'],
      question: `and in ${PY}?`,
      expect: { kind: 'value', gold: sum(MOVE, lastYear, `and ${codes('7310')}`) },
    },
    {
      class: 'context',
      before: ['Cash balance at the end of last month'],
      question: 'and a year before that?',
      expect: { kind: 'value', gold: cashAt(b.shift(L, -12)) },
    },
  ];
};
