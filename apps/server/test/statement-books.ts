import { centsOf } from '@finboard/shared/journals';
import { DEFAULT_COMPARISONS, type ReportComparison } from '@finboard/shared/reports';
import { NO_LAYOUT, type LayoutRules } from '@finboard/shared/statement-layouts';
import { fiscalCalendar, type PeriodRow } from '../src/modules/reports/periods.ts';
import type { ReportsReader, ReportsRepository } from '../src/modules/reports/reports.repository.ts';
import type {
  Account,
  BudgetLine,
  CashFlow,
  CounterpartySum,
  Movement,
  Statement,
  StatementBody,
  StatementLedger,
  StatementReads,
  StatementRequest,
} from '../src/modules/reports/statement-kit.ts';

/**
 * Hand-made books for the statements' unit tests: a chart, periods, balanced journals and a budget, read as
 * the reports repository reads the warehouse — the monthly movements of 05_Monthly_Balance (here always at
 * the finest grain, entity and department kept, so the statements' own slicing is what is tested), each
 * journal's net effect on cash accounts as 05_Monthly_Cash_Flow has it, and the counterparty sums of expense
 * lines. Amounts are written as decimal strings ('1200.00') and become cents with centsOf.
 */
export interface BookLine {
  account: string;
  debit?: string;
  credit?: string;
  entity?: string;
  department?: string;
  counterparty?: string;
}
export interface BookJournal {
  id: string;
  period: string;
  lines: BookLine[];
}
export interface Books {
  accounts: Account[];
  periods: PeriodRow[];
  journals: BookJournal[];
  budget: { period: string; account: string; department?: string; amount: string }[];
}

const cents = (amount: string | undefined) => {
  const value = centsOf(amount ?? '0');
  if (value === undefined) throw new Error(`not an amount: ${amount}`);
  return Number(value);
};

/** Refuses a journal whose debits and credits differ: the statements may rely on balanced books. */
function assertBalanced(journal: BookJournal) {
  const debit = journal.lines.reduce((sum, line) => sum + cents(line.debit), 0);
  const credit = journal.lines.reduce((sum, line) => sum + cents(line.credit), 0);
  if (debit !== credit) throw new Error(`journal ${journal.id} is not balanced: ${debit} ≠ ${credit} cents`);
}

/** Groups rows by a key, summing with `merge`. */
function grouped<T>(rows: T[], keyOf: (row: T) => string, merge: (into: T, row: T) => void): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const found = byKey.get(keyOf(row));
    if (found) merge(found, row);
    else byKey.set(keyOf(row), { ...row });
  }
  return [...byKey.values()];
}

