import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountingMessages, netsuiteMessages, syncStatusMessages } from '@finboard/shared/accounting';
import { pipelineMessages } from '@finboard/shared/pipelines';
import { accountingConnections, syncRuns } from '../../db/schema.ts';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createUser, login } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import {
  netsuiteConfigOf,
  startNetsuiteFake,
  type FakeNetsuiteAccount,
  type FakeNetsuiteTransaction,
  type NetsuiteFake,
} from '../../../test/netsuite-fake.ts';
import { syncMessages } from './accounting.service.ts';

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
const certificate = keyPair();
const CONSUMER_KEY = 'b6f1c0ffee0d2a9e7c2b3f4e5d6c7b8a9f0e1d2c3b4a5968778695a4b3c2d1e0';
const CERTIFICATE_ID = 'xcUbmSPU9GlArbQHT-ZkTvAXt6lPvEtBKhpsNWbuDbw';

let fake: NetsuiteFake;
let t: TestApp;
let adminToken: string;
const jobs = createTestJobRunner();
/** Every log line the app wrote, and every response body: credentials must appear in neither. */
const logs: string[] = [];
const bodies: string[] = [];

beforeAll(async () => {
  fake = await startNetsuiteFake();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
  t = await buildTestApp(netsuiteConfigOf(fake), { jobs: jobs.runner, logStream });
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(async () => {
  // Neither the private key (nor any line of it) nor an access token reached a response or the log.
  const keyBody = certificate.privateKey.split('\n').filter((line) => line.length > 0 && !line.startsWith('-----'));
  const everything = [...logs, ...bodies].join('\n');
  for (const secret of [...keyBody, ...fake.accessTokensIssued]) expect(everything).not.toContain(secret);
  expect(fake.accessTokensIssued.length).toBeGreaterThan(0);
  expect(logs.length).toBeGreaterThan(0);
  await t?.close();
  await fake?.close();
});

let organizationId: string;
let accountId: string;
beforeEach(async () => {
  const response = await inject({
    method: 'POST',
    url: '/api/v1/organization/add',
    payload: {
      organizationName: `Suite ${randomBytes(4).toString('hex')}`,
      organizationEmail: 'finance@suite.example',
      organizationPhoneNumber: '5551234567',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  organizationId = response.json().data.createdOrganization.id;
  // A sandbox's id: its host is written lower case with a hyphen.
  accountId = `${Math.floor(Math.random() * 9e6) + 1e6}_SB1`;
  fake.addAccount(accountId);
  fake.mapCertificate(accountId, CONSUMER_KEY, CERTIFICATE_ID, certificate.publicKey);
  fake.setAccounts(accountId, CHART);
  for (const transaction of [t101, t102, t103]) fake.putTransaction(accountId, transaction, '2024-03-01 09:00:00');
  fake.setRowCap(100_000);
  fake.setPageLimit(undefined);
  fake.setTokenLifetime(3600);
  jobs.queued.length = 0;
});

async function inject(options: InjectOptions, token = adminToken) {
  const response = await t.app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });
  bodies.push(response.body, JSON.stringify(response.headers));
  return response;
}

const CHART: FakeNetsuiteAccount[] = [
  { id: '1', acctnumber: '1010', accttype: 'Bank', name: 'Operating Account' },
  { id: '2', acctnumber: '1200', accttype: 'AcctRec', name: 'Accounts Receivable' },
  { id: '54', acctnumber: '4010', accttype: 'Income', name: 'Sales : Services' },
  { id: '58', accttype: 'Expense', name: 'Rent' },
  { id: '60', acctnumber: '1510', accttype: 'FixedAsset', name: 'Old Truck', parent: '1', isinactive: true },
  { id: '70', accttype: 'Stat', name: 'Headcount' },
];
const t101: FakeNetsuiteTransaction = {
  id: '101',
  tranid: 'INV-1',
  trandate: '2024-01-15',
  lines: [
    { line: 0, account: '2', debit: 1250.5, memo: 'Consulting', entity: 'Acme Corp', subsidiary: 'US Inc.' },
    { line: 1, account: '54', credit: 1250.5, department: 'Services', subsidiary: 'US Inc.' },
    // A statistical line: never on the ledger.
    { line: 2, account: '70', debit: 3, posting: false },
  ],
};
const t102: FakeNetsuiteTransaction = {
  id: '102',
  trandate: '2024-02-03',
  lines: [
    { line: 0, account: '58', debit: 800 },
    { line: 1, account: '1', credit: 800 },
  ],
};
const t103: FakeNetsuiteTransaction = {
  id: '103',
  tranid: 'JE-7',
  trandate: '2023-12-20',
  lines: [
    { line: 0, account: '1', debit: 300.25 },
    { line: 1, account: '54', credit: 200.25 },
    { line: 2, account: '54', credit: 100 },
  ],
};

const form = (overrides: Record<string, string> = {}) => ({
  organization_id: organizationId,
  account_id: accountId,
  consumer_key: CONSUMER_KEY,
  certificate_id: CERTIFICATE_ID,
  certificate_private_key: certificate.privateKey,
  ...overrides,
});

async function add(overrides: Record<string, string> = {}, token = adminToken) {
  return inject({ method: 'POST', url: '/api/v1/netsuite', payload: form(overrides) }, token);
}

const stored = async () =>
  t.database.db.select().from(accountingConnections).where(eq(accountingConnections.organizationId, organizationId));

async function sync(id?: string) {
  const response = await inject({ method: 'POST', url: `/api/v1/netsuite/${id ?? (await stored())[0]!.id}/sync` });
  expect(response.statusCode, response.body).toBe(200);
  const { runId } = response.json().data as { runId: string };
  await jobs.drain();
  return (await t.database.db.select().from(syncRuns).where(eq(syncRuns.id, runId)))[0]!;
}

/** The organization's ledger as synced: every line, the totals and the accounts. */
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
  }));
}

