/**
 * The fourth held-out set of Chat DB: about 120 questions over the demo books (Harbor Precision Components), ten
 * or so per class, written without sight of the parser, the compiler or the earlier sets — only from the chart of
 * accounts, the demo generator, the KPI definitions and case.ts. Phrasings are what a CFO, controller, FP&A
 * analyst, bookkeeper or owner would type into a chat box: terse or chatty, with abbreviations and a few typos.
 * Every date is relative to the books' calendar (`b`), so the set stays right as the demo's months move.
 *
 * Definitions chosen (where a finance reader could choose otherwise):
 * - Revenue, cost of sales, operating expenses, net income, gross profit as case.ts (REV, COGS, OPEX, NI, GP):
 *   revenue excludes other income; the demo's sales discounts and returns are expense accounts and count as
 *   expenses. "Total expenses" / "all expenses" = every expense account (EXP); "opex" = OPEX.
 * - EBITDA = gross profit − operating expenses (docs/kpis.md); pre-tax income = net income + income tax expense.
 * - Percentages and ratios are rounded to 2 decimals; a change in % is (current − earlier) ÷ |earlier| × 100; a
 *   margin's change is in percentage points.
 * - "Last month" is the books' latest month; "this year" / YTD is January of its year to it; "last year" the whole
 *   calendar year before; "last quarter" the latest complete calendar quarter; "the last N months" the N months
 *   ending with the latest.
 * - Balances (cash, receivables, payables, current assets and liabilities) at the end of a month, from every
 *   movement up to it; current assets / liabilities as the Balance Sheet's current groups (docs/kpis.md).
 * - Revenue from a customer = revenue lines with that counterparty; paid to someone = cash lines with that
 *   counterparty (credit − debit); billed by a supplier = credits to payable lines with it; collected from a
 *   customer = cash lines with it (debit − credit). What a customer owes or we owe is asked only of counterparties
 *   with no opening balance (opening receivables and payables carry no counterparty in the demo).
 * - Budget comparisons: actual, budget and variance = actual − budget, budget from 03_Budget in reading signs.
 * - Breakdowns of a change ("what drove", "break down the change") list the components whose change is not zero,
 *   largest absolute change first, each with its change; a plain breakdown lists the largest amount first.
 * - Invoices are the distinct references of revenue lines; journal entries are distinct journal ids.
 */
import { COGS, EXP, GL, GP, NI, OPEX, OPEX_EXCLUDED, REV, balanceAt, one, pctOfRevenue, within } from './case.ts';
import type { Books, HeldOutCase } from './case.ts';

const CURRENT_ASSETS = `a.account_subtype in ('cash', 'receivable', 'inventory', 'prepaid', 'other_current_asset')`;
const CURRENT_LIABILITIES = `a.account_subtype in ('payable', 'credit_card', 'accrued_liability', 'payroll_liability', 'tax_liability', 'deferred_revenue', 'current_debt')`;
const IS_REVENUE = `a.account_type = 'revenue' and coalesce(a.account_subtype, '') <> 'other_income'`;
const IS_OPEX = `a.account_type = 'expense' and coalesce(a.account_subtype, '') not in ${OPEX_EXCLUDED}`;
const IS_CASH = `a.account_subtype = 'cash'`;
/** A counterparty that billed us (has payable lines). */
const SUPPLIER = `g.counterparty in (select g2.counterparty from "02_GL_Detail" g2 join "01_Account" a2 on a2.account_code = g2.account_code where a2.account_subtype = 'payable' and g2.credit > 0)`;
const QUARTER = `left(g.period, 4) || '-Q' || ((cast(right(g.period, 2) as integer) + 2) / 3)`;

