import { describe, expect, it } from 'vitest';
import {
  columnMappingFieldSchema,
  columnMappingFor,
  mappingOfSuggestions,
  matchHeader,
  MAX_SAVED_LAYOUTS,
  normalizeColumnName,
  savedMappingFor,
  suggestColumnMapping,
  withSavedLayout,
} from './column-mapping.ts';
import { STANDARD_DATA_TYPES } from './data-types.ts';
import { uploadMessages } from './uploads.ts';

const typeOf = (key: string) => STANDARD_DATA_TYPES.find((type) => type.key === key)!;
const GL = typeOf('gl_detail');
const suggested = (header: string[], key: string) =>
  Object.fromEntries(
    suggestColumnMapping(header, typeOf(key).columns).map((suggestion) => [
      suggestion.fileColumn,
      suggestion.expectedColumn,
    ]),
  );

describe('normalizeColumnName', () => {
  it.each([
    ['Account No.', 'accountno'],
    ['account_code', 'accountcode'],
    ['  Posting-Date ', 'postingdate'],
    ['Memo/Description', 'memodescription'],
    ['Débit', 'debit'],
  ])('reads %j as %j', (name, normalized) => {
    expect(normalizeColumnName(name)).toBe(normalized);
  });
});

describe('suggestColumnMapping', () => {
  it('maps a QuickBooks Online journal report onto GL Detail', () => {
    const header = ['Date', 'Transaction Type', 'Num', 'Name', 'Memo/Description', 'Account', 'Debit', 'Credit'];

    expect(suggested(header, 'gl_detail')).toEqual({
      Date: 'posting_date',
      'Transaction Type': null,
      Num: 'journal_id',
      Name: 'counterparty',
      'Memo/Description': 'description',
      Account: 'account_code',
      Debit: 'debit',
      Credit: 'credit',
    });
  });

  it('maps a Sage 50 general ledger export onto GL Detail', () => {
    const header = [
      'Account Number',
      'Account Description',
      'Date',
      'Reference',
      'Jrnl',
      'Trans Description',
      'Debit Amt',
      'Credit Amt',
      'Balance',
    ];

    expect(suggested(header, 'gl_detail')).toEqual({
      'Account Number': 'account_code',
      'Account Description': null,
      Date: 'posting_date',
      Reference: 'reference',
      Jrnl: 'journal_id',
      'Trans Description': 'description',
      'Debit Amt': 'debit',
      'Credit Amt': 'credit',
      Balance: null,
    });
  });

  it('maps a Xero general ledger export, preferring "Account Code" to "Account" and keeping each target once', () => {
    const header = [
      'Date',
      'Source',
      'Contact',
      'Description',
      'Reference',
      'Debit',
      'Credit',
      'Account',
      'Account Code',
    ];

    const suggestions = suggestColumnMapping(header, GL.columns);

    expect(suggestions).toEqual([
      { fileColumn: 'Date', expectedColumn: 'posting_date', confidence: 0.6 },
      { fileColumn: 'Source', expectedColumn: 'source', confidence: 0.95 },
      { fileColumn: 'Contact', expectedColumn: 'counterparty', confidence: 0.85 },
      { fileColumn: 'Description', expectedColumn: 'description', confidence: 0.95 },
      { fileColumn: 'Reference', expectedColumn: 'reference', confidence: 0.95 },
      { fileColumn: 'Debit', expectedColumn: 'debit', confidence: 0.95 },
      { fileColumn: 'Credit', expectedColumn: 'credit', confidence: 0.95 },
      { fileColumn: 'Account', expectedColumn: null, confidence: 0 },
      { fileColumn: 'Account Code', expectedColumn: 'account_code', confidence: 0.95 },
    ]);
  });

  it('maps the brief’s synonyms: Account No, Amount Dr, Cr, Txn Date, JE, Line No, Narrative, Dept, Customer/Vendor, Document No', () => {
    const header = [
      'JE',
      'Line No',
      'Txn Date',
      'Acct',
      'Narrative',
      'Amount Dr',
      'Cr',
      'Dept',
      'Customer/Vendor',
      'Document No',
    ];

    expect(suggested(header, 'gl_detail')).toEqual({
      JE: 'journal_id',
      'Line No': 'line_no',
      'Txn Date': 'posting_date',
      Acct: 'account_code',
      Narrative: 'description',
      'Amount Dr': 'debit',
      Cr: 'credit',
      Dept: 'department',
      'Customer/Vendor': 'counterparty',
      'Document No': 'reference',
    });
  });

  it('maps a QuickBooks chart of accounts: Name is the account name there, Type and Detail Type the type and subtype', () => {
    const header = ['Account #', 'Name', 'Type', 'Detail Type', 'Description', 'Balance'];

    expect(suggested(header, 'chart_of_accounts')).toEqual({
      'Account #': 'account_code',
      Name: 'account_name',
      Type: 'account_type',
      'Detail Type': 'account_subtype',
      Description: null,
      Balance: null,
    });
  });

  it('maps a budget and a trial balance spreadsheet', () => {
    expect(suggested(['Period', 'GL Code', 'Department', 'Budget'], 'budget')).toEqual({
      Period: 'period',
      'GL Code': 'account_code',
      Department: 'department',
      Budget: 'amount',
    });
    expect(suggested(['Month', 'Account', 'Amount'], 'budget')).toEqual({
      Month: 'period',
      Account: 'account_code',
      Amount: 'amount',
    });
    expect(
      suggested(['Period', 'Account No', 'Opening', 'Debits', 'Credits', 'Closing Balance'], 'trial_balance'),
    ).toEqual({
      Period: 'period',
      'Account No': 'account_code',
      Opening: 'opening_balance',
      Debits: 'debit',
      Credits: 'credit',
      'Closing Balance': 'closing_balance',
    });
  });

  it('suggests our own name written otherwise, and a longer header holding it, with lower confidence', () => {
    const suggestions = suggestColumnMapping(['posting_date', 'LINE-NO', 'Debit (EUR)', 'Weather'], GL.columns);

    expect(suggestions.map((suggestion) => [suggestion.expectedColumn, suggestion.confidence])).toEqual([
      ['posting_date', 1],
      ['line_no', 0.95],
      ['debit', 0.4],
      [null, 0],
    ]);
  });

  it('never suggests two file columns for one expected column: the surer one, then the earlier one, wins', () => {
    const suggestions = suggestColumnMapping(['Dr', 'Debit', 'Amount Dr'], GL.columns);

    expect(suggestions.map((suggestion) => suggestion.expectedColumn)).toEqual([null, 'debit', null]);
    expect(mappingOfSuggestions(suggestions)).toEqual({ Dr: null, Debit: 'debit', 'Amount Dr': null });
  });
});