const line = (values: Record<string, unknown>) => ({
  source: 'netsuite',
  description: null,
  debit: '0.00',
  credit: '0.00',
  entity: null,
  department: null,
  counterparty: null,
  reference: null,
  ...values,
});
const LEDGER = [
  line({ journal_id: '101', line_no: 0, posting_date: '2024-01-15', period: '2024-01', account_code: '1200' }),
  line({ journal_id: '101', line_no: 1, posting_date: '2024-01-15', period: '2024-01', account_code: '4010' }),
  line({ journal_id: '102', line_no: 0, posting_date: '2024-02-03', period: '2024-02', account_code: 'NS-58' }),
  line({ journal_id: '102', line_no: 1, posting_date: '2024-02-03', period: '2024-02', account_code: '1010' }),
  line({ journal_id: '103', line_no: 0, posting_date: '2023-12-20', period: '2023-12', account_code: '1010' }),
  line({ journal_id: '103', line_no: 1, posting_date: '2023-12-20', period: '2023-12', account_code: '4010' }),
  line({ journal_id: '103', line_no: 2, posting_date: '2023-12-20', period: '2023-12', account_code: '4010' }),
];
Object.assign(LEDGER[0]!, {
  debit: '1250.50',
  description: 'Consulting',
  entity: 'US Inc.',
  counterparty: 'Acme Corp',
  reference: 'INV-1',
});
Object.assign(LEDGER[1]!, { credit: '1250.50', entity: 'US Inc.', department: 'Services', reference: 'INV-1' });
Object.assign(LEDGER[2]!, { debit: '800.00' });
Object.assign(LEDGER[3]!, { credit: '800.00' });
Object.assign(LEDGER[4]!, { debit: '300.25', reference: 'JE-7' });
Object.assign(LEDGER[5]!, { credit: '200.25', reference: 'JE-7' });
Object.assign(LEDGER[6]!, { credit: '100.00', reference: 'JE-7' });

