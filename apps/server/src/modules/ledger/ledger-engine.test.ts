import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STANDARD_DATA_TYPES } from '@finboard/shared/data-types';
import { journalMessages } from '@finboard/shared/journals';
import { pipelineMessages } from '@finboard/shared/pipelines';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { queryClientOf } from '../../db/query-client.ts';
import { refreshAggregatesOn } from '../../warehouse/aggregates.ts';
import { createWarehouseService, type WarehouseService } from '../../warehouse/warehouse.service.ts';
import {
  createLedgerEngine,
  PipelineLoadRefused,
  type LoadProgress,
  type PipelineLoadFile,
  type PipelineLoadRequest,
} from './ledger-engine.ts';

let database: DatabaseHandle;
let warehouse: WarehouseService;
/** The files of a test, by id: rows in the standard type's column order. */
const fileRows = new Map<string, (string | null)[][]>();
let loader: ReturnType<typeof createLedgerEngine>;
/** The same loader, taking every load as a large one (indexes and keys rebuilt around the write). */
let bulkLoader: ReturnType<typeof createLedgerEngine>;

beforeAll(async () => {
  database = await openTestDatabase();
  warehouse = createWarehouseService({ database, logger: pino({ level: 'silent' }) });
  // Two batches per file, as the uploads module hands them out.
  const openFileRows = async function* (_organizationId: string, fileId: string) {
    const rows = fileRows.get(fileId)!;
    yield rows.slice(0, 1);
    yield rows.slice(1);
  };
  loader = createLedgerEngine({ warehouse, openFileRows });
  bulkLoader = createLedgerEngine({ warehouse, openFileRows, bulkRows: 1 });
});
afterAll(() => database?.close());

const standard = (key: string) => STANDARD_DATA_TYPES.find((type) => type.key === key)!;
const GL_TYPE = standard('gl_detail');

let org: string;
beforeEach(async () => {
  org = randomUUID();
  await warehouse.provision(org);
  await warehouse.copyRows(
    org,
    '00_Period',
    ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period', 'is_closed'],
    [
      ['2023-12', '2023-12-01', '2023-12-31', 2024, 9, true],
      ['2024-01', '2024-01-01', '2024-01-31', 2024, 10, false],
    ],
  );
  await warehouse.copyRows(
    org,
    '01_Account',
    ['account_code', 'account_name', 'account_type'],
    [
      ['1000', 'Cash', 'asset'],
      ['4000', 'Sales', 'revenue'],
    ],
  );
});

/** A GL line in the standard type's 13 columns. */
const line = (
  journal: string,
  lineNo: number,
  period: string,
  account: string,
  debit: string | null,
  credit: string | null,
) => [
  journal,
  String(lineNo),
  `${period}-15`,
  period,
  account,
  `Line ${lineNo} of ${journal}`,
  debit,
  credit,
  null,
  null,
  null,
  null,
  null,
];

function file(rows: (string | null)[][], period: string | null = null): PipelineLoadFile {
  const id = randomUUID();
  fileRows.set(id, rows);
  return { id, name: `file-${id.slice(0, 4)}.csv`, period, rows: rows.length };
}

const glRequest = (files: PipelineLoadFile[]): PipelineLoadRequest => ({
  organizationId: org,
  targetTable: '02_GL_Detail',
  columns: GL_TYPE.columns.map((column) => column.name),
  periodBased: true,
  files,
});

async function query<T>(statement: string): Promise<T[]> {
  return warehouse.withOrganization(org, async (tx) => {
    const result = (await tx.execute(statement)) as unknown as { rows: T[] };
    return result.rows;
  });
}
const glState = () =>
  query<{
    row_id: string;
    source: string;
    journal_id: string;
    line_no: number;
    period: string;
    debit: string;
    credit: string;
  }>(
    `select row_id::text, source, journal_id, line_no, period, debit::text, credit::text from "02_GL_Detail" order by row_id`,
  );
