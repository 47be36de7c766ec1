import type { Account } from '../src/modules/reports/statement-kit.ts';
import type { BookJournal, Books } from './statement-books.ts';
import type { AccountRow, PeriodRow } from './warehouse-books.ts';

/**
 * A hand-made group for the consolidation tests (docs/consolidation.md works the same example): Holding (USD,
 * the parent), EuroSub (EUR, owned 80 %, with equity and earnings from before it joined) and UKSub (GBP, 100 %),
 * joined 2026-01; an intercompany loan in euros (revalued by EuroSub, not by Holding: a currency difference),
 * interest on it, management fees and a dividend, each under its elimination rule; rates that move.
 * EXPECTED holds the consolidated figures for January–February 2026, computed by hand (each step below).
 */

export const GROUP_ACCOUNTS: Account[] = [
  { code: '1000', name: 'Cash', type: 'asset', subtype: 'cash' },
  { code: '1300', name: 'Loan to group company', type: 'asset', subtype: 'other_non_current_asset' },
  { code: '2300', name: 'Loan from group company', type: 'liability', subtype: 'other_non_current_liability' },
  { code: '3000', name: 'Share capital', type: 'equity', subtype: 'share_capital' },
  { code: '3200', name: 'Dividends paid', type: 'equity', subtype: 'drawings_dividends' },
  { code: '4000', name: 'Sales', type: 'revenue', subtype: 'sales' },
  { code: '4100', name: 'Interest income', type: 'revenue', subtype: 'other_income' },
  { code: '4200', name: 'Management fee income', type: 'revenue', subtype: 'other_income' },
  { code: '4300', name: 'Dividend income', type: 'revenue', subtype: 'other_income' },
  { code: '6000', name: 'Operating expenses', type: 'expense', subtype: 'operating_expense' },
  { code: '6100', name: 'Interest expense', type: 'expense', subtype: 'interest_expense' },
  { code: '6200', name: 'Management fees', type: 'expense', subtype: 'operating_expense' },
];

export const MEMBER_NAMES = { holding: 'Holding', euro: 'EuroSub', uk: 'UKSub' } as const;

const periods = (months: string[]) =>
  months.map((period) => ({ period, fiscalYear: Number(period.slice(0, 4)), fiscalPeriod: Number(period.slice(5)) }));
const journal = (id: string, period: string, lines: BookJournal['lines']): BookJournal => ({ id, period, lines });

/** Holding, USD: capital 10,000; lends EuroSub €1,000 booked at $1,150 (never revalued); fees, interest, dividend in. */
export const HOLDING: Books = {
  accounts: GROUP_ACCOUNTS,
  periods: periods(['2026-01', '2026-02']),
  budget: [],
  journals: [
    journal('H1', '2026-01', [
      { account: '1000', debit: '10000.00' },
      { account: '3000', credit: '10000.00' },
    ]),
    journal('H2', '2026-01', [
      { account: '1300', debit: '1150.00', counterparty: 'EuroSub' },
      { account: '1000', credit: '1150.00' },
    ]),
    journal('H3', '2026-01', [
      { account: '1000', debit: '125.00' },
      { account: '4200', credit: '125.00', counterparty: 'UKSub' },
    ]),
    journal('H4', '2026-02', [
      { account: '1000', debit: '11.60' },
      { account: '4100', credit: '11.60', counterparty: 'EuroSub' },
    ]),
    journal('H5', '2026-02', [
      { account: '1000', debit: '92.80' },
      { account: '4300', credit: '92.80', counterparty: 'EuroSub' },
    ]),
    journal('H6', '2026-02', [
      { account: '6000', debit: '300.00' },
      { account: '1000', credit: '300.00' },
    ]),
  ],
};