/** What the repository would answer for `reads` (the slice is left to the statement). */
export function ledgerOf(books: Books, reads: StatementReads): StatementLedger {
  for (const journal of books.journals) assertBalanced(journal);
  const chart = new Map(books.accounts.map((account) => [account.code, account]));
  const lines = books.journals.flatMap((journal) =>
    journal.lines.map((line) => ({
      ...line,
      journal: journal.id,
      period: journal.period,
      type: chart.get(line.account)?.type ?? null,
      subtype: chart.get(line.account)?.subtype ?? null,
      entity: line.entity ?? null,
      department: line.department ?? null,
    })),
  );
  const inRange = (period: string, from: string | null, to: string) =>
    (from === null || period >= from) && period <= to;
  const dimensions = (row: { entity: string | null; department: string | null }) => `${row.entity}|${row.department}`;

  const movements = grouped<Movement>(
    lines
      .filter((line) => reads.movements.ranges.some((range) => inRange(line.period, range.from, range.to)))
      .map((line) => ({
        period: line.period,
        accountCode: line.account,
        accountType: line.type,
        accountSubtype: line.subtype,
        entity: line.entity,
        department: line.department,
        debit: cents(line.debit),
        credit: cents(line.credit),
      })),
    (row) => `${row.period}|${row.accountCode}|${dimensions({ entity: row.entity!, department: row.department! })}`,
    (into, row) => {
      into.debit += row.debit;
      into.credit += row.credit;
    },
  );

  const budget: BudgetLine[] = reads.budget
    ? books.budget
        .filter((line) => inRange(line.period, reads.budget!.from, reads.budget!.to))
        .map((line) => ({
          period: line.period,
          accountCode: line.account,
          accountType: chart.get(line.account)?.type ?? null,
          accountSubtype: chart.get(line.account)?.subtype ?? null,
          department: line.department ?? null,
          amount: cents(line.amount),
        }))
    : [];

  // Each journal's net effect on cash accounts, per entity and department: in when positive, out when negative.
  const cashNets = grouped(
    lines
      .filter((line) => reads.cashFlows && line.subtype === 'cash' && line.period <= reads.cashFlows.to)
      .map((line) => ({ ...line, net: cents(line.debit) - cents(line.credit) })),
    (line) => `${line.journal}|${dimensions(line)}`,
    (into, line) => {
      into.net += line.net;
    },
  );
  const cashFlows = grouped<CashFlow>(
    cashNets.map((line) => ({
      period: line.period,
      entity: line.entity,
      department: line.department,
      cashIn: Math.max(line.net, 0),
      cashOut: Math.max(-line.net, 0),
    })),
    (row) => `${row.period}|${dimensions({ entity: row.entity!, department: row.department! })}`,
    (into, row) => {
      into.cashIn += row.cashIn;
      into.cashOut += row.cashOut;
    },
  );

  const counterparties = grouped<CounterpartySum>(
    lines
      .filter(
        (line) =>
          reads.counterparties &&
          line.type === 'expense' &&
          inRange(line.period, reads.counterparties.from, reads.counterparties.to),
      )
      .map((line) => ({
        counterparty: line.counterparty ?? null,
        accountType: line.type,
        entity: line.entity,
        department: line.department,
        debit: cents(line.debit),
        credit: cents(line.credit),
        lines: 1,
      })),
    (row) => `${row.counterparty}|${dimensions({ entity: row.entity!, department: row.department! })}`,
    (into, row) => {
      into.debit += row.debit;
      into.credit += row.credit;
      into.lines += row.lines;
    },
  );
  return { movements, budget, cashFlows, counterparties };
}

/** A report's range (the service settles it; tests give it whole), filters and Expense Analysis' `top`. */
export interface BooksQuery {
  from: string;
  to: string;
  entity?: string;
  department?: string;
  top?: number;
  compare?: ReportComparison[];
  /** The organization's statement layout (none saved: every account on its subtype's line, by code). */
  layout?: LayoutRules;
}

export function requestOf(books: Books, query: BooksQuery): StatementRequest {
  return {
    from: query.from,
    to: query.to,
    slice: { entity: query.entity, department: query.department },
    calendar: fiscalCalendar(books.periods),
    accounts: new Map(books.accounts.map((account) => [account.code, account])),
    top: query.top ?? 10,
    compare: query.compare ?? DEFAULT_COMPARISONS,
    layout: query.layout ?? NO_LAYOUT,
  };
}

/** A statement of the books, as the service would build it for `query`. */
export function statementOf(statement: Statement, books: Books, query: BooksQuery): StatementBody {
  const request = requestOf(books, query);
  return statement.build(request, ledgerOf(books, statement.reads(request)));
}

/** The books as a reports repository (for the service's unit tests); the drill-down is not there. */
export function booksRepository(books: Books, refreshedAt = '2026-03-01T00:00:00.000Z'): ReportsRepository {
  const withLines = books.journals.filter((journal) => journal.lines.length > 0);
  const values = (pick: (line: BookLine) => string | undefined) =>
    [...new Set(withLines.flatMap((journal) => journal.lines.map(pick)).filter((v) => v !== undefined))].sort();
  const reader: ReportsReader = {
    context: async () => ({
      periods: books.periods,
      lastData:
        withLines
          .map((journal) => journal.period)
          .sort()
          .at(-1) ?? null,
      refreshedAt,
      entities: values((line) => line.entity),
      departments: values((line) => line.department),
    }),
    accounts: async () => new Map(books.accounts.map((account) => [account.code, account])),
    ledger: async (reads) => ledgerOf(books, reads),
    intercompany: async (accountCodes, counterparties, slice) =>
      grouped(
        books.journals.flatMap((journal) =>
          journal.lines
            .filter(
              (line) =>
                accountCodes.includes(line.account) &&
                line.counterparty !== undefined &&
                counterparties.includes(line.counterparty.trim().toLowerCase()) &&
                (slice.entity === undefined || line.entity === slice.entity),
            )
            .map((line) => ({
              period: journal.period,
              accountCode: line.account,
              counterparty: line.counterparty!.trim().toLowerCase(),
              cents: cents(line.debit) - cents(line.credit),
            })),
        ),
        (row) => `${row.period}|${row.accountCode}|${row.counterparty}`,
        (into, row) => {
          into.cents += row.cents;
        },
      ),
    glLines: () => Promise.reject(new Error('the books have no drill-down')),
  };
  return { read: (_organizationId, work) => work(reader) };
}