/** Row counts and sums of every table: what "the warehouse is unchanged" compares. */
const warehouseTotals = () =>
  query(
    `select (select count(*)::int from "00_Period") as periods, (select count(*)::int from "01_Account") as accounts,
       (select count(*)::int from "02_GL_Detail") as lines, (select coalesce(sum(debit), 0)::text from "02_GL_Detail") as debit,
       (select coalesce(sum(credit), 0)::text from "02_GL_Detail") as credit`,
  );

async function refusal(work: Promise<unknown>): Promise<PipelineLoadRefused> {
  const error = await work.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(PipelineLoadRefused);
  return error as PipelineLoadRefused;
}

describe('loading GL Detail files', () => {
  it('loads a balanced file as source upload lines, creates its new period and reports every step', async () => {
    const progress: LoadProgress[] = [];
    const result = await loader.load(
      glRequest([
        file(
          [
            line('J1', 1, '2024-02', '1000', '100.50', '0'),
            line('J1', 2, '2024-02', '4000', '0', '100.50'),
            line('J2', 1, '2024-02', '1000', '5.00', '0'),
            line('J2', 2, '2024-02', '4000', '0', '5.00'),
          ],
          '2024-02',
        ),
      ]),
      { onProgress: (update) => void progress.push(update) },
    );

    expect(result).toMatchObject({ rowsRead: 4, rowsLoaded: 4, rowsDeleted: 0, periodsCreated: ['2024-02'] });
    expect((await glState()).map(({ row_id: _id, ...rest }) => rest)).toEqual([
      { source: 'upload', journal_id: 'J1', line_no: 1, period: '2024-02', debit: '100.50', credit: '0.00' },
      { source: 'upload', journal_id: 'J1', line_no: 2, period: '2024-02', debit: '0.00', credit: '100.50' },
      { source: 'upload', journal_id: 'J2', line_no: 1, period: '2024-02', debit: '5.00', credit: '0.00' },
      { source: 'upload', journal_id: 'J2', line_no: 2, period: '2024-02', debit: '0.00', credit: '5.00' },
    ]);
    // Numbered in the fiscal year of the latest period (2024-01 is period 10 of fiscal 2024).
    expect(
      await query(`select "Period", start_date::text, end_date::text, fiscal_year, fiscal_period, is_closed
      from "00_Period" where "Period" = '2024-02'`),
    ).toEqual([
      {
        Period: '2024-02',
        start_date: '2024-02-01',
        end_date: '2024-02-29',
        fiscal_year: 2024,
        fiscal_period: 11,
        is_closed: false,
      },
    ]);
    // Queryable through the views at once.
    expect(await query(`select period, account_code, amount::text from vw_profit_and_loss`)).toEqual([
      { period: '2024-02', account_code: '4000', amount: '105.50' },
    ]);
    expect(progress.filter((update) => update.status === 'done')).toEqual([
      { step: 'stage', status: 'done', done: 4, total: 4 },
      { step: 'validate', status: 'done', done: 4, total: 4 },
      { step: 'load', status: 'done', done: 4, total: 4 },
      { step: 'refresh', status: 'done', done: 4, total: 4 },
    ]);
  });

  it('reads an empty debit or credit as 0, as exports write a line of one side only', async () => {
    await loader.load(
      glRequest([
        file(
          [line('J9', 1, '2024-02', '1000', '12.00', null), line('J9', 2, '2024-02', '4000', null, '12.00')],
          '2024-02',
        ),
      ]),
    );

    expect(
      (await glState()).map(({ journal_id, line_no, debit, credit }) => ({ journal_id, line_no, debit, credit })),
    ).toEqual([
      { journal_id: 'J9', line_no: 1, debit: '12.00', credit: '0.00' },
      { journal_id: 'J9', line_no: 2, debit: '0.00', credit: '12.00' },
    ]);
  });

  it('refuses an unbalanced journal naming it and its difference, and leaves the warehouse as it was', async () => {
    await loader.load(
      glRequest([file([line('J0', 1, '2024-01', '1000', '7.00', '0'), line('J0', 2, '2024-01', '4000', '0', '7.00')])]),
    );
    const before = await warehouseTotals();

    const refused = await refusal(
      loader.load(
        glRequest([
          file(
            [
              line('J1', 1, '2024-01', '1000', '100.00', '0'),
              line('J1', 2, '2024-01', '4000', '0', '100.00'),
              line('J7', 1, '2024-01', '1000', '1250.75', '0'),
              line('J7', 2, '2024-01', '4000', '0', '1000.00'),
            ],
            '2024-01',
          ),
        ]),
      ),
    );

    expect(refused.message).toBe('Journal J7 would be out of balance by 250.75');
    expect(refused.problems).toEqual([
      {
        file: expect.stringMatching(/^file-/),
        line: 4,
        column: 'journal_id',
        value: 'J7',
        problem: journalMessages.outOfBalance('J7', '250.75'),
      },
    ]);
    expect(await warehouseTotals()).toEqual(before);
  });

  it('refuses an unknown account and a closed period, each named, and writes nothing', async () => {
    const before = await warehouseTotals();
    const refused = await refusal(
      loader.load(
        glRequest([
          file(
            [line('J1', 1, '2023-12', '1000', '3.00', '0'), line('J1', 2, '2023-12', '9999', '0', '3.00')],
            '2023-12',
          ),
        ]),
      ),
    );
    expect(refused.problems.map((problem) => problem.problem)).toEqual([
      journalMessages.periodClosed('2023-12'),
      journalMessages.accountUnknown('9999'),
    ]);
    expect(refused.problems[1]).toMatchObject({ line: 3, column: 'account_code', value: '9999' });
    expect(await warehouseTotals()).toEqual(before);
  });

  it('refuses a line twice in the files and a source other than upload', async () => {
    const refused = await refusal(
      loader.load(
        glRequest([
          file([line('J1', 1, '2024-01', '1000', '3.00', '0'), line('J1', 2, '2024-01', '4000', '0', '3.00')]),
          file([line('J1', 2, '2024-01', '4000', '0', '3.00')]),
        ]),
      ),
    );
    expect(refused.problems.map((problem) => problem.problem)).toEqual([
      pipelineMessages.duplicateKey('Journal J1, line 2'),
      // The line counted twice unbalances its journal too.
      journalMessages.outOfBalance('J1', '3.00'),
    ]);

    const manual = line('J2', 1, '2024-01', '1000', '3.00', '0');
    manual[11] = 'manual';
    const sourced = await refusal(loader.load(glRequest([file([manual])])));
    expect(sourced.problems).toEqual([
      {
        file: expect.any(String),
        line: 2,
        column: 'source',
        value: 'manual',
        problem: pipelineMessages.glSourceNotUpload('manual'),
      },
    ]);
  });

  it.each([
    ['a load', () => loader],
    ['a large load', () => bulkLoader],
  ])('names journal lines the files hold twice even when the journal balances (%s)', async (_, loaderOf) => {
    const before = await warehouseTotals();
    const journal = [line('J1', 1, '2024-01', '1000', '3.00', '0'), line('J1', 2, '2024-01', '4000', '0', '3.00')];
    const files = [file(journal, '2024-01'), file(journal, '2024-01')];

    const refused = await refusal(loaderOf().load(glRequest(files)));

    expect(refused.problems).toEqual([
      { file: files[0]!.name, line: 2, problem: pipelineMessages.duplicateKey('Journal J1, line 1') },
      { file: files[0]!.name, line: 3, problem: pipelineMessages.duplicateKey('Journal J1, line 2') },
    ]);
    expect(await warehouseTotals()).toEqual(before);
  });

  it('replaces only uploaded lines of the periods when asked to, and says how many it removed', async () => {
    await warehouse.copyRows(
      org,
      '02_GL_Detail',
      ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit', 'source'],
      [
        ['M1', 1, '2024-01-02', '2024-01', '1000', '9.00', '0', 'manual'],
        ['M1', 2, '2024-01-02', '2024-01', '4000', '0', '9.00', 'manual'],
        ['OLD', 1, '2024-01-02', '2024-01', '1000', '1.00', '0', 'upload'],
        ['OLD', 2, '2024-01-02', '2024-01', '4000', '0', '1.00', 'upload'],
      ],
    );
    const files = [
      file([line('J1', 1, '2024-01', '1000', '3.00', '0'), line('J1', 2, '2024-01', '4000', '0', '3.00')], '2024-01'),
    ];
    const first = await loader.load({ ...glRequest(files), mode: 'replace-periods' });
    const afterFirst = await glState();

    expect(first).toMatchObject({
      mode: 'replace-periods',
      rowsLoaded: 2,
      rowsAdded: 2,
      rowsDeleted: 2,
      rowsReplaced: 0,
    });
    expect(afterFirst.map((row) => `${row.source} ${row.journal_id} ${row.line_no}`)).toEqual([
      'manual M1 1',
      'manual M1 2',
      'upload J1 1',
      'upload J1 2',
    ]);
    // The same file again, replacing the period: its lines are overwritten by themselves, nothing changes.
    const second = await loader.load({ ...glRequest(files), mode: 'replace-periods' });
    expect(second).toMatchObject({ rowsRead: 2, rowsLoaded: 0, rowsDeleted: 0, rowsAdded: 0, periodsCreated: [] });
    expect(await glState()).toEqual(afterFirst);
  });

  it('refuses a data type that lacks a column its pipeline needs, before reading any file', async () => {
    // A GL line's number and period can be derived (derived-columns.ts); its journal cannot.
    const refused = await refusal(
      loader.load({ ...glRequest([file([['1', '2024-01']])]), columns: ['line_no', 'period'] }),
    );
    expect(refused.problems).toEqual([{ problem: pipelineMessages.keyColumnMissing('journal_id') }]);
  });

  it('stops before writing anything when its signal is aborted', async () => {
    const controller = new AbortController();
    const before = await warehouseTotals();
    const work = loader.load(
      glRequest([file([line('J1', 1, '2024-01', '1000', '3.00', '0'), line('J1', 2, '2024-01', '4000', '0', '3.00')])]),
      {
        signal: controller.signal,
        onProgress: (update) => {
          if (update.step === 'stage' && update.status === 'done') controller.abort();
        },
      },
    );
    await expect(work).rejects.toThrow(/aborted/i);
    expect(await warehouseTotals()).toEqual(before);
  });

  it("never holds the database while it reads a slow file: another organization's read is answered meanwhile", async () => {
    const other = randomUUID();
    await warehouse.provision(other);
    let reading!: () => void;
    const slowRead = new Promise<void>((resolve) => (reading = resolve));
    const journals = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => [
        line(`J${from + i}`, 1, '2024-01', '1000', '3.00', '0'),
        line(`J${from + i}`, 2, '2024-01', '4000', '0', '3.00'),
      ]).flat();
    const slowLoader = createLedgerEngine({
      warehouse,
      // A file whose lines after the 6,000th take a second to decrypt and parse (beyond the first piece of
      // 5,000 rows a COPY statement is sent).
      openFileRows: async function* () {
        yield journals(0, 3_000);
        reading();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        yield journals(3_000, 3_010);
      },
    });
    const run = slowLoader.load(glRequest([file([])]));
    await slowRead;

    const started = performance.now();
    await warehouse.withOrganization(other, (tx) => tx.execute('select 1'));
    const waited = performance.now() - started;
    await run;

    // Before, the COPY's transaction was open while the file was read: on the embedded database the other
    // organization waited for the rest of that second.
    expect(waited).toBeLessThan(500);
    expect(await query(`select count(*)::int as lines from "02_GL_Detail"`)).toEqual([{ lines: 6_020 }]);
  });
});

