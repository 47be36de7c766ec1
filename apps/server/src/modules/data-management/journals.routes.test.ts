import { and, eq, like, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataManagementMessages } from '@finboard/shared/data-management';
import { journalMessages as m, type JournalLineInput } from '@finboard/shared/journals';
import { auditEvents } from '../../db/schema.ts';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, login } from '../../../test/factories.ts';
import { LEDGER_GL_COLUMNS } from '../../../test/ledger.ts';

let t: TestApp;
let admin: string;
let user: string;
let org: string;

/** Rows below leave out the department: they get a null there. */
const GL_COLUMNS = LEDGER_GL_COLUMNS;
const withoutDepartment = (rows: unknown[][]) => rows.map((row) => [...row.slice(0, 8), null, ...row.slice(8)]);
/** OB-202411-0001 as the issue tells it: line 3's debit of 400,000 is what the user mistypes. */
const LEDGER = [
  ['OB-202411-0001', 1, '2024-11-01', '2024-11', '1000', 'Opening cash', '100000.00', '0', 'manual'],
  ['OB-202411-0001', 2, '2024-11-01', '2024-11', '3100', 'Opening capital', '0', '500000.00', 'manual'],
  ['OB-202411-0001', 3, '2024-11-01', '2024-11', '1500', 'Opening equipment', '400000.00', '0', 'manual'],
  ['UP-1', 1, '2024-11-05', '2024-11', '1000', 'Uploaded sale', '10.00', '0', 'upload'],
  ['UP-1', 2, '2024-11-05', '2024-11', '4000', 'Uploaded sale', '0', '10.00', 'upload'],
  ['HALF-1', 1, '2024-11-06', '2024-11', '1000', 'Loaded unbalanced', '7.00', '0', 'manual'],
  ['OLD-1', 1, '2024-10-10', '2024-10', '1000', 'October sale', '25.00', '0', 'manual'],
  ['OLD-1', 2, '2024-10-10', '2024-10', '4000', 'October sale', '0', '25.00', 'manual'],
];

async function seedLedger(organizationId: string) {
  const warehouse = t.app.services.warehouse;
  await warehouse.provision(organizationId);
  await warehouse.copyRows(
    organizationId,
    '00_Period',
    ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period', 'is_closed'],
    [
      ['2024-10', '2024-10-01', '2024-10-31', 2024, 10, true],
      ['2024-11', '2024-11-01', '2024-11-30', 2024, 11, false],
    ],
  );
  await warehouse.copyRows(
    organizationId,
    '01_Account',
    ['account_code', 'account_name', 'account_type', 'account_subtype'],
    [
      ['1000', 'Cash', 'asset', 'cash'],
      ['1500', 'Equipment', 'asset', null],
      ['3100', 'Share capital', 'equity', null],
      ['4000', 'Sales', 'revenue', null],
    ],
  );
  await warehouse.copyRows(organizationId, '02_GL_Detail', GL_COLUMNS, withoutDepartment(LEDGER));
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, TEST_ADMIN);
  org = (await createOrganization(t.database)).id;
  await seedLedger(org);
  user = await login(t.app, await createUser(t.database, { organizationId: org }));
});
afterAll(() => t?.close());

const call = (options: InjectOptions & { token?: string }) => {
  const { token = user, ...rest } = options;
  return t.app.inject({ ...rest, headers: { ...rest.headers, ...bearer(token) } });
};
const gl = (path = '') => `/api/v1/crud/${org}/02_GL_Detail${path}`;
const journals = (path = '') => `/api/v1/crud/${org}/journals${path}`;

/** The stored ledger, as comparable text. */
const stored = async (organizationId = org) =>
  t.app.services.warehouse.withOrganization(organizationId, async (tx) =>
    rowsOf<{ row_id: number; journal_id: string; line_no: number; period: string; debit: string; credit: string }>(
      await tx.execute(sql`select row_id::int as row_id, source, journal_id, line_no, period, account_code,
        description, debit::text as debit, credit::text as credit from "02_GL_Detail" order by row_id`),
    ),
  );