/** A row of a statement by key (fails the test when missing). */
export function rowOf(body: StatementBody, key: string) {
  const row = body.sections.flatMap((section) => section.rows).find((candidate) => candidate.key === key);
  if (!row) throw new Error(`no row ${key} in ${body.sections.map((s) => s.key).join(', ')}`);
  return row;
}
/** Euros to cents, to compare figures exactly. */
export const toCents = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

const account = (code: string, name: string, type: string, subtype: string | null): Account => ({
  code,
  name,
  type,
  subtype,
});

/**
 * A small trading company over three months and two calendar fiscal years (Dec 2025 | Jan–Feb 2026), in two
 * entities (UK, US) and two departments (Sales, Ops). The statements' tests compute their expected figures
 * from these journals by hand; the month-by-month figures, in euros:
 *
 *            revenue  cost of sales  operating  other  net income   bank (1000)  petty cash (1010)
 *   Dec 2025   3000       1200          800        0      1000         9200            0
 *   Jan 2026   1500          0          400        0      1100        12700          100
 *   Feb 2026   2000        700          860       50       390        10590          100
 */
export const TRADING_BOOKS: Books = {
  accounts: [
    account('1000', 'Bank', 'asset', 'cash'),
    account('1010', 'Petty cash', 'asset', 'cash'),
    account('1200', 'Receivables', 'asset', 'receivable'),
    account('2000', 'Payables', 'liability', 'payable'),
    account('3000', 'Share capital', 'equity', 'equity'),
    account('4000', 'Sales', 'revenue', 'sales'),
    account('5000', 'Cost of goods', 'expense', 'cost_of_sales'),
    account('6000', 'Salaries', 'expense', 'operating_expense'),
    account('6100', 'Rent', 'expense', 'operating_expense'),
    account('7000', 'Interest', 'expense', 'other_expense'),
  ],
  periods: [
    { period: '2025-12', fiscalYear: 2025, fiscalPeriod: 12 },
    { period: '2026-01', fiscalYear: 2026, fiscalPeriod: 1 },
    { period: '2026-02', fiscalYear: 2026, fiscalPeriod: 2 },
  ],
  journals: [
    // Dec 2025 (fiscal 2025): capital paid in, a sale on credit, goods bought on credit, salaries paid.
    {
      id: 'J01',
      period: '2025-12',
      lines: [
        { account: '1000', debit: '10000.00', entity: 'UK' },
        { account: '3000', credit: '10000.00', entity: 'UK' },
      ],
    },
    {
      id: 'J02',
      period: '2025-12',
      lines: [
        { account: '1200', debit: '3000.00', entity: 'UK', department: 'Sales', counterparty: 'Acme' },
        { account: '4000', credit: '3000.00', entity: 'UK', department: 'Sales', counterparty: 'Acme' },
      ],
    },
    {
      id: 'J03',
      period: '2025-12',
      lines: [
        { account: '5000', debit: '1200.00', entity: 'UK', department: 'Ops', counterparty: 'Supplier A' },
        { account: '2000', credit: '1200.00', entity: 'UK', department: 'Ops', counterparty: 'Supplier A' },
      ],
    },
    {
      id: 'J04',
      period: '2025-12',
      lines: [
        { account: '6000', debit: '800.00', entity: 'UK', department: 'Ops', counterparty: 'Staff' },
        { account: '1000', credit: '800.00', entity: 'UK', department: 'Ops', counterparty: 'Staff' },
      ],
    },
    // Jan 2026 (fiscal 2026): Acme pays 2,500 of its 3,000; a cash sale and the rent in the US; 100 moved
    // from the bank to petty cash (no cash in or out: one journal, both lines on cash accounts).
    {
      id: 'J05',
      period: '2026-01',
      lines: [
        { account: '1000', debit: '2500.00', entity: 'UK', department: 'Sales', counterparty: 'Acme' },
        { account: '1200', credit: '2500.00', entity: 'UK', department: 'Sales', counterparty: 'Acme' },
      ],
    },
    {
      id: 'J06',
      period: '2026-01',
      lines: [
        { account: '1000', debit: '1500.00', entity: 'US', department: 'Sales', counterparty: 'Beta' },
        { account: '4000', credit: '1500.00', entity: 'US', department: 'Sales', counterparty: 'Beta' },
      ],
    },
    {
      id: 'J07',
      period: '2026-01',
      lines: [
        { account: '6100', debit: '400.00', entity: 'US', department: 'Ops', counterparty: 'Landlord' },
        { account: '1000', credit: '400.00', entity: 'US', department: 'Ops', counterparty: 'Landlord' },
      ],
    },
    {
      id: 'J08',
      period: '2026-01',
      lines: [
        { account: '1010', debit: '100.00', entity: 'UK' },
        { account: '1000', credit: '100.00', entity: 'UK' },
      ],
    },
    // Feb 2026: the supplier paid, a sale on credit, salaries, interest (no department), goods bought in the
    // US, and 40 of the rent refunded (a credit on an expense account).
    {
      id: 'J09',
      period: '2026-02',
      lines: [
        { account: '2000', debit: '1200.00', entity: 'UK', department: 'Ops', counterparty: 'Supplier A' },
        { account: '1000', credit: '1200.00', entity: 'UK', department: 'Ops', counterparty: 'Supplier A' },
      ],
    },
    {
      id: 'J10',
      period: '2026-02',
      lines: [
        { account: '1200', debit: '2000.00', entity: 'UK', department: 'Sales', counterparty: 'Acme' },
        { account: '4000', credit: '2000.00', entity: 'UK', department: 'Sales', counterparty: 'Acme' },
      ],
    },
    {
      id: 'J11',
      period: '2026-02',
      lines: [
        { account: '6000', debit: '900.00', entity: 'UK', department: 'Ops', counterparty: 'Staff' },
        { account: '1000', credit: '900.00', entity: 'UK', department: 'Ops', counterparty: 'Staff' },
      ],
    },
    {
      id: 'J12',
      period: '2026-02',
      lines: [
        { account: '7000', debit: '50.00', entity: 'US', counterparty: 'Bank' },
        { account: '1000', credit: '50.00', entity: 'US', counterparty: 'Bank' },
      ],
    },
    {
      id: 'J13',
      period: '2026-02',
      lines: [
        { account: '5000', debit: '700.00', entity: 'US', department: 'Ops', counterparty: 'Supplier B' },
        { account: '2000', credit: '700.00', entity: 'US', department: 'Ops', counterparty: 'Supplier B' },
      ],
    },
    {
      id: 'J14',
      period: '2026-02',
      lines: [
        { account: '1000', debit: '40.00', entity: 'US', department: 'Ops', counterparty: 'Landlord' },
        { account: '6100', credit: '40.00', entity: 'US', department: 'Ops', counterparty: 'Landlord' },
      ],
    },
  ],
  // Fiscal 2026's budget in reading signs (revenue and costs positive); the bank's line is no P&L account's.
  budget: [
    { period: '2025-12', account: '4000', department: 'Sales', amount: '2800.00' },
    { period: '2026-01', account: '4000', department: 'Sales', amount: '1200.00' },
    { period: '2026-02', account: '4000', department: 'Sales', amount: '2500.00' },
    { period: '2026-02', account: '5000', department: 'Ops', amount: '700.00' },
    { period: '2026-02', account: '6000', department: 'Ops', amount: '1000.00' },
    { period: '2026-01', account: '6100', department: 'Ops', amount: '300.00' },
    { period: '2026-02', account: '7000', amount: '40.00' },
    { period: '2026-02', account: '1000', amount: '500.00' },
  ],
};

