import { budget } from './budget.ts';
import { monthsEndingBefore, periodRows } from './calendar.ts';
import { chartOfAccounts } from './chart-of-accounts.ts';
import { generateLedger } from './ledger.ts';
import { createRandom } from './random.ts';
import {
  COLUMNS,
  type AccountRow,
  type BudgetRow,
  type GlDetailRow,
  type PeriodRow,
  type TrialBalanceRow,
} from './rows.ts';
import { trialBalance } from './trial-balance.ts';

export const DEMO_SEED = 20_241_101;
export const DEMO_MONTHS = 24;

export interface DemoData {
  periods: PeriodRow[];
  accounts: AccountRow[];
  ledger: GlDetailRow[];
  budget: BudgetRow[];
  trialBalance: TrialBalanceRow[];
}

/** The demo organization's whole warehouse: the same seed and day always give the same rows. */
export function generateDemoData(options: { seed?: number; today?: Date } = {}): DemoData {
  const random = createRandom(options.seed ?? DEMO_SEED);
  const months = monthsEndingBefore(options.today ?? new Date(), DEMO_MONTHS);
  const periods = periodRows(months);
  const accounts = chartOfAccounts();
  const ledger = generateLedger({ months, accounts, random });
  return {
    periods,
    accounts,
    ledger,
    budget: budget(periods, accounts, ledger, random),
    trialBalance: trialBalance(periods, accounts, ledger),
  };
}

type TableName = keyof typeof COLUMNS;

/** Each table's rows as value arrays in its COLUMNS order, ready for the warehouse's COPY loader. */
export function demoTables(data: DemoData): { table: TableName; columns: string[]; rows: unknown[][] }[] {
  const asArrays = <T extends object>(table: TableName, rows: readonly T[]) => {
    const columns = [...COLUMNS[table]];
    return {
      table,
      columns,
      rows: rows.map((row) => columns.map((column) => (row as Record<string, unknown>)[column])),
    };
  };
  return [
    asArrays('00_Period', data.periods),
    asArrays('01_Account', data.accounts),
    asArrays('02_GL_Detail', data.ledger),
    asArrays('03_Budget', data.budget),
    asArrays('04_Trial_Balance', data.trialBalance),
  ];
}
