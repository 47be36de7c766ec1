import { describe, expect, it } from 'vitest';
import { layoutMessages } from '@finboard/shared/layouts';
import { applyLayout, type LayoutTarget } from './apply-layout.ts';
import { previewOf } from './preview.ts';
import { suggestAccountType } from './account-suggestions.ts';
import { recognizeLayout, recordsOf } from './recognize.ts';
import { withBestSignConvention } from './sign-convention.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const gl: LayoutTarget = { kind: 'gl', chart: [], currency: 'USD' };

/** Recognizes and lays out a file as the analyze step does, for a ledger. */
function laidOut(text: string, target: LayoutTarget = gl) {
  const file = bytes(text);
  const recognition = recognizeLayout(file, target.kind);
  return { recognition, result: applyLayout(recordsOf(file, recognition.layout), recognition.layout, target) };
}

const lines = (result: ReturnType<typeof applyLayout>) =>
  result.rows.map(
    ({ values }) =>
      `${values.journal_id} | ${values.posting_date} | ${values.account_code} | ${values.debit} | ${values.credit}`,
  );

// A QuickBooks Online General Ledger report as it exports: title lines, account sections, signed amounts,
// the contra account in Split, totals and beginning balances.
const QBO_REPORT = [
  '"General Ledger"',
  '"Craig\'s Design and Landscaping Services"',
  '"January - December 2016"',
  '',
  '"","Date","Transaction Type","Num","Name","Memo/Description","Split","Amount","Balance"',
  '"Checking","","","","","","","",""',
  '"","","","","","Beginning Balance","","","5,000.00"',
  '"","01/05/2016","Deposit","","","","Sales","1,200.00","6,200.00"',
  '"","01/09/2016","Expense","71","Hicks Hardware","Nails","Job Expenses:Job Materials","-$250.50","5,949.50"',
  '"","01/20/2016","Check","72","Landlord","","-SPLIT-","(1,000.00)","4,949.50"',
  '"Total for Checking","","","","","","","$-50.50",""',
  '"","","","","","","","",""',
  '"TOTAL","","","","","","","",""',
].join('\r\n');

describe('a QuickBooks Online General Ledger report', () => {
  it('is recognized, its title lines and totals skipped and its sections give the account', () => {
    const { recognition, result } = laidOut(QBO_REPORT);
    expect(recognition.layout).toMatchObject({
      family: 'gl-report',
      recognizedAs: 'QuickBooks Online General Ledger report',
      headerLine: 4,
      sectionAccounts: true,
      amount: { kind: 'signed', positiveIs: 'debit' },
      dateFormat: 'MM/DD/YYYY',
      columns: {
        posting_date: 1,
        transaction_type: 2,
        reference: 3,
        counterparty: 4,
        description: 5,
        split: 6,
        amount: 7,
      },
    });
    expect(recognition.confidence).toBe(1);
    // One-sided rows get their contra line from Split; a -SPLIT- row cannot, and is reported.
    expect(lines(result)).toEqual([
      '2016-01-05 Deposit | 2016-01-05 | Checking | 1200.00 | 0.00',
      '2016-01-05 Deposit | 2016-01-05 | Sales | 0.00 | 1200.00',
      '2016-01-09 Expense 71 Hicks Hardware | 2016-01-09 | Checking | 0.00 | 250.50',
      '2016-01-09 Expense 71 Hicks Hardware | 2016-01-09 | Job Expenses:Job Materials | 250.50 | 0.00',
      '2016-01-20 Check 72 Landlord | 2016-01-20 | Checking | 0.00 | 1000.00',
    ]);
    expect(result.problems).toEqual([
      {
        line: 10,
        column: 'Split',
        value: '-SPLIT-',
        problem: layoutMessages.splitUnresolved('2016-01-20 Check 72 Landlord', '-SPLIT-'),
        rule: 'Split: the other account of a one-sided row ("-SPLIT-" names several)',
      },
    ]);
    expect([...result.accounts.keys()]).toEqual(['Checking', 'Sales', 'Job Expenses:Job Materials']);
  });

  it('needs no Split when the report covers both sides of every transaction', () => {
    const report = [
      '"","Date","Transaction Type","Num","Name","Memo/Description","Split","Amount","Balance"',
      '"Checking"',
      '"","01/05/2016","Deposit","","","","Sales","1,200.00","1,200.00"',
      '"Total for Checking","","","","","","","1,200.00",""',
      '"Sales"',
      '"","01/05/2016","Deposit","","","","Checking","-1,200.00","-1,200.00"',
      '"Total for Sales","","","","","","","-1,200.00",""',
    ].join('\n');
    const { result } = laidOut(report);
    expect(lines(result)).toEqual([
      '2016-01-05 Deposit | 2016-01-05 | Checking | 1200.00 | 0.00',
      '2016-01-05 Deposit | 2016-01-05 | Sales | 0.00 | 1200.00',
    ]);
    expect(result.problems).toEqual([]);
  });
});

