import { centsOf } from '@finboard/shared/journals';
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
}

export function requestOf(books: Books, query: BooksQuery): StatementRequest {
  return {
    from: query.from,
    to: query.to,
    slice: { entity: query.entity, department: query.department },
    calendar: fiscalCalendar(books.periods),
    accounts: new Map(books.accounts.map((account) => [account.code, account])),
    top: query.top ?? 10,
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
 * A controller's first two months, to the cent (issue 25): a share issue and a loan, equipment bought and
 * depreciated, inventory bought on credit and sold, a sale on credit collected, a supplier paid, interest and
 * a dividend. The chart says some subtypes only as groups (equity, operating and other expenses): the names
 * tell share capital from dividends, depreciation and interest from other costs.
 *
 *             cash    net income  operating  investing  financing
 *   Jan 2026  +9,000     1,800         0       −6,000     15,000
 *   Feb 2026    +150      −150       450           0       −300
 */
export const CONTROLLER_BOOKS: Books = {
  accounts: [
    account('1000', 'Bank', 'asset', 'cash'),
    account('1200', 'Trade receivables', 'asset', 'receivable'),
    account('1300', 'Inventory', 'asset', 'inventory'),
    account('1500', 'Equipment', 'asset', 'fixed_asset'),
    account('1600', 'Accumulated depreciation - Equipment', 'asset', 'accumulated_depreciation'),
    account('2000', 'Trade payables', 'liability', 'payable'),
    account('2500', 'Bank loan', 'liability', 'long_term_debt'),
    account('3000', 'Share capital', 'equity', 'equity'),
    account('3400', 'Dividends paid', 'equity', 'equity'),
    account('4000', 'Sales', 'revenue', 'revenue'),
    account('5000', 'Cost of goods sold', 'expense', 'cost_of_sales'),
    account('6100', 'Depreciation expense', 'expense', 'operating_expense'),
    account('8500', 'Interest expense', 'expense', 'other_expense'),
  ],
  periods: [
    { period: '2026-01', fiscalYear: 2026, fiscalPeriod: 1 },
    { period: '2026-02', fiscalYear: 2026, fiscalPeriod: 2 },
  ],
  journals: [
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
  ],
  budget: [],
};