/**
 * A controller's first quarter, to the cent (issue 25): a share issue and a loan repaid in part with its
 * interest, equipment bought and depreciated, inventory bought on credit and sold, sales on credit collected,
 * suppliers paid, a year's insurance prepaid and expensed month by month, electricity accrued and paid, income
 * tax provided at 25% of each month's income before tax (a loss gives some back) and paid, and a dividend.
 * The chart says some subtypes only as groups (equity, operating and other expenses): the names tell share
 * capital from dividends, depreciation and interest from other costs. CONTROLLER_FIGURES holds the
 * statements' figures, computed by hand from these journals.
 */
export const CONTROLLER_BOOKS: Books = {
  accounts: [
    account('1000', 'Bank', 'asset', 'cash'),
    account('1200', 'Trade receivables', 'asset', 'receivable'),
    account('1300', 'Inventory', 'asset', 'inventory'),
    account('1400', 'Prepaid insurance', 'asset', 'prepaid'),
    account('1500', 'Equipment', 'asset', 'fixed_asset'),
    account('1600', 'Accumulated depreciation - Equipment', 'asset', 'accumulated_depreciation'),
    account('2000', 'Trade payables', 'liability', 'payable'),
    account('2100', 'Accrued liabilities', 'liability', 'accrued_liability'),
    account('2200', 'Income tax payable', 'liability', 'tax_liability'),
    account('2500', 'Bank loan', 'liability', 'long_term_debt'),
    account('3000', 'Share capital', 'equity', 'equity'),
    account('3400', 'Dividends paid', 'equity', 'equity'),
    account('4000', 'Sales', 'revenue', 'revenue'),
    account('5000', 'Cost of goods sold', 'expense', 'cost_of_sales'),
    account('6100', 'Depreciation expense', 'expense', 'operating_expense'),
    account('6200', 'Insurance', 'expense', 'operating_expense'),
    account('6300', 'Electricity', 'expense', 'operating_expense'),
    account('8500', 'Interest expense', 'expense', 'other_expense'),
    account('9000', 'Income tax expense', 'expense', 'income_tax'),
  ],
  periods: [
    { period: '2026-01', fiscalYear: 2026, fiscalPeriod: 1 },
    { period: '2026-02', fiscalYear: 2026, fiscalPeriod: 2 },
    { period: '2026-03', fiscalYear: 2026, fiscalPeriod: 3 },
  ],
  journals: [
    // January: shares issued, a loan drawn, equipment bought, inventory bought on credit, a sale on credit and
    // its goods.
    {
      id: 'C01',
      period: '2026-01',
      lines: [
        { account: '1000', debit: '10000.00' },
        { account: '3000', credit: '10000.00' },
      ],
    },
    {
      id: 'C02',
      period: '2026-01',
      lines: [
        { account: '1000', debit: '5000.00' },
        { account: '2500', credit: '5000.00' },
      ],
    },
    {
      id: 'C03',
      period: '2026-01',
      lines: [
        { account: '1500', debit: '6000.00' },
        { account: '1000', credit: '6000.00' },
      ],
    },
    {
      id: 'C04',
      period: '2026-01',
      lines: [
        { account: '1300', debit: '2000.00' },
        { account: '2000', credit: '2000.00' },
      ],
    },
    {
      id: 'C05',
      period: '2026-01',
      lines: [
        { account: '1200', debit: '3000.00' },
        { account: '4000', credit: '3000.00' },
      ],
    },
    {
      id: 'C06',
      period: '2026-01',
      lines: [
        { account: '5000', debit: '1200.00' },
        { account: '1300', credit: '1200.00' },
      ],
    },
    // February: depreciation, interest, the customer pays 2,000, a supplier is paid 1,500, a dividend.
    {
      id: 'C07',
      period: '2026-02',
      lines: [
        { account: '6100', debit: '100.00' },
        { account: '1600', credit: '100.00' },
      ],
    },
    {
      id: 'C08',
      period: '2026-02',
      lines: [
        { account: '8500', debit: '50.00' },
        { account: '1000', credit: '50.00' },
      ],
    },
    {
      id: 'C09',
      period: '2026-02',
      lines: [
        { account: '1000', debit: '2000.00' },
        { account: '1200', credit: '2000.00' },
      ],
    },
    {
      id: 'C10',
      period: '2026-02',
      lines: [
        { account: '2000', debit: '1500.00' },
        { account: '1000', credit: '1500.00' },
      ],
    },
    {
      id: 'C11',
      period: '2026-02',
      lines: [
        { account: '3400', debit: '300.00' },
        { account: '1000', credit: '300.00' },
      ],
    },
    // January: a year's insurance paid in advance (100 a month); tax at 25% of income before tax 1,800.
    {
      id: 'C12',
      period: '2026-01',
      lines: [
        { account: '1400', debit: '1200.00' },
        { account: '1000', credit: '1200.00' },
      ],
    },
    {
      id: 'C13',
      period: '2026-01',
      lines: [
        { account: '9000', debit: '450.00' },
        { account: '2200', credit: '450.00' },
      ],
    },
    // February: a month of insurance, the electricity accrued (no invoice yet); the month's loss before tax
    // of 500 gives back 25% of it (a credit on the tax expense).
    {
      id: 'C14',
      period: '2026-02',
      lines: [
        { account: '6200', debit: '100.00' },
        { account: '1400', credit: '100.00' },
      ],
    },
    {
      id: 'C15',
      period: '2026-02',
      lines: [
        { account: '6300', debit: '250.00' },
        { account: '2100', credit: '250.00' },
      ],
    },
    {
      id: 'C16',
      period: '2026-02',
      lines: [
        { account: '2200', debit: '125.00' },
        { account: '9000', credit: '125.00' },
      ],
    },
    // March: depreciation and insurance; February's electricity paid and March's accrued; a sale on credit
    // and its goods; inventory restocked on credit; a loan instalment (1,000 principal and 50 interest in one
    // journal); January and February's tax paid, and March's provided (25% of 2,650).
    {
      id: 'C17',
      period: '2026-03',
      lines: [
        { account: '6100', debit: '100.00' },
        { account: '1600', credit: '100.00' },
      ],
    },
    {
      id: 'C18',
      period: '2026-03',
      lines: [
        { account: '6200', debit: '100.00' },
        { account: '1400', credit: '100.00' },
      ],
    },
    {
      id: 'C19',
      period: '2026-03',
      lines: [
        { account: '2100', debit: '250.00' },
        { account: '1000', credit: '250.00' },
      ],
    },
    {
      id: 'C20',
      period: '2026-03',
      lines: [
        { account: '6300', debit: '300.00' },
        { account: '2100', credit: '300.00' },
      ],
    },
    {
      id: 'C21',
      period: '2026-03',
      lines: [
        { account: '1200', debit: '4000.00' },
        { account: '4000', credit: '4000.00' },
      ],
    },
    {
      id: 'C22',
      period: '2026-03',
      lines: [
        { account: '5000', debit: '800.00' },
        { account: '1300', credit: '800.00' },
      ],
    },
    {
      id: 'C23',
      period: '2026-03',
      lines: [
        { account: '1300', debit: '1500.00' },
        { account: '2000', credit: '1500.00' },
      ],
    },
    {
      id: 'C24',
      period: '2026-03',
      lines: [
        { account: '2500', debit: '1000.00' },
        { account: '8500', debit: '50.00' },
        { account: '1000', credit: '1050.00' },
      ],
    },
    {
      id: 'C25',
      period: '2026-03',
      lines: [
        { account: '2200', debit: '325.00' },
        { account: '1000', credit: '325.00' },
      ],
    },
    {
      id: 'C26',
      period: '2026-03',
      lines: [
        { account: '9000', debit: '662.50' },
        { account: '2200', credit: '662.50' },
      ],
    },
  ],
  budget: [],
};

