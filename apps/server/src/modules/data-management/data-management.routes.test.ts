import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataManagementMessages as m, encodeFilters, type DataFilter } from '@finboard/shared/data-management';
import { messages } from '@finboard/shared/messages';
import { auditEvents } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, login } from '../../../test/factories.ts';
import { rowsOf } from '../../db/client.ts';

let t: TestApp;
let admin: string;
let orgA: string;
let orgB: string;
let userA: string;
let userB: string;

const PERIODS = [
  ['2024-01', '2024-01-01', '2024-01-31', 2024, 1, false],
  ['2024-02', '2024-02-01', '2024-02-29', 2024, 2, false],
  ['2024-03', '2024-03-01', '2024-03-31', 2024, 3, true],
];
const ACCOUNTS = [
  ['1000', 'Cash', 'asset', 'cash', null, true],
  ['4000', 'Sales', 'revenue', null, null, true],
  ['5000', 'Rent', 'expense', null, null, true],
];
const GL_COLUMNS = [
  'journal_id',
  'line_no',
  'posting_date',
  'period',
  'account_code',
  'description',
  'debit',
  'credit',
];
const GL_COLUMNS_FULL = [...GL_COLUMNS, 'department', 'source'];
const GL = [
  ['J1', 1, '2024-01-05', '2024-01', '1000', 'Invoice 17, "Acme"', '100.00', '0', 'Sales', 'upload'],
  ['J1', 2, '2024-01-05', '2024-01', '4000', 'Invoice 17, "Acme"', '0', '100.00', 'Sales', 'upload'],
  ['J2', 1, '2024-02-10', '2024-02', '5000', '=HYPERLINK("x")', '40.50', '0', null, 'upload'],
  ['J2', 2, '2024-02-10', '2024-02', '1000', 'rent february', '0', '40.50', null, 'upload'],
  ['J3', 1, '2024-02-20', '2024-02', '1000', 'Cash sale', '12.25', '0', 'Retail', 'upload'],
];

/** A provisioned warehouse with the periods and accounts above, and no GL lines yet. */
async function seedMasters(organizationId: string) {
  const warehouse = t.app.services.warehouse;
  await warehouse.provision(organizationId);
  await warehouse.copyRows(
    organizationId,
    '00_Period',
    ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period', 'is_closed'],
    PERIODS,
  );
  await warehouse.copyRows(
    organizationId,
    '01_Account',
    ['account_code', 'account_name', 'account_type', 'account_subtype', 'parent_code', 'is_active'],
    ACCOUNTS,
  );
}

async function seed(organizationId: string) {
  await seedMasters(organizationId);
  await t.app.services.warehouse.copyRows(organizationId, '02_GL_Detail', GL_COLUMNS_FULL, GL);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, TEST_ADMIN);
  orgA = (await createOrganization(t.database)).id;
  orgB = (await createOrganization(t.database)).id;
  await seed(orgA);
  await seed(orgB);
  userA = await login(t.app, await createUser(t.database, { organizationId: orgA }));
  userB = await login(t.app, await createUser(t.database, { organizationId: orgB }));
});
afterAll(() => t?.close());

const call = (options: InjectOptions & { token?: string }) => {
  const { token = userA, ...rest } = options;
  return t.app.inject({ ...rest, headers: { ...rest.headers, ...bearer(token) } });
};
const list = (table: string, query: Record<string, string | number | undefined> = {}, org = orgA, token = userA) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return call({ method: 'GET', url: `/api/v1/crud/${org}/${encodeURIComponent(table)}?${params}`, token });
};
const filtered = (filters: DataFilter[], extra: Record<string, string | number> = {}) =>
  list('02_GL_Detail', { filters: encodeFilters(filters), ...extra });

const glRows = async (organizationId: string) =>
  t.app.services.warehouse.withOrganization(organizationId, async (tx) =>
    rowsOf<Record<string, unknown>>(
      await tx.execute(sql`select row_id::int as row_id, journal_id, line_no, debit::text as debit, period
        from "02_GL_Detail" order by row_id`),
    ),
  );
const countOf = async (organizationId: string, table: string) =>
  t.app.services.warehouse.withOrganization(organizationId, async (tx) => {
    const [row] = rowsOf<{ n: number }>(await tx.execute(sql.raw(`select count(*)::int as n from "${table}"`)));
    return row!.n;
  });
