import type { WarehouseTable } from '@finboard/shared/warehouse';
import { quoteIdent } from '../../warehouse/identifiers.ts';

/**
 * What the ledger engine knows of each loaded table: its natural key (as its unique constraint has it), the
 * column whose values are its periods, and what an empty cell of an optional column means.
 */
export interface TableRules {
  /** The natural key, as the unique constraint below has it. */
  key: readonly string[];
  constraint: string;
  /** The column whose values are the periods a period-based file replaces. */
  period?: string;
  /** What an empty cell of an optional column means: the column's default (its NOT NULL would refuse null). */
  defaults?: Record<string, string>;
}

const MONEY_DEFAULTS = (...columns: string[]) => Object.fromEntries(columns.map((column) => [column, '0']));

export const TABLE_RULES: Record<WarehouseTable, TableRules> = {
  '00_Period': { key: ['Period'], constraint: '00_Period_Period_key', defaults: { is_closed: 'false' } },
  '01_Account': { key: ['account_code'], constraint: '01_Account_account_code_key', defaults: { is_active: 'true' } },
  '02_GL_Detail': {
    key: ['source', 'journal_id', 'line_no'],
    constraint: '02_GL_Detail_source_journal_id_line_no_key',
    period: 'period',
    defaults: MONEY_DEFAULTS('debit', 'credit'),
  },
  '03_Budget': {
    key: ['period', 'account_code', 'department'],
    constraint: '03_Budget_period_account_code_department_key',
    period: 'period',
    defaults: MONEY_DEFAULTS('amount'),
  },
  '04_Trial_Balance': {
    key: ['period', 'account_code'],
    constraint: '04_Trial_Balance_period_account_code_key',
    period: 'period',
    defaults: MONEY_DEFAULTS('opening_balance', 'debit', 'credit', 'closing_balance'),
  },
};

/** Key columns that may be null (compared with IS NOT DISTINCT FROM, which cannot use a hash join). */
const NULLABLE_KEY_COLUMNS = new Set(['department']);
const q = quoteIdent;
const GL: WarehouseTable = '02_GL_Detail';

/** The stage row `s` and the table row `t` have the same natural key. */
export function keyMatch(key: readonly string[], s = 's', t = 't'): string {
  return key
    .map((column) =>
      NULLABLE_KEY_COLUMNS.has(column)
        ? `${s}.${q(column)} IS NOT DISTINCT FROM ${t}.${q(column)}`
        : `${s}.${q(column)} = ${t}.${q(column)}`,
    )
    .join(' AND ');
}

/** 'journal J1, line 2' — the key as people read it. */
export function describeKey(table: WarehouseTable, key: readonly string[], joined: string): string {
  const values = joined.split('\x1f');
  const labels: Record<string, string> = {
    journal_id: 'Journal',
    line_no: 'line',
    Period: 'Period',
    period: 'period',
    account_code: 'account',
    department: 'department',
  };
  const parts = key.map((column, index) => `${labels[column] ?? column} ${values[index] ?? ''}`.trim());
  const text = parts.join(', ');
  return table === GL || table === '00_Period' ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** The key as an item of a list ('journal J1, line 2', 'account 4000'): GL keys without their source. */
export function describeRow(table: WarehouseTable, joined: string, key = TABLE_RULES[table].key): string {
  const text = describeKey(table, key, joined);
  return text.charAt(0).toLowerCase() + text.slice(1);
}
