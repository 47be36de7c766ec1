import { describe, expect, it } from 'vitest';
import { monthWindows, reportLineRows } from './quickbooks-connector.ts';

describe('monthWindows', () => {
  it('covers every month from the first date’s to the last date’s, across a year end and a leap February', () => {
    expect(monthWindows('2023-12-15', '2024-02-01')).toEqual([
      ['2023-12-01', '2023-12-31'],
      ['2024-01-01', '2024-01-31'],
      ['2024-02-01', '2024-02-29'],
    ]);
    expect(monthWindows('2025-02-28', '2025-02-28')).toEqual([['2025-02-01', '2025-02-28']]);
    expect(monthWindows('2025-03-01', '2025-02-28')).toEqual([]);
  });
});

describe('reportLineRows', () => {
  const columns = [
    'tx_date',
    'txn_type',
    'doc_num',
    'name',
    'memo',
    'account_name',
    'dept_name',
    'debt_amt',
    'credit_amt',
  ];
  const report = {
    Columns: { Column: columns.map((key) => ({ ColTitle: key, MetaData: [{ Name: 'ColKey', Value: key }] })) },
    Rows: {
      Row: [
        {
          type: 'Section' as const,
          Header: { ColData: [{ value: 'Checking', id: '1' }] },
          Rows: {
            Row: [
              { type: 'Data' as const, ColData: [{ value: 'Beginning Balance' }] },
              {
                type: 'Data' as const,
                ColData: [
                  { value: '2024-05-02' },
                  { value: 'Payment', id: '77' },
                  { value: '' },
                  { value: 'Amy’s Bird Sanctuary' },
                  { value: '' },
                  { value: '' },
                  { value: 'Garden' },
                  { value: '1,234.50' },
                  { value: '' },
                ],
              },
              {
                type: 'Data' as const,
                ColData: [
                  { value: '2024-05-03' },
                  { value: 'Journal Entry', id: '9' },
                  ...columns.slice(2).map(() => ({ value: '' })),
                ],
              },
            ],
          },
        },
        {
          type: 'Section' as const,
          Header: { ColData: [{ value: 'Accounts Receivable', id: '2' }] },
          Rows: {
            Row: [
              {
                type: 'Data' as const,
                ColData: [
                  { value: '2024-05-02' },
                  { value: 'Payment', id: '77' },
                  { value: 'P-1' },
                  { value: 'Amy’s Bird Sanctuary' },
                  { value: 'Paid in full' },
                  { value: 'Accounts Receivable', id: '2' },
                  { value: '' },
                  { value: '' },
                  { value: '1,234.50' },
                ],
              },
            ],
          },
        },
      ],
    },
  };

  it('numbers each transaction’s postings in report order, takes the account from the row or its section, and skips balances and journal entries', () => {
    const accounts = [
      { Id: '1', Name: 'Checking', AcctNum: '1000' },
      { Id: '2', Name: 'Accounts Receivable' },
    ];
    expect(reportLineRows(report, accounts)).toEqual([
      ['77', 1, '2024-05-02', '2024-05', '1000', null, '1234.50', '0', null, 'Garden', 'Amy’s Bird Sanctuary', null],
      [
        '77',
        2,
        '2024-05-02',
        '2024-05',
        'QBO-2',
        'Paid in full',
        '0',
        '1234.50',
        null,
        null,
        'Amy’s Bird Sanctuary',
        'P-1',
      ],
    ]);
  });
});
