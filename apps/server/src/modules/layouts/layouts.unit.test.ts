import { describe, expect, it } from 'vitest';
import { layoutMessages } from '@finboard/shared/layouts';
import { applyLayout, type LayoutTarget } from './apply-layout.ts';
import { recognizeLayout, recordsOf } from './recognize.ts';

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