// A GnuCash "Export Transactions to CSV" (not simple layout): the transaction's row, then its splits.
const GNUCASH = [
  '"Date","Transaction ID","Number","Description","Notes","Commodity/Currency","Void Reason","Action","Memo","Full Account Name","Account Name","Amount With Sym","Amount Num.","Value With Sym","Value Num.","Reconcile","Reconcile Date","Rate/Price"',
  '"01/15/2024","a1b2","","Office rent","","CURRENCY::USD","","","","","","","","","","","",""',
  '"","","","","","","","","January","Expenses:Office:Rent","Rent","$800.00","800.00","$800.00","800.00","n","","1.00"',
  '"","","","","","","","","","Assets:Current Assets:Checking Account","Checking Account","-$800.00","-800.00","-$800.00","-800.00","n","","1.00"',
  '"02/01/2024","c3d4","17","Consulting","","CURRENCY::USD","","","","","","","","","","","",""',
  '"","","","","","","","","","Assets:Current Assets:Checking Account","Checking Account","$1,500.00","1,500.00","$1,500.00","1,500.00","n","","1.00"',
  '"","","","","","","","","","Income:Consulting","Consulting","-$1,500.00","-1,500.00","-$1,500.00","-1,500.00","n","","1.00"',
].join('\n');

describe('a GnuCash transaction export', () => {
  it('fills the transaction down to its splits and reads accounts as paths', () => {
    const { recognition, result } = laidOut(GNUCASH);
    expect(recognition.layout).toMatchObject({
      family: 'split-transactions',
      recognizedAs: 'GnuCash transaction export',
      account: { format: 'path', separator: ':' },
      journalKey: ['journal_id'],
    });
    expect(recognition.layout.fillDown.slice(0, 2)).toEqual(['journal_id', 'posting_date']);
    expect(lines(result)).toEqual([
      'a1b2 | 2024-01-15 | Expenses:Office:Rent | 800.00 | 0.00',
      'a1b2 | 2024-01-15 | Assets:Current Assets:Checking Account | 0.00 | 800.00',
      'c3d4 | 2024-02-01 | Assets:Current Assets:Checking Account | 1500.00 | 0.00',
      'c3d4 | 2024-02-01 | Income:Consulting | 0.00 | 1500.00',
    ]);
    expect(result.rows[0]!.values).toMatchObject({ description: 'January', reference: null });
    expect(result.rows[1]!.values).toMatchObject({ description: 'Office rent' });
    expect(result.rows[2]!.values).toMatchObject({ reference: '17' });
    expect(result.problems).toEqual([]);
    expect(result.accounts.get('Expenses:Office:Rent')).toMatchObject({ name: 'Rent', parentCode: 'Expenses:Office' });
    expect(result.accounts.get('Expenses')).toMatchObject({ name: 'Expenses', parentCode: null });
  });

  it('refuses a currency other than the organization’s, naming them', () => {
    const { result } = laidOut(GNUCASH.replace('CURRENCY::USD', 'CURRENCY::EUR'));
    expect(result.problems[0]).toEqual({
      line: 3,
      column: 'Commodity/Currency',
      value: 'EUR',
      problem: layoutMessages.currencies(['EUR', 'USD'], 'USD'),
      rule: 'Currency: USD only',
    });
  });
});

describe('journal lines with a debit/credit indicator', () => {
  it('turns the indicator into the side', () => {
    const file = [
      'Journal No;Date;Account;Description;Amount;D/C',
      'J1;31.01.2024;6120 - Rent;Rent;1.234,50;D',
      'J1;31.01.2024;1000 - Bank;Rent;1.234,50;C',
    ].join('\n');
    const { recognition, result } = laidOut(file);
    expect(recognition.layout).toMatchObject({ family: 'journal-lines', delimiter: ';', decimal: ',' });
    expect(lines(result)).toEqual([
      'J1 | 2024-01-31 | 6120 | 1234.50 | 0.00',
      'J1 | 2024-01-31 | 1000 | 0.00 | 1234.50',
    ]);
  });
});

