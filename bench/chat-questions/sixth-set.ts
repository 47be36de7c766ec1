/**
 * The sixth held-out set of Chat DB: about 120 questions over the demo books, ten or so per class, written without
 * sight of the parser, the compiler or the earlier sets — only from the chart of accounts, the demo generator, the
 * KPI definitions and case.ts.
 *
 * Definitions chosen here, where a finance reader could choose otherwise:
 * - Revenue ("sales", "rev", "top line") is the revenue accounts less other income (Interest Income is not revenue),
 *   as case.ts's REV. The demo's Sales Discounts and Sales Returns and Allowances are expense accounts of subtype
 *   contra_revenue, which the Profit & Loss reads as unclassified expenses: they count with operating expenses
 *   (case.ts's OPEX), not against revenue. Cost of sales ("COGS") is subtype cost_of_sales; gross profit = revenue −
 *   cost of sales; operating expenses ("opex") as the P&L has them (depreciation, interest, other expense and income
 *   tax apart); EBITDA = gross profit − operating expenses (docs/kpis.md); net income ("bottom line") = every revenue,
 *   other income included, less every expense.
 * - Percentages and ratios are rounded to 2 decimals; % change = (current − earlier) ÷ |earlier| × 100; a change in a
 *   margin is in percentage points (difference of the unrounded margins, rounded); a plain "change" is in money
 *   (current − earlier).
 * - "Last month" = the books' latest month; "this year" / YTD = January of its year to the latest month; "last year"
 *   / PY / FY(year − 1) = the whole previous calendar year; "PY YTD" = the same months a year earlier; "last quarter"
 *   = the latest complete calendar quarter; "the quarter before" = the three months before it; TTM / "last 12
 *   months" = the twelve months ending with the latest; H1 = January–June, H2 = July–December.
 * - Balances (cash, AR, AP, inventory, debt…) are at a month end from every movement up to it, in reading sign.
 *   AR = subtype receivable (the allowance included); AP = subtype payable only (not the Corporate Credit Card or
 *   accruals); cash = subtype cash; current assets and liabilities, working capital, quick ratio, DSO, debt to
 *   equity and monthly burn as docs/kpis.md defines them; total equity includes the earnings not yet closed.
 * - A customer is a counterparty on revenue (sales) lines; revenue from a customer = revenue lines with that
 *   counterparty. A supplier / vendor is a counterparty billing us through Accounts Payable - Trade (account 2110);
 *   what a supplier billed = credits to 2110 with that counterparty; "spend with a supplier" is what it billed.
 *   Paid to someone = cash lines with that counterparty (credit − debit); collected from a customer = cash lines with
 *   that counterparty (debit − credit). (No per-customer AR or per-supplier AP balances are asked: the opening
 *   balances carry no counterparty.) A vendor "we paid" is a supplier with a cash payment in the range.
 * - A named account (Sales Salaries, Freight Billed to Customers, Interest Income, Engineering Services…) is that
 *   account's movement in reading sign, not a metric or a department; a header account (Product Sales) is the sum of
 *   its children.
 * - A department's spend = expense-account lines tagged with that department (debit − credit), cost of sales
 *   included; lines without a department belong to no department.
 * - An invoice is a sales invoice (a distinct reference on revenue lines); a journal entry is a distinct journal_id;
 *   an account "with activity" has at least one ledger line in the range.
 * - A breakdown of a change lists the non-zero components, largest absolute change first (ties by name); a plain
 *   breakdown or a ranking lists the largest amount first ("bottom"/"lowest" the smallest first).
 * - A budget figure is 03_Budget's amounts for the same accounts as the actual figure, in P&L sign.
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
} from './case.ts';
import type { Books, HeldOutCase } from './case.ts';

const SALES = `a.account_type = 'revenue' and coalesce(a.account_subtype, '') <> 'other_income'`;
const OPEX_WHERE = `a.account_type = 'expense' and coalesce(a.account_subtype, '') not in ${OPEX_EXCLUDED}`;
const CURRENT_ASSETS = `a.account_subtype in ('cash', 'receivable', 'inventory', 'prepaid', 'other_current_asset')`;
const CURRENT_LIABILITIES = `a.account_subtype in ('payable', 'credit_card', 'accrued_liability', 'payroll_liability', 'tax_liability', 'deferred_revenue', 'current_debt')`;
const QUARTER = `substr(g.period, 1, 4) || '-Q' || ((cast(substr(g.period, 6, 2) as int) + 2) / 3)`;
/** The balance at a month end as a scalar subquery. */
const bal = (where: string, period: string) => `(${balanceAt(where, period)})`;
const paid = (counterparty: string, from: string, to: string) =>
  `select coalesce(sum(g.credit - g.debit), 0) ${GL} where ${within(from, to)} and a.account_subtype = 'cash' and g.counterparty = '${counterparty}'`;
