import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataManagementMessages as m,
  describeRowOrigin,
  originTime,
  type RowOrigin,
} from '@finboard/shared/data-management';
import { rowsOf } from '../../db/client.ts';
import { WAREHOUSE_MIGRATIONS } from '../../warehouse/warehouse-migrations.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, login } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import { fetchUploadKey, sealedUploadForm } from '../../../test/uploads.ts';

/**
 * Studio writes through lineage (issue 22 §1): every write of the Studio and the journal editor is a Studio
 * load of the user; rows it adds carry it, rows it edits are kept first and marked edited by it, rows it
 * deletes are kept; a row's origin says where it came from. Warehouses of older models are written as before.
 */

let t: TestApp;
let org: string;
let user: string;
const jobs = createTestJobRunner();

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

async function seed(app: TestApp, organizationId: string) {
  const { warehouse } = app.app.services;
  await warehouse.provision(organizationId);
  await warehouse.copyRows(
    organizationId,
    '00_Period',
    ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'],
    [['2026-01', '2026-01-01', '2026-01-31', 2026, 1]],
  );
  await warehouse.copyRows(
    organizationId,
    '01_Account',
    ['account_code', 'account_name', 'account_type', 'account_subtype'],
    [
      ['1000', 'Cash', 'asset', 'cash'],
      ['4000', 'Sales', 'revenue', null],
    ],
  );
  await warehouse.copyRows(organizationId, '02_GL_Detail', GL_COLUMNS, [
    ['J1', 1, '2026-01-05', '2026-01', '1000', 'Receipt', '100.00', '0'],
    ['J1', 2, '2026-01-05', '2026-01', '4000', 'Receipt', '0', '100.00'],
  ]);
}

beforeAll(async () => {
  t = await buildTestApp({}, { jobs: jobs.runner });
  org = (await createOrganization(t.database)).id;
  await seed(t, org);
  // A table of Import Flat File (before the Studio's first request reads the catalog).
  await t.app.services.warehouse.createTableFromRows(
    org,
    {
      name: 'fx_rates',
      columns: [
        { name: 'currency', sqlType: 'text' },
        { name: 'rate', sqlType: 'numeric' },
      ],
    },
    [['EUR', '1.1']],
    { replace: false },
  );
  user = await login(
    t.app,
    await createUser(t.database, { organizationId: org, firstName: 'Dana', lastName: 'Reyes' }),
  );
});
afterAll(() => t?.close());

const call = (options: InjectOptions, token = user) =>
  t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
const warehouseRows = <T>(organizationId: string, statement: string, app = t) =>
  app.app.services.warehouse.withOrganization(organizationId, async (tx) =>
    rowsOf<T>(await tx.execute(sql.raw(statement))),
  );

interface LoadRow {
  load_id: number;
  kind: string;
  label: string;
  actor: string | null;
}
const loads = () =>
  warehouseRows<LoadRow>(org, `select load_id::int, kind, label, actor from "06_Load" order by load_id`);
const changes = (loadId: number) =>
  warehouseRows<{
    table_name: string;
    row_id: number;
    action: string;
    before_load_id: number;
    before: Record<string, unknown>;
  }>(
    org,
    `select table_name, row_id::int, action, before_load_id::int, before from "06_Load_Change"
     where load_id = ${loadId} order by table_name, row_id`,
  );
const lineage = async (table: string, rowId: number) =>
  (
    await warehouseRows<{ load_id: number | null; edit_load_id: number | null; file_id: string | null }>(
      org,
      `select load_id::int, edit_load_id::int, file_id::text from "${table}" where row_id = ${rowId}`,
    )
  )[0];
const lineOf = async (journal: string, lineNo: number) =>
  (
    await warehouseRows<{ row_id: number; description: string; debit: string }>(
      org,
      `select row_id::int, description, debit::text from "02_GL_Detail" where journal_id = '${journal}' and line_no = ${lineNo}`,
    )
  )[0]!;