describe('loading accounts', () => {
  it('adds new accounts, leaves an identical one as it is, and refuses one the ledger holds with other values', async () => {
    const chart = standard('chart_of_accounts');
    const request = (rows: (string | null)[][]): PipelineLoadRequest => ({
      organizationId: org,
      targetTable: '01_Account',
      columns: chart.columns.map((column) => column.name),
      periodBased: false,
      files: [file(rows)],
    });
    const result = await loader.load(
      request([
        ['1000', 'Cash', 'asset', null, null, 'true'],
        ['5000', 'Rent', 'expense', 'operating_expense', null, 'true'],
      ]),
    );
    expect(result).toMatchObject({ rowsRead: 2, rowsLoaded: 1, rowsAdded: 1 });
    const refused = await refusal(loader.load(request([['4000', 'Revenue', 'revenue', 'sales', null, 'true']])));
    const today = new Date().toISOString().slice(0, 10);
    expect(refused.problems).toEqual([
      expect.objectContaining({
        line: 2,
        problem: pipelineMessages.keyInLedger('Account 4000', 'the demo books', today),
      }),
    ]);
    expect(
      await query(`select account_code, account_name, account_type, account_subtype from "01_Account" order by 1`),
    ).toEqual([
      { account_code: '1000', account_name: 'Cash', account_type: 'asset', account_subtype: null },
      { account_code: '4000', account_name: 'Sales', account_type: 'revenue', account_subtype: null },
      { account_code: '5000', account_name: 'Rent', account_type: 'expense', account_subtype: 'operating_expense' },
    ]);
  });

  it('names an account type the table does not know', async () => {
    const chart = standard('chart_of_accounts');
    const refused = await refusal(
      loader.load({
        organizationId: org,
        targetTable: '01_Account',
        columns: chart.columns.map((column) => column.name),
        periodBased: false,
        files: [file([['6000', 'Odd', 'income', null, null, null]])],
      }),
    );
    expect(refused.message).toBe(pipelineMessages.accountTypeInvalid('income'));
  });
});

