import { normalizeColumnName } from '@finboard/shared/column-mapping';
import type { LayoutKind, LayoutRole } from '@finboard/shared/layouts';

/**
 * What exports call the columns a layout reads (QuickBooks, Xero, Sage, NetSuite, Odoo, ERPNext, GnuCash and
 * spreadsheets), per role. `strong` names mean the role; `weak` ones usually do. A file's kind decides the
 * candidates: "Type" is a transaction's type in a ledger and an account's type in a chart; "Name" the
 * counterparty in a ledger and the account's name in a chart.
 */

interface Names {
  /** Preferred over the strong names when a file has both (GnuCash's Value is in the transaction's currency). */
  best?: string[];
  strong: string[];
  weak?: string[];
}

const LEDGER: Partial<Record<LayoutRole, Names>> = {
  posting_date: {
    strong: ['Date', 'Posting Date', 'Post Date', 'Transaction Date', 'Txn Date', 'GL Date', 'Journal Date'],
    weak: [
      'Entry Date',
      'Effective Date',
      'Trans Date',
      'Document Date',
      'Accounting Date',
      'Date Posted',
      'Datum',
      'Buchungsdatum',
    ],
  },
  journal_id: {
    strong: [
      'Transaction ID',
      'Journal No',
      'Journal Number',
      'Journal ID',
      'JE Number',
      'Journal Entry',
      'Voucher No',
    ],
    weak: [
      'Journal',
      'Entry No',
      'Entry Number',
      'Trans No',
      'Tran No',
      'Batch No',
      'Move',
      'Voucher',
      'Internal ID',
      'BuchungsID',
    ],
  },
  line_no: { strong: ['Line No', 'Line Number', 'Line #', 'Line ID'] },
  period: { strong: ['Accounting Period', 'Posting Period', 'Period'] },
  transaction_type: {
    strong: ['Transaction Type', 'Trans Type', 'Txn Type', 'Voucher Type', 'Source Type'],
    weak: ['Type', 'Source'],
  },
  reference: {
    strong: ['Num', 'No', 'Number', 'Ref', 'Reference', 'Ref No', 'Reference No', 'Document Number', 'Doc No'],
    weak: ['Check No', 'Invoice No', 'Document No', 'Cheque No', 'Nummer', 'Belegnummer'],
  },
  counterparty: {
    strong: ['Name', 'Full Name', 'Customer/Vendor', 'Vendor/Customer', 'Contact', 'Party', 'Partner', 'Payee'],
    weak: ['Customer', 'Vendor', 'Supplier', 'Entity Name'],
  },
  description: {
    strong: ['Description', 'Memo/Description', 'Narration', 'Narrative', 'Details', 'Particulars', 'Label'],
    weak: ['Remarks', 'Text', 'Transaction Description', 'Trans Description', 'Line Description', 'Beschreibung'],
  },
  memo: { strong: ['Memo', 'Line Memo', 'Split Memo'], weak: ['Notes', 'Note', 'Buchungstext'] },
  account: {
    strong: [
      'Full Account Name',
      'Account',
      'Account Code',
      'Account No',
      'Account Number',
      'GL Account',
      'GL Code',
      'Nominal Code',
      'Acct',
      'Account #',
      'Account ID',
    ],
    weak: ['Nominal', 'Ledger', 'Account Name', 'Distribution Account', 'Volle Kontobezeichnung', 'Konto'],
  },
  // A bare "Account" beside an "Account Code" is the account's name.
  account_name: { strong: ['Account Name', 'Account Description', 'Account Title'], weak: ['Account'] },
  debit: {
    strong: ['Debit', 'Debits', 'Dr', 'Debit Amount', 'Debit Amt', 'Amount Dr', 'Dr Amount', 'Amount (Debit)'],
    weak: ['Debit In Account Currency', 'Debit (USD)', 'Debit Amount (Base)', 'Soll'],
  },
  credit: {
    strong: ['Credit', 'Credits', 'Cr', 'Credit Amount', 'Credit Amt', 'Amount Cr', 'Cr Amount', 'Amount (Credit)'],
    weak: ['Credit In Account Currency', 'Credit (USD)', 'Credit Amount (Base)', 'Haben'],
  },
  amount: {
    best: ['Value Num', 'Wert numerisch'],
    strong: ['Amount', 'Amount Num', 'Net Amount', 'Amount (USD)', 'Signed Amount', 'Balance Amount', 'Betrag'],
    // QuickBooks Desktop's Check Detail report: the line's own amount (Paid Amount is its payment, negated).
    weak: ['Value', 'Amount With Sym', 'Value With Sym', 'Net', 'Total', 'Original Amount', 'Wert mit Symbol'],
  },
  indicator: { strong: ['Debit/Credit', 'D/C', 'Dr/Cr', 'DC', 'Sign', 'Debit Credit'] },
  split: { strong: ['Split', 'Split Account', 'Contra Account', 'Offset Account', 'Against Account'] },
  currency: {
    strong: ['Currency', 'Commodity/Currency', 'Currency Code', 'Curr', 'Transaction Currency'],
    weak: ['Währung/Wertpapier', 'Währung'],
  },
  entity: { strong: ['Company', 'Subsidiary', 'Entity', 'Business Unit'], weak: ['Location'] },
  department: { strong: ['Department', 'Dept', 'Cost Center', 'Cost Centre', 'Class'], weak: ['Division'] },
  // The type of a line's account, for the accounts a load creates: Wave writes the root in Account Group and
  // its own finer type in Account Type; a file with one type column has it as the type (recognize.ts).
  account_type: {
    strong: ['Account Group', 'Root Type', 'Account Class', 'Account Category'],
    weak: ['Account Type'],
  },
  account_detail_type: { strong: ['Account Type', 'Account Subtype', 'Account Sub Type', 'Detail Type'] },
};