const billed = (counterparty: string, from: string, to: string) =>
  `select coalesce(sum(g.credit), 0) ${GL} where ${within(from, to)} and g.account_code = '2110' and g.counterparty = '${counterparty}'`;
const accountSum = (codes: string[], from: string, to: string) =>
  `select coalesce(${READING}, 0) ${GL} where ${within(from, to)} and g.account_code in (${codes.map((code) => `'${code}'`).join(', ')})`;
const deptSpend = (department: string, from: string, to: string) =>
  `(select ${EXP} ${GL} where ${within(from, to)} and g.department = '${department}')`;
/** A figure over a range as a scalar subquery. */
const of = (figure: string, from: string, to: string, extra = '') => `(${one(figure, from, to, extra)})`;
const pct = (top: string, bottom: string) => `round(${top} * 100 / nullif(${bottom}, 0), 2)`;
const change = (current: string, earlier: string) =>
  `round((${current} - ${earlier}) * 100 / nullif(abs(${earlier}), 0), 2)`;

export const questions = (b: Books): HeldOutCase[] => {
  const last = b.last;
  const prev = b.shift(last, -1);
  const y = b.year;
  const jan = `${y}-01`;
  const pyFrom = `${y - 1}-01`;
  const pyTo = `${y - 1}-12`;
  const pyYtdTo = b.shift(last, -12);
  const ttmFrom = b.shift(last, -11);
  // The latest complete calendar quarter, the one before it and the same one a year earlier.
  const qTo = b.shift(last, -(Number(last.slice(5)) % 3));
  const qFrom = b.shift(qTo, -2);
  const qName = `Q${Number(qTo.slice(5)) / 3} ${qTo.slice(0, 4)}`;
  const pqTo = b.shift(qTo, -3);
  const pqFrom = b.shift(qFrom, -3);
  const pqName = `Q${Number(pqTo.slice(5)) / 3} ${pqTo.slice(0, 4)}`;
  const lyqTo = b.shift(qTo, -12);
  const lyqFrom = b.shift(qFrom, -12);
  const mon = (period: string) => `${b.monthName(period).slice(0, 3)} ${period.slice(0, 4)}`;
  const full = (period: string) => `${b.monthName(period)} ${period.slice(0, 4)}`;
  const daysIn = (from: string, to: string) => {
    const start = Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5)) - 1, 1);
    const end = Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5)), 1);
    return Math.round((end - start) / 86_400_000);
  };
  const m3 = b.shift(last, -3);
  const m5 = b.shift(last, -5);
  const beforeBooks = b.shift(b.first, -4);

  return [
    // ---- time
    { class: 'time', question: `rev for ${full(last)}`, expect: { kind: 'value', gold: one(REV, last, last) } },
    {
      class: 'time',
      question: 'How much opex did we run in H1 last year?',
      expect: { kind: 'value', gold: one(OPEX, pyFrom, `${y - 1}-06`) },
    },
    { class: 'time', question: 'net income TTM', expect: { kind: 'value', gold: one(NI, ttmFrom, last) } },
    {
      class: 'time',
      question: 'gross profit by month for last quarter',
      expect: {
        kind: 'rows',
        gold: `select g.period, ${GP} as gross_profit ${GL} where ${within(qFrom, qTo)} group by g.period order by g.period`,
      },
    },
    { class: 'time', question: `COGS FY${y - 1}`, expect: { kind: 'value', gold: one(COGS, pyFrom, pyTo) } },
    {
      class: 'time',
      question: 'what were sales in the first quarter of last year',
      expect: { kind: 'value', gold: one(REV, pyFrom, `${y - 1}-03`) },
    },
    {
      class: 'time',
      question: `Operating expenses from ${mon(m5)} through ${mon(m3)}?`,
      expect: { kind: 'value', gold: one(OPEX, m5, m3) },
    },
    { class: 'time', question: 'YTD net income pls', expect: { kind: 'value', gold: one(NI, jan, last) } },
    {
      class: 'time',
      question: 'Revenue by quarter for last year',
      expect: {
        kind: 'rows',
        gold: `select ${QUARTER} as quarter, ${REV} as revenue ${GL} where ${within(pyFrom, pyTo)} group by 1 order by 1`,
      },
    },
    { class: 'time', question: `cost of goods sold ${qName}`, expect: { kind: 'value', gold: one(COGS, qFrom, qTo) } },
    {
      class: 'time',
      question: `what was our revenue in ${b.monthName(pyYtdTo)} of last year?`,
      expect: { kind: 'value', gold: one(REV, pyYtdTo, pyYtdTo) },
    },

    // ---- ratio
    { class: 'ratio', question: 'GM% last qtr', expect: { kind: 'value', gold: pctOfRevenue(GP, qFrom, qTo) } },
    {
      class: 'ratio',
      question: "what's our net margin YTD?",
      expect: { kind: 'value', gold: pctOfRevenue(NI, jan, last) },
    },
    {
      class: 'ratio',
      question: 'EBITDA margin for last year',
      expect: { kind: 'value', gold: pctOfRevenue(`(${GP} - ${OPEX})`, pyFrom, pyTo) },
    },
    {
      class: 'ratio',
      question: 'opex as a percentage of revenue last month',
      expect: { kind: 'value', gold: pctOfRevenue(OPEX, last, last) },
    },
    {
      class: 'ratio',
      question: 'current ratio at the end of last month',
      expect: {
        kind: 'value',
        gold: `select round(${bal(CURRENT_ASSETS, last)} / nullif(${bal(CURRENT_LIABILITIES, last)}, 0), 2)`,
      },
    },
    {
      class: 'ratio',
      question: `quick ratio as of end of ${b.monthName(qTo)} ${qTo.slice(0, 4)}`,
      expect: {
        kind: 'value',
        gold: `select round(${bal(`a.account_subtype in ('cash', 'receivable')`, qTo)} / nullif(${bal(CURRENT_LIABILITIES, qTo)}, 0), 2)`,
      },
    },
    {
      class: 'ratio',
      question: 'DSO for last quarter',
      expect: {
        kind: 'value',
        gold: `select round(${bal(`a.account_subtype = 'receivable'`, qTo)} * ${daysIn(qFrom, qTo)} / nullif(${of(REV, qFrom, qTo)}, 0), 2)`,
      },
    },
    {
      class: 'ratio',
      question: 'direct labour as % of revenue last year',
      expect: {
        kind: 'value',
        gold: pctOfRevenue(
          `coalesce(sum(g.debit - g.credit) filter (where g.account_code in ('5210', '5220', '5230')), 0)`,
          pyFrom,
          pyTo,
        ),
      },
    },
    {
      class: 'ratio',
      question: 'debt-to-equity ratio at last month end',
      expect: {
        kind: 'value',
        gold: `select round(${bal(`a.account_subtype in ('current_debt', 'long_term_debt')`, last)} / nullif((select sum(g.credit - g.debit) ${GL} where g.period <= '${last}' and a.account_type in ('equity', 'revenue', 'expense')), 0), 2)`,
      },
    },
    {
      class: 'ratio',
      question: 'Sales commissions as a % of rev, YTD',
      expect: {
        kind: 'value',
        gold: pctOfRevenue(`coalesce(sum(g.debit - g.credit) filter (where g.account_code = '6120'), 0)`, jan, last),
      },
    },

    // ---- comparison
    {
      class: 'comparison',
      question: `How did ${b.monthName(last)} revenue compare with ${b.monthName(last)} a year ago?`,
      expect: {
        kind: 'value',
        gold: `select ${of(REV, last, last)} as current_revenue, ${of(REV, pyYtdTo, pyYtdTo)} as prior_revenue`,
      },
    },
    {
      class: 'comparison',
      question: 'YoY revenue growth YTD',
      expect: { kind: 'value', gold: `select ${change(of(REV, jan, last), of(REV, pyFrom, pyYtdTo))}` },
    },
    {
      class: 'comparison',
      question: `QoQ % change in gross profit for ${qName}`,
      expect: { kind: 'value', gold: `select ${change(of(GP, qFrom, qTo), of(GP, pqFrom, pqTo))}` },
    },
    {
      class: 'comparison',
      question: 'by how many dollars did opex change MoM last month?',
      expect: { kind: 'value', gold: `select ${of(OPEX, last, last)} - ${of(OPEX, prev, prev)}` },
    },
    {
      class: 'comparison',
      question: 'revenue actual vs budget last quarter',
      expect: {
        kind: 'value',
        gold: `select ${of(REV, qFrom, qTo)} as actual, (select coalesce(sum(bu.amount), 0) from "03_Budget" bu join "01_Account" a on a.account_code = bu.account_code where bu.period between '${qFrom}' and '${qTo}' and ${SALES}) as budget`,
      },
    },
    {
      class: 'comparison',
      question: 'opex YTD: actual vs budget',
      expect: {
        kind: 'value',
        gold: `select ${of(OPEX, jan, last)} as actual, (select coalesce(sum(bu.amount), 0) from "03_Budget" bu join "01_Account" a on a.account_code = bu.account_code where bu.period between '${jan}' and '${last}' and ${OPEX_WHERE}) as budget`,
      },
    },
    {
      class: 'comparison',
      question: 'Net income H1 vs H2 last year',
      expect: {
        kind: 'value',
        gold: `select ${of(NI, pyFrom, `${y - 1}-06`)} as h1, ${of(NI, `${y - 1}-07`, pyTo)} as h2`,
      },
    },
    {
      class: 'comparison',
      question: 'How much more did Engineering spend than Marketing last year?',
      expect: {
        kind: 'value',
        gold: `select ${deptSpend('Engineering', pyFrom, pyTo)} - ${deptSpend('Marketing', pyFrom, pyTo)}`,
      },
    },
    {
      class: 'comparison',
      question: 'change in gross margin, last quarter vs the same quarter last year, in points',
      expect: {
        kind: 'value',
        gold: `select round(${of(GP, qFrom, qTo)} * 100 / ${of(REV, qFrom, qTo)} - ${of(GP, lyqFrom, lyqTo)} * 100 / ${of(REV, lyqFrom, lyqTo)}, 2)`,
      },
    },
    {
      class: 'comparison',
      question: 'cash at the end of last month vs at the end of last year',
      expect: {
        kind: 'value',
        gold: `select ${bal(`a.account_subtype = 'cash'`, last)} as cash_now, ${bal(`a.account_subtype = 'cash'`, pyTo)} as cash_year_end`,
      },
    },

    // ---- ranking
    {
      class: 'ranking',
      question: 'top 5 customers by revenue YTD',
      expect: {
        kind: 'rows',
        gold: `select g.counterparty, ${REV} as revenue ${GL} where ${within(jan, last)} and ${SALES} group by 1 order by 2 desc limit 5`,
      },
    },
    {
      class: 'ranking',
      question: 'biggest 3 opex accounts last year',
      expect: {
        kind: 'rows',
        gold: `select a.account_name, sum(g.debit - g.credit) as amount ${GL} where ${within(pyFrom, pyTo)} and ${OPEX_WHERE} group by 1 order by 2 desc limit 3`,
      },
    },
    {
      class: 'ranking',
      question: 'which department spent the most last quarter?',
      expect: {
        kind: 'rows',
        gold: `select g.department, ${EXP} as spend ${GL} where ${within(qFrom, qTo)} and g.department is not null group by 1 order by 2 desc limit 1`,
      },
    },
    {
      class: 'ranking',
      question: 'bottom 3 customers by sales last year',
      expect: {
        kind: 'rows',
        gold: `select g.counterparty, ${REV} as revenue ${GL} where ${within(pyFrom, pyTo)} and ${SALES} group by 1 order by 2 asc limit 3`,
      },
    },
    {
      class: 'ranking',
      question: 'Top 3 suppliers by spend last year',
      expect: {
        kind: 'rows',
        gold: `select g.counterparty, sum(g.credit) as billed ${GL} where ${within(pyFrom, pyTo)} and g.account_code = '2110' and g.credit > 0 group by 1 order by 2 desc limit 3`,
      },
    },
    {
      class: 'ranking',
      question: 'Which month last year had the highest revenue?',
      expect: {
        kind: 'rows',
        gold: `select g.period, ${REV} as revenue ${GL} where ${within(pyFrom, pyTo)} group by 1 order by 2 desc limit 1`,
      },
    },
    {
      class: 'ranking',
      question: "rank last year's quarters by net income, best first",
      expect: {
        kind: 'rows',
        gold: `select ${QUARTER} as quarter, ${NI} as net_income ${GL} where ${within(pyFrom, pyTo)} group by 1 order by 2 desc`,
      },
    },
    {
      class: 'ranking',
      question: `top 5 expense accounts in ${b.monthName(last)}`,
      expect: {
        kind: 'rows',
        gold: `select a.account_name, sum(g.debit - g.credit) as amount ${GL} where ${within(last, last)} and a.account_type = 'expense' group by 1 order by 2 desc limit 5`,
      },
    },
    {
      class: 'ranking',
      question: 'our three largest revenue accounts last quarter',
      expect: {
        kind: 'rows',
        gold: `select a.account_name, sum(g.credit - g.debit) as revenue ${GL} where ${within(qFrom, qTo)} and ${SALES} group by 1 order by 2 desc limit 3`,
      },
    },
    {
      class: 'ranking',
      question: 'which 3 months had the highest opex last year',
      expect: {
        kind: 'rows',
        gold: `select g.period, ${OPEX} as opex ${GL} where ${within(pyFrom, pyTo)} group by 1 order by 2 desc limit 3`,
      },
    },

    // ---- customers and vendors
    {
      class: 'customers and vendors',
      question: 'How much revenue did Northwind Marine Systems bring in last year?',
      expect: { kind: 'value', gold: one(REV, pyFrom, pyTo, `and g.counterparty = 'Northwind Marine Systems'`) },
    },
    {
      class: 'customers and vendors',
      question: 'what have we paid Western Bar & Plate so far this year',
      expect: { kind: 'value', gold: paid('Western Bar & Plate', jan, last) },
    },
    {
      class: 'customers and vendors',
      question: "Cascade Hydraulics' share of total revenue last year (%)",
      expect: {
        kind: 'value',
        gold: `select ${pct(of(REV, pyFrom, pyTo, `and g.counterparty = 'Cascade Hydraulics Inc.'`), of(REV, pyFrom, pyTo))}`,
      },
    },
    {
      class: 'customers and vendors',
      question: `how much did we sell to Pacific Rail Equipment Co. in ${qName}?`,
      expect: { kind: 'value', gold: one(REV, qFrom, qTo, `and g.counterparty = 'Pacific Rail Equipment Co.'`) },
    },
    {
      class: 'customers and vendors',
      question: 'payments to Tacoma Public Utilities last yr',
      expect: { kind: 'value', gold: paid('Tacoma Public Utilities', pyFrom, pyTo) },
    },
    {
      class: 'customers and vendors',
      question: 'how much cash did we collect from Ironclad Mining Supply last quarter?',
      expect: {
        kind: 'value',
        gold: `select coalesce(sum(g.debit - g.credit), 0) ${GL} where ${within(qFrom, qTo)} and a.account_subtype = 'cash' and g.counterparty = 'Ironclad Mining Supply'`,
      },
    },
    {
      class: 'customers and vendors',
      question: `what did Ryerson Metals Northwest invoice us for in ${qName}`,
      expect: { kind: 'value', gold: billed('Ryerson Metals Northwest', qFrom, qTo) },
    },
    {
      class: 'customers and vendors',
      question: 'Redwood Aerospace Structures revenue by month, last quarter',
      expect: {
        kind: 'rows',
        gold: `select g.period, ${REV} as revenue ${GL} where ${within(qFrom, qTo)} and g.counterparty = 'Redwood Aerospace Structures' group by 1 order by 1`,
      },
    },
    {
      class: 'customers and vendors',
      question: 'Rainier Robotics revenue YTD vs PY YTD',
      expect: {
        kind: 'value',
        gold: `select ${of(REV, jan, last, `and g.counterparty = 'Rainier Robotics'`)} as ytd, ${of(REV, pyFrom, pyYtdTo, `and g.counterparty = 'Rainier Robotics'`)} as prior_ytd`,
      },
    },
    {
      class: 'customers and vendors',
      question: 'How much did Haas Factory Outlet Seattle bill us last year?',
      expect: { kind: 'value', gold: billed('Haas Factory Outlet Seattle', pyFrom, pyTo) },
    },
    {
      class: 'customers and vendors',
      question: 'early payment discounts Harborview Medical Devices took last year',
      expect: {
        kind: 'value',
        gold: `${accountSum(['4910'], pyFrom, pyTo)} and g.counterparty = 'Harborview Medical Devices'`,
      },
    },

    // ---- vocabulary
    { class: 'vocabulary', question: 'top line last month?', expect: { kind: 'value', gold: one(REV, last, last) } },
    { class: 'vocabulary', question: 'bottom line YTD', expect: { kind: 'value', gold: one(NI, jan, last) } },
    {
      class: 'vocabulary',
      question: 'AR balance end of last month',
      expect: { kind: 'value', gold: balanceAt(`a.account_subtype = 'receivable'`, last) },
    },
    {
      class: 'vocabulary',
      question: `accounts payable at ${b.monthName(qTo)} ${qTo.slice(0, 4)} month end`,
      expect: { kind: 'value', gold: balanceAt(`a.account_subtype = 'payable'`, qTo) },
    },
    {
      class: 'vocabulary',
      question: 'how much cash do we have on hand',
      expect: { kind: 'value', gold: balanceAt(`a.account_subtype = 'cash'`, last) },
    },
    {
      class: 'vocabulary',
      question: 'gross margin dollars last year',
      expect: { kind: 'value', gold: one(GP, pyFrom, pyTo) },
    },
    {
      class: 'vocabulary',
      question: `inventory on the balance sheet at the end of ${qName}`,
      expect: { kind: 'value', gold: balanceAt(`a.account_subtype = 'inventory'`, qTo) },
    },
    {
      class: 'vocabulary',
      question: 'avg monthly cash burn over last quarter',
      expect: {
        kind: 'value',
        gold: `select round((${bal(`a.account_subtype = 'cash'`, b.shift(qFrom, -1))} - ${bal(`a.account_subtype = 'cash'`, qTo)}) / 3, 2)`,
      },
    },
    {
      class: 'vocabulary',
      question: 'working capital at month end',
      expect: { kind: 'value', gold: `select ${bal(CURRENT_ASSETS, last)} - ${bal(CURRENT_LIABILITIES, last)}` },
    },
    {
      class: 'vocabulary',
      question: "what's drawn on the revolver right now?",
      expect: { kind: 'value', gold: balanceAt(`g.account_code = '2520'`, last) },
    },
    {
      class: 'vocabulary',
      question: 'net PP&E at the end of last month',
      expect: {
        kind: 'value',
        gold: balanceAt(`a.account_subtype in ('fixed_asset', 'accumulated_depreciation')`, last),
      },
    },

    // ---- account vs metric
    {
      class: 'account vs metric',
      question: 'Sales Salaries YTD',
      expect: { kind: 'value', gold: accountSum(['6110'], jan, last) },
    },
    {
      class: 'account vs metric',
      question: 'what did sales commissions cost us last year',
      expect: { kind: 'value', gold: accountSum(['6120'], pyFrom, pyTo) },
    },
    {
      class: 'account vs metric',
      question: 'freight billed to customers last quarter',
      expect: { kind: 'value', gold: accountSum(['4310'], qFrom, qTo) },
    },
    {
      class: 'account vs metric',
      question: 'Freight Out vs Freight In, last year',
      expect: {
        kind: 'value',
        gold: `select (${accountSum(['5420'], pyFrom, pyTo)}) as freight_out, (${accountSum(['5410'], pyFrom, pyTo)}) as freight_in`,
      },
    },
    {
      class: 'account vs metric',
      question: 'interest income ytd',
      expect: { kind: 'value', gold: accountSum(['8110'], jan, last) },
    },
    {
      class: 'account vs metric',
      question: 'Bad debt expense for last year?',
      expect: { kind: 'value', gold: accountSum(['7680'], pyFrom, pyTo) },
    },
    {
      class: 'account vs metric',
      question: `Depreciation - Manufacturing in ${qName}`,
      expect: { kind: 'value', gold: accountSum(['5360'], qFrom, qTo) },
    },
    {
      class: 'account vs metric',
      question: 'How much Engineering Services revenue did we book last month?',
      expect: { kind: 'value', gold: accountSum(['4210'], last, last) },
    },
    {
      class: 'account vs metric',
      question: 'Product Sales last year',
      expect: {
        kind: 'value',
        gold: one(`coalesce(${READING}, 0)`, pyFrom, pyTo, `and a.parent_code = '4100'`),
      },
    },
    {
      class: 'account vs metric',
      question: 'sales returns and allowances YTD',
      expect: { kind: 'value', gold: accountSum(['4920'], jan, last) },
    },
    {
      class: 'account vs metric',
      question: 'Operations Salaries last quarter',
      expect: { kind: 'value', gold: accountSum(['6410'], qFrom, qTo) },
    },

    // ---- decomposition
    {
      class: 'decomposition',
      question: 'what drove the change in opex last month vs the month before? top 5 accounts',
      expect: {
        kind: 'rows',
        gold: `select a.account_name, sum(case when g.period = '${last}' then g.debit - g.credit else g.credit - g.debit end) as change ${GL} where g.period in ('${prev}', '${last}') and ${OPEX_WHERE} group by 1 having sum(case when g.period = '${last}' then g.debit - g.credit else g.credit - g.debit end) <> 0 order by abs(sum(case when g.period = '${last}' then g.debit - g.credit else g.credit - g.debit end)) desc, 1 limit 5`,
      },
    },
    {
      class: 'decomposition',
      question: 'break down the YoY change in YTD revenue by customer, top 3',
      expect: {
        kind: 'rows',
        gold: `select g.counterparty, sum(case when g.period >= '${jan}' then g.credit - g.debit else g.debit - g.credit end) as change ${GL} where (${within(jan, last)} or ${within(pyFrom, pyYtdTo)}) and ${SALES} group by 1 having sum(case when g.period >= '${jan}' then g.credit - g.debit else g.debit - g.credit end) <> 0 order by abs(sum(case when g.period >= '${jan}' then g.credit - g.debit else g.debit - g.credit end)) desc, 1 limit 3`,
      },
    },
    {
      class: 'decomposition',
      question: `Which accounts explain the change in COGS from ${pqName} to ${qName}? Top 3`,
      expect: {
        kind: 'rows',
        gold: `select a.account_name, sum(case when g.period >= '${qFrom}' then g.debit - g.credit else g.credit - g.debit end) as change ${GL} where ${within(pqFrom, qTo)} and a.account_subtype = 'cost_of_sales' group by 1 having sum(case when g.period >= '${qFrom}' then g.debit - g.credit else g.credit - g.debit end) <> 0 order by abs(sum(case when g.period >= '${qFrom}' then g.debit - g.credit else g.credit - g.debit end)) desc, 1 limit 3`,
      },
    },
    {
      class: 'decomposition',
      question: "break down this year's change in spend vs the same months last year by department",
      expect: {
        kind: 'rows',
        gold: `select g.department, sum(case when g.period >= '${jan}' then g.debit - g.credit else g.credit - g.debit end) as change ${GL} where (${within(jan, last)} or ${within(pyFrom, pyYtdTo)}) and a.account_type = 'expense' and g.department is not null group by 1 having sum(case when g.period >= '${jan}' then g.debit - g.credit else g.credit - g.debit end) <> 0 order by abs(sum(case when g.period >= '${jan}' then g.debit - g.credit else g.credit - g.debit end)) desc, 1`,
      },
    },
    {
      class: 'decomposition',
      question: 'which product lines drove revenue growth last quarter vs the same quarter a year ago? top 3 accounts',
      expect: {
        kind: 'rows',
        gold: `select a.account_name, sum(case when g.period >= '${qFrom}' then g.credit - g.debit else g.debit - g.credit end) as change ${GL} where (${within(qFrom, qTo)} or ${within(lyqFrom, lyqTo)}) and ${SALES} group by 1 having sum(case when g.period >= '${qFrom}' then g.credit - g.debit else g.debit - g.credit end) <> 0 order by abs(sum(case when g.period >= '${qFrom}' then g.credit - g.debit else g.debit - g.credit end)) desc, 1 limit 3`,
      },
    },
    {
      class: 'decomposition',
      question: 'split last year revenue by account',
      expect: {
        kind: 'rows',
        gold: `select a.account_name, sum(g.credit - g.debit) as revenue ${GL} where ${within(pyFrom, pyTo)} and ${SALES} group by 1 order by 2 desc`,
      },
    },
    {
      class: 'decomposition',
      question: 'break down opex last month by department',
      expect: {
        kind: 'rows',
        gold: `select g.department, ${OPEX} as opex ${GL} where ${within(last, last)} and g.department is not null group by 1 having ${OPEX} <> 0 order by 2 desc`,
      },
    },
    {
      class: 'decomposition',
      question: `which customers drove the revenue change from ${b.monthName(prev)} to ${b.monthName(last)}? top 5`,
      expect: {
        kind: 'rows',
        gold: `select g.counterparty, sum(case when g.period = '${last}' then g.credit - g.debit else g.debit - g.credit end) as change ${GL} where g.period in ('${prev}', '${last}') and ${SALES} group by 1 having sum(case when g.period = '${last}' then g.credit - g.debit else g.debit - g.credit end) <> 0 order by abs(sum(case when g.period = '${last}' then g.credit - g.debit else g.debit - g.credit end)) desc, 1 limit 5`,
      },
    },
    {
      class: 'decomposition',
      question: 'why did cash move last month? break the change down by account',
      expect: {
        kind: 'rows',
        gold: `select a.account_name, sum(g.debit - g.credit) as change ${GL} where ${within(last, last)} and a.account_subtype = 'cash' group by 1 having sum(g.debit - g.credit) <> 0 order by abs(sum(g.debit - g.credit)) desc, 1`,
      },
    },
    {
      class: 'decomposition',
      question: `COGS for ${qName} broken down by account group`,
      expect: {
        kind: 'rows',
        gold: `select p.account_name, sum(g.debit - g.credit) as cogs ${GL} join "01_Account" p on p.account_code = a.parent_code where ${within(qFrom, qTo)} and a.account_subtype = 'cost_of_sales' group by 1 order by 2 desc`,
      },
    },

    // ---- distinct count
    {
      class: 'distinct count',
      question: 'How many customers did we invoice last month?',
      expect: {
        kind: 'value',
        gold: `select count(distinct g.counterparty) ${GL} where ${within(last, last)} and ${SALES}`,
      },
    },
    {
      class: 'distinct count',
      question: 'how many different suppliers billed us last year',
      expect: {
        kind: 'value',
        gold: `select count(distinct g.counterparty) ${GL} where ${within(pyFrom, pyTo)} and g.account_code = '2110' and g.credit > 0`,
      },
    },
    {
      class: 'distinct count',
      question: 'number of sales invoices issued YTD',
      expect: {
        kind: 'value',
        gold: `select count(distinct g.reference) ${GL} where ${within(jan, last)} and ${SALES}`,
      },
    },
    {
      class: 'distinct count',
      question: `How many journal entries were posted in ${full(last)}?`,
      expect: { kind: 'value', gold: `select count(distinct g.journal_id) ${GL} where ${within(last, last)}` },
    },
    {
      class: 'distinct count',
      question: 'count of active customers over the trailing 12 months',
      expect: {
        kind: 'value',
        gold: `select count(distinct g.counterparty) ${GL} where ${within(ttmFrom, last)} and ${SALES}`,
      },
    },
    {
      class: 'distinct count',
      question: 'how many GL accounts had activity last quarter?',
      expect: { kind: 'value', gold: `select count(distinct g.account_code) ${GL} where ${within(qFrom, qTo)}` },
    },
    {
      class: 'distinct count',
      question: 'How many expense accounts did we post to last month?',
      expect: {
        kind: 'value',
        gold: `select count(distinct g.account_code) ${GL} where ${within(last, last)} and a.account_type = 'expense'`,
      },
    },
    {
      class: 'distinct count',
      question: 'how many customers bought custom assemblies last year',
      expect: {
        kind: 'value',
        gold: `select count(distinct g.counterparty) ${GL} where ${within(pyFrom, pyTo)} and g.account_code = '4130'`,
      },
    },
    {
      class: 'distinct count',
      question: `# of vendors we paid in ${qName}`,
      expect: {
        kind: 'value',
        gold: `select count(distinct g.counterparty) ${GL} where ${within(qFrom, qTo)} and a.account_subtype = 'cash' and g.credit > 0 and g.counterparty in (select s.counterparty from "02_GL_Detail" s where s.account_code = '2110' and s.credit > 0)`,
      },
    },
    {
      class: 'distinct count',
      question: 'How many customers took an early payment discount last year?',
      expect: {
        kind: 'value',
        gold: `select count(distinct g.counterparty) ${GL} where ${within(pyFrom, pyTo)} and g.account_code = '4910'`,
      },
    },

    // ---- unknown account
    { class: 'unknown account', question: 'royalty income last year', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'How much goodwill amortization did we book YTD?', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'warranty expense last quarter', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'what is our crypto holdings balance', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'Sales - Software Licenses revenue this year', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'charitable donations in 2nd half of last year', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'customer deposits balance at month end', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'How much did the HR department spend last year?', expect: { kind: 'ask' } },
    {
      class: 'unknown account',
      question: 'Raw Materials - Titanium inventory at the end of last month',
      expect: { kind: 'ask' },
    },
    { class: 'unknown account', question: 'revenue from Boeing Commercial Airplanes YTD', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'lease liability (ASC 842) balance', expect: { kind: 'ask' } },

    // ---- unanswerable
    { class: 'unanswerable', question: 'forecast revenue for next quarter', expect: { kind: 'ask' } },
    { class: 'unanswerable', question: 'what will our cash balance be in 6 months?', expect: { kind: 'ask' } },
    { class: 'unanswerable', question: `revenue in ${full(beforeBooks)}`, expect: { kind: 'ask' } },
    { class: 'unanswerable', question: `projected net income for FY${y + 1}`, expect: { kind: 'ask' } },
    { class: 'unanswerable', question: 'headcount in Engineering', expect: { kind: 'ask' } },
    { class: 'unanswerable', question: "what's our NPS score", expect: { kind: 'ask' } },
    { class: 'unanswerable', question: 'quota attainment for the sales reps last quarter', expect: { kind: 'ask' } },
    { class: 'unanswerable', question: 'What is our stock price today?', expect: { kind: 'ask' } },
    {
      class: 'unanswerable',
      question: 'how many units of hydraulic fittings did we ship last month',
      expect: { kind: 'ask' },
    },
    { class: 'unanswerable', question: `opex budget for ${y + 2}`, expect: { kind: 'ask' } },
    { class: 'unanswerable', question: `gross profit for ${y - 3}`, expect: { kind: 'ask' } },

    // ---- context
    {
      class: 'context',
      before: ['revenue last quarter'],
      question: 'and the quarter before?',
      expect: { kind: 'value', gold: one(REV, pqFrom, pqTo) },
    },
    {
      class: 'context',
      before: ['opex YTD'],
      question: 'and for the whole of last year?',
      expect: { kind: 'value', gold: one(OPEX, pyFrom, pyTo) },
    },
    {
      class: 'context',
      before: ['top 3 customers by revenue last year'],
      question: 'same for suppliers',
      expect: {
        kind: 'rows',
        gold: `select g.counterparty, sum(g.credit) as billed ${GL} where ${within(pyFrom, pyTo)} and g.account_code = '2110' and g.credit > 0 group by 1 order by 2 desc limit 3`,
      },
    },
    {
      class: 'context',
      before: ['gross margin last month'],
      question: 'and net margin?',
      expect: { kind: 'value', gold: pctOfRevenue(NI, last, last) },
    },
    {
      class: 'context',
      before: ['How much did we pay Tacoma Public Utilities last year?'],
      question: 'What about Puget Sound Energy?',
      expect: { kind: 'value', gold: paid('Puget Sound Energy', pyFrom, pyTo) },
    },
    {
      class: 'context',
      before: ['Revenue by month for last quarter'],
      question: 'What was total cash at the end of last year?',
      expect: { kind: 'value', gold: balanceAt(`a.account_subtype = 'cash'`, pyTo) },
    },
    {
      class: 'context',
      before: ['net income last year'],
      question: "what's the weather in Tacoma tomorrow?",
      expect: { kind: 'ask' },
    },
    {
      class: 'context',
      before: ['Engineering department spend YTD'],
      question: 'and Marketing?',
      expect: { kind: 'value', gold: `select ${deptSpend('Marketing', jan, last)}` },
    },
    {
      class: 'context',
      before: ['revenue from Cascade Hydraulics Inc. last year'],
      question: 'how about Northwind Marine Systems',
      expect: { kind: 'value', gold: one(REV, pyFrom, pyTo, `and g.counterparty = 'Northwind Marine Systems'`) },
    },
    {
      class: 'context',
      before: ['COGS last quarter'],
      question: 'break it down by month',
      expect: {
        kind: 'rows',
        gold: `select g.period, ${COGS} as cogs ${GL} where ${within(qFrom, qTo)} group by 1 order by 1`,
      },
    },
    {
      class: 'context',
      before: [`What was revenue in ${b.monthName(last)}?`],
      question: 'tell me a joke about accountants',
      expect: { kind: 'ask' },
    },
    {
      class: 'context',
      before: ['AR at the end of last month'],
      question: 'and AP?',
      expect: { kind: 'value', gold: balanceAt(`a.account_subtype = 'payable'`, last) },
    },
  ];
};