async function originOf(table: string, rowId: number, organizationId = org, token = user) {
  const response = await call({ method: 'GET', url: `/api/v1/crud/${organizationId}/${table}/${rowId}/origin` }, token);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().message).toBe(m.originFetched);
  return response.json().data.origin as RowOrigin | null;
}
const lastLoad = async () => (await loads()).at(-1)!;

describe('a Studio edit of a loaded row', () => {
  it('keeps the row as it was, marks it edited by a Studio load of the user and keeps where it came from', async () => {
    const line = await lineOf('J1', 1);
    const loadedBy = (await lineage('02_GL_Detail', line.row_id))!.load_id!;
    const before = await loads();
    expect(before.find((load) => load.load_id === loadedBy)).toMatchObject({ kind: 'demo', label: 'Demo books' });

    const edited = await call({
      method: 'PUT',
      url: `/api/v1/crud/${org}/02_GL_Detail/${line.row_id}`,
      payload: { description: 'Receipt, checked' },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const studio = await lastLoad();
    expect(studio).toEqual({ load_id: studio.load_id, kind: 'studio', label: 'Studio', actor: 'Dana Reyes' });
    expect((await loads()).length).toBe(before.length + 1);
    expect(await lineage('02_GL_Detail', line.row_id)).toEqual({
      load_id: loadedBy,
      edit_load_id: studio.load_id,
      file_id: null,
    });
    const [kept] = await changes(studio.load_id);
    expect(kept).toMatchObject({
      table_name: '02_GL_Detail',
      row_id: line.row_id,
      action: 'replaced',
      before_load_id: loadedBy,
    });
    expect(kept!.before).toMatchObject({ description: 'Receipt', debit: 100, load_id: loadedBy, edit_load_id: null });

    // Its origin: where it came from, then who edited it.
    const origin = (await originOf('02_GL_Detail', line.row_id))!;
    expect(origin).toEqual({
      load: {
        id: loadedBy,
        kind: 'demo',
        label: 'Demo books',
        source: null,
        fileName: null,
        actor: null,
        at: origin.load.at,
      },
      edit: { id: studio.load_id, actor: 'Dana Reyes', at: origin.edit!.at },
    });
    expect(describeRowOrigin(origin, 'UTC')).toBe(
      `From the demo books; edited in the Studio by Dana Reyes on ${originTime(origin.edit!.at, 'UTC')}`,
    );
  });

  it('is no change when the values are those the row holds: nothing is written, recorded or marked', async () => {
    const line = await lineOf('J1', 2);
    const before = await loads();
    const same = await call({
      method: 'PUT',
      url: `/api/v1/crud/${org}/02_GL_Detail/${line.row_id}`,
      payload: { description: 'Receipt', credit: '100' },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data.updateddata).toMatchObject({ description: 'Receipt', credit: '100.00' });
    expect(await loads()).toEqual(before);
    expect((await lineage('02_GL_Detail', line.row_id))!.edit_load_id).toBeNull();
    const history = await call({ method: 'GET', url: `/api/v1/crud/${org}/02_GL_Detail/${line.row_id}/history` });
    expect(history.json().data.history).toEqual([]);
  });

  it('closing a period is a Studio change of the period row too', async () => {
    const [period] = await warehouseRows<{ row_id: number }>(org, `select row_id::int from "00_Period"`);
    const closed = await call({
      method: 'PUT',
      url: `/api/v1/crud/${org}/00_Period/${period!.row_id}`,
      payload: { is_closed: true },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const studio = await lastLoad();
    expect(studio).toMatchObject({ kind: 'studio', actor: 'Dana Reyes' });
    expect((await lineage('00_Period', period!.row_id))!.edit_load_id).toBe(studio.load_id);
    expect(await changes(studio.load_id)).toMatchObject([
      { table_name: '00_Period', row_id: period!.row_id, action: 'replaced', before: { is_closed: false } },
    ]);
    const opened = await call({
      method: 'PUT',
      url: `/api/v1/crud/${org}/00_Period/${period!.row_id}`,
      payload: { is_closed: false },
    });
    expect(opened.statusCode, opened.body).toBe(200);
  });
});

describe('rows added and deleted in the Studio', () => {
  it('an added row carries its Studio load ("Added in the Studio by …"); a deleted one is kept as it was', async () => {
    const created = await call({
      method: 'POST',
      url: `/api/v1/crud/${org}/03_Budget`,
      payload: { period: '2026-01', account_code: '4000', department: 'Sales', amount: '500' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const rowId = created.json().data.createddata.row_id as number;
    const added = await lastLoad();
    expect(added).toMatchObject({ kind: 'studio', label: 'Studio', actor: 'Dana Reyes' });
    expect(await lineage('03_Budget', rowId)).toEqual({ load_id: added.load_id, edit_load_id: null, file_id: null });
    expect(await changes(added.load_id)).toEqual([]);
    const origin = (await originOf('03_Budget', rowId))!;
    expect(origin.load).toMatchObject({ id: added.load_id, kind: 'studio', actor: 'Dana Reyes' });
    expect(origin.edit).toBeNull();
    expect(describeRowOrigin(origin, 'UTC')).toBe(
      `Added in the Studio by Dana Reyes on ${originTime(origin.load.at, 'UTC')}`,
    );

    const deleted = await call({ method: 'DELETE', url: `/api/v1/crud/${org}/03_Budget/${rowId}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const removal = await lastLoad();
    expect(removal).toMatchObject({ kind: 'studio', actor: 'Dana Reyes' });
    expect(removal.load_id).toBeGreaterThan(added.load_id);
    expect(await changes(removal.load_id)).toMatchObject([
      {
        table_name: '03_Budget',
        row_id: rowId,
        action: 'removed',
        before_load_id: added.load_id,
        before: { amount: 500 },
      },
    ]);
    const gone = await call({ method: 'GET', url: `/api/v1/crud/${org}/03_Budget/${rowId}/origin` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(m.recordNotFound);
  });

  it('refuses a request that names load_id, file_id or edit_load_id like any unknown column, and stores nothing', async () => {
    const line = await lineOf('J1', 1);
    const before = { loads: await loads(), lineage: await lineage('02_GL_Detail', line.row_id) };
    for (const column of ['load_id', 'file_id', 'edit_load_id']) {
      const edit = await call({
        method: 'PUT',
        url: `/api/v1/crud/${org}/02_GL_Detail/${line.row_id}`,
        payload: { description: 'Forged', [column]: column === 'file_id' ? randomBytes(16).toString('hex') : 1 },
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.json()).toEqual({
        status: false,
        message: m.unknownColumn(column),
        errors: [{ msg: m.unknownColumn(column), path: column }],
      });
      const create = await call({
        method: 'POST',
        url: `/api/v1/crud/${org}/03_Budget`,
        payload: { period: '2026-01', account_code: '1000', amount: '1', [column]: 1 },
      });
      expect(create.statusCode).toBe(400);
      expect(create.json().message).toBe(m.unknownColumn(column));
      const filtered = await call({
        method: 'GET',
        url: `/api/v1/crud/${org}/02_GL_Detail?filters=${encodeURIComponent(JSON.stringify([{ column, op: 'blank' }]))}`,
      });
      expect(filtered.statusCode).toBe(400);
      expect(filtered.json().message).toBe(m.unknownColumn(column));
    }
    expect(await loads()).toEqual(before.loads);
    expect(await lineage('02_GL_Detail', line.row_id)).toEqual(before.lineage);
    expect((await lineOf('J1', 1)).description).toBe('Receipt, checked');
    const budget = await warehouseRows(org, `select * from "03_Budget"`);
    expect(budget).toEqual([]);
  });
});

describe('the journal editor', () => {
  const line = (lineNo: number, account: string, debit: string, credit: string, description = 'Fees') => ({
    line_no: lineNo,
    posting_date: '2026-01-20',
    period: '2026-01',
    account_code: account,
    description,
    debit,
    credit,
  });

  it('posts a journal as one Studio load, edits only the lines that change, and keeps what it removes', async () => {
    const posted = await call({
      method: 'POST',
      url: `/api/v1/crud/${org}/journals`,
      payload: {
        journal_id: 'JE-7',
        lines: [line(1, '1000', '30', '0'), line(2, '4000', '0', '20'), line(3, '4000', '0', '10')],
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const load = await lastLoad();
    expect(load).toMatchObject({ kind: 'studio', label: 'Studio', actor: 'Dana Reyes' });
    const written = await warehouseRows<{
      line_no: number;
      row_id: number;
      load_id: number;
      edit_load_id: number | null;
    }>(
      org,
      `select line_no, row_id::int, load_id::int, edit_load_id::int from "02_GL_Detail" where journal_id = 'JE-7' order by line_no`,
    );
    expect(written.map((row) => [row.load_id, row.edit_load_id])).toEqual([
      [load.load_id, null],
      [load.load_id, null],
      [load.load_id, null],
    ]);

    // Line 1 keeps its values (sent as '30' again), line 2 changes, line 3 goes, line 4 is new.
    const saved = await call({
      method: 'PUT',
      url: `/api/v1/crud/${org}/journals/JE-7`,
      payload: {
        lines: [line(1, '1000', '30', '0'), line(2, '4000', '0', '25'), line(4, '4000', '0', '5', 'Rounding')],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const edit = await lastLoad();
    expect(edit.load_id).toBeGreaterThan(load.load_id);
    const after = await warehouseRows<{
      line_no: number;
      row_id: number;
      load_id: number;
      edit_load_id: number | null;
    }>(
      org,
      `select line_no, row_id::int, load_id::int, edit_load_id::int from "02_GL_Detail" where journal_id = 'JE-7' order by line_no`,
    );
    expect(after.map((row) => [row.line_no, row.load_id, row.edit_load_id])).toEqual([
      [1, load.load_id, null],
      [2, load.load_id, edit.load_id],
      [4, edit.load_id, null],
    ]);
    expect(
      (await changes(edit.load_id)).map((kept) => [kept.row_id, kept.action, kept.before_load_id, kept.before.credit]),
    ).toEqual([
      [written[1]!.row_id, 'replaced', load.load_id, 20],
      [written[2]!.row_id, 'removed', load.load_id, 10],
    ]);
    const history = await call({
      method: 'GET',
      url: `/api/v1/crud/${org}/02_GL_Detail/${written[0]!.row_id}/history`,
    });
    expect(history.json().data.history.map((entry: { action: string }) => entry.action)).toEqual(['created']);

    const deleted = await call({ method: 'DELETE', url: `/api/v1/crud/${org}/journals/JE-7` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const removal = await lastLoad();
    expect((await changes(removal.load_id)).map((kept) => [kept.row_id, kept.action])).toEqual(
      after.map((row) => [row.row_id, 'removed']),
    );
  });
});

describe('where a row came from', () => {
  it('a line a pipeline run loaded says its file and run: "Loaded from gl_2026-11.csv by run #N on …"', async () => {
    const admin = await login(t.app, TEST_ADMIN);
    const organization = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organization/add',
      headers: bearer(admin),
      payload: {
        organizationName: `Origins ${randomBytes(4).toString('hex')}`,
        organizationEmail: 'finance@origins.example',
        organizationPhoneNumber: '5551234567',
      },
    });
    const organizationId = organization.json().data.createdOrganization.id as string;
    await warehouseRows(
      organizationId,
      `insert into "01_Account" (account_code, account_name, account_type) values ('1000', 'Cash', 'asset'), ('4000', 'Sales', 'revenue')`,
    );
    const types = await t.app.inject({
      method: 'GET',
      url: `/api/v1/data-types/${organizationId}?targetTable=02_GL_Detail`,
      headers: bearer(admin),
    });
    const glDetail = types.json().data.dataTypes.find((type: { isStandard: boolean }) => type.isStandard).id;
    const uploadKey = await fetchUploadKey(t.app, admin);
    const csv = [
      'journal_id,line_no,posting_date,period,account_code,description,debit,credit',
      'S-1,1,2026-11-03,2026-11,1000,Sale,100.00,0',
      'S-1,2,2026-11-03,2026-11,4000,Sale,0,100.00',
    ].join('\n');
    const form = await sealedUploadForm(uploadKey, { organizationId, data_type_id: glDetail, period: '2026-11' }, [
      { name: 'gl_2026-11.csv', content: `${csv}\n` },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pipeline/file-upload',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const queued = await t.app.inject({
      method: 'POST',
      url: `/api/v1/pipeline/run-pipeline/${organizationId}?is_glDetail=true`,
      headers: bearer(admin),
    });
    expect(queued.statusCode, queued.body).toBe(200);
    await jobs.drain();
    const runId = queued.json().data.runIds[0] as string;

    const [row] = await warehouseRows<{ row_id: number; load_id: number; file_id: string }>(
      organizationId,
      `select row_id::int, load_id::int, file_id::text from "02_GL_Detail" where journal_id = 'S-1' and line_no = 2`,
    );
    const [load] = await warehouseRows<{ load_id: number }>(
      organizationId,
      `select load_id::int from "06_Load" where run_id = '${runId}'`,
    );
    expect(row!.load_id).toBe(load!.load_id);
    const origin = (await originOf('02_GL_Detail', row!.row_id, organizationId, admin))!;
    expect(origin.load).toMatchObject({
      id: load!.load_id,
      kind: 'run',
      fileName: 'gl_2026-11.csv',
      label: 'gl_2026-11.csv',
    });
    expect(origin.edit).toBeNull();
    expect(describeRowOrigin(origin, 'UTC')).toBe(
      `Loaded from gl_2026-11.csv by run #${load!.load_id} on ${originTime(origin.load.at, 'UTC')}`,
    );
  });

  it('answers 404 for a row that does not exist and null for a table of Import Flat File', async () => {
    const missing = await call({ method: 'GET', url: `/api/v1/crud/${org}/02_GL_Detail/999999/origin` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: false, message: m.recordNotFound });
    const [imported] = await warehouseRows<{ row_id: number }>(org, `select row_id::int from "fx_rates"`);
    expect(await originOf('fx_rates', imported!.row_id)).toBeNull();
  });
});

describe('a warehouse without lineage (an older model)', () => {
  it('is edited, added to and deleted from as before, and answers no origin', async () => {
    const old = await buildTestApp({}, { warehouseMigrations: WAREHOUSE_MIGRATIONS.slice(0, 2) });
    try {
      const organizationId = (await createOrganization(old.database)).id;
      await seed(old, organizationId);
      const token = await login(old.app, await createUser(old.database, { organizationId }));
      const ask = (options: InjectOptions) =>
        old.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
      const [line] = await warehouseRows<{ row_id: number }>(
        organizationId,
        `select row_id::int from "02_GL_Detail" where line_no = 1`,
        old,
      );
      const edit = await ask({
        method: 'PUT',
        url: `/api/v1/crud/${organizationId}/02_GL_Detail/${line!.row_id}`,
        payload: { description: 'Checked' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const created = await ask({
        method: 'POST',
        url: `/api/v1/crud/${organizationId}/03_Budget`,
        payload: { period: '2026-01', account_code: '4000', amount: '5' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const removed = await ask({
        method: 'DELETE',
        url: `/api/v1/crud/${organizationId}/03_Budget/${created.json().data.createddata.row_id}`,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const origin = await ask({
        method: 'GET',
        url: `/api/v1/crud/${organizationId}/02_GL_Detail/${line!.row_id}/origin`,
      });
      expect(origin.json()).toEqual({ status: true, message: m.originFetched, data: { origin: null } });
      // The aggregates still follow the edit (migration 2 is there).
      const [refresh] = await warehouseRows<{ rows: number }>(
        organizationId,
        `select rows from "05_Aggregate_Refresh"`,
        old,
      );
      expect(refresh).toEqual({ rows: 2 });
    } finally {
      await old.close();
    }
  });
});
