/**
 * Held-out questions: rankings, customers and vendors, decompositions, distinct counts, and the questions the
 * books cannot answer (unknown accounts, unanswerable, off-topic follow-ups), plus conversational context.
 *
 * Definitions the gold SQL follows (docs/kpis.md and case.ts's pieces for the metrics):
 * - A **customer** is a counterparty on sales revenue lines (revenue type, other income excluded: the bank is the
 *   counterparty of the money market interest) or on receivable lines.
 * - A **vendor / supplier** is a counterparty on payable-subtype lines or on expense or inventory lines that is
 *   never a customer (the demo's cost-of-sales and finished-goods lines carry the customer, so customers are
 *   taken out). The tax authorities, the 401(k) trust and the health insurer (payroll and tax liabilities only)
 *   and the card issuer (credit card subtype) are not vendors.
 * - "Billed / invoiced / sold to" a customer = its revenue: credit − debit on sales revenue lines with it.
 * - "Paid us / received from" a customer = cash received: debit − credit on cash-subtype lines with it.
 * - "Paid to / spent with" a vendor = cash paid: credit − debit on cash-subtype lines with it. ledger.ts writes
 *   the counterparty on the bank lines of receipts (CR) and payments (PY), so cash lines are used directly.
 * - "Billed by" a vendor / "bills received" = the credits on payable-subtype lines with it (its bills). Not
 *   credit − debit: the debits on payables are our payments, and the opening payables sit on a line without a
 *   counterparty, so the net movement would be bills less payments, not what the vendor billed.
 * - A department's spend = expenses (debit − credit on expense accounts) with that department; lines without a
 *   department (interest, income tax) belong to none. Questions about departments' operating expenses use OPEX.
 * - Decompositions: one row per contributor with a non-zero change (current − previous, in the metric's reading
 *   sign), by |change| descending then label. Gross profit contributors are revenue and cost of sales accounts,
 *   each contributing credit − debit (a cost's rise lowers gross profit).
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

type Range = [from: string, to: string];

const pad = (n: number) => String(n).padStart(2, '0');
const quarter = (year: number, n: number): Range => [`${year}-${pad(n * 3 - 2)}`, `${year}-${pad(n * 3)}`];

// Line filters of the metrics, as REV / COGS / OPEX / EXP read them.
const IS_REV = `(a.account_type = 'revenue' and coalesce(a.account_subtype, '') <> 'other_income')`;
const IS_COGS = `(a.account_type = 'expense' and a.account_subtype = 'cost_of_sales')`;
const IS_OPEX = `(a.account_type = 'expense' and coalesce(a.account_subtype, '') not in ${OPEX_EXCLUDED})`;
const IS_EXP = `(a.account_type = 'expense')`;
const IS_CASH = `a.account_subtype = 'cash'`;
const IS_PAYABLE = `a.account_subtype = 'payable'`;

const CUSTOMERS = `(select distinct c.counterparty from "02_GL_Detail" c join "01_Account" ca on ca.account_code = c.account_code
  where c.counterparty is not null and ((ca.account_type = 'revenue' and coalesce(ca.account_subtype, '') <> 'other_income')
  or ca.account_subtype = 'receivable'))`;
const VENDORS = `(select distinct v.counterparty from "02_GL_Detail" v join "01_Account" va on va.account_code = v.account_code
  where v.counterparty is not null and (va.account_subtype in ('payable', 'inventory') or va.account_type = 'expense')
  and v.counterparty not in ${CUSTOMERS})`;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const QUARTER_LABEL = `left(g.period, 4) || '-Q' || ((cast(right(g.period, 2) as int) + 2) / 3)`;

/** Rows [label, figure] over a range, largest first (or smallest), `limit` of them. */
const ranked = (
  label: string,
  figure: string,
  [from, to]: Range,
  { where = '', limit, order = 'desc' }: { where?: string; limit?: number; order?: 'asc' | 'desc' } = {},
) =>
  `select ${label} as label, ${figure} as amount ${GL} where ${within(from, to)} ${where}
   group by 1 having ${figure} <> 0 order by 2 ${order}, 1${limit ? ` limit ${limit}` : ''}`;

