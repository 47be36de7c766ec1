import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pipelineMessages } from '@finboard/shared/pipelines';
import type { UploadKey } from '@finboard/shared/upload-encryption';
import { rowsOf } from '../../db/client.ts';
import { dataTypes, uploadedFiles } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { addOrganizationThroughApi, bearer, login, standardDataTypeId } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import { fetchUploadKey, sealedUploadForm, type FormFile } from '../../../test/uploads.ts';

/**
 * Files as accountants export them, uploaded and run for real (sealed upload, the stored file read back): a
 * file of many months with neither a period nor a line number column loads each line to the period of its
 * posting date — by the periods' own dates — with its journal's lines numbered in file order.
 */

let t: TestApp;
let adminToken: string;
let uploadKey: UploadKey;
const jobs = createTestJobRunner();

beforeAll(async () => {
  t = await buildTestApp({}, { jobs: jobs.runner });
  adminToken = await login(t.app, TEST_ADMIN);
  uploadKey = await fetchUploadKey(t.app, adminToken);
});
afterAll(() => t?.close());

let organizationId: string;
let glDetail: string;
beforeEach(async () => {
  organizationId = await addOrganizationThroughApi(t.app, adminToken, 'Exports');
  glDetail = await standardDataTypeId(t.app, adminToken, organizationId, '02_GL_Detail');
  await warehouseSql(`insert into "01_Account" (account_code, account_name, account_type) values
    ('1000', 'Cash', 'asset'), ('4000', 'Sales', 'revenue')`);
  jobs.queued.length = 0;
});

const warehouseSql = (statement: string) =>
  t.app.services.warehouse.withOrganization(organizationId, async (tx) => rowsOf(await tx.execute(sql.raw(statement))));