/** EuroSub, EUR, 80 %: capital €1,000 and €50 of earnings before it joined; borrows €1,000; pays interest and €100 of dividends (€80 to Holding). */
export const EUROSUB: Books = {
  accounts: GROUP_ACCOUNTS,
  periods: periods(['2025-12', '2026-01', '2026-02']),
  budget: [],
  journals: [
    journal('E1', '2025-12', [
      { account: '1000', debit: '1000.00' },
      { account: '3000', credit: '1000.00' },
    ]),
    journal('E2', '2025-12', [
      { account: '1000', debit: '50.00' },
      { account: '4000', credit: '50.00' },
    ]),
    journal('E3', '2026-01', [
      { account: '1000', debit: '1000.00' },
      { account: '2300', credit: '1000.00', counterparty: 'Holding' },
    ]),
    journal('E4', '2026-01', [
      { account: '1000', debit: '500.00' },
      { account: '4000', credit: '500.00' },
    ]),
    journal('E5', '2026-02', [
      { account: '6100', debit: '10.00', counterparty: 'Holding' },
      { account: '1000', credit: '10.00' },
    ]),
    journal('E6', '2026-02', [
      { account: '3200', debit: '80.00', counterparty: 'Holding' },
      { account: '3200', debit: '20.00', counterparty: 'Minority holders' },
      { account: '1000', credit: '100.00' },
    ]),
    journal('E7', '2026-02', [
      { account: '6000', debit: '200.00' },
      { account: '1000', credit: '200.00' },
    ]),
  ],
};

/** UKSub, GBP, 100 %: capital £500; pays Holding £100 of fees; sells £400. */
export const UKSUB: Books = {
  accounts: GROUP_ACCOUNTS,
  periods: periods(['2026-01', '2026-02']),
  budget: [],
  journals: [
    journal('G1', '2026-01', [
      { account: '1000', debit: '500.00' },
      { account: '3000', credit: '500.00' },
    ]),
    journal('G2', '2026-01', [
      { account: '6200', debit: '100.00', counterparty: 'Holding' },
      { account: '1000', credit: '100.00' },
    ]),
    journal('G3', '2026-02', [
      { account: '1000', debit: '400.00' },
      { account: '4000', credit: '400.00' },
    ]),
  ],
};

/** EUR: historical (Dec closing) 1.10; Jan 1.12 / 1.15; Feb 1.16 / 1.20. GBP: Jan 1.25 / 1.30; Feb 1.28 / 1.26. */
export const GROUP_RATES = [
  { period: '2025-12', from: 'EUR', to: 'USD', average: 1.09, closing: 1.1 },
  { period: '2026-01', from: 'EUR', to: 'USD', average: 1.12, closing: 1.15 },
  { period: '2026-02', from: 'EUR', to: 'USD', average: 1.16, closing: 1.2 },
  { period: '2026-01', from: 'GBP', to: 'USD', average: 1.25, closing: 1.3 },
  { period: '2026-02', from: 'GBP', to: 'USD', average: 1.28, closing: 1.26 },
];

export const GROUP_RULES = [
  { name: 'Intercompany loan', accountA: '1300', accountB: '2300' },
  { name: 'Interest', accountA: '4100', accountB: '6100' },
  { name: 'Management fees', accountA: '4200', accountB: '6200' },
  { name: 'Dividends', accountA: '4300', accountB: '3200' },
];

