/**
 * The third held-out set of Chat DB: 150 questions about the demo books (Harbor Precision Components), written
 * after the changes for the second set without sight of the parser, the compiler, the web client, their tests or
 * the earlier sets. Phrasings are what a CFO, controller, FP&A analyst or bookkeeper of a small manufacturer types
 * into a chat box; every question is relative to the books' calendar (`b`), and every gold answer is plain SQL over
 * 02_GL_Detail, 01_Account and 03_Budget, graded as case.ts says.
 *
 * Definitions chosen where a question leaves a choice (all in reading signs, as case.ts and docs/kpis.md):
 * - Last month / "now" / "right now" / a balance without a date: the books' latest period (`b.last`), a balance
 *   taken at its end. This year, YTD, so far this year: January of `b.year` to `b.last`. Last year, FY`yy`: the
 *   whole calendar (= fiscal) year before `b.year`. The same period last year: the same months a year earlier.
 * - Last quarter, a quarter named without a year: the latest complete calendar quarter ending at or before
 *   `b.last` (the quarter before it for "the quarter before"). A month named without a year: its latest occurrence
 *   up to `b.last`. Last / trailing N months, TTM: the N months ending with `b.last`. "Since <month>": from that
 *   month to `b.last`. H1 / H2: January–June / July–December. "As of <date>" / "year end": the balance at the end
 *   of that month (a year end: December's).
 * - Revenue: case.ts's REV (sales accounts; other income is not revenue). Sales Discounts and Sales Returns and
 *   Allowances are expense accounts in these books and count where case.ts's OPEX counts them. Operating expenses
 *   (opex): case.ts's OPEX. EBITDA = gross profit − opex; operating income (EBIT) = EBITDA − depreciation and
 *   amortization (subtype depreciation_amortization; factory depreciation stays in cost of sales); pre-tax income
 *   = net income + income tax; effective tax rate = income tax ÷ pre-tax income × 100.
 * - KPIs exactly as docs/kpis.md: AR = the receivable subtype (net of the allowance), AP = the payable subtype only,
 *   inventory and cash their subtypes; current assets and liabilities the Balance Sheet's current groups; DSO, DPO
 *   and DIO use the balance at the end of the range and the calendar days of the range; quick ratio = (cash + AR) ÷
 *   current liabilities; debt to equity = (current + long-term debt) ÷ total equity (with all earnings); monthly burn
 *   = (cash at the end of the month before the range − cash at the end of the range) ÷ months in the range.
 *   Percentages and ratios to 2 decimals.
 * - A department's opex: the opex lines booked to it; a department's spend or expenses: every expense line booked
 *   to it. A customer's revenue (what we billed or sold it): revenue lines with it as counterparty; what it owes:
 *   the receivable balance with it as counterparty. What we paid a supplier: credits to the cash accounts with it as
 *   counterparty; what a vendor billed us: credits to the payable accounts with it as counterparty; what we spent
 *   with a vendor: the expense lines with it as counterparty; what we owe it: the payable balance with it.
 * - Budget: 03_Budget in reading signs; variance = actual − budget (positive = over budget for costs).
 * - Comparisons: where the question asks for the change, gold is the change (later − earlier) and/or the % change
 *   ((later − earlier) ÷ |earlier| × 100) as asked; where it asks to compare, gold is both figures.
 * - Rankings list the largest first (the smallest first for "bottom" and "lowest"); breakdowns of a change
 *   ("what drove", "break down the change") list the contributors by the size of their change, largest absolute
 *   change first, each with its change. A "which …" question is one row: the label and its figure.
 * - Counts: distinct counterparties, accounts or journals with at least one line matching the question.
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
  type HeldOutCase,
} from './case.ts';

const CURRENT_ASSETS = `a.account_subtype in ('cash', 'receivable', 'inventory', 'prepaid', 'other_current_asset')`;
const CURRENT_LIABILITIES = `a.account_subtype in ('payable', 'credit_card', 'accrued_liability', 'payroll_liability', 'tax_liability', 'deferred_revenue', 'current_debt')`;
const DEBT = `a.account_subtype in ('current_debt', 'long_term_debt')`;
const IS_REVENUE = `a.account_type = 'revenue' and coalesce(a.account_subtype, '') <> 'other_income'`;
const IS_OPEX = `a.account_type = 'expense' and coalesce(a.account_subtype, '') not in ${OPEX_EXCLUDED}`;
const subtype = (name: string) => `a.account_subtype = '${name}'`;
const accounts = (...codes: string[]) => `a.account_code in (${codes.map((code) => `'${code}'`).join(', ')})`;
/** A line's amount in reading sign (assets and expenses debit-positive, the rest credit-positive). */
const SIGNED = `case when a.account_type in ('asset', 'expense') then g.debit - g.credit else g.credit - g.debit end`;
const DA = `coalesce(sum(g.debit - g.credit) filter (where a.account_subtype = 'depreciation_amortization'), 0)`;
const TAX = `coalesce(sum(g.debit - g.credit) filter (where a.account_subtype = 'income_tax'), 0)`;
const EBITDA = `(${GP} - ${OPEX})`;
const opexOf = (department: string) =>
  `coalesce(sum(g.debit - g.credit) filter (where ${IS_OPEX} and g.department = '${department}'), 0)`;