const auditCount = async () => {
  const [row] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from audit_events`));
  return row!.n;
};
const rowAudit = (organizationId: string, entityId: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, organizationId), eq(auditEvents.entityId, entityId)));

/** A zero line: a lone amount would leave its new journal out of balance (journals.routes.test.ts). */
const newGlLine = (overrides: Record<string, unknown> = {}) => ({
  journal_id: 'J9',
  line_no: 1,
  posting_date: '2024-02-15',
  period: '2024-02',
  account_code: '5000',
  description: 'Office chairs',
  debit: '0',
  credit: 0,
  department: 'Admin',
  ...overrides,
});

describe('tables', () => {
  it('lists the warehouse tables with display names and row counts, and the views', async () => {
    const response = await call({ method: 'GET', url: `/api/v1/crud/tables/${orgA}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(m.tablesFetched);
    const { tables, views } = response.json().data;
    expect(tables).toEqual([
      { name: '00_Period', displayName: 'Period', rowEstimate: 3 },
      { name: '01_Account', displayName: 'Account', rowEstimate: 3 },
      { name: '02_GL_Detail', displayName: 'GL_Detail', rowEstimate: expect.any(Number) },
      { name: '03_Budget', displayName: 'Budget', rowEstimate: 0 },
      { name: '04_Trial_Balance', displayName: 'Trial_Balance', rowEstimate: 0 },
    ]);
    expect(views.map((view: { name: string }) => view.name)).toEqual([
      'vw_balance_sheet',
      'vw_budget_vs_actual',
      'vw_cash_flow',
      'vw_profit_and_loss',
    ]);
    expect(views[3]).toEqual({ name: 'vw_profit_and_loss', displayName: 'vw_profit_and_loss' });
  });
});