async function uploadAndRun(file: FormFile, fields: Record<string, string> = {}) {
  const form = await sealedUploadForm(uploadKey, { organizationId, data_type_id: glDetail, ...fields }, [file]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/v1/pipeline/file-upload',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(adminToken) },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
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

/** Three months of a cash book, exported without periods or line numbers (the journal's lines in file order). */
const exported = [
  'journal_id,posting_date,account_code,description,debit,credit',
  'S-1,2026-01-05,1000,Sale,100.00,0',
  'S-1,2026-01-05,4000,Sale,0,100.00',
  'S-2,2026-02-27,1000,Sale,40.00,0',
  'S-2,2026-02-27,4000,Sale,0,15.00',
  'S-2,2026-02-27,4000,Sale,0,25.00',
  'S-3,2026-03-01,1000,Sale,7.50,0',
  'S-3,2026-03-01,4000,Sale,0,7.50',
].join('\n');

describe('a GL export of many months, without period and line number columns', () => {
  it('loads each line to the period of its posting date, creating the periods, lines numbered in file order', async () => {
    const run = await uploadAndRun({ name: 'cash-book-q1.csv', content: exported });

    expect(run).toMatchObject({ status: 'succeeded', rowsAdded: 7 });
    expect(
      await warehouseSql(
        `select journal_id, line_no, period, debit::text, credit::text from "02_GL_Detail" order by row_id`,
      ),
    ).toEqual([
      { journal_id: 'S-1', line_no: 1, period: '2026-01', debit: '100.00', credit: '0.00' },
      { journal_id: 'S-1', line_no: 2, period: '2026-01', debit: '0.00', credit: '100.00' },
      { journal_id: 'S-2', line_no: 1, period: '2026-02', debit: '40.00', credit: '0.00' },
      { journal_id: 'S-2', line_no: 2, period: '2026-02', debit: '0.00', credit: '15.00' },
      { journal_id: 'S-2', line_no: 3, period: '2026-02', debit: '0.00', credit: '25.00' },
      { journal_id: 'S-3', line_no: 1, period: '2026-03', debit: '7.50', credit: '0.00' },
      { journal_id: 'S-3', line_no: 2, period: '2026-03', debit: '0.00', credit: '7.50' },
    ]);
    expect(await warehouseSql(`select "Period" from "00_Period" order by 1`)).toEqual([
      { Period: '2026-01' },
      { Period: '2026-02' },
      { Period: '2026-03' },
    ]);
  });

  it("follows the periods' own dates when the fiscal calendar is not calendar months", async () => {
    // A 4-4-5 calendar: February's period runs from 25 January to 28 February.
    await warehouseSql(`insert into "00_Period" ("Period", start_date, end_date, fiscal_year, fiscal_period) values
      ('2026-01', '2025-12-28', '2026-01-24', 2026, 1), ('2026-02', '2026-01-25', '2026-02-28', 2026, 2)`);
    const file = [
      'journal_id,posting_date,account_code,debit,credit',
      'F-1,2026-01-26,1000,5.00,0',
      'F-1,2026-01-26,4000,0,5.00',
      'F-2,2025-12-29,1000,1.00,0',
      'F-2,2025-12-29,4000,0,1.00',
    ].join('\n');

    expect(await uploadAndRun({ name: 'fiscal.csv', content: file })).toMatchObject({ status: 'succeeded' });
    expect(await warehouseSql(`select journal_id, period from "02_GL_Detail" where line_no = 1 order by 1`)).toEqual([
      { journal_id: 'F-1', period: '2026-02' },
      { journal_id: 'F-2', period: '2026-01' },
    ]);
  });

  it('keeps a file uploaded for one period to it: a line dated in another is refused, naming both', async () => {
    const run = await uploadAndRun({ name: 'january.csv', content: exported }, { period: '2026-01' });

    const message = pipelineMessages.postingDateOutsidePeriod('2026-02-27', '2026-01', '2026-02');
    expect(run).toMatchObject({ status: 'failed', error: message });
    expect(run.problems[0]).toEqual({
      file: 'january.csv',
      line: 4,
      column: 'posting_date',
      value: '2026-02-27',
      problem: message,
    });
    expect(await warehouseSql(`select count(*)::int as lines from "02_GL_Detail"`)).toEqual([{ lines: 0 }]);
  });

  it('refuses a journal that numbers only some of its lines', async () => {
    const file = [
      'journal_id,line_no,posting_date,account_code,debit,credit',
      'M-1,1,2026-01-05,1000,1.00,0',
      'M-1,,2026-01-05,4000,0,1.00',
    ].join('\n');
    const run = await uploadAndRun({ name: 'mixed.csv', content: file });

    expect(run).toMatchObject({ status: 'failed', error: pipelineMessages.lineNumbersMixed('M-1') });
  });
});

describe('a file that is already canonical CSV', () => {
  const storedFile = async () =>
    (
      await t.database.db
        .select({ id: uploadedFiles.id, copyReady: uploadedFiles.copyReady })
        .from(uploadedFiles)
        .where(eq(uploadedFiles.organizationId, organizationId))
    )[0]!;

  it('is recorded with its columns in its order, and loads the same rows (COPYd as it is on PostgreSQL)', async () => {
    const file = [
      'Description,journal_id,line_no,posting_date,period,account_code,debit,credit,department',
      '"Sale, cash",C-1,1,2026-01-05,2026-01,1000,10.00,0,""',
      '"two\r\nlines",C-1,2,2026-01-05,2026-01,4000,0,10.00,Ops',
      '',
    ].join('\r\n');

    const run = await uploadAndRun({ name: 'canonical.csv', content: file });

    expect(run).toMatchObject({ status: 'succeeded', rowsAdded: 2 });
    expect((await storedFile()).copyReady).toEqual({
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      columns: [
        'description',
        'journal_id',
        'line_no',
        'posting_date',
        'period',
        'account_code',
        'debit',
        'credit',
        'department',
      ],
      // C-1 balances: the run need not group the lines by journal again.
      journalsBalanced: true,
    });
    expect(
      await warehouseSql(
        `select journal_id, line_no, description, department, debit::text, credit::text, source
           from "02_GL_Detail" order by line_no`,
      ),
    ).toEqual([
      {
        journal_id: 'C-1',
        line_no: 1,
        description: 'Sale, cash',
        department: null,
        debit: '10.00',
        credit: '0.00',
        source: 'upload',
      },
      {
        journal_id: 'C-1',
        line_no: 2,
        description: 'two\r\nlines',
        department: 'Ops',
        debit: '0.00',
        credit: '10.00',
        source: 'upload',
      },
    ]);
  });

  it('is read again when a value is written otherwise than it reads ("1,200.00")', async () => {
    const file = exported
      .replace('S-1,2026-01-05,1000,Sale,100.00,0', 'S-1,2026-01-05,1000,Sale,"1,200.00",0')
      .replace('S-1,2026-01-05,4000,Sale,0,100.00', 'S-1,2026-01-05,4000,Sale,0,"1,200.00"');

    const run = await uploadAndRun({ name: 'thousands.csv', content: file });

    expect(run).toMatchObject({ status: 'succeeded', rowsAdded: 7 });
    expect((await storedFile()).copyReady).toBeNull();
    expect(
      await warehouseSql(`select debit::text from "02_GL_Detail" where journal_id = 'S-1' and line_no = 1`),
    ).toEqual([{ debit: '1200.00' }]);
  });

  it('is read again once its data type changed since the upload', async () => {
    await uploadAndRun({ name: 'cash-book.csv', content: exported });
    const { id } = await storedFile();
    const uploads = t.app.services.uploads;
    expect(await uploads.openCopyReady(organizationId, id)).toMatchObject({ delimiter: ',' });

    await t.database.db.update(dataTypes).set({ delimiter: ';' }).where(eq(dataTypes.id, glDetail));

    expect(await uploads.openCopyReady(organizationId, id)).toBeUndefined();
  });
});
