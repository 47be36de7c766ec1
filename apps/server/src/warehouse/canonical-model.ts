import { WAREHOUSE_TABLES, WAREHOUSE_VIEWS, type WarehouseTable } from '@finboard/shared/warehouse';

/**
 * The canonical financial model of every organization's warehouse (ARCHITECTURE §5), as it is after
 * the last warehouse migration (./migrations, which hold the DDL). Dashboards, Chat DB and Data
 * Management read these exact names: change them only in a migration together with every reader.
 */
/** The one list of canonical tables, shared with the web and the demo. */
export const CANONICAL_TABLES = WAREHOUSE_TABLES;
export type CanonicalTable = WarehouseTable;
export const CANONICAL_VIEWS = WAREHOUSE_VIEWS;
export type CanonicalView = (typeof CANONICAL_VIEWS)[number];

/** Columns a load may write, per table (`row_id` is an identity the database fills). */
export const CANONICAL_COLUMNS = {
  '00_Period': ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period', 'is_closed'],
  '01_Account': ['account_code', 'account_name', 'account_type', 'account_subtype', 'parent_code', 'is_active'],
  '02_GL_Detail': [
    'journal_id',
    'line_no',
    'posting_date',
    'period',
    'account_code',
    'description',
    'debit',
    'credit',
    'entity',
    'department',
    'counterparty',
    'source',
    'reference',
  ],
  '03_Budget': ['period', 'account_code', 'department', 'amount'],
  '04_Trial_Balance': ['period', 'account_code', 'opening_balance', 'debit', 'credit', 'closing_balance'],
} as const satisfies Record<CanonicalTable, readonly string[]>;

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export const GL_SOURCES = ['upload', 'quickbooks', 'intacct', 'netsuite', 'manual'] as const;