// QuickBooks Desktop's General Ledger report: indentation columns, `code · name` sections with their
// opening balance, Debit and Credit columns, and "Total …" rows.
const QBD_REPORT = [
  ',,Type,Date,Num,Name,Memo,Split,Debit,Credit,Balance',
  '10100 · Checking,,,,,,,,,,"10,000.00"',
  ',,Deposit,12/01/2023,,,Deposit,40000 · Sales,"1,500.00",,"11,500.00"',
  ',,Check,12/05/2023,1001,Landlord LLC,Rent,65000 · Rent Expense,,"2,000.00","9,500.00"',
  'Total 10100 · Checking,,,,,,,,"1,500.00","2,000.00","9,500.00"',
  '40000 · Sales,,,,,,,,,,',
  ',,Deposit,12/01/2023,,,Deposit,10100 · Checking,,"1,500.00","-1,500.00"',
  'Total 40000 · Sales,,,,,,,,,"1,500.00","-1,500.00"',
  'TOTAL,,,,,,,,"1,500.00","3,500.00",',
].join('\r\n');

describe('a QuickBooks Desktop General Ledger report', () => {
  it('reads `code · name` sections, debit and credit columns, and balances one-sided rows from Split', () => {
    const { recognition, result } = laidOut(QBD_REPORT);
    expect(recognition.layout).toMatchObject({
      family: 'gl-report',
      recognizedAs: 'QuickBooks Desktop General Ledger report',
      amount: { kind: 'debit-credit' },
      account: { format: 'code-name', separator: ' · ' },
      dateFormat: 'MM/DD/YYYY',
    });
    expect(lines(result)).toEqual([
      '2023-12-01 Deposit | 2023-12-01 | 10100 | 1500.00 | 0.00',
      '2023-12-05 Check 1001 Landlord LLC | 2023-12-05 | 10100 | 0.00 | 2000.00',
      '2023-12-05 Check 1001 Landlord LLC | 2023-12-05 | 65000 | 2000.00 | 0.00',
      '2023-12-01 Deposit | 2023-12-01 | 40000 | 0.00 | 1500.00',
    ]);
    expect(result.problems).toEqual([]);
    expect(result.accounts.get('65000')).toMatchObject({ name: 'Rent Expense' });
  });
});

// Xero's Account Transactions report: title lines, `Name (code)` sections, opening and closing balances.
const XERO_REPORT = [
  'Account Transactions',
  'Demo Company (AU)',
  'For the period 1 July 2023 to 31 July 2023',
  '',
  'Date,Source,Description,Reference,Debit,Credit,Running Balance,Gross,GST',
  'Business Bank Account (090)',
  'Opening Balance,,,,,,"1,000.00",,',
  '3 Jul 2023,Receive Money,Consulting,INV-1,550.00,,"1,550.00",550.00,50.00',
  'Total Business Bank Account (090),,,,550.00,0.00,,,',
  'Closing Balance,,,,,,"1,550.00",,',
  'Sales (200)',
  '3 Jul 2023,Receive Money,Consulting,INV-1,,500.00,500.00,,',
  'Total Sales (200),,,,0.00,500.00,,,',
  'GST (820)',
  '3 Jul 2023,Receive Money,Consulting,INV-1,,50.00,50.00,,',
  'Total GST (820),,,,0.00,50.00,,,',
].join('\n');

describe("Xero's Account Transactions report", () => {
  it('reads `Name (code)` sections and groups each transaction across them', () => {
    const { recognition, result } = laidOut(XERO_REPORT);
    expect(recognition.layout).toMatchObject({
      family: 'gl-report',
      recognizedAs: 'Xero Account Transactions report',
      headerLine: 4,
      dateFormat: 'D MMM YYYY',
    });
    expect(lines(result)).toEqual([
      '2023-07-03 Receive Money INV-1 | 2023-07-03 | 090 | 550.00 | 0.00',
      '2023-07-03 Receive Money INV-1 | 2023-07-03 | 200 | 0.00 | 500.00',
      '2023-07-03 Receive Money INV-1 | 2023-07-03 | 820 | 0.00 | 50.00',
    ]);
    expect(result.problems).toEqual([]);
    expect(result.accounts.get('090')).toMatchObject({ name: 'Business Bank Account' });
  });
});

