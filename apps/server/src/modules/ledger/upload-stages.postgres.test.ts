import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql as statement } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STANDARD_DATA_TYPES } from '@finboard/shared/data-types';
import { journalMessages } from '@finboard/shared/journals';
import type { DatabaseHandle } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { createWarehouseService, type WarehouseService } from '../../warehouse/warehouse.service.ts';
import { createLedgerEngine, PipelineLoadRefused, type LedgerEngine } from './ledger-engine.ts';
import { uploadStageName } from './gl-partitions.ts';
import { createUploadStages, type UploadStages } from './upload-stages.ts';

/**
 * A big GL file's lines staged while it uploads (PostgreSQL): the stage commits only for a file accepted with the
 * rows and columns PostgreSQL took, invisible to the organization until its run; a run of that one file makes it
 * the month's partition without a copy, and every run processing the file drops it.
 */
let database: DatabaseHandle;
let warehouse: WarehouseService;
let stages: UploadStages;
let engine: LedgerEngine;
let organizationId: string;
/** What the uploads module would answer for a file (its record's copy_ready). */
const staged = new Map<string, { loadId: number; rows: number; journalsBalanced: boolean }>();
const copyReadyText = new Map<string, string>();
const opened: string[] = [];

const COLUMNS = ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'description', 'debit', 'credit'];
const GL_COLUMNS = STANDARD_DATA_TYPES.find((type) => type.key === 'gl_detail')!.columns.map((column) => column.name);

beforeAll(async () => {
  database = await openTestDatabase();
  warehouse = createWarehouseService({ database, logger: pino({ level: 'silent' }) });
  stages = createUploadStages({
    ownConnection: warehouse.ownConnection,
    platform: database.pool,
    warehouse,
    logger: pino({ level: 'silent' }),
    afterBytes: 1,
  });
  engine = createLedgerEngine({
    warehouse,
    bulkRows: 2,
    openFileRows: () => {
      throw new Error('a staged or copy-ready file is never parsed again');
    },
    openCopyReadyFile: async (_organizationId, fileId) => {
      opened.push(fileId);
      const text = copyReadyText.get(fileId);
      return text === undefined
        ? undefined
        : { bytes: Readable.from([Buffer.from(text)]), delimiter: ',', columns: COLUMNS };
    },
    stagedUploadOf: async (_organizationId, fileId) => staged.get(fileId),
  });
});
afterAll(() => database?.close());

beforeEach(async () => {
  organizationId = randomUUID();
  opened.length = 0;
  await warehouse.provision(organizationId);
  await warehouse.copyRows(
    organizationId,
    '01_Account',
    ['account_code', 'account_name', 'account_type'],
    [
      ['1000', 'Cash', 'asset'],
      ['4000', 'Sales', 'revenue'],
    ],
  );
});

const sql = <R extends Record<string, unknown>>(text: string) =>
  database.pool.query<R>(text.replaceAll('$schema', `"${warehouse.schemaOf(organizationId)}"`)).then((r) => r.rows);
