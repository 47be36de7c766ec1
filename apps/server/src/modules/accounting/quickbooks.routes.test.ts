import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountingMessages, syncStatusMessages } from '@finboard/shared/accounting';
import { journalMessages } from '@finboard/shared/journals';
import { accountingConnections, oauthStates, syncRuns, users } from '../../db/schema.ts';
import { hashToken } from '../../platform/crypto/tokens.ts';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createUser, login } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import {
  QBO_CLIENT_SECRET,
  quickbooksConfigOf,
  startQuickbooksFake,
  throttleFault,
  type FakeAccount,
  type QuickbooksFake,
} from '../../../test/quickbooks-fake.ts';
import { syncMessages } from './accounting.service.ts';
import { monthWindows, QUICKBOOKS_TRANSACTION_ENTITIES } from './quickbooks-connector.ts';

let fake: QuickbooksFake;
let t: TestApp;
let adminToken: string;
const jobs = createTestJobRunner();
/** Every log line the app wrote, and every response body: credentials must appear in neither. */
const logs: string[] = [];
const bodies: string[] = [];

beforeAll(async () => {
  fake = await startQuickbooksFake();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
  t = await buildTestApp(quickbooksConfigOf(fake, 200), { jobs: jobs.runner, logStream });
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(async () => {
  // Nothing the fake ever issued, nor the app's client secret, reached a response or the log.
  const secrets = [QBO_CLIENT_SECRET, ...fake.refreshTokens, ...fake.accessTokensIssued];
  const everything = [...logs, ...bodies].join('\n');
  for (const secret of secrets) expect(everything).not.toContain(secret);
  expect(logs.length).toBeGreaterThan(0);
  await t?.close();
  await fake?.close();
});

let organizationId: string;
let realmId: string;
beforeEach(async () => {
  const response = await inject({
    method: 'POST',
    url: '/api/v1/organization/add',
    payload: {
      organizationName: `Books ${randomBytes(4).toString('hex')}`,
      organizationEmail: 'finance@books.example',
      organizationPhoneNumber: '5551234567',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  organizationId = response.json().data.createdOrganization.id;
  realmId = `9130${Date.now()}${Math.floor(Math.random() * 1000)}`;
  fake.addCompany(realmId, 'Craig’s Design and Landscaping');
  fake.setAccounts(realmId, CHART);
  fake.putJournalEntry(realmId, je101);
  fake.putJournalEntry(realmId, je102);
  fake.putJournalEntry(realmId, je103);
  fake.setTokenLifetime(3600);
  jobs.queued.length = 0;
});

async function inject(options: InjectOptions, token = adminToken) {
  const response = await t.app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });
  bodies.push(response.body, JSON.stringify(response.headers));
  return response;
}

const CHART: FakeAccount[] = [
  { Id: '1', Name: 'Checking', AcctNum: '1000', AccountType: 'Bank', AccountSubType: 'Checking' },
  { Id: '2', Name: 'Accounts Receivable (A/R)', AcctNum: '1100', AccountType: 'Accounts Receivable' },
  {
    Id: '3',
    Name: 'Sales of Product Income',
    AcctNum: '4000',
    AccountType: 'Income',
    AccountSubType: 'SalesOfProductIncome',
  },
  { Id: '4', Name: 'Rent or Lease', AccountType: 'Expense', AccountSubType: 'RentOrLeaseOfBuildings' },
  { Id: '5', Name: 'Old Truck', AcctNum: '1500', AccountType: 'Fixed Asset', Active: false, ParentRef: { value: '1' } },
];
const je101 = {
  Id: '101',
  TxnDate: '2024-01-15',
  DocNumber: 'INV-1',
  Lines: [
    {
      Id: '0',
      Amount: 1250.5,
      PostingType: 'Debit' as const,
      AccountId: '1',
      Description: 'Cash sale',
      Entity: 'Amy’s Bird Sanctuary',
    },
    { Id: '1', Amount: 1250.5, PostingType: 'Credit' as const, AccountId: '3', Department: 'Garden' },
  ],
};
const je102 = {
  Id: '102',
  TxnDate: '2024-02-03',
  Lines: [
    { Id: '0', Amount: 800, PostingType: 'Debit' as const, AccountId: '4' },
    { Id: '1', Amount: 800, PostingType: 'Credit' as const, AccountId: '1' },
  ],
};
const je103 = {
  Id: '103',
  TxnDate: '2024-02-20',
  Lines: [
    { Id: '0', Amount: 300.25, PostingType: 'Debit' as const, AccountId: '2' },
    { Id: '1', Amount: 200.25, PostingType: 'Credit' as const, AccountId: '3' },
    { Id: '2', Amount: 100, PostingType: 'Credit' as const, AccountId: '3' },
  ],
};

/** Connect and Intuit's consent: the address Intuit sends the browser back to, with `code`, `state` and `realmId`. */
async function consent(token = adminToken, options: { replace_company?: boolean } = {}) {
  const started = await inject(
    { method: 'POST', url: '/api/v1/quickbooks/connect', payload: { organization_id: organizationId, ...options } },
    token,
  );
  expect(started.statusCode, started.body).toBe(200);
  const response = await fetch(started.json().data.authorizeUrl, { redirect: 'manual' });
  return new URL(response.headers.get('location')!);
}

/** The browser arriving at our callback, without a session. */
async function callback(back: URL) {
  const response = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  bodies.push(response.body, JSON.stringify(response.headers));
  return response;
}

/** Connect as a browser does: our authorize URL, Intuit's redirect with the code, our callback. */
async function connect(token = adminToken, options: { replace_company?: boolean } = {}) {
  return callback(await consent(token, options));
}

const connection = async () =>
  (
    await t.database.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.organizationId, organizationId))
  )[0]!;

async function sync() {
  const response = await inject({
    method: 'POST',
    url: '/api/v1/quickbooks',
    payload: { id: (await connection()).id, organization_id: organizationId },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { runId } = response.json().data as { runId: string };
  await jobs.drain();
  return runOf(runId);
}

const runOf = async (runId: string) => (await t.database.db.select().from(syncRuns).where(eq(syncRuns.id, runId)))[0]!;

interface GlRow {
  row_id: string;
  journal_id: string;
  line_no: number;
  debit: string;
  credit: string;
  [column: string]: unknown;
}

/** The organization's ledger as synced: every line, and the accounts. */
async function warehouse() {
  return t.app.services.warehouse.withOrganization(organizationId, async (tx) => ({
    lines: rowsOf<GlRow>(
      await tx.execute(
        sql.raw(`select row_id::text, source, journal_id, line_no, posting_date::text, period, account_code, description,
          debit::text, credit::text, department, counterparty, reference from "02_GL_Detail" order by journal_id, line_no`),
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

describe('connecting QuickBooks', () => {
  it('stores the tokens sealed, names the company, and sends the browser back to /apps', async () => {
    const callback = await connect();

    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`/apps?quickbooks=connected&organization=${organizationId}`);
    const row = await connection();
    expect(row).toMatchObject({ system: 'quickbooks', status: 'connected', externalId: realmId });
    expect(row.companyName).toBe('Craig’s Design and Landscaping');
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain(fake.refreshTokens.at(-1));
    expect(fake.tokenRequests.at(-1)).toEqual({ grantType: 'authorization_code', auth: 'basic' });

    const listed = await inject({
      method: 'GET',
      url: '/api/v1/quickbooks/accounts',
      query: { organization_id: organizationId },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual({
      configured: true,
      accounts: [
        {
          id: row.id,
          system: 'quickbooks',
          status: 'connected',
          last_synced: null,
          organization_id: organizationId,
          companyName: 'Craig’s Design and Landscaping',
          realmId,
          rowsSynced: 0,
          message: null,
        },
      ],
    });
  });

  it('refuses a state nobody was given (forged, random or missing) with reason=state and stores nothing', async () => {
    const tokenRequests = fake.tokenRequests.length;
    for (const state of [
      'eyJhbGciOiJIUzI1NiJ9.eyJvcmciOiJ4In0.forged',
      randomBytes(32).toString('base64url'),
      undefined,
    ]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/v1/quickbooks/callback',
        query: { code: 'anything', realmId, ...(state && { state }) },
      });
      expect(refused.statusCode).toBe(302);
      expect(refused.headers.location).toBe('/apps?quickbooks=error&reason=state');
    }
    expect(
      await t.database.db
        .select()
        .from(accountingConnections)
        .where(eq(accountingConnections.organizationId, organizationId)),
    ).toEqual([]);
    expect(fake.tokenRequests.length).toBe(tokenRequests);
  });

  it('says when the user declined on Intuit’s page', async () => {
    fake.declineNext();
    const callback = await connect();
    expect(callback.headers.location).toBe(`/apps?quickbooks=declined&organization=${organizationId}`);
  });

  it('lets the organization’s own user connect, not a user of another organization', async () => {
    const user = await createUser(t.database, { organizationId });
    const userToken = await login(t.app, user);
    expect((await connect(userToken)).headers.location).toBe(
      `/apps?quickbooks=connected&organization=${organizationId}`,
    );

    const other = await inject({
      method: 'POST',
      url: '/api/v1/organization/add',
      payload: {
        organizationName: `Other ${randomBytes(4).toString('hex')}`,
        organizationEmail: 'other@books.example',
        organizationPhoneNumber: '5551234567',
      },
    });
    const stranger = await createUser(t.database, { organizationId: other.json().data.createdOrganization.id });
    const refused = await inject(
      { method: 'POST', url: '/api/v1/quickbooks/connect', payload: { organization_id: organizationId } },
      await login(t.app, stranger),
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('a QuickBooks state works once', () => {
  const stateRefused = '/apps?quickbooks=error&reason=state';

  it('refuses a second callback with a used state, even with a good code for another company, and changes nothing', async () => {
    const first = await consent();
    expect((await callback(first)).headers.location).toBe(`/apps?quickbooks=connected&organization=${organizationId}`);
    const before = await connection();
    // Anyone holding the link gets a code of their own company from Intuit and replays the state with it.
    const otherRealm = `${realmId}9`;
    fake.addCompany(otherRealm, 'Somebody Else Ltd');
    const theirs = await consent();
    const replay = new URL(first);
    replay.searchParams.set('code', theirs.searchParams.get('code')!);
    replay.searchParams.set('realmId', otherRealm);
    const tokenRequests = fake.tokenRequests.length;

    const response = await callback(replay);

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(stateRefused);
    const after = await connection();
    expect(after).toEqual(before);
    expect(after).toMatchObject({ externalId: realmId, status: 'connected' });
    expect(fake.tokenRequests.length).toBe(tokenRequests);
  });

  it('lets one of ten callbacks arriving together with the same state connect; nine are refused before any code is traded', async () => {
    const back = await consent();
    const tokenRequests = fake.tokenRequests.length;

    const responses = await Promise.all(Array.from({ length: 10 }, () => callback(back)));

    const locations = responses.map((response) => response.headers.location).sort();
    expect(locations).toEqual([
      `/apps?quickbooks=connected&organization=${organizationId}`,
      ...Array.from({ length: 9 }, () => stateRefused),
    ]);
    expect(fake.tokenRequests.length).toBe(tokenRequests + 1);
    expect(await connection()).toMatchObject({ externalId: realmId, status: 'connected' });
  });

  it('refuses a state whose ten minutes are over and stores nothing', async () => {
    const back = await consent();
    await t.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.organizationId, organizationId));
    const tokenRequests = fake.tokenRequests.length;

    const response = await callback(back);

    expect(response.headers.location).toBe(stateRefused);
    expect(
      await t.database.db
        .select()
        .from(accountingConnections)
        .where(eq(accountingConnections.organizationId, organizationId)),
    ).toEqual([]);
    expect(fake.tokenRequests.length).toBe(tokenRequests);
  });

  it('keeps only the hash of a state, and drops expired states when it issues the next one', async () => {
    const expiredHash = 'f'.repeat(64);
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email));
    await t.database.db.insert(oauthStates).values({
      nonceHash: expiredHash,
      purpose: 'quickbooks',
      organizationId,
      userId: admin!.id,
      expiresAt: new Date(Date.now() - 1000),
    });

    const state = (await consent()).searchParams.get('state')!;

    const stored = await t.database.db.select().from(oauthStates).where(eq(oauthStates.organizationId, organizationId));
    expect(stored).toEqual([
      expect.objectContaining({ nonceHash: hashToken(state), usedAt: null, replaceCompany: false }),
    ]);
    expect(JSON.stringify(stored)).not.toContain(state);
  });

  it('logs the callback address with its state and code redacted', async () => {
    const back = await consent();
    const state = back.searchParams.get('state')!;
    const code = back.searchParams.get('code')!;

    await callback(back);

    const log = logs.join('');
    expect(log).not.toContain(state);
    expect(log).not.toContain(code);
    expect(log).toContain(`"url":"/api/v1/quickbooks/callback?state=[redacted]&code=[redacted]&realmId=${realmId}"`);
  });
});

describe('the company of a connection', () => {
  it('refuses another company once connected, with reason=company, before trading its code, and keeps the connected one', async () => {
    await connect();
    const before = await connection();
    fake.addCompany(`${realmId}7`, 'Somebody Else Ltd');
    const tokenRequests = fake.tokenRequests.length;

    const response = await connect();

    expect(response.headers.location).toBe(`/apps?quickbooks=error&reason=company&organization=${organizationId}`);
    expect(await connection()).toEqual(before);
    expect(fake.tokenRequests.length).toBe(tokenRequests);
  });

  it('refuses another company after Disconnect too: the synced ledger is still the first company’s', async () => {
    await connect();
    const { id } = await connection();
    await inject({
      method: 'PUT',
      url: `/api/v1/quickbooks/status/${id}`,
      payload: { accountStatus: 'disconnected' },
    });
    const before = await connection();
    fake.addCompany(`${realmId}7`, 'Somebody Else Ltd');

    const response = await connect();

    expect(response.headers.location).toBe(`/apps?quickbooks=error&reason=company&organization=${organizationId}`);
    expect(await connection()).toEqual(before);
  });

  it('reconnects the same company without asking, keeping the connection and where its syncs stand', async () => {
    await connect();
    await sync();
    const before = await connection();
    expect(before.syncedThrough).not.toBeNull();

    const response = await connect();

    expect(response.headers.location).toBe(`/apps?quickbooks=connected&organization=${organizationId}`);
    const after = await connection();
    expect(after).toMatchObject({ id: before.id, externalId: realmId, syncedThrough: before.syncedThrough });
    expect(after.credentials).not.toBe(before.credentials);
  });

  it('connects a different company when the person chose to replace it, and its next sync starts from scratch', async () => {
    await connect();
    await sync();
    const before = await connection();
    const otherRealm = `${realmId}7`;
    fake.addCompany(otherRealm, 'Somebody Else Ltd');

    const response = await connect(adminToken, { replace_company: true });

    expect(response.headers.location).toBe(`/apps?quickbooks=connected&organization=${organizationId}`);
    expect(await connection()).toMatchObject({
      id: before.id,
      status: 'connected',
      externalId: otherRealm,
      companyName: 'Somebody Else Ltd',
      syncedThrough: null,
    });
  });
});

describe('syncing QuickBooks', () => {
  it('lands the known ledger exactly, through the validated load, and a second sync adds nothing', async () => {
    await connect();
    const first = await sync();

    expect(first).toMatchObject({
      status: 'completed',
      message: syncMessages.completed(5, 7),
      accountsSynced: 5,
      linesSynced: 7,
    });
    const books = await warehouse();
    expect(books.lines.map(({ row_id: _rowId, ...line }) => line)).toEqual([
      {
        source: 'quickbooks',
        journal_id: '101',
        line_no: 0,
        posting_date: '2024-01-15',
        period: '2024-01',
        account_code: '1000',
        description: 'Cash sale',
        debit: '1250.50',
        credit: '0.00',
        department: null,
        counterparty: 'Amy’s Bird Sanctuary',
        reference: 'INV-1',
      },
      {
        source: 'quickbooks',
        journal_id: '101',
        line_no: 1,
        posting_date: '2024-01-15',
        period: '2024-01',
        account_code: '4000',
        description: null,
        debit: '0.00',
        credit: '1250.50',
        department: 'Garden',
        counterparty: null,
        reference: 'INV-1',
      },
      {
        source: 'quickbooks',
        journal_id: '102',
        line_no: 0,
        posting_date: '2024-02-03',
        period: '2024-02',
        account_code: 'QBO-4',
        description: null,
        debit: '800.00',
        credit: '0.00',
        department: null,
        counterparty: null,
        reference: null,
      },
      {
        source: 'quickbooks',
        journal_id: '102',
        line_no: 1,
        posting_date: '2024-02-03',
        period: '2024-02',
        account_code: '1000',
        description: null,
        debit: '0.00',
        credit: '800.00',
        department: null,
        counterparty: null,
        reference: null,
      },
      {
        source: 'quickbooks',
        journal_id: '103',
        line_no: 0,
        posting_date: '2024-02-20',
        period: '2024-02',
        account_code: '1100',
        description: null,
        debit: '300.25',
        credit: '0.00',
        department: null,
        counterparty: null,
        reference: null,
      },
      {
        source: 'quickbooks',
        journal_id: '103',
        line_no: 1,
        posting_date: '2024-02-20',
        period: '2024-02',
        account_code: '4000',
        description: null,
        debit: '0.00',
        credit: '200.25',
        department: null,
        counterparty: null,
        reference: null,
      },
      {
        source: 'quickbooks',
        journal_id: '103',
        line_no: 2,
        posting_date: '2024-02-20',
        period: '2024-02',
        account_code: '4000',
        description: null,
        debit: '0.00',
        credit: '100.00',
        department: null,
        counterparty: null,
        reference: null,
      },
    ]);
    expect(books.totals).toEqual({ debit: '2350.75', credit: '2350.75' });
    expect(books.accounts).toEqual([
      {
        account_code: '1000',
        account_name: 'Checking',
        account_type: 'asset',
        account_subtype: 'cash',
        parent_code: null,
        is_active: true,
      },
      {
        account_code: '1100',
        account_name: 'Accounts Receivable (A/R)',
        account_type: 'asset',
        account_subtype: 'receivable',
        parent_code: null,
        is_active: true,
      },
      {
        account_code: '1500',
        account_name: 'Old Truck',
        account_type: 'asset',
        account_subtype: 'fixed_asset',
        parent_code: '1000',
        is_active: false,
      },
      {
        account_code: '4000',
        account_name: 'Sales of Product Income',
        account_type: 'revenue',
        account_subtype: 'sales',
        parent_code: null,
        is_active: true,
      },
      {
        account_code: 'QBO-4',
        account_name: 'Rent or Lease',
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
    // Every call asked for minor version 75 and paged from position 1.
    expect(fake.missingMinorVersion).toEqual([]);
    expect(
      fake.requests
        .filter((request) => request.includes(`/v3/company/${realmId}/query`))
        .every((request) => request.includes('minorversion=75')),
    ).toBe(true);

    const second = await sync();

    expect(second).toMatchObject({
      status: 'no_data',
      message: syncStatusMessages.no_data,
      accountsSynced: 0,
      linesSynced: 0,
    });
    expect(await warehouse()).toEqual(books);
    expect((await connection()).rowsSynced).toBe(12);
    // The first sync read the general ledger month by month, from the earliest entry to today; the second
    // asked change data capture what changed since the first, and read no month again.
    const reports = fake.requests.filter((request) => request.includes(`/v3/company/${realmId}/reports/GeneralLedger`));
    const months = monthWindows('2024-01-15', new Date().toISOString().slice(0, 10));
    expect(reports).toHaveLength(months.length);
    expect(reports[0]).toContain('start_date=2024-01-01&end_date=2024-01-31&accounting_method=Accrual');
    const changes = fake.requests.filter((request) => request.includes(`/v3/company/${realmId}/cdc?`));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toContain(`entities=JournalEntry,${QUICKBOOKS_TRANSACTION_ENTITIES.join(',')}&changedSince=`);

    const runs = await inject({
      method: 'GET',
      url: '/api/v1/accounting/sync-runs',
      query: { organization_id: organizationId },
    });
    expect(runs.statusCode).toBe(200);
    expect(
      runs
        .json()
        .data.runs.map((run: { id: string; status: string; system: string }) => [run.id, run.status, run.system]),
    ).toEqual([
      [second.id, 'no_data', 'quickbooks'],
      [first.id, 'completed', 'quickbooks'],
    ]);
  });

  it('takes only the journals changed since the last sync, replacing their lines whole', async () => {
    await connect();
    await sync();
    const before = await warehouse();
    fake.putJournalEntry(realmId, {
      Id: '102',
      TxnDate: '2024-02-03',
      Lines: [
        { Id: '0', Amount: 900, PostingType: 'Debit', AccountId: '4' },
        { Id: '2', Amount: 900, PostingType: 'Credit', AccountId: '1' },
      ],
    });

    const run = await sync();

    expect(run).toMatchObject({ status: 'completed', accountsSynced: 0, linesSynced: 3 });
    const after = await warehouse();
    const je102 = after.lines.filter((line) => (line as { journal_id: string }).journal_id === '102');
    expect(
      je102.map((line) => [
        (line as { line_no: number }).line_no,
        (line as { debit: string }).debit,
        (line as { credit: string }).credit,
      ]),
    ).toEqual([
      [0, '900.00', '0.00'],
      [2, '0.00', '900.00'],
    ]);
    // Journals that did not change keep their rows as they were.
    const untouched = (rows: typeof before.lines) =>
      rows.filter((line) => (line as { journal_id: string }).journal_id !== '102');
    expect(untouched(after.lines)).toEqual(untouched(before.lines));
    expect(after.totals).toEqual({ debit: '2450.75', credit: '2450.75' });
  });

  it('posts invoices, bills and expenses as QuickBooks’ general ledger has them, then follows their changes and deletions', async () => {
    fake.putTransaction(realmId, {
      Entity: 'Invoice',
      Id: '201',
      TxnDate: '2024-02-10',
      DocNumber: '1037',
      Name: 'Amy’s Bird Sanctuary',
      Postings: [
        { AccountId: '2', Debit: 500 },
        { AccountId: '3', Credit: 500, Memo: 'Rock fountain' },
      ],
    });
    fake.putTransaction(realmId, {
      Entity: 'Purchase',
      Id: '202',
      TxnDate: '2024-01-31',
      Name: 'Hicks Hardware',
      Postings: [
        { AccountId: '4', Debit: 120.4, Memo: 'January rent' },
        { AccountId: '1', Credit: 120.4 },
      ],
    });
    await connect();
    const first = await sync();

    expect(first).toMatchObject({ status: 'completed', accountsSynced: 5, linesSynced: 11 });
    const lineOf = (journal: string) => async () =>
      (await warehouse()).lines
        .filter((line) => line.journal_id === journal)
        .map(({ line_no, posting_date, account_code, description, debit, credit, counterparty, reference }) => ({
          line_no,
          posting_date,
          account_code,
          description,
          debit,
          credit,
          counterparty,
          reference,
        }));
    // Postings in the report's order (account by account); the transaction's id is the journal.
    expect(await lineOf('201')()).toEqual([
      {
        line_no: 1,
        posting_date: '2024-02-10',
        account_code: '1100',
        description: null,
        debit: '500.00',
        credit: '0.00',
        counterparty: 'Amy’s Bird Sanctuary',
        reference: '1037',
      },
      {
        line_no: 2,
        posting_date: '2024-02-10',
        account_code: '4000',
        description: 'Rock fountain',
        debit: '0.00',
        credit: '500.00',
        counterparty: 'Amy’s Bird Sanctuary',
        reference: '1037',
      },
    ]);
    expect((await lineOf('202')()).map((line) => [line.account_code, line.debit, line.credit])).toEqual([
      ['1000', '0.00', '120.40'],
      ['QBO-4', '120.40', '0.00'],
    ]);
    // Journal entries still come whole from the query (their own line ids), never twice from the report.
    expect((await warehouse()).lines.filter((line) => line.journal_id === '101').map((line) => line.line_no)).toEqual([
      0, 1,
    ]);
    expect((await warehouse()).totals).toEqual({ debit: '2971.15', credit: '2971.15' });

    // QuickBooks changes the invoice, deletes the expense and a journal entry.
    fake.putTransaction(realmId, {
      Entity: 'Invoice',
      Id: '201',
      TxnDate: '2024-03-01',
      DocNumber: '1037',
      Name: 'Amy’s Bird Sanctuary',
      Postings: [
        { AccountId: '2', Debit: 650 },
        { AccountId: '3', Credit: 650, Memo: 'Rock fountain' },
      ],
    });
    fake.deleteTransaction(realmId, '202');
    fake.deleteTransaction(realmId, '103');
    const reportsBefore = fake.requests.filter((request) => request.includes('/reports/GeneralLedger')).length;

    const second = await sync();

    // Two lines rewritten, two of the expense and three of the journal entry deleted.
    expect(second).toMatchObject({ status: 'completed', accountsSynced: 0, linesSynced: 7 });
    expect((await lineOf('201')()).map((line) => [line.posting_date, line.debit, line.credit])).toEqual([
      ['2024-03-01', '650.00', '0.00'],
      ['2024-03-01', '0.00', '650.00'],
    ]);
    expect(await lineOf('202')()).toEqual([]);
    expect(await lineOf('103')()).toEqual([]);
    expect((await warehouse()).totals).toEqual({ debit: '2700.50', credit: '2700.50' });
    // Only the changed invoice's month was read again.
    const reread = fake.requests.filter((request) => request.includes('/reports/GeneralLedger')).slice(reportsBefore);
    expect(reread).toHaveLength(1);
    expect(reread[0]).toContain('start_date=2024-03-01&end_date=2024-03-31');
    expect((await sync()).status).toBe('no_data');
  });

  it('reads the whole ledger again when the last sync is older than change data capture reaches, dropping what QuickBooks deleted', async () => {
    await connect();
    await sync();
    fake.deleteTransaction(realmId, '102');
    await t.database.db
      .update(accountingConnections)
      .set({ syncedThrough: new Date(Date.now() - 40 * 24 * 3_600_000).toISOString() })
      .where(eq(accountingConnections.organizationId, organizationId));
    const changesBefore = fake.requests.filter((request) => request.includes('/cdc?')).length;

    const run = await sync();

    expect(run).toMatchObject({ status: 'completed', accountsSynced: 0, linesSynced: 2 });
    expect(fake.requests.filter((request) => request.includes('/cdc?')).length).toBe(changesBefore);
    const books = await warehouse();
    expect([...new Set(books.lines.map((line) => line.journal_id))]).toEqual(['101', '103']);
    expect(books.totals).toEqual({ debit: '1550.75', credit: '1550.75' });
  });

  it('keeps the newest refresh token: access tokens near their end or refused are renewed, sync after sync', async () => {
    // Tokens that live 30 s are renewed before use (a minute's margin); the refresh token rotates each time.
    fake.setTokenLifetime(30);
    await connect();
    expect((await sync()).status).toBe('completed');
    expect((await sync()).status).toBe('no_data');
    expect(fake.tokenRequests.filter((request) => request.grantType === 'refresh_token').length).toBe(2);

    // A token QuickBooks refuses (401, code 3200) is renewed once and the call made again.
    fake.setTokenLifetime(3600);
    expect((await sync()).status).toBe('no_data');
    fake.expireAccessTokens();
    expect((await sync()).status).toBe('no_data');
    expect(fake.tokenRequests.filter((request) => request.grantType === 'refresh_token').length).toBe(4);
    expect(fake.refreshTokens.length).toBeGreaterThanOrEqual(5);
  });

  it('disconnects with "Reconnect QuickBooks" when the refresh token is refused (invalid_grant), loading nothing', async () => {
    await connect();
    fake.revokeRefreshToken();
    fake.expireAccessTokens();
    const before = await warehouse();

    const run = await sync();

    expect(run).toMatchObject({ status: 'failed', message: accountingMessages.reconnectQuickbooks });
    expect(await connection()).toMatchObject({
      status: 'disconnected',
      message: accountingMessages.reconnectQuickbooks,
      credentials: null,
    });
    expect(await warehouse()).toEqual(before);
    const again = await inject({
      method: 'POST',
      url: '/api/v1/quickbooks',
      payload: { id: (await connection()).id, organization_id: organizationId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: false, message: accountingMessages.notConnected });
  });

  it.each([200, 400])('maps a Fault answered with HTTP %i to the run’s message and loads nothing', async (status) => {
    await connect();
    const before = await warehouse();
    fake.inject({
      match: /FROM JournalEntry/,
      status,
      body: {
        Fault: {
          Error: [{ Message: 'Invalid query', Detail: 'QueryParserError: bad token', code: '4000' }],
          type: 'ValidationFault',
        },
        time: new Date().toISOString(),
      },
    });

    const run = await sync();

    expect(run).toMatchObject({
      status: 'failed',
      message: `${accountingMessages.quickbooksSyncFailed}: code 4000: Invalid query: QueryParserError: bad token`,
    });
    expect((await connection()).status).toBe('error');
    expect(await warehouse()).toEqual(before);
  });

  it('answers a 403 AuthorizationFault as insufficient permissions', async () => {
    await connect();
    fake.inject({
      match: /FROM Account/,
      status: 403,
      body: {
        Fault: {
          Error: [{ Message: 'message=ApplicationAuthorizationFailed', code: '3100' }],
          type: 'AuthorizationFault',
        },
      },
    });
    expect(await sync()).toMatchObject({
      status: 'insufficient_permissions',
      message: `${syncStatusMessages.insufficient_permissions} (QuickBooks: code 3100: message=ApplicationAuthorizationFailed)`,
    });
  });

  it('waits out a 429 (code 3001), showing "rate limit exceeded", then retries and completes', async () => {
    await connect();
    fake.throttleNext(1);
    const id = (await connection()).id;
    const started = await inject({
      method: 'POST',
      url: '/api/v1/quickbooks',
      payload: { id, organization_id: organizationId },
    });
    const runId = started.json().data.runId as string;
    const draining = jobs.drain();
    const seen = new Set<string>();
    while (!(await runOf(runId)).finishedAt) {
      seen.add((await runOf(runId)).status);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await draining;

    expect(seen).toContain('rate_limit_exceeded');
    expect((await runOf(runId)).status).toBe('completed');
    const statuses = fake.requests.filter((request) => request.includes('/query'));
    expect(statuses.length).toBeGreaterThanOrEqual(3);
  });

  it('gives up with "max retries" when QuickBooks keeps throttling', async () => {
    await connect();
    fake.throttleNext(10);
    const run = await sync();
    expect(run.status).toBe('max_retries');
    expect(run.message).toContain('rate limit exceeded');
    fake.throttleNext(0);
    expect(throttleFault().Fault.Error[0]!.code).toBe('3001');
  });

  const unbalanced104 = {
    Id: '104',
    TxnDate: '2024-03-01',
    Lines: [
      { Id: '0', Amount: 10, PostingType: 'Debit' as const, AccountId: '1' },
      { Id: '1', Amount: 9.99, PostingType: 'Credit' as const, AccountId: '3' },
    ],
  };

  it('leaves out a journal the ledger refuses, loads the rest as a partial success, and takes it once fixed', async () => {
    await connect();
    fake.putJournalEntry(realmId, unbalanced104);

    const run = await sync();

    const problem = journalMessages.outOfBalance('104', '0.01');
    expect(run).toMatchObject({
      status: 'partial_success',
      message: syncMessages.partial(5, 7, 1, problem),
      accountsSynced: 5,
      linesSynced: 7,
    });
    expect(run.message).toBe(
      `Sync partly completed: 5 accounts and 7 journal lines written; 1 journal refused (${problem}). Fix it and sync again.`,
    );
    const books = await warehouse();
    expect([...new Set(books.lines.map((line) => line.journal_id))]).toEqual(['101', '102', '103']);
    expect(books.totals).toEqual({ debit: '2350.75', credit: '2350.75' });
    // The next sync reads the same changes again, the refused journal with them.
    expect((await connection()).syncedThrough).toBeNull();

    fake.putJournalEntry(realmId, {
      ...unbalanced104,
      Lines: [unbalanced104.Lines[0]!, { ...unbalanced104.Lines[1]!, Amount: 10 }],
    });
    expect(await sync()).toMatchObject({ status: 'completed', accountsSynced: 0, linesSynced: 2 });
    expect((await warehouse()).totals).toEqual({ debit: '2360.75', credit: '2360.75' });
  });

  it('refuses a ledger whose every journal is refused with the ledger’s own message, and loads nothing', async () => {
    for (const id of ['101', '102', '103']) fake.deleteTransaction(realmId, id);
    fake.putJournalEntry(realmId, unbalanced104);
    await connect();

    const run = await sync();

    expect(run).toMatchObject({
      status: 'validation_failed',
      message: syncMessages.validationFailed(journalMessages.outOfBalance('104', '0.01')),
    });
    const books = await warehouse();
    expect(books.lines).toEqual([]);
    expect(books.accounts).toEqual([]);
  });

  it('fails a run whose process died, and frees its connection', async () => {
    await connect();
    const id = (await connection()).id;
    const started = await inject({
      method: 'POST',
      url: '/api/v1/quickbooks',
      payload: { id, organization_id: organizationId },
    });
    const runId = started.json().data.runId as string;
    await t.database.db
      .update(accountingConnections)
      .set({ status: 'syncing' })
      .where(eq(accountingConnections.id, id));

    await jobs.abandon(jobs.queued.at(-1)!.id);

    expect(await runOf(runId)).toMatchObject({ status: 'failed', message: syncMessages.interrupted });
    expect((await connection()).status).toBe('connected');
  });

  it('answers the waiting run to a second click instead of queueing another', async () => {
    await connect();
    const id = (await connection()).id;
    const payload = { id, organization_id: organizationId };
    const first = await inject({ method: 'POST', url: '/api/v1/quickbooks', payload });
    const second = await inject({ method: 'POST', url: '/api/v1/quickbooks', payload });
    expect(second.json().data.runId).toBe(first.json().data.runId);
    expect(jobs.queued.length).toBe(1);
    await jobs.drain();
  });
});

describe('disconnecting', () => {
  it('forgets the tokens; another organization’s user finds no such connection', async () => {
    await connect();
    const { id } = await connection();
    const user = await createUser(t.database, {});
    const stranger = await inject(
      { method: 'PUT', url: `/api/v1/quickbooks/status/${id}`, payload: { accountStatus: 'disconnected' } },
      await login(t.app, user),
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ status: false, message: accountingMessages.connectionNotFound });

    const response = await inject({
      method: 'PUT',
      url: `/api/v1/quickbooks/status/${id}`,
      payload: { accountStatus: 'disconnected' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.account).toMatchObject({ id, status: 'disconnected' });
    expect(await connection()).toMatchObject({ status: 'disconnected', credentials: null });
  });
});

describe('a sync that outlasts ACCOUNTING_SYNC_TIMEOUT_MS', () => {
  // A second app of its own (its time limit): building one takes seconds on a busy machine.
  it('stops, says it timed out, and loads nothing', async () => {
    const slowJobs = createTestJobRunner();
    const slow = await buildTestApp(
      { ...quickbooksConfigOf(fake, 200), ACCOUNTING_SYNC_TIMEOUT_MS: 1000 },
      { jobs: slowJobs.runner },
    );
    try {
      const token = await login(slow.app, TEST_ADMIN);
      const call = (options: InjectOptions) =>
        slow.app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });
      const created = await call({
        method: 'POST',
        url: '/api/v1/organization/add',
        payload: {
          organizationName: `Slow Books ${randomBytes(4).toString('hex')}`,
          organizationEmail: 'slow@books.example',
          organizationPhoneNumber: '5551234567',
        },
      });
      const slowOrganization = created.json().data.createdOrganization.id as string;
      const started = await call({
        method: 'POST',
        url: '/api/v1/quickbooks/connect',
        payload: { organization_id: slowOrganization },
      });
      const consent = await fetch(started.json().data.authorizeUrl, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location')!);
      await slow.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
      const [row] = await slow.database.db
        .select()
        .from(accountingConnections)
        .where(eq(accountingConnections.organizationId, slowOrganization));
      // QuickBooks takes 3 s over the first month of the ledger.
      fake.inject({ match: /reports\/GeneralLedger/, status: 200, body: {}, delayMs: 3000 });

      const response = await call({
        method: 'POST',
        url: '/api/v1/quickbooks',
        payload: { id: row!.id, organization_id: slowOrganization },
      });
      await slowJobs.drain();

      const [run] = await slow.database.db
        .select()
        .from(syncRuns)
        .where(eq(syncRuns.id, response.json().data.runId as string));
      expect(run).toMatchObject({ status: 'timed_out', message: syncMessages.timedOut(1000) });
      expect(syncMessages.timedOut(1000)).toBe('Sync timed out after 1 s: nothing was loaded. Sync again later.');
      const [after] = await slow.database.db
        .select()
        .from(accountingConnections)
        .where(eq(accountingConnections.id, row!.id));
      expect(after).toMatchObject({ status: 'error', message: syncMessages.timedOut(1000), syncedThrough: null });
      const lines = await slow.app.services.warehouse.withOrganization(slowOrganization, async (tx) =>
        rowsOf<{ count: number }>(await tx.execute(sql.raw('select count(*)::int as count from "02_GL_Detail"'))),
      );
      expect(lines).toEqual([{ count: 0 }]);
    } finally {
      await slow.close();
    }
  }, 60_000);
});

describe('without QuickBooks configured', () => {
  it('tells the administrator what to set, and the organization user to ask their administrator', async () => {
    const bare = await buildTestApp({}, { jobs: createTestJobRunner().runner });
    try {
      const token = await login(bare.app, TEST_ADMIN);
      const created = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/organization/add',
        headers: bearer(token),
        payload: {
          organizationName: 'Unconfigured Books',
          organizationEmail: 'a@b.example',
          organizationPhoneNumber: '5551234567',
        },
      });
      const id = created.json().data.createdOrganization.id as string;
      const connectResponse = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/quickbooks/connect',
        headers: bearer(token),
        payload: { organization_id: id },
      });
      expect(connectResponse.statusCode).toBe(503);
      expect(connectResponse.json()).toEqual({ status: false, message: accountingMessages.quickbooksNotConfigured });
      const listed = await bare.app.inject({
        method: 'GET',
        url: '/api/v1/quickbooks/accounts',
        headers: bearer(token),
        query: { organization_id: id },
      });
      expect(listed.json().data).toEqual({ accounts: [], configured: false });
      const member = await login(bare.app, await createUser(bare.database, { organizationId: id }));
      const memberConnect = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/quickbooks/connect',
        headers: bearer(member),
        payload: { organization_id: id },
      });
      expect(memberConnect.statusCode).toBe(503);
      expect(memberConnect.json()).toEqual({
        status: false,
        message: 'QuickBooks is not enabled on this Finboard yet — ask your administrator',
      });
      expect(await bare.database.db.select().from(oauthStates)).toEqual([]);
    } finally {
      await bare.close();
    }
  }, 60_000);
});
