import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STANDARD_DATA_TYPES } from '@finboard/shared/data-types';
import { journalMessages } from '@finboard/shared/journals';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { qualifiedName } from '../../warehouse/identifiers.ts';
import { createWarehouseService, type WarehouseService } from '../../warehouse/warehouse.service.ts';
import { createLedgerEngine, PipelineLoadRefused } from './ledger-engine.ts';

/**
 * A load checks what its files decide alone (values, balance, repeated keys) before it waits for the ledger's
 * locks: a file that breaks those rules is refused at once, even while another writer holds the ledger.
 * PostgreSQL only by nature: on the embedded database an open transaction makes every other one wait, the
 * load's staging included (vitest.config.ts leaves *.postgres.test.ts out of api-pglite).
 */
let database: DatabaseHandle;
let warehouse: WarehouseService;
const rows = new Map<string, (string | null)[][]>();

beforeAll(async () => {
  database = await openTestDatabase();
  warehouse = createWarehouseService({ database, logger: pino({ level: 'silent' }) });
});
afterAll(() => database?.close());

it('refuses a file whose journal does not balance at once, while another writer holds the ledger', async () => {
  const org = randomUUID();
  await warehouse.provision(org);
  await warehouse.copyRows(
    org,
    '00_Period',
    ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'],
    [['2024-01', '2024-01-01', '2024-01-31', 2024, 1]],
  );
  await warehouse.copyRows(
    org,
    '01_Account',
    ['account_code', 'account_name', 'account_type'],
    [['1000', 'Cash', 'asset']],
  );
  const loader = createLedgerEngine({
    warehouse,
    openFileRows: async function* (_organizationId, fileId) {
      yield rows.get(fileId)!;
    },
  });
  const fileId = randomUUID();
  const line = (lineNo: number, debit: string, credit: string) => [
    'J1',
    String(lineNo),
    '2024-01-15',
    '2024-01',
    '1000',
    'Line',
    debit,
    credit,
    null,
    null,
    null,
    null,
    null,
  ];
  rows.set(fileId, [line(1, '10.00', '0'), line(2, '0', '7.50')]);

  // A Studio edit of the ledger, not yet committed.
  const editor = await database.pool.connect();
  try {
    await editor.query('BEGIN');
    await editor.query(`LOCK TABLE ${qualifiedName(warehouse.schemaOf(org), '02_GL_Detail')} IN ROW EXCLUSIVE MODE`);
    const load = loader.load({
      organizationId: org,
      targetTable: '02_GL_Detail',
      columns: STANDARD_DATA_TYPES.find((type) => type.key === 'gl_detail')!.columns.map((column) => column.name),
      periodBased: true,
      files: [{ id: fileId, name: 'january.csv', period: '2024-01', rows: 2 }],
    });
    const outcome = await Promise.race([
      load.then(
        () => 'loaded',
        (error: unknown) => error,
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting for the ledger after 3 s'), 3_000)),
    ]);

    expect(outcome).toBeInstanceOf(PipelineLoadRefused);
    expect((outcome as PipelineLoadRefused).problems).toEqual([
      {
        file: 'january.csv',
        line: 2,
        column: 'journal_id',
        value: 'J1',
        problem: journalMessages.outOfBalance('J1', '2.50'),
      },
    ]);
    await load.catch(() => undefined);
  } finally {
    await editor.query('ROLLBACK');
    editor.release();
  }
});
