import http from 'node:http';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeFilters, type DataFilter, type DataListQueryParsed } from '@finboard/shared/data-management';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, login } from '../../../test/factories.ts';
import { seedLedger } from '../../../test/ledger.ts';
import { spreadsheetCsv } from '../../platform/csv/csv-writer.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createDataManagementService, type DataManagementService } from './data-management.service.ts';
import { createStudioLedger } from './studio-change.ts';
import { studioLedgerRepository } from './studio-ledger.repository.ts';

/** Small batches over a ledger of 900 lines (one grid page holds it all): every export crosses many batch breaks. */
const LINES = 900;
const BATCH = 40;
/** The ledger exported through HTTP, with the route's own batches (1,000 rows first, then growing). */
const BIG_LINES = 30_000;

let t: TestApp;
let admin: string;
let orgId: string;
let bigOrgId: string;
let service: DataManagementService;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, TEST_ADMIN);
  orgId = (await createOrganization(t.database)).id;
  bigOrgId = (await createOrganization(t.database)).id;
  const { warehouse } = t.app.services;
  await warehouse.provision(orgId);
  await warehouse.provision(bigOrgId);
  await seedLedger(warehouse, orgId, LINES);
  await seedLedger(warehouse, bigOrgId, BIG_LINES);
  service = createDataManagementService({
    warehouse,
    audit: createAuditService({ db: t.database.db }),
    organizations: t.app.services.organizations,
    logger: t.app.log,
    ledger: createStudioLedger(studioLedgerRepository),
    nameOf: async () => undefined,
    exportBatchRows: { first: BATCH, largest: BATCH },
  });
  // Seeding 30,000 lines on a shared machine.
}, 120_000);
afterAll(() => t?.close());

type Query = Pick<DataListQueryParsed, 'sortBy' | 'sortOrder' | 'filters'>;

/** The grid's answer for the same view in one query (one page holding every row), as the export writes it. */
async function gridCsv(table: string, query: Query) {
  const page = await service.list(orgId, table, { ...query, page: 1, pageSize: 1000 });
  expect(page.rows).toHaveLength(page.pagination.total);
  const names = page.columns.map((column) => column.name);
  return spreadsheetCsv([names, ...page.rows.map((row) => names.map((name) => row[name] ?? null))]);
}

/**
 * Waits until an exclusive lock on the organization's GL can be taken: no transaction of an export still
 * holds the table (on PostgreSQL one left idle in transaction fails this after 3 s; PGlite, which runs
 * one transaction at a time, would never get here and the test times out).
 */
