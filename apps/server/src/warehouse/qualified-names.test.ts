import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeFilters } from '@finboard/shared/data-management';
import { REPORT_TEMPLATES } from '@finboard/shared/reports';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { bearer, createOrganization, createUser, login } from '../../test/factories.ts';
import { seedLedger } from '../../test/ledger.ts';
import { rowsOf, type Executor } from '../db/client.ts';
import { qualifiedName, warehouseRoleName } from './identifiers.ts';
import type { WarehouseService } from './warehouse.service.ts';

/**
 * Warehouse statements name every relation with its schema (identifiers.ts qualifiedName), so the search
 * path decides nothing: pg_catalog, searched first whatever the path says, cannot stand in for a table of
 * the warehouse that has a catalog's name.
 */

let t: TestApp;
let user: string;
let org: string;
let schema: string;

beforeAll(async () => {
  t = await buildTestApp();
  org = (await createOrganization(t.database)).id;
  const warehouse = t.app.services.warehouse;
  await warehouse.provision(org);
  await seedLedger(warehouse, org, 200);
  await warehouse.refreshAggregates(org);
  schema = warehouse.schemaOf(org);
  // A table named like a catalog, made directly in the warehouse as an import before the pg_ rule could.
  const table = qualifiedName(schema, 'pg_class');
  for (const statement of [
    `CREATE TABLE ${table} (row_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, label text, amount numeric)`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO "${warehouseRoleName(org)}"`,
    `INSERT INTO ${table} (label, amount) VALUES ('first', 12.50), ('second', 7.25), ('third', 0.25)`,
  ])
    await t.database.db.execute(sql.raw(statement));
  user = await login(t.app, await createUser(t.database, { organizationId: org }));
});
afterAll(() => t?.close());

const call = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...options.headers, ...bearer(user) } });
const get = (url: string) => call({ method: 'GET', url });

const catalogRows = async () =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from pg_catalog.pg_class`))[0]!.n;

describe("an organization's table named pg_class", () => {
  it('is listed with its own row count, not the catalog’s', async () => {
    const response = await get(`/api/v1/crud/tables/${org}`);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.tables).toContainEqual({ name: 'pg_class', displayName: 'pg_class', rowEstimate: 3 });
  });

  it('answers its own rows page by page, with their count and the total of its money column', async () => {
    const response = await get(`/api/v1/crud/${org}/pg_class?page=2&pageSize=2&totals=true`);

    expect(response.statusCode, response.body).toBe(200);
    const { data, pagination } = response.json();
    expect(data.rows).toEqual([{ row_id: 3, label: 'third', amount: '0.25' }]);
    expect(data.totals).toEqual({ amount: '20.00' });
    expect(pagination).toMatchObject({ total: 3, page: 2, pageSize: 2 });
  });

  it('edits its own row, keeps the edit in its history and leaves the catalog as it was', async () => {
    const before = await catalogRows();

    const updated = await call({ method: 'PUT', url: `/api/v1/crud/${org}/pg_class/1`, payload: { label: 'edited' } });

    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.updateddata).toEqual({ row_id: 1, label: 'edited', amount: '12.50' });
    const stored = rowsOf<{ label: string }>(
      await t.database.db.execute(sql.raw(`select label from ${qualifiedName(schema, 'pg_class')} where row_id = 1`)),
    );
    expect(stored).toEqual([{ label: 'edited' }]);
    const history = await get(`/api/v1/crud/${org}/pg_class/1/history`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.history).toMatchObject([
      { action: 'updated', before: { label: 'first' }, after: { label: 'edited' } },
    ]);
    expect(await catalogRows()).toBe(before);
  });

  it('exports its own rows as CSV', async () => {
    const response = await get(`/api/v1/crud/${org}/pg_class/export?sortBy=amount&sortOrder=desc`);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.trimEnd().split('\r\n')).toEqual([
      'row_id,label,amount',
      '1,edited,12.50',
      '2,second,7.25',
      '3,third,0.25',
    ]);
  });
});

/**
 * The routes' work with the search path emptied in each organization transaction (after the warehouse set
 * it): a statement that named a relation without its schema would fail.
 */
async function withEmptySearchPath<T>(work: () => Promise<T>): Promise<T> {
  const warehouse = t.app.services.warehouse;
  const withOrganization = warehouse.withOrganization;
  const spy = vi.spyOn(warehouse, 'withOrganization').mockImplementation(((
    organizationId: string,
    step: (tx: Executor) => Promise<unknown>,
  ) =>
    withOrganization(organizationId, async (tx) => {
      await tx.execute(sql`select set_config('search_path', '', true)`);
      return step(tx);
    })) as WarehouseService['withOrganization']);
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}

