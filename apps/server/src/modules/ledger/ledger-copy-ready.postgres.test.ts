import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STANDARD_DATA_TYPES } from '@finboard/shared/data-types';
import { journalMessages } from '@finboard/shared/journals';
import { pipelineMessages } from '@finboard/shared/pipelines';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { qualifiedName } from '../../warehouse/identifiers.ts';
import { createWarehouseService, type WarehouseService } from '../../warehouse/warehouse.service.ts';
import { createLedgerEngine, PipelineLoadRefused, type LedgerEngine } from './ledger-engine.ts';

/**
 * A file checked at upload as canonical CSV is staged on PostgreSQL by COPY of its bytes as they are, not read
 * and checked again: the same rows, the same line numbers in problems; bytes PostgreSQL refuses are read the
 * usual way. (The embedded database takes a COPY whole in memory, so it always reads the rows.)
 */
let database: DatabaseHandle;
let warehouse: WarehouseService;
let engine: LedgerEngine;
let organizationId: string;
const copyReady = new Map<string, { text: string; columns: string[] }>();
const parsedRows = new Map<string, (string | null)[][]>();
const parsed: string[] = [];

const COLUMNS = ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'description', 'debit', 'credit'];
const GL_COLUMNS = STANDARD_DATA_TYPES.find((type) => type.key === 'gl_detail')!.columns.map((column) => column.name);

beforeAll(async () => {
  database = await openTestDatabase();
  warehouse = createWarehouseService({ database, logger: pino({ level: 'silent' }) });
  engine = createLedgerEngine({
    warehouse,
    openFileRows: async function* (_organizationId, fileId) {
      parsed.push(fileId);
      yield parsedRows.get(fileId)!;
    },
    openCopyReadyFile: async (_organizationId, fileId) => {
      const file = copyReady.get(fileId);
      if (!file) return undefined;
      return {
        bytes: (async function* () {
          yield Buffer.from(file.text);
        })(),
        delimiter: ',',
        columns: file.columns,
      };
    },
  });
});
afterAll(() => database?.close());