async function assertNothingHoldsTheLedger(organizationId: string) {
  const schema = t.app.services.warehouse.schemaOf(organizationId);
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '3s'`);
    await tx.execute(sql.raw(`lock table "${schema}"."02_GL_Detail" in access exclusive mode`));
  });
}

/** The log line of an export that stopped before its end (throws until there is one, for vi.waitFor). */
function stoppedLog(spy: { mock: { calls: unknown[][] } }, organizationId: string) {
  const call = spy.mock.calls.find(
    ([context, message]) =>
      message === 'data export stopped by the client' &&
      (context as { organizationId?: string }).organizationId === organizationId,
  );
  if (!call) throw new Error('no export of this organization has stopped');
  return call[0] as { rows: number };
}

describe('export in batches', () => {
  it.each<[string, Query]>([
    ['row_id ascending (the default)', { sortOrder: 'asc', filters: [] }],
    ['row_id descending', { sortBy: 'row_id', sortOrder: 'desc', filters: [] }],
    ['a text column with blanks, ascending', { sortBy: 'department', sortOrder: 'asc', filters: [] }],
    ['a text column with blanks, descending', { sortBy: 'department', sortOrder: 'desc', filters: [] }],
    ['a date with ties, descending', { sortBy: 'posting_date', sortOrder: 'desc', filters: [] }],
    ['an amount with ties, ascending', { sortBy: 'debit', sortOrder: 'asc', filters: [] }],
    ['an integer, descending', { sortBy: 'line_no', sortOrder: 'desc', filters: [] }],
    [
      'a text column within a filter',
      {
        sortBy: 'department',
        sortOrder: 'asc',
        filters: [{ column: 'period', op: 'between', value: '2023-03', valueTo: '2024-02' }] as DataFilter[],
      },
    ],
  ])('streams every row sorted by %s in the grid’s order, across batch breaks', async (_name, query) => {
    const withOrganization = vi.spyOn(t.app.services.warehouse, 'withOrganization');
    try {
      const { stream } = await service.exportCsv(orgId, '02_GL_Detail', query);
      const csv = await text(stream);

      expect(csv).toBe(await gridCsv('02_GL_Detail', query));
      expect(csv.split('\r\n').length).toBeGreaterThan(query.filters.length > 0 ? 400 : LINES);
      // Each batch in a transaction of its own (the grid's query above adds one or two).
      expect(withOrganization.mock.calls.length).toBeGreaterThan(400 / BATCH);
    } finally {
      withOrganization.mockRestore();
    }
  });

  it.each<[string, string, Query]>([
    ['by offset, sorted by an amount', 'vw_profit_and_loss', { sortBy: 'amount', sortOrder: 'desc', filters: [] }],
    ['by offset, with blank account codes', 'vw_balance_sheet', { sortOrder: 'asc', filters: [] }],
  ])('streams a view bigger than a batch %s', async (_name, view, query) => {
    const { stream } = await service.exportCsv(orgId, view, query);
    const csv = await text(stream);

    expect(csv).toBe(await gridCsv(view, query));
    expect(csv.split('\r\n').length).toBeGreaterThan(2 * BATCH);
  });

  it('holds no transaction while the client does not read, and stops reading when the stream is destroyed', async () => {
    const info = vi.spyOn(t.app.log, 'info');
    const withOrganization = vi.spyOn(t.app.services.warehouse, 'withOrganization');
    try {
      const { stream } = await service.exportCsv(orgId, '02_GL_Detail', { sortOrder: 'asc', filters: [] });
      const first = await firstChunk(stream);
      expect(first.startsWith('row_id,journal_id,line_no,posting_date')).toBe(true);

      // The client is not reading: the export waits, holding nothing.
      await assertNothingHoldsTheLedger(orgId);
      const page = await service.list(orgId, '02_GL_Detail', { page: 2, pageSize: 10, sortOrder: 'asc', filters: [] });
      expect(page.rows).toHaveLength(10);

      stream.destroy();
      const stopped = await vi.waitFor(() => stoppedLog(info, orgId));
      expect(stopped.rows).toBeGreaterThan(0);
      expect(stopped.rows).toBeLessThan(LINES);
      const batchesRead = withOrganization.mock.calls.length - 1; // the page above
      expect(batchesRead).toBeLessThan(LINES / BATCH);
      await assertNothingHoldsTheLedger(orgId);
      expect(withOrganization.mock.calls.length - 1).toBe(batchesRead);
    } finally {
      info.mockRestore();
      withOrganization.mockRestore();
    }
  });
});

describe('export beside other requests', () => {
  it('turns a big batch into CSV a thousand rows at a time, with a turn of the event loop between', async () => {
    const bigBatches = createDataManagementService({
      warehouse: t.app.services.warehouse,
      audit: createAuditService({ db: t.database.db }),
      organizations: t.app.services.organizations,
      logger: t.app.log,
      ledger: createStudioLedger(studioLedgerRepository),
      nameOf: async () => undefined,
      exportBatchRows: { first: 5_000, largest: 5_000 },
    });
    let turns = 0;
    let turning = true;
    const turn = () => {
      turns += 1;
      if (turning) setImmediate(turn);
    };
    turn();
    const { stream } = await bigBatches.exportCsv(bigOrgId, '02_GL_Detail', { sortOrder: 'asc', filters: [] });
    const pieces: { rows: number; turns: number }[] = [];
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>)
        pieces.push({ rows: chunk.toString('utf8').split('\r\n').length - 1, turns });
    } finally {
      turning = false;
    }

    const rows = pieces.slice(1).map((piece) => piece.rows);
    expect(rows.reduce((sum, n) => sum + n, 0)).toBe(BIG_LINES);
    // Before, each batch was one piece of 5,000 rows, formatted while every other request waited.
    expect(Math.max(...rows)).toBe(1_000);
    for (const [i, piece] of pieces.entries())
      if (i > 1) expect(piece.turns, `turns before piece ${i}`).toBeGreaterThan(pieces[i - 1]!.turns);
  });
});

function firstChunk(stream: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    stream.once('data', (chunk: Buffer) => {
      stream.pause();
      resolve(chunk.toString('utf8'));
    });
    stream.once('error', reject);
  });
}

describe('export over HTTP', () => {
  it('stops reading the ledger when the client closes the connection mid-stream, and holds nothing', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const info = vi.spyOn(t.app.log, 'info');
    try {
      const received = await new Promise<number>((resolve, reject) => {
        const request = http.get(
          { host: '127.0.0.1', port, path: `/api/v1/crud/${bigOrgId}/02_GL_Detail/export`, headers: bearer(admin) },
          (response) => {
            if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
            response.once('data', (chunk: Buffer) => {
              request.destroy();
              resolve(chunk.length);
            });
          },
        );
        request.on('error', (error) => {
          if (!request.destroyed) reject(error);
        });
      });
      expect(received).toBeGreaterThan(0);

      const stopped = await vi.waitFor(() => stoppedLog(info, bigOrgId), { timeout: 30_000 });
      expect(stopped.rows).toBeLessThan(BIG_LINES);
      await assertNothingHoldsTheLedger(bigOrgId);

      const page = await t.app.inject({
        method: 'GET',
        url: `/api/v1/crud/${bigOrgId}/02_GL_Detail?pageSize=5`,
        headers: bearer(admin),
      });
      expect(page.statusCode).toBe(200);
      expect(page.json().data.rows).toHaveLength(5);
    } finally {
      info.mockRestore();
    }
  });

  it('still exports everything to a client that reads to the end', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/crud/${bigOrgId}/02_GL_Detail/export?sortBy=department&sortOrder=desc`,
      headers: bearer(admin),
    });

    expect(response.statusCode).toBe(200);
    const rows = Papa.parse<string[]>(response.body.trimEnd(), { newline: '\r\n' }).data;
    expect(rows).toHaveLength(BIG_LINES + 1);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(BIG_LINES);
  }, 60_000);
});