/**
 * By hand, in USD, January–February 2026.
 *
 * EuroSub translated. January: capital €1,000 and pre-acquisition earnings €50 at the historical 1.10 = 1,100 and
 * 55 (80 %: 880 and 44; 20 %, 220 and 11, to the NCI); sales €500 × 1.12 = 560; cash €2,550 × 1.15 = 2,932.50;
 * loan −€1,000 × 1.15 = −1,150; adjustment = 2,932.50 − 1,150 − 1,100 − 55 − 560 = 67.50 (credit; 54.00 / 13.50).
 * February: interest €10 × 1.16 = 11.60; opex €200 × 1.16 = 232; dividends €100 × 1.16 = 116 (92.80 / 23.20);
 * cash €2,240 × 1.20 = 2,688 (−244.50); loan −1,200 (−50); adjustment 65.10 (credit; 52.08 / 13.02).
 * Net income 560 − 243.60 = 316.40, of which 20 % = 112.00 − 48.72 = 63.28 is the NCI's.
 * NCI = 220 + 11 + 13.50 + 13.02 − 23.20 + 63.28 = 297.60 = 20 % × (2,688 − 1,200).
 *
 * UKSub translated. January: capital £500 × 1.25 = 625; fees £100 × 1.25 = 125; cash £400 × 1.30 = 520; adjustment
 * 520 − 625 + 125 = 20 (credit). February: sales £400 × 1.28 = 512; cash £800 × 1.26 = 1,008 (+488); adjustment
 * −24 (debit). Cumulative: 4 debit.
 *
 * Eliminations. Loan: Holding 1,150 against EuroSub 1,150 (Jan) and 1,200 (Feb): 50 unmatched (currency).
 * Interest 11.60 ↔ 11.60, fees 125 ↔ 125, dividend 92.80 ↔ 92.80 (EuroSub's €80 × 1.16): all cancel.
 *
 * P&L: sales 560 + 512 = 1,072; operating expenses 300 + 232 = 532 (fees eliminated); interest, fee and dividend
 * income eliminated; net income 540.00 = 476.72 (parent) + 63.28 (NCI).
 * Balance sheet at 2026-02: cash 8,779.40 + 2,688 + 1,008 = 12,475.40; loans 0 and 0; unmatched −50.00; total
 * assets 12,425.40; liabilities 0. Equity: capital 10,000 + 880 + 625 = 11,505; dividends 92.80 − 92.80 = 0;
 * pre-acquisition earnings 44; translation adjustment 54.00 + 52.08 − 4 = 102.08; NCI 297.60; earnings 476.72;
 * total 12,425.40.
 */
export const EXPECTED = {
  profitAndLoss: {
    revenue: 1072,
    operatingExpenses: 532,
    netIncome: 540,
    netIncomeNonControlling: 63.28,
    netIncomeAttributableToParent: 476.72,
  },
  balanceSheet: {
    totalAssets: 12425.4,
    totalLiabilities: 0,
    totalEquity: 12425.4,
    nonControllingInterest: 297.6,
    translationAdjustment: 102.08,
    unmatchedIntercompany: -50,
    currentYearEarnings: 476.72,
    cash: 12475.4,
    shareCapital: 11505,
  },
  unmatched: {
    rule: 'Intercompany loan',
    memberA: 'Holding',
    memberB: 'EuroSub',
    amountA: 1150,
    amountB: 1200,
    difference: -50,
  },
} as const;

/**
 * The books as rows for seedWarehouse (API tests): periods, chart and GL lines with counterparties, the members'
 * names as `named` calls them (organization names are unique across a test database).
 */
export const GL_COLUMNS = [
  'journal_id',
  'line_no',
  'posting_date',
  'period',
  'account_code',
  'debit',
  'credit',
  'counterparty',
];
export function warehouseRowsOf(books: Books, named: (name: string) => string = (name) => name) {
  const periodRows: PeriodRow[] = books.periods.map(({ period, fiscalYear, fiscalPeriod }) => {
    const [year, month] = period.split('-').map(Number) as [number, number];
    return [
      period,
      `${period}-01`,
      new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10),
      fiscalYear,
      fiscalPeriod,
    ];
  });
  const accounts: AccountRow[] = books.accounts.map((account) => [
    account.code,
    account.name,
    account.type,
    account.subtype,
  ]);
  const rows = books.journals.flatMap((entry) =>
    entry.lines.map((line, index) => [
      entry.id,
      index + 1,
      `${entry.period}-15`,
      entry.period,
      line.account,
      line.debit ?? '0',
      line.credit ?? '0',
      line.counterparty === undefined ? null : named(line.counterparty),
    ]),
  );
  return { periods: periodRows, accounts, gl: { columns: GL_COLUMNS, rows } };
}