describe('a trial balance', () => {
  it('reads each account’s closing balance from its debit and credit, skipping the title and total lines', () => {
    const file = [
      'Trial Balance',
      'Acme Ltd',
      'As of December 31, 2023',
      '',
      'Account,Debit,Credit',
      '1000 Cash,"12,000.00",',
      '3000 Owner\'s Equity,,"12,000.00"',
      'TOTAL,"12,000.00","12,000.00"',
    ].join('\n');
    const { recognition, result } = laidOut(file, { kind: 'trial-balance', chart: [], period: '2023-12' });
    expect(recognition.layout).toMatchObject({ family: 'trial-balance', headerLine: 4 });
    // Closing balances only: the load derives the opening and the movements (ledger/derived-balances.ts).
    expect(result.rows.map((row) => row.values)).toEqual([
      { period: '2023-12', account_code: '1000', closing_balance: '12000.00' },
      { period: '2023-12', account_code: '3000', closing_balance: '-12000.00' },
    ]);
    expect(result.accounts.get('3000')).toMatchObject({ name: "Owner's Equity" });
    expect(previewOf(result, { chartCodes: new Set(), suggest: () => undefined, partial: false })).toMatchObject({
      balanced: true,
      periods: [{ period: '2023-12', lines: 2, debit: '12000.00', credit: '12000.00' }],
    });
  });

  const unbalanced = [
    'Account,Debit,Credit',
    '1000 Cash,"12,000.00",',
    '3000 Owner\'s Equity,,"11,000.00"',
    '4000 Sales,,"500.00"',
  ].join('\n');

  it('shows in the preview when its debits and credits differ', () => {
    const { result } = laidOut(unbalanced, { kind: 'trial-balance', chart: [], period: '2023-12' });
    expect(previewOf(result, { chartCodes: new Set(), suggest: () => undefined, partial: false })).toMatchObject({
      balanced: false,
      periods: [{ period: '2023-12', lines: 3, debit: '12000.00', credit: '11500.00' }],
    });
  });

  it('is refused whole as opening balances when its debits and credits differ', () => {
    const { result } = laidOut(unbalanced, { ...gl, period: '2024-01' });
    expect(result.problems).toEqual([
      {
        line: 2,
        column: null,
        value: layoutMessages.openingJournal('2024-01'),
        problem: layoutMessages.openingUnbalanced('12,000.00', '11,500.00'),
        rule: 'Opening balances: the trial balance posted as one journal',
      },
    ]);
  });
});

describe('a report whose amounts are in each account’s own sign', () => {
  it('is read so, because more of its journals balance that way', () => {
    const report = [
      '"","Date","Transaction Type","Num","Name","Memo/Description","Split","Amount","Balance"',
      '"Checking"',
      '"","01/05/2016","Deposit","","","","Design income","1,200.00","1,200.00"',
      '"","01/09/2016","Expense","71","Hicks Hardware","","Job Materials","-250.50","949.50"',
      '"Total for Checking","","","","","","","949.50",""',
      '"Design income"',
      '"","01/05/2016","Deposit","","","","Checking","1,200.00","1,200.00"',
      '"Total for Design income","","","","","","","1,200.00",""',
      '"Job Materials"',
      '"","01/09/2016","Expense","71","Hicks Hardware","","Checking","250.50","250.50"',
      '"Total for Job Materials","","","","","","","250.50",""',
    ].join('\n');
    const file = bytes(report);
    const { layout } = recognizeLayout(file, 'gl');
    const records = recordsOf(file, layout);
    const chosen = withBestSignConvention(records, layout, gl, suggestAccountType);
    expect(chosen.amount).toEqual({ kind: 'signed', positiveIs: 'natural' });
    const result = applyLayout(records, chosen, gl, suggestAccountType);
    expect(result.problems).toEqual([]);
    expect(lines(result)).toEqual([
      '2016-01-05 Deposit | 2016-01-05 | Checking | 1200.00 | 0.00',
      '2016-01-09 Expense 71 Hicks Hardware | 2016-01-09 | Checking | 0.00 | 250.50',
      '2016-01-05 Deposit | 2016-01-05 | Design income | 0.00 | 1200.00',
      '2016-01-09 Expense 71 Hicks Hardware | 2016-01-09 | Job Materials | 250.50 | 0.00',
    ]);
  });

  it('keeps debits positive when that balances as well', () => {
    const file = bytes(QBO_REPORT);
    const { layout } = recognizeLayout(file, 'gl');
    expect(withBestSignConvention(recordsOf(file, layout), layout, gl, suggestAccountType).amount).toEqual({
      kind: 'signed',
      positiveIs: 'debit',
    });
  });
});

