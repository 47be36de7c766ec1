import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STANDARD_DATA_TYPES } from '@finboard/shared/data-types';
import { journalMessages } from '@finboard/shared/journals';
import { pipelineMessages } from '@finboard/shared/pipelines';
import { dataTypes, pipelineRuns, pipelines, uploadedFiles } from '../../db/schema.ts';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, login } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import { pipelinesRepository } from './pipelines.repository.ts';

let t: TestApp;
let adminToken: string;
const jobs = createTestJobRunner();
/** Uploaded files' normalized rows, by file id: what the uploads module would read back. */
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

let organizationId: string;
/** Each test gets an organization of its own, created as an administrator does (standard types, pipelines). */
beforeEach(async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organization/add',
    headers: admin(),
    payload: {
      organizationName: `Pipelines ${randomBytes(4).toString('hex')}`,
      organizationEmail: 'finance@pipelines.example',
      organizationPhoneNumber: '5551234567',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  organizationId = response.json().data.createdOrganization.id;
  jobs.queued.length = 0;
});

async function dataTypeId(name: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: dataTypes.id })
    .from(dataTypes)
    .where(and(eq(dataTypes.organizationId, organizationId), eq(dataTypes.name, name)));
  return row!.id;
}

/** An uploaded file waiting for its pipeline, as the uploads module stores it. */
async function upload(typeName: string, rows: (string | null)[][], period: string | null = null) {
  const [file] = await t.database.db
    .insert(uploadedFiles)
    .values({
      organizationId,
      dataTypeId: await dataTypeId(typeName),
      name: `${typeName.toLowerCase().replaceAll(' ', '-')}-${randomBytes(2).toString('hex')}.csv`,
      size: 100,
      sha256: randomBytes(32).toString('hex'),
      period,
      rows: rows.length,
      storageKey: `files/${randomUUID()}`,
      encryption: {},
    })
    .returning();
  fileRows.set(file!.id, rows);
  return file!;
}

const fileOf = async (id: string) =>
  (await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id)))[0]!;

const periodsFile = () =>
  upload('Periods', [
    ['2024-01', '2024-01-01', '2024-01-31', '2024', '1', 'false'],
    ['2024-02', '2024-02-01', '2024-02-29', '2024', '2', 'false'],
  ]);
const accountsFile = () =>
  upload('Chart of Accounts', [
    ['1000', 'Cash', 'asset', 'cash', null, 'true'],
    ['4000', 'Sales', 'revenue', null, null, 'true'],
  ]);
const glLine = (journal: string, lineNo: number, account: string, debit: string, credit: string) => [
  journal,
  String(lineNo),
  '2024-01-10',
  '2024-01',
  account,
  'Sale',
  debit,
  credit,
  null,
  null,
  null,
  null,
  null,
];

const run = (query = '') =>
  t.app.inject({ method: 'POST', url: `/api/v1/pipeline/run-pipeline/${organizationId}${query}`, headers: admin() });
const getRun = (runId: string, headers = admin()) =>
  t.app.inject({ method: 'GET', url: `/api/v1/pipeline/runs/${runId}`, headers });

/** Row counts and money sums of the organization's warehouse. */
async function warehouseTotals() {
  return t.app.services.warehouse.withOrganization(organizationId, async (tx) =>
    rowsOf(
      await tx.execute(
        sql.raw(`select (select count(*)::int from "00_Period") as periods,
          (select count(*)::int from "01_Account") as accounts, (select count(*)::int from "02_GL_Detail") as lines,
          (select coalesce(sum(debit), 0)::text from "02_GL_Detail") as debit,
          (select coalesce(sum(credit), 0)::text from "02_GL_Detail") as credit`),
      ),
    ),
  );
}

