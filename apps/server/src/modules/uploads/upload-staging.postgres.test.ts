import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UploadKey } from '@finboard/shared/upload-encryption';
import { rowsOf } from '../../db/client.ts';
import { uploadedFiles } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { addOrganizationThroughApi, bearer, login, standardDataTypeId } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import { fetchUploadKey, sealedUploadForm, type FormFile } from '../../../test/uploads.ts';
import { uploadStageName } from '../ledger/gl-partitions.ts';

/**
 * On PostgreSQL a big GL file of a chosen month is staged while it uploads (issue 24): the upload records it as
 * staged, its run makes the stage the month's partition, and a form that fails leaves no stage behind. Here
 * "big" is past 64 KiB (8 MiB in the app) and a bulk load two lines (50,000).
 */

let t: TestApp;
let adminToken: string;
let uploadKey: UploadKey;
const jobs = createTestJobRunner();

beforeAll(async () => {
  t = await buildTestApp({}, { jobs: jobs.runner, bulkRows: 2, uploadStageAfterBytes: 64 * 1024 });
  adminToken = await login(t.app, TEST_ADMIN);
  uploadKey = await fetchUploadKey(t.app, adminToken);
});
afterAll(() => t?.close());

let organizationId: string;
let glDetail: string;
beforeEach(async () => {
  organizationId = await addOrganizationThroughApi(t.app, adminToken, 'Staged');
  glDetail = await standardDataTypeId(t.app, adminToken, organizationId, '02_GL_Detail');
  await warehouseSql(`insert into "01_Account" (account_code, account_name, account_type) values
    ('1000', 'Cash', 'asset'), ('4000', 'Sales', 'revenue')`);
  jobs.queued.length = 0;
});

const warehouseSql = (statement: string) =>
  t.app.services.warehouse.withOrganization(organizationId, async (tx) => rowsOf(await tx.execute(sql.raw(statement))));
