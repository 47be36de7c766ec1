import type { TableLoad } from '../src/warehouse/warehouse.service.ts';

/**
 * The smallest books a warehouse holds: January 2024, cash and sales, and one journal of a sale of `amount`
 * (two lines), for tests of where warehouses live and how they are copied.
 */
export const oneSaleBooks = (amount: string): TableLoad[] => [
  {
    table: '00_Period',
    columns: ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'],
    rows: [['2024-01', '2024-01-01', '2024-01-31', 2024, 1]],
  },
  {
    table: '01_Account',
    columns: ['account_code', 'account_name', 'account_type'],
    rows: [
      ['1000', 'Cash', 'asset'],
      ['4000', 'Sales', 'revenue'],
    ],
  },
  {
    table: '02_GL_Detail',
    columns: ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit'],
    rows: [
      ['J1', 1, '2024-01-05', '2024-01', '1000', amount, '0'],
      ['J1', 2, '2024-01-05', '2024-01', '4000', '0', amount],
    ],
  },
];