/** A margin (percent of revenue, 2 decimals) by a grouping, the best or worst `limit`. */
const rankedPct = (label: string, top: string, [from, to]: Range, order: 'asc' | 'desc', limit: number) =>
  `select ${label} as label, round(${top} * 100 / nullif(${REV}, 0), 2) as pct ${GL} where ${within(from, to)}
   group by 1 order by 2 ${order}, 1 limit ${limit}`;

/**
 * Change of a metric by contributor between two ranges: every non-zero change, |change| descending, then label.
 * `amount` is the line's reading-sign amount for the metric, `lines` the metric's line filter.
 */
const decompose = (label: string, lines: string, amount: string, current: Range, previous: Range) =>
  `select ${label} as label,
     coalesce(sum(${amount}) filter (where ${within(...current)}), 0)
       - coalesce(sum(${amount}) filter (where ${within(...previous)}), 0) as change
   ${GL} where (${within(...current)} or ${within(...previous)}) and ${lines}
   group by 1
   having coalesce(sum(${amount}) filter (where ${within(...current)}), 0)
       - coalesce(sum(${amount}) filter (where ${within(...previous)}), 0) <> 0
   order by abs(coalesce(sum(${amount}) filter (where ${within(...current)}), 0)
       - coalesce(sum(${amount}) filter (where ${within(...previous)}), 0)) desc, 1`;
const CREDIT = `g.credit - g.debit`;
const DEBIT = `g.debit - g.credit`;

const ask = { kind: 'ask' } as const;
const value = (gold: string) => ({ kind: 'value', gold }) as const;
const rows = (gold: string) => ({ kind: 'rows', gold }) as const;

