/**
 * The views on a ledger small enough to compute by hand (14 lines, 7 journals, 3 periods over two
 * fiscal years). Every expected figure below was worked out on paper from these journals.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase } from '../../test/database.ts';
import { createWarehouseService, type WarehouseService } from './warehouse.service.ts';

let database: DatabaseHandle;
let warehouse: WarehouseService;
const org = randomUUID();

const journals: [
  journal: string,
  period: string,
  account: string,
  debit: string,
  credit: string,
  dept: string | null,
][] = [
  // Owner's capital paid into the bank.
  ['J1', '2024-12', '1000', '1000.00', '0', null],
  ['J1', '2024-12', '3000', '0', '1000.00', null],
  // Sale on credit.
  ['J2', '2024-12', '1200', '300.00', '0', null],
  ['J2', '2024-12', '4000', '0', '300.00', 'Sales'],
  // Cash sale.
  ['J3', '2025-01', '1000', '500.00', '0', null],
  ['J3', '2025-01', '4000', '0', '500.00', 'Sales'],
  // Rent paid.
  ['J4', '2025-01', '6000', '200.00', '0', 'Admin'],
  ['J4', '2025-01', '1000', '0', '200.00', null],
  // Materials bought on credit.
  ['J5', '2025-01', '5000', '150.50', '0', 'Sales'],
  ['J5', '2025-01', '2000', '0', '150.50', null],
  // Transfer from the current account to savings: neither an inflow nor an outflow of cash.
  ['J6', '2025-02', '1010', '400.00', '0', null],
  ['J6', '2025-02', '1000', '0', '400.00', null],
  // The customer of J2 pays.
  ['J7', '2025-02', '1000', '300.00', '0', null],
  ['J7', '2025-02', '1200', '0', '300.00', null],
];

beforeAll(async () => {
  database = await openTestDatabase();
  warehouse = createWarehouseService({ database, logger: pino({ level: 'silent' }) });
  await warehouse.provision(org);
  await warehouse.copyRows(
    org,
    '00_Period',
    ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'],
    [
      ['2024-12', '2024-12-01', '2024-12-31', 2024, 12],
      ['2025-01', '2025-01-01', '2025-01-31', 2025, 1],
      ['2025-02', '2025-02-01', '2025-02-28', 2025, 2],
    ],
  );
  await warehouse.copyRows(
    org,
    '01_Account',
    ['account_code', 'account_name', 'account_type', 'account_subtype'],
    [
      ['1000', 'Current account', 'asset', 'cash'],
      ['1010', 'Savings', 'asset', 'cash'],
      ['1200', 'Receivables', 'asset', 'receivable'],
      ['2000', 'Payables', 'liability', 'payable'],
      ['3000', 'Share capital', 'equity', 'capital'],
      ['4000', 'Sales', 'revenue', 'sales'],
      ['5000', 'Materials', 'expense', 'cost_of_sales'],
      ['6000', 'Rent', 'expense', 'operating_expense'],
    ],
  );
  await warehouse.copyRows(
    org,
    '02_GL_Detail',
    ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit', 'department', 'source'],
    journals.map(([journal, period, account, debit, credit, dept], i) => [
      journal,
      i + 1,
      `${period}-10`,
      period,
      account,
      debit,
      credit,
      dept,
      'manual',
    ]),
  );
  await warehouse.copyRows(
    org,
    '03_Budget',
    ['period', 'account_code', 'department', 'amount'],
    [
      ['2025-01', '4000', 'Sales', '450.00'],
      ['2025-01', '5000', 'Sales', '100.00'],
      ['2025-01', '6000', 'Admin', '250.00'],
      ['2025-02', '4000', 'Sales', '600.00'],
      ['2025-02', '1200', null, '-250.00'],
    ],
  );
});
afterAll(() => database?.close());

/** The view's rows as the organization's role reads them, money as text so no float hides a cent. */
const read = (view: string, columns: string, orderBy: string) =>
  warehouse.withOrganization(org, async (tx) => {
    const result = await tx.execute(sql.raw(`select ${columns} from "${view}" order by ${orderBy}`));
    return (result as unknown as { rows: Record<string, unknown>[] }).rows;
  });

describe('vw_profit_and_loss', () => {
  it('shows revenue positive, expenses positive as costs, and net income as revenue − expenses', async () => {
    expect(
      await read(
        'vw_profit_and_loss',
        'period, fiscal_year, account_code, account_type, amount::text as amount, net_income_effect::text as effect',
        'period, account_code',
      ),
    ).toEqual([
      {
        period: '2024-12',
        fiscal_year: 2024,
        account_code: '4000',
        account_type: 'revenue',
        amount: '300.00',
        effect: '300.00',
      },
      {
        period: '2025-01',
        fiscal_year: 2025,
        account_code: '4000',
        account_type: 'revenue',
        amount: '500.00',
        effect: '500.00',
      },
      {
        period: '2025-01',
        fiscal_year: 2025,
        account_code: '5000',
        account_type: 'expense',
        amount: '150.50',
        effect: '-150.50',
      },
      {
        period: '2025-01',
        fiscal_year: 2025,
        account_code: '6000',
        account_type: 'expense',
        amount: '200.00',
        effect: '-200.00',
      },
    ]);
    const netIncome = await warehouse.withOrganization(org, async (tx) => {
      const result = await tx.execute(
        sql.raw(
          `select period, sum(net_income_effect)::text as net from vw_profit_and_loss group by period order by period`,
        ),
      );
      return (result as unknown as { rows: unknown[] }).rows;
    });
    expect(netIncome).toEqual([
      { period: '2024-12', net: '300.00' },
      { period: '2025-01', net: '149.50' },
    ]);
  });
});

