/**
 * An eighth held-out set of Chat DB: questions as a CFO, controller, FP&A analyst or bookkeeper of a mid-size
 * manufacturer types them, written without sight of the parser or the earlier sets. Gold SQL reads 02_GL_Detail,
 * 01_Account and 03_Budget only, relative to `books`.
 *
 * Definitions chosen where a finance reader could choose otherwise:
 * - Revenue ("sales", "top line", "rev") is revenue as the statements and the KPI library have it (case.ts REV):
 *   the `revenue` accounts other than other income (interest income). The demo's Sales Discounts (4910) and Sales
 *   Returns and Allowances (4920) are accounts of type `expense` (subtype `contra_revenue`, not one of that type):
 *   the Profit & Loss reads them as unclassified expenses, inside operating expenses, so they are not taken off
 *   revenue. Gross sales, discounts or returns asked for by name are those accounts as asked.
 * - Cost of sales / COGS is the `cost_of_sales` accounts (manufacturing depreciation included, as the chart puts it).
 *   Gross profit = revenue − COGS.
 * - Operating expenses ("opex", "SG&A") are those of the Profit & Loss (case.ts OPEX): every expense account but
 *   cost of sales, depreciation and amortization, interest and other expenses and income tax — the
 *   `operating_expense` accounts and the unclassified expenses (the demo's discounts and returns included).
 *   EBITDA = gross profit − operating expenses.
 * - Net income ("bottom line") = every revenue (other income included) less every expense.
 * - A department's spend or costs: every expense-account line tagged with that department (debit − credit), nothing
 *   excluded; "opex by department" keeps the operating expense accounts (as above) only.
 * - A customer is the counterparty of revenue lines; sales to a customer are its revenue (as above). A customer
 *   "billed" or "bought" in a range has a credit on a sales account in it.
 * - A supplier (vendor) is the counterparty of a bill: a credit to Accounts Payable - Trade (2110). Spend with or
 *   purchases from a supplier = the amount it billed (credits to 2110) in the range; paying a supplier = debits to
 *   2110. AP is the `payable` accounts (not the credit card or accruals); trade AR is account 1210.
 * - Cash is the `cash` accounts, balances at the end of the month named (every movement up to it).
 * - "Last month" is the books' latest month; YTD is January of its year to it; "last quarter" is the latest
 *   complete calendar quarter; "same month/quarter last year" is 12 months earlier; TTM is the 12 months ending
 *   with the latest month, the prior TTM the 12 before; H1 is January–June. The fiscal year is the calendar year.
 * - % change = (current − earlier) ÷ |earlier| × 100, 2 decimals; margins are % of revenue, 2 decimals; a change
 *   of margin is in percentage points. Variance to budget = actual − budget (budget in P&L sign; budgeted revenue
 *   is the revenue accounts' budget, other income aside; budgeted opex the operating expense accounts').
 * - Breakdowns: by amount descending (ties by name), except by month or quarter, oldest first. Periods `YYYY-MM`,
 *   quarters `YYYY-Qn`. Lines without a department are left out of department breakdowns.
 * - Product lines are the sales accounts under Product Sales (4100) and Service Revenue (4200).
 * - DSO = receivables (the `receivable` accounts, net of the allowance) at the end of the range ÷ revenue of the
 *   range × its calendar days. Debt to equity = (`current_debt` + `long_term_debt`) ÷ total equity (equity
 *   accounts plus all earnings not yet closed), both at month end. Effective tax rate = income tax ÷ income
 *   before tax (net income + income tax).
 */
import {
  balanceAt,
  COGS,
  EXP,
  GL,
  GP,
  NI,
  one,
  OPEX,
  OPEX_EXCLUDED,
  REV,
  within,
  type Books,
  type HeldOutCase,
  type QuestionClass,
} from './case.ts';