describe('export as a spreadsheet reads it', () => {
  it('escapes formulas in text cells and keeps negative amounts as numbers', async () => {
    const filters = encodeFilters([{ column: 'description', op: 'startsWith', value: '-2+3' }])!;
    const gl = await t.app.inject({
      method: 'GET',
      url: `/api/v1/crud/${orgId}/02_GL_Detail/export?filters=${encodeURIComponent(filters)}`,
      headers: bearer(admin),
    });
    const budget = await t.app.inject({
      method: 'GET',
      url: `/api/v1/crud/${orgId}/03_Budget/export?sortBy=period`,
      headers: bearer(admin),
    });

    expect(gl.statusCode).toBe(200);
    const glLines = gl.body.trimEnd().split('\r\n');
    expect(glLines).toHaveLength(3);
    expect(glLines[1]).toMatch(
      /^\d+,J0,1,2023-01-01,2023-01,1000,"'-2\+3\+cmd\|' \/C calc'!A0",0\.50,0\.00,,,,upload,$/,
    );
    expect(budget.statusCode).toBe(200);
    const budgetLines = budget.body.trimEnd().split('\r\n');
    expect(budgetLines[0]).toBe('row_id,period,account_code,department,amount');
    expect(budgetLines[1]).toMatch(/^\d+,2023-01,1300,,-1234\.50$/);
    expect(budgetLines[2]).toMatch(/^\d+,2023-02,1300,,980\.25$/);
    // Stored as loaded: the escaping belongs to the export only.
    const [stored] = (
      (await t.app.services.warehouse.withOrganization(orgId, (tx) =>
        tx.execute(sql`select description from "02_GL_Detail" where journal_id = 'J0' and line_no = 1`),
      )) as unknown as { rows: { description: string }[] }
    ).rows;
    expect(stored!.description).toBe("-2+3+cmd|' /C calc'!A0");
  });
});