describe('a ledger that writes each account on its first line only (Sage 50)', () => {
  it('carries the account down to the lines below, across transactions', () => {
    const file = [
      'General Ledger',
      'For the Period From Jan 1, 2024 to Jan 31, 2024',
      'Account ID,Account Description,Date,Reference,Jrnl,Trans Description,Debit Amt,Credit Amt,Balance',
      '10200,Regular Checking Account,1/1/24,,,Beginning Balance,,,"5,000.00"',
      ',,1/3/24,1001,CDJ,Rent for January,,"1,500.00",',
      ',,1/9/24,D-17,CRJ,Deposit,"2,000.00",,',
      ',,,,,Current Period Change,"2,000.00","1,500.00",500.00',
      '40000,Sales,1/9/24,D-17,CRJ,Deposit,,"2,000.00",',
      '70000,Rent Expense,1/3/24,1001,CDJ,Rent for January,"1,500.00",,',
    ].join('\n');
    const { recognition, result } = laidOut(file);
    expect(recognition.layout).toMatchObject({ family: 'journal-lines', dateFormat: 'MM/DD/YY' });
    expect(recognition.layout.fillDown).toEqual(expect.arrayContaining(['account', 'account_name']));
    expect(lines(result)).toEqual([
      '2024-01-03 1001 | 2024-01-03 | 10200 | 0.00 | 1500.00',
      '2024-01-09 D-17 | 2024-01-09 | 10200 | 2000.00 | 0.00',
      '2024-01-09 D-17 | 2024-01-09 | 40000 | 0.00 | 2000.00',
      '2024-01-03 1001 | 2024-01-03 | 70000 | 1500.00 | 0.00',
    ]);
    expect(result.problems).toEqual([]);
  });
});

describe('a problem names the layout rule that read the value', () => {
  const JOURNAL = ['Journal No;Date;Account;Description;Amount;D/C', 'J1;31.01.2024;6120 - Rent;Rent;1.234,50;D'];

  it('an amount the layout cannot read: its amount rule (and its journal, one line short, does not balance)', () => {
    const { result } = laidOut([...JOURNAL, 'J1;31.01.2024;1000 - Bank;Rent;1.234,5x;C'].join('\n'));
    expect(result.problems).toEqual([
      {
        line: 3,
        column: 'Amount',
        value: '1.234,5x',
        problem: layoutMessages.notAmount,
        rule: 'Amounts: an amount with a debit/credit column (D debit; C credit)',
      },
      {
        line: 2,
        column: null,
        value: 'J1',
        problem: layoutMessages.unbalanced('J1', '1234.50'),
        rule: 'Journals: rows with the same Journal No',
      },
    ]);
  });

  it('a side the indicator does not name, a date out of the format, a journal that does not balance', () => {
    const { result } = laidOut(
      [
        ...JOURNAL,
        'J1;31.01.2024;1000 - Bank;Rent;1.234,50;X',
        ...Array.from({ length: 9 }, (_, day) => `J${day + 3};0${day + 1}.02.2024;6120;Fee;1,00;D`),
        ...Array.from({ length: 9 }, (_, day) => `J${day + 3};0${day + 1}.02.2024;1000;Fee;1,00;C`),
        'J2;31.02.2024;1000 - Bank;Fee;5,00;C',
      ].join('\n'),
    );
    expect(result.problems).toEqual([
      {
        line: 3,
        column: 'D/C',
        value: 'X',
        problem: layoutMessages.sideUnknown('x'),
        rule: 'Amounts: an amount with a debit/credit column (D debit; C credit)',
      },
      {
        line: 22,
        column: 'Date',
        value: '31.02.2024',
        problem: layoutMessages.notADate('DD.MM.YYYY'),
        rule: 'Dates: DD.MM.YYYY',
      },
      {
        line: 2,
        column: null,
        value: 'J1',
        problem: layoutMessages.unbalanced('J1', '1234.50'),
        rule: 'Journals: rows with the same Journal No',
      },
    ]);
  });

  it('a file with no header, or a layout without an account or an amount column, loads nothing and says so', () => {
    expect(laidOut('just a note, not a ledger').result.problems).toEqual([
      {
        line: 1,
        column: null,
        value: null,
        problem: layoutMessages.headerMissing,
        rule: 'Header: the line naming the columns',
      },
    ]);
    expect(laidOut('Date,Amount\n2024-01-31,10.00\n').result.problems).toEqual([
      {
        line: 1,
        column: null,
        value: null,
        problem: layoutMessages.columnMissing('account'),
        rule: 'Columns: account in none of them',
      },
    ]);
    expect(laidOut('Date,Account,Memo\n2024-01-31,6120,Rent\n').result.problems).toEqual([
      {
        line: 1,
        column: null,
        value: null,
        problem: layoutMessages.columnMissing('debit, credit, amount'),
        rule: 'Columns: debit, credit, amount in none of them',
      },
    ]);
  });
});

