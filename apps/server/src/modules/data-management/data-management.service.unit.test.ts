import { describe, expect, it } from 'vitest';
import { dataManagementMessages as m, type DataRow } from '@finboard/shared/data-management';
import type { Executor } from '../../db/client.ts';
import type { CatalogColumn, WarehouseCatalog } from '../../warehouse/identifiers.ts';
import type { AuditEntry } from '../audit/audit.service.ts';
import type { Principal } from '../auth/principal.ts';
import { fakeStudioLedgerRepository } from '../../../test/studio-ledger-fake.ts';
import { createDataManagementService, type DataManagementRepository } from './data-management.service.ts';
import { dataManagementRepository } from './data-management.repository.ts';
import { createStudioLedger } from './studio-change.ts';

/**
 * The Studio's write rules (data-management.service.ts) with its repository, the warehouse and the ledger in
 * memory: what each write asks of the ledger, in which order, and what a request may not name.
 */

const ORG = '7d0f3c52-8f1e-4a4e-9a57-0f3e1c2b9a10';
const principal: Principal = {
  id: 'u-1',
  email: 'dana@example.test',
  role: 'user',
  organizationId: ORG,
  mustChangePassword: false,
};
const tx = {} as Executor;

const column = (name: string, type: string, extra: Partial<CatalogColumn> = {}): CatalogColumn => ({
  name,
  type,
  nullable: true,
  primaryKey: false,
  generated: false,
  hasDefault: false,
  ...extra,
});
const rowId = column('row_id', 'bigint', { nullable: false, primaryKey: true, generated: true });
// The lineage columns are in the warehouse's catalog; the Studio must never offer or accept them.
const lineageColumns = [column('load_id', 'bigint'), column('file_id', 'uuid'), column('edit_load_id', 'bigint')];
const catalog: WarehouseCatalog = {
  schema: 'org_test',
  relations: [
    {
      name: '01_Account',
      kind: 'table',
      columns: [
        rowId,
        column('account_code', 'text', { nullable: false }),
        column('account_name', 'text', { nullable: false }),
        column('account_type', 'text', { nullable: false }),
        column('account_subtype', 'text'),
        ...lineageColumns,
      ],
    },
    {
      name: '03_Budget',
      kind: 'table',
      columns: [
        rowId,
        column('period', 'text', { nullable: false }),
        column('account_code', 'text', { nullable: false }),
        column('amount', 'numeric', { nullable: false, hasDefault: true }),
        ...lineageColumns,
      ],
    },
  ],
};

/** The Studio's repository with its tables in memory; `lineage` is what each row's lineage columns hold. */
function fakeRepository(rows: Record<string, DataRow[]>) {
  const calls: string[] = [];
  const lineage = new Map<string, { load_id?: number; edit_load_id?: number }>();
  let nextId = 100;
  const tableOf = (name: string) => (rows[name] ??= []);
  const find = (name: string, key: string) => tableOf(name).find((row) => String(row.row_id) === key);
  const valuesOf = (values: Map<{ name: string }, unknown>) =>
    Object.fromEntries([...values].map(([col, value]) => [col.name, value as DataRow[string]]));
  const repository: DataManagementRepository = {
    ...dataManagementRepository,
    async findByKey(_tx, target, key) {
      calls.push(`find ${target.relation.name} ${key}`);
      const row = find(target.relation.name, key);
      return row && { ...row };
    },
    async differs(_tx, target, key, values) {
      const row = find(target.relation.name, key)!;
      return [...values].some(([col, value]) => String(row[col.name] ?? '') !== String(value ?? ''));
    },
    async insert(_tx, target, values, loadId) {
      const row = { row_id: (nextId += 1), ...valuesOf(values) };
      calls.push(`insert ${target.relation.name} ${row.row_id}${loadId === undefined ? '' : ` as load ${loadId}`}`);
      tableOf(target.relation.name).push(row);
      lineage.set(`${target.relation.name}:${row.row_id}`, { load_id: loadId });
      return { ...row };
    },
    async update(_tx, target, key, values, editLoadId) {
      calls.push(
        `update ${target.relation.name} ${key}${editLoadId === undefined ? '' : ` edited by load ${editLoadId}`}`,
      );
      const row = find(target.relation.name, key)!;
      Object.assign(row, valuesOf(values));
      lineage.set(`${target.relation.name}:${key}`, {
        ...lineage.get(`${target.relation.name}:${key}`),
        edit_load_id: editLoadId,
      });
      return { ...row };
    },
    async keysOf(_tx, target, column, values) {
      calls.push(`keys of ${target.relation.name} by ${column.name}`);
      const rows = tableOf(target.relation.name).filter((row) => values.includes(String(row[column.name])));
      return new Map(rows.map((row) => [String(row[column.name]), String(row.row_id)]));
    },
    async remove(_tx, target, key) {
      calls.push(`delete ${target.relation.name} ${key}`);
      const table = tableOf(target.relation.name);
      const at = table.findIndex((row) => String(row.row_id) === key);
      return table.splice(at, 1)[0];
    },
  };
  return { repository, calls, lineage };
}

