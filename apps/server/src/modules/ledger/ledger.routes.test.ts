import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pipelineMessages } from '@finboard/shared/pipelines';
import { auditEvents, dataTypes, uploadedFiles } from '../../db/schema.ts';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, login } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';

/**
 * The ledger engine through the API (issue: nothing loaded is ever silently lost, every load can be undone):
 * a file adds its journals, a journal already in the ledger is refused naming its file, a replacement file
 * removes exactly its predecessor's rows, Studio edits are never overwritten silently, and an undo puts the
 * warehouse back exactly — or answers 409 when later work touched what the load wrote.
 */

let t: TestApp;
let adminToken: string;
const jobs = createTestJobRunner();
const fileRows = new Map<string, (string | null)[][]>();

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      jobs: jobs.runner,
      openFileRows: async function* (_organizationId, fileId) {
        yield fileRows.get(fileId)!;
      },
    },
  );
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

const admin = () => bearer(adminToken);
const today = () => new Date().toISOString().slice(0, 10);
const PERIOD = '2026-11';

let organizationId: string;
beforeEach(async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organization/add',
    headers: admin(),
    payload: {
      organizationName: `Ledger ${randomBytes(4).toString('hex')}`,
      organizationEmail: 'finance@ledger.example',
      organizationPhoneNumber: '5551234567',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  organizationId = response.json().data.createdOrganization.id;
  jobs.queued.length = 0;
  await upload('Chart of Accounts', 'accounts.csv', [
    ['1000', 'Cash', 'asset', 'cash', null, 'true'],
    ['4000', 'Sales', 'revenue', null, null, 'true'],
    ['6100', 'Rent', 'expense', null, null, 'true'],
  ]);
  expect((await runAndFinish()).status).toBe('succeeded');
});

async function dataTypeId(name: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: dataTypes.id })
    .from(dataTypes)
    .where(and(eq(dataTypes.organizationId, organizationId), eq(dataTypes.name, name)));
  return row!.id;
}

/** A file waiting for its pipeline, as the uploads module records it (its rows read back from `fileRows`). */
async function upload(
  typeName: string,
  name: string,
  rows: (string | null)[][],
  options: { period?: string; replacesFileId?: string; replacePeriods?: boolean } = {},
) {
  const [file] = await t.database.db
    .insert(uploadedFiles)
    .values({
      organizationId,
      dataTypeId: await dataTypeId(typeName),
      name,
      size: 100,
      sha256: randomBytes(32).toString('hex'),
      period: options.period ?? null,
      rows: rows.length,
      storageKey: `files/${randomUUID()}`,
      encryption: {},
      replacesFileId: options.replacesFileId ?? null,
      replacePeriods: options.replacePeriods ?? false,
    })
    .returning();
  fileRows.set(file!.id, rows);
  return file!;
}

/** A GL line of PERIOD in the standard type's columns. */
const line = (journal: string, lineNo: number, account: string, debit: string, credit: string) => [
  journal,
  String(lineNo),
  `${PERIOD}-10`,
  PERIOD,
  account,
  `${journal} line ${lineNo}`,
  debit,
  credit,
  null,
  null,
  null,
  null,
  null,
];
const journal = (id: string, amount: string) => [line(id, 1, '1000', amount, '0'), line(id, 2, '4000', '0', amount)];

interface RunDetail {
  id: string;
  status: string;
  error: string | null;
  rowsAdded: number;
  rowsRemoved: number;
  rowsReplaced: number;
  editsOverwritten: number;
  overwritten: string[];
  undoneAt: string | null;
  undoneBy: string | null;
  problems: { problem: string; file?: string; line?: number }[];
}

/** Run Pipeline for every pipeline with files waiting, then the run of the last one, finished. */
async function runAndFinish(query = ''): Promise<RunDetail> {
  const queued = await t.app.inject({
    method: 'POST',
    url: `/api/v1/pipeline/run-pipeline/${organizationId}${query}`,
    headers: admin(),
  });
  expect(queued.statusCode, queued.body).toBe(200);
  await jobs.drain();
  const runId = queued.json().data.runIds.at(-1);
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/pipeline/runs/${runId}`, headers: admin() });
  return response.json().data.run;
}

async function statusOf(fileId: string): Promise<string | undefined> {
  const [file] = await t.database.db
    .select({ status: uploadedFiles.status })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.id, fileId));
  return file?.status;
}

const undo = (runId: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/pipeline/runs/${runId}/undo`, headers: admin() });