/** The accounts of REV and OPEX (case.ts), as conditions on `a`. */
const REV_ACCOUNTS = `a.account_type = 'revenue' and coalesce(a.account_subtype, '') <> 'other_income'`;
const OPEX_ACCOUNTS = `a.account_type = 'expense' and coalesce(a.account_subtype, '') not in ${OPEX_EXCLUDED}`;
const EBITDA = `(${GP} - ${OPEX})`;
const DEBIT_OF = (codes: string) => `coalesce(sum(g.debit - g.credit) filter (where g.account_code in (${codes})), 0)`;
const CREDIT_OF = (codes: string) => `coalesce(sum(g.credit - g.debit) filter (where g.account_code in (${codes})), 0)`;
const BILLED = `coalesce(sum(g.credit) filter (where g.account_code = '2110'), 0)`;
const CASH = `a.account_subtype = 'cash'`;
const HAS_DEPT = `g.department is not null and g.department <> ''`;
const QUARTER = `substr(g.period, 1, 4) || '-Q' || ((cast(substr(g.period, 6, 2) as integer) + 2) / 3)`;

const v = (cls: QuestionClass, question: string, gold: string, before?: string[]): HeldOutCase => ({
  class: cls,
  question,
  ...(before ? { before } : {}),
  expect: { kind: 'value', gold },
});
const r = (cls: QuestionClass, question: string, gold: string, before?: string[]): HeldOutCase => ({
  class: cls,
  question,
  ...(before ? { before } : {}),
  expect: { kind: 'rows', gold },
});
const ask = (cls: QuestionClass, question: string): HeldOutCase => ({ class: cls, question, expect: { kind: 'ask' } });

/** `(figure of range a) − (figure of range b)` as a % of |b|, with both figures. */
const change = (figure: string, a: [string, string], b: [string, string], extra = '') => {
  const now = `(${one(figure, a[0], a[1], extra)})`;
  const then = `(${one(figure, b[0], b[1], extra)})`;
  return `select ${now} as now_value, ${then} as then_value, round((${now} - ${then}) * 100 / nullif(abs(${then}), 0), 2) as pct`;
};
const margin = (top: string, from: string, to: string) =>
  `(select round(${top} * 100 / nullif(${REV}, 0), 2) ${GL} where ${within(from, to)})`;