describe('large loads', () => {
  /** The GL's indexes and constraints as the catalog has them. */
  const glStructure = () =>
    query<{ name: string; definition: string }>(
      `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
         where conrelid = '"02_GL_Detail"'::regclass
       union all
       select indexname, indexdef from pg_indexes where tablename = '02_GL_Detail' and schemaname = current_schema()
       order by 1, 2`,
    );

  it('rebuilds the indexes and keys it set aside, and the keys still hold afterwards', async () => {
    const before = await glStructure();
    const result = await bulkLoader.load(
      glRequest([
        file([line('J1', 1, '2024-01', '1000', '3.00', '0'), line('J1', 2, '2024-01', '4000', '0', '3.00')], '2024-01'),
      ]),
    );
    expect(result).toMatchObject({ rowsLoaded: 2 });
    expect(await glStructure()).toEqual(before);
    expect(before.map((item) => item.name)).toEqual(
      expect.arrayContaining([
        '02_GL_Detail_account_code_fkey',
        '02_GL_Detail_period_fkey',
        '02_GL_Detail_source_journal_id_line_no_key',
        '02_GL_Detail_posting_date_idx',
      ]),
    );
    // The foreign key is back and enforced.
    await expect(
      query(`insert into "02_GL_Detail" (journal_id, line_no, posting_date, period, account_code)
        values ('X', 1, '2024-01-01', '2024-01', 'nope')`),
    ).rejects.toThrow();
  });

  it('leaves the warehouse, its indexes and keys as they were when the write itself fails', async () => {
    await loader.load(
      glRequest([file([line('J0', 1, '2024-01', '1000', '7.00', '0'), line('J0', 2, '2024-01', '4000', '0', '7.00')])]),
    );
    const structure = await glStructure();
    const totals = await warehouseTotals();

    // A negative line number passes the checks of the files but not the table's own (line_no >= 0).
    const work = bulkLoader.load(
      glRequest([
        file(
          [line('J1', -1, '2024-01', '1000', '3.00', '0'), line('J1', 2, '2024-01', '4000', '0', '3.00')],
          '2024-01',
        ),
      ]),
    );

    await expect(work).rejects.toMatchObject({ code: '23514' });
    expect(await glStructure()).toEqual(structure);
    expect(await warehouseTotals()).toEqual(totals);
  });
});