/** The ledger of PERIOD as people check it: per journal and line, the amounts and where the line came from. */
async function ledger() {
  return t.app.services.warehouse.withOrganization(organizationId, async (tx) =>
    rowsOf<{ line: string }>(
      await tx.execute(
        sql.raw(`select g.row_id || ' ' || g.source || ' ' || g.journal_id || '/' || g.line_no || ' ' || g.debit || ' ' ||
          g.credit || ' ' || coalesce(f.file_name, l.kind) as line
          from "02_GL_Detail" g join "06_Load" l on l.load_id = g.load_id
          left join "06_Load_File" f on f.load_id = g.load_id and f.file_id = g.file_id
          order by g.row_id`),
      ),
    ).map((row) => row.line),
  );
}

/** Per period: line count and debit and credit sums of the ledger, and of the statements' aggregates. */
async function totalsPerPeriod() {
  return t.app.services.warehouse.withOrganization(organizationId, async (tx) =>
    rowsOf(
      await tx.execute(
        sql.raw(`select period, count(*)::int as lines, sum(debit)::text as debit, sum(credit)::text as credit,
          (select sum(b.debit)::text from "05_Monthly_Balance" b where b.grain = 0 and b.period = g.period) as aggregated
          from "02_GL_Detail" g group by period order by period`),
      ),
    ),
  );
}

/** The scenario of the issue: two files for the month, then a Studio correction. */
async function monthOfTwoFiles() {
  const gl = await upload('GL Detail', 'gl_2026-11.csv', [...journal('NC-1', '100.00'), ...journal('NC-2', '345.67')], {
    period: PERIOD,
  });
  const first = await runAndFinish();
  expect(first).toMatchObject({ status: 'succeeded', rowsAdded: 4, rowsRemoved: 0, rowsReplaced: 0 });
  const qbo = await upload(
    'GL Detail',
    'qbo_export_v3.csv',
    [...journal('JE-5001', '50.00'), ...journal('JE-5002', '7.00')],
    {
      period: PERIOD,
    },
  );
  const second = await runAndFinish();
  expect(second).toMatchObject({ status: 'succeeded', rowsAdded: 4 });
  return { gl, qbo, first, second };
}

