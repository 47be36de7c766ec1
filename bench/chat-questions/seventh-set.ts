/**
 * The seventh held-out set of Chat DB: questions as a manufacturer's CFO, controller, FP&A analyst or bookkeeper
 * types them, written after the changes for the sixth set without sight of the parser or the earlier sets. Gold
 * SQL reads 02_GL_Detail, 01_Account and 03_Budget only, relative to the books' latest month (`books.last`).
 *
 * Definitions chosen where a finance reader could choose otherwise:
 * - Revenue: every revenue account but other income (`REV`); sales discounts and returns are expense accounts in
 *   this chart and, as the Profit & Loss reads them, sit with operating expenses. Cost of sales (COGS, COS) is
 *   the `cost_of_sales` subtype (factory depreciation included). Gross profit = revenue − cost of sales.
 *   Operating expenses (opex) are those of the Profit & Loss (`OPEX`: not cost of sales, depreciation and
 *   amortization, interest, other expense or income tax). EBITDA = gross profit − opex; operating income =
 *   EBITDA − the `depreciation_amortization` subtype. Net income (bottom line) = every revenue, other income
 *   included, less every expense. Profit before tax = net income + income tax.
 * - Margins are percentages of revenue rounded to 2 decimals; a margin change is in percentage points, the
 *   difference of the two rounded margins. % change = (new − old) ÷ |old| × 100, rounded to 2 decimals.
 *   Variance to budget = actual − budget (positive revenue variance = ahead of plan; positive cost variance =
 *   over budget). Budget is 03_Budget, summed over the accounts of the metric.
 * - Periods: "last month" and "this month" = the latest month of the books; "this year", YTD = January of its
 *   year through the latest month; "last year" = the whole previous calendar year; prior-year YTD = the same
 *   months a year earlier; "last quarter" = the latest complete calendar quarter ending at or before the latest
 *   month; H1 = January–June, H2 = July–December; TTM / last twelve months = the 12 months ending with the
 *   latest month, the 12 months before that its comparison; "last 6 months" = the 6 months ending with it.
 * - Balances (cash, AR, AP, inventory, a bank account) are closing balances at the end of the month named,
 *   in reading sign, from every ledger line up to it. Cash = `cash` subtype accounts; AR = `receivable` subtype
 *   (allowance included); AP = `payable` subtype (trade payables, not the credit card or accruals); inventory =
 *   `inventory` subtype. Current assets and liabilities are the Balance Sheet's current groups; total equity
 *   includes all earnings to date; debt = current and long-term debt.
 * - A customer is a counterparty of revenue lines; sales to a customer = its revenue (as `REV`). A supplier
 *   (vendor) is a counterparty of Accounts Payable - Trade (2110) lines: spend with / purchases from / billed
 *   by a supplier = its bills, the credits to 2110; paid to a supplier = the debits to 2110 (its payments).
 *   An invoice = a debit to Accounts Receivable - Trade with a customer; a bill = a journal crediting 2110 with a
 *   supplier; a journal entry = a distinct journal_id.
 * - A department's expenses / costs = every expense account posted to it (cost of sales included); a
 *   department's opex = `OPEX` posted to it.
 * - Breakdowns by department, account, customer or supplier are ordered by amount, largest first; breakdowns
 *   by month or quarter chronologically (quarters as `YYYY-Qn`). Accounts are named by account name.
 */
import {
  COGS,
  EXP,
  GL,
  GP,
  NI,
  OPEX,
  OPEX_EXCLUDED,
  REV,
  balanceAt,
  one,
  pctOfRevenue,
  within,
  type Books,
  type HeldOutCase,
} from './case.ts';