const CHART: Partial<Record<LayoutRole, Names>> = {
  account: {
    strong: [
      'Code',
      'Account Code',
      'Account Number',
      'Account No',
      'Account #',
      'Number',
      'Acct No',
      'GL Code',
      'ACCNUM',
    ],
    weak: ['Account', 'No', 'ID', 'Full Account Name', 'Full Name'],
  },
  account_name: {
    strong: ['Name', 'Account Name', 'Account Title', 'Account Description', 'Title'],
    weak: ['Description', 'Account'],
  },
  account_type: {
    strong: ['Type', 'Account Type', 'Root Type', 'Account Class', 'Class', 'Category', 'ACCNTTYPE'],
    weak: ['Group', 'Internal Type'],
  },
  account_detail_type: {
    strong: ['Detail Type', 'Sub Type', 'Subtype', 'Account Subtype', 'Sub Category'],
    weak: ['Report Code'],
  },
  parent_code: { strong: ['Parent Account', 'Parent', 'Parent Code', 'Parent Account Number', 'Subaccount Of'] },
  is_active: { strong: ['Active', 'Is Active', 'Status', 'Enabled'] },
};

const TRIAL_BALANCE: Partial<Record<LayoutRole, Names>> = {
  account: CHART.account!,
  account_name: CHART.account_name!,
  debit: LEDGER.debit!,
  credit: LEDGER.credit!,
  closing_balance: {
    strong: ['Balance', 'Closing Balance', 'Ending Balance', 'Net Balance', 'Closing', 'Net'],
    weak: ['Amount', 'YTD Balance'],
  },
  opening_balance: { strong: ['Opening Balance', 'Beginning Balance', 'Opening', 'Brought Forward'] },
  currency: LEDGER.currency!,
};

const NAMES: Record<LayoutKind, Partial<Record<LayoutRole, Names>>> = {
  gl: LEDGER,
  accounts: CHART,
  'trial-balance': TRIAL_BALANCE,
};

/** Header cells as compared: lower case, letters and digits only; a leading '*' (Xero's required mark) dropped. */
const key = (cell: string) => (cell.trim() === '#' ? 'number' : normalizeColumnName(cell.replace(/^\*/, '')));

/** How surely a name (compared as key() makes it) names a role: 1 strong, 0.6 weak, 0 not at all. */
function namedScore(names: Names, name: string): number {
  if (names.best?.some((candidate) => key(candidate) === name)) return 1.1;
  if (names.strong.some((candidate) => key(candidate) === name)) return 1;
  if (names.weak?.some((candidate) => key(candidate) === name)) return 0.6;
  return 0;
}

/** A qualifier in parentheses after the name: "Debit Amount (Two Column Approach)", "Amount (One column)". */
const QUALIFIER = /^(.*\S)\s*\([^()]*\)\s*$/;
/** A name known only once its qualifier is dropped is a little less sure than the name itself. */
const QUALIFIED_SCORE = 0.9;

/**
 * How surely a header cell names a role: 1 strong, 0.6 weak, 0 not at all. A cell that names no role as
 * written may once its trailing qualifier in parentheses is dropped.
 */
export function roleScore(kind: LayoutKind, role: LayoutRole, cell: string): number {
  const names = NAMES[kind][role];
  const name = key(cell);
  if (!names || name === '') return 0;
  const score = namedScore(names, name);
  if (score > 0) return score;
  const bare = QUALIFIER.exec(cell.trim())?.[1];
  return bare === undefined ? 0 : namedScore(names, key(bare)) * QUALIFIED_SCORE;
}

/**
 * The header's columns assigned to roles: the surest pairs first, each column and each role once; at
 * equal score the earlier column and the role listed first win.
 */
export function assignRoles(
  kind: LayoutKind,
  header: readonly string[],
  /** Columns with no value in the file hold no role (an empty Account Code beside a Full Account Name). */
  empty: ReadonlySet<number> = new Set(),
): Partial<Record<LayoutRole, number>> {
  const roles = Object.keys(NAMES[kind]) as LayoutRole[];
  const pairs = header.flatMap((cell, column) =>
    empty.has(column) ? [] : roles.map((role, order) => ({ column, role, order, score: roleScore(kind, role, cell) })),
  );
  pairs.sort((a, b) => b.score - a.score || a.column - b.column || a.order - b.order);
  const assigned: Partial<Record<LayoutRole, number>> = {};
  const used = new Set<number>();
  for (const pair of pairs) {
    if (pair.score === 0) break;
    if (used.has(pair.column) || assigned[pair.role] !== undefined) continue;
    assigned[pair.role] = pair.column;
    used.add(pair.column);
  }
  return assigned;
}

/** How much a record looks like a header: the number of its cells that name a role of the kind. */
export function headerScore(kind: LayoutKind, record: readonly string[]): number {
  const roles = Object.keys(NAMES[kind]) as LayoutRole[];
  return record.reduce((score, cell) => score + Math.max(0, ...roles.map((role) => roleScore(kind, role, cell))), 0);
}