const lineOf = async (journalId: string, lineNo: number, organizationId = org) => {
  const found = (await stored(organizationId)).find((row) => row.journal_id === journalId && row.line_no === lineNo);
  if (!found) throw new Error(`no line ${journalId}/${lineNo}`);
  return found;
};
const auditCount = async () =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from audit_events`))[0]!.n;

/** Calls `request`, expects the refusal `message` with `status`, and proves nothing changed. */
async function expectRefused(request: InjectOptions, status: number, message: string) {
  const ledgerBefore = await stored();
  const auditBefore = await auditCount();
  const response = await call(request);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ status: false, message });
  expect(await stored()).toEqual(ledgerBefore);
  expect(await auditCount()).toBe(auditBefore);
}

const line = (overrides: Partial<JournalLineInput> & Pick<JournalLineInput, 'line_no'>): JournalLineInput => ({
  posting_date: '2024-11-20',
  period: '2024-11',
  account_code: '1000',
  description: 'Manual entry',
  debit: '0',
  credit: '0',
  ...overrides,
});

describe('single-line writes of GL_Detail keep journals balanced', () => {
  it('refuses a cell edit that unbalances a journal, naming the journal and the difference, and stores nothing', async () => {
    const target = await lineOf('OB-202411-0001', 3);
    await expectRefused(
      { method: 'PUT', url: gl(`/${target.row_id}`), payload: { debit: '12345.67' } },
      400,
      'Journal OB-202411-0001 would be out of balance by 387,654.33',
    );
  });

  it('refuses Add Record of a one-line journal (a lone 100.00 debit)', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: gl(),
        payload: {
          journal_id: 'JE-LONE',
          line_no: 1,
          posting_date: '2024-11-20',
          period: '2024-11',
          account_code: '1000',
          debit: '100.00',
        },
      },
      400,
      m.outOfBalance('JE-LONE', '100.00'),
    );
  });

  it('refuses deleting a line that would leave its journal unbalanced', async () => {
    const target = await lineOf('OB-202411-0001', 1);
    await expectRefused(
      { method: 'DELETE', url: gl(`/${target.row_id}`) },
      400,
      m.outOfBalance('OB-202411-0001', '100,000.00'),
    );
  });

  it('refuses moving a line to another journal when either is left unbalanced', async () => {
    const target = await lineOf('OB-202411-0001', 1);
    await expectRefused(
      { method: 'PUT', url: gl(`/${target.row_id}`), payload: { journal_id: 'JE-ELSEWHERE' } },
      400,
      m.outOfBalance('OB-202411-0001', '100,000.00'),
    );
  });

  it('accepts edits that keep the balance, and corrections of a journal loaded unbalanced that do not move it', async () => {
    const target = await lineOf('OB-202411-0001', 2);
    const renamed = await call({ method: 'PUT', url: gl(`/${target.row_id}`), payload: { description: 'Capital' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const half = await lineOf('HALF-1', 1);
    const described = await call({ method: 'PUT', url: gl(`/${half.row_id}`), payload: { description: 'Checked' } });
    expect(described.statusCode, described.body).toBe(200);
    await expectRefused(
      { method: 'PUT', url: gl(`/${half.row_id}`), payload: { debit: '8.00' } },
      400,
      m.outOfBalance('HALF-1', '8.00'),
    );
  });

  it('adds and deletes a zero line, which leaves the journal balanced', async () => {
    const created = await call({
      method: 'POST',
      url: gl(),
      payload: {
        journal_id: 'UP-1',
        source: 'upload',
        line_no: 9,
        posting_date: '2024-11-05',
        period: '2024-11',
        account_code: '1000',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const rowId = created.json().data.createddata.row_id as number;
    const deleted = await call({ method: 'DELETE', url: gl(`/${rowId}`) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await stored()).some((row) => row.row_id === rowId)).toBe(false);
  });

  it('refuses edits, adds and deletes of lines of a closed period', async () => {
    const closed = await lineOf('OLD-1', 1);
    await expectRefused(
      { method: 'PUT', url: gl(`/${closed.row_id}`), payload: { description: 'Late fix' } },
      400,
      m.periodClosed('2024-10'),
    );
    await expectRefused({ method: 'DELETE', url: gl(`/${closed.row_id}`) }, 400, m.outOfBalance('OLD-1', '25.00'));
    const zero = {
      journal_id: 'OLD-1',
      line_no: 3,
      posting_date: '2024-10-10',
      period: '2024-10',
      account_code: '1000',
    };
    await expectRefused({ method: 'POST', url: gl(), payload: zero }, 400, m.periodClosed('2024-10'));
    // Moving an open line into the closed period is a change of that period too.
    const open = await lineOf('UP-1', 1);
    await expectRefused(
      { method: 'PUT', url: gl(`/${open.row_id}`), payload: { period: '2024-10' } },
      400,
      m.periodClosed('2024-10'),
    );
  });

  it('keeps "journals" and "reconciliation" from being read as tables', async () => {
    for (const name of ['journals', 'reconciliation']) {
      const response = await call({ method: 'PUT', url: `/api/v1/crud/${org}/${name}/1/history` });
      expect(response.statusCode).toBe(404);
      const listed = await call({ method: 'GET', url: `/api/v1/crud/${org}/${name}/export` });
      expect(listed.statusCode, listed.body).toBe(404);
    }
    const post = await call({ method: 'POST', url: `/api/v1/crud/${org}/reconciliation`, payload: { a: 1 } });
    expect(post.json()).toMatchObject({ status: false, message: dataManagementMessages.tableNotFound });
  });
});

describe('the journal API', () => {
  it('reads a journal with its lines and totals; source defaults to manual', async () => {
    const response = await call({ method: 'GET', url: journals('/OB-202411-0001') });
    expect(response.statusCode, response.body).toBe(200);
    const { journal } = response.json().data;
    expect(journal).toMatchObject({
      journal_id: 'OB-202411-0001',
      source: 'manual',
      debit: '500000.00',
      credit: '500000.00',
    });
    expect(journal.lines.map((row: { line_no: number; debit: string }) => [row.line_no, row.debit])).toEqual([
      [1, '100000.00'],
      [2, '0.00'],
      [3, '400000.00'],
    ]);
    const other = await call({ method: 'GET', url: journals('/UP-1') });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ status: false, message: m.journalNotFound });
    const uploaded = await call({ method: 'GET', url: journals('/UP-1?source=upload') });
    expect(uploaded.json().data.journal).toMatchObject({ source: 'upload', debit: '10.00', credit: '10.00' });
  });

  it('creates a balanced journal of two lines in one transaction, each line in the audit trail', async () => {
    const response = await call({
      method: 'POST',
      url: journals(),
      payload: {
        journal_id: 'JE-NEW-1',
        lines: [line({ line_no: 1, debit: '1250.10' }), line({ line_no: 2, account_code: '4000', credit: 1250.1 })],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      status: true,
      message: m.journalCreated,
      data: { journal: { journal_id: 'JE-NEW-1', source: 'manual', debit: '1250.10', credit: '1250.10' } },
    });
    const lines = (await stored()).filter((row) => row.journal_id === 'JE-NEW-1');
    expect(lines.map((row) => [row.line_no, row.debit, row.credit])).toEqual([
      [1, '1250.10', '0.00'],
      [2, '0.00', '1250.10'],
    ]);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, org), like(auditEvents.entityId, '02_GL_Detail:%')))
      .orderBy(auditEvents.entityId);
    const created = events.filter((event) => lines.some((row) => event.entityId === `02_GL_Detail:${row.row_id}`));
    expect(created.map((event) => event.action)).toEqual(['warehouse_row.created', 'warehouse_row.created']);
  });

  it('stores the entity and department of each line, trimmed, a blank one as none, and reads them back', async () => {
    const response = await call({
      method: 'POST',
      url: journals(),
      payload: {
        journal_id: 'JE-DIM-1',
        lines: [
          line({ line_no: 1, debit: '25.00', entity: ' US01 ', department: 'Sales' }),
          line({ line_no: 2, account_code: '4000', credit: '25.00', entity: 'US01', department: '  ' }),
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const dimensions = await t.app.services.warehouse.withOrganization(org, async (tx) =>
      rowsOf<{ line_no: number; entity: string | null; department: string | null }>(
        await tx.execute(sql`select line_no, entity, department from "02_GL_Detail"
          where journal_id = 'JE-DIM-1' order by line_no`),
      ),
    );
    expect(dimensions).toEqual([
      { line_no: 1, entity: 'US01', department: 'Sales' },
      { line_no: 2, entity: 'US01', department: null },
    ]);
    const read = await call({ method: 'GET', url: journals('/JE-DIM-1') });
    expect(
      read
        .json()
        .data.journal.lines.map((row: { entity: string | null; department: string | null }) => [
          row.entity,
          row.department,
        ]),
    ).toEqual([
      ['US01', 'Sales'],
      ['US01', null],
    ]);
  });

  it.each([
    ['one line', [line({ line_no: 1, debit: '100.00' })], m.tooFewLines],
    ['no line', [], m.tooFewLines],
    [
      'debits unequal to credits',
      [line({ line_no: 1, debit: '100.00' }), line({ line_no: 2, credit: '99.99' })],
      m.outOfBalance('JE-BAD', '0.01'),
    ],
    ['a line number twice', [line({ line_no: 1, debit: '5' }), line({ line_no: 1, credit: '5' })], m.duplicateLine(1)],
    ['a line with both sides', [line({ line_no: 1, debit: '5', credit: '5' }), line({ line_no: 2 })], m.bothSides(1)],
    ['three decimals', [line({ line_no: 1, debit: '5.001' }), line({ line_no: 2, credit: '5.001' })], m.amountInvalid],
    ['a negative amount', [line({ line_no: 1, debit: '-5' }), line({ line_no: 2, credit: '-5' })], m.amountInvalid],
    [
      'an unknown period',
      [line({ line_no: 1, debit: '5', period: '2030-01' }), line({ line_no: 2, credit: '5' })],
      m.periodUnknown('2030-01'),
    ],
    [
      'an unknown account',
      [line({ line_no: 1, debit: '5', account_code: '9999' }), line({ line_no: 2, credit: '5' })],
      m.accountUnknown('9999'),
    ],
    [
      'an entity of 1001 characters',
      [line({ line_no: 1, debit: '5', entity: 'E'.repeat(1001) }), line({ line_no: 2, credit: '5' })],
      m.entityTooLong,
    ],
    [
      'a department of 1001 characters',
      [line({ line_no: 1, debit: '5' }), line({ line_no: 2, credit: '5', department: 'D'.repeat(1001) })],
      m.departmentTooLong,
    ],
    [
      'a closed period',
      [line({ line_no: 1, debit: '5', period: '2024-10' }), line({ line_no: 2, credit: '5' })],
      m.periodClosed('2024-10'),
    ],
  ])('refuses a new journal with %s and stores nothing', async (_, lines, message) => {
    await expectRefused({ method: 'POST', url: journals(), payload: { journal_id: 'JE-BAD', lines } }, 400, message);
  });

  it('refuses a journal id that already exists', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: journals(),
        payload: { journal_id: 'OB-202411-0001', lines: [line({ line_no: 1 }), line({ line_no: 2 })] },
      },
      409,
      m.journalExists('OB-202411-0001'),
    );
  });

  it('replaces the lines by line number: kept rows keep their id and history, others are added or deleted', async () => {
    const created = await call({
      method: 'POST',
      url: journals(),
      payload: {
        journal_id: 'JE-EDIT',
        lines: [
          line({ line_no: 1, debit: '400000' }),
          line({ line_no: 2, account_code: '4000', credit: '400000' }),
          line({ line_no: 3, description: 'to go' }),
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = (await stored()).filter((row) => row.journal_id === 'JE-EDIT');

    // An unbalanced replacement changes nothing.
    await expectRefused(
      {
        method: 'PUT',
        url: journals('/JE-EDIT'),
        payload: {
          lines: [
            line({ line_no: 1, debit: '12345.67' }),
            line({ line_no: 2, account_code: '4000', credit: '400000' }),
          ],
        },
      },
      400,
      'Journal JE-EDIT would be out of balance by 387,654.33',
    );

    const response = await call({
      method: 'PUT',
      url: journals('/JE-EDIT'),
      payload: {
        lines: [
          line({ line_no: 1, debit: '12345.67' }),
          line({ line_no: 2, account_code: '4000', credit: '12345.67' }),
          line({ line_no: 4, description: 'new zero line' }),
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.journal).toMatchObject({ debit: '12345.67', credit: '12345.67' });
    const after = (await stored()).filter((row) => row.journal_id === 'JE-EDIT');
    expect(after.map((row) => [row.line_no, row.debit, row.credit])).toEqual([
      [1, '12345.67', '0.00'],
      [2, '0.00', '12345.67'],
      [4, '0.00', '0.00'],
    ]);
    expect(after.slice(0, 2).map((row) => row.row_id)).toEqual(before.slice(0, 2).map((row) => row.row_id));

    const history = await call({ method: 'GET', url: gl(`/${before[0]!.row_id}/history`) });
    expect(history.json().data.history.map((entry: { action: string }) => entry.action)).toEqual([
      'updated',
      'created',
    ]);
    expect(history.json().data.history[0]).toMatchObject({
      before: { debit: '400000.00' },
      after: { debit: '12345.67' },
    });
    const removed = await call({ method: 'GET', url: gl(`/${before[2]!.row_id}/history`) });
    expect(removed.json().data.history[0]).toMatchObject({ action: 'deleted', after: null });
  });

  it('refuses replacing a journal of a closed period, and an unknown journal', async () => {
    const lines = [line({ line_no: 1, debit: '25' }), line({ line_no: 2, account_code: '4000', credit: '25' })];
    await expectRefused({ method: 'PUT', url: journals('/OLD-1'), payload: { lines } }, 400, m.periodClosed('2024-10'));
    await expectRefused({ method: 'PUT', url: journals('/NOPE'), payload: { lines } }, 404, m.journalNotFound);
  });

  it('deletes a whole journal with every line in the audit trail; a closed period refuses it', async () => {
    await expectRefused({ method: 'DELETE', url: journals('/OLD-1') }, 400, m.periodClosed('2024-10'));
    const doomed = (await stored()).filter((row) => row.journal_id === 'UP-1');
    const auditBefore = await auditCount();
    const response = await call({ method: 'DELETE', url: journals('/UP-1?source=upload') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: true, message: m.journalDeleted });
    expect((await stored()).filter((row) => row.journal_id === 'UP-1')).toEqual([]);
    expect(await auditCount()).toBe(auditBefore + doomed.length);
  });

  it('lets an admin work on any organization and refuses a user of another one', async () => {
    const other = (await createOrganization(t.database)).id;
    await seedLedger(other);
    const outsider = await login(t.app, await createUser(t.database, { organizationId: other }));
    const refused = await call({ method: 'GET', url: journals('/OB-202411-0001'), token: outsider });
    expect(refused.statusCode).toBe(403);
    const read = await call({ method: 'GET', url: `/api/v1/crud/${other}/journals/OB-202411-0001`, token: admin });
    expect(read.statusCode).toBe(200);
  });
});

describe('the trial balance check', () => {
  /** Two fiscal years: last year's result sits in retained earnings, revenue restarts at zero. */
  async function reconciledOrganization() {
    const id = (await createOrganization(t.database)).id;
    const warehouse = t.app.services.warehouse;
    await warehouse.provision(id);
    await warehouse.copyRows(
      id,
      '00_Period',
      ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period', 'is_closed'],
      [
        ['2023-12', '2023-12-01', '2023-12-31', 2023, 12, true],
        ['2024-01', '2024-01-01', '2024-01-31', 2024, 1, false],
      ],
    );
    await warehouse.copyRows(
      id,
      '01_Account',
      ['account_code', 'account_name', 'account_type', 'account_subtype'],
      [
        ['1000', 'Cash', 'asset', 'cash'],
        ['3300', 'Retained Earnings', 'equity', 'retained_earnings'],
        ['4000', 'Sales', 'revenue', null],
      ],
    );
    await warehouse.copyRows(
      id,
      '02_GL_Detail',
      GL_COLUMNS,
      withoutDepartment([
        ['S-1', 1, '2023-12-05', '2023-12', '1000', 'Sale', '100.00', '0', 'manual'],
        ['S-1', 2, '2023-12-05', '2023-12', '4000', 'Sale', '0', '100.00', 'manual'],
        ['S-2', 1, '2024-01-05', '2024-01', '1000', 'Sale', '50.00', '0', 'manual'],
        ['S-2', 2, '2024-01-05', '2024-01', '4000', 'Sale', '0', '50.00', 'manual'],
      ]),
    );
    await warehouse.copyRows(
      id,
      '04_Trial_Balance',
      ['period', 'account_code', 'opening_balance', 'debit', 'credit', 'closing_balance'],
      [
        ['2023-12', '1000', '0', '100.00', '0', '100.00'],
        ['2023-12', '4000', '0', '0', '100.00', '-100.00'],
        ['2024-01', '1000', '100.00', '50.00', '0', '150.00'],
        ['2024-01', '3300', '-100.00', '0', '0', '-100.00'],
        ['2024-01', '4000', '0', '0', '50.00', '-50.00'],
      ],
    );
    return id;
  }

  it('is empty when the trial balance agrees with the ledger, and shows a balanced edit it does not reflect', async () => {
    const id = await reconciledOrganization();
    const url = `/api/v1/crud/${id}/reconciliation`;
    const agreed = await call({ method: 'GET', url, token: admin });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json()).toEqual({ status: true, message: m.reconciliationFetched, data: { differences: [] } });

    const edited = await call({
      method: 'PUT',
      url: `/api/v1/crud/${id}/journals/S-2`,
      token: admin,
      payload: {
        lines: [
          line({ line_no: 1, period: '2024-01', posting_date: '2024-01-05', debit: '60.00' }),
          line({ line_no: 2, period: '2024-01', posting_date: '2024-01-05', account_code: '4000', credit: '60.00' }),
        ],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const differences = (await call({ method: 'GET', url, token: admin })).json().data.differences;
    expect(differences).toEqual([
      {
        period: '2024-01',
        account_code: '1000',
        account_name: 'Cash',
        trialBalance: '150.00',
        ledger: '160.00',
        difference: '-10.00',
      },
      {
        period: '2024-01',
        account_code: '4000',
        account_name: 'Sales',
        trialBalance: '-50.00',
        ledger: '-60.00',
        difference: '10.00',
      },
    ]);
  });

  it('counts an account the ledger moves but the trial balance leaves out', async () => {
    const id = await reconciledOrganization();
    await t.app.services.warehouse.withOrganization(id, (tx) =>
      tx.execute(sql`delete from "04_Trial_Balance" where period = '2024-01' and account_code = '3300'`),
    );
    const differences = (await call({ method: 'GET', url: `/api/v1/crud/${id}/reconciliation`, token: admin })).json()
      .data.differences;
    expect(differences).toEqual([
      {
        period: '2024-01',
        account_code: '3300',
        account_name: 'Retained Earnings',
        trialBalance: '0.00',
        ledger: '-100.00',
        difference: '100.00',
      },
    ]);
  });
});