describe('listing', () => {
  it('answers the column info and the first page in row_id order, numerics as strings and dates as YYYY-MM-DD', async () => {
    const response = await list('02_GL_Detail', { pageSize: 2 });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    const column = (name: string, label: string, type: string, more: Record<string, boolean> = {}) => ({
      name,
      label,
      type,
      nullable: false,
      primaryKey: false,
      editable: true,
      required: true,
      money: false,
      ...more,
    });
    expect(data.columns.slice(0, 4)).toEqual([
      column('row_id', 'Row ID', 'bigint', { primaryKey: true, editable: false, required: false }),
      column('journal_id', 'Journal', 'text'),
      column('line_no', 'Line', 'integer'),
      column('posting_date', 'Posting date', 'date'),
    ]);
    // A default (0) makes the money columns optional; a nullable text column is never required.
    expect(data.columns.find((column: { name: string }) => column.name === 'debit')).toEqual(
      column('debit', 'Debit', 'numeric', { required: false, money: true }),
    );
    expect(data.columns.find((column: { name: string }) => column.name === 'description')).toEqual(
      column('description', 'Description', 'text', { nullable: true, required: false }),
    );
    expect(data.totals).toBeUndefined();
    expect(response.json().pagination).toEqual({ total: 5, totalIsEstimate: false, page: 1, pageSize: 2 });
    expect(data.rows).toHaveLength(2);
    expect(data.rows[0]).toMatchObject({
      journal_id: 'J1',
      line_no: 1,
      posting_date: '2024-01-05',
      period: '2024-01',
      debit: '100.00',
      credit: '0.00',
      department: 'Sales',
      counterparty: null,
    });
    expect(typeof data.rows[0].row_id).toBe('number');
    expect(data.rows[1].row_id).toBeGreaterThan(data.rows[0].row_id);
  });

  it('pages with an exact total', async () => {
    const { data, pagination } = (await list('02_GL_Detail', { page: 3, pageSize: 2 })).json();
    expect(data.rows.map((row: { journal_id: string }) => row.journal_id)).toEqual(['J3']);
    expect(pagination).toEqual({ total: 5, totalIsEstimate: false, page: 3, pageSize: 2 });
  });

  it('answers later pages of a filtered, sorted table in order, ties across the page break included', async () => {
    const key = (row: { journal_id: string; line_no: number }) => `${row.journal_id}/${row.line_no}`;
    const byPeriod = async (page: number) =>
      (await list('02_GL_Detail', { sortBy: 'period', sortOrder: 'desc', page, pageSize: 2 })).json().data;
    expect((await byPeriod(2)).rows.map(key)).toEqual(['J2/1', 'J1/2']);
    expect((await byPeriod(3)).rows.map(key)).toEqual(['J1/1']);

    const cash = [{ column: 'account_code', op: 'eq', value: '1000' }] satisfies DataFilter[];
    const { data, pagination } = (
      await filtered(cash, { sortBy: 'posting_date', sortOrder: 'desc', page: 2, pageSize: 1 })
    ).json();
    expect(data.rows).toEqual([
      expect.objectContaining({
        journal_id: 'J2',
        line_no: 2,
        posting_date: '2024-02-10',
        debit: '0.00',
        credit: '40.50',
      }),
    ]);
    expect(pagination).toEqual({ total: 3, totalIsEstimate: false, page: 2, pageSize: 1 });
  });

  it('sorts by a column with row_id as tiebreak', async () => {
    const data = (await list('02_GL_Detail', { sortBy: 'posting_date', sortOrder: 'desc' })).json().data;
    expect(data.rows.map((row: { journal_id: string; line_no: number }) => `${row.journal_id}/${row.line_no}`)).toEqual(
      ['J3/1', 'J2/2', 'J2/1', 'J1/2', 'J1/1'],
    );
  });

  it.each<[string, DataFilter[], string[]]>([
    ['eq on text', [{ column: 'account_code', op: 'eq', value: '1000' }], ['J1/1', 'J2/2', 'J3/1']],
    ['ne keeps blanks', [{ column: 'department', op: 'ne', value: 'Sales' }], ['J2/1', 'J2/2', 'J3/1']],
    ['contains, any case', [{ column: 'description', op: 'contains', value: 'RENT' }], ['J2/2']],
    ['contains treats % literally', [{ column: 'description', op: 'contains', value: '%' }], []],
    ['startsWith', [{ column: 'description', op: 'startsWith', value: 'invoice' }], ['J1/1', 'J1/2']],
    ['gt on numeric', [{ column: 'debit', op: 'gt', value: 40.5 }], ['J1/1']],
    ['gte on numeric', [{ column: 'debit', op: 'gte', value: '40.5' }], ['J1/1', 'J2/1']],
    ['lt on date', [{ column: 'posting_date', op: 'lt', value: '2024-02-01' }], ['J1/1', 'J1/2']],
    ['lte on integer', [{ column: 'line_no', op: 'lte', value: 1 }], ['J1/1', 'J2/1', 'J3/1']],
    [
      'between dates',
      [{ column: 'posting_date', op: 'between', value: '2024-02-01', valueTo: '2024-02-15' }],
      ['J2/1', 'J2/2'],
    ],
    ['blank', [{ column: 'department', op: 'blank' }], ['J2/1', 'J2/2']],
    ['notBlank', [{ column: 'department', op: 'notBlank' }], ['J1/1', 'J1/2', 'J3/1']],
    [
      'several filters together',
      [
        { column: 'period', op: 'eq', value: '2024-02' },
        { column: 'credit', op: 'eq', value: '0' },
      ],
      ['J2/1', 'J3/1'],
    ],
  ])('filters: %s, with an exact total', async (_name, filters, expected) => {
    const response = await filtered(filters);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.rows.map((row: { journal_id: string; line_no: number }) => `${row.journal_id}/${row.line_no}`)).toEqual(
      expected,
    );
    expect(response.json().pagination).toMatchObject({ total: expected.length, totalIsEstimate: false });
  });

  it.each<[string, Record<string, string>, string]>([
    [
      'an unknown filter column',
      { filters: encodeFilters([{ column: 'nope', op: 'eq', value: 1 }])! },
      m.unknownColumn('nope'),
    ],
    [
      'a filter value of the wrong type',
      { filters: encodeFilters([{ column: 'debit', op: 'gt', value: 'ten' }])! },
      m.mustBeNumber('debit'),
    ],
    [
      'a filter date of the wrong form',
      { filters: encodeFilters([{ column: 'posting_date', op: 'eq', value: '05/01/2024' }])! },
      m.mustBeDate('posting_date'),
    ],
    [
      'a filter without its value',
      { filters: encodeFilters([{ column: 'debit', op: 'between', value: 1 }])! },
      m.filterNeedsValue('debit'),
    ],
    ['filters that are not JSON', { filters: '[{column' }, m.filtersInvalid],
    ['an unknown sort column', { sortBy: 'password' }, m.unknownColumn('password')],
    [
      'a hostile sort column',
      { sortBy: 'row_id; drop table "00_Period"' },
      m.unknownColumn('row_id; drop table "00_Period"'),
    ],
  ])('refuses %s with 400', async (_name, query, message) => {
    const response = await list('02_GL_Detail', query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses more than 20 filters', async () => {
    const filters = Array.from({ length: 21 }, () => ({ column: 'debit', op: 'notBlank' as const }));
    const response = await filtered(filters);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(m.tooManyFilters);
  });

  it('reads 00_Period, the period filter’s source', async () => {
    const data = (await list('00_Period')).json().data;
    expect(data.rows.map((row: { Period: string }) => row.Period)).toEqual(['2024-01', '2024-02', '2024-03']);
    expect(data.rows[2]).toMatchObject({ start_date: '2024-03-01', is_closed: true, fiscal_year: 2024 });
  });

  it('reads a view, every column read-only, sorted by its first column by default', async () => {
    const response = await list('vw_profit_and_loss', { sortBy: 'amount', sortOrder: 'desc' });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.columns.every((column: { editable: boolean }) => !column.editable)).toBe(true);
    expect(data.rows.map((row: { account_code: string; amount: string }) => [row.account_code, row.amount])).toEqual([
      ['4000', '100.00'],
      ['5000', '40.50'],
    ]);
    expect(response.json().pagination.total).toBe(2);
  });

  it('answers the planner’s estimate for an unfiltered big table and an exact count once filtered', async () => {
    const orgC = (await createOrganization(t.database)).id;
    await seed(orgC);
    const schema = t.app.services.warehouse.schemaOf(orgC);
    // Pretend the table is big: the estimate is what the planner believes, not what is there.
    await t.database.db.execute(
      sql`update pg_class set reltuples = 1000000 where oid = to_regclass(${`"${schema}"."02_GL_Detail"`})`,
    );
    const unfiltered = (await list('02_GL_Detail', {}, orgC, admin)).json();
    expect(unfiltered.pagination).toMatchObject({ total: 1_000_000, totalIsEstimate: true });
    expect(unfiltered.data.rows).toHaveLength(5);
    const one = (
      await list(
        '02_GL_Detail',
        { filters: encodeFilters([{ column: 'journal_id', op: 'eq', value: 'J1' }]) },
        orgC,
        admin,
      )
    ).json().pagination;
    expect(one).toMatchObject({ total: 2, totalIsEstimate: false });
    const tables = (await call({ method: 'GET', url: `/api/v1/crud/tables/${orgC}`, token: admin })).json().data.tables;
    expect(tables[2]).toEqual({ name: '02_GL_Detail', displayName: 'GL_Detail', rowEstimate: 1_000_000 });
  });
});

