/**
 * The held-out question set of Chat DB (issue 26): questions a CFO, controller or FP&A analyst asks about the demo
 * books, by class, each with its gold answer computed by plain SQL over the ledger (02_GL_Detail, 01_Account,
 * 03_Budget — never the monthly aggregates or views the compiler reads), and how an answer is graded.
 *
 * Phrasings are written before the parser change that handles them, and their accuracy noted first.
 */

export const QUESTION_CLASSES = [
  'time',
  'ratio',
  'comparison',
  'ranking',
  'customers and vendors',
  'vocabulary',
  'account vs metric',
  'decomposition',
  'distinct count',
  'unknown account',
  'unanswerable',
  'context',
] as const;
export type QuestionClass = (typeof QUESTION_CLASSES)[number];

/**
 * How an answer is graded (money to the cent, percentages and ratios to 0.01):
 * - `value`: the gold SQL returns one row of one or more numbers; the answer is understood, has exactly one row,
 *   and every gold number appears among that row's numeric cells.
 * - `rows`: the gold SQL returns rows, in order; the answer has as many rows, and each answer row holds its gold
 *   row's numbers among its numeric cells and its texts (period `YYYY-MM`, quarter `YYYY-Qn`, department, account
 *   name or code, counterparty) among its text cells (case-insensitive).
 * - `ask`: the books cannot answer it, or it names something the books do not have: the answer must not be a
 *   figure (understood false: it asks, naming what it did not understand, or refuses).
 * An answer that is understood but not right — or any answer to an `ask` question — is a confident wrong answer.
 */
export type Expectation = { kind: 'value'; gold: string } | { kind: 'rows'; gold: string } | { kind: 'ask' };

export interface HeldOutCase {
  class: QuestionClass;
  question: string;
  /** Earlier questions of the same conversation, asked first (context class). */
  before?: string[];
  expect: Expectation;
}

/** What questions and gold SQL are written against: the books' calendar, relative to their latest period. */
export interface Books {
  /** The latest period with ledger lines, `YYYY-MM` (the demo's: the month before today). */
  last: string;
  /** The first period of the books. */
  first: string;
  /** The fiscal (= calendar) year of `last`. */
  year: number;
  /** `YYYY-MM` shifted by `months`. */
  shift(period: string, months: number): string;
  /** "March" for `2026-03`. */
  monthName(period: string): string;
}

export function booksOf(first: string, last: string): Books {
  const shift = (period: string, months: number) => {
    const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(5)) - 1 + months;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  };
  return {
    first,
    last,
    year: Number(last.slice(0, 4)),
    shift,
    monthName: (period) =>
      new Date(Date.UTC(2000, Number(period.slice(5)) - 1, 1)).toLocaleString('en-US', {
        month: 'long',
        timeZone: 'UTC',
      }),
  };
}

// Gold SQL pieces in reading signs (finance-conventions.md): revenue and costs positive. Each metric as the
// statements and the KPI library define it (docs/kpis.md): revenue is sales and contra revenue, not other income.
export const GL = `from "02_GL_Detail" g join "01_Account" a on a.account_code = g.account_code`;
export const REV = `coalesce(sum(g.credit - g.debit) filter (where a.account_type = 'revenue' and coalesce(a.account_subtype, '') <> 'other_income'), 0)`;
export const COGS = `coalesce(sum(g.debit - g.credit) filter (where a.account_type = 'expense' and a.account_subtype = 'cost_of_sales'), 0)`;
/** Operating expenses as the Profit & Loss has them (docs/account-classification.md). */
export const OPEX_EXCLUDED = `('cost_of_sales', 'depreciation_amortization', 'interest_expense', 'other_expense', 'income_tax')`;
export const OPEX = `coalesce(sum(g.debit - g.credit) filter (where a.account_type = 'expense' and coalesce(a.account_subtype, '') not in ${OPEX_EXCLUDED}), 0)`;
export const EXP = `coalesce(sum(g.debit - g.credit) filter (where a.account_type = 'expense'), 0)`;
/** Net income: every revenue (other income included) less every expense. */
export const NI = `coalesce(sum(g.credit - g.debit) filter (where a.account_type in ('revenue', 'expense')), 0)`;
export const GP = `(${REV} - ${COGS})`;
/** An account's movement in reading sign (assets and expenses debit-positive, the rest credit-positive). */
export const READING = `sum(case when a.account_type in ('asset', 'expense') then g.debit - g.credit else g.credit - g.debit end)`;

export const within = (from: string, to: string) => `g.period between '${from}' and '${to}'`;
/** One figure over a range, with optional extra conditions (`and …`). */
export const one = (figure: string, from: string, to: string, extra = '') =>
  `select ${figure} ${GL} where ${within(from, to)} ${extra}`;
/** A percentage of revenue, rounded to 2 decimals. */
export const pctOfRevenue = (top: string, from: string, to: string) =>
  `select round(${top} * 100 / nullif(${REV}, 0), 2) ${GL} where ${within(from, to)}`;
/** The closing balance (reading sign) of accounts matching `where` at the end of `period`. */
export const balanceAt = (where: string, period: string) =>
  `select coalesce(${READING}, 0) ${GL} where g.period <= '${period}' and ${where}`;
