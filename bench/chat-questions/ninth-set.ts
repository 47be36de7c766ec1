/**
 * A ninth held-out set of Chat DB questions on the demo books (Harbor Precision Components), written after the
 * changes for the eighth, without sight of the parser or the earlier sets. Gold SQL reads 02_GL_Detail, 01_Account
 * and 03_Budget only, relative to `books`.
 *
 * Definitions chosen where a finance reader could choose otherwise (the gold follows them):
 * - Revenue, cost of sales, gross profit, operating expenses, net income and every expense are case.ts's REV, COGS,
 *   GP, OPEX, NI and EXP: Sales Discounts and Sales Returns and Allowances are expenses inside operating expenses,
 *   they do not reduce revenue. EBITDA = GP − OPEX; depreciation and amortization are the accounts of subtype
 *   `depreciation_amortization` (factory depreciation stays in cost of sales).
 * - "Last month" / "the latest month" is `books.last`; "this year" / YTD is January of `books.year` to `books.last`;
 *   "last year" is the whole previous calendar (= fiscal) year; "same period last year" is the same months a year
 *   earlier; "same month last year" is `books.last` − 12 months.
 * - "Last quarter" is the latest calendar quarter complete at `books.last` (the quarter ending with it when it
 *   closes one); "the quarter before" the three months before that; "the last N quarters" N complete quarters
 *   ending with the last quarter. H1 = January–June. Trailing twelve months (TTM) = the 12 months ending
 *   `books.last`; the prior twelve months the 12 before them.
 * - % change = (current − previous) ÷ |previous| × 100, rounded to 2 decimals; a margin's change is in percentage
 *   points, the difference of the two margins each rounded to 2 decimals. Margins and shares are × 100, 2 decimals.
 * - A customer is the counterparty of revenue lines; a customer's revenue is REV on its lines; an invoice is a
 *   journal with revenue lines. A supplier (vendor) is the counterparty of bills: credits to Accounts Payable
 *   (subtype `payable`); what a supplier billed us is the sum of those credits. "Paid to X" is credits to the cash
 *   accounts (subtype `cash`) with counterparty X; "collected from X" the debits to them.
 * - AR = the `receivable` accounts (trade receivables net of the allowance); AP = the `payable` accounts only
 *   (not the credit card or accruals); cash = the `cash` accounts. Balances at the end of a month in reading sign.
 *   Current assets/liabilities, quick ratio, DSO, DPO and debt to equity as docs/kpis.md: DSO = AR at the end ÷
 *   revenue of the range × calendar days of the range (DPO with AP and cost of sales); equity includes the
 *   earnings not closed. Ratios to 2 decimals.
 * - A department's operating expenses are OPEX on lines tagged with it; an account's figure is its movement in
 *   reading sign; a header account (Product Sales) is the sum of its children.
 * - Budget figures are 03_Budget amounts (P&L sign, costs positive) of the same accounts as the actual figure.
 * - Breakdowns and rankings list the largest first, ties by name; series (months, quarters `YYYY-Qn`) run
 *   oldest first. Rankings of the "bottom" list the smallest first, ties by name. Counts are distinct counts.
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
  within,
  type Books,
  type Expectation,
  type HeldOutCase,
  type QuestionClass,
} from './case.ts';

const REV_LINE = `a.account_type = 'revenue' and coalesce(a.account_subtype, '') <> 'other_income'`;
const OPEX_LINE = `a.account_type = 'expense' and coalesce(a.account_subtype, '') not in ${OPEX_EXCLUDED}`;
const COGS_LINE = `a.account_type = 'expense' and a.account_subtype = 'cost_of_sales'`;
const CASH = `a.account_subtype = 'cash'`;
const AR = `a.account_subtype = 'receivable'`;
const AP = `a.account_subtype = 'payable'`;
const CURRENT_ASSETS = `a.account_subtype in ('cash', 'receivable', 'inventory', 'prepaid', 'other_current_asset')`;
const CURRENT_LIABILITIES = `a.account_subtype in ('payable', 'credit_card', 'accrued_liability', 'payroll_liability', 'tax_liability', 'deferred_revenue', 'current_debt')`;
const DEBT = `a.account_subtype in ('current_debt', 'long_term_debt')`;
const DA = `coalesce(sum(g.debit - g.credit) filter (where a.account_type = 'expense' and a.account_subtype = 'depreciation_amortization'), 0)`;
const BUDGET = `from "03_Budget" b join "01_Account" a on a.account_code = b.account_code`;
const QUARTER = `left(g.period, 4) || '-Q' || ((cast(substr(g.period, 6, 2) as integer) + 2) / 3)`;

const value = (gold: string): Expectation => ({ kind: 'value', gold });
const rows = (gold: string): Expectation => ({ kind: 'rows', gold });
const ask: Expectation = { kind: 'ask' };

export function questions(books: Books): HeldOutCase[] {
  const { last, year, shift, monthName } = books;
  const lastYear = year - 1;
  const mm = last.slice(5);
  const before = shift(last, -1);
  const ytd = [`${year}-01`, last] as const;
  const priorYtd = [`${lastYear}-01`, `${lastYear}-${mm}`] as const;
  const fy = [`${lastYear}-01`, `${lastYear}-12`] as const;
  const ttm = [shift(last, -11), last] as const;
  const priorTtm = [shift(last, -23), shift(last, -12)] as const;
  const sameMonthLastYear = shift(last, -12);
  const month = Number(mm);
  const quarterEnd = month % 3 === 0 ? last : shift(last, -(month % 3));
  const lq = [shift(quarterEnd, -2), quarterEnd] as const;
  const pq = [shift(lq[0], -3), shift(lq[1], -3)] as const;
  const lqYear = Number(quarterEnd.slice(0, 4));
  const lqName = `Q${Math.ceil(Number(quarterEnd.slice(5)) / 3)} ${lqYear}`;
  const lqLastYear = [shift(lq[0], -12), shift(lq[1], -12)] as const;
  const h1LastYear = [`${lastYear}-01`, `${lastYear}-06`] as const;
  const named = (period: string) => `${monthName(period)} ${period.slice(0, 4)}`;
  const days = (from: string, to: string) => {
    let total = 0;
    for (let p = from; p <= to; p = shift(p, 1))
      total += new Date(Date.UTC(Number(p.slice(0, 4)), Number(p.slice(5)), 0)).getUTCDate();
    return total;
  };

  type Range = readonly [string, string];
  const sub = (figure: string, [from, to]: Range, extra = '') => `(${one(figure, from, to, extra)})`;
  const fig = (figure: string, [from, to]: Range, extra = '') => one(figure, from, to, extra);
  const pct = (top: string, [from, to]: Range) => pctOfRevenue(top, from, to);
  const bal = (where: string, period: string) => `(${balanceAt(where, period)})`;
  const equity = (period: string) =>
    `(select coalesce(sum(g.credit - g.debit), 0) ${GL} where g.period <= '${period}' and a.account_type in ('equity', 'revenue', 'expense'))`;
  const change = (figure: string, current: Range, previous: Range, extra = '') =>
    `select round((${sub(figure, current, extra)} - ${sub(figure, previous, extra)}) * 100 / nullif(abs(${sub(figure, previous, extra)}), 0), 2)`;
  const both = (figure: string, current: Range, previous: Range, extra = '') =>
    `select ${sub(figure, current, extra)} as first_figure, ${sub(figure, previous, extra)} as second_figure`;
  const customer = (name: string) => `and g.counterparty = '${name}'`;
  const account = (name: string, [from, to]: Range, extra = '') =>
    `select coalesce(${READING}, 0) ${GL} where ${within(from, to)} and a.account_name = '${name}' ${extra}`;
  const billed = (name: string, [from, to]: Range) =>
    `select coalesce(sum(g.credit), 0) ${GL} where ${within(from, to)} and ${AP} and g.counterparty = '${name}'`;
  const paid = (name: string, [from, to]: Range) =>
    `select coalesce(sum(g.credit), 0) ${GL} where ${within(from, to)} and ${CASH} and g.counterparty = '${name}'`;
  const collected = (name: string, [from, to]: Range) =>
    `select coalesce(sum(g.debit), 0) ${GL} where ${within(from, to)} and ${CASH} and g.counterparty = '${name}'`;
  const budget = (line: string, [from, to]: Range, extra = '') =>
    `(select coalesce(sum(b.amount), 0) ${BUDGET} where b.period between '${from}' and '${to}' and ${line} ${extra})`;
  const monthly = (figure: string, [from, to]: Range, extra = '') =>
    `select g.period, ${figure} ${GL} where ${within(from, to)} ${extra} group by g.period order by g.period`;
  const quarterly = (figure: string, [from, to]: Range) =>
    `select ${QUARTER} as quarter, ${figure} ${GL} where ${within(from, to)} group by 1 order by 1`;
  const byDepartment = (figure: string, line: string, [from, to]: Range, extra = '') =>
    `select g.department, ${figure} ${GL} where ${within(from, to)} and ${line} and g.department is not null ${extra} group by g.department order by 2 desc, 1`;
  const byAccount = (line: string, [from, to]: Range, extra = '', limit = '') =>
    `select a.account_name, ${READING} ${GL} where ${within(from, to)} and ${line} ${extra} group by a.account_name order by 2 desc, 1 ${limit}`;
  const byCustomer = ([from, to]: Range, order: 'desc' | 'asc', limit = '') =>
    `select g.counterparty, ${REV} ${GL} where ${within(from, to)} and ${REV_LINE} and g.counterparty is not null group by g.counterparty order by 2 ${order}, 1 ${limit}`;
  const bySupplier = ([from, to]: Range, limit = '') =>
    `select g.counterparty, sum(g.credit) ${GL} where ${within(from, to)} and ${AP} and g.counterparty is not null group by g.counterparty having sum(g.credit) > 0 order by 2 desc, 1 ${limit}`;
  const distinct = (what: string, [from, to]: Range, where: string) =>
    `select count(distinct ${what}) ${GL} where ${within(from, to)} and ${where}`;

  const cases: HeldOutCase[] = [];
  const q = (questionClass: QuestionClass, question: string, expect: Expectation, earlier?: string[]) =>
    cases.push({ class: questionClass, question, expect, ...(earlier ? { before: earlier } : {}) });

  // ---- time
  q('time', 'whats our revenue for last month', value(fig(REV, [last, last])));
  q('time', 'Net income YTD?', value(fig(NI, ytd)));
  q('time', `opex in ${lqName}`, value(fig(OPEX, lq)));
  q('time', 'trailing twelve months revenue', value(fig(REV, ttm)));
  q('time', 'Gross profit for the same month last year', value(fig(GP, [sameMonthLastYear, sameMonthLastYear])));
  q('time', 'Total cost of sales in H1 last year', value(fig(COGS, h1LastYear)));
  q(
    'time',
    'how much did we spend in total, all expenses, over the last 3 months',
    value(fig(EXP, [shift(last, -2), last])),
  );
  q('time', `Revenue for fiscal ${lastYear}`, value(fig(REV, fy)));
  q('time', 'revenue month by month for the last six months', rows(monthly(REV, [shift(last, -5), last])));
  q(
    'time',
    `net income between ${named(shift(last, -8))} and ${named(shift(last, -4))}`,
    value(fig(NI, [shift(last, -8), shift(last, -4)])),
  );
  q('time', 'cash balance at the end of last month', value(balanceAt(CASH, last)));

  // ---- ratio
  q('ratio', 'gross margin % ytd', value(pct(GP, ytd)));
  q('ratio', 'Net margin last quarter', value(pct(NI, lq)));
  q('ratio', `opex as a percentage of revenue in ${lastYear}`, value(pct(OPEX, fy)));
  q(
    'ratio',
    "What's our current ratio at the end of last month?",
    value(`select round(${bal(CURRENT_ASSETS, last)} / nullif(${bal(CURRENT_LIABILITIES, last)}, 0), 2)`),
  );
  q(
    'ratio',
    `quick ratio as of ${named(before)}`,
    value(
      `select round((${bal(CASH, before)} + ${bal(AR, before)}) / nullif(${bal(CURRENT_LIABILITIES, before)}, 0), 2)`,
    ),
  );
  q(
    'ratio',
    'DSO on a trailing 12 month basis',
    value(`select round(${bal(AR, last)} / nullif(${sub(REV, ttm)}, 0) * ${days(...ttm)}, 2)`),
  );
  q(
    'ratio',
    `debt to equity at year end ${lastYear}`,
    value(`select round(${bal(DEBT, fy[1])} / nullif(${equity(fy[1])}, 0), 2)`),
  );
  q('ratio', 'EBITDA margin for H1 last year', value(pct(`(${GP} - ${OPEX})`, h1LastYear)));
  q('ratio', 'cost of sales as a % of sales last month', value(pct(COGS, [last, last])));
  q(
    'ratio',
    'What share of YTD revenue came from Cascade Hydraulics Inc.? in %',
    value(`select round(${sub(REV, ytd, customer('Cascade Hydraulics Inc.'))} * 100 / nullif(${sub(REV, ytd)}, 0), 2)`),
  );
  q(
    'ratio',
    'operating margin (after D&A) for the trailing twelve months',
    value(pct(`(${GP} - ${OPEX} - ${DA})`, ttm)),
  );

  // ---- comparison
  q('comparison', 'Revenue last month vs the month before', value(both(REV, [last, last], [before, before])));
  q('comparison', 'how does YTD net income compare with the same period last year', value(both(NI, ytd, priorYtd)));
  q('comparison', '% change in opex, last quarter vs the quarter before', value(change(OPEX, lq, pq)));
  q('comparison', 'Revenue growth: TTM versus the prior twelve months, in percent', value(change(REV, ttm, priorTtm)));
  q(
    'comparison',
    'gross margin last month compared to the same month a year earlier - change in pts',
    value(`select (${pct(GP, [last, last])}) - (${pct(GP, [sameMonthLastYear, sameMonthLastYear])})`),
  );
  q(
    'comparison',
    'Actual vs budget opex, year to date',
    value(`select ${sub(OPEX, ytd)} as actual, ${budget(OPEX_LINE, ytd)} as budget`),
  );
  q(
    'comparison',
    'did we beat the revenue budget last quarter? actual and budget please',
    value(`select ${sub(REV, lq)} as actual, ${budget(REV_LINE, lq)} as budget`),
  );
  q(
    'comparison',
    `COGS ${lqName} vs Q${Math.ceil(Number(quarterEnd.slice(5)) / 3)} ${lqYear - 1}`,
    value(both(COGS, lq, lqLastYear)),
  );
  q(
    'comparison',
    `cash at the end of last month vs at the end of ${lastYear}`,
    value(`select ${bal(CASH, last)} as latest, ${bal(CASH, fy[1])} as year_end`),
  );
  q(
    'comparison',
    'Marketing department opex this year versus the same months last year',
    value(both(OPEX, ytd, priorYtd, `and g.department = 'Marketing'`)),
  );
  q(
    'comparison',
    'revenue variance to budget last month (actual minus budget)',
    value(`select ${sub(REV, [last, last])} - ${budget(REV_LINE, [last, last])}`),
  );

  // ---- ranking
  q('ranking', 'top 5 customers by revenue YTD', rows(byCustomer(ytd, 'desc', 'limit 5')));
  q('ranking', 'Which 3 suppliers billed us the most in the last 12 months?', rows(bySupplier(ttm, 'limit 3')));
  q('ranking', 'biggest five operating expense accounts last quarter', rows(byAccount(OPEX_LINE, lq, '', 'limit 5')));
  q(
    'ranking',
    'which month had the highest revenue in the trailing 12 months',
    rows(`select g.period, ${REV} ${GL} where ${within(...ttm)} group by g.period order by 2 desc, 1 limit 1`),
  );
  q('ranking', 'department with the largest opex ytd', rows(`${byDepartment(OPEX, OPEX_LINE, ytd)} limit 1`));
  q('ranking', 'bottom 3 customers by sales last year', rows(byCustomer(fy, 'asc', 'limit 3')));
  q(
    'ranking',
    `Lowest revenue month of ${lastYear}?`,
    rows(`select g.period, ${REV} ${GL} where ${within(...fy)} group by g.period order by 2 asc, 1 limit 1`),
  );
  q('ranking', 'rank our revenue accounts by amount for last year', rows(byAccount(REV_LINE, fy)));
  q('ranking', 'Top 10 expense accounts this year', rows(byAccount(`a.account_type = 'expense'`, ytd, '', 'limit 10')));
  q('ranking', 'who were our 3 largest customers last month', rows(byCustomer([last, last], 'desc', 'limit 3')));

  // ---- customers and vendors
  q(
    'customers and vendors',
    'How much revenue did Northwind Marine Systems bring in YTD?',
    value(fig(REV, ytd, customer('Northwind Marine Systems'))),
  );
  q(
    'customers and vendors',
    'sales to Pacific Rail Equipment Co. last quarter',
    value(fig(REV, lq, customer('Pacific Rail Equipment Co.'))),
  );
  q(
    'customers and vendors',
    `what did Puget Sound Steel Service bill us in ${lastYear}`,
    value(billed('Puget Sound Steel Service', fy)),
  );
  q(
    'customers and vendors',
    'How much have we paid Tacoma Public Utilities over the last 12 months?',
    value(paid('Tacoma Public Utilities', ttm)),
  );
  q(
    'customers and vendors',
    'cash collected from Summit Agricultural Machinery this year',
    value(collected('Summit Agricultural Machinery', ytd)),
  );
  q(
    'customers and vendors',
    'early-payment discounts Redwood Aerospace Structures took YTD',
    value(account('Sales Discounts', ytd, customer('Redwood Aerospace Structures'))),
  );
  q(
    'customers and vendors',
    'Cascade Hydraulics Inc. revenue by month, last 6 months',
    rows(monthly(REV, [shift(last, -5), last], `and ${REV_LINE} ${customer('Cascade Hydraulics Inc.')}`)),
  );
  q('customers and vendors', 'google ads bills last quarter', value(billed('Google Ads', lq)));
  q(
    'customers and vendors',
    'Cascade Heat Treating vs Emerald City Plating & Coating: what did each bill us ytd',
    rows(
      `select g.counterparty, sum(g.credit) ${GL} where ${within(...ytd)} and ${AP} and g.counterparty in ('Cascade Heat Treating', 'Emerald City Plating & Coating') group by g.counterparty order by 2 desc, 1`,
    ),
  );
  q(
    'customers and vendors',
    `revenue from Columbia Pump & Valve in ${lastYear}`,
    value(fig(REV, fy, customer('Columbia Pump & Valve'))),
  );
  q(
    'customers and vendors',
    'how much did Alcoa Distribution West invoice us last month',
    value(billed('Alcoa Distribution West', [last, last])),
  );

  // ---- vocabulary
  q('vocabulary', 'top line last quarter', value(fig(REV, lq)));
  q('vocabulary', 'bottom line ytd', value(fig(NI, ytd)));
  q('vocabulary', `COGS for ${named(last)}`, value(fig(COGS, [last, last])));
  q('vocabulary', `turnover for FY${lastYear}`, value(fig(REV, fy)));
  q('vocabulary', 'GP ytd', value(fig(GP, ytd)));
  q('vocabulary', 'A/R balance end of last month', value(balanceAt(AR, last)));
  q('vocabulary', `A/P at ${named(before)} month-end`, value(balanceAt(AP, before)));
  q('vocabulary', 'cash on hand', value(balanceAt(CASH, last)));
  q('vocabulary', 'GM% trailing 12', value(pct(GP, ttm)));
  q('vocabulary', 'net profit after tax last year', value(fig(NI, fy)));
  q('vocabulary', "what's opex for the latest month booked", value(fig(OPEX, [last, last])));

  // ---- account vs metric
  q('account vs metric', 'How much is in Sales Salaries YTD?', value(account('Sales Salaries', ytd)));
  q('account vs metric', 'Freight Billed to Customers last year', value(account('Freight Billed to Customers', fy)));
  q('account vs metric', 'freight out expense last quarter', value(account('Freight Out', lq)));
  q('account vs metric', 'Engineering Services revenue ytd', value(account('Engineering Services', ytd)));
  q('account vs metric', `Interest income in ${lastYear}`, value(account('Interest Income', fy)));
  q('account vs metric', 'Bonus Expense account, year to date', value(account('Bonus Expense', ytd)));
  q('account vs metric', 'Sales Discounts last month', value(account('Sales Discounts', [last, last])));
  q(
    'account vs metric',
    'Product Sales (4100) for last quarter',
    value(`select coalesce(${READING}, 0) ${GL} where ${within(...lq)} and a.parent_code = '4100'`),
  );
  q('account vs metric', 'depreciation - manufacturing YTD', value(account('Depreciation - Manufacturing', ytd)));
  q(
    'account vs metric',
    'Repair and Refurbishment revenue for the trailing twelve months',
    value(account('Repair and Refurbishment', ttm)),
  );
  q(
    'account vs metric',
    'balance of Accounts Receivable - Trade at the end of last month',
    value(balanceAt(`a.account_name = 'Accounts Receivable - Trade'`, last)),
  );

  // ---- decomposition
  q('decomposition', 'break down opex by department for YTD', rows(byDepartment(OPEX, OPEX_LINE, ytd)));
  q('decomposition', 'Revenue by account last quarter', rows(byAccount(REV_LINE, lq)));
  q('decomposition', 'COGS split by account for last month', rows(byAccount(COGS_LINE, [last, last])));
  q('decomposition', `monthly gross profit ${lastYear}`, rows(monthly(GP, fy)));
  q('decomposition', 'Show me net income by quarter for last year', rows(quarterly(NI, fy)));
  q('decomposition', 'operating expenses by department, last year', rows(byDepartment(OPEX, OPEX_LINE, fy)));
  q('decomposition', 'revenue by customer for last month', rows(byCustomer([last, last], 'desc')));
  q('decomposition', 'opex by month ytd', rows(monthly(OPEX, ytd)));
  q(
    'decomposition',
    "Break down the G&A department's operating expenses by account for last quarter",
    rows(byAccount(OPEX_LINE, lq, `and g.department = 'G&A'`)),
  );
  q(
    'decomposition',
    'all expenses of the Sales department by account, ytd',
    rows(byAccount(`a.account_type = 'expense'`, ytd, `and g.department = 'Sales'`)),
  );
  q('decomposition', 'revenue by quarter over the last 4 quarters', rows(quarterly(REV, [shift(lq[0], -9), lq[1]])));

  // ---- distinct count
  q(
    'distinct count',
    'How many customers did we invoice last quarter?',
    value(distinct('g.counterparty', lq, REV_LINE)),
  );
  q(
    'distinct count',
    'number of suppliers that billed us at least once this year',
    value(distinct('g.counterparty', ytd, `${AP} and g.credit > 0`)),
  );
  q(
    'distinct count',
    `how many journal entries were posted in ${named(last)}`,
    value(distinct('g.journal_id', [last, last], 'true')),
  );
  q('distinct count', 'how many GL accounts had postings last year?', value(distinct('g.account_code', fy, 'true')));
  q(
    'distinct count',
    'how many sales invoices did we issue last month',
    value(distinct('g.journal_id', [last, last], REV_LINE)),
  );
  q(
    'distinct count',
    `how many different customers bought from us in ${lastYear}`,
    value(distinct('g.counterparty', fy, REV_LINE)),
  );
  q(
    'distinct count',
    'How many departments had operating expenses this year?',
    value(distinct('g.department', ytd, OPEX_LINE)),
  );
  q(
    'distinct count',
    'count of invoices to Cascade Hydraulics Inc. YTD',
    value(distinct('g.journal_id', ytd, `${REV_LINE} ${customer('Cascade Hydraulics Inc.')}`)),
  );
  q(
    'distinct count',
    'how many different payees got money out of our bank accounts last month',
    value(distinct('g.counterparty', [last, last], `${CASH} and g.credit > 0`)),
  );
  q(
    'distinct count',
    'how many customers bought hydraulic fittings last quarter',
    value(distinct('g.counterparty', lq, `a.account_name = 'Sales - Hydraulic Fittings'`)),
  );

  // ---- unknown account
  q('unknown account', 'goodwill balance at the end of last month', ask);
  q('unknown account', 'warranty expense YTD', ask);
  q('unknown account', 'how much royalty income did we earn last year?', ask);
  q('unknown account', 'FX losses last quarter', ask);
  q('unknown account', 'charitable donations this year', ask);
  q('unknown account', "what's sitting in the lease liability account", ask);
  q('unknown account', 'customer deposits balance at month end', ask);
  q('unknown account', `patent amortization for ${lastYear}`, ask);
  q('unknown account', 'value of our crypto holdings', ask);
  q('unknown account', 'franchise fees paid last month', ask);

  // ---- unanswerable
  q('unanswerable', 'how many employees do we have right now', ask);
  q('unanswerable', 'forecast revenue for next quarter', ask);
  q('unanswerable', "what's our share price today?", ask);
  q('unanswerable', 'how many units of hydraulic fittings did we ship last month', ask);
  q('unanswerable', 'what interest rate are we paying on the equipment term loan', ask);
  q('unanswerable', 'project cash at the end of next year', ask);
  q('unanswerable', "What is the CEO's salary?", ask);
  q('unanswerable', "what's our market share in the Pacific Northwest", ask);
  q('unanswerable', 'customer NPS score last quarter', ask);
  q('unanswerable', 'how many overtime hours did the shop floor work in the last 3 months', ask);

  // ---- context
  q('context', 'and the month before?', value(fig(REV, [before, before])), ['revenue last month']);
  q('context', 'what about the quarter before', value(pct(GP, pq)), [`gross margin for ${lqName}`]);
  q('context', 'same for Rainier Robotics', value(fig(REV, lq, customer('Rainier Robotics'))), [
    'How much revenue did Northwind Marine Systems bring in last quarter?',
  ]);
  q('context', 'break that down by department', rows(byDepartment(OPEX, OPEX_LINE, lq)), ['Total opex last quarter']);
  q('context', 'and by quarter?', rows(quarterly(NI, fy)), [`net income for ${lastYear}`]);
  q('context', 'now the top 3 for last year', rows(byCustomer(fy, 'desc', 'limit 3')), [
    'top 5 customers by revenue YTD',
  ]);
  q('context', `and at the end of ${lastYear}?`, value(balanceAt(CASH, fy[1])), ['cash at the end of last month']);
  q('context', 'and Ryerson Metals Northwest?', value(billed('Ryerson Metals Northwest', ytd)), [
    'what did Puget Sound Steel Service bill us YTD',
  ]);
  q('context', 'as a % of revenue?', value(pct(COGS, ttm)), ['COGS for the trailing twelve months']);
  q('context', 'and Engineering?', value(fig(OPEX, [last, last], `and g.department = 'Engineering'`)), [
    'Sales department opex last month',
    'and Marketing?',
  ]);
  q(
    'context',
    'only Cascade Hydraulics Inc.',
    rows(monthly(REV, fy, `and ${REV_LINE} ${customer('Cascade Hydraulics Inc.')}`)),
    ['revenue by month for last year'],
  );

  return cases;
}