/** A flow over a range as a scalar subquery. */
const flow = (figure: string, from: string, to: string, extra = '') => `(${one(figure, from, to, extra)})`;
/** Accounts' movement (reading sign) over a range. */
const movement = (where: string, from: string, to: string) => one(`coalesce(${READING}, 0)`, from, to, `and ${where}`);
/** A balance (reading sign) at the end of a period, as a scalar subquery. */
const bal = (where: string, period: string) => `(${balanceAt(where, period)})`;
/** Total equity at the end of a period, every year's earnings included (= assets − liabilities). */
const equityAt = (period: string) =>
  `(select coalesce(sum(g.credit - g.debit), 0) ${GL} where g.period <= '${period}' and a.account_type in ('equity', 'revenue', 'expense'))`;
const pctChange = (later: string, earlier: string) =>
  `round((${later} - ${earlier}) * 100 / nullif(abs(${earlier}), 0), 2)`;
/** Budget of the accounts matching `where` over a range (reading signs). */
const budget = (where: string, from: string, to: string) =>
  `(select coalesce(sum(bu.amount), 0) from "03_Budget" bu join "01_Account" a on a.account_code = bu.account_code where bu.period between '${from}' and '${to}' and ${where})`;

/**
 * Rows of the change of the lines matching `where` between two ranges, by `label`, the largest absolute change
 * first (`limit` rows at most).
 */
const changeRows = (label: string, where: string, before: [string, string], after: [string, string], limit?: number) =>
  `select label, change from (select ${label} as label, coalesce(sum(case when ${within(...after)} then ${SIGNED} else -(${SIGNED}) end), 0) as change ${GL} where (${within(...before)} or ${within(...after)}) and ${where} group by ${label}) t order by abs(change) desc, label${limit ? ` limit ${limit}` : ''}`;

/** Rows of a figure by `label` over a range, ordered (`desc` largest first). */
const ranked = (
  label: string,
  figure: string,
  from: string,
  to: string,
  where: string,
  order: 'asc' | 'desc',
  limit?: number,
) =>
  `select label, figure from (select ${label} as label, ${figure} as figure ${GL} where ${within(from, to)} and ${where} group by ${label}) t order by figure ${order}, label${limit ? ` limit ${limit}` : ''}`;

const month = (period: string) => Number(period.slice(5));
/** Calendar days from the first day of `from` to the last day of `to`. */
const daysIn = (from: string, to: string) =>
  (Date.UTC(Number(to.slice(0, 4)), month(to), 1) - Date.UTC(Number(from.slice(0, 4)), month(from) - 1, 1)) /
  86_400_000;

/** A question of a class, before it is tagged with its class. */
type Case = Omit<HeldOutCase, 'class'>;

interface Quarter {
  from: string;
  to: string;
  n: number;
  /** "Q3 2026" */
  label: string;
}