describe("QuickBooks Online's Trial Balance report", () => {
  const REPORT = [
    'Trial Balance',
    "Craig's Design and Landscaping Services",
    '"As of December 31, 2025"',
    '',
    ',Debit,Credit',
    'Checking,"1,201.00",',
    'Opening Balance Equity,,"-300.00"',
    'Design income,,"1,501.00"',
    'TOTAL,"$1,201.00","$1,201.00"',
    '',
    '"Accrual Basis Monday, January 5, 2026 10:31 AM GMT-08:00"',
  ].join('\n');

  it('reads the unnamed first column as the account, and a negative credit as a debit', () => {
    const target: LayoutTarget = { kind: 'trial-balance', chart: [], currency: 'USD', period: '2025-12' };
    const { recognition, result } = laidOut(REPORT, target);
    expect(recognition.layout).toMatchObject({ family: 'trial-balance', headerLine: 4 });
    expect(recognition.layout.columns).toEqual({ account: 0, debit: 1, credit: 2 });
    expect(result.rows.map(({ values }) => [values.account_code, values.closing_balance])).toEqual([
      ['Checking', '1201.00'],
      ['Opening Balance Equity', '300.00'],
      ['Design income', '-1501.00'],
    ]);
    expect(result.problems).toEqual([]);
  });

  it('posts as a balanced opening journal to the ledger, and one that does not balance names the rule', () => {
    const target: LayoutTarget = { kind: 'gl', chart: [], currency: 'USD', period: '2025-12' };
    expect(lines(laidOut(REPORT, target).result)).toEqual([
      'Opening balances 2025-12 | 2025-12-01 | Checking | 1201.00 | 0.00',
      'Opening balances 2025-12 | 2025-12-01 | Opening Balance Equity | 300.00 | 0.00',
      'Opening balances 2025-12 | 2025-12-01 | Design income | 0.00 | 1501.00',
    ]);
    expect(laidOut(REPORT.replace('"1,501.00"', '"1,500.00"'), target).result.problems).toEqual([
      {
        line: 6,
        column: null,
        value: 'Opening balances 2025-12',
        problem: layoutMessages.openingUnbalanced('1,501.00', '1,500.00'),
        rule: 'Opening balances: the trial balance posted as one journal',
      },
    ]);
  });
});

describe('a NetSuite saved search of GL lines', () => {
  it('reads Amount (Debit) and Amount (Credit), and each level of an account path by its own code', () => {
    const file = [
      'Internal ID,Date,Type,Document Number,Name,Account,Memo,Amount (Debit),Amount (Credit)',
      '101,1/5/2024,Journal,JE1,,1000 Checking,Owner invests,500.00,',
      '101,1/5/2024,Journal,JE1,,3000 Equity : 3100 Capital,Owner invests,,500.00',
    ].join('\n');
    const { recognition, result } = laidOut(file);
    expect(recognition.layout).toMatchObject({ family: 'journal-lines', account: { format: 'path', separator: ':' } });
    expect(lines(result)).toEqual([
      '101 | 2024-01-05 | 1000 | 500.00 | 0.00',
      '101 | 2024-01-05 | 3100 | 0.00 | 500.00',
    ]);
    expect([...result.accounts.values()].map(({ code, name, parentCode }) => [code, name, parentCode])).toEqual([
      ['1000', 'Checking', null],
      ['3000', 'Equity', null],
      ['3100', 'Capital', '3000'],
    ]);
  });
});

describe("QuickBooks Online's Account List", () => {
  it('reads Full name as the account, sub-accounts as paths', () => {
    const file = [
      'Account List',
      "Craig's Design and Landscaping Services",
      '',
      'Full name,Type,Detail type,Description,Total balance',
      'Checking,Bank,Checking,,"1,201.00"',
      'Landscaping Services,Income,Service/Fee Income,,',
      'Landscaping Services:Job Materials,Income,Sales of Product Income,,',
    ].join('\n');
    const { recognition, result } = laidOut(file, { kind: 'accounts', chart: [], currency: 'USD' });
    expect(recognition.layout).toMatchObject({ family: 'chart-of-accounts', account: { format: 'path' } });
    expect([...result.accounts.values()].map(({ code, name, parentCode }) => [code, name, parentCode])).toEqual([
      ['Checking', 'Checking', null],
      ['Landscaping Services', 'Landscaping Services', null],
      ['Landscaping Services:Job Materials', 'Job Materials', 'Landscaping Services'],
    ]);
  });
});