export function questions(books: Books): HeldOutCase[] {
  const L = books.last;
  const Y = books.year;
  const m = (k: number) => books.shift(L, k);
  const name = (period: string) => `${books.monthName(period)} ${period.slice(0, 4)}`;
  const ytd: [string, string] = [`${Y}-01`, L];
  const pytd: [string, string] = [`${Y - 1}-01`, m(-12)];
  const ly: [string, string] = [`${Y - 1}-01`, `${Y - 1}-12`];
  const ttm: [string, string] = [m(-11), L];
  const pttm: [string, string] = [m(-23), m(-12)];
  const last6: [string, string] = [m(-5), L];
  // The latest complete calendar quarter.
  const qEnd = m(-(Number(L.slice(5)) % 3));
  const q: [string, string] = [books.shift(qEnd, -2), qEnd];
  const qPrev: [string, string] = [books.shift(qEnd, -5), books.shift(qEnd, -3)];
  const qLy: [string, string] = [books.shift(qEnd, -14), books.shift(qEnd, -12)];
  const qName = `Q${Number(qEnd.slice(5)) / 3} ${qEnd.slice(0, 4)}`;
  const qShort = `Q${Number(qEnd.slice(5)) / 3}`;
  const days = (from: string, to: string) =>
    Math.round(
      (Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5)), 1) -
        Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5)) - 1, 1)) /
        86_400_000,
    );

  const value = (gold: string) => ({ kind: 'value', gold }) as const;
  const rows = (gold: string) => ({ kind: 'rows', gold }) as const;
  const ask = { kind: 'ask' } as const;

  // Figures over a range.
  const fig = (figure: string, [from, to]: [string, string], extra = '') => one(figure, from, to, extra);
  const sub = (figure: string, range: [string, string], extra = '') => `(${fig(figure, range, extra)})`;
  const pct = (figure: string, [from, to]: [string, string]) => pctOfRevenue(figure, from, to);
  const margin = (figure: string, range: [string, string]) => `(${pct(figure, range)})`;
  const change = (now: string, before: string) =>
    `select round((${now} - ${before}) * 100 / nullif(abs(${before}), 0), 2)`;
  const byMonth = (figure: string, [from, to]: [string, string], extra = '') =>
    `select g.period, ${figure} ${GL} where ${within(from, to)} ${extra} group by g.period order by g.period`;
  const quarterOf = `left(g.period, 4) || '-Q' || ((substr(g.period, 6, 2)::int + 2) / 3)`;
  const byQuarter = (figure: string, [from, to]: [string, string]) =>
    `select ${quarterOf} as quarter, ${figure} ${GL} where ${within(from, to)} group by 1 order by 1`;
  const by = (key: string, figure: string, [from, to]: [string, string], extra = '', limit = '', dir = 'desc') =>
    `select ${key}, ${figure} as amount ${GL} where ${within(from, to)} ${extra} group by ${key} having ${figure} <> 0 order by amount ${dir} ${limit}`;

  const EBITDA = `(${GP} - ${OPEX})`;
  const DA = `coalesce(sum(g.debit - g.credit) filter (where a.account_type = 'expense' and a.account_subtype = 'depreciation_amortization'), 0)`;
  const PBT = `coalesce(sum(g.credit - g.debit) filter (where a.account_type in ('revenue', 'expense') and coalesce(a.account_subtype, '') <> 'income_tax'), 0)`;
  const ACCT = `sum(case when a.account_type in ('asset', 'expense') then g.debit - g.credit else g.credit - g.debit end)`;
  const acct = (code: string) => `and g.account_code = '${code}'`;
  const cust = (who: string) => `and g.counterparty = '${who.replace(/'/g, "''")}'`;
  const BILLS = `coalesce(sum(g.credit) filter (where g.account_code = '2110'), 0)`;
  const PAID = `coalesce(sum(g.debit) filter (where g.account_code = '2110'), 0)`;
  const supplierLines = `and g.account_code = '2110' and g.counterparty is not null`;
  const revenueLines = `and a.account_type = 'revenue' and coalesce(a.account_subtype, '') <> 'other_income' and g.counterparty is not null`;
  const opexLines = `and a.account_type = 'expense' and coalesce(a.account_subtype, '') not in ${OPEX_EXCLUDED}`;
  const cash = `a.account_subtype = 'cash'`;
  const currentAssets = `a.account_type = 'asset' and a.account_subtype in ('cash', 'receivable', 'inventory', 'prepaid', 'other_current_asset')`;
  const currentLiabilities = `a.account_type = 'liability' and a.account_subtype in ('payable', 'credit_card', 'accrued_liability', 'payroll_liability', 'tax_liability', 'deferred_revenue', 'current_debt')`;
  const bal = (where: string, period: string) => `(${balanceAt(where, period)})`;
  const budget = (where: string, [from, to]: [string, string], extra = '') =>
    `(select coalesce(sum(b.amount), 0) from "03_Budget" b join "01_Account" a on a.account_code = b.account_code where b.period between '${from}' and '${to}' and ${where} ${extra})`;
  const budgetRevenue = `a.account_type = 'revenue' and coalesce(a.account_subtype, '') <> 'other_income'`;
  const budgetOpex = `a.account_type = 'expense' and coalesce(a.account_subtype, '') not in ${OPEX_EXCLUDED}`;
  const dept = (d: string) => `and g.department = '${d}'`;

  const time: HeldOutCase[] = [
    { class: 'time', question: 'revenue last month?', expect: value(fig(REV, [L, L])) },
    { class: 'time', question: 'Net income YTD', expect: value(fig(NI, ytd)) },
    { class: 'time', question: `what was gross profit in ${qName}`, expect: value(fig(GP, q)) },
    { class: 'time', question: 'opex, trailing twelve months', expect: value(fig(OPEX, ttm)) },
    {
      class: 'time',
      question: `How much did we sell in ${name(m(-2))}?`,
      expect: value(fig(REV, [m(-2), m(-2)])),
    },
    {
      class: 'time',
      question: 'show me revenue month by month for the last 6 months',
      expect: rows(byMonth(REV, last6)),
    },
    { class: 'time', question: 'COGS in H1 of last year', expect: value(fig(COGS, [`${Y - 1}-01`, `${Y - 1}-06`])) },
    { class: 'time', question: 'cash balance at the end of last quarter', expect: value(balanceAt(cash, qEnd)) },
    { class: 'time', question: `full-year ${Y - 1} net income`, expect: value(fig(NI, ly)) },
    { class: 'time', question: 'revenue for the same month last year', expect: value(fig(REV, [m(-12), m(-12)])) },
    { class: 'time', question: `revenue by quarter for ${Y - 1}`, expect: rows(byQuarter(REV, ly)) },
  ];

  const ratio: HeldOutCase[] = [
    { class: 'ratio', question: 'gross margin % last month', expect: value(pct(GP, [L, L])) },
    { class: 'ratio', question: 'what is our net margin year to date?', expect: value(pct(NI, ytd)) },
    { class: 'ratio', question: 'Opex as a percentage of sales, TTM', expect: value(pct(OPEX, ttm)) },
    {
      class: 'ratio',
      question: `current ratio at end of ${name(L)}`,
      expect: value(`select round(${bal(currentAssets, L)} / nullif(${bal(currentLiabilities, L)}, 0), 2)`),
    },
    {
      class: 'ratio',
      question: 'quick ratio as of last month end',
      expect: value(
        `select round(${bal(`a.account_subtype in ('cash', 'receivable')`, L)} / nullif(${bal(currentLiabilities, L)}, 0), 2)`,
      ),
    },
    {
      class: 'ratio',
      question: `DSO for ${qName}`,
      expect: value(
        `select round(${bal(`a.account_subtype = 'receivable'`, qEnd)} / nullif(${sub(REV, q)}, 0) * ${days(...q)}, 2)`,
      ),
    },
    {
      class: 'ratio',
      question: 'direct labour as a % of revenue this year',
      expect: value(pct(`coalesce(sum(g.debit - g.credit) filter (where a.parent_code = '5200'), 0)`, ytd)),
    },
    {
      class: 'ratio',
      question: `debt-to-equity at ${Y - 1} year end`,
      expect: value(
        `select round(${bal(`a.account_subtype in ('current_debt', 'long_term_debt')`, `${Y - 1}-12`)} / nullif((select coalesce(sum(g.credit - g.debit), 0) ${GL} where g.period <= '${Y - 1}-12' and a.account_type in ('equity', 'revenue', 'expense')), 0), 2)`,
      ),
    },
    { class: 'ratio', question: 'EBITDA margin for last year', expect: value(pct(EBITDA, ly)) },
    {
      class: 'ratio',
      question: `operating margin ${qShort}`,
      expect: value(pct(`(${EBITDA} - ${DA})`, q)),
    },
    {
      class: 'ratio',
      question: 'what share of YTD revenue came from services (engineering + repair)?',
      expect: value(pct(`coalesce(sum(g.credit - g.debit) filter (where g.account_code in ('4210', '4220')), 0)`, ytd)),
    },
  ];

  const comparison: HeldOutCase[] = [
    {
      class: 'comparison',
      question: 'revenue % change last month vs the month before',
      expect: value(change(sub(REV, [L, L]), sub(REV, [m(-1), m(-1)]))),
    },
    {
      class: 'comparison',
      question: 'How is YTD revenue tracking vs the same period last year, in %?',
      expect: value(change(sub(REV, ytd), sub(REV, pytd))),
    },
    {
      class: 'comparison',
      question: 'how much more opex did we run in the last 12 months than in the 12 months before that ($)?',
      expect: value(`select ${sub(OPEX, ttm)} - ${sub(OPEX, pttm)}`),
    },
    {
      class: 'comparison',
      question: 'gross margin change in points, last quarter vs the prior quarter',
      expect: value(`select ${margin(GP, q)} - ${margin(GP, qPrev)}`),
    },
    {
      class: 'comparison',
      question: 'did we beat the revenue budget last month? by how much',
      expect: value(`select ${sub(REV, [L, L])} - ${budget(budgetRevenue, [L, L])}`),
    },
    {
      class: 'comparison',
      question: 'opex actual vs budget YTD - variance',
      expect: value(`select ${sub(OPEX, ytd)} - ${budget(budgetOpex, ytd)}`),
    },
    {
      class: 'comparison',
      question: `COGS H2 ${Y - 1} vs H1 ${Y - 1}, % change`,
      expect: value(change(sub(COGS, [`${Y - 1}-07`, `${Y - 1}-12`]), sub(COGS, [`${Y - 1}-01`, `${Y - 1}-06`]))),
    },
    {
      class: 'comparison',
      question: `difference in net income between ${qName} and the same quarter a year earlier`,
      expect: value(`select ${sub(NI, q)} - ${sub(NI, qLy)}`),
    },
    {
      class: 'comparison',
      question: 'Marketing dept opex this year vs last year same period, % change',
      expect: value(change(sub(OPEX, ytd, dept('Marketing')), sub(OPEX, pytd, dept('Marketing')))),
    },
    {
      class: 'comparison',
      question: 'change in cash since the end of last year',
      expect: value(`select ${bal(cash, L)} - ${bal(cash, `${Y - 1}-12`)}`),
    },
  ];

  const ranking: HeldOutCase[] = [
    {
      class: 'ranking',
      question: 'top 5 customers by revenue YTD',
      expect: rows(by('g.counterparty', REV, ytd, revenueLines, 'limit 5')),
    },
    {
      class: 'ranking',
      question: 'what were our 3 largest opex accounts last quarter',
      expect: rows(by('a.account_name', OPEX, q, opexLines, 'limit 3')),
    },
    {
      class: 'ranking',
      question: `who was our biggest supplier in ${Y - 1} by purchases?`,
      expect: rows(by('g.counterparty', BILLS, ly, supplierLines, 'limit 1')),
    },
    {
      class: 'ranking',
      question: 'smallest 5 customers by sales over the trailing 12 months',
      expect: rows(by('g.counterparty', REV, ttm, revenueLines, 'limit 5', 'asc')),
    },
    {
      class: 'ranking',
      question: 'rank the departments by opex last qtr',
      expect: rows(by('g.department', OPEX, q, opexLines)),
    },
    {
      class: 'ranking',
      question: 'top three revenue lines last year',
      expect: rows(by('a.account_name', REV, ly, `and a.account_type = 'revenue'`, 'limit 3')),
    },
    {
      class: 'ranking',
      question: 'which month had the highest revenue in the last 12 months?',
      expect: rows(by('g.period', REV, ttm, '', 'limit 1')),
    },
    {
      class: 'ranking',
      question: `worst month for net income in ${Y} so far`,
      expect: rows(by('g.period', NI, ytd, '', 'limit 1', 'asc')),
    },
    {
      class: 'ranking',
      question: 'top 10 vendors by spend ytd',
      expect: rows(by('g.counterparty', BILLS, ytd, supplierLines, 'limit 10')),
    },
    {
      class: 'ranking',
      question: `Biggest 3 cost of sales accounts in ${Y - 1}`,
      expect: rows(by('a.account_name', COGS, ly, `and a.account_subtype = 'cost_of_sales'`, 'limit 3')),
    },
  ];

  const customers: HeldOutCase[] = [
    {
      class: 'customers and vendors',
      question: 'How much has Cascade Hydraulics bought from us this year?',
      expect: value(fig(REV, ytd, cust('Cascade Hydraulics Inc.'))),
    },
    {
      class: 'customers and vendors',
      question: 'sales to Northwind Marine Systems last quarter',
      expect: value(fig(REV, q, cust('Northwind Marine Systems'))),
    },
    {
      class: 'customers and vendors',
      question: `what did we pay Puget Sound Steel Service in ${Y - 1}?`,
      expect: value(fig(PAID, ly, cust('Puget Sound Steel Service'))),
    },
    {
      class: 'customers and vendors',
      question: 'total purchases from Haas Factory Outlet Seattle in the last twelve months',
      expect: value(fig(BILLS, ttm, cust('Haas Factory Outlet Seattle'))),
    },
    {
      class: 'customers and vendors',
      question: 'how much have we spent with Grainger Industrial Supply YTD',
      expect: value(fig(BILLS, ytd, cust('Grainger Industrial Supply'))),
    },
    {
      class: 'customers and vendors',
      question: 'Redwood Aerospace Structures revenue by month, last 6 months',
      expect: rows(byMonth(REV, last6, cust('Redwood Aerospace Structures'))),
    },
    {
      class: 'customers and vendors',
      question: 'which customers bought hydraulic fittings last month, and how much?',
      expect: rows(by('g.counterparty', REV, [L, L], `${acct('4120')} and g.counterparty is not null`)),
    },
    {
      class: 'customers and vendors',
      question: `what did Cascade Heat Treating bill us in ${qName}?`,
      expect: value(fig(BILLS, q, cust('Cascade Heat Treating'))),
    },
    {
      class: 'customers and vendors',
      question: "What % of this year's revenue is Cascade Hydraulics Inc.?",
      expect: value(
        `select round(${sub(REV, ytd, cust('Cascade Hydraulics Inc.'))} * 100 / nullif(${sub(REV, ytd)}, 0), 2)`,
      ),
    },
    {
      class: 'customers and vendors',
      question: `early-payment discounts taken by Columbia Pump & Valve in ${Y - 1}`,
      expect: value(fig(ACCT, ly, `${acct('4910')} ${cust('Columbia Pump & Valve')}`)),
    },
  ];

  const vocabulary: HeldOutCase[] = [
    { class: 'vocabulary', question: `topline for ${name(m(-1))}`, expect: value(fig(REV, [m(-1), m(-1)])) },
    { class: 'vocabulary', question: 'bottom line ytd?', expect: value(fig(NI, ytd)) },
    { class: 'vocabulary', question: 'COS last month', expect: value(fig(COGS, [L, L])) },
    { class: 'vocabulary', question: 'GP $ over the TTM', expect: value(fig(GP, ttm)) },
    { class: 'vocabulary', question: `EBITDA for FY${Y - 1}`, expect: value(fig(EBITDA, ly)) },
    {
      class: 'vocabulary',
      question: `AP balance as of ${name(L)}`,
      expect: value(balanceAt(`a.account_subtype = 'payable'`, L)),
    },
    {
      class: 'vocabulary',
      question: 'where are receivables at month end',
      expect: value(balanceAt(`a.account_subtype = 'receivable'`, L)),
    },
    {
      class: 'vocabulary',
      question: 'how much money do we have in the bank right now?',
      expect: value(balanceAt(cash, L)),
    },
    { class: 'vocabulary', question: 'PBT last quarter', expect: value(fig(PBT, q)) },
    {
      class: 'vocabulary',
      question: 'inventory on hand at end of last month',
      expect: value(balanceAt(`a.account_subtype = 'inventory'`, L)),
    },
    {
      class: 'vocabulary',
      question: 'interest expnse this yr',
      expect: value(
        fig(`coalesce(sum(g.debit - g.credit) filter (where a.account_subtype = 'interest_expense'), 0)`, ytd),
      ),
    },
  ];

  const accountVsMetric: HeldOutCase[] = [
    {
      class: 'account vs metric',
      question: 'sales commissions last month',
      expect: value(fig(ACCT, [L, L], acct('6120'))),
    },
    {
      class: 'account vs metric',
      question: 'What did we book to Sales Discounts YTD?',
      expect: value(fig(ACCT, ytd, acct('4910'))),
    },
    {
      class: 'account vs metric',
      question: `Engineering Services revenue in ${qName}`,
      expect: value(fig(ACCT, q, acct('4210'))),
    },
    {
      class: 'account vs metric',
      question: 'balance of the operating account at the end of last month',
      expect: value(balanceAt(`g.account_code = '1110'`, L)),
    },
    { class: 'account vs metric', question: 'interest income this year', expect: value(fig(ACCT, ytd, acct('8110'))) },
    { class: 'account vs metric', question: 'sales salaries, TTM', expect: value(fig(ACCT, ttm, acct('6110'))) },
    {
      class: 'account vs metric',
      question: `freight billed to customers in ${Y - 1}`,
      expect: value(fig(ACCT, ly, acct('4310'))),
    },
    {
      class: 'account vs metric',
      question: 'Service Revenue (the 4200 group) year to date',
      expect: value(fig(ACCT, ytd, `and a.parent_code = '4200'`)),
    },
    { class: 'account vs metric', question: 'bonus expense ytd', expect: value(fig(ACCT, ytd, acct('7130'))) },
    {
      class: 'account vs metric',
      question: `payroll account balance at end of ${Y - 1}`,
      expect: value(balanceAt(`g.account_code = '1120'`, `${Y - 1}-12`)),
    },
    { class: 'account vs metric', question: 'Freight Out last month', expect: value(fig(ACCT, [L, L], acct('5420'))) },
  ];

  const decomposition: HeldOutCase[] = [
    {
      class: 'decomposition',
      question: 'break down opex by department, YTD',
      expect: rows(by('g.department', OPEX, ytd, opexLines)),
    },
    {
      class: 'decomposition',
      question: 'revenue by product line last quarter',
      expect: rows(by('a.account_name', REV, q, `and a.account_type = 'revenue'`)),
    },
    {
      class: 'decomposition',
      question: 'cogs by account for last month',
      expect: rows(by('a.account_name', COGS, [L, L], `and a.account_subtype = 'cost_of_sales'`)),
    },
    {
      class: 'decomposition',
      question: 'revenue by customer, last month',
      expect: rows(by('g.counterparty', REV, [L, L], revenueLines)),
    },
    { class: 'decomposition', question: `monthly opex for ${Y}`, expect: rows(byMonth(OPEX, ytd)) },
    { class: 'decomposition', question: `net income by quarter, FY ${Y - 1}`, expect: rows(byQuarter(NI, ly)) },
    {
      class: 'decomposition',
      question: 'what makes up cost of sales over the last 12 months? materials, direct labour, overhead, freight',
      expect: rows(
        `select p.account_name, ${COGS} as amount ${GL} join "01_Account" p on p.account_code = a.parent_code where ${within(...ttm)} and a.account_subtype = 'cost_of_sales' group by p.account_name order by amount desc`,
      ),
    },
    {
      class: 'decomposition',
      question: 'spend by supplier last quarter',
      expect: rows(by('g.counterparty', BILLS, q, supplierLines)),
    },
    {
      class: 'decomposition',
      question: 'G&A department costs by account this year',
      expect: rows(by('a.account_name', EXP, ytd, `and a.account_type = 'expense' ${dept('G&A')}`)),
    },
    {
      class: 'decomposition',
      question: 'Engineering dept expenses per month, last six months',
      expect: rows(byMonth(EXP, last6, dept('Engineering'))),
    },
    {
      class: 'decomposition',
      question: 'cash by bank account at the end of last month',
      expect: rows(
        `select a.account_name, ${ACCT} as amount ${GL} where g.period <= '${L}' and ${cash} group by a.account_name order by amount desc`,
      ),
    },
  ];

  const count = (what: string, [from, to]: [string, string], extra: string) =>
    `select count(distinct ${what}) ${GL} where ${within(from, to)} ${extra}`;
  const distinct: HeldOutCase[] = [
    {
      class: 'distinct count',
      question: 'how many customers did we sell to last month?',
      expect: value(count('g.counterparty', [L, L], `${revenueLines} and g.credit > 0`)),
    },
    {
      class: 'distinct count',
      question: 'number of suppliers that billed us YTD',
      expect: value(count('g.counterparty', ytd, `${supplierLines} and g.credit > 0`)),
    },
    {
      class: 'distinct count',
      question: `How many invoices did we send out in ${name(L)}?`,
      expect: value(
        count('g.journal_id', [L, L], `and g.account_code = '1210' and g.debit > 0 and g.counterparty is not null`),
      ),
    },
    {
      class: 'distinct count',
      question: 'how many vendor bills came in last quarter',
      expect: value(count('g.journal_id', q, `${supplierLines} and g.credit > 0`)),
    },
    {
      class: 'distinct count',
      question: 'How many different customers bought spare parts this year?',
      expect: value(count('g.counterparty', ytd, `${acct('4140')} and g.credit > 0 and g.counterparty is not null`)),
    },
    {
      class: 'distinct count',
      question: 'how many GL accounts had postings last month',
      expect: value(count('g.account_code', [L, L], '')),
    },
    {
      class: 'distinct count',
      question: 'count of journal entries posted last month',
      expect: value(count('g.journal_id', [L, L], '')),
    },
    {
      class: 'distinct count',
      question: `how many customers bought from us both in ${Y - 1} and so far in ${Y}?`,
      expect: value(
        `select count(*) from ((select g.counterparty ${GL} where ${within(...ly)} ${revenueLines} and g.credit > 0) intersect (select g.counterparty ${GL} where ${within(...ytd)} ${revenueLines} and g.credit > 0)) both_years`,
      ),
    },
    {
      class: 'distinct count',
      question: 'in how many of the last 12 months did revenue top $1.5M?',
      expect: value(
        `select count(*) from (select g.period ${GL} where ${within(...ttm)} group by g.period having ${REV} > 1500000) months`,
      ),
    },
    {
      class: 'distinct count',
      question: `How many vendors did we pay more than $100k in ${Y - 1}?`,
      expect: value(
        `select count(*) from (select g.counterparty ${GL} where ${within(...ly)} ${supplierLines} group by g.counterparty having sum(g.debit) > 100000) vendors`,
      ),
    },
  ];

  const unknown = (question: string): HeldOutCase => ({ class: 'unknown account', question, expect: ask });
  const unknownAccount: HeldOutCase[] = [
    unknown("what's in petty cash?"),
    unknown('warranty reserve balance at month end'),
    unknown('royalty income YTD'),
    unknown('goodwill amortization last year'),
    unknown('balance of our customer deposits account'),
    unknown('FX gains and losses this year'),
    unknown('lease liability (ASC 842) as of last month'),
    unknown('charitable donations expense ytd'),
    unknown('how much is sitting in VAT receivable'),
    unknown('crypto holdings at the end of last quarter'),
  ];

  const no = (question: string): HeldOutCase => ({ class: 'unanswerable', question, expect: ask });
  const unanswerable: HeldOutCase[] = [
    no('how many employees do we have right now?'),
    no('what will revenue be next quarter?'),
    no("what's our share price today"),
    no('which sales rep closed the most deals this year?'),
    no('margin per unit on hydraulic fittings'),
    no('what interest rate are we paying on the equipment term loan?'),
    no('how many units of finished goods are in the warehouse'),
    no('When is the next Western Bar & Plate invoice due?'),
    no("What's the credit limit we gave Cascade Hydraulics?"),
    no('Project our cash balance six months out'),
  ];

  const followUp = (before: string[], question: string, expect: HeldOutCase['expect']): HeldOutCase => ({
    class: 'context',
    before,
    question,
    expect,
  });
  const context: HeldOutCase[] = [
    followUp(['revenue last month'], 'and the month before?', value(fig(REV, [m(-1), m(-1)]))),
    followUp(['opex YTD'], 'break that down by department', rows(by('g.department', OPEX, ytd, opexLines))),
    followUp(
      [`top 5 customers by revenue in ${Y - 1}`],
      'same but for the trailing twelve months',
      rows(by('g.counterparty', REV, ttm, revenueLines, 'limit 5')),
    ),
    followUp(
      ['how much did we buy from Alcoa Distribution West last quarter?'],
      'and from Cascade Aluminum Supply?',
      value(fig(BILLS, q, cust('Cascade Aluminum Supply'))),
    ),
    followUp([`gross margin for ${qName}`], 'what about the same quarter last year?', value(pct(GP, qLy))),
    followUp(['net income TTM'], 'by month please', rows(byMonth(NI, ttm))),
    followUp(
      ['Marketing opex this year'],
      'how does that compare with budget?',
      value(
        `select ${sub(OPEX, ytd, dept('Marketing'))} - ${budget(budgetOpex, ytd, `and b.department = 'Marketing'`)}`,
      ),
    ),
    followUp(['COGS last month'], 'what % of revenue is that?', value(pct(COGS, [L, L]))),
    followUp(['cash at the end of last month'], 'and at the end of last year?', value(balanceAt(cash, `${Y - 1}-12`))),
    followUp(
      ['revenue by customer for last quarter'],
      'just the top 3',
      rows(by('g.counterparty', REV, q, revenueLines, 'limit 3')),
    ),
    followUp(
      ['what did we spend with Pacific Coast Carriers this year?'],
      'and in the same months last year?',
      value(fig(BILLS, pytd, cust('Pacific Coast Carriers'))),
    ),
  ];

  return [
    ...time,
    ...ratio,
    ...comparison,
    ...ranking,
    ...customers,
    ...vocabulary,
    ...accountVsMetric,
    ...decomposition,
    ...distinct,
    ...unknownAccount,
    ...unanswerable,
    ...context,
  ];
}