export const questions = (b: Books): HeldOutCase[] => {
  const L = b.last;
  const PM = b.shift(L, -1);
  const y = b.year;
  const ly = y - 1;
  const LY: [string, string] = [`${ly}-01`, `${ly}-12`];
  const YTD: [string, string] = [`${y}-01`, L];
  const YTD_LY: [string, string] = [`${ly}-01`, b.shift(L, -12)];
  const TTM: [string, string] = [b.shift(L, -11), L];
  const H1_LY: [string, string] = [`${ly}-01`, `${ly}-06`];
  const H2_LY: [string, string] = [`${ly}-07`, `${ly}-12`];
  const quarterEnding = (to: string): Quarter => ({
    from: b.shift(to, -2),
    to,
    n: month(to) / 3,
    label: `Q${month(to) / 3} ${to.slice(0, 4)}`,
  });
  const Q = quarterEnding(b.shift(L, -(month(L) % 3)));
  const PQ = quarterEnding(b.shift(Q.to, -3));
  const QLY = quarterEnding(b.shift(Q.to, -12));
  /** "October 2026" */
  const my = (period: string) => `${b.monthName(period)} ${period.slice(0, 4)}`;
  /** "Oct" */
  const mon = (period: string) => b.monthName(period).slice(0, 3);
  /** "June 30, 2025" */
  const endOf = (period: string) =>
    `${b.monthName(period)} ${new Date(Date.UTC(Number(period.slice(0, 4)), month(period), 0)).getUTCDate()}, ${period.slice(0, 4)}`;
  /** The latest period of calendar month `m` up to the books' last. */
  const latest = (m: number) => `${m <= month(L) ? y : ly}-${String(m).padStart(2, '0')}`;
  const DEC = latest(12);
  const SINCE = b.shift(L, -4);
  const firstYear = Number(b.first.slice(0, 4));

  const time: Case[] = [
    { question: `What was revenue in ${b.monthName(L)}?`, expect: { kind: 'value', gold: one(REV, L, L) } },
    {
      question: `Gross profit for ${Q.label}`,
      expect: { kind: 'value', gold: one(GP, Q.from, Q.to) },
    },
    { question: `net income H1 ${ly}`, expect: { kind: 'value', gold: one(NI, ...H1_LY) } },
    {
      question: `total opex for FY${String(ly).slice(2)}`,
      expect: { kind: 'value', gold: one(OPEX, ...LY) },
    },
    { question: 'YTD revenue?', expect: { kind: 'value', gold: one(REV, ...YTD) } },
    { question: `whats our TTM revenue`, expect: { kind: 'value', gold: one(REV, ...TTM) } },
    {
      question: 'cost of goods sold over the last 3 months',
      expect: { kind: 'value', gold: one(COGS, b.shift(L, -2), L) },
    },
    {
      question: `Revenue Feb thru May last year`,
      expect: { kind: 'value', gold: one(REV, `${ly}-02`, `${ly}-05`) },
    },
    {
      question: `cash balance as of ${endOf(`${ly}-06`)}`,
      expect: { kind: 'value', gold: balanceAt(subtype('cash'), `${ly}-06`) },
    },
    {
      question: `Total expenses since ${b.monthName(SINCE)}?`,
      expect: { kind: 'value', gold: one(EXP, SINCE, L) },
    },
    { question: 'Net income in December?', expect: { kind: 'value', gold: one(NI, DEC, DEC) } },
    {
      question: `revenue by month for ${ly}`,
      expect: {
        kind: 'rows',
        gold: `select g.period, ${REV} as revenue ${GL} where ${within(...LY)} group by g.period order by g.period`,
      },
    },
    { question: 'opex the month before last', expect: { kind: 'value', gold: one(OPEX, PM, PM) } },
    {
      question: 'What were our sales in the second half of last year?',
      expect: { kind: 'value', gold: one(REV, ...H2_LY) },
    },
  ];

  const ratio: Case[] = [
    { question: 'gross margin last year', expect: { kind: 'value', gold: pctOfRevenue(GP, ...LY) } },
    { question: `What's our net margin YTD?`, expect: { kind: 'value', gold: pctOfRevenue(NI, ...YTD) } },
    {
      question: 'opex as a % of revenue last quarter',
      expect: { kind: 'value', gold: pctOfRevenue(OPEX, Q.from, Q.to) },
    },
    {
      question: `Marketing dept spend as % of revenue in ${ly}`,
      expect: {
        kind: 'value',
        gold: pctOfRevenue(
          `coalesce(sum(g.debit - g.credit) filter (where a.account_type = 'expense' and g.department = 'Marketing'), 0)`,
          ...LY,
        ),
      },
    },
    {
      question: 'what % of cost of sales was direct labour last year?',
      expect: {
        kind: 'value',
        gold: `select round(coalesce(sum(g.debit - g.credit) filter (where ${accounts('5210', '5220', '5230')}), 0) * 100 / nullif(${COGS}, 0), 2) ${GL} where ${within(...LY)}`,
      },
    },
    {
      question: `Cascade Hydraulics' share of our revenue last year`,
      expect: {
        kind: 'value',
        gold: pctOfRevenue(
          `coalesce(sum(g.credit - g.debit) filter (where ${IS_REVENUE} and g.counterparty = 'Cascade Hydraulics Inc.'), 0)`,
          ...LY,
        ),
      },
    },
    {
      question: 'hydraulic fittings as a percentage of total sales ytd',
      expect: {
        kind: 'value',
        gold: pctOfRevenue(`coalesce(sum(g.credit - g.debit) filter (where ${accounts('4120')}), 0)`, ...YTD),
      },
    },
    {
      question: `EBITDA margin for ${Q.label}`,
      expect: { kind: 'value', gold: pctOfRevenue(EBITDA, Q.from, Q.to) },
    },
    {
      question: `operating margin ${ly}`,
      expect: { kind: 'value', gold: pctOfRevenue(`(${EBITDA} - ${DA})`, ...LY) },
    },
    {
      question: `current ratio at the end of ${ly}`,
      expect: {
        kind: 'value',
        gold: `select round(${bal(CURRENT_ASSETS, `${ly}-12`)} / nullif(${bal(CURRENT_LIABILITIES, `${ly}-12`)}, 0), 2)`,
      },
    },
    {
      question: 'Factory rent as a percent of revenue over the last 6 months',
      expect: {
        kind: 'value',
        gold: pctOfRevenue(
          `coalesce(sum(g.debit - g.credit) filter (where ${accounts('5310')}), 0)`,
          b.shift(L, -5),
          L,
        ),
      },
    },
    {
      question: 'What share of opex did the G&A department account for this year?',
      expect: {
        kind: 'value',
        gold: `select round(${opexOf('G&A')} * 100 / nullif(${OPEX}, 0), 2) ${GL} where ${within(...YTD)}`,
      },
    },
    {
      question: 'effective tax rate last year?',
      expect: {
        kind: 'value',
        gold: `select round(${TAX} * 100 / nullif(${NI} + ${TAX}, 0), 2) ${GL} where ${within(...LY)}`,
      },
    },
  ];

  const comparison: Case[] = [
    {
      question: `How did revenue in ${my(L)} compare with ${my(PM)}? give me the $ and % change`,
      expect: {
        kind: 'value',
        gold: `select ${flow(REV, L, L)} - ${flow(REV, PM, PM)} as change, ${pctChange(flow(REV, L, L), flow(REV, PM, PM))} as pct`,
      },
    },
    {
      question: `compare gross margin Q${Q.n} vs Q${PQ.n}`,
      expect: {
        kind: 'value',
        gold: `select (${pctOfRevenue(GP, Q.from, Q.to)}) as later, (${pctOfRevenue(GP, PQ.from, PQ.to)}) as earlier`,
      },
    },
    {
      question: `Opex ${Q.label} vs ${QLY.label} - what's the % change?`,
      expect: {
        kind: 'value',
        gold: `select ${pctChange(flow(OPEX, Q.from, Q.to), flow(OPEX, QLY.from, QLY.to))}`,
      },
    },
    {
      question: `revenue vs budget for ${ly}`,
      expect: {
        kind: 'value',
        gold: `select ${flow(REV, ...LY)} as actual, ${budget(IS_REVENUE, ...LY)} as budget`,
      },
    },
    {
      question: 'Are we over or under budget on opex YTD, and by how much?',
      expect: { kind: 'value', gold: `select ${flow(OPEX, ...YTD)} - ${budget(IS_OPEX, ...YTD)}` },
    },
    {
      question: `cash at the end of last year vs end of ${my(L)}`,
      expect: {
        kind: 'value',
        gold: `select ${bal(subtype('cash'), `${ly}-12`)} as year_end, ${bal(subtype('cash'), L)} as latest`,
      },
    },
    {
      question: `How much did recievables move between the ${mon(PQ.to)} and ${mon(Q.to)} month-ends?`,
      expect: {
        kind: 'value',
        gold: `select ${bal(subtype('receivable'), Q.to)} - ${bal(subtype('receivable'), PQ.to)}`,
      },
    },
    {
      question: 'net income ytd vs same period last year, % growth?',
      expect: { kind: 'value', gold: `select ${pctChange(flow(NI, ...YTD), flow(NI, ...YTD_LY))}` },
    },
    {
      question: `MoM change in COGS for ${b.monthName(L)}`,
      expect: { kind: 'value', gold: `select ${flow(COGS, L, L)} - ${flow(COGS, PM, PM)}` },
    },
    {
      question: 'QoQ revenue growth % for the last quarter',
      expect: {
        kind: 'value',
        gold: `select ${pctChange(flow(REV, Q.from, Q.to), flow(REV, PQ.from, PQ.to))}`,
      },
    },
    {
      question: `H1 vs H2 ${ly} revenue`,
      expect: { kind: 'value', gold: `select ${flow(REV, ...H1_LY)} as h1, ${flow(REV, ...H2_LY)} as h2` },
    },
    {
      question: 'marketing budget vs actual last quarter',
      expect: {
        kind: 'value',
        gold: `select ${flow(opexOf('Marketing'), Q.from, Q.to)} as actual, ${budget(`${IS_OPEX} and bu.department = 'Marketing'`, Q.from, Q.to)} as budget`,
      },
    },
    {
      question: `inventory at year end ${ly} compared to now`,
      expect: {
        kind: 'value',
        gold: `select ${bal(subtype('inventory'), `${ly}-12`)} as year_end, ${bal(subtype('inventory'), L)} as latest`,
      },
    },
    {
      question: `How does ${b.monthName(L)}'s revenue stack up against the same month last year?`,
      expect: {
        kind: 'value',
        gold: `select ${flow(REV, L, L)} as latest, ${flow(REV, b.shift(L, -12), b.shift(L, -12))} as year_before`,
      },
    },
  ];

  const ranking: Case[] = [
    {
      question: 'top 5 custmers by revenue last year',
      expect: { kind: 'rows', gold: ranked('g.counterparty', REV, ...LY, IS_REVENUE, 'desc', 5) },
    },
    {
      question: `which month had the highest revenue in ${ly}?`,
      expect: { kind: 'rows', gold: ranked('g.period', REV, ...LY, 'true', 'desc', 1) },
    },
    {
      question: 'Lowest gross margin month in the last 12 months?',
      expect: {
        kind: 'rows',
        gold: ranked('g.period', `round(${GP} * 100 / nullif(${REV}, 0), 2)`, ...TTM, 'true', 'asc', 1),
      },
    },
    {
      question: 'which department has spent the most on opex this year',
      expect: {
        kind: 'rows',
        gold: ranked('g.department', OPEX, ...YTD, `${IS_OPEX} and g.department is not null`, 'desc', 1),
      },
    },
    {
      question: 'bottom 3 customers by sales this year',
      expect: { kind: 'rows', gold: ranked('g.counterparty', REV, ...YTD, IS_REVENUE, 'asc', 3) },
    },
    {
      question: 'What were our 3 biggest expense accounts last quarter?',
      expect: {
        kind: 'rows',
        gold: ranked(
          'a.account_name',
          `coalesce(${READING}, 0)`,
          Q.from,
          Q.to,
          `a.account_type = 'expense'`,
          'desc',
          3,
        ),
      },
    },
    {
      question: `rank departments by opex for ${ly}`,
      expect: {
        kind: 'rows',
        gold: ranked('g.department', OPEX, ...LY, `${IS_OPEX} and g.department is not null`, 'desc'),
      },
    },
    {
      question: 'best quarter for revenue last year?',
      expect: {
        kind: 'rows',
        gold: ranked(
          `left(g.period, 4) || '-Q' || ((substr(g.period, 6, 2)::int + 2) / 3)`,
          REV,
          ...LY,
          'true',
          'desc',
          1,
        ),
      },
    },
    {
      question: 'top 5 vendors by amount billed ytd',
      expect: {
        kind: 'rows',
        gold: ranked(
          'g.counterparty',
          'sum(g.credit)',
          ...YTD,
          `${subtype('payable')} and g.counterparty is not null`,
          'desc',
          5,
        ),
      },
    },
    {
      question: `top five opex line items in ${b.monthName(L)}`,
      expect: {
        kind: 'rows',
        gold: ranked('a.account_name', `coalesce(${READING}, 0)`, L, L, IS_OPEX, 'desc', 5),
      },
    },
    {
      question: 'Which customer took the most early-pay discounts last year?',
      expect: {
        kind: 'rows',
        gold: ranked(
          'g.counterparty',
          `coalesce(${READING}, 0)`,
          ...LY,
          `${accounts('4910')} and g.counterparty is not null`,
          'desc',
          1,
        ),
      },
    },
    {
      question: 'worst month for net income last year',
      expect: { kind: 'rows', gold: ranked('g.period', NI, ...LY, 'true', 'asc', 1) },
    },
    {
      question: 'top 3 months for COGS in the last twelve months',
      expect: { kind: 'rows', gold: ranked('g.period', COGS, ...TTM, 'true', 'desc', 3) },
    },
  ];

  const customerRevenue = (name: string, from: string, to: string) =>
    one(`coalesce(sum(g.credit - g.debit), 0)`, from, to, `and ${IS_REVENUE} and g.counterparty = '${name}'`);
  const paidTo = (name: string, from: string, to: string) =>
    one(`coalesce(sum(g.credit - g.debit), 0)`, from, to, `and ${subtype('cash')} and g.counterparty = '${name}'`);
  const billedBy = (name: string, from: string, to: string) =>
    one(`coalesce(sum(g.credit), 0)`, from, to, `and ${subtype('payable')} and g.counterparty = '${name}'`);

  const customersAndVendors: Case[] = [
    {
      question: 'How much revenue came from Cascade Hydraulics this year?',
      expect: { kind: 'value', gold: customerRevenue('Cascade Hydraulics Inc.', ...YTD) },
    },
    {
      question: `what did we bill Northwind Marine in Q${Q.n}?`,
      expect: { kind: 'value', gold: customerRevenue('Northwind Marine Systems', Q.from, Q.to) },
    },
    {
      question: 'What does Copper Canyon Drilling owe us right now?',
      expect: {
        kind: 'value',
        gold: balanceAt(`${subtype('receivable')} and g.counterparty = 'Copper Canyon Drilling'`, L),
      },
    },
    {
      question: 'how much did we pay Puget Sound Steel Service last year',
      expect: { kind: 'value', gold: paidTo('Puget Sound Steel Service', ...LY) },
    },
    {
      question: 'What do we currently owe Pacific Coast Carriers?',
      expect: {
        kind: 'value',
        gold: balanceAt(`${subtype('payable')} and g.counterparty = 'Pacific Coast Carriers'`, L),
      },
    },
    {
      question: `How much did Rainier Robotics buy from us in H1 ${ly}?`,
      expect: { kind: 'value', gold: customerRevenue('Rainier Robotics', ...H1_LY) },
    },
    {
      question: 'What have we spent with Grainger Industrial Supply so far this year?',
      expect: {
        kind: 'value',
        gold: one(
          `coalesce(sum(g.debit - g.credit), 0)`,
          ...YTD,
          `and a.account_type = 'expense' and g.counterparty = 'Grainger Industrial Supply'`,
        ),
      },
    },
    {
      question: 'early payment discounts taken by Redwood Aerospace this year',
      expect: {
        kind: 'value',
        gold: one(
          `coalesce(${READING}, 0)`,
          ...YTD,
          `and ${accounts('4910')} and g.counterparty = 'Redwood Aerospace Structures'`,
        ),
      },
    },
    {
      question: 'How much did we send the IRS last quarter?',
      expect: { kind: 'value', gold: paidTo('Internal Revenue Service', Q.from, Q.to) },
    },
    {
      question: 'how much did Orca Bay Seafoods buy from us last yr',
      expect: { kind: 'value', gold: customerRevenue('Orca Bay Seafoods', ...LY) },
    },
    {
      question: 'which vendor billed us the most last year?',
      expect: {
        kind: 'rows',
        gold: ranked(
          'g.counterparty',
          'sum(g.credit)',
          ...LY,
          `${subtype('payable')} and g.counterparty is not null`,
          'desc',
          1,
        ),
      },
    },
    {
      question: 'how much did Haas Factory Outlet invoice us last year',
      expect: { kind: 'value', gold: billedBy('Haas Factory Outlet Seattle', ...LY) },
    },
    { question: `What's the credit limit on Cascade Hydraulics' account?`, expect: { kind: 'ask' } },
  ];

  const vocabulary: Case[] = [
    {
      question: `AR balance at end of ${b.monthName(L)}`,
      expect: { kind: 'value', gold: balanceAt(subtype('receivable'), L) },
    },
    { question: `What's AP right now?`, expect: { kind: 'value', gold: balanceAt(subtype('payable'), L) } },
    { question: 'GM% last qtr', expect: { kind: 'value', gold: pctOfRevenue(GP, Q.from, Q.to) } },
    { question: `EBITDA for ${ly}`, expect: { kind: 'value', gold: one(EBITDA, ...LY) } },
    { question: 'top line YTD', expect: { kind: 'value', gold: one(REV, ...YTD) } },
    { question: `bottom line in ${my(PM)}`, expect: { kind: 'value', gold: one(NI, PM, PM) } },
    {
      question: `working capital as of ${endOf(Q.to)}`,
      expect: {
        kind: 'value',
        gold: `select ${bal(CURRENT_ASSETS, Q.to)} - ${bal(CURRENT_LIABILITIES, Q.to)}`,
      },
    },
    {
      question: `DSO for ${Q.label}`,
      expect: {
        kind: 'value',
        gold: `select round(${bal(subtype('receivable'), Q.to)} / nullif(${flow(REV, Q.from, Q.to)}, 0) * ${daysIn(Q.from, Q.to)}, 2)`,
      },
    },
    {
      question: `what was our DPO for ${ly}?`,
      expect: {
        kind: 'value',
        gold: `select round(${bal(subtype('payable'), `${ly}-12`)} / nullif(${flow(COGS, ...LY)}, 0) * ${daysIn(...LY)}, 2)`,
      },
    },
    {
      question: `quick ratio as of ${b.monthName(L)}`,
      expect: {
        kind: 'value',
        gold: `select round(${bal(`a.account_subtype in ('cash', 'receivable')`, L)} / nullif(${bal(CURRENT_LIABILITIES, L)}, 0), 2)`,
      },
    },
    {
      question: 'D/E ratio at the end of last quarter',
      expect: {
        kind: 'value',
        gold: `select round(${bal(DEBT, Q.to)} / nullif(${equityAt(Q.to)}, 0), 2)`,
      },
    },
    {
      question: 'avg monthly cash burn over the last 3 months',
      expect: {
        kind: 'value',
        gold: `select round((${bal(subtype('cash'), b.shift(L, -3))} - ${bal(subtype('cash'), L)}) / 3, 2)`,
      },
    },
    { question: 'pre-tax income last year', expect: { kind: 'value', gold: one(`(${NI} + ${TAX})`, ...LY) } },
    {
      question: `EBIT ${Q.label}`,
      expect: { kind: 'value', gold: one(`(${EBITDA} - ${DA})`, Q.from, Q.to) },
    },
  ];

  const accountVsMetric: Case[] = [
    { question: 'Bonus Expense YTD', expect: { kind: 'value', gold: movement(accounts('7130'), ...YTD) } },
    {
      question: 'How much bad debt expense did we book last year?',
      expect: { kind: 'value', gold: movement(accounts('7680'), ...LY) },
    },
    {
      question: 'engineering services revenue last quarter',
      expect: { kind: 'value', gold: movement(accounts('4210'), Q.from, Q.to) },
    },
    { question: `Sales commissions in ${my(L)}`, expect: { kind: 'value', gold: movement(accounts('6120'), L, L) } },
    { question: `sales discounts for ${ly}`, expect: { kind: 'value', gold: movement(accounts('4910'), ...LY) } },
    {
      question: 'term loan interest expense this year',
      expect: { kind: 'value', gold: movement(accounts('8510'), ...YTD) },
    },
    {
      question: 'Freight billed to customers last year?',
      expect: { kind: 'value', gold: movement(accounts('4310'), ...LY) },
    },
    {
      question: `Depreciation - Vehicles for ${ly}`,
      expect: { kind: 'value', gold: movement(accounts('6460'), ...LY) },
    },
    { question: 'sales salaries ytd', expect: { kind: 'value', gold: movement(accounts('6110'), ...YTD) } },
    {
      question: 'How much did Operations Salaries come to last quarter?',
      expect: { kind: 'value', gold: movement(accounts('6410'), Q.from, Q.to) },
    },
    { question: `marketing salaries ${ly}`, expect: { kind: 'value', gold: movement(accounts('6210'), ...LY) } },
    {
      question: 'repair & refurbishment revenue this year',
      expect: { kind: 'value', gold: movement(accounts('4220'), ...YTD) },
    },
    {
      question: 'what did sales returns and allowances total last year',
      expect: { kind: 'value', gold: movement(accounts('4920'), ...LY) },
    },
  ];

  const decomposition: Case[] = [
    {
      question: `What drove the change in opex from ${b.monthName(PM)} to ${b.monthName(L)}? break it down by department`,
      expect: {
        kind: 'rows',
        gold: changeRows('g.department', `${IS_OPEX} and g.department is not null`, [PM, PM], [L, L]),
      },
    },
    {
      question: `break down the change in revenue between Q${PQ.n} and Q${Q.n} by revenue account`,
      expect: { kind: 'rows', gold: changeRows('a.account_name', IS_REVENUE, [PQ.from, PQ.to], [Q.from, Q.to]) },
    },
    {
      question: `what drove the change in COGS from ${PQ.label} to ${Q.label}? top 5 accounts`,
      expect: {
        kind: 'rows',
        gold: changeRows('a.account_name', subtype('cost_of_sales'), [PQ.from, PQ.to], [Q.from, Q.to], 5),
      },
    },
    {
      question: `Which customers drove the YoY change in revenue for ${my(L)}? top 5`,
      expect: {
        kind: 'rows',
        gold: changeRows('g.counterparty', IS_REVENUE, [b.shift(L, -12), b.shift(L, -12)], [L, L], 5),
      },
    },
    {
      question: 'Break down YTD opex vs the same period last year by department',
      expect: {
        kind: 'rows',
        gold: changeRows('g.department', `${IS_OPEX} and g.department is not null`, YTD_LY, YTD),
      },
    },
    {
      question: `How much of the change in COGS from ${PQ.label} to ${Q.label} came from materials?`,
      expect: {
        kind: 'value',
        gold: `select ${flow(`coalesce(${READING}, 0)`, Q.from, Q.to, `and ${accounts('5110', '5120', '5130', '5140')}`)} - ${flow(`coalesce(${READING}, 0)`, PQ.from, PQ.to, `and ${accounts('5110', '5120', '5130', '5140')}`)}`,
      },
    },
    {
      question: `biggest movers in opex accounts, ${mon(PM)} vs ${mon(L)} - top 5`,
      expect: { kind: 'rows', gold: changeRows('a.account_name', IS_OPEX, [PM, PM], [L, L], 5) },
    },
    {
      question: `What's behind the change in Engineering dept expenses from ${PQ.label} to ${Q.label}? break down by account`,
      expect: {
        kind: 'rows',
        gold: changeRows(
          'a.account_name',
          `a.account_type = 'expense' and g.department = 'Engineering'`,
          [PQ.from, PQ.to],
          [Q.from, Q.to],
        ),
      },
    },
    {
      question: `opex variance to budget by department for ${ly}`,
      expect: {
        kind: 'rows',
        gold: `select d.department, d.actual - coalesce(bd.budget, 0) as variance from (select g.department, ${OPEX} as actual ${GL} where ${within(...LY)} and ${IS_OPEX} and g.department is not null group by g.department) d left join (select bu.department, sum(bu.amount) as budget from "03_Budget" bu join "01_Account" a on a.account_code = bu.account_code where bu.period between '${LY[0]}' and '${LY[1]}' and ${IS_OPEX} group by bu.department) bd on bd.department = d.department order by abs(d.actual - coalesce(bd.budget, 0)) desc, d.department`,
      },
    },
    {
      question: `How much of the YoY revenue change in ${Q.label} came from Cascade Hydraulics?`,
      expect: {
        kind: 'value',
        gold: `select (${customerRevenue('Cascade Hydraulics Inc.', Q.from, Q.to)}) - (${customerRevenue('Cascade Hydraulics Inc.', QLY.from, QLY.to)})`,
      },
    },
    {
      question: `break down the change in Operations department spend from H1 to H2 ${ly} by account, top 5`,
      expect: {
        kind: 'rows',
        gold: changeRows(
          'a.account_name',
          `a.account_type = 'expense' and g.department = 'Operations'`,
          H1_LY,
          H2_LY,
          5,
        ),
      },
    },
    {
      question: 'break down revenue growth YTD vs the same period last year by revenue account',
      expect: { kind: 'rows', gold: changeRows('a.account_name', IS_REVENUE, YTD_LY, YTD) },
    },
    {
      question: `what drove the change in G&A department expenses from ${PQ.label} to ${Q.label}? top 3 accounts`,
      expect: {
        kind: 'rows',
        gold: changeRows(
          'a.account_name',
          `a.account_type = 'expense' and g.department = 'G&A'`,
          [PQ.from, PQ.to],
          [Q.from, Q.to],
          3,
        ),
      },
    },
  ];

  const count = (what: string, from: string, to: string, where: string) =>
    `select count(distinct ${what}) ${GL} where ${within(from, to)} and ${where}`;
  const distinctCount: Case[] = [
    {
      question: 'How many customers did we invoice last quarter?',
      expect: { kind: 'value', gold: count('g.counterparty', Q.from, Q.to, IS_REVENUE) },
    },
    {
      question: `how many different vendors sent us bills in ${ly}?`,
      expect: { kind: 'value', gold: count('g.counterparty', ...LY, `${subtype('payable')} and g.credit > 0`) },
    },
    {
      question: `How many GL accounts had activity in ${my(L)}?`,
      expect: { kind: 'value', gold: count('g.account_code', L, L, 'true') },
    },
    {
      question: 'how many expense accounts have we posted to ytd',
      expect: { kind: 'value', gold: count('g.account_code', ...YTD, `a.account_type = 'expense'`) },
    },
    {
      question: 'How many departments had opex last year?',
      expect: { kind: 'value', gold: count('g.department', ...LY, IS_OPEX) },
    },
    {
      question: 'how many customers bought engineering services from us last year',
      expect: { kind: 'value', gold: count('g.counterparty', ...LY, accounts('4210')) },
    },
    {
      question: 'How many customers took an early payment discount this year?',
      expect: { kind: 'value', gold: count('g.counterparty', ...YTD, accounts('4910')) },
    },
    {
      question: `number of distinct customers we sold to in ${b.monthName(L)}`,
      expect: { kind: 'value', gold: count('g.counterparty', L, L, IS_REVENUE) },
    },
    {
      question: `How many journal entries were posted in ${my(PM)}?`,
      expect: { kind: 'value', gold: count('g.journal_id', PM, PM, 'true') },
    },
    {
      question: `how many sales invoices did we issue in ${my(L)}`,
      expect: { kind: 'value', gold: count('g.journal_id', L, L, IS_REVENUE) },
    },
    {
      question: 'In how many of the last 12 months did revenue beat budget?',
      expect: {
        kind: 'value',
        gold: `select count(*) from (select g.period, ${REV} as actual ${GL} where ${within(...TTM)} group by g.period) act join (select bu.period, sum(bu.amount) as budget from "03_Budget" bu join "01_Account" a on a.account_code = bu.account_code where bu.period between '${TTM[0]}' and '${TTM[1]}' and ${IS_REVENUE} group by bu.period) bd on bd.period = act.period where act.actual > bd.budget`,
      },
    },
    {
      question: 'How many different raw material suppliers did we buy from last year?',
      expect: {
        kind: 'value',
        gold: count('g.counterparty', ...LY, `${accounts('1310', '1311', '1312')} and g.debit > 0`),
      },
    },
    {
      question: `How many customers did we do repair & refurb work for in ${Q.label}?`,
      expect: { kind: 'value', gold: count('g.counterparty', Q.from, Q.to, accounts('4220')) },
    },
  ];

  const unknownAccount: Case[] = [
    { question: 'How much revenue did we get from Boeing this year?', expect: { kind: 'ask' } },
    { question: 'what did we pay McMaster-Carr last quarter', expect: { kind: 'ask' } },
    { question: 'Goodwill balance at year end?', expect: { kind: 'ask' } },
    { question: `show me the warranty reserve for ${ly}`, expect: { kind: 'ask' } },
    { question: `crypto holdings as of ${b.monthName(L)}`, expect: { kind: 'ask' } },
    { question: 'how much did we give in charitable donations last year', expect: { kind: 'ask' } },
    { question: 'What did we book in royalty income last year?', expect: { kind: 'ask' } },
    { question: 'balance in our Wells Fargo checking acct?', expect: { kind: 'ask' } },
  ];

  const unanswerable: Case[] = [
    { question: 'What will revenue be next quarter?', expect: { kind: 'ask' } },
    { question: `revenue for ${firstYear - 1}`, expect: { kind: 'ask' } },
    { question: 'How many employees do we have?', expect: { kind: 'ask' } },
    { question: `forecast our cash balance at the end of ${y + 1}`, expect: { kind: 'ask' } },
    { question: 'how many units of hydraulic fittings did we ship last month', expect: { kind: 'ask' } },
    { question: `What's the weather in Tacoma tomorrow?`, expect: { kind: 'ask' } },
    { question: `What was net income in ${my(b.shift(b.first, -3))}?`, expect: { kind: 'ask' } },
    { question: `what's our NPS score?`, expect: { kind: 'ask' } },
  ];

  const context: Case[] = [
    {
      before: [`What was revenue in ${Q.label}?`],
      question: 'and the quarter before?',
      expect: { kind: 'value', gold: one(REV, PQ.from, PQ.to) },
    },
    {
      before: ['opex for the Sales department last year'],
      question: 'what about marketing?',
      expect: { kind: 'value', gold: one(opexOf('Marketing'), ...LY) },
    },
    {
      before: [`gross margin in ${Q.label}`],
      question: 'same quarter last year?',
      expect: { kind: 'value', gold: pctOfRevenue(GP, QLY.from, QLY.to) },
    },
    {
      before: ['top 5 customers by revenue last year'],
      question: 'and this year so far?',
      expect: { kind: 'rows', gold: ranked('g.counterparty', REV, ...YTD, IS_REVENUE, 'desc', 5) },
    },
    {
      before: [`how much did we spend on legal fees in ${ly}`],
      question: 'and audit fees?',
      expect: { kind: 'value', gold: movement(accounts('7320'), ...LY) },
    },
    {
      before: [`revenue by month for ${ly}`],
      question: `what's our current ratio?`,
      expect: {
        kind: 'value',
        gold: `select round(${bal(CURRENT_ASSETS, L)} / nullif(${bal(CURRENT_LIABILITIES, L)}, 0), 2)`,
      },
    },
    {
      before: [`show opex by department for ${ly}`],
      question: `What's our cash balance?`,
      expect: { kind: 'value', gold: balanceAt(subtype('cash'), L) },
    },
    {
      before: ['Show me Operations department opex by month for the last 6 months'],
      question: 'now do engineering',
      expect: {
        kind: 'rows',
        gold: `select g.period, ${opexOf('Engineering')} as opex ${GL} where ${within(b.shift(L, -5), L)} group by g.period order by g.period`,
      },
    },
    {
      before: ['cash balance at the end of last year'],
      question: 'and now?',
      expect: { kind: 'value', gold: balanceAt(subtype('cash'), L) },
    },
    {
      before: ['What did we pay Puget Sound Steel Service last year?'],
      question: 'and Ryerson?',
      expect: { kind: 'value', gold: paidTo('Ryerson Metals Northwest', ...LY) },
    },
    {
      before: ['What was net income last year?'],
      question: `what about ${y - 3}?`,
      expect: { kind: 'ask' },
    },
    {
      before: [`Revenue for ${my(L)}`],
      question: 'how does that compare to budget?',
      expect: {
        kind: 'value',
        gold: `select ${flow(REV, L, L)} as actual, ${budget(IS_REVENUE, L, L)} as budget`,
      },
    },
    {
      before: [`Revenue for ${ly}`, 'what about COGS?'],
      question: 'and gross margin?',
      expect: { kind: 'value', gold: pctOfRevenue(GP, ...LY) },
    },
    {
      before: ['How much did we spend on digital advertising this year?'],
      question: 'break that down by month',
      expect: {
        kind: 'rows',
        gold: `select g.period, coalesce(${READING}, 0) as amount ${GL} where ${within(...YTD)} and ${accounts('6230')} group by g.period order by g.period`,
      },
    },
  ];

  const tag = (questionClass: HeldOutCase['class'], cases: Case[]): HeldOutCase[] =>
    cases.map((item) => ({ class: questionClass, ...item }));
  return [
    ...tag('time', time),
    ...tag('ratio', ratio),
    ...tag('comparison', comparison),
    ...tag('ranking', ranking),
    ...tag('customers and vendors', customersAndVendors),
    ...tag('vocabulary', vocabulary),
    ...tag('account vs metric', accountVsMetric),
    ...tag('decomposition', decomposition),
    ...tag('distinct count', distinctCount),
    ...tag('unknown account', unknownAccount),
    ...tag('unanswerable', unanswerable),
    ...tag('context', context),
  ];
};
