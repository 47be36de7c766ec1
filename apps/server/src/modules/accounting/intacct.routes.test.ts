import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountingMessages, intacctMessages, syncStatusMessages } from '@finboard/shared/accounting';
import { journalMessages } from '@finboard/shared/journals';
import { accountingConnections, syncRuns } from '../../db/schema.ts';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createUser, login } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import {
  INTACCT_SENDER_ID,
  INTACCT_SENDER_PASSWORD,
  intacctConfigOf,
  startIntacctFake,
  type FakeGlAccount,
  type FakeJournalEntry,
  type IntacctFake,
} from '../../../test/intacct-fake.ts';
import { createIntacctClient, IntacctError } from '../../platform/intacct/intacct-client.ts';
import { syncMessages } from './accounting.service.ts';

let fake: IntacctFake;
let t: TestApp;
let adminToken: string;
const jobs = createTestJobRunner();
/** Every log line the app wrote, and every response body: credentials must appear in neither. */
const logs: string[] = [];
const bodies: string[] = [];
const USER_PASSWORD = 'Us3r-Secret-never-logged';

beforeAll(async () => {
  fake = await startIntacctFake();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
  t = await buildTestApp(intacctConfigOf(fake), { jobs: jobs.runner, logStream });
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(async () => {
  // Neither password nor any session Intacct issued reached a response or the log.
  const everything = [...logs, ...bodies].join('\n');
  for (const secret of [INTACCT_SENDER_PASSWORD, USER_PASSWORD, ...fake.sessionsIssued])
    expect(everything).not.toContain(secret);
  expect(logs.length).toBeGreaterThan(0);
  await t?.close();
  await fake?.close();
});

const CHART: FakeGlAccount[] = [
  { ACCOUNTNO: '1010', TITLE: 'Operating Cash', ACCOUNTTYPE: 'balancesheet', NORMALBALANCE: 'debit', CATEGORY: 'Cash' },
  {
    ACCOUNTNO: '1200',
    TITLE: 'Trade Receivables',
    ACCOUNTTYPE: 'balancesheet',
    NORMALBALANCE: 'debit',
    CATEGORY: 'Accounts Receivable',
  },
  {
    ACCOUNTNO: '1790',
    TITLE: 'Old Equipment',
    ACCOUNTTYPE: 'balancesheet',
    NORMALBALANCE: 'debit',
    CATEGORY: 'Fixed Assets',
    STATUS: 'inactive',
  },
  { ACCOUNTNO: '4000', TITLE: 'Subscription Revenue', ACCOUNTTYPE: 'incomestatement', NORMALBALANCE: 'credit' },
  {
    ACCOUNTNO: '6100',
    TITLE: 'Office Rent',
    ACCOUNTTYPE: 'incomestatement',
    NORMALBALANCE: 'debit',
    CATEGORY: 'Operating Expenses',
  },
];
const gj41: FakeJournalEntry = {
  BATCHNO: '2041',
  JOURNAL: 'GJ',
  BATCH_NUMBER: '41',
  date: '2024-01-15',
  lines: [
    { LINE_NO: 1, ACCOUNTNO: '1010', AMOUNT: '1250.50', TR_TYPE: 1, DESCRIPTION: 'Annual plan', CUSTOMERID: 'C-ACME' },
    { LINE_NO: 2, ACCOUNTNO: '4000', AMOUNT: '1250.50', TR_TYPE: -1, DEPARTMENTID: 'SALES', LOCATIONID: 'US' },
  ],
};
const gj42: FakeJournalEntry = {
  BATCHNO: '2042',
  JOURNAL: 'GJ',
  BATCH_NUMBER: '42',
  date: '2024-02-03',
  lines: [
    { LINE_NO: 1, ACCOUNTNO: '6100', AMOUNT: '800', TR_TYPE: 1 },
    { LINE_NO: 2, ACCOUNTNO: '1010', AMOUNT: '800', TR_TYPE: -1 },
  ],
};
const sj7: FakeJournalEntry = {
  BATCHNO: '3007',
  JOURNAL: 'SJ',
  BATCH_NUMBER: '7',
  date: '2024-02-20',
  lines: [
    { LINE_NO: 1, ACCOUNTNO: '1200', AMOUNT: '300.25', TR_TYPE: 1 },
    { LINE_NO: 2, ACCOUNTNO: '4000', AMOUNT: '200.25', TR_TYPE: -1 },
    { LINE_NO: 3, ACCOUNTNO: '4000', AMOUNT: '100.00', TR_TYPE: -1 },
  ],
};

let organizationId: string;
let companyId: string;
beforeEach(async () => {
  const response = await inject({
    method: 'POST',
    url: '/api/v1/organization/add',
    payload: {
      organizationName: `Ledger ${randomBytes(4).toString('hex')}`,
      organizationEmail: 'finance@ledger.example',
      organizationPhoneNumber: '5551234567',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  organizationId = response.json().data.createdOrganization.id;
  companyId = `acme-${randomBytes(4).toString('hex')}`;
  fake.addCompany(companyId, { userId: 'ws_finboard', password: USER_PASSWORD });
  fake.setAccounts(companyId, CHART);
  // Posted a minute ago: before any sync of the test.
  const before = Date.now() - 60_000;
  for (const entry of [gj41, gj42, sj7]) fake.putEntry(companyId, entry, before);
  // Two rows a page: every read pages with readMore.
  fake.setPageLimit(2);
  jobs.queued.length = 0;
});

async function inject(options: InjectOptions, token = adminToken) {
  const response = await t.app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });
  bodies.push(response.body, JSON.stringify(response.headers));
  return response;
}

const form = (overrides: Record<string, string> = {}) => ({
  organization_id: organizationId,
  intacctUserID: 'ws_finboard',
  intacctUserPassword: USER_PASSWORD,
  intacctSenderID: INTACCT_SENDER_ID,
  intacctSenderPassword: INTACCT_SENDER_PASSWORD,
  intacctCompanyID: companyId,
  ...overrides,
});

async function connect(overrides: Record<string, string> = {}, token = adminToken) {
  return inject({ method: 'POST', url: '/api/v1/intacct', payload: form(overrides) }, token);
}

const connections = () =>
  t.database.db.select().from(accountingConnections).where(eq(accountingConnections.organizationId, organizationId));
const connection = async () => (await connections())[0]!;
const runOf = async (runId: string) => (await t.database.db.select().from(syncRuns).where(eq(syncRuns.id, runId)))[0]!;

async function sync() {
  const response = await inject({ method: 'GET', url: '/api/v1/intacct/data', query: { id: (await connection()).id } });
  expect(response.statusCode, response.body).toBe(200);
  await jobs.drain();
  return runOf(response.json().data.runId as string);
}

/** The organization's ledger as synced: every line, the totals, the accounts and periods. */
async function warehouse() {
  return t.app.services.warehouse.withOrganization(organizationId, async (tx) => ({
    lines: rowsOf<Record<string, unknown>>(
      await tx.execute(
        sql.raw(`select source, journal_id, line_no, posting_date::text, period, account_code, description,
          debit::text, credit::text, entity, department, counterparty, reference from "02_GL_Detail" order by journal_id, line_no`),
      ),
    ),
    totals: rowsOf<{ debit: string; credit: string }>(
      await tx.execute(sql.raw(`select sum(debit)::text as debit, sum(credit)::text as credit from "02_GL_Detail"`)),
    )[0],
    accounts: rowsOf<Record<string, unknown>>(
      await tx.execute(
        sql.raw(`select account_code, account_name, account_type, account_subtype, parent_code, is_active
          from "01_Account" order by account_code`),
      ),
    ),
    periods: rowsOf<{ Period: string }>(await tx.execute(sql.raw(`select "Period" from "00_Period" order by 1`))).map(
      (row) => row.Period,
    ),
  }));
}

const line = (values: Record<string, unknown>) => ({
  source: 'intacct',
  description: null,
  entity: null,
  department: null,
  counterparty: null,
  ...values,
});

describe('adding a Sage Intacct connection', () => {
  it('checks the credentials with getAPISession, then stores them sealed and lists the connection', async () => {
    const response = await connect();

    expect(response.statusCode, response.body).toBe(200);
    const row = await connection();
    expect(response.json()).toEqual({
      status: true,
      message: accountingMessages.accountAdded,
      data: {
        account: {
          id: row.id,
          system: 'intacct',
          status: 'connected',
          last_synced: null,
          organization_id: organizationId,
          companyName: companyId,
          companyId,
          rowsSynced: 0,
          message: null,
        },
      },
    });
    expect(row).toMatchObject({ system: 'intacct', status: 'connected', externalId: companyId });
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain(USER_PASSWORD);
    // The sign-in went to the configured gateway, with the control id echoed.
    expect(fake.calls.at(-1)).toEqual({ path: '/ia/xml/xmlgw.phtml', fn: 'getAPISession' });
    expect(fake.controlIds.sent.at(-1)).toMatch(/^[0-9a-f-]{36}$/);

    const listed = await inject({ method: 'GET', url: '/api/v1/intacct', query: { organization_id: organizationId } });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.accounts).toEqual([response.json().data.account]);
  });

  it.each([
    ['a wrong sender password (control level)', { intacctSenderPassword: 'wrong' }, intacctMessages.senderRefused],
    ['a wrong user password (authentication level)', { intacctUserPassword: 'Wrong-1' }, intacctMessages.userRefused],
    ['an unknown company', { intacctCompanyID: 'nobody' }, intacctMessages.userRefused],
  ])('refuses %s with its own message and stores nothing', async (_case, overrides, message) => {
    const response = await connect(overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message });
    expect(await connections()).toEqual([]);
  });

  it('says when the sender is not authorized for the company (XL03000006) and stores nothing', async () => {
    const locked = `locked-${randomBytes(4).toString('hex')}`;
    fake.addCompany(locked, { userId: 'ws_finboard', password: USER_PASSWORD }, { authorizeSender: false });

    const response = await connect({ intacctCompanyID: locked });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message: intacctMessages.senderNotAuthorized });
    expect(await connections()).toEqual([]);
  });

  it('tells an unreachable gateway apart from a refusal', async () => {
    const offline = createIntacctClient({ endpointUrl: 'http://127.0.0.1:9/ia/xml/xmlgw.phtml' });
    const refused = await offline
      .openSession({
        senderId: INTACCT_SENDER_ID,
        senderPassword: INTACCT_SENDER_PASSWORD,
        userId: 'ws_finboard',
        userPassword: USER_PASSWORD,
        companyId,
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IntacctError);
    expect((refused as IntacctError).kind).toBe('unavailable');
    expect((refused as IntacctError).message).not.toContain(USER_PASSWORD);
  });

  it('requires every field, with its own message', async () => {
    const response = await connect({ intacctSenderID: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(intacctMessages.senderIdRequired);
  });

  it('lets the organization’s own user add it, not a user of another organization', async () => {
    const user = await createUser(t.database, { organizationId });
    expect((await connect({}, await login(t.app, user))).statusCode).toBe(200);
    const stranger = await createUser(t.database, {});
    const refused = await connect({}, await login(t.app, stranger));
    expect(refused.statusCode).toBe(403);
  });
});

describe('syncing Sage Intacct', () => {
  it('lands the known ledger exactly through the session’s endpoint, and a second sync adds nothing', async () => {
    await connect();
    const callsBefore = fake.calls.length;

    const first = await sync();

    expect(first).toMatchObject({
      status: 'completed',
      message: syncMessages.completed(5, 7),
      accountsSynced: 5,
      linesSynced: 7,
    });
    const books = await warehouse();
    expect(books.lines).toEqual([
      line({
        journal_id: '2041',
        line_no: 1,
        posting_date: '2024-01-15',
        period: '2024-01',
        account_code: '1010',
        description: 'Annual plan',
        debit: '1250.50',
        credit: '0.00',
        counterparty: 'C-ACME',
        reference: 'GJ 41',
      }),
      line({
        journal_id: '2041',
        line_no: 2,
        posting_date: '2024-01-15',
        period: '2024-01',
        account_code: '4000',
        debit: '0.00',
        credit: '1250.50',
        entity: 'US',
        department: 'SALES',
        reference: 'GJ 41',
      }),
      line({
        journal_id: '2042',
        line_no: 1,
        posting_date: '2024-02-03',
        period: '2024-02',
        account_code: '6100',
        debit: '800.00',
        credit: '0.00',
        reference: 'GJ 42',
      }),
      line({
        journal_id: '2042',
        line_no: 2,
        posting_date: '2024-02-03',
        period: '2024-02',
        account_code: '1010',
        debit: '0.00',
        credit: '800.00',
        reference: 'GJ 42',
      }),
      line({
        journal_id: '3007',
        line_no: 1,
        posting_date: '2024-02-20',
        period: '2024-02',
        account_code: '1200',
        debit: '300.25',
        credit: '0.00',
        reference: 'SJ 7',
      }),
      line({
        journal_id: '3007',
        line_no: 2,
        posting_date: '2024-02-20',
        period: '2024-02',
        account_code: '4000',
        debit: '0.00',
        credit: '200.25',
        reference: 'SJ 7',
      }),
      line({
        journal_id: '3007',
        line_no: 3,
        posting_date: '2024-02-20',
        period: '2024-02',
        account_code: '4000',
        debit: '0.00',
        credit: '100.00',
        reference: 'SJ 7',
      }),
    ]);
    expect(books.totals).toEqual({ debit: '2350.75', credit: '2350.75' });
    expect(books.accounts).toEqual([
      {
        account_code: '1010',
        account_name: 'Operating Cash',
        account_type: 'asset',
        account_subtype: 'cash',
        parent_code: null,
        is_active: true,
      },
      {
        account_code: '1200',
        account_name: 'Trade Receivables',
        account_type: 'asset',
        account_subtype: 'receivable',
        parent_code: null,
        is_active: true,
      },
      {
        account_code: '1790',
        account_name: 'Old Equipment',
        account_type: 'asset',
        account_subtype: 'fixed_asset',
        parent_code: null,
        is_active: false,
      },
      {
        account_code: '4000',
        account_name: 'Subscription Revenue',
        account_type: 'revenue',
        account_subtype: 'sales',
        parent_code: null,
        is_active: true,
      },
      {
        account_code: '6100',
        account_name: 'Office Rent',
        account_type: 'expense',
        account_subtype: 'operating_expense',
        parent_code: null,
        is_active: true,
      },
    ]);
    expect(books.periods).toEqual(['2024-01', '2024-02']);
    const connected = await connection();
    expect(connected).toMatchObject({ status: 'connected', rowsSynced: 12 });
    expect(connected.lastSyncedAt).not.toBeNull();

    // Signed in at the gateway, then every read at the endpoint the session named, paged with readMore.
    const calls = fake.calls.slice(callsBefore);
    expect(calls[0]).toEqual({ path: '/ia/xml/xmlgw.phtml', fn: 'getAPISession' });
    expect(calls.slice(1).every((call) => call.path === '/session-gateway/xmlgw.phtml')).toBe(true);
    expect(calls.filter((call) => call.fn === 'readMore').length).toBeGreaterThanOrEqual(4);
    expect(calls.filter((call) => call.fn === 'readByQuery').every((call) => call.pagesize === 1000)).toBe(true);
    // The first sync read the posted lines year by year.
    expect(calls.filter((call) => call.object === 'GLDETAIL').map((call) => call.query)).toContain(
      "ENTRY_DATE >= '01/01/2024' AND ENTRY_DATE < '01/01/2025'",
    );

    const second = await sync();

    expect(second).toMatchObject({
      status: 'no_data',
      message: syncStatusMessages.no_data,
      accountsSynced: 0,
      linesSynced: 0,
    });
    expect(await warehouse()).toEqual(books);
    expect((await connection()).rowsSynced).toBe(12);
    // It asked only for lines changed since the first sync, and found none.
    const secondReads = fake.calls.filter((call) => call.object === 'GLDETAIL').slice(-1);
    expect(secondReads[0]!.query).toMatch(/^WHENMODIFIED >= '\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}'$/);
    expect(secondReads[0]!.fields).toBe('BATCHNO');

    const runs = await inject({
      method: 'GET',
      url: '/api/v1/accounting/sync-runs',
      query: { organization_id: organizationId },
    });
    expect(
      runs
        .json()
        .data.runs.map((run: { id: string; status: string; system: string }) => [run.id, run.status, run.system]),
    ).toEqual([
      [second.id, 'no_data', 'intacct'],
      [first.id, 'completed', 'intacct'],
    ]);
  });

  it('reads only the journals changed since the last sync, every line of each, replacing them whole', async () => {
    await connect();
    await sync();
    const before = await warehouse();
    fake.putEntry(companyId, {
      ...gj42,
      lines: [
        { LINE_NO: 1, ACCOUNTNO: '6100', AMOUNT: '900', TR_TYPE: 1 },
        { LINE_NO: 3, ACCOUNTNO: '1010', AMOUNT: '900', TR_TYPE: -1 },
      ],
    });

    const run = await sync();

    expect(run).toMatchObject({ status: 'completed', accountsSynced: 0, linesSynced: 3 });
    expect(fake.calls.filter((call) => call.object === 'GLDETAIL').at(-1)!.query).toBe("BATCHNO IN ('2042')");
    const after = await warehouse();
    expect(
      after.lines.filter((row) => row.journal_id === '2042').map((row) => [row.line_no, row.debit, row.credit]),
    ).toEqual([
      [1, '900.00', '0.00'],
      [3, '0.00', '900.00'],
    ]);
    const untouched = (rows: typeof before.lines) => rows.filter((row) => row.journal_id !== '2042');
    expect(untouched(after.lines)).toEqual(untouched(before.lines));
    expect(after.totals).toEqual({ debit: '2450.75', credit: '2450.75' });
  });

  it('opens a new session when Intacct expires it mid-sync, and completes', async () => {
    await connect();
    const sessions = fake.sessionsIssued.length;
    fake.expireSessionsAfter(3);

    const run = await sync();

    expect(run.status).toBe('completed');
    expect(fake.sessionsIssued.length).toBe(sessions + 2);
  });

  it('answers a result-level permission refusal as insufficient permissions and loads nothing', async () => {
    await connect();
    fake.denyObject(companyId, 'GLDETAIL');

    const run = await sync();

    expect(run.status).toBe('insufficient_permissions');
    expect(run.message).toMatch(
      /^The connected user lacks permission to read the ledger \(Sage Intacct: BL34000061 You do not have permission for API operation READ_BY_QUERY on objects of type gldetail \[Support ID: [\w-]+~[0-9a-f]+\]\)$/,
    );
    expect((await connection()).status).toBe('error');
    expect((await warehouse()).lines).toEqual([]);
  });

  it('says when the company withdrew the sender’s authorization, keeping the connection in error', async () => {
    await connect();
    fake.revokeSender(companyId);

    const run = await sync();

    expect(run).toMatchObject({ status: 'insufficient_permissions', message: intacctMessages.senderNotAuthorized });
    expect(await connection()).toMatchObject({ status: 'error', message: intacctMessages.senderNotAuthorized });
  });

  it('leaves out an unbalanced journal with the ledger’s own message and loads the rest as a partial success', async () => {
    await connect();
    fake.putEntry(companyId, {
      BATCHNO: '2043',
      JOURNAL: 'GJ',
      BATCH_NUMBER: '43',
      date: '2024-03-01',
      lines: [
        { LINE_NO: 1, ACCOUNTNO: '1010', AMOUNT: '10', TR_TYPE: 1 },
        { LINE_NO: 2, ACCOUNTNO: '4000', AMOUNT: '9.99', TR_TYPE: -1 },
      ],
    });

    const run = await sync();

    expect(run).toMatchObject({
      status: 'partial_success',
      message: syncMessages.partial(5, 7, 1, journalMessages.outOfBalance('2043', '0.01')),
    });
    const books = await warehouse();
    expect(books.lines.some((line) => line.journal_id === '2043')).toBe(false);
    expect(books.totals).toEqual({ debit: '2350.75', credit: '2350.75' });
  });
});

describe('a connection named by its id alone', () => {
  it('answers another organization’s user as missing, for a sync and for a disconnection', async () => {
    await connect();
    const { id } = await connection();
    const stranger = await login(t.app, await createUser(t.database, {}));

    const syncing = await inject({ method: 'GET', url: '/api/v1/intacct/data', query: { id } }, stranger);
    expect(syncing.statusCode).toBe(404);
    expect(syncing.json()).toEqual({ status: false, message: accountingMessages.connectionNotFound });
    const disconnecting = await inject(
      { method: 'PUT', url: `/api/v1/intacct/status/${id}`, payload: { accountStatus: 'disconnected' } },
      stranger,
    );
    expect(disconnecting.statusCode).toBe(404);
    expect(jobs.queued.length).toBe(0);
    expect((await connection()).status).toBe('connected');
  });

  it('lets the organization’s user sync, and disconnecting forgets the credentials', async () => {
    await connect();
    const { id } = await connection();
    const own = await login(t.app, await createUser(t.database, { organizationId }));
    const started = await inject({ method: 'GET', url: '/api/v1/intacct/data', query: { id } }, own);
    expect(started.statusCode).toBe(200);
    await jobs.drain();

    const response = await inject(
      { method: 'PUT', url: `/api/v1/intacct/status/${id}`, payload: { accountStatus: 'disconnected' } },
      own,
    );

    expect(response.statusCode).toBe(200);
    expect(response.json().data.account).toMatchObject({ id, status: 'disconnected' });
    expect(await connection()).toMatchObject({ status: 'disconnected', credentials: null });
    const again = await inject({ method: 'GET', url: '/api/v1/intacct/data', query: { id } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: false, message: accountingMessages.notConnected });
  });
});