describe('journal lines named by account name, with qualified amount headers and the account types', () => {
  // As Wave writes its accounting transactions: no account codes, "Debit Amount (Two Column Approach)", the
  // root type in Account Group and Wave's own type in Account Type.
  const file = [
    'Transaction ID,Transaction Date,Account Name,Transaction Description,Amount (One column),Debit Amount (Two Column Approach),Credit Amount (Two Column Approach),Account Group,Account Type,Account ID',
    '77,2022-02-10,Computer – Hosting,Bill 66,10.00,10.00,,Expense,Operating Expense,',
    '77,2022-02-10,Accounts Payable,Bill 66,10.00,,10.00,Liability,System Payable Bill,',
  ].join('\n');

  it('reads the name as the account, the debit and credit from their qualified headers, and the types', () => {
    const { recognition, result } = laidOut(file);
    expect(recognition.layout).toMatchObject({
      family: 'journal-lines',
      amount: { kind: 'debit-credit' },
      columns: {
        journal_id: 0,
        posting_date: 1,
        account: 2,
        debit: 5,
        credit: 6,
        account_type: 7,
        account_detail_type: 8,
      },
    });
    expect(recognition.layout.columns).not.toHaveProperty('amount');
    expect(lines(result)).toEqual([
      '77 | 2022-02-10 | Computer – Hosting | 10.00 | 0.00',
      '77 | 2022-02-10 | Accounts Payable | 0.00 | 10.00',
    ]);
    // The accounts it would create get the file's own types.
    expect(suggestAccountType(result.accounts.get('Computer – Hosting')!)).toMatchObject({
      type: 'expense',
      subtype: 'operating_expense',
    });
    expect(suggestAccountType(result.accounts.get('Accounts Payable')!)).toMatchObject({ type: 'liability' });
  });

  it('takes a lone type column as the type, whatever it is called', () => {
    const lone = [
      'Journal No,Date,Account,Debit,Credit,Account Type',
      'J1,2024-01-31,Rent,100.00,,Expense',
      'J1,2024-01-31,Bank,,100.00,Bank',
    ].join('\n');
    const { recognition, result } = laidOut(lone);
    expect(recognition.layout.columns).toMatchObject({ account_type: 5 });
    expect(recognition.layout.columns).not.toHaveProperty('account_detail_type');
    expect(suggestAccountType(result.accounts.get('Bank')!)).toMatchObject({ type: 'asset', subtype: 'cash' });
  });
});

describe('a QuickBooks transaction report whose lines name different names', () => {
  it('keeps the sales tax line, which names the tax agency, in the sale’s journal', () => {
    const file = [
      '"Sunrise Trailer Sales, Inc.",,,,,,,,8:16 PM',
      'Transaction Detail by Date,,,,,,,,08/18/26',
      '"April 9 through August 18, 2026",,,,,,,,Accrual Basis',
      ',Date,Num,Name,Memo,Account,Split,Debit,Credit',
      ',04/10/26,3,Casey Reed,,Checking,-SPLIT-,106.40,',
      ',04/10/26,3,Casey Reed,hitch pin,Parts Taxable,Checking,,100.00',
      ',04/10/26,3,Dept of Revenue,Sales Tax,Sales Tax Payable,Checking,,6.40',
      ',04/10/26,4,Dana Cortes,,Checking,-SPLIT-,50.00,',
      ',04/10/26,4,Dana Cortes,hitch,Parts Taxable,Checking,,50.00',
    ].join('\n');
    const { recognition, result } = laidOut(file);
    expect(recognition.layout).toMatchObject({
      family: 'journal-lines',
      recognizedAs: 'QuickBooks transaction detail report',
      headerLine: 3,
      journalKey: ['posting_date', 'reference', 'counterparty'],
    });
    expect(result.problems).toEqual([]);
    expect(lines(result)).toEqual([
      '2026-04-10 3 | 2026-04-10 | Checking | 106.40 | 0.00',
      '2026-04-10 3 | 2026-04-10 | Parts Taxable | 0.00 | 100.00',
      '2026-04-10 3 | 2026-04-10 | Sales Tax Payable | 0.00 | 6.40',
      // A transaction that balances under its own name keeps it.
      '2026-04-10 4 Dana Cortes | 2026-04-10 | Checking | 50.00 | 0.00',
      '2026-04-10 4 Dana Cortes | 2026-04-10 | Parts Taxable | 0.00 | 50.00',
    ]);
  });

  it('still reports a transaction that balances under no key', () => {
    const file = [
      ',Date,Num,Name,Account,Debit,Credit',
      ',04/10/26,3,Casey Reed,Checking,106.40,',
      ',04/10/26,3,Dept of Revenue,Sales Tax Payable,,6.00',
    ].join('\n');
    const { result } = laidOut(file);
    expect(result.problems.map((problem) => problem.problem)).toEqual([
      layoutMessages.unbalanced('2026-04-10 3 Casey Reed', '106.40'),
      layoutMessages.unbalanced('2026-04-10 3 Dept of Revenue', '6.00'),
    ]);
  });
});