describe('adding a NetSuite connection', () => {
  it('gets a token with a PS256 assertion, then stores the certificate sealed and answers the account', async () => {
    const response = await add();

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(accountingMessages.connected('NetSuite'));
    const [row] = await stored();
    expect(row).toMatchObject({
      system: 'netsuite',
      status: 'connected',
      externalId: accountId.toLowerCase().replace('_', '-'),
    });
    expect(row!.credentials).toMatch(/^v1\./);
    expect(response.json().data.account).toEqual({
      id: row!.id,
      system: 'netsuite',
      status: 'connected',
      last_synced: null,
      organization_id: organizationId,
      companyName: null,
      rowsSynced: 0,
      message: null,
      account_id: accountId.toLowerCase().replace('_', '-'),
    });
    // The assertion as NetSuite asks for it (the fake verified its signature with the public key).
    const { header, payload } = fake.assertions.at(-1)!;
    expect(header).toEqual({ alg: 'PS256', typ: 'JWT', kid: CERTIFICATE_ID });
    expect(payload).toMatchObject({
      iss: CONSUMER_KEY,
      scope: 'rest_webservices',
      aud: `${fake.url}/${accountId.toLowerCase().replace('_', '-')}/services/rest/auth/oauth2/v1/token`,
    });
    expect(Number(payload.exp) - Number(payload.iat)).toBeLessThanOrEqual(3600);

    const listed = await inject({ method: 'GET', url: '/api/v1/netsuite', query: { organization_id: organizationId } });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual({ accounts: [response.json().data.account] });

    const one = await inject({
      method: 'GET',
      url: '/api/v1/netsuite/netsuiteAccount',
      query: { id: row!.id, orgID: organizationId },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.account).toEqual({ ...response.json().data.account, lastRun: null });
  });

  it.each([
    ['a text that is not a PEM key', { certificate_private_key: 'not a key' }, netsuiteMessages.badPrivateKey],
    [
      'an EC key (PS256 needs RSA)',
      {
        certificate_private_key: generateKeyPairSync('ec', {
          namedCurve: 'prime256v1',
          privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
          publicKeyEncoding: { type: 'spki', format: 'pem' },
        }).privateKey,
      },
      netsuiteMessages.badPrivateKey,
    ],
    ['an account NetSuite does not have', { account_id: '999999999' }, netsuiteMessages.unknownAccount],
    [
      'a certificate id not mapped on the integration',
      { certificate_id: 'unmapped' },
      netsuiteMessages.assertionRefused,
    ],
    ['an unknown consumer key', { consumer_key: 'someone-else' }, netsuiteMessages.assertionRefused],
    [
      'the key of another certificate',
      { certificate_private_key: keyPair().privateKey },
      netsuiteMessages.assertionRefused,
    ],
  ])('refuses %s with its own message and stores nothing', async (_case, overrides, message) => {
    const response = await add(overrides);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ status: false, message });
    expect(await stored()).toEqual([]);
  });

  it('answers the general failure when NetSuite is unavailable', async () => {
    fake.setUnavailable(true);
    const response = await add().finally(() => fake.setUnavailable(false));

    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ status: false, message: accountingMessages.netsuiteCreateFailed });
    expect(await stored()).toEqual([]);
  });

  it('lets the organization’s own user add it, not a user of another organization', async () => {
    const user = await createUser(t.database, { organizationId });
    expect((await add({}, await login(t.app, user))).statusCode).toBe(200);

    const other = await inject({
      method: 'POST',
      url: '/api/v1/organization/add',
      payload: {
        organizationName: `Other ${randomBytes(4).toString('hex')}`,
        organizationEmail: 'other@suite.example',
        organizationPhoneNumber: '5551234567',
      },
    });
    const stranger = await createUser(t.database, { organizationId: other.json().data.createdOrganization.id });
    const strangerToken = await login(t.app, stranger);
    expect((await add({}, strangerToken)).statusCode).toBe(403);
    // The id-only routes answer another organization's connection as a missing one.
    const id = (await stored())[0]!.id;
    const refused = await inject({ method: 'POST', url: `/api/v1/netsuite/${id}/sync` }, strangerToken);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(accountingMessages.connectionNotFound);
    const status = await inject(
      { method: 'PUT', url: `/api/v1/netsuite/status/${id}`, payload: { accountStatus: 'disconnected' } },
      strangerToken,
    );
    expect(status.statusCode).toBe(404);
    expect((await stored())[0]!.status).toBe('connected');
  });
});

