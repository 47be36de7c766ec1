/**
 * Warehouse migration 5 (account subtypes in the standard vocabulary) on a warehouse at version 4: each stored
 * subtype becomes what `standardSubtypeOf` reads it as, and what the vocabulary does not know stays as written.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAccount } from '@finboard/shared/account-classification';
import { rowsOf } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { qualifiedName, warehouseSchemaName } from './identifiers.ts';
import { createWarehouseMigrator } from './warehouse-migrator.ts';
import { WAREHOUSE_MIGRATIONS } from './warehouse-migrations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const logger = pino({ level: 'silent' });
const query = async <T>(statement: string) => rowsOf<T>(await t.database.db.execute(sql.raw(statement)));

/** code, name, type, subtype as stored before → the subtype after. */
const ACCOUNTS: [string, string, string, string | null, string | null][] = [
  ['1000', 'Operating account', 'asset', 'cash', 'cash'],
  ['1001', 'Petty cash', 'asset', 'Cash', 'Cash'],
  ['1002', 'Savings', 'asset', 'bank', 'bank'],
  ['1100', 'Trade debtors', 'asset', 'Accounts Receivable', 'receivable'],
  ['1300', 'Deposits', 'asset', 'current_asset', 'other_current_asset'],
  ['1500', 'Vans', 'asset', 'fixed_asset', 'fixed_asset'],
  ['1900', 'Long-term deposit', 'asset', 'other_asset', 'other_non_current_asset'],
  ['1950', 'Header', 'asset', 'asset', 'asset'],
  ['2000', 'Trade creditors', 'liability', 'payable', 'payable'],
  ['2010', 'Corporate Credit Card', 'liability', 'payable', 'credit_card'],
  ['2100', 'Sundry accruals', 'liability', 'current_liability', 'accrued_liability'],
  ['2500', 'Bank loan', 'liability', 'long_term_debt', 'long_term_debt'],
  ['2600', 'Cash received in advance', 'liability', 'cash', 'cash'],
  ['3100', 'Common Stock', 'equity', 'equity', 'share_capital'],
  ['3200', 'Shareholder Distributions', 'equity', 'equity', 'drawings_dividends'],
  ['3300', 'Retained Earnings', 'equity', 'retained_earnings', 'retained_earnings'],
  ['3900', 'Opening balance equity', 'equity', 'equity', 'other_equity'],
  ['4000', 'Sales', 'revenue', 'revenue', 'sales'],
  ['4900', 'Discounts', 'revenue', 'contra_revenue', 'contra_revenue'],
  ['5000', 'Materials', 'expense', 'Cost of Sales', 'cost_of_sales'],
  ['6100', 'Rent', 'expense', 'operating_expense', 'operating_expense'],
  ['6200', 'Depreciation - Vehicles', 'expense', 'operating_expense', 'depreciation_amortization'],
  ['6300', 'Amortisation of software', 'expense', 'depreciation', 'depreciation_amortization'],
  ['8500', 'Interest Expense - Term Loan', 'expense', 'other_expense', 'interest_expense'],
  ['8600', 'Loss on disposal', 'expense', 'other_expense', 'other_expense'],
  ['8900', 'Income tax', 'expense', 'income_tax', 'income_tax'],
  ['9000', 'Suspense', 'expense', 'widgets', 'widgets'],
  ['9100', 'No subtype', 'expense', null, null],
];

describe('warehouse migration 5: account subtypes in the standard vocabulary', () => {
  const id = randomUUID();
  const accounts = qualifiedName(warehouseSchemaName(id), '01_Account');

  beforeAll(async () => {
    const previous = createWarehouseMigrator({
      db: t.database.db,
      logger,
      migrations: WAREHOUSE_MIGRATIONS.slice(0, 4),
    });
    await t.database.db.transaction((tx) => previous.provision(tx, id));
    const literal = (value: string | null) => (value === null ? 'NULL' : `'${value}'`);
    await query(`INSERT INTO ${accounts} (account_code, account_name, account_type, account_subtype) VALUES
      ${ACCOUNTS.map(([code, name, type, subtype]) => `('${code}', '${name}', '${type}', ${literal(subtype)})`).join(', ')}`);
    await createWarehouseMigrator({ db: t.database.db, logger }).migrate(id);
  });

  it('writes each subtype as the statements read it, and leaves the unknown as written', async () => {
    const after = await query<{ code: string; subtype: string | null }>(
      `SELECT account_code AS code, account_subtype AS subtype FROM ${accounts} ORDER BY account_code`,
    );
    expect(after).toEqual(ACCOUNTS.map(([code, , , , subtype]) => ({ code, subtype })));
  });

  it('agrees with classifyAccount on every account, before and after', () => {
    for (const [, name, type, before, after] of ACCOUNTS)
      expect(classifyAccount({ type, subtype: after, name }), name).toEqual(
        classifyAccount({ type, subtype: before, name }),
      );
  });
});