describe('totals', () => {
  // 150 balanced journals of 0.10 (a float sum of 0.10s drifts) and two of 4,999,999,999,999,990.00
  // (beyond 2^53: a float cannot hold their sum), in an organization of their own.
  const BIG = '4999999999999990.00';
  let orgT: string;
  let userT: string;
  beforeAll(async () => {
    orgT = (await createOrganization(t.database)).id;
    await seedMasters(orgT);
    const journal = (id: string, amount: string) => [
      [id, 1, '2024-01-15', '2024-01', '1000', 'Receipt', amount, '0'],
      [id, 2, '2024-01-15', '2024-01', '4000', 'Receipt', '0', amount],
    ];
    const lines = [
      ...Array.from({ length: 150 }, (_, i) => journal(`T${i + 1}`, '0.10')).flat(),
      ...journal('BIG1', BIG),
      ...journal('BIG2', BIG),
    ];
    await t.app.services.warehouse.copyRows(orgT, '02_GL_Detail', GL_COLUMNS, lines);
    userT = await login(t.app, await createUser(t.database, { organizationId: orgT }));
  });
  const listT = (table: string, query: Record<string, string | number>) => list(table, query, orgT, userT);
  const cash = encodeFilters([{ column: 'account_code', op: 'eq', value: '1000' }])!;

  it('sums debit and credit exactly over the whole filter, not the page asked for', async () => {
    const response = await listT('02_GL_Detail', { filters: cash, page: 3, pageSize: 50, totals: 'true' });
    expect(response.statusCode, response.body).toBe(200);
    const { data, pagination } = response.json();
    expect(data.rows).toHaveLength(50);
    expect(pagination).toEqual({ total: 152, totalIsEstimate: false, page: 3, pageSize: 50 });
    expect(data.totals).toEqual({ debit: '9999999999999995.00', credit: '0.00' });
  });

  it('answers the same totals on every page of the filter and none unless asked', async () => {
    const page = async (n: number) =>
      (await listT('02_GL_Detail', { filters: cash, page: n, pageSize: 100, totals: 'true' })).json().data.totals;
    expect(await page(1)).toEqual(await page(2));
    expect((await listT('02_GL_Detail', { filters: cash, page: 1 })).json().data.totals).toBeUndefined();
  });

  it('sums the unfiltered table (balanced: debit equals credit) and answers 0.00 when nothing matches', async () => {
    const all = (await listT('02_GL_Detail', { pageSize: 1, totals: 'true' })).json().data.totals;
    expect(all).toEqual({ debit: '9999999999999995.00', credit: '9999999999999995.00' });
    const none = encodeFilters([{ column: 'account_code', op: 'eq', value: '5000' }])!;
    expect((await listT('02_GL_Detail', { filters: none, totals: 'true' })).json().data.totals).toEqual({
      debit: '0.00',
      credit: '0.00',
    });
  });

  it('sums the money columns of a view, and a table without money answers no sums', async () => {
    const pnl = (await listT('vw_profit_and_loss', { totals: 'true' })).json().data;
    expect(pnl.totals).toEqual({ amount: '9999999999999995.00', net_income_effect: '9999999999999995.00' });
    expect(
      pnl.columns.filter((column: { money: boolean }) => column.money).map((c: { name: string }) => c.name),
    ).toEqual(['amount', 'net_income_effect']);
    expect((await listT('00_Period', { totals: 'true' })).json().data.totals).toEqual({});
  });
});