function studio(rows: Record<string, DataRow[]>) {
  const ledger = fakeStudioLedgerRepository();
  const data = fakeRepository(rows);
  const audited: AuditEntry[] = [];
  const service = createDataManagementService({
    warehouse: {
      catalog: async () => catalog,
      withOrganization: (_organizationId, work) => work(tx),
      leaveOrganization: async (executor) => executor,
    },
    audit: {
      record: async (entry) => void audited.push(entry),
      listForOrganizationEntity: async () => [],
    },
    organizations: { assertExists: async () => undefined },
    logger: { info: () => undefined, error: () => undefined },
    ledger: createStudioLedger(ledger.repository),
    nameOf: async (userId) => (userId === principal.id ? 'Dana Reyes' : undefined),
    repository: data.repository,
  });
  /** What the write asked of the ledger and the rows, in order. */
  const steps = () => [...ledger.calls, ...data.calls];
  return { service, ledger, data, audited, steps };
}

const budgetRow = (): DataRow => ({ row_id: 7, period: '2026-01', account_code: '4000', amount: '500.00' });

describe('Studio writes of loaded tables', () => {
  it('an edit keeps the row first, then writes it as the edit of a Studio load of the user, and records it', async () => {
    const { service, ledger, data, audited } = studio({ '03_Budget': [budgetRow()] });
    const after = await service.update(principal, ORG, '03_Budget', '7', { amount: '650' });
    expect(after).toEqual({ ...budgetRow(), amount: '650' });
    expect(ledger.calls).toEqual([
      'features',
      'begin load 42 by Dana Reyes',
      'keep 03_Budget 7 as replaced by load 42',
    ]);
    expect(data.calls).toEqual(['find 03_Budget 7', 'update 03_Budget 7 edited by load 42']);
    expect(audited.map((entry) => [entry.action, entry.entityId])).toEqual([['warehouse_row.updated', '03_Budget:7']]);
  });

  it('an edit to the values the row holds writes, keeps and records nothing', async () => {
    const { service, ledger, data, audited } = studio({ '03_Budget': [budgetRow()] });
    expect(await service.update(principal, ORG, '03_Budget', '7', { amount: '500.00', period: '2026-01' })).toEqual(
      budgetRow(),
    );
    expect(ledger.calls).toEqual([]);
    expect(data.calls).toEqual(['find 03_Budget 7']);
    expect(audited).toEqual([]);
  });

  it('an added row carries the Studio load; a deleted one is kept before it goes', async () => {
    const { service, ledger, data, audited } = studio({ '03_Budget': [budgetRow()] });
    const created = await service.create(principal, ORG, '03_Budget', {
      period: '2026-02',
      account_code: '4000',
      amount: '1',
    });
    expect(created.row_id).toBe(101);
    expect(data.lineage.get('03_Budget:101')).toEqual({ load_id: 42 });
    await service.remove(principal, ORG, '03_Budget', '7');
    // Each request is a load of its own.
    expect(ledger.calls).toEqual([
      'features',
      'begin load 42 by Dana Reyes',
      'begin load 43 by Dana Reyes',
      'keep 03_Budget 7 as removed by load 43',
    ]);
    expect(data.calls.at(-1)).toBe('delete 03_Budget 7');
    expect(audited.map((entry) => entry.action)).toEqual(['warehouse_row.created', 'warehouse_row.deleted']);
  });

  it('refuses a request naming a lineage column as an unknown column, before anything is read or written', async () => {
    const { service, steps } = studio({ '03_Budget': [budgetRow()] });
    for (const name of ['load_id', 'file_id', 'edit_load_id']) {
      const refusal = { statusCode: 400, code: 'INVALID_VALUE', message: m.unknownColumn(name) };
      await expect(service.update(principal, ORG, '03_Budget', '7', { amount: '1', [name]: 1 })).rejects.toMatchObject(
        refusal,
      );
      await expect(service.create(principal, ORG, '03_Budget', { period: '2026-02', [name]: 1 })).rejects.toMatchObject(
        refusal,
      );
    }
    expect(steps()).toEqual([]);
  });

  it('an account that becomes a cash account refreshes the cash flow in the same write; a new name does not', async () => {
    const account = {
      row_id: 3,
      account_code: '1200',
      account_name: 'Receivables',
      account_type: 'asset',
      account_subtype: null,
    };
    const { service, ledger } = studio({ '01_Account': [account] });
    await service.update(principal, ORG, '01_Account', '3', { account_name: 'Trade receivables' });
    expect(ledger.calls.includes('refresh the cash flow')).toBe(false);
    await service.update(principal, ORG, '01_Account', '3', { account_subtype: 'cash' });
    expect(ledger.calls.at(-1)).toBe('refresh the cash flow');
  });
});

