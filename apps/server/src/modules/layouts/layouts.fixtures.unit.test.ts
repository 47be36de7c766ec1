import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyLayout } from './apply-layout.ts';
import { suggestAccountType } from './account-suggestions.ts';
import { centsOf, moneyText } from './money.ts';
import { recognizeLayout, recordsOf } from './recognize.ts';

/**
 * Real exports published by open-source projects (test/fixtures/exports, PROVENANCE.md), recognized and
 * laid out unchanged, tie to an independent computation of what they hold (compute_expected.py): lines and
 * debit/credit per month, every journal balanced, and profit and loss per year with the types suggested
 * from the file itself.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/exports');

interface Expected {
  transactions: number;
  lines: number;
  total_debit: string;
  total_credit: string;
  by_month: Record<string, { debit: string; credit: string }>;
  by_account: Record<string, { type: string; net_debit: string }>;
  profit_and_loss?: Record<string, { revenue: string; expenses: string; net_income: string }>;
}

const expectedOf = (file: string): Expected =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, 'expected', `${path.basename(file)}.json`), 'utf8')) as Expected;

/**
 * Each ledger export with the family and name it is recognized as, and whether it says its accounts' types
 * itself (a GnuCash path's root, Wave's Account Group); when it does not, the types are the ones the
 * independent computation classified by hand, as the user confirms them on the preview.
 */
const ledgers = [
  [
    'split-transactions/gnucash-3-full-layout-personal-sample.csv',
    'split-transactions',
    'GnuCash transaction export',
    true,
  ],
  [
    'split-transactions/gnucash-pocket-full-layout-multicurrency-en-us.csv',
    'split-transactions',
    'GnuCash transaction export',
    true,
  ],
  [
    'split-transactions/gnucash-pocket-full-layout-multicurrency-en-gb.csv',
    'split-transactions',
    'GnuCash transaction export',
    true,
  ],
  [
    'split-transactions/gnucash-pocket-full-layout-multicurrency-de.csv',
    'split-transactions',
    'Transactions with split rows',
    true,
  ],
  [
    'journal-lines/wave-accounting-transactions-export.csv',
    'journal-lines',
    'Wave accounting transactions export',
    true,
  ],
  [
    'journal-lines/quickbooks-desktop-transaction-detail-by-date-report.csv',
    'journal-lines',
    'QuickBooks transaction detail report',
    false,
  ],
  [
    'journal-lines/quickbooks-desktop-check-detail-report.csv',
    'journal-lines',
    'QuickBooks Desktop Check Detail report',
    false,
  ],
] as const;