describe('available pipelines', () => {
  it('lists one pipeline per data type, the standard five from the start, with their waiting files', async () => {
    await accountsFile();
    await accountsFile();
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/data-types/${organizationId}`,
      headers: admin(),
      payload: {
        name: 'Sage GL',
        targetTable: '02_GL_Detail',
        columns: [{ name: 'journal_id', type: 'text', required: true }],
        delimiter: ';',
        periodBased: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pipeline/list-available-pipelines/${organizationId}`,
      headers: admin(),
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(pipelineMessages.fetchedAvailable);
    const listed = response
      .json()
      .data.pipelines.map((p: Record<string, unknown>) => [p.name, p.targetTable, p.isGlDetail, p.pendingFiles]);
    expect(listed).toEqual([
      ['Periods', '00_Period', false, 0],
      ['Chart of Accounts', '01_Account', false, 2],
      ['GL Detail', '02_GL_Detail', true, 0],
      ['Sage GL', '02_GL_Detail', true, 0],
      ['Budget', '03_Budget', false, 0],
      ['Trial Balance', '04_Trial_Balance', false, 0],
    ]);
    expect(STANDARD_DATA_TYPES).toHaveLength(5);
  });

  it('adds the pipelines an organization lacks (start-up), once', async () => {
    await t.database.db.delete(pipelines).where(eq(pipelines.organizationId, organizationId));
    const repo = pipelinesRepository(t.database.db);
    const types = await t.database.db.select().from(dataTypes).where(eq(dataTypes.organizationId, organizationId));
    expect(await repo.addFor(types)).toBe(5);
    expect(await repo.addFor(types)).toBe(0);
    // Start-up: the data types module gives every organization's types their pipelines, again idempotent.
    await t.database.db.delete(pipelines).where(eq(pipelines.organizationId, organizationId));
    await t.app.services.dataTypes.seedStandardForAll();
    await t.app.services.dataTypes.seedStandardForAll();
    expect(await repo.list(organizationId)).toHaveLength(5);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pipeline/list-available-pipelines/${organizationId}`,
      headers: admin(),
    });
    expect(response.json().data.pipelines.map((pipeline: { name: string }) => pipeline.name)).toEqual([
      'Periods',
      'Chart of Accounts',
      'GL Detail',
      'Budget',
      'Trial Balance',
    ]);
  });
});

describe('Run Pipeline', () => {
  it('answers "No files found to process." and queues nothing when no file waits', async () => {
    const response = await run();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: true, message: pipelineMessages.noFiles, data: { runIds: [] } });
    const runs = await t.database.db.select().from(pipelineRuns).where(eq(pipelineRuns.organizationId, organizationId));
    expect(runs).toEqual([]);
    expect(jobs.queued).toEqual([]);
  });

  it('answers 404 for a pipeline name the organization does not have', async () => {
    const response = await run('?pipelineName=Nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: pipelineMessages.pipelineNotFound });
  });

  it('runs every pipeline with files in dependency order, loads them, and records the runs and files', async () => {
    // Uploaded in the "wrong" order: lines first, then accounts, then periods.
    const gl = await upload(
      'GL Detail',
      [glLine('S1', 1, '1000', '250.00', '0'), glLine('S1', 2, '4000', '0', '250.00')],
      '2024-01',
    );
    const accounts = await accountsFile();
    const periods = await periodsFile();

    const queued = await run();
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json().message).toBe(pipelineMessages.queued);
    const runIds: string[] = queued.json().data.runIds;
    expect(runIds).toHaveLength(3);
    expect(jobs.queued.map((job) => [job.queue, job.groupKey, job.payload])).toEqual(
      runIds.map((runId) => ['pipeline-run', organizationId, { organizationId, runId }]),
    );
    // Queueing again while they wait answers the same runs.
    expect((await run()).json().data.runIds).toEqual(runIds);

    await jobs.drain();

    const details = await Promise.all(runIds.map(async (runId) => (await getRun(runId)).json().data.run));
    expect(details.map((detail) => [detail.pipelineName, detail.status, detail.rowsRead, detail.rowsLoaded])).toEqual([
      ['Periods', 'succeeded', 2, 2],
      ['Chart of Accounts', 'succeeded', 2, 2],
      ['GL Detail', 'succeeded', 2, 2],
    ]);
    expect(details[2]).toMatchObject({
      filesProcessed: 1,
      rowsRejected: 0,
      error: null,
      problems: [],
      runBy: expect.any(String),
    });
    expect(details[2].durationMs).toBeGreaterThanOrEqual(0);
    expect(details[2].steps.map((step: { stage: string; status: string }) => [step.stage, step.status])).toEqual([
      ['stage', 'done'],
      ['validate', 'done'],
      ['load', 'done'],
      ['refresh', 'done'],
    ]);
    for (const file of [gl, accounts, periods])
      expect(await fileOf(file.id)).toMatchObject({ status: 'processed', rows: 2, error: null });
    expect(await warehouseTotals()).toEqual([{ periods: 2, accounts: 2, lines: 2, debit: '250.00', credit: '250.00' }]);
    // Nothing waits any more.
    expect((await run()).json().message).toBe(pipelineMessages.noFiles);
  });

  it('fails a run with an unbalanced journal, naming it and its difference, and changes nothing', async () => {
    await periodsFile();
    await accountsFile();
    await run();
    await jobs.drain();
    const before = await warehouseTotals();
    const file = await upload(
      'GL Detail',
      [glLine('BAD-7', 1, '1000', '100.00', '0'), glLine('BAD-7', 2, '4000', '0', '90.01')],
      '2024-01',
    );

    const queued = await run('?is_glDetail=true');
    const [runId] = queued.json().data.runIds;
    await jobs.drain();

    const detail = (await getRun(runId)).json().data.run;
    const message = journalMessages.outOfBalance('BAD-7', '9.99');
    expect(detail).toMatchObject({ status: 'failed', error: message, rowsRead: 2, rowsLoaded: 0, rowsRejected: 2 });
    expect(detail.problems).toEqual([
      { file: file.name, line: 2, column: 'journal_id', value: 'BAD-7', problem: message },
    ]);
    expect(await fileOf(file.id)).toMatchObject({ status: 'rejected', error: message });
    expect(await warehouseTotals()).toEqual(before);

    const failedOnly = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pipeline/list-pipelines/${organizationId}?status=failed`,
      headers: admin(),
    });
    expect(failedOnly.json().data.pipelines.map((r: { id: string }) => r.id)).toEqual([runId]);
  });

  it('fails a run whose process died with the reason, and gives its files back', async () => {
    const file = await accountsFile();
    const [runId] = (await run('?pipelineName=chart of accounts')).json().data.runIds;
    // What a killed process leaves behind: the run running, its files processing.
    await t.database.db
      .update(pipelineRuns)
      .set({ status: 'running', startedAt: sql`now()` })
      .where(eq(pipelineRuns.id, runId));
    await t.database.db.update(uploadedFiles).set({ status: 'processing', runId }).where(eq(uploadedFiles.id, file.id));

    await jobs.abandon(jobs.queued[0]!.id);

    expect((await getRun(runId)).json().data.run).toMatchObject({
      status: 'failed',
      error: pipelineMessages.interrupted,
    });
    expect(await fileOf(file.id)).toMatchObject({ status: 'uploaded', runId: null });
    expect((await warehouseTotals())[0]).toMatchObject({ accounts: 0 });
  });
});

