/**
 * Held-out questions on time words, ratios, comparisons, metric vocabulary and accounts whose names hold a
 * metric's word. Every date is relative to the books' calendar (`Books`), so the set holds whenever it runs:
 * whole years are the last complete one (b.year − 1), "last quarter" / "last half" the latest complete ones.
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
  pctOfRevenue,
  READING,
  REV,
  within,
  type Books,
  type HeldOutCase,
  type QuestionClass,
} from './case.ts';

type Range = [from: string, to: string];

// Figures in reading signs, beside case.ts's.
const DA = `coalesce(sum(g.debit - g.credit) filter (where a.account_type = 'expense' and a.account_subtype = 'depreciation_amortization'), 0)`;
const INCOME_TAX = `coalesce(sum(g.debit - g.credit) filter (where a.account_type = 'expense' and a.account_subtype = 'income_tax'), 0)`;
const EBITDA = `(${GP} - ${OPEX})`;
const OPERATING_INCOME = `(${GP} - ${OPEX} - ${DA})`;
const ofCodes = (...codes: string[]) =>
  `coalesce(sum(g.debit - g.credit) filter (where g.account_code in (${codes.map((code) => `'${code}'`).join(', ')})), 0)`;
const ofDepartment = (department: string) =>
  `coalesce(sum(g.debit - g.credit) filter (where a.account_type = 'expense' and g.department = '${department}'), 0)`;
const SALARIES = `coalesce(sum(g.debit - g.credit) filter (where a.account_type = 'expense' and a.account_name ilike '%Salaries%'), 0)`;

// The Balance Sheet's groups (docs/account-classification.md).
const CURRENT_ASSETS = `a.account_subtype in ('cash', 'receivable', 'inventory', 'prepaid', 'other_current_asset')`;
const CURRENT_LIABILITIES = `a.account_subtype in ('payable', 'credit_card', 'accrued_liability', 'payroll_liability', 'tax_liability', 'deferred_revenue', 'current_debt')`;
const CASH = `a.account_subtype = 'cash'`;
const RECEIVABLES = `a.account_subtype = 'receivable'`;
const PAYABLES = `a.account_subtype = 'payable'`;
const DEBT = `a.account_subtype in ('current_debt', 'long_term_debt')`;
const LINE_OF_CREDIT = `g.account_code = '2520'`;

/** A balance at the end of `period`, as a scalar. */
const bal = (where: string, period: string) => `(${balanceAt(where, period)})`;
/** Total equity at the end of `period`: equity accounts and every year's earnings, none closed. */
const equityAt = (period: string) =>
  `(select coalesce(sum(g.credit - g.debit), 0) ${GL} where g.period <= '${period}' and a.account_type in ('equity', 'revenue', 'expense'))`;
/** A flow over a range, as a scalar. */
const flow = (figure: string, [from, to]: Range) => `(${one(figure, from, to)})`;
/** Calendar days from the first day of `from` to the last day of `to`. */
const days = ([from, to]: Range) => `((date '${to}-01' + interval '1 month')::date - date '${from}-01')`;

const pctOf = (top: string, base: string, [from, to]: Range) =>
  `select round(${top} * 100 / nullif(${base}, 0), 2) ${GL} where ${within(from, to)}`;
const margin = (top: string, [from, to]: Range) => pctOfRevenue(top, from, to);
const ratio = (top: string, base: string) => `select round(${top} / nullif(${base}, 0), 2)`;
const dso = (range: Range) =>
  `select round(${bal(RECEIVABLES, range[1])} * ${days(range)} / nullif(${flow(REV, range)}, 0), 2)`;
const dpo = (range: Range) =>
  `select round(${bal(PAYABLES, range[1])} * ${days(range)} / nullif(${flow(COGS, range)}, 0), 2)`;

/** [current, previous, change, change_pct] of two scalars. */
const versus = (current: string, previous: string) =>
  `select c, p, c - p, round((c - p) * 100 / abs(p), 2) from (select ${current} as c, ${previous} as p) x`;