describe('accounts moved to other subtypes (the statement layout)', () => {
  const accounts = (): DataRow[] => [
    { row_id: 3, account_code: '1200', account_name: 'Receivables', account_type: 'asset', account_subtype: 'Misc' },
    {
      row_id: 4,
      account_code: '5000',
      account_name: 'Goods',
      account_type: 'expense',
      account_subtype: 'cost_of_sales',
    },
    {
      row_id: 5,
      account_code: '6100',
      account_name: 'Freight',
      account_type: 'expense',
      account_subtype: 'operating_expense',
    },
  ];

  it('writes them as one Studio load of the user, records each row changed, then runs what goes alongside', async () => {
    const { service, ledger, data, audited } = studio({ '01_Account': accounts() });
    const order: string[] = [];
    const answer = await service.setAccountSubtypes(
      principal,
      ORG,
      new Map([
        ['6100', 'cost_of_sales'],
        ['5000', 'cost_of_sales'],
        ['1200', 'cash'],
      ]),
      async (executor) => {
        order.push(`alongside after ${audited.length} events`);
        expect(executor).toBe(tx);
        return 'stored';
      },
    );
    expect(answer).toBe('stored');
    expect(order).toEqual(['alongside after 2 events']);
    // 5000 already is cost of sales: found, not written.
    expect(data.calls).toEqual([
      'keys of 01_Account by account_code',
      'find 01_Account 5',
      'update 01_Account 5 edited by load 42',
      'find 01_Account 4',
      'find 01_Account 3',
      'update 01_Account 3 edited by load 42',
    ]);
    expect(ledger.calls).toEqual([
      'features',
      'begin load 42 by Dana Reyes',
      'keep 01_Account 5 as replaced by load 42',
      'keep 01_Account 3 as replaced by load 42',
      // 1200 became a cash account.
      'refresh the cash flow',
    ]);
    expect(audited.map((entry) => [entry.action, entry.entityId, (entry.after as DataRow).account_subtype])).toEqual([
      ['warehouse_row.updated', '01_Account:5', 'cost_of_sales'],
      ['warehouse_row.updated', '01_Account:3', 'cash'],
    ]);
  });

  it('refuses an account code the chart does not have, before anything runs alongside', async () => {
    const { service, audited } = studio({ '01_Account': accounts() });
    let ran = false;
    const moving = service.setAccountSubtypes(principal, ORG, new Map([['9999', 'cash']]), async () => {
      ran = true;
    });
    await expect(moving).rejects.toMatchObject({ statusCode: 404, message: m.recordNotFound });
    expect([ran, audited]).toEqual([false, []]);
  });
});