export const questions = (b: Books): HeldOutCase[] => {
  const ly = b.year - 1;
  const lastYear: Range = [`${ly}-01`, `${ly}-12`];
  const ytd: Range = [`${b.year}-01`, b.last];
  const lastMonth: Range = [b.last, b.last];
  const prior = b.shift(b.last, -1);
  const priorMonth: Range = [prior, prior];
  const month = (p: string) => `${b.monthName(p)} ${p.slice(0, 4)}`;
  // "Last quarter": the last complete calendar quarter ending on or before b.last.
  const lastMonthNumber = Number(b.last.slice(5));
  const lqEnd = b.shift(b.last, -(lastMonthNumber % 3));
  const lastQuarter: Range = [b.shift(lqEnd, -2), lqEnd];
  const quarterBefore: Range = [b.shift(lqEnd, -5), b.shift(lqEnd, -3)];
  const lqName = `Q${Number(lqEnd.slice(5)) / 3} ${lqEnd.slice(0, 4)}`;
  const h1: Range = [`${ly}-01`, `${ly}-06`];
  const h2: Range = [`${ly}-07`, `${ly}-12`];
  const last12: Range = [b.shift(b.last, -11), b.last];
  const m = (n: number) => `${ly}-${pad(n)}`;
  const account = `a.account_name`;
  const customer = `g.counterparty`;
  const isCustomer = `and g.counterparty in ${CUSTOMERS}`;
  const isVendor = `and g.counterparty in ${VENDORS}`;
  const cp = (name: string) => `and g.counterparty = ${quote(name)}`;

  return [
    // ---------------------------------------------------------------- ranking
    {
      class: 'ranking',
      question: `Which three clients brought in the most revenue in ${ly}?`,
      expect: rows(ranked(customer, REV, lastYear, { where: `and ${IS_REV}`, limit: 3 })),
    },
    {
      class: 'ranking',
      question: `our 5 biggest expenses last quarter`,
      // Expense accounts (every expense account, cost of sales included), by debit − credit.
      expect: rows(ranked(account, EXP, lastQuarter, { where: `and ${IS_EXP}`, limit: 5 })),
    },
    {
      class: 'ranking',
      question: `Which month had the lowest gross margin this year?`,
      expect: rows(rankedPct('g.period', GP, ytd, 'asc', 1)),
    },
    {
      class: 'ranking',
      question: `best month for sales last year?`,
      expect: rows(ranked('g.period', REV, lastYear, { limit: 1 })),
    },
    {
      class: 'ranking',
      question: `Which department spent the least in H1 ${ly}?`,
      expect: rows(ranked('g.department', EXP, h1, { where: `and g.department is not null`, limit: 1, order: 'asc' })),
    },
    {
      class: 'ranking',
      question: `Which revenue account brought in the least in ${ly}?`,
      expect: rows(ranked(account, REV, lastYear, { where: `and ${IS_REV}`, limit: 1, order: 'asc' })),
    },
    {
      class: 'ranking',
      question: `top 3 vendors by spend in ${ly} (billed amount)`,
      // Bills: credits on payable lines.
      expect: rows(ranked(customer, 'sum(g.credit)', lastYear, { where: `and ${IS_PAYABLE} ${isVendor}`, limit: 3 })),
    },
    {
      class: 'ranking',
      question: `which quarter had the highest net income last year`,
      expect: rows(ranked(QUARTER_LABEL, NI, lastYear, { limit: 1 })),
    },
    {
      class: 'ranking',
      question: `Which 3 customers generated the least revenue in ${ly}?`,
      expect: rows(ranked(customer, REV, lastYear, { where: `and ${IS_REV}`, limit: 3, order: 'asc' })),
    },
    {
      class: 'ranking',
      question: `Top five operating expense accounts in ${month(b.last)}`,
      expect: rows(ranked(account, OPEX, lastMonth, { where: `and ${IS_OPEX}`, limit: 5 })),
    },
    {
      class: 'ranking',
      question: `Which dept had the highest opex in ${ly}?`,
      expect: rows(ranked('g.department', OPEX, lastYear, { where: `and ${IS_OPEX}`, limit: 1 })),
    },
    {
      class: 'ranking',
      question: `Rank the quarters of ${ly} by revenue, highest first`,
      expect: rows(ranked(QUARTER_LABEL, REV, lastYear)),
    },
    {
      class: 'ranking',
      question: `worst month for net income in ${ly}`,
      expect: rows(ranked('g.period', NI, lastYear, { limit: 1, order: 'asc' })),
    },
    {
      class: 'ranking',
      question: `What were the three largest cost of sales accounts in Q4 ${ly}?`,
      expect: rows(ranked(account, COGS, quarter(ly, 4), { where: `and ${IS_COGS}`, limit: 3 })),
    },
    {
      class: 'ranking',
      question: `In the last 12 months, which month had the highest operating expenses?`,
      expect: rows(ranked('g.period', OPEX, last12, { limit: 1 })),
    },
    {
      class: 'ranking',
      question: `who was our single biggest customer last month`,
      expect: rows(ranked(customer, REV, lastMonth, { where: `and ${IS_REV}`, limit: 1 })),
    },

    // ---------------------------------------------------------------- customers and vendors
    {
      class: 'customers and vendors',
      question: `top 5 customers by sales this year`,
      expect: rows(ranked(customer, REV, ytd, { where: `and ${IS_REV}`, limit: 5 })),
    },
    {
      class: 'customers and vendors',
      question: `Who were our five largest suppliers in ${ly}, by bills received?`,
      expect: rows(ranked(customer, 'sum(g.credit)', lastYear, { where: `and ${IS_PAYABLE} ${isVendor}`, limit: 5 })),
    },
    {
      class: 'customers and vendors',
      question: `How much did Cascade Hydraulics pay us last quarter?`,
      expect: value(
        one(`coalesce(sum(${DEBIT}), 0)`, ...lastQuarter, `and ${IS_CASH} ${cp('Cascade Hydraulics Inc.')}`),
      ),
    },
    {
      class: 'customers and vendors',
      question: `what did we spend with Puget Sound Steel Service this year`,
      expect: value(one(`coalesce(sum(${CREDIT}), 0)`, ...ytd, `and ${IS_CASH} ${cp('Puget Sound Steel Service')}`)),
    },
    {
      class: 'customers and vendors',
      question: `List the customers with more than $1M of revenue last year`,
      expect: rows(
        `select g.counterparty, ${REV} ${GL} where ${within(...lastYear)} and ${IS_REV}
         group by 1 having ${REV} > 1000000 order by 2 desc, 1`,
      ),
    },
    {
      class: 'customers and vendors',
      question: `How much did we bill Northwind Marine Systems in H1 ${ly}?`,
      expect: value(one(REV, ...h1, cp('Northwind Marine Systems'))),
    },
    {
      class: 'customers and vendors',
      question: `How much rent did we pay Marine View Industrial Properties in ${ly}? total payments please`,
      expect: value(
        one(
          `coalesce(sum(${CREDIT}), 0)`,
          ...lastYear,
          `and ${IS_CASH} ${cp('Marine View Industrial Properties LLC')}`,
        ),
      ),
    },
    {
      class: 'customers and vendors',
      question: `What did Redwood Aerospace Structures buy from us in ${b.monthName(b.last)}? just the total`,
      expect: value(one(REV, ...lastMonth, cp('Redwood Aerospace Structures'))),
    },
    {
      class: 'customers and vendors',
      question: `how much did Alcoa Distribution West bill us in ${lqName}`,
      expect: value(
        one(`coalesce(sum(g.credit), 0)`, ...lastQuarter, `and ${IS_PAYABLE} ${cp('Alcoa Distribution West')}`),
      ),
    },
    {
      class: 'customers and vendors',
      question: `Top 3 customers for hydraulic fittings last quarter`,
      expect: rows(
        ranked(customer, REV, lastQuarter, { where: `and a.account_name = 'Sales - Hydraulic Fittings'`, limit: 3 }),
      ),
    },
    {
      class: 'customers and vendors',
      question: `Cash received from Pacific Rail Equipment so far this year?`,
      expect: value(one(`coalesce(sum(${DEBIT}), 0)`, ...ytd, `and ${IS_CASH} ${cp('Pacific Rail Equipment Co.')}`)),
    },
    {
      class: 'customers and vendors',
      question: `How much in early payment discounts did Redwood Aerospace take this year?`,
      expect: value(
        one(
          `coalesce(sum(${DEBIT}), 0)`,
          ...ytd,
          `and a.account_name = 'Sales Discounts' ${cp('Redwood Aerospace Structures')}`,
        ),
      ),
    },
    {
      class: 'customers and vendors',
      question: `payments to Google Ads in ${ly}`,
      expect: value(one(`coalesce(sum(${CREDIT}), 0)`, ...lastYear, `and ${IS_CASH} ${cp('Google Ads')}`)),
    },
    {
      class: 'customers and vendors',
      question: `Which 3 custmers paid us the most last month?`,
      expect: rows(ranked(customer, `sum(${DEBIT})`, lastMonth, { where: `and ${IS_CASH} ${isCustomer}`, limit: 3 })),
    },

    // ---------------------------------------------------------------- decomposition
    {
      class: 'decomposition',
      question: `Why did opex go up in September ${ly}?`,
      expect: rows(decompose(account, IS_OPEX, DEBIT, [m(9), m(9)], [m(8), m(8)])),
    },
    {
      class: 'decomposition',
      question: `What drove the change in revenue from Q2 to Q3 ${ly}?`,
      expect: rows(decompose(account, IS_REV, CREDIT, quarter(ly, 3), quarter(ly, 2))),
    },
    {
      class: 'decomposition',
      question: `explain the change in gross profit last month vs the month before`,
      expect: rows(decompose(account, `(${IS_REV} or ${IS_COGS})`, CREDIT, lastMonth, priorMonth)),
    },
    {
      class: 'decomposition',
      question: `Which departments drove the change in operating expenses last quarter compared with the quarter before?`,
      expect: rows(decompose('g.department', IS_OPEX, DEBIT, lastQuarter, quarterBefore)),
    },
    {
      class: 'decomposition',
      question: `Why did revenue fall in December ${ly}?`,
      expect: rows(decompose(account, IS_REV, CREDIT, [m(12), m(12)], [m(11), m(11)])),
    },
    {
      class: 'decomposition',
      question: `which customers drove the revenue change between Q3 and Q4 ${ly}`,
      expect: rows(decompose(customer, IS_REV, CREDIT, quarter(ly, 4), quarter(ly, 3))),
    },
    {
      class: 'decomposition',
      question: `Break down the change in operating expenses from H1 to H2 ${ly} by account`,
      expect: rows(decompose(account, IS_OPEX, DEBIT, h2, h1)),
    },
    {
      class: 'decomposition',
      question: `what's behind the movement in cost of sales from ${month(m(3))} to ${month(m(4))}?`,
      expect: rows(decompose(account, IS_COGS, DEBIT, [m(4), m(4)], [m(3), m(3)])),
    },
    {
      class: 'decomposition',
      question: `Explain the change in gross profit from Q1 to Q2 ${ly}`,
      expect: rows(decompose(account, `(${IS_REV} or ${IS_COGS})`, CREDIT, quarter(ly, 2), quarter(ly, 1))),
    },
    {
      class: 'decomposition',
      question: `why did total expenses move in ${month(b.last)}? by account pls`,
      expect: rows(decompose(account, IS_EXP, DEBIT, lastMonth, priorMonth)),
    },
    {
      class: 'decomposition',
      question: `Revenue jumped in March ${ly} — what drove it?`,
      expect: rows(decompose(account, IS_REV, CREDIT, [m(3), m(3)], [m(2), m(2)])),
    },
    {
      class: 'decomposition',
      question: `Which departments were behind the change in opex in ${month(b.last)} versus ${month(prior)}?`,
      expect: rows(decompose('g.department', IS_OPEX, DEBIT, lastMonth, priorMonth)),
    },
    {
      class: 'decomposition',
      question: `what drove cost of sales last quarter vs the previous quarter`,
      expect: rows(decompose(account, IS_COGS, DEBIT, lastQuarter, quarterBefore)),
    },

    // ---------------------------------------------------------------- distinct count
    {
      class: 'distinct count',
      question: `How many different suppliers sent us bills in Q1 ${ly}?`,
      expect: value(
        one(`count(distinct g.counterparty)`, ...quarter(ly, 1), `and ${IS_PAYABLE} and g.credit > 0 ${isVendor}`),
      ),
    },
    {
      class: 'distinct count',
      question: `how many customers did we invoice last month`,
      expect: value(one(`count(distinct g.counterparty)`, ...lastMonth, `and ${IS_REV} and g.credit > 0`)),
    },
    {
      class: 'distinct count',
      question: `Number of active customers this year?`,
      // Active = invoiced (sales revenue) in the range.
      expect: value(one(`count(distinct g.counterparty)`, ...ytd, `and ${IS_REV} and g.credit > 0`)),
    },
    {
      class: 'distinct count',
      question: `How many accounts had activity in ${month(b.last)}?`,
      expect: value(one(`count(distinct g.account_code)`, ...lastMonth)),
    },
    {
      class: 'distinct count',
      question: `how many departments incurred travel costs in ${ly}`,
      expect: value(
        one(
          `count(distinct g.department)`,
          ...lastYear,
          `and ${IS_EXP} and a.account_name ilike '%travel%' and g.department is not null`,
        ),
      ),
    },
    {
      class: 'distinct count',
      question: `How many journals were posted in ${month(prior)}?`,
      expect: value(one(`count(distinct g.journal_id)`, ...priorMonth)),
    },
    {
      class: 'distinct count',
      question: `how many sales invoices did we issue in ${month(m(6))}`,
      // An invoice is a journal debiting receivables.
      expect: value(
        one(`count(distinct g.journal_id)`, m(6), m(6), `and a.account_subtype = 'receivable' and g.debit > 0`),
      ),
    },
    {
      class: 'distinct count',
      question: `How many customers took an early-payment discount this year?`,
      expect: value(
        one(`count(distinct g.counterparty)`, ...ytd, `and a.account_name = 'Sales Discounts' and g.debit > 0`),
      ),
    },
    {
      class: 'distinct count',
      question: `how many different customers bought custom assemblies last quarter?`,
      expect: value(
        one(
          `count(distinct g.counterparty)`,
          ...lastQuarter,
          `and a.account_name = 'Sales - Custom Assemblies' and g.credit > 0`,
        ),
      ),
    },
    {
      class: 'distinct count',
      question: `How many customers paid us in ${b.monthName(b.last)}?`,
      expect: value(
        one(`count(distinct g.counterparty)`, ...lastMonth, `and ${IS_CASH} and g.debit > 0 ${isCustomer}`),
      ),
    },
    {
      class: 'distinct count',
      question: `How many different expense accounts did Engineering post to in ${ly}?`,
      expect: value(
        one(`count(distinct g.account_code)`, ...lastYear, `and ${IS_EXP} and g.department = 'Engineering'`),
      ),
    },

    // ---------------------------------------------------------------- unknown account
    { class: 'unknown account', question: `What's our crypto wallet balance?`, expect: ask },
    { class: 'unknown account', question: `How much did we spend on Snowflake credits this year?`, expect: ask },
    { class: 'unknown account', question: `petty cash balance at end of ${month(b.last)}`, expect: ask },
    { class: 'unknown account', question: `What's sitting in our Stripe clearing account?`, expect: ask },
    { class: 'unknown account', question: `royalty income last year`, expect: ask },
    { class: 'unknown account', question: `What is the warranty reserve balance right now?`, expect: ask },
    { class: 'unknown account', question: `Deferred revenue balance at the end of ${ly}?`, expect: ask },
    { class: 'unknown account', question: `what's our lease liability (IFRS 16 / ASC 842) balance`, expect: ask },
    { class: 'unknown account', question: `How much did we lose on foreign exchange in ${ly}?`, expect: ask },
    { class: 'unknown account', question: `Accrued vacation / PTO liability as of last month?`, expect: ask },
    { class: 'unknown account', question: `how much goodwill amortisation did we book this year`, expect: ask },
    { class: 'unknown account', question: `Charitable donations in ${ly}?`, expect: ask },

    // ---------------------------------------------------------------- unanswerable
    { class: 'unanswerable', question: `Forecast revenue for next quarter`, expect: ask },
    { class: 'unanswerable', question: `what will our projected cash balance be in 6 months?`, expect: ask },
    { class: 'unanswerable', question: `sales next month?`, expect: ask },
    { class: 'unanswerable', question: `What will revenue be in ${b.year + 1}?`, expect: ask },
    { class: 'unanswerable', question: `Revenue in ${b.year - 3}`, expect: ask },
    { class: 'unanswerable', question: `What was net income in Q1 ${b.year - 3}?`, expect: ask },
    { class: 'unanswerable', question: `What's our headcount in Engineering?`, expect: ask },
    { class: 'unanswerable', question: `What's each sales rep's quota attainment this quarter?`, expect: ask },
    { class: 'unanswerable', question: `what's our customer churn rate`, expect: ask },
    { class: 'unanswerable', question: `What is our NPS score?`, expect: ask },
    { class: 'unanswerable', question: `What's our stock price today?`, expect: ask },
    { class: 'unanswerable', question: `whats the weather like in Tacoma tomorrow`, expect: ask },
    { class: 'unanswerable', question: `Which sales rep closed the most deals last quarter?`, expect: ask },

    // ---------------------------------------------------------------- context
    {
      class: 'context',
      before: [`What was revenue last month?`],
      question: `and the month before?`,
      expect: value(one(REV, ...priorMonth)),
    },
    {
      class: 'context',
      before: [`What was revenue last month?`],
      question: `and in Q3 ${ly}?`,
      expect: value(one(REV, ...quarter(ly, 3))),
    },
    {
      class: 'context',
      before: [`How much did Engineering spend in ${ly}?`],
      question: `what about Marketing?`,
      expect: value(one(EXP, ...lastYear, `and g.department = 'Marketing'`)),
    },
    {
      class: 'context',
      before: [`What was gross profit in Q1 ${ly}?`],
      question: `same for Q2`,
      expect: value(one(GP, ...quarter(ly, 2))),
    },
    {
      class: 'context',
      before: [`How many journals were posted in ${month(b.last)}?`],
      question: `Show me EBITDA for the last 6 months`,
      // One figure: gross profit − operating expenses over the six months (docs/kpis.md).
      expect: value(one(`${GP} - ${OPEX}`, b.shift(b.last, -5), b.last)),
    },
    {
      class: 'context',
      before: [`What was net income last year?`],
      question: `What's the weather in Seattle?`,
      expect: ask,
    },
    {
      class: 'context',
      before: [`Top 5 customers by revenue this year`],
      question: `who won the game last night?`,
      expect: ask,
    },
    {
      class: 'context',
      before: [`What were operating expenses in ${month(prior)}?`],
      question: `tell me a joke`,
      expect: ask,
    },
    {
      class: 'context',
      before: [`What did we pay Puget Sound Steel Service last quarter?`],
      question: `and Ryerson Metals Northwest?`,
      expect: value(
        one(`coalesce(sum(${CREDIT}), 0)`, ...lastQuarter, `and ${IS_CASH} ${cp('Ryerson Metals Northwest')}`),
      ),
    },
    {
      class: 'context',
      before: [`How much did we invoice Cascade Hydraulics in ${ly}?`],
      question: `and so far this year?`,
      expect: value(one(REV, ...ytd, cp('Cascade Hydraulics Inc.'))),
    },
    {
      class: 'context',
      before: [`What was cost of sales in ${month(b.last)}?`],
      question: `as a % of revenue?`,
      expect: value(pctOfRevenue(COGS, ...lastMonth)),
    },
    {
      class: 'context',
      before: [`Operating expenses for G&A last quarter`],
      question: `and for Operations?`,
      expect: value(one(OPEX, ...lastQuarter, `and g.department = 'Operations'`)),
    },
    {
      class: 'context',
      before: [`What was revenue in ${ly}?`],
      question: `and what was the cash balance at the end of that year?`,
      expect: value(balanceAt(IS_CASH, `${ly}-12`)),
    },
    {
      class: 'context',
      before: [`How many customers did we invoice in ${month(prior)}?`],
      question: `how much revenue was that in total?`,
      expect: value(one(REV, ...priorMonth)),
    },
    {
      class: 'context',
      before: [`top 3 expense accounts last month`],
      question: `same for the month before`,
      expect: rows(ranked(account, EXP, priorMonth, { where: `and ${IS_EXP}`, limit: 3 })),
    },
    {
      class: 'context',
      before: [`gross margin last quarter`],
      question: `and the quarter before that?`,
      expect: value(pctOfRevenue(GP, ...quarterBefore)),
    },
  ];
};