/** The journal editor's correction of NC-2 (both lines, 345.67 → 400.00), as the Studio sends it. */
async function correctInTheStudio() {
  const lines = journal('NC-2', '400.00').map((values) => ({
    line_no: Number(values[1]),
    posting_date: values[2],
    period: values[3],
    account_code: values[4],
    description: values[5],
    debit: values[6],
    credit: values[7],
  }));
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/crud/${organizationId}/journals/NC-2`,
    headers: admin(),
    payload: { source: 'upload', lines },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('a load adds its rows', () => {
  it('loads a second file of the same month beside the first, each line knowing its file', async () => {
    await monthOfTwoFiles();
    expect((await ledger()).map((entry) => entry.replace(/^\d+ /, ''))).toEqual([
      'upload NC-1/1 100.00 0.00 gl_2026-11.csv',
      'upload NC-1/2 0.00 100.00 gl_2026-11.csv',
      'upload NC-2/1 345.67 0.00 gl_2026-11.csv',
      'upload NC-2/2 0.00 345.67 gl_2026-11.csv',
      'upload JE-5001/1 50.00 0.00 qbo_export_v3.csv',
      'upload JE-5001/2 0.00 50.00 qbo_export_v3.csv',
      'upload JE-5002/1 7.00 0.00 qbo_export_v3.csv',
      'upload JE-5002/2 0.00 7.00 qbo_export_v3.csv',
    ]);
  });

  it('refuses a journal already in the ledger, naming the file that loaded it, and changes nothing', async () => {
    await monthOfTwoFiles();
    const before = await ledger();
    await upload('GL Detail', 'qbo_export_v4.csv', [...journal('JE-5001', '50.00'), ...journal('JE-6000', '1.00')], {
      period: PERIOD,
    });
    const refused = await runAndFinish();
    const message = pipelineMessages.journalInLedger('JE-5001', 'qbo_export_v3.csv', today());
    expect(refused).toMatchObject({ status: 'failed', error: message, rowsAdded: 0 });
    expect(message).toBe(
      `Journal JE-5001 is already in the ledger (loaded from qbo_export_v3.csv on ${today()}). Upload this file as a replacement of that file, or give the journal another number.`,
    );
    expect(refused.problems).toEqual([
      { file: 'qbo_export_v4.csv', line: 2, column: 'journal_id', value: 'JE-5001', problem: message },
    ]);
    expect(await ledger()).toEqual(before);
  });
});

describe('a replacement file', () => {
  it('removes exactly the rows of the file it replaces and adds its own; the other file stays', async () => {
    const { gl } = await monthOfTwoFiles();
    const before = await ledger();
    await upload('GL Detail', 'gl_2026-11.csv', [...journal('NC-1', '120.00'), ...journal('NC-3', '9.00')], {
      period: PERIOD,
      replacesFileId: gl.id,
    });
    const replaced = await runAndFinish();
    expect(replaced).toMatchObject({ status: 'succeeded', rowsAdded: 2, rowsRemoved: 2, rowsReplaced: 2 });
    const after = await ledger();
    // NC-1 overwritten in place (same row ids), NC-2 removed, NC-3 added, JE-5001 and JE-5002 untouched.
    expect(after.slice(0, 2)).toEqual([
      before[0]!.replace('100.00 0.00', '120.00 0.00'),
      before[1]!.replace('0.00 100.00', '0.00 120.00'),
    ]);
    expect(after.slice(2, 6)).toEqual(before.slice(4, 8));
    expect(after.slice(6).map((entry) => entry.replace(/^\d+ /, ''))).toEqual([
      'upload NC-3/1 9.00 0.00 gl_2026-11.csv',
      'upload NC-3/2 0.00 9.00 gl_2026-11.csv',
    ]);
  });

  it('is refused when it would overwrite a Studio correction, unless asked to overwrite edits, and then lists it', async () => {
    const { gl } = await monthOfTwoFiles();
    await correctInTheStudio();
    const corrected = await ledger();
    await upload('GL Detail', 'gl_2026-11.csv', [...journal('NC-1', '100.00'), ...journal('NC-2', '345.67')], {
      period: PERIOD,
      replacesFileId: gl.id,
    });
    const refused = await runAndFinish();
    const message = pipelineMessages.editsInTheWay(2, true, 'gl_2026-11.csv', [
      'journal NC-2, line 1',
      'journal NC-2, line 2',
    ]);
    expect(refused).toMatchObject({ status: 'failed', error: message });
    expect(message).toBe(
      '2 lines of gl_2026-11.csv were edited in the Studio after loading: journal NC-2, line 1; journal NC-2, line 2. Run again with "Overwrite Studio edits" to replace them.',
    );
    expect(refused.problems).toEqual([{ problem: message, editsInTheWay: true }]);
    expect(await ledger()).toEqual(corrected);

    // Not the file's fault: it waits for a run that overwrites the edits.
    const [waiting] = await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.runId, refused.id));
    expect(waiting).toBeUndefined();
    const overwritten = await runAndFinish('?overwriteEdits=true');
    expect(overwritten).toMatchObject({
      status: 'succeeded',
      rowsReplaced: 2,
      editsOverwritten: 2,
      overwritten: ['journal NC-2, line 1', 'journal NC-2, line 2'],
    });
  });
});

describe('replacing periods', () => {
  it('says first what it would remove, by file, with the Studio edits among them', async () => {
    await monthOfTwoFiles();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pipeline/replace-preview/${organizationId}?dataTypeId=${await dataTypeId('GL Detail')}&periods=${PERIOD}`,
      headers: admin(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: pipelineMessages.previewed,
      data: {
        periods: [PERIOD],
        removes: [
          { origin: 'gl_2026-11.csv', rows: 4, edited: 0 },
          { origin: 'qbo_export_v3.csv', rows: 4, edited: 0 },
        ],
        rows: 8,
        edited: 0,
      },
    });
    const chart = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pipeline/replace-preview/${organizationId}?dataTypeId=${await dataTypeId('Chart of Accounts')}&periods=${PERIOD}`,
      headers: admin(),
    });
    expect(chart.statusCode).toBe(400);
    expect(chart.json()).toEqual({ status: false, message: pipelineMessages.replacePeriodsNeedsPeriods });
  });

  it('is explicit: it removes the uploaded lines of the period the files no longer have, and counts them', async () => {
    await monthOfTwoFiles();
    await upload('GL Detail', 'gl_2026-11-full.csv', journal('NC-9', '1.00'), { period: PERIOD, replacePeriods: true });
    const replaced = await runAndFinish();
    // The run asked to add; the file's upload asked for its period: the run says how it loaded.
    expect(replaced).toMatchObject({
      status: 'succeeded',
      mode: 'replace-periods',
      rowsAdded: 2,
      rowsRemoved: 8,
      rowsReplaced: 0,
    });
    expect((await ledger()).map((entry) => entry.replace(/^\d+ /, ''))).toEqual([
      'upload NC-9/1 1.00 0.00 gl_2026-11-full.csv',
      'upload NC-9/2 0.00 1.00 gl_2026-11-full.csv',
    ]);
  });
});

describe('undo this load', () => {
  it('returns the warehouse exactly to its state before the run, aggregates included, and audits it', async () => {
    const { gl } = await monthOfTwoFiles();
    const before = await ledger();
    const beforeTotals = await totalsPerPeriod();
    const replacement = await upload(
      'GL Detail',
      'gl_2026-11.csv',
      [...journal('NC-1', '120.00'), ...journal('NC-3', '9.00')],
      { period: PERIOD, replacesFileId: gl.id },
    );
    const replaced = await runAndFinish();
    expect(await ledger()).not.toEqual(before);

    const response = await undo(replaced.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: pipelineMessages.undone,
      data: { run: { id: replaced.id, undoneBy: expect.any(String), undoneAt: expect.any(String) } },
    });
    expect(await ledger()).toEqual(before);
    expect(await totalsPerPeriod()).toEqual(beforeTotals);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'pipeline_run.undo'), eq(auditEvents.entityId, replaced.id)));
    expect(event).toMatchObject({ organizationId, actorEmail: TEST_ADMIN.email });
    // The file whose load was undone says so; the file it had replaced is loaded again.
    expect(await statusOf(replacement.id)).toBe('undone');
    expect(await statusOf(gl.id)).toBe('processed');

    const again = await undo(replaced.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: false, message: pipelineMessages.undoAlreadyDone });
  });

  it('answers 409 naming the later work when a Studio edit touched its rows, and changes nothing', async () => {
    const { first } = await monthOfTwoFiles();
    await correctInTheStudio();
    const corrected = await ledger();
    const response = await undo(first.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      pipelineMessages.undoConflict([
        'journal NC-2, line 1 was edited in the Studio',
        'journal NC-2, line 2 was edited in the Studio',
        'journal NC-2, line 1 was changed since by the Studio',
        'journal NC-2, line 2 was changed since by the Studio',
      ]),
    );
    expect(await ledger()).toEqual(corrected);
  });

  it('answers 409 when a later load replaced its rows, and undoes once that load is undone', async () => {
    const { gl, first } = await monthOfTwoFiles();
    await upload('GL Detail', 'gl_2026-11.csv', journal('NC-1', '1.00'), { period: PERIOD, replacesFileId: gl.id });
    const later = await runAndFinish();
    const refused = await undo(first.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      pipelineMessages.undoConflict([
        'journal NC-1, line 1 was changed since by gl_2026-11.csv',
        'journal NC-1, line 2 was changed since by gl_2026-11.csv',
        'journal NC-2, line 1 was changed since by gl_2026-11.csv',
        'journal NC-2, line 2 was changed since by gl_2026-11.csv',
      ]),
    );
    expect((await undo(later.id)).statusCode).toBe(200);
    expect((await undo(first.id)).statusCode).toBe(200);
    expect((await ledger()).map((entry) => entry.replace(/^\d+ /, ''))).toEqual([
      'upload JE-5001/1 50.00 0.00 qbo_export_v3.csv',
      'upload JE-5001/2 0.00 50.00 qbo_export_v3.csv',
      'upload JE-5002/1 7.00 0.00 qbo_export_v3.csv',
      'upload JE-5002/2 0.00 7.00 qbo_export_v3.csv',
    ]);
  });

  it('answers 404 for an unknown run and 409 for a run that loaded nothing', async () => {
    const missing = await undo(randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: false, message: pipelineMessages.runNotFound });
    await upload('GL Detail', 'bad.csv', [line('X', 1, '1000', '1.00', '0')], { period: PERIOD });
    const failed = await runAndFinish();
    expect(failed.status).toBe('failed');
    const refused = await undo(failed.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: false, message: pipelineMessages.undoNothing });
  });
});