export const questions = (b: Books): HeldOutCase[] => {
  const L = b.last;
  const Y = b.year;
  const PY = Y - 1;
  const prev = b.shift(L, -1);
  const ly = b.shift(L, -12);
  const mon = b.monthName;
  /** "October 2026". */
  const my = (period: string) => `${b.monthName(period)} ${period.slice(0, 4)}`;
  const ytd: [string, string] = [`${Y}-01`, L];
  const ytdLy: [string, string] = [`${PY}-01`, ly];
  const lastYear: [string, string] = [`${PY}-01`, `${PY}-12`];
  const days = (period: string) =>
    new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5)), 0)).getUTCDate();
  // The latest complete calendar quarter, the one before it and the same quarter a year earlier.
  let qEnd = L;
  while (Number(qEnd.slice(5)) % 3 !== 0) qEnd = b.shift(qEnd, -1);
  const q: [string, string] = [b.shift(qEnd, -2), qEnd];
  const qPrev: [string, string] = [b.shift(qEnd, -5), b.shift(qEnd, -3)];
  const qLy: [string, string] = [b.shift(qEnd, -14), b.shift(qEnd, -12)];
  const qNo = Number(qEnd.slice(5)) / 3;
  const qYear = qEnd.slice(0, 4);
  const qPrevNo = Number(qPrev[1].slice(5)) / 3;
  const qPrevYear = qPrev[1].slice(0, 4);
  const firstYear = Number(b.first.slice(0, 4));

  const range = (r: [string, string]) => within(r[0], r[1]);
  const gm = `round(${GP} * 100 / nullif(${REV}, 0), 2)`;
  /** One figure over a range, as a scalar subquery. */
  const sub = (figure: string, r: [string, string], extra = '') => `(${one(figure, r[0], r[1], extra)})`;
  /** The current and earlier figures, and whichever of change and % change are asked. */
  const compare = (cur: string, earlier: string, columns: ('cur' | 'prev' | 'chg' | 'pct')[]) =>
    `select ${columns
      .map(
        (column) =>
          ({
            cur: 'cur',
            prev: 'prev',
            chg: 'cur - prev',
            pct: 'round((cur - prev) * 100 / nullif(abs(prev), 0), 2)',
          })[column],
      )
      .join(', ')} from (select ${cur} as cur, ${earlier} as prev) t`;
  const cashAt = (period: string) => `(${balanceAt(IS_CASH, period)})`;
  const budget = (where: string, r: [string, string]) =>
    `(select coalesce(sum(bu.amount), 0) from "03_Budget" bu join "01_Account" a on a.account_code = bu.account_code where bu.period between '${r[0]}' and '${r[1]}' and ${where})`;
  /** Actual, budget and variance of accounts matching `where` (reading sign `amount`) over a range, of a department. */
  const vsBudget = (amount: string, where: string, r: [string, string], department?: string) =>
    `select actual, budget, actual - budget from (select (select coalesce(sum(${amount}), 0) ${GL} where ${range(r)} and ${where}${department ? ` and g.department = '${department}'` : ''}) as actual, ${budget(`${where}${department ? ` and bu.department = '${department}'` : ''}`, r)} as budget) t`;
  /** A breakdown of the change of `amount` by `key` between two ranges, largest absolute change first. */
  const drivers = (
    key: string,
    amount: string,
    cur: [string, string],
    earlier: [string, string],
    where: string,
    limit?: number,
  ) =>
    `select key, change from (select ${key} as key, sum(case when ${range(cur)} then ${amount} else -(${amount}) end) as change ${GL} where (${range(cur)} or ${range(earlier)}) and ${where} group by ${key}) t where change <> 0 order by abs(change) desc, key${limit ? ` limit ${limit}` : ''}`;
  /** Amounts by `key` over a range, ordered. */
  const by = (key: string, amount: string, r: [string, string], where: string, order: string, limit?: number) =>
    `select key, amount from (select ${key} as key, sum(${amount}) as amount ${GL} where ${range(r)} and ${where} group by ${key}) t order by ${order}${limit ? ` limit ${limit}` : ''}`;
  const cp = (name: string) => `g.counterparty = '${name.replace(/'/g, "''")}'`;
  const CR = 'g.credit - g.debit';
  const DR = 'g.debit - g.credit';
  const revenueOf = (customer: string, r: [string, string]) => one(REV, r[0], r[1], `and ${cp(customer)}`);
  const paidTo = (payee: string, r: [string, string]) =>
    `select coalesce(sum(${CR}), 0) ${GL} where ${range(r)} and ${IS_CASH} and ${cp(payee)}`;
  const billedBy = (supplier: string, r: [string, string]) =>
    `select coalesce(sum(g.credit), 0) ${GL} where ${range(r)} and a.account_subtype = 'payable' and ${cp(supplier)}`;
  const account = (name: string, r: [string, string], amount = DR) =>
    `select coalesce(sum(${amount}), 0) ${GL} where ${range(r)} and a.account_name = '${name}'`;
  const count = (what: string, r: [string, string], where: string) =>
    `select count(distinct ${what}) ${GL} where ${range(r)} and ${where}`;
  const month = (period: string): [string, string] => [period, period];

  return [
    // ---------------------------------------------------------------- time
    { class: 'time', question: 'revenue last month?', expect: { kind: 'value', gold: one(REV, L, L) } },
    {
      class: 'time',
      question: `What were our total sales in Q${qNo} ${qYear}?`,
      expect: { kind: 'value', gold: one(REV, ...q) },
    },
    { class: 'time', question: 'opex ytd', expect: { kind: 'value', gold: one(OPEX, ...ytd) } },
    {
      class: 'time',
      question: `What was net income for FY${PY}?`,
      expect: { kind: 'value', gold: one(NI, ...lastYear) },
    },
    {
      class: 'time',
      question: `How much cost of goods sold did we have in the first half of ${PY}?`,
      expect: { kind: 'value', gold: one(COGS, `${PY}-01`, `${PY}-06`) },
    },
    {
      class: 'time',
      question: 'gross profit over the last 3 months',
      expect: { kind: 'value', gold: one(GP, b.shift(L, -2), L) },
    },
    {
      class: 'time',
      question: 'Can you pull trailing twelve month revenue for me?',
      expect: { kind: 'value', gold: one(REV, b.shift(L, -11), L) },
    },
    {
      class: 'time',
      question: `what was revenue in ${mon(b.shift(L, -2))}`,
      expect: { kind: 'value', gold: one(REV, b.shift(L, -2), b.shift(L, -2)) },
    },
    {
      class: 'time',
      question: `What was our cash balance at the end of ${my(ly)}?`,
      expect: { kind: 'value', gold: balanceAt(IS_CASH, ly) },
    },
    {
      class: 'time',
      question: `total expenses from March through May ${PY}`,
      expect: { kind: 'value', gold: one(EXP, `${PY}-03`, `${PY}-05`) },
    },
    {
      class: 'time',
      question: 'show me net income month by month for the last six months',
      expect: {
        kind: 'rows',
        gold: `select g.period, ${NI} ${GL} where ${within(b.shift(L, -5), L)} group by g.period order by g.period`,
      },
    },

    // ---------------------------------------------------------------- ratio
    {
      class: 'ratio',
      question: 'whats our gross margin % for last month',
      expect: { kind: 'value', gold: `select ${gm} ${GL} where ${within(L, L)}` },
    },
    {
      class: 'ratio',
      question: 'Net margin year to date?',
      expect: { kind: 'value', gold: pctOfRevenue(NI, ...ytd) },
    },
    {
      class: 'ratio',
      question: `Operating expenses as a percentage of revenue for ${PY}`,
      expect: { kind: 'value', gold: pctOfRevenue(OPEX, ...lastYear) },
    },
    {
      class: 'ratio',
      question: 'What share of this year’s revenue came from hydraulic fittings?',
      expect: {
        kind: 'value',
        gold: pctOfRevenue(`sum(${CR}) filter (where a.account_name = 'Sales - Hydraulic Fittings')`, ...ytd),
      },
    },
    {
      class: 'ratio',
      question: `direct labor as a % of COGS in Q${qNo} ${qYear}`,
      expect: {
        kind: 'value',
        gold: `select round(coalesce(sum(${DR}) filter (where a.account_code in ('5210', '5220', '5230')), 0) * 100 / nullif(${COGS}, 0), 2) ${GL} where ${range(q)}`,
      },
    },
    {
      class: 'ratio',
      question: 'What is the current ratio at the end of last month?',
      expect: {
        kind: 'value',
        gold: `select round((${balanceAt(CURRENT_ASSETS, L)}) / nullif((${balanceAt(CURRENT_LIABILITIES, L)}), 0), 2)`,
      },
    },
    {
      class: 'ratio',
      question: `quick ratio as of ${my(qEnd)}`,
      expect: {
        kind: 'value',
        gold: `select round((${balanceAt(`a.account_subtype in ('cash', 'receivable')`, qEnd)}) / nullif((${balanceAt(CURRENT_LIABILITIES, qEnd)}), 0), 2)`,
      },
    },
    {
      class: 'ratio',
      question: `What percent of our ${PY} sales was Cascade Hydraulics?`,
      expect: {
        kind: 'value',
        gold: pctOfRevenue(
          `coalesce(sum(${CR}) filter (where ${IS_REVENUE} and g.counterparty = 'Cascade Hydraulics Inc.'), 0)`,
          ...lastYear,
        ),
      },
    },
    {
      class: 'ratio',
      question: 'materials cost as a percent of sales last quarter',
      expect: {
        kind: 'value',
        gold: pctOfRevenue(
          `coalesce(sum(${DR}) filter (where a.account_code in ('5110', '5120', '5130', '5140')), 0)`,
          ...q,
        ),
      },
    },
    {
      class: 'ratio',
      question: `EBITDA margin for ${PY}?`,
      expect: { kind: 'value', gold: pctOfRevenue(`(${GP} - ${OPEX})`, ...lastYear) },
    },

    // ---------------------------------------------------------------- comparison
    {
      class: 'comparison',
      question: `How did revenue in ${my(L)} compare to ${my(prev)}? give me the $ and % change`,
      expect: { kind: 'value', gold: compare(sub(REV, month(L)), sub(REV, month(prev)), ['chg', 'pct']) },
    },
    {
      class: 'comparison',
      question: `opex Q${qNo} vs Q${qPrevNo}${qPrevYear === qYear ? '' : ` ${qPrevYear}`} — what's the % change?`,
      expect: { kind: 'value', gold: compare(sub(OPEX, q), sub(OPEX, qPrev), ['pct']) },
    },
    {
      class: 'comparison',
      question: 'Revenue growth YTD vs the same period last year, in %',
      expect: { kind: 'value', gold: compare(sub(REV, ytd), sub(REV, ytdLy), ['pct']) },
    },
    {
      class: 'comparison',
      question: `How much higher or lower was net income in ${my(L)} than in ${my(ly)}?`,
      expect: { kind: 'value', gold: compare(sub(NI, month(L)), sub(NI, month(ly)), ['chg']) },
    },
    {
      class: 'comparison',
      question: 'How are we tracking against budget on revenue this year?',
      expect: { kind: 'value', gold: vsBudget(CR, IS_REVENUE, ytd) },
    },
    {
      class: 'comparison',
      question: 'were operating expenses over or under budget last month, and by how much',
      expect: { kind: 'value', gold: vsBudget(DR, IS_OPEX, month(L)) },
    },
    {
      class: 'comparison',
      question: `cash now vs at the end of ${PY}`,
      expect: { kind: 'value', gold: compare(cashAt(L), cashAt(`${PY}-12`), ['cur', 'prev', 'chg']) },
    },
    {
      class: 'comparison',
      question: `How much have receivables gone up or down since the end of ${my(ly)}?`,
      expect: {
        kind: 'value',
        gold: compare(
          `(${balanceAt(`a.account_subtype = 'receivable'`, L)})`,
          `(${balanceAt(`a.account_subtype = 'receivable'`, ly)})`,
          ['chg'],
        ),
      },
    },
    {
      class: 'comparison',
      question: `Q${qNo} ${qYear} sales vs Q${qNo} ${Number(qYear) - 1}, % change?`,
      expect: { kind: 'value', gold: compare(sub(REV, q), sub(REV, qLy), ['pct']) },
    },
    {
      class: 'comparison',
      question: `Marketing department spend vs budget for ${PY}`,
      expect: { kind: 'value', gold: vsBudget(DR, `a.account_type = 'expense'`, lastYear, 'Marketing') },
    },
    {
      class: 'comparison',
      question: `gross margin ${mon(L)} vs ${mon(prev)} — how many points did it move?`,
      expect: {
        kind: 'value',
        gold: compare(
          `(select ${gm} ${GL} where ${within(L, L)})`,
          `(select ${gm} ${GL} where ${within(prev, prev)})`,
          ['chg'],
        ),
      },
    },

    // ---------------------------------------------------------------- ranking
    {
      class: 'ranking',
      question: 'top 5 customers by revenue ytd',
      expect: {
        kind: 'rows',
        gold: by('g.counterparty', CR, ytd, `${IS_REVENUE} and g.counterparty is not null`, 'amount desc', 5),
      },
    },
    {
      class: 'ranking',
      question: `Which month in ${PY} had the highest revenue?`,
      expect: { kind: 'rows', gold: by('g.period', CR, lastYear, IS_REVENUE, 'amount desc', 1) },
    },
    {
      class: 'ranking',
      question: 'What were our three biggest expense accounts last quarter?',
      expect: { kind: 'rows', gold: by('a.account_name', DR, q, `a.account_type = 'expense'`, 'amount desc', 3) },
    },
    {
      class: 'ranking',
      question: 'which department has spent the most on opex this year',
      expect: {
        kind: 'rows',
        gold: by('g.department', DR, ytd, `${IS_OPEX} and g.department is not null`, 'amount desc', 1),
      },
    },
    {
      class: 'ranking',
      question: 'worst month for sales in the last 12 months?',
      expect: { kind: 'rows', gold: by('g.period', CR, [b.shift(L, -11), L], IS_REVENUE, 'amount asc', 1) },
    },
    {
      class: 'ranking',
      question: `Bottom 3 customers by sales in ${PY}`,
      expect: {
        kind: 'rows',
        gold: by('g.counterparty', CR, lastYear, `${IS_REVENUE} and g.counterparty is not null`, 'amount asc', 3),
      },
    },
    {
      class: 'ranking',
      question: 'Who did we pay the most money to this year? Top 5 payees',
      expect: {
        kind: 'rows',
        gold: by('g.counterparty', CR, ytd, `${IS_CASH} and g.counterparty is not null`, 'amount desc', 5),
      },
    },
    {
      class: 'ranking',
      question: `Which quarter of ${PY} had the best gross margin?`,
      expect: {
        kind: 'rows',
        gold: `select ${QUARTER} as quarter, ${gm} as margin ${GL} where ${range(lastYear)} group by 1 order by margin desc limit 1`,
      },
    },
    {
      class: 'ranking',
      question: 'top 3 revenue accounts last quarter',
      expect: { kind: 'rows', gold: by('a.account_name', CR, q, IS_REVENUE, 'amount desc', 3) },
    },
    {
      class: 'ranking',
      question: `which supplier billed us the most in ${PY}?`,
      expect: {
        kind: 'rows',
        gold: by(
          'g.counterparty',
          'g.credit',
          lastYear,
          `a.account_subtype = 'payable' and g.counterparty is not null`,
          'amount desc',
          1,
        ),
      },
    },

    // ---------------------------------------------------------------- customers and vendors
    {
      class: 'customers and vendors',
      question: `how much did we sell to Northwind Marine in ${PY}?`,
      expect: { kind: 'value', gold: revenueOf('Northwind Marine Systems', lastYear) },
    },
    {
      class: 'customers and vendors',
      question: 'What does Copper Canyon Drilling owe us right now?',
      expect: {
        kind: 'value',
        gold: balanceAt(`a.account_subtype = 'receivable' and ${cp('Copper Canyon Drilling')}`, L),
      },
    },
    {
      class: 'customers and vendors',
      question: 'How much do we currently owe Pacific Coast Carriers?',
      expect: {
        kind: 'value',
        gold: `select coalesce(sum(${CR}), 0) ${GL} where g.period <= '${L}' and a.account_subtype = 'payable' and ${cp('Pacific Coast Carriers')}`,
      },
    },
    {
      class: 'customers and vendors',
      question: 'What did we pay Cascade Heat Treating last quarter?',
      expect: { kind: 'value', gold: paidTo('Cascade Heat Treating', q) },
    },
    {
      class: 'customers and vendors',
      question: 'total billed by Tacoma Public Utilities this year',
      expect: { kind: 'value', gold: billedBy('Tacoma Public Utilities', ytd) },
    },
    {
      class: 'customers and vendors',
      question: 'revenue from Redwood Aerospace Structures by month this year',
      expect: {
        kind: 'rows',
        gold: `select g.period, ${REV} ${GL} where ${range(ytd)} and ${cp('Redwood Aerospace Structures')} group by g.period order by g.period`,
      },
    },
    {
      class: 'customers and vendors',
      question: `How much cash did we collect from Cascade Hydraulics Inc. in ${my(L)}?`,
      expect: {
        kind: 'value',
        gold: `select coalesce(sum(${DR}), 0) ${GL} where ${within(L, L)} and ${IS_CASH} and ${cp('Cascade Hydraulics Inc.')}`,
      },
    },
    {
      class: 'customers and vendors',
      question: 'payments to the IRS ytd?',
      expect: { kind: 'value', gold: paidTo('Internal Revenue Service', ytd) },
    },
    {
      class: 'customers and vendors',
      question: `What did Holloway & Pryce bill us in ${PY}?`,
      expect: { kind: 'value', gold: billedBy('Holloway & Pryce LLP', lastYear) },
    },
    {
      class: 'customers and vendors',
      question: 'how much has Tidewater Shipyards bought from us so far this year',
      expect: { kind: 'value', gold: revenueOf('Tidewater Shipyards LLC', ytd) },
    },

    // ---------------------------------------------------------------- vocabulary
    {
      class: 'vocabulary',
      question: 'GM% ytd',
      expect: { kind: 'value', gold: `select ${gm} ${GL} where ${range(ytd)}` },
    },
    { class: 'vocabulary', question: `COGS for ${mon(L)}?`, expect: { kind: 'value', gold: one(COGS, L, L) } },
    {
      class: 'vocabulary',
      question: `EBITDA FY${PY}`,
      expect: { kind: 'value', gold: one(`(${GP} - ${OPEX})`, ...lastYear) },
    },
    { class: 'vocabulary', question: 'topline last qtr', expect: { kind: 'value', gold: one(REV, ...q) } },
    {
      class: 'vocabulary',
      question: 'whats the bottom line so far this year',
      expect: { kind: 'value', gold: one(NI, ...ytd) },
    },
    {
      class: 'vocabulary',
      question: 'A/R balance at month end',
      expect: { kind: 'value', gold: balanceAt(`a.account_subtype = 'receivable'`, L) },
    },
    {
      class: 'vocabulary',
      question: `DSO for ${my(L)}`,
      expect: {
        kind: 'value',
        gold: `select round((${balanceAt(`a.account_subtype = 'receivable'`, L)}) / nullif((${one(REV, L, L)}), 0) * ${days(L)}, 2)`,
      },
    },
    {
      class: 'vocabulary',
      question: 'working cap at the end of last month',
      expect: {
        kind: 'value',
        gold: `select (${balanceAt(CURRENT_ASSETS, L)}) - (${balanceAt(CURRENT_LIABILITIES, L)})`,
      },
    },
    {
      class: 'vocabulary',
      question: `What was pre-tax profit in ${PY}?`,
      expect: {
        kind: 'value',
        gold: one(`(${NI} + coalesce(sum(${DR}) filter (where a.account_subtype = 'income_tax'), 0))`, ...lastYear),
      },
    },
    {
      class: 'vocabulary',
      question: `DIO for ${my(L)}`,
      expect: {
        kind: 'value',
        gold: `select round((${balanceAt(`a.account_subtype = 'inventory'`, L)}) / nullif((${one(COGS, L, L)}), 0) * ${days(L)}, 2)`,
      },
    },

    // ---------------------------------------------------------------- account vs metric
    {
      class: 'account vs metric',
      question: `how much were sales discounts in ${PY}?`,
      expect: { kind: 'value', gold: account('Sales Discounts', lastYear) },
    },
    {
      class: 'account vs metric',
      question: 'Sales commissions last quarter',
      expect: { kind: 'value', gold: account('Sales Commissions', q) },
    },
    {
      class: 'account vs metric',
      question: 'How much freight did we bill to customers this year?',
      expect: { kind: 'value', gold: account('Freight Billed to Customers', ytd, CR) },
    },
    {
      class: 'account vs metric',
      question: `interest income for ${PY}`,
      expect: { kind: 'value', gold: account('Interest Income', lastYear, CR) },
    },
    {
      class: 'account vs metric',
      question: "What's the balance of income tax payable at the end of last month?",
      expect: { kind: 'value', gold: balanceAt(`a.account_name = 'Income Tax Payable'`, L) },
    },
    {
      class: 'account vs metric',
      question: 'bad debt expense ytd',
      expect: { kind: 'value', gold: account('Bad Debt Expense', ytd) },
    },
    {
      class: 'account vs metric',
      question: 'What was service revenue last year?',
      expect: {
        kind: 'value',
        gold: `select coalesce(sum(${CR}), 0) ${GL} where ${range(lastYear)} and a.account_code in (select account_code from "01_Account" where parent_code = '4200')`,
      },
    },
    {
      class: 'account vs metric',
      question: `product sales in Q${qNo} ${qYear}`,
      expect: {
        kind: 'value',
        gold: `select coalesce(sum(${CR}), 0) ${GL} where ${range(q)} and a.account_code in (select account_code from "01_Account" where parent_code = '4100')`,
      },
    },
    {
      class: 'account vs metric',
      question: 'How much have we booked to sales returns and allowances so far this year?',
      expect: { kind: 'value', gold: account('Sales Returns and Allowances', ytd) },
    },
    {
      class: 'account vs metric',
      question: 'payroll account balance at the end of last month?',
      expect: { kind: 'value', gold: balanceAt(`a.account_name = 'Payroll Account - First Harbor Bank'`, L) },
    },

    // ---------------------------------------------------------------- decomposition
    {
      class: 'decomposition',
      question: `Why did opex change from ${mon(prev)} to ${mon(L)}? Break it down by department`,
      expect: { kind: 'rows', gold: drivers('g.department', DR, month(L), month(prev), IS_OPEX) },
    },
    {
      class: 'decomposition',
      question: 'What drove the change in revenue YTD vs the same period last year, by revenue account?',
      expect: { kind: 'rows', gold: drivers('a.account_name', CR, ytd, ytdLy, IS_REVENUE) },
    },
    {
      class: 'decomposition',
      question: `top 3 accounts behind the change in COGS between Q${qPrevNo} and Q${qNo}${qYear === qPrevYear ? ` ${qYear}` : ''}`,
      expect: {
        kind: 'rows',
        gold: drivers('a.account_name', DR, q, qPrev, `a.account_subtype = 'cost_of_sales'`, 3),
      },
    },
    {
      class: 'decomposition',
      question: `Which customers drove the change in sales between Q${qNo} ${Number(qYear) - 1} and Q${qNo} ${qYear}? top 5`,
      expect: {
        kind: 'rows',
        gold: drivers('g.counterparty', CR, q, qLy, `${IS_REVENUE} and g.counterparty is not null`, 5),
      },
    },
    {
      class: 'decomposition',
      question: `what's behind the change in G&A department spending in ${mon(L)} vs ${mon(prev)}? give me the 3 biggest accounts`,
      expect: {
        kind: 'rows',
        gold: drivers(
          'a.account_name',
          DR,
          month(L),
          month(prev),
          `a.account_type = 'expense' and g.department = 'G&A'`,
          3,
        ),
      },
    },
    {
      class: 'decomposition',
      question: `Why were Operations costs different in ${my(L)} compared with ${my(ly)}? Top 3 accounts`,
      expect: {
        kind: 'rows',
        gold: drivers(
          'a.account_name',
          DR,
          month(L),
          month(ly),
          `a.account_type = 'expense' and g.department = 'Operations'`,
          3,
        ),
      },
    },
    {
      class: 'decomposition',
      question:
        'break down the change in total expenses over the last 6 months vs the 6 months before — top 5 accounts',
      expect: {
        kind: 'rows',
        gold: drivers(
          'a.account_name',
          DR,
          [b.shift(L, -5), L],
          [b.shift(L, -11), b.shift(L, -6)],
          `a.account_type = 'expense'`,
          5,
        ),
      },
    },
    {
      class: 'decomposition',
      question: `what drove the change in opex from Q${qPrevNo} to Q${qNo}? by department pls`,
      expect: { kind: 'rows', gold: drivers('g.department', DR, q, qPrev, IS_OPEX) },
    },
    {
      class: 'decomposition',
      question: `Revenue changed between ${mon(prev)} and ${mon(L)} — which revenue lines explain it?`,
      expect: { kind: 'rows', gold: drivers('a.account_name', CR, month(L), month(prev), IS_REVENUE) },
    },
    {
      class: 'decomposition',
      question: `which suppliers account for the change in what we paid suppliers in ${mon(L)} vs ${mon(prev)}? biggest 5`,
      expect: {
        kind: 'rows',
        gold: drivers('g.counterparty', CR, month(L), month(prev), `${IS_CASH} and ${SUPPLIER}`, 5),
      },
    },

    // ---------------------------------------------------------------- distinct count
    {
      class: 'distinct count',
      question: `how many customers did we invoice in ${mon(L)}?`,
      expect: { kind: 'value', gold: count('g.counterparty', month(L), `${IS_REVENUE} and g.credit > 0`) },
    },
    {
      class: 'distinct count',
      question: `How many different suppliers sent us bills in ${PY}?`,
      expect: {
        kind: 'value',
        gold: count('g.counterparty', lastYear, `a.account_subtype = 'payable' and g.credit > 0`),
      },
    },
    {
      class: 'distinct count',
      question: 'how many customers have we done engineering services work for this year?',
      expect: {
        kind: 'value',
        gold: count('g.counterparty', ytd, `a.account_name = 'Engineering Services' and g.credit > 0`),
      },
    },
    {
      class: 'distinct count',
      question: 'how many different payees did we send money to last month',
      expect: { kind: 'value', gold: count('g.counterparty', month(L), `${IS_CASH} and g.credit > 0`) },
    },
    {
      class: 'distinct count',
      question: `How many journal entries were posted in ${my(L)}?`,
      expect: { kind: 'value', gold: count(`g.source || '/' || g.journal_id`, month(L), 'true') },
    },
    {
      class: 'distinct count',
      question: 'how many GL accounts have had activity ytd?',
      expect: { kind: 'value', gold: count('g.account_code', ytd, 'true') },
    },
    {
      class: 'distinct count',
      question: `How many customers bought hydraulic fittings from us in ${PY}?`,
      expect: {
        kind: 'value',
        gold: count('g.counterparty', lastYear, `a.account_name = 'Sales - Hydraulic Fittings' and g.credit > 0`),
      },
    },
    {
      class: 'distinct count',
      question: `number of sales invoices we issued in ${mon(L)}`,
      expect: { kind: 'value', gold: count('g.reference', month(L), `${IS_REVENUE} and g.credit > 0`) },
    },
    {
      class: 'distinct count',
      question: `how many different expense accounts did Engineering charge in ${PY}?`,
      expect: {
        kind: 'value',
        gold: count('g.account_code', lastYear, `a.account_type = 'expense' and g.department = 'Engineering'`),
      },
    },
    {
      class: 'distinct count',
      question: 'How many customers paid us last quarter?',
      expect: {
        kind: 'value',
        gold: count(
          'g.counterparty',
          q,
          `${IS_CASH} and g.debit > 0 and g.counterparty in (select g2.counterparty from "02_GL_Detail" g2 join "01_Account" a2 on a2.account_code = g2.account_code where a2.account_type = 'revenue' and coalesce(a2.account_subtype, '') <> 'other_income')`,
        ),
      },
    },

    // ---------------------------------------------------------------- unknown account
    { class: 'unknown account', question: "What's our deferred revenue balance?", expect: { kind: 'ask' } },
    { class: 'unknown account', question: `how much did we pay in royalties in ${PY}`, expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'Goodwill amortization ytd?', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'how much is in petty cash', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'rental income this year', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'What is the balance on our SBA loan?', expect: { kind: 'ask' } },
    { class: 'unknown account', question: 'charitable donations so far this year?', expect: { kind: 'ask' } },
    { class: 'unknown account', question: `warranty expense for ${PY}`, expect: { kind: 'ask' } },
    {
      class: 'unknown account',
      question: 'Did we book any foreign exchange losses last quarter?',
      expect: { kind: 'ask' },
    },

    // ---------------------------------------------------------------- unanswerable
    { class: 'unanswerable', question: 'What will revenue be next quarter?', expect: { kind: 'ask' } },
    { class: 'unanswerable', question: `What were sales in ${firstYear - 1}?`, expect: { kind: 'ask' } },
    {
      class: 'unanswerable',
      question: `whats net income going to be in ${my(b.shift(L, 3))}`,
      expect: { kind: 'ask' },
    },
    { class: 'unanswerable', question: 'How many employees do we have?', expect: { kind: 'ask' } },
    { class: 'unanswerable', question: "What's the weather like in Tacoma today?", expect: { kind: 'ask' } },
    {
      class: 'unanswerable',
      question: 'How many units of hydraulic fittings did we ship last month?',
      expect: { kind: 'ask' },
    },
    { class: 'unanswerable', question: 'whats our NPS score this year', expect: { kind: 'ask' } },
    { class: 'unanswerable', question: `opex in ${my(b.shift(b.first, -1))}?`, expect: { kind: 'ask' } },

    // ---------------------------------------------------------------- context
    {
      class: 'context',
      before: [`What was revenue in ${my(L)}?`],
      question: 'and the month before?',
      expect: { kind: 'value', gold: one(REV, prev, prev) },
    },
    {
      class: 'context',
      before: ['gross margin ytd'],
      question: 'same period last year?',
      expect: { kind: 'value', gold: `select ${gm} ${GL} where ${range(ytdLy)}` },
    },
    {
      class: 'context',
      before: [`What's opex for Q${qNo} ${qYear}?`],
      question: 'how about just Engineering',
      expect: { kind: 'value', gold: one(OPEX, ...q, `and g.department = 'Engineering'`) },
    },
    {
      class: 'context',
      before: [`top 5 customers by revenue in ${PY}`],
      question: 'and the bottom 5?',
      expect: {
        kind: 'rows',
        gold: by('g.counterparty', CR, lastYear, `${IS_REVENUE} and g.counterparty is not null`, 'amount asc', 5),
      },
    },
    {
      class: 'context',
      before: ['how much did we pay Cascade Heat Treating this year?'],
      question: 'what about Emerald City Plating?',
      expect: { kind: 'value', gold: paidTo('Emerald City Plating & Coating', ytd) },
    },
    {
      class: 'context',
      before: [`Marketing spend in ${PY}`],
      question: `What was total revenue in ${my(L)}?`,
      expect: { kind: 'value', gold: one(REV, L, L) },
    },
    {
      class: 'context',
      before: ['revenue by month this year'],
      question: 'now cost of sales',
      expect: {
        kind: 'rows',
        gold: `select g.period, ${COGS} ${GL} where ${range(ytd)} group by g.period order by g.period`,
      },
    },
    {
      class: 'context',
      before: ['sales commissions ytd'],
      question: `How many customers did we have in ${PY}?`,
      expect: { kind: 'value', gold: count('g.counterparty', lastYear, `${IS_REVENUE} and g.credit > 0`) },
    },
    {
      class: 'context',
      before: [`opex for ${PY}`],
      question: 'by department?',
      expect: {
        kind: 'rows',
        gold: by('g.department', DR, lastYear, `${IS_OPEX} and g.department is not null`, 'amount desc'),
      },
    },
    {
      class: 'context',
      before: [`revenue for Q${qNo} ${qYear}`],
      question: 'vs budget?',
      expect: { kind: 'value', gold: vsBudget(CR, IS_REVENUE, q) },
    },
  ];
};
