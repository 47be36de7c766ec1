import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STANDARD_DATA_TYPES } from '@finboard/shared/data-types';
import { journalMessages } from '@finboard/shared/journals';
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