describe('a month loaded in bulk, in a partition of its own', () => {
  /** Where each line lives: the GL's partition holding it, by period. */
  const partitions = () =>
    query<{ period: string; partition: string; lines: number }>(
      `select g.period, c.relname as partition, count(*)::int as lines from "02_GL_Detail" g
         join pg_class c on c.oid = g.tableoid group by 1, 2 order by 1, 2`,
    );
  const month = (journal: string, amount: string, period = '2024-02') => [
    line(journal, 1, period, '1000', amount, '0'),
    line(journal, 2, period, '4000', '0', amount),
  ];

  it('writes a new month into its own partition, with its lineage, row ids in file order and its keys', async () => {
    const first = file([...month('J1', '10.00'), ...month('J2', '2.50')], '2024-02');
    const result = await bulkLoader.load({ ...glRequest([first]), runId: randomUUID() });

    expect(result).toMatchObject({ rowsRead: 4, rowsLoaded: 4, rowsAdded: 4, periodsCreated: ['2024-02'] });
    expect(await partitions()).toEqual([{ period: '2024-02', partition: '02_GL_Detail_2024-02', lines: 4 }]);
    const lines = await query<{ journal_id: string; line_no: number; row_id: string; file_id: string; load: boolean }>(
      `select journal_id, line_no, row_id::text, file_id::text, load_id is not null as load from "02_GL_Detail" order by row_id`,
    );
    expect(lines.map((row) => `${row.journal_id}/${row.line_no}`)).toEqual(['J1/1', 'J1/2', 'J2/1', 'J2/2']);
    expect(lines.every((row) => row.file_id === first.id && row.load)).toBe(true);
    // Row ids go on from the GL's identity: a line written through the table comes after them.
    const [added] = await query<{ row_id: string }>(
      `insert into "02_GL_Detail" (journal_id, line_no, posting_date, period, account_code, source)
        values ('M1', 1, '2024-02-03', '2024-02', '1000', 'manual') returning row_id::text`,
    );
    expect(Number(added!.row_id)).toBe(Number(lines[3]!.row_id) + 1);
    // The GL's keys hold on the partition: an unknown account, a line twice.
    await expect(
      query(`insert into "02_GL_Detail" (journal_id, line_no, posting_date, period, account_code)
        values ('X', 1, '2024-02-01', '2024-02', 'nope')`),
    ).rejects.toMatchObject({ cause: { code: '23503' } });
    await expect(
      query(`insert into "02_GL_Detail" (journal_id, line_no, posting_date, period, account_code, source)
        values ('J1', 1, '2024-02-01', '2024-02', '1000', 'upload')`),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    // The statements' aggregates cover it.
    expect(
      await query(`select sum(debit)::text as debit from "05_Monthly_Balance" where grain = 0 and period = '2024-02'`),
    ).toEqual([{ debit: '12.50' }]);
  });

  it('writes a month the ledger already holds through the table, with the same rules', async () => {
    await loader.load(glRequest([file(month('J1', '1.00', '2024-01'), '2024-01')]));
    await bulkLoader.load(glRequest([file(month('J2', '2.00', '2024-01'), '2024-01')]));
    expect(await partitions()).toEqual([{ period: '2024-01', partition: '02_GL_Detail_default', lines: 4 }]);

    const again = await refusal(bulkLoader.load(glRequest([file(month('J2', '2.00', '2024-03'), '2024-03')])));
    expect(again.problems).toEqual([
      expect.objectContaining({ line: 2, column: 'journal_id', value: 'J2', problem: expect.stringContaining('J2') }),
    ]);
    expect(await partitions()).toEqual([{ period: '2024-01', partition: '02_GL_Detail_default', lines: 4 }]);
  });

  it("refuses a journal another month's partition holds, whether or not its ids lie beside the new month's", async () => {
    await bulkLoader.load(glRequest([file([...month('J2', '1.00'), ...month('J5', '1.00')], '2024-02')]));
    // J3 lies between J2 and J5: that partition is read; J2 itself is named.
    const inside = await refusal(
      bulkLoader.load(
        glRequest([file([...month('J3', '1.00', '2024-03'), ...month('J2', '1.00', '2024-03')], '2024-03')]),
      ),
    );
    expect(inside.problems).toEqual([
      expect.objectContaining({ line: 4, column: 'journal_id', value: 'J2', problem: expect.stringContaining('J2') }),
    ]);
    // J7 and J8 lie above every journal of 2024-02: loaded without reading it, into a partition of their own.
    await bulkLoader.load(
      glRequest([file([...month('J7', '1.00', '2024-03'), ...month('J8', '1.00', '2024-03')], '2024-03')]),
    );
    expect(await partitions()).toEqual([
      { period: '2024-02', partition: '02_GL_Detail_2024-02', lines: 4 },
      { period: '2024-03', partition: '02_GL_Detail_2024-03', lines: 4 },
    ]);
    // Below them again: J1 is new, J5 is not.
    const below = await refusal(
      bulkLoader.load(
        glRequest([file([...month('J1', '1.00', '2024-04'), ...month('J5', '1.00', '2024-04')], '2024-04')]),
      ),
    );
    expect(below.problems).toEqual([expect.objectContaining({ line: 4, value: 'J5' })]);
  });

  it('refuses a journal the default partition holds, and checks nothing when no partition can hold one', async () => {
    // A month already holding lines keeps them in the default partition (its journals J4 and J6).
    await loader.load(
      glRequest([file([...month('J4', '1.00', '2024-01'), ...month('J6', '1.00', '2024-01')], '2024-01')]),
    );
    const repeated = await refusal(
      bulkLoader.load(glRequest([file([...month('J5', '1.00'), ...month('J6', '1.00')], '2024-02')])),
    );
    expect(repeated.problems).toEqual([expect.objectContaining({ line: 4, column: 'journal_id', value: 'J6' })]);
    // J1 and J2 lie below every journal of the ledger: loaded without a lookup.
    await bulkLoader.load(glRequest([file([...month('J1', '1.00'), ...month('J2', '1.00')], '2024-02')]));
    expect(await partitions()).toEqual([
      { period: '2024-01', partition: '02_GL_Detail_default', lines: 4 },
      { period: '2024-02', partition: '02_GL_Detail_2024-02', lines: 4 },
    ]);
  });

  it('puts lines of other periods through the table beside the new month', async () => {
    await loader.load(glRequest([file(month('J1', '1.00', '2024-01'), '2024-01')]));
    const result = await bulkLoader.load(
      glRequest([file([...month('J2', '2.00'), ...month('J3', '3.00', '2024-01')], null)]),
    );
    expect(result).toMatchObject({ rowsLoaded: 4, rowsAdded: 4, periods: ['2024-01', '2024-02'] });
    expect(await partitions()).toEqual([
      { period: '2024-01', partition: '02_GL_Detail_default', lines: 4 },
      { period: '2024-02', partition: '02_GL_Detail_2024-02', lines: 2 },
    ]);
  });

  it('is undone like any load, and the month loaded again gets its partition again', async () => {
    const totals = await warehouseTotals();
    const runId = randomUUID();
    const rows = [...month('J1', '10.00'), ...month('J2', '2.50')];
    await bulkLoader.load({ ...glRequest([file(rows, '2024-02')]), runId });
    expect(await bulkLoader.undo(org, runId, 'tester')).toMatchObject({ periods: ['2024-02'] });
    expect(await warehouseTotals()).toEqual(totals);

    await bulkLoader.load(glRequest([file(rows, '2024-02')]));
    expect(await partitions()).toEqual([{ period: '2024-02', partition: '02_GL_Detail_2024-02', lines: 4 }]);
  });

  it('leaves no partition behind when the month cannot be attached', async () => {
    // A line of the month twice: the partition's unique key refuses it as it is attached.
    const work = bulkLoader.load(glRequest([file([...month('J1', '1.00'), ...month('J1', '1.00')], '2024-02')]));
    await expect(work).rejects.toBeInstanceOf(Error);
    expect(await partitions()).toEqual([]);
    expect(
      await query(
        `select count(*)::int as tables from pg_class
           where relname = '02_GL_Detail_2024-02' and relnamespace = current_schema()::regnamespace`,
      ),
    ).toEqual([{ tables: 0 }]);
  });
});

describe('the monthly aggregates after a load', () => {
  /** Both aggregate tables and the refresh row's figures, as stored. */
  const aggregates = (tx: Parameters<Parameters<WarehouseService['withOrganization']>[1]>[0]) =>
    Promise.all(
      [
        `select grain, period, account_code, entity, department, debit::text, credit::text, net::text, lines::int
           from "05_Monthly_Balance" order by 1, 2, 3, 4 nulls first, 5 nulls first`,
        `select period, entity, department, cash_in::text, cash_out::text
           from "05_Monthly_Cash_Flow" order by 1, 2 nulls first, 3 nulls first`,
        `select rows, last_period, entities, departments from "05_Aggregate_Refresh"`,
      ].map(async (statement) => ((await tx.execute(statement)) as unknown as { rows: unknown[] }).rows),
    );
  /** The aggregates as stored, and as a full rebuild makes them (in a transaction rolled back). */
  async function storedAndRebuilt() {
    const stored = await warehouse.withOrganization(org, aggregates);
    let rebuilt: unknown;
    const rollBack = new Error('roll back');
    await warehouse
      .withOrganization(org, async (tx) => {
        await refreshAggregatesOn(queryClientOf(tx), warehouse.schemaOf(org));
        rebuilt = await aggregates(tx);
        throw rollBack;
      })
      .catch((error: unknown) => {
        if (error !== rollBack) throw error;
      });
    return { stored, rebuilt };
  }
  const tagged = (row: (string | null)[], entity: string | null, department: string | null) => {
    row[8] = entity;
    row[9] = department;
    return row;
  };

  it('are what a full rebuild makes when small files add journals to a month that has lines (moved by their share)', async () => {
    await query(`update "01_Account" set account_subtype = 'cash' where account_code = '1000'`);
    await loader.load(
      glRequest([
        file([
          tagged(line('J1', 1, '2024-01', '1000', '100.00', '0'), 'E1', 'Sales'),
          tagged(line('J1', 2, '2024-01', '4000', '0', '100.00'), 'E1', 'Sales'),
        ]),
      ]),
    );
    await loader.load(
      glRequest([
        file([
          tagged(line('J2', 1, '2024-01', '4000', '25.50', '0'), 'E2', null),
          tagged(line('J2', 2, '2024-01', '1000', '0', '25.50'), 'E2', null),
          tagged(line('J3', 1, '2024-01', '1000', '7.25', '0'), 'E1', 'Sales'),
          tagged(line('J3', 2, '2024-01', '4000', '0', '7.25'), 'E1', 'Sales'),
        ]),
      ]),
    );

    const { stored, rebuilt } = await storedAndRebuilt();
    expect(stored).toEqual(rebuilt);
    expect(stored[2]).toEqual([{ rows: 4, last_period: '2024-01', entities: ['E1', 'E2'], departments: ['Sales'] }]);
  });

  it('are what a full rebuild makes after a file replaces the rows of an earlier one (its periods rebuilt)', async () => {
    const first = file([
      line('J1', 1, '2024-01', '1000', '10.00', '0'),
      line('J1', 2, '2024-01', '4000', '0', '10.00'),
    ]);
    await loader.load(glRequest([first]));
    await loader.load(
      glRequest([
        {
          ...file([line('J1', 1, '2024-01', '1000', '12.00', '0'), line('J1', 2, '2024-01', '4000', '0', '12.00')]),
          replacesFileId: first.id,
        },
      ]),
    );

    const { stored, rebuilt } = await storedAndRebuilt();
    expect(stored).toEqual(rebuilt);
  });
});