describe('every statement of the Studio, journals, reports and Chat DB', () => {
  const reads = () => [
    `/api/v1/crud/tables/${org}`,
    `/api/v1/crud/${org}/02_GL_Detail?page=3&pageSize=25&sortBy=debit&sortOrder=desc&totals=true`,
    `/api/v1/crud/${org}/02_GL_Detail?${new URLSearchParams({
      filters: encodeFilters([{ column: 'department', op: 'eq', value: 'Sales' }])!,
    })}`,
    `/api/v1/crud/${org}/vw_profit_and_loss?pageSize=10`,
    `/api/v1/crud/${org}/02_GL_Detail/export?sortBy=posting_date`,
    `/api/v1/crud/${org}/journals/J7?source=upload`,
    `/api/v1/crud/${org}/reconciliation`,
    `/api/v1/reports/${org}/gl-lines?from=2023-01&to=2024-12&account_code=1000`,
    ...REPORT_TEMPLATES.map((template) => `/api/v1/reports/${org}/${template}?from=2024-01&to=2024-12`),
  ];

  it('reads the same with an empty search path', async () => {
    for (const url of reads()) {
      const expected = await get(url);
      expect(expected.statusCode, `${url} ${expected.body}`).toBe(200);

      const response = await withEmptySearchPath(() => get(url));

      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      expect(response.body, url).toBe(expected.body);
    }
  });

  it('checks group values and answers Chat DB with an empty search path', async () => {
    const check = (columnName: string, value: string) =>
      call({ method: 'POST', url: `/api/v1/crud/check-value/${org}`, payload: { columnName, value } });

    const answers = await withEmptySearchPath(async () => ({
      account: await check('account_code', '1000'),
      period: await check('period', '2024-05'),
      department: await check('department', 'Sales'),
      chat: await call({ method: 'POST', url: '/api/v1/chat/ask', payload: { question: 'Revenue in 2024 by month' } }),
    }));

    expect(answers.account.json().data).toEqual({ valid: true });
    expect(answers.period.json().data).toEqual({ valid: true });
    expect(answers.department.json().data).toEqual({ valid: true });
    expect(answers.chat.statusCode, answers.chat.body).toBe(200);
    expect(answers.chat.json().data.result).toHaveLength(12);
  });

  it('writes records and journals with an empty search path', async () => {
    const line = (lineNo: number, account: string, debit: string, credit: string) => ({
      line_no: lineNo,
      posting_date: '2024-06-10',
      period: '2024-06',
      account_code: account,
      description: 'Qualified',
      debit,
      credit,
    });

    const statuses = await withEmptySearchPath(async () => {
      const added = await call({
        method: 'POST',
        url: `/api/v1/crud/${org}/02_GL_Detail`,
        payload: { journal_id: 'Q-1', ...line(1, '1000', '0', '0') },
      });
      const rowId = added.json().data?.createddata?.row_id;
      const edited = await call({
        method: 'PUT',
        url: `/api/v1/crud/${org}/02_GL_Detail/${rowId}`,
        payload: { description: 'Qualified, edited' },
      });
      const removed = await call({ method: 'DELETE', url: `/api/v1/crud/${org}/02_GL_Detail/${rowId}` });
      const created = await call({
        method: 'POST',
        url: `/api/v1/crud/${org}/journals`,
        payload: { journal_id: 'Q-2', lines: [line(1, '1000', '15.00', '0'), line(2, '1300', '0', '15.00')] },
      });
      const replaced = await call({
        method: 'PUT',
        url: `/api/v1/crud/${org}/journals/Q-2`,
        payload: { lines: [line(1, '1000', '20.00', '0'), line(2, '1300', '0', '20.00')] },
      });
      const deleted = await call({ method: 'DELETE', url: `/api/v1/crud/${org}/journals/Q-2` });
      return [added, edited, removed, created, replaced, deleted].map((response) => response.statusCode);
    });

    expect(statuses).toEqual([201, 200, 200, 201, 200, 200]);
    const left = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql.raw(`select count(*)::int as n from ${qualifiedName(schema, '02_GL_Detail')}
          where journal_id in ('Q-1', 'Q-2')`),
      ),
    );
    expect(left).toEqual([{ n: 0 }]);
  });
});