describe('vw_balance_sheet', () => {
  it('balances every period: assets = liabilities + equity with current-year and prior-years earnings', async () => {
    const rows = await read(
      'vw_balance_sheet',
      'period, section, coalesce(account_code, account_subtype) as line, balance::text as balance',
      'period, section, line',
    );
    const at = (period: string) =>
      Object.fromEntries(rows.filter((row) => row.period === period).map((row) => [row.line, row.balance]));
    expect(at('2024-12')).toEqual({
      '1000': '1000.00',
      '1010': '0.00',
      '1200': '300.00',
      '3000': '1000.00',
      current_year_earnings: '300.00',
      prior_years_earnings: '0.00',
      '2000': '0.00',
    });
    expect(at('2025-01')).toEqual({
      '1000': '1300.00',
      '1010': '0.00',
      '1200': '300.00',
      '2000': '150.50',
      '3000': '1000.00',
      current_year_earnings: '149.50',
      prior_years_earnings: '300.00',
    });
    expect(at('2025-02')).toEqual({
      '1000': '1200.00',
      '1010': '400.00',
      '1200': '0.00',
      '2000': '150.50',
      '3000': '1000.00',
      current_year_earnings: '149.50',
      prior_years_earnings: '300.00',
    });
    const totals = await warehouse.withOrganization(org, async (tx) => {
      const result = await tx.execute(
        sql.raw(`select period,
                   sum(balance) filter (where section = 'asset')::text as assets,
                   sum(balance) filter (where section in ('liability', 'equity'))::text as claims
                 from vw_balance_sheet group by period order by period`),
      );
      return (result as unknown as { rows: unknown[] }).rows;
    });
    expect(totals).toEqual([
      { period: '2024-12', assets: '1300.00', claims: '1300.00' },
      { period: '2025-01', assets: '1600.00', claims: '1600.00' },
      { period: '2025-02', assets: '1600.00', claims: '1600.00' },
    ]);
  });
});

describe('vw_cash_flow', () => {
  it('follows the cash accounts period by period, a transfer between them moving nothing', async () => {
    expect(
      await read(
        'vw_cash_flow',
        'period, opening_cash::text as opening, cash_in::text as cash_in, cash_out::text as cash_out, ' +
          'net_cash_flow::text as net, closing_cash::text as closing',
        'period',
      ),
    ).toEqual([
      { period: '2024-12', opening: '0.00', cash_in: '1000.00', cash_out: '0.00', net: '1000.00', closing: '1000.00' },
      {
        period: '2025-01',
        opening: '1000.00',
        cash_in: '500.00',
        cash_out: '200.00',
        net: '300.00',
        closing: '1300.00',
      },
      { period: '2025-02', opening: '1300.00', cash_in: '300.00', cash_out: '0.00', net: '300.00', closing: '1600.00' },
    ]);
  });
});

describe('vw_budget_vs_actual', () => {
  it('compares budget and actual by period, account and department, with the variance', async () => {
    expect(
      await read(
        'vw_budget_vs_actual',
        'period, account_code, department, budget::text as budget, actual::text as actual, ' +
          'variance::text as variance, variance_percent::text as pct, favorable',
        'period, account_code, department',
      ),
    ).toEqual([
      {
        period: '2024-12',
        account_code: '1200',
        department: null,
        budget: '0.00',
        actual: '300.00',
        variance: '300.00',
        pct: null,
        favorable: null,
      },
      {
        period: '2024-12',
        account_code: '4000',
        department: 'Sales',
        budget: '0.00',
        actual: '300.00',
        variance: '300.00',
        pct: null,
        favorable: true,
      },
      {
        period: '2025-01',
        account_code: '4000',
        department: 'Sales',
        budget: '450.00',
        actual: '500.00',
        variance: '50.00',
        pct: '11.11',
        favorable: true,
      },
      {
        period: '2025-01',
        account_code: '5000',
        department: 'Sales',
        budget: '100.00',
        actual: '150.50',
        variance: '50.50',
        pct: '50.50',
        favorable: false,
      },
      {
        period: '2025-01',
        account_code: '6000',
        department: 'Admin',
        budget: '250.00',
        actual: '200.00',
        variance: '-50.00',
        pct: '-20.00',
        favorable: true,
      },
      {
        period: '2025-02',
        account_code: '1200',
        department: null,
        budget: '-250.00',
        actual: '-300.00',
        variance: '-50.00',
        pct: '-20.00',
        favorable: null,
      },
      {
        period: '2025-02',
        account_code: '4000',
        department: 'Sales',
        budget: '600.00',
        actual: '0.00',
        variance: '-600.00',
        pct: '-100.00',
        favorable: false,
      },
    ]);
  });
});