export function questions(books: Books): HeldOutCase[] {
  const L = books.last;
  const P = books.shift(L, -1);
  const Y = books.year;
  const ytd = `${Y}-01`;
  const LY = Y - 1;
  const month = Number(L.slice(5));
  const qEnd = month % 3 === 0 ? L : books.shift(L, -(month % 3));
  const qStart = books.shift(qEnd, -2);
  const qLabel = (end: string) => `Q${Number(end.slice(5)) / 3} ${end.slice(0, 4)}`;
  const Q = qLabel(qEnd);
  const pqEnd = books.shift(qEnd, -3);
  const pqStart = books.shift(qStart, -3);
  const yqEnd = books.shift(qEnd, -12);
  const yqStart = books.shift(qStart, -12);
  const ttm = books.shift(L, -11);
  const name = (period: string) => `${books.monthName(period)} ${period.slice(0, 4)}`;
  const L12 = books.shift(L, -12);
  const days = (from: string, to: string) => {
    const start = Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5)) - 1, 1);
    const end = Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5)), 1);
    return Math.round((end - start) / 86_400_000);
  };
  const cust = (who: string) => `and g.counterparty = '${who}'`;
  const byPeriod = (figure: string, from: string, to: string, extra = '') =>
    `select g.period, ${figure} as amount ${GL} where ${within(from, to)} ${extra} group by g.period order by g.period`;
  const byAccount = (figure: string, from: string, to: string, extra: string, limit = '') =>
    `select a.account_name, ${figure} as amount ${GL} where ${within(from, to)} ${extra} group by a.account_name having ${figure} <> 0 order by amount desc, a.account_name ${limit}`;
  const customers = (from: string, to: string, order: 'desc' | 'asc', limit = '') =>
    `select g.counterparty, ${REV} as revenue ${GL} where ${within(from, to)} and ${REV_ACCOUNTS} and g.counterparty is not null group by g.counterparty having sum(g.credit) filter (where a.account_subtype = 'sales') > 0 order by revenue ${order}, g.counterparty ${limit}`;
  const suppliers = (from: string, to: string, limit = '') =>
    `select g.counterparty, sum(g.credit) as billed from "02_GL_Detail" g where ${within(from, to)} and g.account_code = '2110' and g.credit > 0 group by g.counterparty order by billed desc, g.counterparty ${limit}`;
  const departments = (figure: string, from: string, to: string) =>
    `select g.department, ${figure} as amount ${GL} where ${within(from, to)} and ${HAS_DEPT} group by g.department having ${figure} <> 0 order by amount desc, g.department`;
  const budget = (where: string, from: string, to: string) =>
    `(select coalesce(sum(b.amount), 0) from "03_Budget" b join "01_Account" a on a.account_code = b.account_code where b.period between '${from}' and '${to}' and ${where})`;
  const vsBudget = (figure: string, where: string, from: string, to: string, extra = '') => {
    const actual = `(${one(figure, from, to, extra)})`;
    const plan = budget(where, from, to);
    return `select ${actual} as actual, ${plan} as budget, ${actual} - ${plan} as variance`;
  };
  const productLines = `a.parent_code in ('4100', '4200')`;

  return [
    // ---- time
    v('time', 'revenue last month', one(REV, L, L)),
    v('time', `What was net income YTD?`, one(NI, ytd, L)),
    v('time', `gross profit for ${Q}`, one(GP, qStart, qEnd)),
    v('time', 'opex, trailing twelve months', one(OPEX, ttm, L)),
    v('time', 'How much did we sell in the same month last year?', one(REV, L12, L12)),
    r('time', 'Revenue by month for the last 6 months please', byPeriod(REV, books.shift(L, -5), L)),
    v('time', `cogs for H1 ${LY}`, one(COGS, `${LY}-01`, `${LY}-06`)),
    v('time', `full-year ${LY} net income`, one(NI, `${LY}-01`, `${LY}-12`)),
    v('time', 'Cash on hand at the end of last month?', balanceAt(CASH, L)),
    v('time', `what was the cash position at the close of ${Q}`, balanceAt(CASH, qEnd)),
    r(
      'time',
      `net income by quarter for ${LY}`,
      `select ${QUARTER} as quarter, ${NI} as net_income ${GL} where ${within(`${LY}-01`, `${LY}-12`)} group by 1 order by 1`,
    ),

    // ---- ratio
    v('ratio', 'gross margin % last month', `select ${margin(GP, L, L)}`),
    v('ratio', 'net margn YTD?', `select ${margin(NI, ytd, L)}`),
    v('ratio', `opex as a percentage of sales for ${Q}`, `select ${margin(OPEX, qStart, qEnd)}`),
    v('ratio', 'EBITDA margin on a TTM basis', `select ${margin(EBITDA, ttm, L)}`),
    v('ratio', 'What share of revenue did COGS eat last month', `select ${margin(COGS, L, L)}`),
    v('ratio', 'Digital advertising as % of revenue, year to date', `select ${margin(DEBIT_OF(`'6230'`), ytd, L)}`),
    v(
      'ratio',
      `DSO for ${Q}`,
      `select round((${balanceAt(`a.account_subtype = 'receivable'`, qEnd)}) / nullif((${one(REV, qStart, qEnd)}), 0) * ${days(qStart, qEnd)}, 2)`,
    ),
    v(
      'ratio',
      'debt to equity at the end of last month',
      `select round((select coalesce(sum(g.credit - g.debit), 0) ${GL} where g.period <= '${L}' and a.account_subtype in ('current_debt', 'long_term_debt')) / nullif((select coalesce(sum(g.credit - g.debit), 0) ${GL} where g.period <= '${L}' and a.account_type in ('equity', 'revenue', 'expense')), 0), 2)`,
    ),
    v(
      'ratio',
      `effective tax rate ${LY} (income tax over pre-tax income)`,
      `select round(${DEBIT_OF(`'8910'`)} * 100 / nullif(${NI} + ${DEBIT_OF(`'8910'`)}, 0), 2) ${GL} where ${within(`${LY}-01`, `${LY}-12`)}`,
    ),
    v(
      'ratio',
      'sales discounts as a % of gross sales YTD',
      `select round(${DEBIT_OF(`'4910'`)} * 100 / nullif(coalesce(sum(g.credit - g.debit) filter (where a.account_subtype = 'sales'), 0), 0), 2) ${GL} where ${within(ytd, L)}`,
    ),
    v(
      'ratio',
      `Direct labour as a share of cost of sales in ${Q}?`,
      `select round(${DEBIT_OF(`'5210', '5220', '5230'`)} * 100 / nullif(${COGS}, 0), 2) ${GL} where ${within(qStart, qEnd)}`,
    ),

    // ---- comparison
    v('comparison', 'rev last month vs the month before, % change', change(REV, [L, L], [P, P])),
    v(
      'comparison',
      'How does YTD opex stack up against the same period last year?',
      change(OPEX, [ytd, L], [`${LY}-01`, L12]),
    ),
    v(
      'comparison',
      `gross margin ${Q} vs same quarter last year — change in points`,
      `select ${margin(GP, qStart, qEnd)} as now_margin, ${margin(GP, yqStart, yqEnd)} as then_margin, ${margin(GP, qStart, qEnd)} - ${margin(GP, yqStart, yqEnd)} as points`,
    ),
    v(
      'comparison',
      `Did net income grow in ${Q} over the prior quarter?`,
      change(NI, [qStart, qEnd], [pqStart, pqEnd]),
    ),
    v('comparison', 'actual vs budget opex last month', vsBudget(OPEX, OPEX_ACCOUNTS, L, L)),
    v('comparison', 'Revenue against plan, YTD — variance?', vsBudget(REV, REV_ACCOUNTS, ytd, L)),
    v('comparison', `Freight Out: ${name(L)} vs ${name(L12)}`, change(DEBIT_OF(`'5420'`), [L, L], [L12, L12])),
    v(
      'comparison',
      'TTM revenue growth vs the prior twelve months',
      change(REV, [ttm, L], [books.shift(ttm, -12), L12]),
    ),
    v(
      'comparison',
      'engineering dept spend last quarter compared with the quarter before',
      change(EXP, [qStart, qEnd], [pqStart, pqEnd], `and g.department = 'Engineering'`),
    ),
    v(
      'comparison',
      'Sales department opex vs budget YTD',
      vsBudget(OPEX, `${OPEX_ACCOUNTS} and b.department = 'Sales'`, ytd, L, `and g.department = 'Sales'`),
    ),

    // ---- ranking
    r('ranking', 'top 5 customers by revenue YTD', customers(ytd, L, 'desc', 'limit 5')),
    r(
      'ranking',
      `Five biggest operating expense accounts in ${Q}`,
      byAccount(OPEX, qStart, qEnd, `and ${OPEX_ACCOUNTS}`, 'limit 5'),
    ),
    r('ranking', 'Top 10 vendors by spend, trailing 12 months', suppliers(ttm, L, 'limit 10')),
    r(
      'ranking',
      'which month in the last twelve had the highest revenue',
      `select g.period, ${REV} as revenue ${GL} where ${within(ttm, L)} group by g.period order by revenue desc, g.period limit 1`,
    ),
    r('ranking', 'rank the departments by opex, year to date', departments(OPEX, ytd, L)),
    r('ranking', `bottom 5 customers by sales in ${LY}`, customers(`${LY}-01`, `${LY}-12`, 'asc', 'limit 5')),
    r(
      'ranking',
      'Which product line sold the most last month?',
      byAccount(`coalesce(sum(g.credit - g.debit), 0)`, L, L, `and ${productLines}`, 'limit 1'),
    ),
    r(
      'ranking',
      'Worst 3 months for net income over the past year',
      `select g.period, ${NI} as net_income ${GL} where ${within(ttm, L)} group by g.period order by net_income, g.period limit 3`,
    ),
    r(
      'ranking',
      'largest COGS accounts YTD — top 3',
      byAccount(COGS, ytd, L, `and a.account_subtype = 'cost_of_sales'`, 'limit 3'),
    ),
    r(
      'ranking',
      'Who did we pay the most last month? (vendors)',
      `select g.counterparty, sum(g.debit) as paid from "02_GL_Detail" g where ${within(L, L)} and g.account_code = '2110' and g.debit > 0 group by g.counterparty order by paid desc, g.counterparty limit 1`,
    ),

    // ---- customers and vendors
    v(
      'customers and vendors',
      'How much did Cascade Hydraulics buy from us YTD?',
      one(REV, ytd, L, cust('Cascade Hydraulics Inc.')),
    ),
    v(
      'customers and vendors',
      `sales to northwind marine in ${Q}`,
      one(REV, qStart, qEnd, cust('Northwind Marine Systems')),
    ),
    v(
      'customers and vendors',
      'What did we spend with Puget Sound Steel Service over the last 12 months?',
      one(BILLED, ttm, L, cust('Puget Sound Steel Service')),
    ),
    r(
      'customers and vendors',
      `Rainier Robotics revenue by month, ${Y} so far`,
      byPeriod(REV, ytd, L, `and ${REV_ACCOUNTS} ${cust('Rainier Robotics')}`),
    ),
    v(
      'customers and vendors',
      'total purchases from Haas Factory Outlet Seattle since the books began',
      one(BILLED, books.first, L, cust('Haas Factory Outlet Seattle')),
    ),
    v(
      'customers and vendors',
      'early-payment discounts Redwood Aerospace took this year',
      one(DEBIT_OF(`'4910'`), ytd, L, cust('Redwood Aerospace Structures')),
    ),
    r(
      'customers and vendors',
      `Pacific Rail Equipment vs Summit Agricultural Machinery — sales in ${LY}`,
      `select g.counterparty, ${REV} as revenue ${GL} where ${within(`${LY}-01`, `${LY}-12`)} and g.counterparty in ('Pacific Rail Equipment Co.', 'Summit Agricultural Machinery') group by g.counterparty order by revenue desc, g.counterparty`,
    ),
    v(
      'customers and vendors',
      `how much did Alcoa Distribution West bill us in ${Q}`,
      one(BILLED, qStart, qEnd, cust('Alcoa Distribution West')),
    ),
    v(
      'customers and vendors',
      `Columbia Pump & Valve sales in ${books.monthName(P)}?`,
      one(REV, P, P, cust('Columbia Pump & Valve')),
    ),
    v('customers and vendors', 'Kennametal spend ytd', one(BILLED, ytd, L, cust('Kennametal Tooling Direct'))),

    // ---- vocabulary
    v('vocabulary', `top line for ${LY}`, one(REV, `${LY}-01`, `${LY}-12`)),
    v('vocabulary', "what's our bottom line so far this year", one(NI, ytd, L)),
    v('vocabulary', 'cost of goods sold last month', one(COGS, L, L)),
    v('vocabulary', `SG&A for ${Q}`, one(OPEX, qStart, qEnd)),
    v('vocabulary', 'T&E for the sales team YTD', one(DEBIT_OF(`'6140'`), ytd, L)),
    v(
      'vocabulary',
      'payroll taxes & benefits, all departments, last month',
      one(DEBIT_OF(`'5230', '6130', '6220', '6320', '6420', '7120'`), L, L),
    ),
    v('vocabulary', `money in the bank at end of ${name(L)}`, balanceAt(CASH, L)),
    v('vocabulary', 'trade AR balance as of last month end', balanceAt(`g.account_code = '1210'`, L)),
    v('vocabulary', 'What do we owe vendors? AP at last month end', balanceAt(`a.account_subtype = 'payable'`, L)),
    v('vocabulary', 'Rev YTD', one(REV, ytd, L)),
    v('vocabulary', `EBITDA ${Q}`, one(EBITDA, qStart, qEnd)),

    // ---- account vs metric
    v('account vs metric', 'Sales Commissions last month', one(DEBIT_OF(`'6120'`), L, L)),
    v('account vs metric', 'Sales for last month', one(REV, L, L)),
    v('account vs metric', 'Sales - Machined Components YTD', one(CREDIT_OF(`'4110'`), ytd, L)),
    v('account vs metric', `the Freight Out account for ${Q}`, one(DEBIT_OF(`'5420'`), qStart, qEnd)),
    v(
      'account vs metric',
      `total freight cost in ${Q}, inbound plus outbound`,
      one(DEBIT_OF(`'5410', '5420'`), qStart, qEnd),
    ),
    v('account vs metric', `interest income ${LY}`, one(CREDIT_OF(`'8110'`), `${LY}-01`, `${LY}-12`)),
    v('account vs metric', 'Engineering Services revenue year to date', one(CREDIT_OF(`'4210'`), ytd, L)),
    v('account vs metric', 'Engineering Salaries account, YTD', one(DEBIT_OF(`'6310'`), ytd, L)),
    v('account vs metric', `Bonus Expense for ${LY}`, one(DEBIT_OF(`'7130'`), `${LY}-01`, `${LY}-12`)),
    v(
      'account vs metric',
      'General and Administrative (the 7000 group) total last month',
      one(`coalesce(sum(g.debit - g.credit), 0)`, L, L, `and a.account_code between '7000' and '7999'`),
    ),
    v('account vs metric', 'Depreciation - Vehicles ytd', one(DEBIT_OF(`'6460'`), ytd, L)),

    // ---- decomposition
    r('decomposition', `break down opex by department for ${Q}`, departments(OPEX, qStart, qEnd)),
    r(
      'decomposition',
      'Sales by revenue account YTD (gross, before discounts)',
      byAccount(`coalesce(sum(g.credit - g.debit), 0)`, ytd, L, `and a.account_subtype = 'sales'`),
    ),
    r(
      'decomposition',
      'COGS split by account, last month',
      byAccount(COGS, L, L, `and a.account_subtype = 'cost_of_sales'`),
    ),
    r('decomposition', `monthly opex ${LY}`, byPeriod(OPEX, `${LY}-01`, `${LY}-12`)),
    r('decomposition', 'revenue by cusotmer last month', customers(L, L, 'desc')),
    r(
      'decomposition',
      'G&A department spend by account, year to date',
      byAccount(EXP, ytd, L, `and g.department = 'G&A' and a.account_type = 'expense'`),
    ),
    r(
      'decomposition',
      'Gross profit by quarter, last four quarters',
      `select ${QUARTER} as quarter, ${GP} as gross_profit ${GL} where ${within(books.shift(qEnd, -11), qEnd)} group by 1 order by 1`,
    ),
    r(
      'decomposition',
      'professional fees by account TTM',
      byAccount(`coalesce(sum(g.debit - g.credit), 0)`, ttm, L, `and a.parent_code = '7300'`),
    ),
    r('decomposition', 'Marketing spend per month this year', byPeriod(EXP, ytd, L, `and g.department = 'Marketing'`)),
    r(
      'decomposition',
      'cash by bank account at the end of last month',
      `select a.account_name, sum(g.debit - g.credit) as balance ${GL} where g.period <= '${L}' and ${CASH} group by a.account_name order by balance desc, a.account_name`,
    ),

    // ---- distinct count
    v(
      'distinct count',
      'How many customers did we invoice last month?',
      `select count(distinct g.counterparty) ${GL} where ${within(L, L)} and a.account_subtype = 'sales' and g.credit > 0`,
    ),
    v(
      'distinct count',
      'number of suppliers that billed us YTD',
      `select count(distinct g.counterparty) from "02_GL_Detail" g where ${within(ytd, L)} and g.account_code = '2110' and g.credit > 0`,
    ),
    v(
      'distinct count',
      `How many different customers bought hydraulic fittings in ${Q}?`,
      `select count(distinct g.counterparty) from "02_GL_Detail" g where ${within(qStart, qEnd)} and g.account_code = '4120' and g.credit > 0`,
    ),
    v(
      'distinct count',
      'count of journal entries posted last month',
      `select count(distinct g.journal_id) from "02_GL_Detail" g where ${within(L, L)}`,
    ),
    v(
      'distinct count',
      `how many GL accounts had activity in ${name(L)}`,
      `select count(distinct g.account_code) from "02_GL_Detail" g where ${within(L, L)}`,
    ),
    v(
      'distinct count',
      `vendors paid in ${books.monthName(P)} — how many?`,
      `select count(distinct g.counterparty) from "02_GL_Detail" g where ${within(P, P)} and g.account_code = '2110' and g.debit > 0`,
    ),
    v(
      'distinct count',
      'How many customers took an early pay discount this year',
      `select count(distinct g.counterparty) from "02_GL_Detail" g where ${within(ytd, L)} and g.account_code = '4910' and g.debit > 0`,
    ),
    v(
      'distinct count',
      'how many months this year ended in a net loss',
      `select count(*) from (select g.period ${GL} where ${within(ytd, L)} group by g.period having ${NI} < 0) as losses`,
    ),
    v(
      'distinct count',
      'Number of customers who bought something every single month this year',
      `select count(*) from (select g.counterparty ${GL} where ${within(ytd, L)} and a.account_subtype = 'sales' and g.credit > 0 group by g.counterparty having count(distinct g.period) = ${month}) as steady`,
    ),
    v(
      'distinct count',
      'how many customers have we sold to in the last 12 months?',
      `select count(distinct g.counterparty) ${GL} where ${within(ttm, L)} and a.account_subtype = 'sales' and g.credit > 0`,
    ),

    // ---- unknown account
    ask('unknown account', 'warranty expense last month'),
    ask('unknown account', `How much royalty income did we earn in ${LY}?`),
    ask('unknown account', 'goodwill balance at year end'),
    ask('unknown account', "What's in deferred revenue right now?"),
    ask('unknown account', `customs duties and tariffs paid in ${Q}`),
    ask('unknown account', 'charitible donations YTD'),
    ask('unknown account', 'FX gains/losses for the trailing twelve months'),
    ask('unknown account', 'show me the lease liability (ASC 842) balance'),
    ask('unknown account', 'stock-based compensation expense this year'),
    ask('unknown account', 'Environmental remediation costs last quarter?'),
    ask('unknown account', 'how much is sitting in the crypto wallet account'),

    // ---- unanswerable
    ask('unanswerable', 'How many people work in Engineering?'),
    ask('unanswerable', 'Forecast revenue for next quarter'),
    ask('unanswerable', "what's our share price today"),
    ask('unanswerable', 'What unit price did Cascade Hydraulics pay on their last order of fittings?'),
    ask('unanswerable', 'how many parts did we ship last month'),
    ask('unanswerable', 'machine utilization on the CNC cells in ' + Q),
    ask('unanswerable', 'What will cash be at the end of next year?'),
    ask('unanswerable', 'employee turnover rate YTD'),
    ask('unanswerable', 'How many overtime hours did the shop floor log last month?'),
    ask('unanswerable', "What's our market share in hydraulic fittings?"),

    // ---- context
    v('context', 'and the month before?', one(REV, P, P), ['revenue last month']),
    r('context', 'break that down by department', departments(OPEX, ytd, L), ['opex YTD']),
    v('context', 'same for Northwind Marine Systems', one(REV, qStart, qEnd, cust('Northwind Marine Systems')), [
      `How much did we sell to Cascade Hydraulics Inc. in ${Q}?`,
    ]),
    v('context', 'and YTD?', `select ${margin(GP, ytd, L)}`, [`gross margin for ${LY}`]),
    r('context', 'now just for last month', suppliers(L, L, 'limit 5'), ['top 5 suppliers by spend YTD']),
    v('context', 'same quarter a year earlier?', one(NI, yqStart, yqEnd), [`net income ${Q}`]),
    v('context', `how about at the end of ${LY}?`, balanceAt(CASH, `${LY}-12`), ['cash balance end of last month']),
    v('context', 'and as a % of revenue?', `select ${margin(DEBIT_OF(`'5420'`), L, L)}`, ['freight out last month']),
    r('context', 'by month please', byPeriod(EXP, ytd, L, `and g.department = 'Marketing'`), [
      'Marketing department spend YTD',
    ]),
    r('context', 'which were they? rank them by revenue', customers(qStart, qEnd, 'desc'), [
      `How many customers did we bill in ${Q}?`,
    ]),
    v('context', "what's the % change between the two", change(COGS, [qStart, qEnd], [pqStart, pqEnd]), [
      `COGS ${Q}`,
      'and the quarter before?',
    ]),
  ];
}