describe('run history and runs', () => {
  it('filters by name, status and date range, newest first, one page at a time', async () => {
    await periodsFile();
    await accountsFile();
    const ids: string[] = (await run()).json().data.runIds;
    await jobs.drain();
    const list = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/pipeline/list-pipelines/${organizationId}${query}`,
        headers: admin(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const today = new Date().toISOString().slice(0, 10);

    const all = await list('');
    expect(all.message).toBe(pipelineMessages.fetchedRuns);
    expect(all.data.pipelines.map((r: { id: string }) => r.id)).toEqual([...ids].reverse());
    expect(all.pagination).toEqual({ total: 2, totalIsEstimate: false, page: 1, pageSize: 20 });
    expect((await list('?name=chart')).data.pipelines.map((r: { pipelineName: string }) => r.pipelineName)).toEqual([
      'Chart of Accounts',
    ]);
    expect((await list('?status=failed')).data.pipelines).toEqual([]);
    expect((await list(`?from=${today}&to=${today}`)).pagination.total).toBe(2);
    expect((await list('?to=2020-01-01')).pagination.total).toBe(0);
    const second = await list('?pageSize=1&page=2');
    expect(second.data.pipelines.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
  });

  it("answers another organization's run exactly as a missing one", async () => {
    await accountsFile();
    const [runId] = (await run()).json().data.runIds;
    const mine = await createUser(t.database, { organizationId });
    const stranger = await createUser(t.database, { organizationId: (await createOrganization(t.database)).id });

    const own = await getRun(runId, bearer(await login(t.app, mine)));
    const other = await getRun(runId, bearer(await login(t.app, stranger)));
    const missing = await getRun(randomUUID(), bearer(await login(t.app, stranger)));

    expect(own.statusCode).toBe(200);
    expect(own.json().data.run).toMatchObject({ id: runId, status: 'queued', pipelineName: 'Chart of Accounts' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ status: false, message: pipelineMessages.runNotFound });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(other.json());
  });
});