describe('matchHeader', () => {
  it('places each file column, reports missing required, unknown and repeated columns', () => {
    const match = matchHeader(['Period', 'AMOUNT', 'Amount', 'Notes', ''], typeOf('budget').columns);

    expect(match).toEqual({
      targets: [0, 3, 3, null, null],
      missing: ['account_code'],
      unknown: ['Notes', '(column 5)'],
      duplicate: ['amount'],
    });
  });

  it('follows the mapping, null skipping a column', () => {
    const match = matchHeader(['Month', 'GL', 'Budget', 'Notes'], typeOf('budget').columns, {
      Month: 'period',
      GL: 'account_code',
      Budget: 'amount',
      Notes: null,
    });

    expect(match).toEqual({ targets: [0, 1, 3, null], missing: [], unknown: [], duplicate: [] });
  });
});

describe('the columnMapping field', () => {
  it('reads the JSON object of file column → expected column or null', () => {
    expect(columnMappingFieldSchema.parse('{"Account No":"account_code","Balance":null}')).toEqual({
      'Account No': 'account_code',
      Balance: null,
    });
  });

  it.each([
    ['not JSON', '{Account No: account_code}', uploadMessages.mappingInvalid],
    ['an array', '["account_code"]', uploadMessages.mappingInvalid],
    ['a number as target', '{"Account No": 7}', uploadMessages.mappingInvalid],
    [
      'over 500 columns',
      JSON.stringify(Object.fromEntries(Array.from({ length: 501 }, (_, index) => [`c${index}`, null]))),
      uploadMessages.mappingTooLarge,
    ],
  ])('refuses %s', (_, field, message) => {
    const result = columnMappingFieldSchema.safeParse(field);

    expect(result.error?.issues[0]?.message).toBe(message);
  });

  const budget = { name: 'Budget', columns: typeOf('budget').columns };
  const header = ['Month', 'GL Code', 'Budget', 'Notes'];
  const check = (mapping: unknown) =>
    columnMappingFor(budget, header)
      .safeParse(mapping)
      .error?.issues.map((issue) => issue.message);

  it('accepts a mapping that fills every required column once', () => {
    expect(check({ Month: 'period', 'GL Code': 'account_code', Budget: 'amount', Notes: null })).toBeUndefined();
  });

  it.each([
    ['a source the file lacks', { Period: 'period' }, [uploadMessages.mappingSourceNotInFile('Period')]],
    [
      'a target the type lacks',
      { Month: 'period', Notes: 'memo' },
      [uploadMessages.mappingTargetUnknown('memo', 'Budget')],
    ],
    [
      'one target twice',
      { Month: 'period', 'GL Code': 'account_code', Budget: 'amount', Notes: 'amount' },
      [uploadMessages.mappingTargetTwice('amount')],
    ],
    [
      'required columns left out',
      { Month: 'period', Notes: null },
      [uploadMessages.mappingRequiredMissing(['account_code', 'amount'])],
    ],
  ])('refuses %s with its message', (_, mapping, messages) => {
    expect(check(mapping)).toEqual(messages);
  });

  it('words the messages exactly', () => {
    expect(uploadMessages.mappingRequiredMissing(['account_code', 'amount'])).toBe(
      'The column mapping leaves required columns unmapped: account_code, amount',
    );
    expect(uploadMessages.mappingTargetUnknown('memo', 'Budget')).toBe(
      'The column mapping maps onto "memo", which is not an expected column of Budget',
    );
  });
});