describe("QuickBooks Desktop's Check Detail report", () => {
  it('reads each check with its lines below it, their amount in Original Amount', () => {
    const file = [
      ',,,,,,,,,',
      'Check Detail,,,,,,,,,',
      '"March 1 - 6, 2026",,,,,,,,,',
      ',Type,Date,Num,Name,Memo,Item,Account,Original Amount,Paid Amount',
      ' ,,,,,,,,,',
      ',Check,03/06/26,27866,Jenny Frey,w/e. 2/27/26,,Checking,-711.12,',
      ' ,,,,,,,,,',
      ',,,,,w/e. 2/27/26,,Wages & Salaries,"1,250.00","-1,250.00"',
      ',,,,,w/e. 2/27/26,,Federal Income Tax Payable,-538.88,538.88',
      'TOTAL,,,,,,,,711.12,-711.12',
    ].join('\n');
    const { recognition, result } = laidOut(file);
    expect(recognition.layout).toMatchObject({
      family: 'journal-lines',
      recognizedAs: 'QuickBooks Desktop Check Detail report',
      headerLine: 3,
      amount: { kind: 'signed', positiveIs: 'debit' },
      columns: { amount: 8 },
    });
    expect(recognition.layout.fillDown).toEqual(expect.arrayContaining(['posting_date', 'reference']));
    expect(result.problems).toEqual([]);
    expect(lines(result)).toEqual([
      '2026-03-06 Check 27866 Jenny Frey | 2026-03-06 | Checking | 0.00 | 711.12',
      '2026-03-06 Check 27866 Jenny Frey | 2026-03-06 | Wages & Salaries | 1250.00 | 0.00',
      '2026-03-06 Check 27866 Jenny Frey | 2026-03-06 | Federal Income Tax Payable | 0.00 | 538.88',
    ]);
  });
});

describe("ERPNext's General Ledger report", () => {
  it("reads Voucher No as the journal, skips its 'Opening', 'Total' and 'Closing' rows, and its accounts' codes", () => {
    const file = [
      '"Posting Date","Account","Debit (USD)","Credit (USD)","Balance (USD)","Voucher Type","Voucher No","Against Account","Party Type","Party","Cost Center","Remarks"',
      `"","'Opening'","0.0","0.0","0.0","","","","","","",""`,
      '"2024-01-09","5110 - Rent - AC","120.0","0.0","120.0","Payment Entry","ACC-PAY-2024-00001","1110 - Cash - AC","","","Main - AC","Rent"',
      '"2024-01-09","1110 - Cash - AC","0.0","120.0","0.0","Payment Entry","ACC-PAY-2024-00001","5110 - Rent - AC","","","Main - AC","Rent"',
      `"","'Total'","120.0","120.0","0.0","","","","","","",""`,
      `"","'Closing (Opening + Total)'","120.0","120.0","0.0","","","","","","",""`,
    ].join('\n');
    const { recognition, result } = laidOut(file);
    expect(recognition.layout).toMatchObject({ family: 'journal-lines', recognizedAs: 'ERPNext General Ledger' });
    expect(result.problems).toEqual([]);
    expect(lines(result)).toEqual([
      'ACC-PAY-2024-00001 | 2024-01-09 | 5110 | 120.00 | 0.00',
      'ACC-PAY-2024-00001 | 2024-01-09 | 1110 | 0.00 | 120.00',
    ]);
  });
});