/** The stages in the organization's schema, read as the platform (the organization cannot see them). */
const stages = async () =>
  (
    await t.database.pool.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relname like 'pipeline%' and c.relkind = 'r' order by 1`,
      [t.app.services.warehouse.schemaOf(organizationId)],
    )
  ).rows.map((row) => row.name);

/** A month of `journals` balanced journals of two lines (about 75 bytes a line: past a 1 MiB sealed chunk). */
function month(journals: number, last = ''): string {
  const lines = ['journal_id,line_no,posting_date,period,account_code,description,debit,credit'];
  for (let j = 1; j <= journals; j++)
    lines.push(
      `S-${j},1,2026-03-05,2026-03,1000,Sale number ${j},12.50,0`,
      `S-${j},2,2026-03-05,2026-03,4000,Sale,0,12.50`,
    );
  return `${lines.join('\n')}\n${last}`;
}

const upload = async (files: FormFile[]) => {
  const form = await sealedUploadForm(uploadKey, { organizationId, data_type_id: glDetail, period: '2026-03' }, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/pipeline/file-upload',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(adminToken) },
  });
};

/** Runs the GL Detail pipeline (its queued job worked now) and answers its run as the API shows it. */
async function runGlDetail() {
  const queued = await t.app.inject({
    method: 'POST',
    url: `/api/v1/pipeline/run-pipeline/${organizationId}?is_glDetail=true`,
    headers: bearer(adminToken),
  });
  await jobs.drain();
  const runId = queued.json().data.runIds[0];
  return (
    await t.app.inject({ method: 'GET', url: `/api/v1/pipeline/runs/${runId}`, headers: bearer(adminToken) })
  ).json().data.run;
}

describe('a big GL file staged while it uploads', () => {
  it('is recorded as staged, and its run makes the stage the month with the staged load id', async () => {
    const uploaded = await upload([{ name: 'march.csv', content: month(15_000) }]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId: string = uploaded.json().data.files[0].id;
    const [file] = await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, fileId));
    expect(file!.copyReady).toMatchObject({ journalsBalanced: true, staged: { loadId: expect.any(Number) } });
    expect(await stages()).toEqual([uploadStageName(fileId)]);

    const run = await runGlDetail();

    expect(run).toMatchObject({ status: 'succeeded', rowsAdded: 30_000 });
    expect(await stages()).toEqual([]);
    expect(
      await warehouseSql(
        `select count(*)::int as lines, min(load_id)::int as first, max(load_id)::int as last,
           count(distinct tableoid)::int as partitions, sum(debit)::text as debit from "02_GL_Detail"`,
      ),
    ).toEqual([
      {
        lines: 30_000,
        first: file!.copyReady!.staged!.loadId,
        last: file!.copyReady!.staged!.loadId,
        partitions: 1,
        debit: '187500.00',
      },
    ]);
    expect(await warehouseSql(`select line_no, description from "02_GL_Detail" where journal_id = 'S-14999'`)).toEqual([
      { line_no: 1, description: 'Sale number 14999' },
      { line_no: 2, description: 'Sale' },
    ]);
    // Written frozen: every page of the month is all-visible as it becomes the month, with no vacuum since.
    const [pages] = (await warehouseSql(
      `select relpages, relallvisible from pg_class where oid = '"02_GL_Detail_2026-03"'::regclass`,
    )) as { relpages: number; relallvisible: number }[];
    expect(pages).toEqual({ relpages: expect.any(Number), relallvisible: pages!.relpages });
    expect(pages!.relpages).toBeGreaterThan(100);
  });

  /**
   * 12,000 journals over five places (entity × department, some empty): a receipt (cash 1000 against sales) and,
   * every seventh, a transfer between two cash accounts (cash moves, nets to zero).
   */
  function placesFile(): string {
    const lines = ['journal_id,line_no,posting_date,period,account_code,entity,department,description,debit,credit'];
    const places = [
      ['Acme', 'Sales'],
      ['Acme', ''],
      ['', 'Sales'],
      ['', ''],
      ['Beta', 'Ops'],
    ];
    for (let j = 1; j <= 12_000; j++) {
      const [entity, department] = places[j % places.length]!;
      const cents = (j % 997) + 1;
      const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      const id = `B-${String(j).padStart(6, '0')}`;
      const [from, to] = j % 7 === 0 ? ['1000', '1010'] : ['1000', '4000'];
      lines.push(
        `${id},1,2026-03-05,2026-03,${from},${entity},${department},Receipt,${amount},0`,
        `${id},2,2026-03-05,2026-03,${to},${entity},${department},Sale,0,${amount}`,
      );
    }
    return `${lines.join('\n')}\n`;
  }
  const aggregates = async () => ({
    balances: await warehouseSql(
      `select grain, account_code, entity, department, debit::text, credit::text, net::text, lines
         from "05_Monthly_Balance" where period = '2026-03' order by 1, 2, 3, 4`,
    ),
    cash: await warehouseSql(
      `select entity, department, cash_in::text, cash_out::text from "05_Monthly_Cash_Flow"
         where period = '2026-03' order by 1, 2`,
    ),
  });
  const runAndRefresh = async () => {
    await runGlDetail();
    const written = await aggregates();
    await t.app.services.warehouse.refreshAggregates(organizationId, ['2026-03']);
    return { written, refreshed: await aggregates() };
  };

  it("writes the month's balances and cash flow as its upload read them, the same a refresh from its lines makes", async () => {
    await warehouseSql(`update "01_Account" set account_subtype = 'cash' where account_code = '1000';
      insert into "01_Account" (account_code, account_name, account_type, account_subtype)
        values ('1010', 'Bank', 'asset', 'cash')`);
    const uploaded = await upload([{ name: 'balances.csv', content: placesFile() }]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId: string = uploaded.json().data.files[0].id;
    const [file] = await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, fileId));
    const digest = file!.copyReady!.staged!.digest!;
    expect(digest.rows).toHaveLength(15);
    expect(digest.rows).toContainEqual({
      a: '1000',
      e: null,
      d: 'Sales',
      dr: expect.any(String),
      cr: '0.00',
      n: 2_400,
    });
    expect(digest).toMatchObject({ cash: { accounts: ['1000', '1010'] } });

    const { written, refreshed } = await runAndRefresh();
    expect(written.balances.filter((row) => (row as { grain: number }).grain === 3)).toHaveLength(15);
    expect(written.cash).toHaveLength(5);
    expect(written.cash).toContainEqual({
      entity: 'Beta',
      department: 'Ops',
      cash_in: expect.any(String),
      cash_out: '0.00',
    });
    expect(written).toEqual(refreshed);
  });

  it('counts the cash flow from the lines when the cash accounts changed since the upload', async () => {
    await warehouseSql(`update "01_Account" set account_subtype = 'cash' where account_code = '1000'`);
    const uploaded = await upload([{ name: 'balances.csv', content: placesFile() }]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await warehouseSql(`insert into "01_Account" (account_code, account_name, account_type, account_subtype)
      values ('1010', 'Bank', 'asset', 'cash')`);

    const { written, refreshed } = await runAndRefresh();
    expect(written.cash).toHaveLength(5);
    expect(written).toEqual(refreshed);
  });

  it('names a line of an account the chart lacks, though the upload listed its accounts', async () => {
    const uploaded = await upload([
      {
        name: 'march.csv',
        content: month(
          15_000,
          'S-X,1,2026-03-05,2026-03,9999,Stray,5.00,0\nS-X,2,2026-03-05,2026-03,4000,Stray,0,5.00\n',
        ),
      },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const run = await runGlDetail();
    expect(run.status).toBe('failed');
    expect(run.problems).toEqual([
      {
        file: 'march.csv',
        line: 30_002,
        column: 'account_code',
        value: '9999',
        problem: 'Account 9999 does not exist',
      },
    ]);
    expect(await warehouseSql(`select count(*)::int as lines from "02_GL_Detail"`)).toEqual([{ lines: 0 }]);
  });

  it('leaves no stage when its form fails, or when its own check refuses it at its end', async () => {
    const refusedForm = await upload([
      { name: 'march.csv', content: month(15_000) },
      { name: 'broken.csv', content: 'journal_id,debit\n' },
    ]);
    expect(refusedForm.statusCode).toBe(400);

    const refusedFile = await upload([
      { name: 'march.csv', content: month(15_000, 'S-X,1,2026-03-05,2026-03,1000,Bad,abc,0\n') },
    ]);
    expect(refusedFile.statusCode).toBe(400);
    expect(refusedFile.json().data.problems[0]).toMatchObject({ line: 30_002, column: 'debit', value: 'abc' });

    expect(await stages()).toEqual([]);
    expect(
      await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.organizationId, organizationId)),
    ).toEqual([]);
  });

  it('is not staged when it is small, or replaces the periods it covers', async () => {
    const small = await upload([{ name: 'small.csv', content: month(10) }]);
    expect(small.statusCode, small.body).toBe(200);
    const form = await sealedUploadForm(
      uploadKey,
      { organizationId, data_type_id: glDetail, period: '2026-03', replacePeriods: 'true' },
      [{ name: 'again.csv', content: month(15_000) }],
    );
    const replacing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pipeline/file-upload',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(adminToken) },
    });
    expect(replacing.statusCode, replacing.body).toBe(200);

    expect(await stages()).toEqual([]);
    const files = await t.database.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.organizationId, organizationId));
    expect(files.map((file) => file.copyReady?.staged)).toEqual([undefined, undefined]);
  });
});