describe('saved layouts', () => {
  const mapping = { Month: 'period', 'GL Code': 'account_code', Budget: 'amount', Notes: null };
  const layouts = [{ header: ['Month', 'GL Code', 'Budget', 'Notes'], mapping }];

  it('maps a file with the same header, trimmed and in any case, keyed by the file’s own spelling', () => {
    expect(savedMappingFor({ columnMappings: layouts }, [' MONTH', 'gl code ', 'Budget', 'notes'])).toEqual({
      MONTH: 'period',
      'gl code': 'account_code',
      Budget: 'amount',
      notes: null,
    });
  });

  it('does not map a header in another order or with another column', () => {
    expect(savedMappingFor({ columnMappings: layouts }, ['GL Code', 'Month', 'Budget', 'Notes'])).toBeUndefined();
    expect(savedMappingFor({ columnMappings: layouts }, ['Month', 'GL Code', 'Budget'])).toBeUndefined();
  });

  it('keeps the newest first, replaces the same header and keeps at most 20', () => {
    let saved = withSavedLayout([], ['a'], { a: 'amount' });
    for (let index = 0; index < 25; index++) saved = withSavedLayout(saved, [`h${index}`], { [`h${index}`]: 'amount' });
    saved = withSavedLayout(saved, [' H24 '], { H24: 'period' });

    expect(saved).toHaveLength(MAX_SAVED_LAYOUTS);
    expect(saved[0]).toEqual({ header: ['H24'], mapping: { H24: 'period' } });
    expect(saved.map((layout) => layout.header[0])).toEqual([
      'H24',
      ...Array.from({ length: 19 }, (_, index) => `h${23 - index}`),
    ]);
  });
});