/**
 * The statements of CONTROLLER_BOOKS over its quarter, computed by hand from the journals (euros; the sums
 * beside the figures). The statements' unit test and the API test of the books loaded as files assert these.
 *
 *             revenue  cost of sales  operating  depreciation  interest  before tax    tax     net income
 *   Jan 2026   3,000       1,200           0           0           0       1,800      450       1,350
 *   Feb 2026       0           0         350         100          50        −500     −125        −375
 *   Mar 2026   4,000         800         400         100          50       2,650    662.50    1,987.50
 * Operating expenses: insurance 100 (Feb) and 100 (Mar), electricity 250 (Feb) and 300 (Mar).
 */
export const CONTROLLER_FIGURES = {
  from: '2026-01',
  to: '2026-03',
  months: ['2026-01', '2026-02', '2026-03'],
  profitAndLoss: {
    revenue: 7000, // 3,000 + 4,000
    costOfSales: 2000, // 1,200 + 800
    grossProfit: 5000, // 7,000 − 2,000
    grossMarginPct: 71.43, // 5,000 / 7,000 = 71.428…%
    operatingExpenses: 750, // insurance 200 + electricity 550
    ebitda: 4250, // 5,000 − 750
    depreciationAmortization: 200, // 100 + 100
    operatingIncome: 4050, // 4,250 − 200
    otherIncome: 0,
    otherExpenses: 100, // interest 50 + 50
    incomeBeforeTax: 3950, // 4,050 − 100 = 1,800 − 500 + 2,650
    incomeTax: 987.5, // 450 − 125 + 662.50 = 25% of 3,950
    netIncome: 2962.5, // 3,950 − 987.50 = 1,350 − 375 + 1,987.50
    expenses: 4037.5, // 2,000 + 750 + 200 + 100 + 987.50
    netMarginPct: 42.32, // 2,962.50 / 7,000 = 42.321…%
  },
  /**
   * At each month end. Assets: bank; receivables (3,000, −2,000, +4,000); inventory (2,000 − 1,200, then
   * −800 + 1,500); prepaid insurance (1,200 less 100 a month from February); equipment 6,000 less 100 of
   * depreciation a month from February. Liabilities: payables (2,000, −1,500, +1,500); electricity accrued
   * (250, then −250 + 300); income tax (450, −125, −325 + 662.50); the loan (5,000, −1,000 in March). Equity:
   * capital 10,000, the dividend −300 (February) and the year's earnings to date.
   */
  balanceSheet: {
    '2026-01': {
      currentAssets: 12800, // bank 7,800 + receivables 3,000 + inventory 800 + prepaid 1,200
      nonCurrentAssets: 6000, // equipment 6,000
      totalAssets: 18800,
      currentLiabilities: 2450, // payables 2,000 + tax 450
      nonCurrentLiabilities: 5000, // the loan
      totalLiabilities: 7450,
      totalEquity: 11350, // capital 10,000 + earnings 1,350
      totalLiabilitiesAndEquity: 18800, // 7,450 + 11,350
      workingCapital: 10350, // 12,800 − 2,450
      currentYearEarnings: 1350,
    },
    '2026-02': {
      currentAssets: 10850, // bank 7,950 + receivables 1,000 + inventory 800 + prepaid 1,100
      nonCurrentAssets: 5900, // equipment 6,000 − depreciation 100
      totalAssets: 16750,
      currentLiabilities: 1075, // payables 500 + accrued 250 + tax 325
      nonCurrentLiabilities: 5000,
      totalLiabilities: 6075,
      totalEquity: 10675, // 10,000 − 300 + earnings 975 (1,350 − 375)
      totalLiabilitiesAndEquity: 16750, // 6,075 + 10,675
      workingCapital: 9775, // 10,850 − 1,075
      currentYearEarnings: 975,
    },
    '2026-03': {
      currentAssets: 13825, // bank 6,325 + receivables 5,000 + inventory 1,500 + prepaid 1,000
      nonCurrentAssets: 5800, // equipment 6,000 − depreciation 200
      totalAssets: 19625,
      currentLiabilities: 2962.5, // payables 2,000 + accrued 300 + tax 662.50
      nonCurrentLiabilities: 4000, // the loan 5,000 − 1,000
      totalLiabilities: 6962.5,
      totalEquity: 12662.5, // 10,000 − 300 + earnings 2,962.50
      totalLiabilitiesAndEquity: 19625, // 6,962.50 + 12,662.50
      workingCapital: 10862.5, // 13,825 − 2,962.50
      currentYearEarnings: 2962.5,
    },
  },
  /**
   * The bank (1000, the one cash account) at each month end: January +10,000 + 5,000 − 6,000 − 1,200 = 7,800;
   * February −50 + 2,000 − 1,500 − 300 = +150; March −250 − 1,050 − 325 = −1,625.
   */
  cash: { '2026-01': 7800, '2026-02': 7950, '2026-03': 6325 },
  /**
   * The Cash Flow Statement's rows, month by month and Total, in order: net income; each balance sheet account's
   * change, less cash when an asset grows and more when a liability or equity grows; each activity's net cash.
   */
  cashFlowRows: [
    ['indirect:operating:heading', {}],
    ['indirect:netIncome', { '2026-01': 1350, '2026-02': -375, '2026-03': 1987.5, total: 2962.5 }],
    ['indirect:operating:accumulated_depreciation', { '2026-01': 0, '2026-02': 100, '2026-03': 100, total: 200 }],
    ['indirect:operating:receivable', { '2026-01': -3000, '2026-02': 2000, '2026-03': -4000, total: -5000 }],
    ['indirect:operating:inventory', { '2026-01': -800, '2026-02': 0, '2026-03': -700, total: -1500 }],
    ['indirect:operating:prepaid', { '2026-01': -1200, '2026-02': 100, '2026-03': 100, total: -1000 }],
    ['indirect:operating:payable', { '2026-01': 2000, '2026-02': -1500, '2026-03': 1500, total: 2000 }],
    ['indirect:operating:accrued_liability', { '2026-01': 0, '2026-02': 250, '2026-03': 50, total: 300 }],
    ['indirect:operating:tax_liability', { '2026-01': 450, '2026-02': -125, '2026-03': 337.5, total: 662.5 }],
    // January 1,350 − 3,000 − 800 − 1,200 + 2,000 + 450; February −375 + 100 + 2,000 + 100 − 1,500 + 250 − 125;
    // March 1,987.50 + 100 − 4,000 − 700 + 100 + 1,500 + 50 + 337.50.
    ['indirect:operating', { '2026-01': -1200, '2026-02': 450, '2026-03': -625, total: -1375 }],
    ['indirect:investing:heading', {}],
    ['indirect:investing:fixed_asset', { '2026-01': -6000, '2026-02': 0, '2026-03': 0, total: -6000 }],
    ['indirect:investing', { '2026-01': -6000, '2026-02': 0, '2026-03': 0, total: -6000 }],
    ['indirect:financing:heading', {}],
    ['indirect:financing:long_term_debt', { '2026-01': 5000, '2026-02': 0, '2026-03': -1000, total: 4000 }],
    ['indirect:financing:share_capital', { '2026-01': 10000, '2026-02': 0, '2026-03': 0, total: 10000 }],
    ['indirect:financing:drawings_dividends', { '2026-01': 0, '2026-02': -300, '2026-03': 0, total: -300 }],
    ['indirect:financing', { '2026-01': 15000, '2026-02': -300, '2026-03': -1000, total: 13700 }],
    // −1,200 − 6,000 + 15,000; 450 − 300; −625 − 1,000: the bank's change each month.
    ['indirect:netChange', { '2026-01': 7800, '2026-02': 150, '2026-03': -1625, total: 6325 }],
    ['indirect:openingCash', { '2026-01': 0, '2026-02': 7800, '2026-03': 7950, total: 0 }],
    ['indirect:closingCash', { '2026-01': 7800, '2026-02': 7950, '2026-03': 6325, total: 6325 }],
    ['indirect:check', { '2026-01': 0, '2026-02': 0, '2026-03': 0, total: 0 }],
  ] as [string, Record<string, number>][],
  cashFlow: {
    operating: -1375, // −1,200 + 450 − 625
    investing: -6000,
    financing: 13700, // 15,000 − 300 − 1,000
    netChange: 6325, // −1,375 − 6,000 + 13,700
    openingCash: 0,
    closingCash: 6325,
    // Each journal's net effect on the bank: in C01 10,000, C02 5,000, C09 2,000; out C03 6,000, C12 1,200,
    // C08 50, C10 1,500, C11 300, C19 250, C24 1,050, C25 325.
    cashIn: 17000,
    cashOut: 10675,
    netCashFlow: 6325, // 17,000 − 10,675
  },
} as const;