beforeEach(async () => {
  organizationId = randomUUID();
  parsed.length = 0;
  await warehouse.provision(organizationId);
  await warehouse.copyRows(
    organizationId,
    '00_Period',
    ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'],
    [['2024-01', '2024-01-01', '2024-01-31', 2024, 1]],
  );
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

const load = (files: { id: string; name: string }[]) =>
  engine.load({
    organizationId,
    targetTable: '02_GL_Detail',
    columns: GL_COLUMNS,
    periodBased: true,
    files: files.map((file) => ({ ...file, period: '2024-01' })),
  });

const ledger = () =>
  database.pool
    .query(
      `select journal_id, line_no, posting_date::text, account_code, description, debit::text, credit::text,
              department, source
         from ${qualifiedName(warehouse.schemaOf(organizationId), '02_GL_Detail')} order by journal_id, line_no`,
    )
    .then((result) => result.rows);

describe('staging a copy-ready file on PostgreSQL', () => {
  it('COPYs its bytes as they are, in its own column order: quoted values, an empty cell, CRLF, a value over two lines', async () => {
    const first = randomUUID();
    const second = randomUUID();
    copyReady.set(first, {
      columns: ['description', 'journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit'],
      text: [
        'Description,Journal_ID,line_no,posting_date,period,account_code,debit,credit',
        '"Sale, cash",J1,1,2024-01-05,2024-01,1000,10.00,',
        '"two\r\nlines",J1,2,2024-01-05,2024-01,4000,"",10.00',
        '',
      ].join('\r\n'),
    });
    copyReady.set(second, {
      columns: [...COLUMNS, 'department'],
      text: `${[...COLUMNS, 'department'].join(',')}\nJ2,1,2024-01-06,2024-01,1000,,5.50,0,Ops\nJ2,2,2024-01-06,2024-01,4000,,0,5.50,\n`,
    });

    const result = await load([
      { id: first, name: 'first.csv' },
      { id: second, name: 'second.csv' },
    ]);

    expect(parsed).toEqual([]);
    expect(result).toMatchObject({ rowsRead: 4, rowsAdded: 4 });
    expect([...result.rowsPerFile]).toEqual([
      [first, 2],
      [second, 2],
    ]);
    expect(await ledger()).toEqual([
      {
        journal_id: 'J1',
        line_no: 1,
        posting_date: '2024-01-05',
        account_code: '1000',
        description: 'Sale, cash',
        debit: '10.00',
        credit: '0.00',
        department: null,
        source: 'upload',
      },
      {
        journal_id: 'J1',
        line_no: 2,
        posting_date: '2024-01-05',
        account_code: '4000',
        description: 'two\r\nlines',
        debit: '0.00',
        credit: '10.00',
        department: null,
        source: 'upload',
      },
      {
        journal_id: 'J2',
        line_no: 1,
        posting_date: '2024-01-06',
        account_code: '1000',
        description: null,
        debit: '5.50',
        credit: '0.00',
        department: 'Ops',
        source: 'upload',
      },
      {
        journal_id: 'J2',
        line_no: 2,
        posting_date: '2024-01-06',
        account_code: '4000',
        description: null,
        debit: '0.00',
        credit: '5.50',
        department: null,
        source: 'upload',
      },
    ]);
  });

  it('names the file and line of a problem as when the rows are read (the header is line 1)', async () => {
    const balanced = randomUUID();
    const unbalanced = randomUUID();
    copyReady.set(balanced, {
      columns: COLUMNS,
      text: `${COLUMNS.join(',')}\nJ1,1,2024-01-05,2024-01,1000,,10.00,0\nJ1,2,2024-01-05,2024-01,4000,,0,10.00\n`,
    });
    copyReady.set(unbalanced, {
      columns: COLUMNS,
      text: `${COLUMNS.join(',')}\nJ2,1,2024-01-05,2024-01,1000,,10.00,0\nJ3,1,2024-01-05,2024-01,1000,,7.00,0\nJ3,2,2024-01-05,2024-01,4000,,0,6.00\n`,
    });

    const refusal = await load([
      { id: balanced, name: 'balanced.csv' },
      { id: unbalanced, name: 'unbalanced.csv' },
    ]).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(PipelineLoadRefused);
    expect((refusal as PipelineLoadRefused).problems).toEqual([
      {
        file: 'unbalanced.csv',
        line: 2,
        column: 'journal_id',
        value: 'J2',
        problem: journalMessages.outOfBalance('J2', '10.00'),
      },
      {
        file: 'unbalanced.csv',
        line: 3,
        column: 'journal_id',
        value: 'J3',
        problem: journalMessages.outOfBalance('J3', '1.00'),
      },
    ]);
    expect(await ledger()).toEqual([]);
  });

  it('reads the rows the usual way when PostgreSQL refuses the bytes (line breaks of two kinds)', async () => {
    const mixed = randomUUID();
    copyReady.set(mixed, {
      columns: COLUMNS,
      text: `${COLUMNS.join(',')}\r\nJ1,1,2024-01-05,2024-01,1000,,10.00,0\nJ1,2,2024-01-05,2024-01,4000,,0,10.00\n`,
    });
    /** The row as the uploads module reads it: the GL type's columns in order, empty ones null. */
    const row = (values: Record<string, string>) => GL_COLUMNS.map((column) => values[column] ?? null);
    const line = { journal_id: 'J1', posting_date: '2024-01-05', period: '2024-01' };
    parsedRows.set(mixed, [
      row({ ...line, line_no: '1', account_code: '1000', debit: '10.00', credit: '0' }),
      row({ ...line, line_no: '2', account_code: '4000', debit: '0', credit: '10.00' }),
    ]);

    const result = await load([{ id: mixed, name: 'mixed.csv' }]);

    expect(parsed).toEqual([mixed]);
    expect(result).toMatchObject({ rowsRead: 2, rowsAdded: 2 });
    expect((await ledger()).map((line) => [line.journal_id, line.line_no, line.debit, line.credit])).toEqual([
      ['J1', 1, '10.00', '0.00'],
      ['J1', 2, '0.00', '10.00'],
    ]);
  });
});

describe('a new month of many copy-ready lines, staged as its own partition', () => {
  /** Loads of at least two lines count as bulk here (the app's threshold is 50,000). */
  let bulk: LedgerEngine;
  beforeAll(() => {
    bulk = createLedgerEngine({
      warehouse,
      bulkRows: 2,
      openFileRows: async function* (_organizationId, fileId) {
        parsed.push(fileId);
        yield parsedRows.get(fileId)!;
      },
      openCopyReadyFile: async (_organizationId, fileId) => {
        const file = copyReady.get(fileId);
        return file && { bytes: Readable.from([Buffer.from(file.text)]), delimiter: ',', columns: file.columns };
      },
    });
  });

  const sql = <R extends Record<string, unknown>>(text: string) =>
    database.pool
      .query<R>(text.replaceAll('$schema', `"${warehouse.schemaOf(organizationId)}"`))
      .then((result) => result.rows);
  /** A copy-ready GL file of `lines` (values in COLUMNS order), uploaded for February 2024. */
  const upload = (lines: string[][]) => {
    const id = randomUUID();
    copyReady.set(id, {
      columns: COLUMNS,
      text: `${COLUMNS.join(',')}\n${lines.map((l) => l.join(',')).join('\n')}\n`,
    });
    return { id, name: `${id.slice(0, 8)}.csv`, period: '2024-02', rows: lines.length };
  };
  const journal = (id: string, amount: string, credit = amount) => [
    [id, '1', '2024-02-05', '2024-02', '1000', 'Sale', amount, '0'],
    [id, '2', '2024-02-05', '2024-02', '4000', 'Sale', '0', credit],
  ];
  const loadBulk = (files: ReturnType<typeof upload>[], runId = randomUUID()) =>
    bulk.load({ organizationId, targetTable: '02_GL_Detail', columns: GL_COLUMNS, periodBased: true, files, runId });
  /** The GL's partitions with their lines, and the columns each keeps dropped (a stage's own). */
  const partitions = () =>
    sql<{ partition: string; lines: number; dropped: number }>(
      `select c.relname as partition, (select count(*)::int from $schema."02_GL_Detail" g where g.tableoid = c.oid) as lines,
         (select count(*)::int from pg_attribute a where a.attrelid = c.oid and a.attisdropped) as dropped
       from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = '$schema."02_GL_Detail"'::regclass order by 1`,
    );
  /** Tables and sequences of a run's stage left in the warehouse: never any. */
  const leftovers = () =>
    sql<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = '${warehouse.schemaOf(organizationId)}' and c.relname like 'pipeline%'`,
    );

  it('becomes the partition without a copy: row ids in file order, the load and file on each line, keys, aggregates, undo', async () => {
    const file = upload([...journal('J1', '10.00'), ...journal('J2', '2.50')]);
    const runId = randomUUID();

    const result = await loadBulk([file], runId);

    expect(parsed).toEqual([]);
    expect(result).toMatchObject({ rowsRead: 4, rowsLoaded: 4, rowsAdded: 4, periodsCreated: ['2024-02'] });
    // The stage's _file and _line stay behind as dropped columns: the month's lines were not copied.
    expect(await partitions()).toEqual([
      { partition: '02_GL_Detail_2024-02', lines: 4, dropped: 2 },
      { partition: '02_GL_Detail_default', lines: 0, dropped: 0 },
    ]);
    expect(await leftovers()).toEqual([]);
    const lines = await sql<{ line: string; row_id: string; load_run: string; file_id: string; source: string }>(
      `select g.journal_id || '/' || g.line_no as line, g.row_id::text, l.run_id::text as load_run, g.file_id::text, g.source
         from $schema."02_GL_Detail" g join $schema."06_Load" l on l.load_id = g.load_id order by g.row_id`,
    );
    expect(lines.map((line) => line.line)).toEqual(['J1/1', 'J1/2', 'J2/1', 'J2/2']);
    expect(lines.map((line) => Number(line.row_id) - Number(lines[0]!.row_id))).toEqual([0, 1, 2, 3]);
    expect(lines.every((line) => line.load_run === runId && line.file_id === file.id && line.source === 'upload')).toBe(
      true,
    );
    expect(await sql(`select file_id::text, file_name from $schema."06_Load_File"`)).toEqual([
      { file_id: file.id, file_name: file.name },
    ]);
    // The GL's keys and checks hold on it; a line written through the table comes after its row ids.
    await expect(
      sql(`insert into $schema."02_GL_Detail" (journal_id, line_no, posting_date, period, account_code, source)
        values ('J1', 1, '2024-02-01', '2024-02', '1000', 'upload')`),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      sql(`insert into $schema."02_GL_Detail" (journal_id, line_no, posting_date, period, account_code, debit)
        values ('X', 1, '2024-02-01', '2024-02', '1000', -1)`),
    ).rejects.toMatchObject({ code: '23514' });
    const [manual] = await sql<{ row_id: string }>(
      `insert into $schema."02_GL_Detail" (journal_id, line_no, posting_date, period, account_code)
        values ('M1', 1, '2024-02-03', '2024-02', '1000') returning row_id::text`,
    );
    expect(Number(manual!.row_id)).toBeGreaterThan(Number(lines[3]!.row_id));
    await sql(`delete from $schema."02_GL_Detail" where journal_id = 'M1'`);
    expect(
      await sql(
        `select sum(debit)::text as debit from $schema."05_Monthly_Balance" where grain = 0 and period = '2024-02'`,
      ),
    ).toEqual([{ debit: '12.50' }]);

    await bulk.undo(organizationId, runId, null);

    expect(await sql(`select count(*)::int as lines from $schema."02_GL_Detail"`)).toEqual([{ lines: 0 }]);
    expect(await sql(`select count(*)::int as rows from $schema."05_Monthly_Balance"`)).toEqual([{ rows: 0 }]);
    // The month loaded again after the undo: its emptied partition is made anew.
    await loadBulk([upload(journal('J3', '1.00'))]);
    expect(await partitions()).toEqual([
      { partition: '02_GL_Detail_2024-02', lines: 2, dropped: 2 },
      { partition: '02_GL_Detail_default', lines: 0, dropped: 0 },
    ]);
  });

  it('refuses an unbalanced journal and a line twice as a temporary stage does, leaving nothing behind', async () => {
    const unbalanced = await loadBulk([upload([...journal('J1', '10.00'), ...journal('J2', '2.50', '2.00')])]).catch(
      (error: unknown) => error,
    );
    expect((unbalanced as PipelineLoadRefused).problems).toEqual([
      expect.objectContaining({ line: 4, value: 'J2', problem: journalMessages.outOfBalance('J2', '0.50') }),
    ]);
    const twice = journal('J1', '10.00');
    const repeated = await loadBulk([upload([...twice, ...twice])]).catch((error: unknown) => error);
    expect(repeated).toBeInstanceOf(PipelineLoadRefused);
    expect((repeated as PipelineLoadRefused).problems).toEqual([
      { file: expect.any(String), line: 2, problem: pipelineMessages.duplicateKey('Journal J1, line 1') },
      { file: expect.any(String), line: 3, problem: pipelineMessages.duplicateKey('Journal J1, line 2') },
    ]);

    expect(await partitions()).toEqual([{ partition: '02_GL_Detail_default', lines: 0, dropped: 0 }]);
    expect(await leftovers()).toEqual([]);
    expect(await sql(`select label from $schema."06_Load" where kind = 'run'`)).toEqual([]);
    expect(await sql(`select count(*)::int as periods from $schema."00_Period" where "Period" = '2024-02'`)).toEqual([
      { periods: 0 },
    ]);
  });

  it('copies lines the GL would refuse as they are (an empty amount) the usual way, with their defaults', async () => {
    const result = await loadBulk([
      upload([...journal('J1', '10.00'), ['J1', '3', '2024-02-05', '2024-02', '4000', 'Memo', '', '']]),
    ]);

    expect(result).toMatchObject({ rowsAdded: 3 });
    expect(await partitions()).toEqual([
      { partition: '02_GL_Detail_2024-02', lines: 3, dropped: 0 },
      { partition: '02_GL_Detail_default', lines: 0, dropped: 0 },
    ]);
    expect(await sql(`select debit::text, credit::text from $schema."02_GL_Detail" where line_no = 3`)).toEqual([
      { debit: '0.00', credit: '0.00' },
    ]);
    expect(await leftovers()).toEqual([]);
  });

  it('becomes the partition after its lines got their period and number from their date and order', async () => {
    const columns = ['journal_id', 'posting_date', 'account_code', 'debit', 'credit'];
    const id = randomUUID();
    copyReady.set(id, {
      columns,
      text: `${columns.join(',')}\nJ1,2024-02-05,1000,10.00,0\nJ1,2024-02-05,4000,0,10.00\nJ2,2024-02-06,1000,1.00,0\nJ2,2024-02-06,4000,0,1.00\n`,
    });

    const result = await loadBulk([{ id, name: 'undated.csv', period: '2024-02', rows: 4 }]);

    expect(result).toMatchObject({ rowsAdded: 4, periods: ['2024-02'] });
    expect(await partitions()).toEqual([
      { partition: '02_GL_Detail_2024-02', lines: 4, dropped: 2 },
      { partition: '02_GL_Detail_default', lines: 0, dropped: 0 },
    ]);
    expect(
      await sql(
        `select journal_id || '/' || line_no || ' ' || period as line from $schema."02_GL_Detail" order by row_id`,
      ),
    ).toEqual([{ line: 'J1/1 2024-02' }, { line: 'J1/2 2024-02' }, { line: 'J2/1 2024-02' }, { line: 'J2/2 2024-02' }]);
  });

  it('starts again with a temporary stage when a file is not copy-ready', async () => {
    const ready = upload(journal('J1', '10.00'));
    const parsedFile = { id: randomUUID(), name: 'parsed.csv', period: '2024-02', rows: 2 };
    const row = (values: Record<string, string>) => GL_COLUMNS.map((column) => values[column] ?? null);
    const line = { journal_id: 'J2', posting_date: '2024-02-06', period: '2024-02' };
    parsedRows.set(parsedFile.id, [
      row({ ...line, line_no: '1', account_code: '1000', debit: '1.00', credit: '0' }),
      row({ ...line, line_no: '2', account_code: '4000', debit: '0', credit: '1.00' }),
    ]);

    const result = await loadBulk([ready, parsedFile]);

    expect(parsed).toEqual([parsedFile.id]);
    expect(result).toMatchObject({ rowsRead: 4, rowsAdded: 4 });
    expect(await partitions()).toEqual([
      { partition: '02_GL_Detail_2024-02', lines: 4, dropped: 0 },
      { partition: '02_GL_Detail_default', lines: 0, dropped: 0 },
    ]);
    expect(await leftovers()).toEqual([]);
  });
});