describe('creating, updating and deleting records', () => {
  it('creates a GL line, answers the stored row and audits it in the same organization', async () => {
    const before = await auditCount();
    const response = await call({ method: 'POST', url: `/api/v1/crud/${orgA}/02_GL_Detail`, payload: newGlLine() });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(m.created);
    const row = response.json().data.createddata;
    expect(row).toMatchObject({
      journal_id: 'J9',
      debit: '0.00',
      credit: '0.00',
      posting_date: '2024-02-15',
      source: 'manual',
    });
    const stored = (await glRows(orgA)).find((candidate) => candidate.row_id === row.row_id);
    expect(stored).toMatchObject({ journal_id: 'J9', debit: '0.00', period: '2024-02' });
    expect(await auditCount()).toBe(before + 1);
    const [event] = await rowAudit(orgA, `02_GL_Detail:${row.row_id}`);
    expect(event).toMatchObject({
      action: 'warehouse_row.created',
      entityType: 'warehouse_row',
      before: null,
      after: row,
    });

    const history = await call({ method: 'GET', url: `/api/v1/crud/${orgA}/02_GL_Detail/${row.row_id}/history` });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.history).toEqual([
      expect.objectContaining({
        action: 'created',
        actorEmail: expect.stringContaining('@'),
        before: null,
        after: row,
      }),
    ]);
  });

  it('updates some columns, keeps the others, and the history shows before and after, newest first', async () => {
    const created = (
      await call({
        method: 'POST',
        url: `/api/v1/crud/${orgA}/02_GL_Detail`,
        payload: newGlLine({ journal_id: 'J10' }),
      })
    ).json().data.createddata;
    const url = `/api/v1/crud/${orgA}/02_GL_Detail/${created.row_id}`;
    // The grid may send the row's own key back: unchanged, it is not a change.
    const response = await call({
      method: 'PUT',
      url,
      payload: { row_id: created.row_id, description: 'Desk chairs', department: '' },
      token: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(m.updated);
    const updated = response.json().data.updateddata;
    expect(updated).toMatchObject({
      journal_id: 'J10',
      debit: '0.00',
      department: null,
      description: 'Desk chairs',
    });

    const history = (await call({ method: 'GET', url: `${url}/history` })).json().data.history;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['updated', 'created']);
    expect(history[0]).toMatchObject({ actorEmail: TEST_ADMIN.email, before: created, after: updated });
  });

  it('deletes a record, audits it, and the history keeps the deleted row', async () => {
    const created = (
      await call({
        method: 'POST',
        url: `/api/v1/crud/${orgA}/02_GL_Detail`,
        payload: newGlLine({ journal_id: 'J11' }),
      })
    ).json().data.createddata;
    const url = `/api/v1/crud/${orgA}/02_GL_Detail/${created.row_id}`;
    const response = await call({ method: 'DELETE', url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: true, message: m.deleted });
    expect((await glRows(orgA)).some((row) => row.row_id === created.row_id)).toBe(false);
    const history = (await call({ method: 'GET', url: `${url}/history` })).json().data.history;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['deleted', 'created']);
    expect(history[0]).toMatchObject({ before: created, after: null });

    const again = await call({ method: 'DELETE', url });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(m.recordNotFound);
  });

  it('refuses a duplicate period with 409 and changes nothing', async () => {
    const before = [await countOf(orgA, '00_Period'), await auditCount()];
    const response = await call({
      method: 'POST',
      url: `/api/v1/crud/${orgA}/00_Period`,
      payload: {
        Period: '2024-01',
        start_date: '2024-01-01',
        end_date: '2024-01-31',
        fiscal_year: 2024,
        fiscal_period: 1,
      },
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(m.duplicate);
    expect([await countOf(orgA, '00_Period'), await auditCount()]).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a number that is not one', { debit: 'abc' }, m.mustBeNumber('debit'), 'debit'],
    ['a date that does not exist', { posting_date: '2024-02-30' }, m.mustBeDate('posting_date'), 'posting_date'],
    ['a date in another form', { posting_date: '15/02/2024' }, m.mustBeDate('posting_date'), 'posting_date'],
    ['a fractional line number', { line_no: 1.5 }, m.mustBeInteger('line_no'), 'line_no'],
    ['an object as text', { description: { $ne: 1 } }, m.mustBeText('description'), 'description'],
    ['an unknown column', { bogus: 1 }, m.unknownColumn('bogus'), 'bogus'],
    ['the identity column', { row_id: 5 }, m.notEditable('row_id'), 'row_id'],
    ['a period that is not in 00_Period', { period: '2024-13' }, 'Period 2024-13 does not exist', 'period'],
    ['an account that is not in 01_Account', { account_code: '9999' }, 'Account 9999 does not exist', 'account_code'],
    ['a missing required column', { journal_id: null }, m.required('journal_id'), 'journal_id'],
    ['a negative debit', { debit: '-5' }, m.notAllowed('debit'), 'debit'],
  ])('refuses %s with 400 naming the column and stores nothing', async (_name, change, message, path) => {
    const before = [await countOf(orgA, '02_GL_Detail'), await auditCount()];
    const response = await call({
      method: 'POST',
      url: `/api/v1/crud/${orgA}/02_GL_Detail`,
      payload: newGlLine({ journal_id: `JX-${path}`, ...change }),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().errors).toEqual([{ msg: message, path }]);
    expect([await countOf(orgA, '02_GL_Detail'), await auditCount()]).toEqual(before);
  });

  it('refuses a boolean that is not one on 00_Period', async () => {
    const [period] = (await list('00_Period')).json().data.rows;
    const response = await call({
      method: 'PUT',
      url: `/api/v1/crud/${orgA}/00_Period/${period.row_id}`,
      payload: { is_closed: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(m.mustBeBoolean('is_closed'));
  });

  it('refuses to delete a period the GL still uses, and keeps it', async () => {
    const [period] = (await list('00_Period')).json().data.rows;
    const before = await auditCount();
    const response = await call({ method: 'DELETE', url: `/api/v1/crud/${orgA}/00_Period/${period.row_id}` });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(m.stillReferenced('GL_Detail'));
    expect(await countOf(orgA, '00_Period')).toBe(3);
    expect(await auditCount()).toBe(before);
  });

  it('refuses an update that makes a unique key clash with 409 and changes nothing', async () => {
    const [first, second] = (await list('02_GL_Detail')).json().data.rows;
    const before = await glRows(orgA);
    const response = await call({
      method: 'PUT',
      url: `/api/v1/crud/${orgA}/02_GL_Detail/${second.row_id}`,
      payload: { journal_id: first.journal_id, line_no: first.line_no },
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(m.duplicate);
    expect(await glRows(orgA)).toEqual(before);
  });

  it.each(['999999', 'abc', '0', '-1', '1.5', '99999999999999999999'])('answers 404 for row id %s', async (rowId) => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await call({ method, url: `/api/v1/crud/${orgA}/02_GL_Detail/${rowId}`, payload: { debit: 1 } });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe(m.recordNotFound);
    }
  });

  it('refuses an empty body', async () => {
    const response = await call({ method: 'POST', url: `/api/v1/crud/${orgA}/02_GL_Detail`, payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(m.noValues);
  });

  it('keeps views read-only: create, update and delete answer 405', async () => {
    const before = await auditCount();
    for (const [method, suffix] of [
      ['POST', ''],
      ['PUT', '/1'],
      ['DELETE', '/1'],
    ] as const) {
      const response = await call({
        method,
        url: `/api/v1/crud/${orgA}/vw_profit_and_loss${suffix}`,
        payload: { amount: 1 },
      });
      expect(response.statusCode, `${method} ${response.body}`).toBe(405);
      expect(response.json().message).toBe(m.viewsReadOnly);
    }
    expect(await auditCount()).toBe(before);
  });
});

describe('hostile table names', () => {
  const hostile = () => [
    '02_GL_Detail"; drop table "00_Period"; --',
    "02_GL_Detail'",
    '02_GL_Detail;',
    `org_${orgB.replaceAll('-', '')}."02_GL_Detail"`,
    `"org_${orgB.replaceAll('-', '')}"."02_GL_Detail"`,
    'pg_catalog.pg_authid',
    'pg_authid',
    'pg_class',
    'information_schema.tables',
    'users',
    'public.users',
    '../02_GL_Detail',
    '..%2F',
    '02_gl_detail',
    '02_GL_Detail\u0000',
    'x'.repeat(90),
  ];

  it('answers 404 "Table not found" (400 for a NUL) for every route and never reaches the warehouse', async () => {
    await list('02_GL_Detail'); // the catalog is cached: nothing else may run
    const before = [
      await countOf(orgA, '02_GL_Detail'),
      await countOf(orgB, '02_GL_Detail'),
      await countOf(orgA, '00_Period'),
      await auditCount(),
    ];
    const spy = vi.spyOn(t.app.services.warehouse, 'withOrganization');
    try {
      for (const name of hostile()) {
        const table = encodeURIComponent(name);
        const requests: InjectOptions[] = [
          { method: 'GET', url: `/api/v1/crud/${orgA}/${table}` },
          { method: 'GET', url: `/api/v1/crud/${orgA}/${table}/export` },
          { method: 'POST', url: `/api/v1/crud/${orgA}/${table}`, payload: { journal_id: 'H' } },
          { method: 'PUT', url: `/api/v1/crud/${orgA}/${table}/1`, payload: { journal_id: 'H' } },
          { method: 'DELETE', url: `/api/v1/crud/${orgA}/${table}/1` },
          { method: 'GET', url: `/api/v1/crud/${orgA}/${table}/1/history` },
        ];
        for (const request of requests) {
          const response = await call(request);
          const label = `${request.method} ${name}`;
          // A NUL is refused by the text rule of the path parameter, before any lookup.
          const refusal = name.includes('\u0000')
            ? { status: 400, message: messages.unsupportedCharacters }
            : { status: 404, message: m.tableNotFound };
          expect(response.statusCode, label).toBe(refusal.status);
          expect(response.json(), label).toMatchObject({ status: false, message: refusal.message });
        }
      }
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    expect([
      await countOf(orgA, '02_GL_Detail'),
      await countOf(orgB, '02_GL_Detail'),
      await countOf(orgA, '00_Period'),
      await auditCount(),
    ]).toEqual(before);
  });

  it('refuses hostile column names in bodies, filters, sort and the group value check without running anything', async () => {
    const spy = vi.spyOn(t.app.services.warehouse, 'withOrganization');
    try {
      for (const name of ['debit" = 0; --', 'row_id)', `org_${orgB.replaceAll('-', '')}.debit`, 'DEBIT']) {
        const create = await call({ method: 'POST', url: `/api/v1/crud/${orgA}/02_GL_Detail`, payload: { [name]: 1 } });
        expect(create.statusCode).toBe(400);
        expect(create.json().message).toBe(m.unknownColumn(name));
        const sorted = await list('02_GL_Detail', { sortBy: name });
        expect(sorted.json().message).toBe(m.unknownColumn(name));
        const update = await call({
          method: 'PUT',
          url: `/api/v1/crud/${orgA}/02_GL_Detail/1`,
          payload: { [name]: 1 },
        });
        expect(update.statusCode).toBe(400);
        expect(update.json().message).toBe(m.unknownColumn(name));
        const where = await filtered([{ column: name, op: 'eq', value: '1' }]);
        expect(where.statusCode).toBe(400);
        expect(where.json().message).toBe(m.unknownColumn(name));
        const checked = await call({
          method: 'POST',
          url: `/api/v1/crud/check-value/${orgA}`,
          payload: { columnName: name, value: '1' },
        });
        expect(checked.statusCode).toBe(400);
        expect(checked.json().message).toBe(m.unknownColumn(name));
      }
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps values as values: a filter full of SQL matches nothing and changes nothing', async () => {
    const response = await filtered([{ column: 'journal_id', op: 'eq', value: `J1' or '1'='1` }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().pagination.total).toBe(0);
  });
});

describe('tenancy', () => {
  it('refuses a user of another organization with 403 and reads nothing', async () => {
    for (const url of [
      `/api/v1/crud/tables/${orgA}`,
      `/api/v1/crud/${orgA}/02_GL_Detail`,
      `/api/v1/crud/${orgA}/02_GL_Detail/export`,
    ]) {
      const response = await call({ method: 'GET', url, token: userB });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status: false, message: messages.forbidden });
    }
  });

  it('answers 404 for an organization that does not exist', async () => {
    const response = await call({
      method: 'GET',
      url: `/api/v1/crud/tables/00000000-0000-4000-8000-000000000000`,
      token: admin,
    });
    expect(response.statusCode).toBe(404);
  });

  it('shows each organization its own rows', async () => {
    const created = await call({
      method: 'POST',
      url: `/api/v1/crud/${orgB}/02_GL_Detail`,
      payload: newGlLine({ journal_id: 'ONLY-B' }),
      token: userB,
    });
    expect(created.statusCode).toBe(201);
    const mine = await filtered([{ column: 'journal_id', op: 'eq', value: 'ONLY-B' }]);
    expect(mine.json().pagination.total).toBe(0);
    // The same row id in organization A names A's row (or none): never B's history.
    const rowId = created.json().data.createddata.row_id;
    const history = await call({ method: 'GET', url: `/api/v1/crud/${orgA}/02_GL_Detail/${rowId}/history` });
    expect(
      history
        .json()
        .data.history.every((entry: { after: { journal_id?: string } | null }) => entry.after?.journal_id !== 'ONLY-B'),
    ).toBe(true);
  });
});

describe('export', () => {
  it('streams the filtered, sorted rows (ties in the same direction) as CSV with a header row, quoting and formula guard', async () => {
    const params = new URLSearchParams({
      sortBy: 'posting_date',
      sortOrder: 'desc',
      filters: encodeFilters([
        { column: 'journal_id', op: 'startsWith', value: 'J' },
        { column: 'source', op: 'eq', value: 'upload' },
      ])!,
    });
    const response = await call({ method: 'GET', url: `/api/v1/crud/${orgA}/02_GL_Detail/export?${params}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="GL_Detail.csv"');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'row_id,journal_id,line_no,posting_date,period,account_code,description,debit,credit,entity,department,counterparty,source,reference',
    );
    const ids = (await glRows(orgA)).filter((row) => ['J1', 'J2', 'J3'].includes(String(row.journal_id)));
    const id = (journal: string, line: number) =>
      ids.find((row) => row.journal_id === journal && row.line_no === line)!.row_id;
    expect(lines.slice(1)).toEqual([
      `${id('J3', 1)},J3,1,2024-02-20,2024-02,1000,Cash sale,12.25,0.00,,Retail,,upload,`,
      `${id('J2', 2)},J2,2,2024-02-10,2024-02,1000,rent february,0.00,40.50,,,,upload,`,
      `${id('J2', 1)},J2,1,2024-02-10,2024-02,5000,"'=HYPERLINK(""x"")",40.50,0.00,,,,upload,`,
      `${id('J1', 2)},J1,2,2024-01-05,2024-01,4000,"Invoice 17, ""Acme""",0.00,100.00,,Sales,,upload,`,
      `${id('J1', 1)},J1,1,2024-01-05,2024-01,1000,"Invoice 17, ""Acme""",100.00,0.00,,Sales,,upload,`,
    ]);
  });

  it('exports a view and names the file after it', async () => {
    const response = await call({ method: 'GET', url: `/api/v1/crud/${orgA}/vw_cash_flow/export` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="vw_cash_flow.csv"');
    expect(response.body.split('\r\n')[0]).toBe(
      'period,fiscal_year,fiscal_period,opening_cash,cash_in,cash_out,net_cash_flow,closing_cash',
    );
  });

  it('refuses a bad filter with 400 before streaming', async () => {
    const filters = encodeFilters([{ column: 'nope', op: 'eq', value: 1 }])!;
    const response = await call({
      method: 'GET',
      url: `/api/v1/crud/${orgA}/02_GL_Detail/export?filters=${encodeURIComponent(filters)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(m.unknownColumn('nope'));
  });
});

describe('check-value', () => {
  const check = (columnName: string, value: string) =>
    call({ method: 'POST', url: `/api/v1/crud/check-value/${orgA}`, payload: { columnName, value } });

  it.each<[string, string, { valid: boolean; message?: string }]>([
    ['account_code', '1000', { valid: true }],
    ['account_code', '9999', { valid: false, message: 'Account 9999 does not exist' }],
    ['period', '2024-01', { valid: true }],
    ['period', '2024-03', { valid: true, message: m.periodClosed }],
    ['Period', '2031-01', { valid: false, message: 'Period 2031-01 does not exist' }],
    ['department', 'Sales', { valid: true }],
    ['department', 'Skunkworks', { valid: false, message: m.newValue }],
    ['entity', "x' or '1'='1", { valid: false, message: m.newValue }],
  ])('%s %s', async (columnName, value, expected) => {
    const response = await check(columnName, value);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual(expected);
  });

  it('refuses a column that holds no group values with 400', async () => {
    const response = await check('debit', '1');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(m.unknownColumn('debit'));
  });
});
