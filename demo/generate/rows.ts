import { CANONICAL_COLUMNS } from '../../apps/server/src/warehouse/canonical-model.ts';
/**
 * Rows of the canonical financial model (ARCHITECTURE §5), keyed by their exact column names.
 * Dates are 'YYYY-MM-DD' strings and money is a decimal string with two places.
 */
export interface PeriodRow {
  Period: string;
  start_date: string;
  end_date: string;
  fiscal_year: number;
  fiscal_period: number;
  is_closed: boolean;
}

export type AccountType = 'asset' | 'liability' | 'equity' | 'revenue' | 'expense';

export interface AccountRow {
  account_code: string;
  account_name: string;
  account_type: AccountType;
  account_subtype: string;
  parent_code: string | null;
  is_active: boolean;
}

export interface GlDetailRow {
  journal_id: string;
  line_no: number;
  posting_date: string;
  period: string;
  account_code: string;
  description: string;
  debit: string;
  credit: string;
  entity: string;
  department: string | null;
  counterparty: string | null;
  source: 'manual';
  reference: string;
}

export interface BudgetRow {
  period: string;
  account_code: string;
  department: string;
  amount: string;
}

export interface TrialBalanceRow {
  period: string;
  account_code: string;
  opening_balance: string;
  debit: string;
  credit: string;
  closing_balance: string;
}

/** Column order of each table as the loader receives it: the warehouse's own list. */
export const COLUMNS = CANONICAL_COLUMNS;