describe.each(ledgers)('the real export %s', (file, family, recognizedAs, typesFromFile) => {
  const bytes = new Uint8Array(fs.readFileSync(path.join(FIXTURES, file)));
  const expected = expectedOf(file);
  const { layout, confidence } = recognizeLayout(bytes, 'gl');
  const result = applyLayout(recordsOf(bytes, layout), layout, { kind: 'gl', chart: [], currency: 'USD' });
  const typeOf = (code: string) =>
    typesFromFile ? suggestAccountType(result.accounts.get(code)!)?.type : expected.by_account[code]?.type;

  it('is recognized surely as its family and loads with no problem', () => {
    expect(confidence).toBeGreaterThanOrEqual(0.8);
    expect(layout).toMatchObject({ family, recognizedAs });
    expect(result.problems).toEqual([]);
  });

  it('gives every journal balanced, and every account the net movement computed', () => {
    const journals = new Map<string, bigint>();
    const accounts = new Map<string, bigint>();
    for (const { values } of result.rows) {
      const net = centsOf(values.debit!) - centsOf(values.credit!);
      journals.set(values.journal_id!, (journals.get(values.journal_id!) ?? 0n) + net);
      accounts.set(values.account_code!, (accounts.get(values.account_code!) ?? 0n) + net);
    }
    expect([...journals].filter(([, net]) => net !== 0n)).toEqual([]);
    expect(Object.fromEntries([...accounts].map(([code, net]) => [code, moneyText(net)]))).toEqual(
      Object.fromEntries(Object.entries(expected.by_account).map(([code, { net_debit }]) => [code, net_debit])),
    );
  });

  it('ties per month and in all to the independent computation', () => {
    const journals = new Set(result.rows.map((row) => row.values.journal_id));
    expect(journals.size).toBe(expected.transactions);
    expect(result.rows).toHaveLength(expected.lines);
    const months: Record<string, { debit: bigint; credit: bigint }> = {};
    for (const { values } of result.rows) {
      const month = (months[values.posting_date!.slice(0, 7)] ??= { debit: 0n, credit: 0n });
      month.debit += centsOf(values.debit!);
      month.credit += centsOf(values.credit!);
    }
    expect(
      Object.fromEntries(
        Object.entries(months).map(([month, sums]) => [
          month,
          { debit: moneyText(sums.debit), credit: moneyText(sums.credit) },
        ]),
      ),
    ).toEqual(expected.by_month);
  });

  it('gives profit and loss per year that ties, with the types its accounts suggest', () => {
    if (!expected.profit_and_loss) return;
    const years: Record<string, { revenue: bigint; expenses: bigint }> = {};
    for (const { values } of result.rows) {
      const type = typeOf(values.account_code!);
      const year = (years[values.posting_date!.slice(0, 4)] ??= { revenue: 0n, expenses: 0n });
      const net = centsOf(values.debit!) - centsOf(values.credit!);
      if (type === 'revenue') year.revenue -= net;
      if (type === 'expense') year.expenses += net;
    }
    expect(
      Object.fromEntries(
        Object.entries(years)
          .filter(([year]) => expected.profit_and_loss![year])
          .map(([year, sums]) => [
            year,
            {
              revenue: moneyText(sums.revenue),
              expenses: moneyText(sums.expenses),
              net_income: moneyText(sums.revenue - sums.expenses),
            },
          ]),
      ),
    ).toEqual(expected.profit_and_loss);
  });
});

interface ExpectedChart {
  accounts: { code: string; name: string; type: string }[];
}

/** Non-posting accounts (QuickBooks purchase orders, estimates) hold no amounts: no chart account. */
const NON_POSTING_TYPES = new Set(['NONPOSTING']);

const charts = [
  'chart-of-accounts/odoo-17-generic-coa-account.account.csv',
  'chart-of-accounts/xero-au-chart-of-accounts-with-report-codes.csv',
  'chart-of-accounts/gnucash-pocket-account-tree-export.csv',
  'chart-of-accounts/quickbooks-desktop-account-list-sample-company.IIF',
  'chart-of-accounts/erpnext-nz-standard-chart-of-accounts.json',
];

describe.each(charts)('the real chart of accounts %s', (file) => {
  const bytes = new Uint8Array(fs.readFileSync(path.join(FIXTURES, file)));
  const expected = JSON.parse(
    fs.readFileSync(path.join(FIXTURES, 'expected', `${path.basename(file)}.json`), 'utf8'),
  ) as ExpectedChart;
  const { layout, confidence } = recognizeLayout(bytes, 'accounts');
  const result = applyLayout(recordsOf(bytes, layout), layout, { kind: 'accounts', chart: [] }, suggestAccountType);

  it('is recognized and every account it lists gets one of our types', () => {
    expect(confidence).toBe(1);
    const posting = expected.accounts.filter((account) => !NON_POSTING_TYPES.has(account.type));
    expect(result.rows).toHaveLength(posting.length);
    expect(
      result.rows.filter(
        (row) => !['asset', 'liability', 'equity', 'revenue', 'expense'].includes(row.values.account_type!),
      ),
    ).toEqual([]);
    expect(result.problems).toEqual([]);
  });
});