describe('syncing NetSuite', () => {
  it('lands the known ledger exactly, through the validated load, and a second sync adds nothing', async () => {
    await add();
    const first = await sync();

    expect(first).toMatchObject({
      status: 'completed',
      message: syncMessages.completed(5, 7),
      accountsSynced: 5,
      linesSynced: 7,
    });
    const books = await warehouse();
    expect(books.lines).toEqual(LEDGER);
    expect(books.totals).toEqual({ debit: '2350.75', credit: '2350.75' });
    expect(books.accounts).toEqual([
      {
        account_code: '1010',
        account_name: 'Operating Account',
        account_type: 'asset',
        account_subtype: 'cash',
        parent_code: null,
        is_active: true,
      },
      {
        account_code: '1200',
        account_name: 'Accounts Receivable',
        account_type: 'asset',
        account_subtype: 'receivable',
        parent_code: null,
        is_active: true,
      },
      {
        account_code: '1510',
        account_name: 'Old Truck',
        account_type: 'asset',
        account_subtype: 'fixed_asset',
        parent_code: '1010',
        is_active: false,
      },
      {
        account_code: '4010',
        account_name: 'Sales : Services',
        account_type: 'revenue',
        account_subtype: 'sales',
        parent_code: null,
        is_active: true,
      },
      {
        account_code: 'NS-58',
        account_name: 'Rent',
        account_type: 'expense',
        account_subtype: 'operating_expense',
        parent_code: null,
        is_active: true,
      },
    ]);
    // The first sync read by year windows, every request transient.
    const windows = fake.queries.filter(({ q }) => q.includes('FROM transactionaccountingline'));
    expect(windows.slice(-2).map(({ q }) => /TO_DATE\('([\d-]+)'.*TO_DATE\('([\d-]+)'/.exec(q)!.slice(1))).toEqual([
      ['2023-12-20', '2023-12-31'],
      ['2024-01-01', '2024-02-03'],
    ]);
    expect(fake.missingPrefer).toBe(0);
    const connection = (await stored())[0]!;
    expect(connection).toMatchObject({ status: 'connected', rowsSynced: 12, syncedThrough: '2024-03-01 09:00:00' });

    const one = await inject({
      method: 'GET',
      url: '/api/v1/netsuite/netsuiteAccount',
      query: { id: connection.id, orgID: organizationId },
    });
    expect(one.json().data.account.lastRun).toMatchObject({ id: first.id, status: 'completed', linesSynced: 7 });

    const second = await sync();

    expect(second).toMatchObject({ status: 'no_data', message: syncStatusMessages.no_data, linesSynced: 0 });
    expect(await warehouse()).toEqual(books);
    // The second sync asked only for what changed since the first, on NetSuite's clock.
    expect(fake.queries.at(-1)!.q).toContain("t.lastmodifieddate >= TO_TIMESTAMP('2024-03-01 09:00:00'");
  });

  it('undoes a sync: the warehouse as before it, a second undo refused, and the next sync reads the whole ledger', async () => {
    await add();
    const before = await warehouse();
    const first = await sync();
    expect((await warehouse()).lines).toEqual(LEDGER);

    const undone = await inject({ method: 'POST', url: `/api/v1/accounting/sync-runs/${first.id}/undo` });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({
      status: true,
      message: accountingMessages.syncUndone,
      data: { run: { id: first.id, status: 'completed', undoneAt: expect.any(String) } },
    });
    expect(await warehouse()).toEqual(before);
    const again = await inject({ method: 'POST', url: `/api/v1/accounting/sync-runs/${first.id}/undo` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: false, message: pipelineMessages.undoAlreadyDone });

    expect(await sync()).toMatchObject({ status: 'completed', linesSynced: 7 });
    expect((await warehouse()).lines).toEqual(LEDGER);
  });

  it('takes only the transactions changed since the last sync, replacing their lines whole', async () => {
    await add();
    await sync();
    fake.putTransaction(
      accountId,
      {
        ...t102,
        lines: [
          { line: 0, account: '58', debit: 900 },
          { line: 1, account: '1', credit: 900 },
        ],
      },
      '2024-03-02 10:00:00',
    );

    const run = await sync();

    expect(run).toMatchObject({ status: 'completed', linesSynced: 2 });
    const books = await warehouse();
    expect(books.lines.filter((l) => l.journal_id === '102').map((l) => [l.debit, l.credit])).toEqual([
      ['900.00', '0.00'],
      ['0.00', '900.00'],
    ]);
    expect(books.totals).toEqual({ debit: '2450.75', credit: '2450.75' });
    expect((await stored())[0]!.syncedThrough).toBe('2024-03-02 10:00:00');
  });

  it('pages with limit and offset while NetSuite has more, and splits a date window over the row cap', async () => {
    fake.setPageLimit(2);
    fake.setRowCap(3);
    await add();
    const before = fake.queries.length;

    const run = await sync();

    expect(run).toMatchObject({ status: 'completed', linesSynced: 7 });
    expect((await warehouse()).lines).toEqual(LEDGER);
    // The chart (5 accounts at 2 a page) was paged by offset.
    expect(
      fake.queries
        .slice(before)
        .filter(({ q }) => q.includes('FROM account a'))
        .map(({ offset }) => offset),
    ).toEqual([0, 2, 4]);
    // 2024's window (4 lines) was over the cap of 3: read in halves, down to one transaction each.
    const windows = fake.queries
      .slice(before)
      .filter(({ q }) => q.includes('FROM transactionaccountingline'))
      .map(({ q }) => /TO_DATE\('([\d-]+)'.*TO_DATE\('([\d-]+)'/.exec(q)!.slice(1).join('..'));
    expect([...new Set(windows)]).toEqual([
      '2023-12-20..2023-12-31',
      '2024-01-01..2024-02-03',
      '2024-01-01..2024-01-17',
      '2024-01-18..2024-02-03',
    ]);
  });

  it('fails, loading nothing, when one day holds more lines than SuiteQL serves', async () => {
    fake.setRowCap(1);
    await add();

    const run = await sync();

    expect(run.status).toBe('failed');
    expect(run.message).toBe(
      `${accountingMessages.netsuiteSyncFailed}: ${netsuiteMessages.rowCapOnOneDay} (2023-12-20)`,
    );
    expect((await warehouse()).lines).toEqual([]);
  });

  it('waits out 429s, showing "rate limit exceeded", then retries and completes', async () => {
    await add();
    fake.throttleNext(2);
    const throttledBefore = fake.throttled;

    const run = await sync();

    expect(run).toMatchObject({ status: 'completed', linesSynced: 7 });
    expect(fake.throttled - throttledBefore).toBe(2);
  });

  it('gives up with "max retries" when NetSuite keeps answering 429', async () => {
    await add();
    fake.throttleNext(10);

    const run = await sync();
    fake.throttleNext(0);

    expect(run.status).toBe('max_retries');
    expect(run.message).toMatch(/^Sync gave up after too many retries: NetSuite kept answering "rate limit exceeded"/);
    expect((await warehouse()).lines).toEqual([]);
  });

  it('gets a new token before the one it has runs out', async () => {
    await add();
    fake.setTokenLifetime(30);
    const issued = fake.accessTokensIssued.length;

    expect(await sync()).toMatchObject({ status: 'completed' });
    // Near its end at once: each query got a fresh one.
    expect(fake.accessTokensIssued.length - issued).toBeGreaterThan(1);
  });

  it('puts the connection in error when the certificate is revoked, loading nothing', async () => {
    await add();
    fake.revokeCertificates(accountId);

    const run = await sync();

    expect(run.status).toBe('failed');
    expect(run.message).toBe(`${netsuiteMessages.reconnect} (NetSuite: invalid_grant: unknown certificate id (kid))`);
    expect((await stored())[0]).toMatchObject({ status: 'error', message: run.message });
    expect((await warehouse()).lines).toEqual([]);
  });
});

describe('disconnecting NetSuite', () => {
  it('forgets the certificate; syncing then asks to connect again', async () => {
    await add();
    const id = (await stored())[0]!.id;

    const response = await inject({
      method: 'PUT',
      url: `/api/v1/netsuite/status/${id}`,
      payload: { accountStatus: 'disconnected' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.account).toMatchObject({ id, status: 'disconnected' });
    expect((await stored())[0]!.credentials).toBeNull();
    const refused = await inject({ method: 'POST', url: `/api/v1/netsuite/${id}/sync` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(accountingMessages.notConnected);
  });
});