const journal = (id: string, amount: string, credit = amount) => [
  [id, '1', '2024-02-05', '2024-02', '1000', 'Sale', amount, '0'],
  [id, '2', '2024-02-05', '2024-02', '4000', 'Sale', '0', credit],
];
const csvOf = (lines: string[][]) => `${COLUMNS.join(',')}\n${lines.map((line) => line.join(',')).join('\n')}\n`;
/** A staged file's relations: its stage, and the sequence that numbered its lines (dropped with it). */
const stageOf = (fileId: string) => [uploadStageName(fileId).replace('stage', 'line'), uploadStageName(fileId)];
/** The stages (and their sequences) of the organization's warehouse. */
const stageTables = () =>
  sql<{ relname: string }>(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = '${warehouse.schemaOf(organizationId)}' and c.relname like 'pipeline%' and c.relkind in ('r', 'S')
      order by 1`,
  ).then((rows) => rows.map((row) => row.relname));

/** A file's bytes through a stage in chunks of `size`, then its commit as the upload accepted it. */
async function stageFile(text: string, accepted?: { rows?: number; columns?: string[] }, size = 40) {
  const fileId = randomUUID();
  const stage = await stages.open({ organizationId, fileId, period: '2024-02', columns: COLUMNS, delimiter: ',' });
  expect(stage).toBeDefined();
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) await stage!.write(bytes.subarray(at, at + size));
  const rows = text.trimEnd().split('\n').length - 1;
  const lines = await stage!.commit({ rows: accepted?.rows ?? rows, columns: accepted?.columns ?? COLUMNS });
  return { fileId, lines, rows };
}

const loadFiles = (files: { id: string; rows: number }[], runId = randomUUID()) =>
  engine.load({
    organizationId,
    targetTable: '02_GL_Detail',
    columns: GL_COLUMNS,
    periodBased: true,
    runId,
    files: files.map((file) => ({ ...file, name: `${file.id.slice(0, 8)}.csv`, period: '2024-02' })),
  });

describe('staging an upload as it arrives', () => {
  it('commits the lines with the load id drawn for them, numbered and of the upload’s file', async () => {
    const { fileId, lines } = await stageFile(csvOf([...journal('J1', '10.00'), ...journal('J2', '2.50')]));

    expect(lines).toEqual({ loadId: expect.any(Number) });
    expect(await stageTables()).toEqual(stageOf(fileId));
    const rows = await sql<{ line: string; file: number; at: number; load_id: number; file_id: string }>(
      `select journal_id || '/' || line_no as line, _file as file, _line::int as at, load_id::int, file_id::text
         from $schema."${uploadStageName(fileId)}" order by row_id`,
    );
    expect(rows).toEqual(
      ['J1/1', 'J1/2', 'J2/1', 'J2/2'].map((line, index) => ({
        line,
        file: 0,
        at: index + 2,
        load_id: lines!.loadId,
        file_id: fileId,
      })),
    );
    // Its run reads it as the organization's role.
    expect(
      await warehouse.withOrganization(organizationId, async (tx) =>
        rowsOf(await tx.execute(statement.raw(`select count(*)::int as lines from "${uploadStageName(fileId)}"`))),
      ),
    ).toEqual([{ lines: 4 }]);

    await stages.drop(organizationId, fileId);
    expect(await stageTables()).toEqual([]);
  });

  it('keeps nothing when the upload counted other rows, named other columns, or was aborted', async () => {
    const text = csvOf(journal('J1', '10.00'));
    expect((await stageFile(text, { rows: 3 })).lines).toBeUndefined();
    expect((await stageFile(text, { columns: [...COLUMNS].reverse() })).lines).toBeUndefined();
    const stage = await stages.open({
      organizationId,
      fileId: randomUUID(),
      period: '2024-02',
      columns: COLUMNS,
      delimiter: ',',
    });
    await stage!.write(Buffer.from(text));
    await stage!.abort();

    expect(await stageTables()).toEqual([]);
  });

  it('keeps nothing when PostgreSQL refuses the bytes, and the upload goes on', async () => {
    const { lines } = await stageFile(`${csvOf(journal('J1', '10.00'))}J2,1,2024-02-05\n`, { rows: 3 });

    expect(lines).toBeUndefined();
    expect(await stageTables()).toEqual([]);
  });

  it('keeps nothing of lines the month partition would refuse: an empty amount, another period, a negative debit', async () => {
    for (const line of [
      ['J2', '1', '2024-02-05', '2024-02', '1000', 'Sale', '', '0'],
      ['J2', '1', '2024-03-05', '2024-03', '1000', 'Sale', '1', '0'],
      ['J2', '1', '2024-02-05', '2024-02', '1000', 'Sale', '-1', '0'],
    ])
      expect((await stageFile(csvOf([...journal('J1', '10.00'), line]))).lines).toBeUndefined();

    expect(await stageTables()).toEqual([]);
  });

  it("stages no file that leaves its lines' periods or numbers to the run", async () => {
    const columns = COLUMNS.filter((column) => column !== 'line_no');
    expect(
      await stages.open({ organizationId, fileId: randomUUID(), period: '2024-02', columns, delimiter: ',' }),
    ).toBeUndefined();
  });

  it('stages at most two uploads at once: a third uploads unstaged', async () => {
    const open = () =>
      stages.open({ organizationId, fileId: randomUUID(), period: '2024-02', columns: COLUMNS, delimiter: ',' });
    const [first, second] = [await open(), await open()];
    expect(await open()).toBeUndefined();
    await first!.abort();
    const third = await open();
    expect(third).toBeDefined();
    await Promise.all([second!.abort(), third!.abort()]);
    expect(await stageTables()).toEqual([]);
  });
});

describe('a run of a staged file', () => {
  it('makes the stage the month partition with the staged load id, parsing and copying nothing', async () => {
    const text = csvOf([...journal('J1', '10.00'), ...journal('J2', '2.50')]);
    const { fileId, lines, rows } = await stageFile(text);
    staged.set(fileId, { loadId: lines!.loadId, rows, journalsBalanced: true });
    const runId = randomUUID();
    // Its upload analyzes the stage once its lines are in; the partition keeps those statistics.
    const analyses = async () =>
      (
        await sql<{ analyses: number }>(
          `select coalesce(sum(analyze_count), 0)::int as analyses from pg_stat_all_tables
            where schemaname = '${warehouse.schemaOf(organizationId)}' and relname in ('${uploadStageName(fileId)}', '02_GL_Detail_2024-02')`,
        )
      )[0]!.analyses;
    await expect.poll(analyses, { timeout: 5_000 }).toBe(1);

    const result = await loadFiles([{ id: fileId, rows }], runId);

    expect(opened).toEqual([]);
    expect(result).toMatchObject({ rowsRead: 4, rowsAdded: 4, periodsCreated: ['2024-02'] });
    // Its primary key, kept as the lines came, is the partition's by name too; attaching built the other six.
    expect(
      await sql(
        `select indexname from pg_indexes where schemaname = '${warehouse.schemaOf(organizationId)}'
          and (tablename = '02_GL_Detail_2024-02' or indexname like 'pipeline%') order by 1`,
      ),
    ).toEqual([
      { indexname: '02_GL_Detail_2024-02_account_code_idx' },
      { indexname: '02_GL_Detail_2024-02_journal_id_idx' },
      { indexname: '02_GL_Detail_2024-02_load_id_idx' },
      { indexname: '02_GL_Detail_2024-02_period_account_code_idx' },
      { indexname: '02_GL_Detail_2024-02_pkey' },
      { indexname: '02_GL_Detail_2024-02_posting_date_idx' },
      { indexname: '02_GL_Detail_2024-02_source_journal_id_line_no_period_key' },
    ]);
    expect([...result.rowsPerFile]).toEqual([[fileId, 4]]);
    expect(await stageTables()).toEqual([]);
    expect(await analyses()).toBe(1);
    expect(
      await sql(
        `select g.journal_id || '/' || g.line_no as line, g.load_id::int, g.file_id::text, l.run_id::text, g.tableoid::regclass::text as partition
           from $schema."02_GL_Detail" g join $schema."06_Load" l using (load_id) order by g.row_id`,
      ),
    ).toEqual(
      ['J1/1', 'J1/2', 'J2/1', 'J2/2'].map((line) => ({
        line,
        load_id: lines!.loadId,
        file_id: fileId,
        run_id: runId,
        partition: `${warehouse.schemaOf(organizationId)}."02_GL_Detail_2024-02"`,
      })),
    );
    expect(await sql(`select sum(debit)::text as debit from $schema."05_Monthly_Balance" where grain = 0`)).toEqual([
      { debit: '12.50' },
    ]);
    // The partition is the organization's like any other: the Studio reads and edits it.
    await warehouse.withOrganization(organizationId, (tx) =>
      tx.execute(
        statement.raw(`update "02_GL_Detail" set description = 'Edited' where journal_id = 'J1' and line_no = 1`),
      ),
    );
    await engine.undo(organizationId, runId, null);
    expect(await sql(`select count(*)::int as lines from $schema."02_GL_Detail"`)).toEqual([{ lines: 0 }]);
  });

  it('refuses its lines as any run does, names their lines, and drops the stage', async () => {
    const text = csvOf([
      ...journal('J1', '10.00'),
      ['J2', '1', '2024-02-05', '2024-02', '9999', 'Sale', '1', '0'],
      ['J2', '2', '2024-02-05', '2024-02', '4000', 'Sale', '0', '1'],
    ]);
    const { fileId, lines, rows } = await stageFile(text);
    staged.set(fileId, { loadId: lines!.loadId, rows, journalsBalanced: true });

    const refused = await loadFiles([{ id: fileId, rows }]).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(PipelineLoadRefused);
    expect((refused as PipelineLoadRefused).problems[0]).toMatchObject({
      file: `${fileId.slice(0, 8)}.csv`,
      line: 4,
      column: 'account_code',
      problem: journalMessages.accountUnknown('9999'),
    });
    expect(await stageTables()).toEqual([]);
    expect(await sql(`select count(*)::int as lines from $schema."02_GL_Detail"`)).toEqual([{ lines: 0 }]);
  });

  it('stages the file again from its bytes when its stage is gone, and drops a staged file’s stage in a run of two', async () => {
    const text = csvOf(journal('J1', '10.00'));
    const gone = await stageFile(text);
    staged.set(gone.fileId, { loadId: gone.lines!.loadId, rows: gone.rows, journalsBalanced: true });
    copyReadyText.set(gone.fileId, text);
    await stages.drop(organizationId, gone.fileId);

    await expect(loadFiles([{ id: gone.fileId, rows: gone.rows }])).resolves.toMatchObject({ rowsAdded: 2 });
    expect(opened).toEqual([gone.fileId]);

    const first = await stageFile(csvOf(journal('J2', '1.00')));
    staged.set(first.fileId, { loadId: first.lines!.loadId, rows: first.rows, journalsBalanced: true });
    copyReadyText.set(first.fileId, csvOf(journal('J2', '1.00')));
    const second = randomUUID();
    copyReadyText.set(second, csvOf(journal('J3', '1.00')));

    await expect(
      loadFiles([
        { id: first.fileId, rows: 2 },
        { id: second, rows: 2 },
      ]),
    ).resolves.toMatchObject({ rowsAdded: 4 });
    expect(await stageTables()).toEqual([]);
  });
});

describe('a run of a file whose stage it cannot use', () => {
  it('stages the file from its bytes and drops the stage (its data type changed since the upload)', async () => {
    const text = csvOf(journal('J1', '10.00'));
    const { fileId } = await stageFile(text);
    staged.delete(fileId); // what the uploads module answers once the file's data type changed
    copyReadyText.set(fileId, text);

    await expect(loadFiles([{ id: fileId, rows: 2 }])).resolves.toMatchObject({ rowsAdded: 2 });

    expect(opened).toEqual([fileId]);
    expect(await stageTables()).toEqual([]);
  });
});

describe('the orphan sweep of stages', () => {
  it('drops a stage whose file is neither uploading nor waiting, and keeps the others', async () => {
    await stageFile(csvOf(journal('J1', '1.00')));
    const uploading = await stageFile(csvOf(journal('J2', '1.00')));
    const waiting = await stageFile(csvOf(journal('J3', '1.00')));

    const dropped = await stages.sweep({
      live: new Set([uploading.fileId]),
      waiting: async (ids) => new Set(ids.filter((id) => id === waiting.fileId)),
    });

    expect(dropped).toBe(1);
    expect(await stageTables()).toEqual([...stageOf(uploading.fileId), ...stageOf(waiting.fileId)].sort());
  });
});