const flowVersus = (figure: string, current: Range, previous: Range) =>
  versus(flow(figure, current), flow(figure, previous));

const account = (code: string, [from, to]: Range) => one(READING, from, to, `and g.account_code = '${code}'`);

const QUARTER = `substr(g.period, 1, 4) || '-Q' || ((cast(substr(g.period, 6, 2) as int) + 2) / 3)`;
const byMonth = (figure: string, [from, to]: Range) =>
  `select g.period, ${figure} ${GL} where ${within(from, to)} group by g.period order by g.period`;
const byQuarter = (figure: string, [from, to]: Range) =>
  `select ${QUARTER} as quarter, ${figure} ${GL} where ${within(from, to)} group by 1 order by 1`;

export const questions = (b: Books): HeldOutCase[] => {
  const last = b.last;
  const back = (months: number) => b.shift(last, -months);
  const yearOf = (period: string) => Number(period.slice(0, 4));
  const monthOf = (period: string) => Number(period.slice(5));
  /** "March 2026". */
  const full = (period: string) => `${b.monthName(period)} ${yearOf(period)}`;
  /** "Mar 2026". */
  const abbr = (period: string) => `${b.monthName(period).slice(0, 3)} ${yearOf(period)}`;
  const lastDay = (period: string) => new Date(Date.UTC(yearOf(period), monthOf(period), 0)).getUTCDate();
  /** The latest period up to the books' last whose month is one of `months`. */
  const latest = (...months: number[]) => {
    let period = last;
    while (!months.includes(monthOf(period))) period = b.shift(period, -1);
    return period;
  };

  const py = b.year - 1;
  const lastYear: Range = [`${py}-01`, `${py}-12`];
  const inLastYear = (from: number, to: number): Range => [
    `${py}-${String(from).padStart(2, '0')}`,
    `${py}-${String(to).padStart(2, '0')}`,
  ];
  const ytd: Range = [`${b.year}-01`, last];
  const ytdPriorYear: Range = [`${py}-01`, back(12)];
  const ttm: Range = [back(11), last];
  const lastMonth: Range = [last, last];
  const month = (period: string): Range => [period, period];

  // The latest complete quarter (Q), the one before (PQ), the same quarter a year earlier (QY).
  const quarterEnding = (end: string) => ({
    range: [b.shift(end, -2), end] as Range,
    label: `Q${monthOf(end) / 3} ${yearOf(end)}`,
    q: monthOf(end) / 3,
    year: yearOf(end),
  });
  const qEnd = latest(3, 6, 9, 12);
  const Q = quarterEnding(qEnd);
  const PQ = quarterEnding(b.shift(qEnd, -3));
  const QY = quarterEnding(b.shift(qEnd, -12));
  // The latest complete half and the same half a year earlier.
  const hEnd = latest(6, 12);
  const H = { range: [b.shift(hEnd, -5), hEnd] as Range, n: monthOf(hEnd) / 6, year: yearOf(hEnd) };
  const HY: Range = [b.shift(hEnd, -17), b.shift(hEnd, -12)];
  // The quarter holding the books' last month, up to it.
  const qtd: Range = [b.shift(last, -((monthOf(last) - 1) % 3)), last];

  const value = (cls: QuestionClass, question: string, gold: string): HeldOutCase => ({
    class: cls,
    question,
    expect: { kind: 'value', gold },
  });
  const rows = (cls: QuestionClass, question: string, gold: string): HeldOutCase => ({
    class: cls,
    question,
    expect: { kind: 'rows', gold },
  });
  const ask = (cls: QuestionClass, question: string): HeldOutCase => ({
    class: cls,
    question,
    expect: { kind: 'ask' },
  });
  const sum = (figure: string, [from, to]: Range) => one(figure, from, to);
  const balance = (where: string, period: string) => balanceAt(where, period);

  const time: HeldOutCase[] = [
    value('time', `What was revenue in the first half of ${py}?`, sum(REV, inLastYear(1, 6))),
    value('time', 'gross profit for the second half of last year', sum(GP, inLastYear(7, 12))),
    value('time', 'Net income TTM', sum(NI, ttm)),
    value('time', 'LTM opex?', sum(OPEX, ttm)),
    value('time', 'total expenses in the last twelve months', sum(EXP, ttm)),
    value(
      'time',
      `What was cost of sales over the trailing 12 months ending ${full(back(3))}?`,
      sum(COGS, [back(14), back(3)]),
    ),
    value('time', `Sales from Feb to May ${py}`, sum(REV, inLastYear(2, 5))),
    value(
      'time',
      `How much did we spend on operating expenses from ${abbr(back(11))} through ${abbr(back(6))}?`,
      sum(OPEX, [back(11), back(6)]),
    ),
    value('time', `Q2–Q3 ${py} gross profit`, sum(GP, inLastYear(4, 9))),
    value('time', `net income between March and June ${py}`, sum(NI, inLastYear(3, 6))),
    value('time', `How much revenue have we booked since ${b.monthName(back(5))}?`, sum(REV, [back(5), last])),
    value(
      'time',
      `What was our cash balance as of 15 ${b.monthName(back(4))} ${yearOf(back(4))}?`,
      balance(CASH, back(4)),
    ),
    value(
      'time',
      `Accounts receivable at ${lastDay(latest(3))} March ${yearOf(latest(3))}`,
      balance(RECEIVABLES, latest(3)),
    ),
    value('time', 'payables at the end of June', balance(PAYABLES, latest(6))),
    value('time', `How much was drawn on the line of credit at 12/31/${py}?`, balance(LINE_OF_CREDIT, `${py}-12`)),
    value('time', `Net income for fiscal ${py}`, sum(NI, lastYear)),
    value('time', `FY${String(py).slice(2)} revenue`, sum(REV, lastYear)),
    value('time', `opex FY ${py}`, sum(OPEX, lastYear)),
    value('time', 'What was cost of sales last fiscal year?', sum(COGS, lastYear)),
    value(
      'time',
      monthOf(last) % 3 === 0 ? 'revenue for the quarter we just closed' : 'revenue this quarter so far',
      sum(REV, qtd),
    ),
    value('time', 'gross profit last month', sum(GP, lastMonth)),
    value('time', `Net income in ${full(back(3))}`, sum(NI, month(back(3)))),
    value('time', 'ytd expenses', sum(EXP, ytd)),
    value('time', 'How much revenue have we made this year?', sum(REV, ytd)),
    value('time', 'Revenue over the last 3 full quarters', sum(REV, [b.shift(qEnd, -8), qEnd])),
    value('time', `what were sales in ${abbr(back(14))}`, sum(REV, month(back(14)))),
    value('time', `net income H${H.n} ${H.year}`, sum(NI, H.range)),
    value('time', `FY${Q.year} Q${Q.q} cost of sales`, sum(COGS, Q.range)),
    value('time', 'cash at the end of last quarter', balance(CASH, qEnd)),
    rows('time', `Revenue by month in H1 ${py}`, byMonth(REV, inLastYear(1, 6))),
    rows('time', `quarterly gross profit for ${py}`, byQuarter(GP, lastYear)),
    ask('time', `What was revenue in FY${b.year - 3}?`),
    ask('time', `net income for January ${b.year - 2}`),
    ask('time', `opex in Q4 ${b.year - 3}`),
  ];

  const ratios: HeldOutCase[] = [
    value('ratio', `Rent as a percentage of revenue in ${py}`, margin(ofCodes('5310', '7210'), lastYear)),
    value('ratio', 'marketing spend as % of revenue ytd', margin(ofDepartment('Marketing'), ytd)),
    value('ratio', `COGS as a % of sales in ${Q.label}`, margin(COGS, Q.range)),
    value('ratio', 'opex to revenue, trailing twelve months', margin(OPEX, ttm)),
    value('ratio', `What share of total expenses was cost of sales in H${H.n} ${H.year}?`, pctOf(COGS, EXP, H.range)),
    value(
      'ratio',
      `Digital Advertising as a share of operating expenses in FY${py}`,
      pctOf(ofCodes('6230'), OPEX, lastYear),
    ),
    value('ratio', `EBITDA margin for ${py}`, margin(EBITDA, lastYear)),
    value('ratio', `operating margin ${Q.label}`, margin(OPERATING_INCOME, Q.range)),
    value('ratio', `What was the gross margin in ${full(back(1))}?`, margin(GP, month(back(1)))),
    value('ratio', 'net margin year to date', margin(NI, ytd)),
    value(
      'ratio',
      `current ratio at the end of ${Q.label}`,
      ratio(bal(CURRENT_ASSETS, qEnd), bal(CURRENT_LIABILITIES, qEnd)),
    ),
    value(
      'ratio',
      "What's our quick ratio?",
      ratio(`(${bal(CASH, last)} + ${bal(RECEIVABLES, last)})`, bal(CURRENT_LIABILITIES, last)),
    ),
    value('ratio', `debt to equity at year end ${py}`, ratio(bal(DEBT, `${py}-12`), equityAt(`${py}-12`))),
    value('ratio', `DSO for ${Q.label}`, dso(Q.range)),
    value('ratio', `days payable outstanding for fiscal ${py}`, dpo(lastYear)),
    value('ratio', 'Salaries as a percentage of revenue last year', margin(SALARIES, lastYear)),
    value(
      'ratio',
      `Engineering department costs as a share of total opex, ${py}`,
      pctOf(ofDepartment('Engineering'), OPEX, lastYear),
    ),
  ];

  const comparisons: HeldOutCase[] = [
    value(
      'comparison',
      'How did gross profit do last month vs the month before?',
      flowVersus(GP, lastMonth, month(back(1))),
    ),
    value('comparison', `QoQ gross profit for ${Q.label}`, flowVersus(GP, Q.range, PQ.range)),
    value('comparison', `YoY revenue for ${full(last)}`, flowVersus(REV, lastMonth, month(back(12)))),
    value('comparison', `${Q.label} vs ${PQ.label} revenue`, flowVersus(REV, Q.range, PQ.range)),
    value(
      'comparison',
      `${b.monthName(back(1))} vs ${b.monthName(back(2))} opex`,
      flowVersus(OPEX, month(back(1)), month(back(2))),
    ),
    value('comparison', `H${H.n} ${H.year} vs H${H.n} ${H.year - 1} gross profit`, flowVersus(GP, H.range, HY)),
    value('comparison', `How did net income change from ${PQ.label} to ${Q.label}?`, flowVersus(NI, Q.range, PQ.range)),
    value('comparison', 'revenue growth last month', flowVersus(REV, lastMonth, month(back(1)))),
    value(
      'comparison',
      `operating expenses in ${Q.label} compared with the same quarter last year`,
      flowVersus(OPEX, Q.range, QY.range),
    ),
    value(
      'comparison',
      `cash at the end of ${Q.label} vs the end of ${PQ.label}`,
      versus(bal(CASH, qEnd), bal(CASH, PQ.range[1])),
    ),
    value(
      'comparison',
      'How have receivables moved since the end of last year?',
      versus(bal(RECEIVABLES, last), bal(RECEIVABLES, `${py}-12`)),
    ),
    value(
      'comparison',
      'cost of sales last month against the same month a year ago',
      flowVersus(COGS, lastMonth, month(back(12))),
    ),
    value('comparison', 'TTM revenue vs the prior twelve months', flowVersus(REV, ttm, [back(23), back(12)])),
    value(
      'comparison',
      `Marketing spend ${Q.label} versus ${PQ.label}`,
      flowVersus(ofDepartment('Marketing'), Q.range, PQ.range),
    ),
    value(
      'comparison',
      `total expenses ${full(back(2))} versus ${full(back(14))}`,
      flowVersus(EXP, month(back(2)), month(back(14))),
    ),
    value('comparison', 'YTD net income vs the same period last year', flowVersus(NI, ytd, ytdPriorYear)),
  ];

  const vocabulary: HeldOutCase[] = [
    value('vocabulary', 'rev last month', sum(REV, lastMonth)),
    value('vocabulary', `GM% ${Q.label}`, margin(GP, Q.range)),
    value('vocabulary', 'GP ytd', sum(GP, ytd)),
    value('vocabulary', `EBITDA for FY${py}`, sum(EBITDA, lastYear)),
    value('vocabulary', `COGS in ${abbr(back(2))}`, sum(COGS, month(back(2)))),
    value('vocabulary', "what's AR", balance(RECEIVABLES, last)),
    value('vocabulary', 'A/R at the end of last year', balance(RECEIVABLES, `${py}-12`)),
    value('vocabulary', 'What do we owe in AP right now?', balance(PAYABLES, last)),
    value('vocabulary', `A/P as of ${full(back(3))}`, balance(PAYABLES, back(3))),
    value(
      'vocabulary',
      `working capital at the end of ${full(back(1))}`,
      `select ${bal(CURRENT_ASSETS, back(1))} - ${bal(CURRENT_LIABILITIES, back(1))}`,
    ),
    value('vocabulary', 'DSO over the last 12 months', dso(ttm)),
    value('vocabulary', `top line for ${py}`, sum(REV, lastYear)),
    value('vocabulary', `bottom line H${H.n} ${H.year}`, sum(NI, H.range)),
    value('vocabulary', 'line of credit balance', balance(LINE_OF_CREDIT, last)),
    value('vocabulary', 'How much cash on hand do we have?', balance(CASH, last)),
    value(
      'vocabulary',
      'average monthly net burn over the last six months',
      `select round((${bal(CASH, back(6))} - ${bal(CASH, last)}) / 6, 2)`,
    ),
    value('vocabulary', `revnue in ${Q.label}`, sum(REV, Q.range)),
    value('vocabulary', `total expnses ${full(back(1))}`, sum(EXP, month(back(1)))),
    value('vocabulary', `gross margn for FY${py}`, margin(GP, lastYear)),
    value('vocabulary', 'operating expences ytd', sum(OPEX, ytd)),
    value('vocabulary', `net incme for ${PQ.label}`, sum(NI, PQ.range)),
    value('vocabulary', `What was turnover in ${py}?`, sum(REV, lastYear)),
    value('vocabulary', 'debtors at the end of last month', balance(RECEIVABLES, last)),
    value('vocabulary', 'EBIT last year', sum(OPERATING_INCOME, lastYear)),
    value('vocabulary', `PBT for ${py}`, sum(`(${NI} + ${INCOME_TAX})`, lastYear)),
  ];

  const accounts: HeldOutCase[] = [
    value('account vs metric', 'How much bonus expense did we book last quarter?', account('7130', Q.range)),
    value('account vs metric', 'interest expense on the term loan this year', account('8510', ytd)),
    value('account vs metric', `Interest Expense - Line of Credit for FY${py}`, account('8520', lastYear)),
    value('account vs metric', 'bad debt expense over the last 12 months', account('7680', ttm)),
    value('account vs metric', `what did sales commissions cost us in H1 ${py}`, account('6120', inLastYear(1, 6))),
    value('account vs metric', `Sales Salaries in ${full(back(1))}`, account('6110', month(back(1)))),
    value('account vs metric', 'sales travel and entertainment ytd', account('6140', ytd)),
    value('account vs metric', `How much freight did we bill to customers in ${Q.label}?`, account('4310', Q.range)),
    value('account vs metric', 'interest income last year', account('8110', lastYear)),
    value('account vs metric', 'Sales discounts given this year', account('4910', ytd)),
    value('account vs metric', `federal income tax expense for ${py}`, account('8910', lastYear)),
    value('account vs metric', 'spare parts sales last month', account('4140', lastMonth)),
    value('account vs metric', `Depreciation - Vehicles for fiscal ${py}`, account('6460', lastYear)),
    value('account vs metric', `office supplies spend in ${PQ.label}`, account('7610', PQ.range)),
    value('account vs metric', 'Sales returns and allowances, trailing 12 months', account('4920', ttm)),
  ];

  return [...time, ...ratios, ...comparisons, ...vocabulary, ...accounts];
};
