/**
 * No input makes the API answer 500 (issue 8, acceptance 5). The routes come from the app itself, so a
 * route added later is attacked too: every route that takes input (a body, query or params schema, a
 * multipart form, a parameter in its path) gets, in each of its fields, hostile strings (NUL, lone
 * surrogates, control characters, 10 kB) and hostile dates (0000-01-01, 10000-01-01, 2024-02-30…), sent
 * as an admin and as an organization user, with valid values everywhere else (EXAMPLES below, proven
 * valid by sending them unchanged). Every answer is below 500, every refusal is the bare envelope
 * `{status:false, message, errors?}`, text PostgreSQL cannot store is always refused, and no control
 * character ever lands in a table. Multipart routes also get forms the parser cannot read.
 *
 * Random cases use a fixed seed (FAST_CHECK_SEED overrides it); fast-check prints seed and path on failure.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ApiRoute } from './plugins/tenant-guard.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@finboard/shared/api';
import { messages } from '@finboard/shared/messages';
import type { StatementLayout } from '@finboard/shared/statement-layouts';
import { sealedBlob, sealUpload } from '@finboard/shared/upload-encryption';
import { auditEvents, dashboards, organizations, pipelineRuns, refreshLogs, syncRuns } from './db/schema.ts';
import { authRepository } from './modules/auth/auth.repository.ts';
import { pipelinesRepository } from './modules/pipelines/pipelines.repository.ts';
import { generateToken, hashToken } from './platform/crypto/tokens.ts';
import { buildTestApp, TEST_ADMIN } from '../test/build-app.ts';
import {
  bearer,
  createDashboard,
  createDataType,
  createUser,
  login,
  uniqueEmail,
  uniqueIp,
  USER_PASSWORD,
} from '../test/factories.ts';
import { pngBytes } from '../test/images.ts';
import { warehouseSchemaName } from './warehouse/identifiers.ts';
import { powerbiConfigOf, startPowerbiFake } from '../test/powerbi-fake.ts';
import { quickbooksConfigOf, startQuickbooksFake } from '../test/quickbooks-fake.ts';
import { INTACCT_SENDER_ID, INTACCT_SENDER_PASSWORD, intacctConfigOf, startIntacctFake } from '../test/intacct-fake.ts';
import { netsuiteConfigOf, startNetsuiteFake } from '../test/netsuite-fake.ts';
import { accountingConnections } from './db/schema.ts';

const SEED = Number(process.env.FAST_CHECK_SEED ?? 20_261_122);
/** Random cases per route, on top of the fixed hostile values sent to every field. */
const RANDOM_RUNS = 10;

// The routes are read from the app while the file is collected, so each gets a test of its own.
// Power BI is the local fake: embed and refresh calls get past the service to the protocol.
const fake = await startPowerbiFake();
// QuickBooks is its local fake too: Connect, the callback and a sync get past the service to the protocol.
const quickbooksFake = await startQuickbooksFake();
// Sage Intacct too: adding a connection signs in, a sync reads the fake's (empty) ledger.
const intacctFake = await startIntacctFake();
intacctFake.addCompany('safety-co', { userId: 'ws_safety', password: 'Safety-1' });
// NetSuite as well: adding a connection gets a token from it with a certificate it knows.
const netsuiteFake = await startNetsuiteFake();
const NETSUITE_SAFETY = { accountId: '7654321', consumerKey: 'safety-consumer', certificateId: 'safety-cert' };
const netsuiteKeys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
netsuiteFake.addAccount(NETSUITE_SAFETY.accountId);
netsuiteFake.mapCertificate(
  NETSUITE_SAFETY.accountId,
  NETSUITE_SAFETY.consumerKey,
  NETSUITE_SAFETY.certificateId,
  netsuiteKeys.publicKey,
);
const t = await buildTestApp({
  ...powerbiConfigOf(fake),
  ...quickbooksConfigOf(quickbooksFake),
  ...intacctConfigOf(intacctFake),
  ...netsuiteConfigOf(netsuiteFake),
  POWERBI_REFRESH_POLL_MS: 50,
});
afterAll(async () => {
  if (f) expect(await storedControlCharacters('everywhere')).toEqual([]);
  await t.close();
  await fake.close();
  await quickbooksFake.close();
  await intacctFake.close();
  await netsuiteFake.close();
});

type Caller = 'admin' | 'user';
const CALLERS: Caller[] = ['admin', 'user'];

interface Fixture {
  organizationId: string;
  organizationName: string;
  logoKey: string;
  tokens: Record<Caller, string>;
  /** Organization users: one each for the routes that act on a user, sign in or reset a password. */
  spareUserId: string;
  ownUserId: string;
  signIn: { email: string; password: string };
  resetUserId: string;
  dashboardId: string;
  doomedDashboardId: string;
  dataTypeId: string;
  /** A data type of its own for the upload example (the Data Type Master's examples edit `dataTypeId`). */
  uploadDataTypeId: string;
  doomedDataTypeId: string;
  glRowId: string;
  doomedGlRowId: string;
  /** A pipeline run of the organization. */
  runId: string;
  /** A sync run that wrote a (empty) load: one that can be undone. */
  syncRunId: string;
  /** A period-based data type with its pipeline (what replacing periods is asked of). */
  periodDataTypeId: string;
}

interface Example {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** A file part after the body's fields: the route reads forms only, so every call is sent as one. */
  file?: FilePart;
  /** Who sends the unchanged example, which must succeed (default: admin on admin routes, else the user). */
  baseline?: Caller;
  /** The route answers a redirect when it succeeds (an OAuth callback). */
  redirects?: boolean;
}

/** A run that succeeded, with its (empty) load in the warehouse's lineage: a run that can be undone. */
async function succeededRun(organizationId: string): Promise<string> {
  const [run] = await t.database.db
    .insert(pipelineRuns)
    .values({ organizationId, pipelineName: 'GL Detail', status: 'succeeded', rowsAdded: 1 })
    .returning({ id: pipelineRuns.id });
  await t.app.services.warehouse.withOrganization(organizationId, (tx) =>
    tx.execute(sql`insert into "06_Load" (kind, run_id, label) values ('run', ${run!.id}, 'ledger.csv')`),
  );
  return run!.id;
}

/** A NetSuite connection's sync run, with its (empty) load in the warehouse's lineage. */
async function undoableSyncRun(organizationId: string): Promise<string> {
  const [connection] = await t.database.db
    .insert(accountingConnections)
    .values({ organizationId, system: 'netsuite', status: 'connected', externalId: `safety-${letters()}` })
    .returning({ id: accountingConnections.id });
  const [run] = await t.database.db
    .insert(syncRuns)
    .values({ organizationId, connectionId: connection!.id, system: 'netsuite', status: 'completed', message: 'Done' })
    .returning({ id: syncRuns.id });
  await t.app.services.warehouse.withOrganization(organizationId, (tx) =>
    tx.execute(sql`insert into "06_Load" (kind, run_id, label) values ('sync', ${run!.id}, 'NetSuite sync')`),
  );
  return run!.id;
}

/** A period-based data type and its pipeline. */
async function periodDataType(organizationId: string): Promise<string> {
  const type = await createDataType(t.database, organizationId, { name: 'Monthly ledger', periodBased: true });
  await pipelinesRepository(t.database.db).addFor([type]);
  return type.id;
}

/** Another organization's warehouse, the example clone's source (made once). */
let cloneSource: Promise<string> | undefined;
const cloneSourceDatabase = () =>
  (cloneSource ??= (async () => {
    const [source] = await t.database.db
      .insert(organizations)
      .values({ name: `Clone source ${letters()}`, email: uniqueEmail('clone'), phone: '5551234567' })
      .returning({ id: organizations.id });
    await t.app.services.warehouse.provision(source!.id);
    return t.app.services.warehouse.schemaOf(source!.id);
  })());

let serial = 0;
const next = () => ++serial;
/** Random letters: a valid organization name that keeps each run's rows apart. */
const letters = () =>
  Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26)))
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

const organizationForm = (name: string) => ({
  organizationName: name,
  organizationEmail: uniqueEmail('org'),
  organizationPhoneNumber: '(555) 123-4567',
  organizationAddress: '1 Main Street\nSpringfield',
  organizationDescription: 'Books of the group',
  powerbiEmail: 'bi@finboard.test',
});
const dashboardBody = (name: string) => ({
  dashboard: name,
  url: 'https://app.powerbi.com/reportEmbed?reportId=1',
  workspaceId: 'workspace-1',
  datasetId: 'dataset-1',
  type: 'report',
});
const dataTypeBody = (name: string) => ({
  name,
  description: 'Monthly ledger export',
  targetTable: '02_GL_Detail',
  columns: [
    { name: 'debit', type: 'numeric', required: true },
    { name: 'posting_date', type: 'date', required: false, format: 'YYYY-MM-DD' },
  ],
  delimiter: ',',
  periodBased: true,
});
/** Two balanced lines, every field set; J1's own line numbers, so a replacement of J1 keeps them. */
const journalLines = () => [
  {
    line_no: 1,
    posting_date: '2024-01-05',
    period: '2024-01',
    account_code: '1000',
    description: 'Invoice 17\twith a tab',
    debit: '100.00',
    credit: '0',
    entity: 'HQ',
    department: 'Sales',
    counterparty: 'Acme',
    reference: 'R-17',
  },
  { line_no: 2, posting_date: '2024-01-05', period: '2024-01', account_code: '1000', debit: 0, credit: 100 },
];
/** A fresh journal for each delete. */
async function doomedJournal(f: Fixture): Promise<string> {
  const journalId = `JD${next()}`;
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/crud/${f.organizationId}/journals`,
    headers: bearer(f.tokens.admin),
    payload: { journal_id: journalId, lines: journalLines() },
  });
  expect(response.statusCode, response.body).toBe(201);
  return journalId;
}
const glFilters = JSON.stringify([
  { column: 'posting_date', op: 'between', value: '2024-01-01', valueTo: '2024-12-31' },
  { column: 'description', op: 'contains', value: 'Invoice' },
  { column: 'debit', op: 'gte', value: 0 },
]);

/** Path parameters by name, for every route that does not say otherwise. */
const paramDefaults = (f: Fixture): Record<string, string> => ({
  id: f.organizationId,
  orgId: f.organizationId,
  organizationId: f.organizationId,
  runId: f.runId,
  userId: f.spareUserId,
  dashboardId: f.dashboardId,
  table: '02_GL_Detail',
  rowId: f.glRowId,
});

/**
 * A valid call of every route that takes input, keyed "METHOD /path". A route added without one here
 * is still attacked (with default parameters and no body) but fails the completeness test below.
 */
/** One sealed CSV for every Import Flat File call: the same body opens again and again. */
/** A file sealed as a browser seals it, once per content: the upload routes' examples send it as is. */
const sealedFiles = new Map<string, Promise<{ encryption: string; bytes: Buffer }>>();
function sealedFile(content: string) {
  let sealed = sealedFiles.get(content);
  if (!sealed) {
    sealed = (async () => {
      const { encryption, chunks } = await sealUpload(await t.app.services.uploadKeys.current(), new Blob([content]));
      const bytes = Buffer.from(await (await sealedBlob(chunks)).arrayBuffer());
      return { encryption: JSON.stringify(encryption), bytes };
    })();
    sealedFiles.set(content, sealed);
  }
  return sealed;
}

/** A report pack of the organization (a cover page, PDF), made as its user would. */
async function reportPack(f: Fixture): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/report-packs/${f.organizationId}`,
    headers: { authorization: `Bearer ${f.tokens.admin}` },
    payload: { name: `Safety pack ${next()}`, pages: [{ kind: 'cover' }], formats: ['pdf'] },
  });
  return response.json().data.pack.id as string;
}
/** One pack with a run that has made its PDF (the job runner works it), for the routes that read runs and files. */
let packRun: Promise<{ packId: string; runId: string }> | undefined;
function generatedPack(f: Fixture) {
  packRun ??= (async () => {
    const packId = await reportPack(f);
    const url = `/api/v1/report-packs/${f.organizationId}/${packId}`;
    const headers = { authorization: `Bearer ${f.tokens.admin}` };
    const queued = await t.app.inject({
      method: 'POST',
      url: `${url}/generate`,
      headers,
      payload: { period: '2024-01' },
    });
    const runId = queued.json().data.runId as string;
    for (let waited = 0; waited < 30_000; waited += 100) {
      const run = (await t.app.inject({ method: 'GET', url: `${url}/runs/${runId}`, headers })).json().data.run;
      if (run.status === 'succeeded') return { packId, runId };
      if (run.status === 'failed') throw new Error(`the pack run failed: ${run.message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the pack run did not finish');
  })();
  return packRun;
}
/** A template of pack pages (administrators). */
async function packTemplate(f: Fixture): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/report-pack-templates',
    headers: { authorization: `Bearer ${f.tokens.admin}` },
    payload: { name: `Safety template ${next()}`, pages: [{ kind: 'cover' }] },
  });
  return response.json().data.template.id as string;
}
/** An outbox e-mail with one attachment. */
async function mailWithAttachment(): Promise<string> {
  const to = uniqueEmail('attached');
  await t.app.services.mailer.send({
    kind: 'test',
    to,
    subject: 'Pack',
    text: 'Attached',
    attachments: [{ filename: 'pack.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7') }],
  });
  const [email] = (await t.app.services.outbox.listNewest(500)).filter((entry) => entry.to === to);
  return email!.id;
}

/** A consolidation group of the organization alone (administrators keep groups; its users read its statements). */
const groupBody = (f: Fixture) => ({
  name: `Safety group ${next()}`,
  reportingCurrency: 'USD',
  parentOrganizationId: f.organizationId,
  members: [{ organizationId: f.organizationId, entity: 'HQ', ownershipPct: 100, joinedPeriod: '2024-01' }],
  eliminationRules: [{ name: 'Loans', accountA: '1300', accountB: '2300' }],
});
async function consolidationGroup(f: Fixture): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/consolidation-groups',
    headers: { authorization: `Bearer ${f.tokens.admin}` },
    payload: groupBody(f),
  });
  return response.json().data.group.id as string;
}

const EXAMPLES: Record<string, (f: Fixture) => Example | Promise<Example>> = {
  'GET /api/v1/exchange-rates': () => ({
    query: { from: 'EUR', to: 'USD', period: '2024-01', page: '1', pageSize: '50' },
  }),
  'PUT /api/v1/exchange-rates': () => ({
    body: { rates: [{ period: '2024-01', from: 'EUR', to: 'USD', average: 1.0845, closing: 1.0912 }] },
  }),
  'POST /api/v1/exchange-rates/import': () => ({
    body: {},
    file: {
      field: 'file',
      name: 'rates.csv',
      bytes: Buffer.from('period,from,to,average,closing\n2024-02,GBP,USD,1.2634,1.2701\n'),
    },
  }),
  'DELETE /api/v1/exchange-rates/:from/:to/:period': async (f) => {
    const period = `20${String(10 + (next() % 80)).padStart(2, '0')}-0${1 + (next() % 9)}`;
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/exchange-rates',
      headers: { authorization: `Bearer ${f.tokens.admin}` },
      payload: { rates: [{ period, from: 'CHF', to: 'USD', average: 1.1, closing: 1.2 }] },
    });
    return { params: { from: 'CHF', to: 'USD', period } };
  },
  'POST /api/v1/consolidation-groups': (f) => ({ body: groupBody(f) }),
  'GET /api/v1/consolidation-groups/:id': async (f) => ({ params: { id: await consolidationGroup(f) } }),
  'PUT /api/v1/consolidation-groups/:id': async (f) => ({
    params: { id: await consolidationGroup(f) },
    body: groupBody(f),
  }),
  'DELETE /api/v1/consolidation-groups/:id': async (f) => ({ params: { id: await consolidationGroup(f) } }),
  'GET /api/v1/consolidation-groups/of-organization/:organizationId': async (f) => {
    await consolidationGroup(f);
    return {};
  },
  'GET /api/v1/consolidation-groups/:id/reports/:template': async (f) => ({
    params: { id: await consolidationGroup(f), template: 'balance-sheet' },
    query: { from: '2024-01', to: '2024-03' },
  }),
  'POST /api/v1/report-pack-templates': () => ({
    body: {
      name: `Template ${next()}`,
      pages: [{ kind: 'statement', template: 'profit-and-loss', options: { title: 'P&L' } }],
      formats: ['pdf'],
    },
  }),
  'GET /api/v1/report-pack-templates/:id': async (f) => ({ params: { id: await packTemplate(f) } }),
  'PUT /api/v1/report-pack-templates/:id': async (f) => ({
    params: { id: await packTemplate(f) },
    body: { name: `Template ${next()}`, pages: [{ kind: 'notes', options: { text: 'Unaudited' } }] },
  }),
  'DELETE /api/v1/report-pack-templates/:id': async (f) => ({ params: { id: await packTemplate(f) } }),
  'GET /api/v1/admin/outbox/:id/attachments/:index': async () => ({
    params: { id: await mailWithAttachment(), index: '0' },
  }),
  'GET /api/v1/report-packs/:organizationId': () => ({}),
  'POST /api/v1/report-packs/:organizationId': () => ({
    body: {
      name: `Pack ${next()}`,
      pages: [{ kind: 'notes', options: { text: 'Prepared for the board' } }],
      formats: ['pdf', 'xlsx'],
    },
  }),
  'GET /api/v1/report-packs/:organizationId/:packId': async (f) => ({ params: { packId: await reportPack(f) } }),
  'PUT /api/v1/report-packs/:organizationId/:packId': async (f) => ({
    params: { packId: await reportPack(f) },
    body: { name: `Pack ${next()}`, recipients: [{ email: 'owner@client.example' }] },
  }),
  'DELETE /api/v1/report-packs/:organizationId/:packId': async (f) => ({ params: { packId: await reportPack(f) } }),
  'POST /api/v1/report-packs/:organizationId/:packId/preview': async (f) => ({
    params: { packId: await reportPack(f) },
    body: { period: '2024-01' },
  }),
  'POST /api/v1/report-packs/:organizationId/:packId/generate': async (f) => ({
    params: { packId: await reportPack(f) },
    body: { period: '2024-01' },
  }),
  'GET /api/v1/report-packs/:organizationId/:packId/runs': async (f) => ({
    params: { packId: (await generatedPack(f)).packId },
  }),
  'GET /api/v1/report-packs/:organizationId/:packId/runs/:runId': async (f) => ({
    params: { ...(await generatedPack(f)) },
  }),
  'GET /api/v1/report-packs/:organizationId/:packId/runs/:runId/files/:format': async (f) => ({
    params: { ...(await generatedPack(f)), format: 'pdf' },
  }),
  'GET /api/v1/report-packs/:organizationId/:packId/commentary/:period': async (f) => ({
    params: { packId: await reportPack(f), period: '2024-01' },
  }),
  'PUT /api/v1/report-packs/:organizationId/:packId/commentary/:period': async (f) => ({
    params: { packId: await reportPack(f), period: '2024-01' },
    body: { text: 'Cash was **{{cash}}**.\n\n- Revenue {{revenue.direction.previousPeriod}}' },
  }),
  'POST /api/v1/report-packs/:organizationId/:packId/commentary/:period/draft': async (f) => ({
    params: { packId: await reportPack(f), period: '2024-01' },
  }),
  'POST /api/v1/report-packs/:organizationId/:packId/tie-out/:period/sign-off': async (f) => ({
    params: { packId: await reportPack(f), period: '2024-01' },
  }),
  'POST /api/v1/auth/login': (f) => ({ body: { ...f.signIn } }),
  'POST /api/v1/auth/forgot-password': (f) => ({ body: { email: f.signIn.email } }),
  'POST /api/v1/auth/reset-password': async (f) => ({
    body: { token: await resetToken(f.resetUserId), password: 'N3w!Passw0rd' },
  }),
  'GET /api/v1/auth/reset-password/:token': async (f) => ({ params: { token: await resetToken(f.resetUserId) } }),
  'POST /api/v1/user/change-password': () => ({
    body: { currentPassword: USER_PASSWORD, newPassword: `N3w!Passw0rd${next()}` },
  }),
  'POST /api/v1/user': (f) => ({
    body: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: uniqueEmail('added'),
      phoneNumber: '5551234567',
      role: 'user',
      organization_id: f.organizationId,
    },
    baseline: 'admin',
  }),
  'GET /api/v1/user': (f) => ({
    query: {
      name: 'Test',
      email: 'finboard',
      organization_id: f.organizationId,
      role: 'user',
      status: 'all',
      sortBy: 'name',
      sortOrder: 'asc',
      page: '1',
      pageSize: '20',
    },
  }),
  'GET /api/v1/user/:userId': () => ({}),
  'PUT /api/v1/user/update/:userId': (f) => ({
    body: {
      pipeline: 'Monthly close',
      email: uniqueEmail('edited'),
      fullname: 'Grace Hopper',
      dashboards: [f.dashboardId],
    },
  }),
  'PUT /api/v1/user/:userId/status': () => ({ body: { isActive: true } }),
  'PUT /api/v1/auth/profile/:userId': (f) => ({
    params: { userId: f.ownUserId },
    body: { firstName: 'Test', lastName: 'User', phoneNumber: '555-123-4567' },
  }),
  'GET /api/v1/organization': () => ({
    query: {
      name: 'Org',
      email: 'org',
      phone: '555',
      powerbiEmail: 'bi',
      search: 'Org',
      status: 'all',
      sortBy: 'name',
      sortOrder: 'asc',
      page: '1',
      pageSize: '20',
    },
  }),
  'POST /api/v1/organization/add': () => ({ body: organizationForm(`Group ${letters()}`) }),
  'GET /api/v1/portfolio': () => ({
    query: { name: 'Org', flag: 'stale', sort: 'revenueYtd', sortOrder: 'desc', page: '1', pageSize: '20' },
  }),
  // Import Flat File: a small sealed CSV; once the first call has made the table, the others are asked to confirm.
  'POST /api/v1/pipeline/saveCSV': async (f) => {
    const { encryption, bytes } = await sealedFile('region,amount\nNorth,12.50\n');
    return {
      body: { orgID: f.organizationId, tableName: 'safety_import', replace: 'false', encryption },
      file: { field: 'file', name: 'regions.csv', bytes },
    };
  },
  'GET /api/v1/organization/:id': () => ({}),
  'PUT /api/v1/organization/:id': (f) => ({ body: organizationForm(f.organizationName) }),
  'PUT /api/v1/organization/:id/audit-message': () => ({
    body: { auditDataMessage: 'Figures for March are provisional.\nAsk finance.' },
  }),
  'PUT /api/v1/organization/:id/status': () => ({ body: { isActive: true } }),
  'PUT /api/v1/organization/:id/overview-cards': () => ({ body: { cards: ['netMargin', 'cashRunwayMonths'] } }),
  'POST /api/v1/organization/:id/dashboards': () => ({ body: dashboardBody(`Board ${next()}`) }),
  'PUT /api/v1/organization/:id/dashboards/order': async (f) => ({
    body: {
      dashboardIds: (
        await t.database.db
          .select({ id: dashboards.id })
          .from(dashboards)
          .where(eq(dashboards.organizationId, f.organizationId))
          .orderBy(asc(dashboards.position))
      ).map((row) => row.id),
    },
    baseline: 'admin',
  }),
  'PUT /api/v1/organization/:id/dashboards/:dashboardId': () => ({ body: dashboardBody('Board main') }),
  'DELETE /api/v1/organization/:id/dashboards/:dashboardId': (f) => ({
    params: { dashboardId: f.doomedDashboardId },
  }),
  'GET /api/v1/data-types/:orgId': () => ({
    query: {
      name: 'GL',
      targetTable: '02_GL_Detail',
      sortBy: 'name',
      sortOrder: 'asc',
      page: '1',
      pageSize: '20',
    },
  }),
  'POST /api/v1/data-types/:orgId': () => ({ body: dataTypeBody(`Ledger ${next()}`) }),
  'GET /api/v1/data-types/:orgId/:id': (f) => ({ params: { id: f.dataTypeId } }),
  'PUT /api/v1/data-types/:orgId/:id': (f) => ({ params: { id: f.dataTypeId }, body: dataTypeBody('Ledger main') }),
  'DELETE /api/v1/data-types/:orgId/:id': (f) => ({ params: { id: f.doomedDataTypeId } }),
  'GET /api/v1/crud/tables/:orgId': () => ({}),
  'POST /api/v1/crud/check-value/:orgId': () => ({ body: { columnName: 'account_code', value: '1000' } }),
  'GET /api/v1/crud/:orgId/:table': () => ({
    query: { page: '1', pageSize: '50', sortBy: 'posting_date', sortOrder: 'desc', filters: glFilters },
  }),
  'GET /api/v1/crud/:orgId/:table/export': () => ({
    query: { sortBy: 'posting_date', sortOrder: 'desc', filters: glFilters },
  }),
  // A zero line keeps J1 balanced (a lone amount would be refused as out of balance).
  'POST /api/v1/crud/:orgId/:table': () => ({
    body: {
      journal_id: 'J1',
      line_no: 100 + next(),
      posting_date: '2024-01-05',
      period: '2024-01',
      account_code: '1000',
      description: 'Invoice 42\twith a tab',
      debit: '0',
      credit: '0',
      entity: 'HQ',
      department: 'Sales',
      counterparty: 'Acme',
      source: 'manual',
      reference: 'R-42',
    },
  }),
  'PUT /api/v1/crud/:orgId/:table/:rowId': () => ({
    body: { posting_date: '2024-01-06', description: 'Edited', debit: '100.00', reference: 'R-43' },
  }),
  'DELETE /api/v1/crud/:orgId/:table/:rowId': (f) => ({ params: { rowId: f.doomedGlRowId } }),
  'GET /api/v1/crud/:orgId/:table/:rowId/history': () => ({}),
  'GET /api/v1/crud/:orgId/:table/:rowId/origin': () => ({}),
  'GET /api/v1/crud/:orgId/journals/:journalId': () => ({ params: { journalId: 'J1' }, query: { source: 'manual' } }),
  'POST /api/v1/crud/:orgId/journals': () => ({ body: { journal_id: `JN${next()}`, lines: journalLines() } }),
  'PUT /api/v1/crud/:orgId/journals/:journalId': () => ({
    params: { journalId: 'J1' },
    body: { source: 'manual', lines: journalLines() },
  }),
  'DELETE /api/v1/crud/:orgId/journals/:journalId': async (f) => ({
    params: { journalId: await doomedJournal(f) },
    query: { source: 'manual' },
  }),
  'GET /api/v1/crud/:orgId/reconciliation': () => ({}),
  'GET /api/v1/reports/:organizationId/:template': () => ({
    params: { template: 'profit-and-loss' },
    query: { from: '2024-01', to: '2024-03', entity: 'HQ', department: 'Sales', top: '5' },
  }),
  'GET /api/v1/reports/:organizationId/kpis': () => ({
    query: { from: '2024-01', to: '2024-03', entity: 'HQ', department: 'Sales' },
  }),
  'GET /api/v1/statement-layouts/:organizationId': () => ({}),
  // Saved again as it is, at its current version (each save adds one).
  'PUT /api/v1/statement-layouts/:organizationId': async (f) => ({ body: await layoutAsItIs(f) }),
  'GET /api/v1/reports/:organizationId/gl-lines': () => ({
    query: {
      account_code: '1000',
      account_type: 'asset',
      account_subtype: 'cash',
      counterparty: 'Acme',
      from: '2024-01',
      to: '2024-03',
      entity: 'HQ',
      department: 'Sales',
      page: '1',
      pageSize: '20',
    },
  }),
  'GET /api/v1/pipeline/list-available-pipelines/:organizationId': () => ({}),
  'GET /api/v1/pipeline/list-pipelines/:organizationId': () => ({
    query: { name: 'GL', status: 'succeeded', from: '2024-01-01', to: '2030-12-31', page: '1', pageSize: '20' },
  }),
  'GET /api/v1/pipeline/runs/:runId': () => ({}),
  'POST /api/v1/pipeline/runs/:runId/undo': () => ({}),
  'GET /api/v1/pipeline/replace-preview/:organizationId': (f) => ({
    query: { dataTypeId: f.periodDataTypeId, periods: '2024-01,2024-02' },
  }),
  // Nothing waits for the pipeline: 'No files found to process.', no run (and no job runner needed).
  'GET /api/v1/pipeline/run-pipeline/:organizationId': () => ({
    query: { pipelineName: 'GL Detail', is_glDetail: 'true' },
  }),
  'POST /api/v1/pipeline/run-pipeline/:organizationId': () => ({
    query: { pipelineName: 'GL Detail', is_glDetail: 'true' },
  }),
  'GET /api/v1/image': (f) => ({ query: { url: f.logoKey, w: '64', q: '75' } }),
  'POST /api/v1/pipeline/file-upload': async (f) => {
    const { encryption, bytes } = await sealedFile('amount\n12.50\n');
    return {
      body: { organizationId: f.organizationId, data_type_id: f.uploadDataTypeId, encryption },
      file: { field: 'files', name: 'amounts.csv', bytes },
    };
  },
  'POST /api/v1/pipeline/analyze-file': async (f) => {
    const { encryption, bytes } = await sealedFile('Date,Account,Debit,Credit\n2026-01-05,1000,10.00,\n');
    return {
      body: { organizationId: f.organizationId, data_type_id: f.uploadDataTypeId, encryption },
      file: { field: 'file', name: 'ledger.csv', bytes },
    };
  },
  'GET /api/v1/pipeline/list-files/:organizationId': (f) => ({
    params: { organizationId: f.organizationId },
    query: { name: 'ledger', status: 'uploaded', sortBy: 'name', sortOrder: 'asc', page: '1', pageSize: '20' },
  }),
  'POST /api/v1/contact-us': () => ({
    body: {
      name: 'Ada Lovelace',
      email: 'ada@finboard.test',
      company: 'Analytical Engines',
      subject: 'Exports',
      message: 'How do I export the ledger?\nThanks.',
    },
  }),
  'GET /api/v1/admin/outbox': () => ({ query: { limit: '10' } }),
  // Dataset refresh and Power BI (issue 11): the admin's calls, on the fixture's first dashboard
  'POST /api/v1/data-refresh/refresh-all': (f) => ({ body: { organizationId: f.organizationId }, baseline: 'admin' }),
  'POST /api/v1/data-refresh/refresh-dataset': async (f) => {
    const dashboard = await powerbiDashboard(f);
    return {
      body: {
        organizationId: f.organizationId,
        workspaceId: dashboard.workspaceId,
        datasetId: dashboard.datasetId,
        reportName: dashboard.name,
      },
      baseline: 'admin',
    };
  },
  // Client onboarding (issue 14): administrators only; each step run again is harmless
  'POST /api/v1/onboard/storage/create-container': (f) => ({
    body: {
      orgID: f.organizationId,
      containerJson: { containerName: 'safety-files', folders: ['incoming', 'processed'] },
    },
  }),
  'POST /api/v1/onboard/sql/create-database': async (f) => ({
    body: {
      orgID: f.organizationId,
      databaseJson: { databaseName: 'safety_books', cloneFromDatabase: await cloneSourceDatabase() },
    },
  }),
  'POST /api/v1/onboard/data-factory/create': (f) => ({
    body: { orgID: f.organizationId, dataFactoryJson: { dataFactoryName: 'safety-adf' } },
  }),
  'POST /api/v1/onboard/data-factory/import': async (f) => ({
    body: {
      orgID: f.organizationId,
      factoryName: 'safety-adf',
      databaseName: 'safety_books',
      containerName: 'safety-files',
      cloneFromDatabase: await cloneSourceDatabase(),
    },
  }),
  'GET /api/v1/onboard/status/:orgID': (f) => ({ params: { orgID: f.organizationId } }),
  'POST /api/v1/chat/ask': (f) => ({ body: { organizationId: f.organizationId, question: 'Revenue last month' } }),
  'GET /api/v1/chat/history': (f) => ({ query: { organizationId: f.organizationId } }),
  'POST /api/v1/chat/clear': (f) => ({ body: { organizationId: f.organizationId } }),
  'GET /api/v1/chat/suggestions': (f) => ({ query: { organizationId: f.organizationId } }),
  'GET /api/v1/data-refresh/logs': (f) => ({ query: { organizationId: f.organizationId, date: '2024-01-31' } }),
  'GET /api/v1/data-refresh/status/:id': async (f) => ({ params: { id: await refreshLogId(f) } }),
  'POST /api/v1/data-refresh/update-stuck-logs': async (f) => {
    const dashboard = await powerbiDashboard(f);
    return {
      body: { organizationId: f.organizationId, workspaceId: dashboard.workspaceId, datasetId: dashboard.datasetId },
    };
  },
  'GET /api/v1/data-refresh/auto-update-stuck-logs': (f) => ({ query: { organizationId: f.organizationId } }),
  // Accounting connections (issue 12): QuickBooks through its local fake
  'GET /api/v1/accounting/sync-runs': (f) => ({ query: { organization_id: f.organizationId } }),
  'POST /api/v1/accounting/sync-runs/:runId/undo': (f) => ({ params: { runId: f.syncRunId } }),
  'POST /api/v1/quickbooks/connect': (f) => ({ body: { organization_id: f.organizationId } }),
  'GET /api/v1/quickbooks/callback': async (f) => ({
    query: { code: 'code-unknown', state: await quickbooksState(f), realmId: '9130000000000042' },
    redirects: true,
  }),
  'GET /api/v1/quickbooks/accounts': (f) => ({ query: { organization_id: f.organizationId } }),
  'PUT /api/v1/quickbooks/status/:id': async (f) => ({
    params: { id: await quickbooksConnectionId(f) },
    body: { accountStatus: 'connected' },
  }),
  'POST /api/v1/quickbooks': async (f) => ({
    body: { id: await quickbooksConnectionId(f), organization_id: f.organizationId },
  }),
  // Sage Intacct through its local fake
  'POST /api/v1/intacct': (f) => ({ body: { organization_id: f.organizationId, ...intacctForm } }),
  'GET /api/v1/intacct': (f) => ({ query: { organization_id: f.organizationId } }),
  'PUT /api/v1/intacct/status/:id': async (f) => ({
    params: { id: await intacctConnectionId(f) },
    body: { accountStatus: 'connected' },
  }),
  'GET /api/v1/intacct/data': async (f) => ({ query: { id: await intacctConnectionId(f) } }),
  // NetSuite through its local fake
  'POST /api/v1/netsuite': (f) => ({ body: netsuiteForm(f) }),
  'GET /api/v1/netsuite': (f) => ({ query: { organization_id: f.organizationId } }),
  'GET /api/v1/netsuite/netsuiteAccount': async (f) => ({
    query: { id: await netsuiteConnectionId(f), orgID: f.organizationId },
  }),
  'PUT /api/v1/netsuite/status/:id': async (f) => ({
    params: { id: await netsuiteConnectionId(f) },
    body: { accountStatus: 'connected' },
  }),
  'POST /api/v1/netsuite/:id/sync': async (f) => ({ params: { id: await netsuiteConnectionId(f) } }),
  'GET /api/v1/powerbi/embed': async (f) => {
    const dashboard = await powerbiDashboard(f);
    return {
      query: {
        workspaceId: dashboard.workspaceId,
        reportId: new URL(dashboard.url).searchParams.get('reportId')!,
        userEmail: 'ada@finboard.test',
        type: 'report',
        url: dashboard.url,
      },
      baseline: 'admin',
    };
  },
  'POST /api/v1/powerbi/refresh-dataset': async (f) => {
    const dashboard = await powerbiDashboard(f);
    return { body: { workspaceId: dashboard.workspaceId, datasetId: dashboard.datasetId }, baseline: 'admin' };
  },
};

/** An OAuth state for the organization, as Connect puts it in Intuit's authorization URL. */
async function quickbooksState(f: Fixture): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/quickbooks/connect',
    headers: bearer(f.tokens.admin),
    payload: { organization_id: f.organizationId },
  });
  return new URL(response.json().data.authorizeUrl).searchParams.get('state')!;
}

/** The organization's QuickBooks connection, made once through the whole flow against the fake. */
let quickbooksConnection: Promise<string> | undefined;
function quickbooksConnectionId(f: Fixture): Promise<string> {
  quickbooksConnection ??= (async () => {
    quickbooksFake.addCompany('9130000000000777', 'Safety Books');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/quickbooks/connect',
      headers: bearer(f.tokens.admin),
      payload: { organization_id: f.organizationId },
    });
    const consent = await fetch(response.json().data.authorizeUrl, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    const [row] = await t.database.db
      .select({ id: accountingConnections.id })
      .from(accountingConnections)
      .where(
        and(eq(accountingConnections.organizationId, f.organizationId), eq(accountingConnections.system, 'quickbooks')),
      );
    return row!.id;
  })();
  return quickbooksConnection;
}

const intacctForm = {
  intacctUserID: 'ws_safety',
  intacctUserPassword: 'Safety-1',
  intacctSenderID: INTACCT_SENDER_ID,
  intacctSenderPassword: INTACCT_SENDER_PASSWORD,
  intacctCompanyID: 'safety-co',
};

/** The organization's Sage Intacct connection, added once through the route against the fake. */
let intacctConnection: Promise<string> | undefined;
function intacctConnectionId(f: Fixture): Promise<string> {
  intacctConnection ??= (async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/intacct',
      headers: bearer(f.tokens.admin),
      payload: { organization_id: f.organizationId, ...intacctForm },
    });
    return response.json().data.account.id as string;
  })();
  return intacctConnection;
}

const netsuiteForm = (f: Fixture) => ({
  organization_id: f.organizationId,
  account_id: NETSUITE_SAFETY.accountId,
  consumer_key: NETSUITE_SAFETY.consumerKey,
  certificate_id: NETSUITE_SAFETY.certificateId,
  certificate_private_key: netsuiteKeys.privateKey,
});

/** The organization's NetSuite connection, added once through the route against the fake. */
let netsuiteConnection: Promise<string> | undefined;
function netsuiteConnectionId(f: Fixture): Promise<string> {
  netsuiteConnection ??= (async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/netsuite',
      headers: bearer(f.tokens.admin),
      payload: netsuiteForm(f),
    });
    return response.json().data.account.id as string;
  })();
  return netsuiteConnection;
}

/** The organization's statement layout as it is, as a save at its version (its lines with accounts only). */
async function layoutAsItIs(f: Fixture) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/statement-layouts/${f.organizationId}`,
    headers: bearer(f.tokens.admin),
  });
  expect(response.statusCode, response.body).toBe(200);
  const layout = response.json().data as StatementLayout;
  return {
    version: layout.version,
    lines: layout.lines
      .filter((line) => line.accounts.length > 0)
      .map((line) => ({ type: line.type, subtype: line.subtype, accounts: line.accounts.map((row) => row.code) })),
  };
}

/**
 * A Power BI dashboard of the organization of its own, whose report and dataset the fake Power BI knows
 * (made again when another route's example replaced the organization's list).
 */
async function powerbiDashboard(f: Fixture) {
  const name = 'Power BI example';
  const [existing] = await t.database.db
    .select()
    .from(dashboards)
    .where(and(eq(dashboards.organizationId, f.organizationId), eq(dashboards.name, name)));
  const dashboard =
    existing ??
    (await createDashboard(t.database, f.organizationId, {
      name,
      url: 'https://app.powerbi.com/reportEmbed?reportId=safety-report&groupId=safety-workspace',
      workspaceId: 'safety-workspace',
      datasetId: 'safety-dataset',
    }));
  fake.addReport({
    id: 'safety-report',
    name,
    workspaceId: dashboard.workspaceId,
    reportType: 'PowerBIReport',
    datasetId: dashboard.datasetId,
  });
  return dashboard;
}

/** One finished refresh log of the organization, for the status route. */
let refreshLog: Promise<string> | undefined;
function refreshLogId(f: Fixture): Promise<string> {
  refreshLog ??= t.database.db
    .insert(refreshLogs)
    .values({ organizationId: f.organizationId, kind: 'builtin', reportName: 'Built-in dashboards', status: 'success' })
    .returning({ id: refreshLogs.id })
    .then(([row]) => row!.id);
  return refreshLog;
}

/** Forgot-password links are single use: each call gets a fresh one. */
async function resetToken(userId: string): Promise<string> {
  const token = generateToken();
  await authRepository(t.database.db).createResetToken({
    userId,
    purpose: 'reset',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });
  return token;
}

// ---------------------------------------------------------------------------------------------------
// The routes that take input, read from the app

interface Target {
  key: string;
  method: string;
  url: string;
  route: ApiRoute;
  pathParams: string[];
  multipart: boolean;
}

type ZodLike = { _zod?: { def: Record<string, unknown> } };
const schemaPart = (route: ApiRoute, part: 'body' | 'querystring' | 'params') =>
  (route.schema as Record<string, unknown> | undefined)?.[part] as ZodLike | undefined;

/** The top-level field names a zod schema describes (through pipes, wrappers and unions). */
function schemaKeys(schema: ZodLike | undefined, depth = 0): string[] {
  const def = schema?._zod?.def;
  if (!def || depth > 8) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'pipe':
      return schemaKeys(def.in as ZodLike, depth + 1);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return schemaKeys(def.innerType as ZodLike, depth + 1);
    case 'union':
      return [...new Set((def.options as ZodLike[]).flatMap((option) => schemaKeys(option, depth + 1)))];
    default:
      return [];
  }
}

const inputRoutes: Target[] = t.app.apiRoutes.flatMap((route) => {
  const pathParams = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
  const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  const multipart = consumes.includes('multipart/form-data');
  const takesInput =
    pathParams.length > 0 || multipart || ['body', 'querystring', 'params'].some((p) => schemaPart(route, p as 'body'));
  if (!takesInput) return [];
  return [{ key: `${route.method} ${route.url}`, method: route.method, url: route.url, route, pathParams, multipart }];
});

// ---------------------------------------------------------------------------------------------------
// Fields, hostile values and requests

/** Marks a step into a string that holds JSON (the Studio's `filters`). */
const IN_JSON = Symbol('json');
type Step = string | number | typeof IN_JSON;
interface Field {
  part: 'params' | 'query' | 'body';
  path: Step[];
}
const fieldName = (field: Field) =>
  `${field.part}.${field.path.map((step) => (step === IN_JSON ? '<json>' : String(step))).join('.')}`;

const parseJsonContainer = (text: string): unknown => {
  if (!/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Every leaf of a value (and of JSON held in its strings), as paths. */
function leaves(value: unknown, path: Step[] = []): Step[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  if (typeof value === 'string') {
    const inner = parseJsonContainer(value);
    if (inner !== undefined) return [path, ...leaves(inner, [...path, IN_JSON])];
  }
  return [path];
}

/** What `value` holds at `path`. */
function valueAt(value: unknown, path: Step[]): unknown {
  if (path.length === 0 || value === undefined) return value;
  const [step, ...rest] = path;
  if (step === IN_JSON) return valueAt(JSON.parse(value as string), rest);
  return valueAt((value as Record<string | number, unknown>)[step as string], rest);
}

/** A copy of `value` with `replacement` at `path`. */
function replaced(value: unknown, path: Step[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [step, ...rest] = path;
  if (step === IN_JSON) return JSON.stringify(replaced(JSON.parse(value as string), rest, replacement));
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[step as string] = replaced(copy[step as string], rest, replacement);
  return copy;
}

function fieldsOf(target: Target, example: Example): Field[] {
  const fields = new Map<string, Field>();
  const add = (field: Field) => fields.set(fieldName(field), field);
  for (const name of target.pathParams) add({ part: 'params', path: [name] });
  const query = { ...example.query };
  for (const key of schemaKeys(schemaPart(target.route, 'querystring'))) query[key] ??= '';
  for (const path of leaves(query)) if (path.length > 0) add({ part: 'query', path });
  for (const path of leaves(example.body ?? {})) if (path.length > 0) add({ part: 'body', path });
  for (const key of schemaKeys(schemaPart(target.route, 'body'))) add({ part: 'body', path: [key] });
  return [...fields.values()];
}

/** Percent-encoding as a client would send it; a lone surrogate goes as the bytes it would have in UTF-8. */
const encode = (text: string) =>
  Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff)
      return ['%ED', 0xa0 | ((code >> 6) & 0x1f), 0x80 | (code & 0x3f)]
        .map((byte) => (typeof byte === 'string' ? byte : `%${byte.toString(16).toUpperCase()}`))
        .join('');
    return encodeURIComponent(char);
  }).join('');

const BOUNDARY = 'finboard-property-boundary';
interface FilePart {
  field: string;
  name: string;
  bytes: Buffer;
}
function multipartPayload(
  fields: Record<string, unknown>,
  logo?: Buffer,
  options: { end?: boolean; file?: FilePart } = {},
): Buffer {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n` +
        `${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`,
    ),
  );
  if (logo)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      logo,
      Buffer.from(options.end === false ? '' : '\r\n'),
    );
  if (options.file)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${options.file.field}"; filename="${options.file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      options.file.bytes,
      Buffer.from('\r\n'),
    );
  if (options.end !== false) parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** A hostile value, or a change to the valid one (a NUL inside a real e-mail address gets further). */
type Hostile = string | ((valid: unknown) => string);

interface Call {
  example: Example;
  field?: Field;
  value?: Hostile;
  caller: Caller;
  asMultipart?: boolean;
}

/** The request, and the value it carries in the attacked field. */
function requestOf(target: Target, f: Fixture, call: Call): { options: InjectOptions; sent?: string } {
  const { example, field, value } = call;
  let params: Record<string, string> = { ...paramDefaults(f), ...example.params };
  let query: Record<string, unknown> = { ...example.query };
  let body: Record<string, unknown> | undefined = example.body && { ...example.body };
  const parts = { params, query, body: body ?? {} };
  const sent = field && (typeof value === 'function' ? value(valueAt(parts[field.part], field.path)) : value);
  if (field?.part === 'params') params = replaced(params, field.path, sent) as typeof params;
  if (field?.part === 'query') query = replaced(query, field.path, sent) as typeof query;
  if (field?.part === 'body') body = replaced(parts.body, field.path, sent) as typeof body;

  const path = target.url.replace(/:(\w+)|\*/g, (_, name: string | undefined) =>
    name ? encode(String(params[name])) : String(params['*']).split('/').map(encode).join('/'),
  );
  const search = Object.entries(query)
    .map(([key, item]) => `${encode(key)}=${encode(typeof item === 'string' ? item : JSON.stringify(item))}`)
    .join('&');
  const headers: Record<string, string> = { ...bearer(f.tokens[call.caller]) };
  let payload: string | Buffer | undefined;
  if (body && (call.asMultipart || example.file)) {
    payload = multipartPayload(body, undefined, { file: example.file });
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
  } else if (body) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const options: InjectOptions = {
    method: target.method as InjectOptions['method'],
    url: search ? `${path}?${search}` : path,
    headers,
    payload,
    // Attempt limits count per client address: each call comes from its own.
    remoteAddress: uniqueIp(),
  };
  return { options, sent };
}

/*
 * Text PostgreSQL cannot store or nobody can see, by Unicode category (an oracle apart from the rule's own
 * code ranges): lone surrogates (Cs) and controls (Cc) other than tab, line feed and carriage return. A lone
 * surrogate cannot travel in a URL or a form (it goes as invalid UTF-8 and arrives as other text): only JSON
 * carries it.
 */
const mustBeRefused = (value: unknown, field: Field, asMultipart = false) => {
  if (typeof value !== 'string') return false;
  const viaJson = (field.part === 'body' && !asMultipart) || field.path.includes(IN_JSON);
  return /[^\P{Cc}\t\n\r]/u.test(value) || (viaJson && /\p{Cs}/u.test(value));
};

const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…(${text.length})` : text;
};

function expectSafe(response: LightMyRequestResponse, label: string, refuse: boolean) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  // An OAuth callback answers by sending the browser back to one of our pages, never elsewhere.
  const redirect = response.statusCode >= 300 && response.statusCode < 400;
  if (redirect)
    expect(response.headers.location, label).toMatch(
      /^\/apps\?quickbooks=(connected|declined|failed|error&reason=(state|company))(&organization=[0-9a-f-]{36})?$/,
    );
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], label).toMatch(/^application\/json/);
    const body = response.json();
    const envelope = apiErrorSchema.strict().safeParse(body);
    expect(envelope.success, `${label}: ${response.body.slice(0, 300)}`).toBe(true);
    expect(body.message, label).not.toBe('');
  }
  if (refuse)
    expect(response.statusCode, `${label} must be refused: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
}

/** `inserted` put into the valid value after its first character (or alone when there is none). */
const splice =
  (inserted: string, at = 1) =>
  (valid: unknown) => {
    const text = typeof valid === 'string' ? valid : valid === undefined ? '' : JSON.stringify(valid);
    const index = Math.min(at, text.length);
    return text.slice(0, index) + inserted + text.slice(index);
  };

/**
 * Sent to every field of every route (the callers take turns); random cases add the rest. A field the
 * example leaves out gets the spliced characters alone.
 */
const FIXED_HOSTILE: Hostile[] = [
  splice('\u0000'),
  splice('\uD800'),
  splice('\u001B\u007F\u0085'),
  'x'.repeat(10_240),
  '0000-01-01',
  '10000-01-01',
];

const around = (middle: fc.Arbitrary<string>) =>
  fc.tuple(fc.string({ maxLength: 6 }), middle, fc.string({ maxLength: 6 })).map(([a, m, b]) => a + m + b);
const pad = (value: number, width: number) => String(value).padStart(width, '0');
const dateText = fc
  .tuple(fc.integer({ min: 0, max: 10_001 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
const hostileText: fc.Arbitrary<string> = fc.oneof(
  around(fc.constant('\u0000')),
  around(fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code))),
  around(
    fc
      .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
      .map((c) => String.fromCharCode(c)),
  ),
  fc
    .tuple(fc.constantFrom('x', 'é', '€', '😀', 'a b', '\u0000'), fc.integer({ min: 10_000, max: 10_240 }))
    .map(([unit, size]) => unit.repeat(Math.ceil(size / unit.length))),
  fc.string({ unit: 'binary', maxLength: 30 }),
  dateText,
  fc
    .tuple(dateText, fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }))
    .map(([date, h, m]) => `${date}T${pad(h, 2)}:${pad(m, 2)}:00Z`),
  fc
    .date({ min: new Date(Date.UTC(-2, 0, 1)), max: new Date(Date.UTC(10_002, 0, 1)), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, -14)),
);

/** A wholly hostile value, or a hostile character put somewhere into the valid one. */
const hostile: fc.Arbitrary<Hostile> = fc.oneof(
  hostileText,
  fc
    .tuple(
      fc.oneof(
        fc.constant('\u0000'),
        fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
        fc
          .integer({ min: 0, max: 0x9f })
          .filter((c) => c < 0x20 || c >= 0x7f)
          .map((c) => String.fromCharCode(c)),
      ),
      fc.nat(40),
    )
    .map(([inserted, at]) => splice(inserted, at)),
);

/**
 * Control characters in stored text: what the text rule refuses must never have got in. After each route, the
 * platform's tables and the fixture organization's warehouse (where a route writes); once at the end, every schema.
 */
async function storedControlCharacters(where: 'everywhere' | 'fixture' = 'fixture'): Promise<string[]> {
  const schemas =
    where === 'everywhere'
      ? sql`(n.nspname = 'public' or n.nspname like 'org\\_%')`
      : sql`n.nspname in ('public', ${warehouseSchemaName(f.organizationId)})`;
  // pg_catalog, not information_schema: its views check privileges row by row, slow on PostgreSQL once the
  // warehouses' relations are many. Leaf tables only (a partitioned GL's rows are its partitions').
  const columns = (await t.database.db.execute(sql`
    select n.nspname as schema, c.relname as table, a.attname as column, format_type(a.atttypid, null) as type
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and ${schemas}
      and a.atttypid in ('text'::regtype, 'character varying'::regtype, 'jsonb'::regtype, 'json'::regtype)`)) as unknown as {
    rows: { schema: string; table: string; column: string; type: string }[];
  };
  const pattern = '[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f]';
  // One scan of each table (a branch per column makes a union PostgreSQL takes long to plan).
  const tables = new Map<string, typeof columns.rows>();
  for (const column of columns.rows) {
    const name = `"${column.schema}"."${column.table}"`;
    tables.set(name, [...(tables.get(name) ?? []), column]);
  }
  const checks = [...tables].map(([name, tableColumns]) => {
    const tests = tableColumns.map(({ schema, table, column, type }) => {
      const col = sql.raw(`"${column}"`);
      const found = type.startsWith('json')
        ? sql`exists (select from jsonb_path_query(${col}::jsonb, 'strict $.**') v
            where jsonb_typeof(v) = 'string' and (v #>> '{}') ~ ${pattern})`
        : sql`${col} ~ ${pattern}`;
      return sql`(${`${schema}.${table}.${column}`}, ${found})`;
    });
    return sql`select place from ${sql.raw(name)}, lateral (values ${sql.join(tests, sql`, `)}) as c(place, found)
      where found`;
  });
  const result = (await t.database.db.execute(sql.join(checks, sql` union `))) as unknown as {
    rows: { place: string }[];
  };
  return result.rows.map((row) => row.place);
}

// ---------------------------------------------------------------------------------------------------

let f: Fixture;
beforeAll(async () => {
  const adminToken = await login(t.app, TEST_ADMIN);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organization/add',
    headers: { ...bearer(adminToken), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartPayload(organizationForm(`Target ${letters()}`), await pngBytes(64, 64)),
  });
  expect(created.statusCode, created.body).toBe(201);
  const organization = created.json().data.createdOrganization as { id: string; name: string; logo_url: string };
  const organizationId = organization.id;

  const warehouse = t.app.services.warehouse;
  await warehouse.copyRows(
    organizationId,
    '00_Period',
    ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period', 'is_closed'],
    [['2024-01', '2024-01-01', '2024-01-31', 2024, 1, false]],
  );
  await warehouse.copyRows(
    organizationId,
    '01_Account',
    ['account_code', 'account_name', 'account_type'],
    [['1000', 'Cash', 'asset']],
  );
  await warehouse.copyRows(
    organizationId,
    '02_GL_Detail',
    ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'description', 'debit', 'credit'],
    [
      ['J1', 1, '2024-01-05', '2024-01', '1000', 'Invoice 17', '100.00', '0'],
      ['J1', 2, '2024-01-05', '2024-01', '1000', 'Invoice 17', '0', '100.00'],
      // The row the delete example removes: a zero line, so J1 stays balanced.
      ['J9', 1, '2024-01-05', '2024-01', '1000', 'Rounding', '0', '0'],
    ],
  );
  const rows = await t.app.inject({
    method: 'GET',
    url: `/api/v1/crud/${organizationId}/02_GL_Detail?sortBy=row_id`,
    headers: bearer(adminToken),
  });
  const [glRow, , doomedGlRow] = (rows.json().data.rows as { row_id: string | number }[]).map((row) =>
    String(row.row_id),
  );

  const member = await createUser(t.database, { organizationId });
  const signIn = await createUser(t.database, { organizationId });
  f = {
    organizationId,
    organizationName: organization.name,
    logoKey: organization.logo_url,
    tokens: { admin: adminToken, user: await login(t.app, member) },
    ownUserId: member.id,
    spareUserId: (await createUser(t.database, { organizationId })).id,
    signIn: { email: signIn.email, password: signIn.password },
    resetUserId: (await createUser(t.database, { organizationId })).id,
    dashboardId: (await createDashboard(t.database, organizationId)).id,
    doomedDashboardId: (await createDashboard(t.database, organizationId)).id,
    dataTypeId: (await createDataType(t.database, organizationId, { name: 'Ledger main' })).id,
    uploadDataTypeId: (await createDataType(t.database, organizationId, { name: 'Upload amounts' })).id,
    doomedDataTypeId: (await createDataType(t.database, organizationId)).id,
    glRowId: glRow!,
    doomedGlRowId: doomedGlRow!,
    runId: await succeededRun(organizationId),
    periodDataTypeId: await periodDataType(organizationId),
    syncRunId: await undoableSyncRun(organizationId),
  };
  expect(await storedControlCharacters('everywhere')).toEqual([]);
});

describe('every route that takes input', () => {
  it('has a valid example here, so hostile values reach past validation', () => {
    expect(inputRoutes.length).toBeGreaterThan(30);
    expect(inputRoutes.map((target) => target.key).filter((key) => !EXAMPLES[key])).toEqual([]);
  });

  it.each(inputRoutes.map((target) => [target.key, target] as const))(
    '%s never answers 500, refuses what cannot be stored and answers refusals in the envelope',
    async (_, target) => {
      const exampleOf = () => Promise.resolve(EXAMPLES[target.key]?.(f) ?? {});
      const access = target.route.access;
      const encodings = target.multipart ? [false, true] : [false];

      // The example as it is succeeds: hostile values in one field at a time get past everything else.
      const example = await exampleOf();
      if (EXAMPLES[target.key]) {
        const caller = example.baseline ?? (access === 'admin' ? 'admin' : 'user');
        const response = await t.app.inject(requestOf(target, f, { example, caller }).options);
        expect(response.statusCode, `${target.key} example as ${caller}: ${response.body.slice(0, 300)}`).toBeLessThan(
          example.redirects ? 400 : 300,
        );
      }

      const attack = async (field: Field, value: Hostile, caller: Caller, multipart: boolean) => {
        const example = await exampleOf();
        // A route that reads forms only gets every call as a form.
        const asMultipart = multipart || Boolean(example.file);
        const { options, sent } = requestOf(target, f, { example, field, value, caller, asMultipart });
        // A form carries UTF-8 only: a lone surrogate would arrive as U+FFFD, an ordinary character.
        if (asMultipart && /\p{Cs}/u.test(sent ?? '')) return;
        const response = await t.app.inject(options);
        const label = `${target.key} ${fieldName(field)}=${show(sent)} as ${caller}${asMultipart ? ' (multipart)' : ''}`;
        expectSafe(response, label, mustBeRefused(sent, field, asMultipart));
      };

      // An organization user is refused admin routes before anything else: only the admin goes deeper.
      const callers: Caller[] = access === 'admin' ? ['admin'] : CALLERS;
      const fields = fieldsOf(target, example);
      let turn = 0;
      for (const field of fields)
        for (const value of FIXED_HOSTILE)
          for (const asMultipart of encodings)
            // A form's text reaches the same schema as JSON: only characters can differ on the way.
            if (!asMultipart || (field.part === 'body' && typeof value === 'function'))
              await attack(field, value, callers[turn++ % callers.length]!, asMultipart);

      if (fields.length > 0)
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...fields),
            hostile,
            fc.constantFrom(...CALLERS),
            fc.boolean(),
            (field, value, caller, multipart) =>
              attack(field, value, caller, multipart && target.multipart && field.part === 'body'),
          ),
          { seed: SEED, numRuns: RANDOM_RUNS, endOnFailure: true },
        );

      expect(await storedControlCharacters()).toEqual([]);
    },
  );
});

describe('multipart routes', () => {
  const multipartRoutes = inputRoutes.filter((target) => target.multipart);
  const validForm = () => multipartPayload(organizationForm(`Broken ${letters()}`));
  const logoStart = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

  const MALFORMED: [string, string, () => Buffer][] = [
    ['without a boundary', 'multipart/form-data', validForm],
    ['with a boundary the body never uses', 'multipart/form-data; boundary=another-boundary', validForm],
    ['cut off inside a field', `multipart/form-data; boundary=${BOUNDARY}`, () => validForm().subarray(0, 90)],
    [
      'cut off inside the logo',
      `multipart/form-data; boundary=${BOUNDARY}`,
      () => multipartPayload(organizationForm(`Broken ${letters()}`), logoStart, { end: false }),
    ],
    [
      'whose part headers never end',
      `multipart/form-data; boundary=${BOUNDARY}`,
      () => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="organizationName"`),
    ],
    ['of garbage', `multipart/form-data; boundary=${BOUNDARY}`, () => Buffer.from('\u0000garbage\r\n--\r\n', 'latin1')],
  ];

  async function snapshot() {
    const [{ organizationCount } = { organizationCount: -1 }] = await t.database.db
      .select({ organizationCount: count() })
      .from(organizations);
    const [{ auditCount } = { auditCount: -1 }] = await t.database.db.select({ auditCount: count() }).from(auditEvents);
    const [target] = await t.database.db.select().from(organizations).where(eq(organizations.id, f.organizationId));
    return { organizationCount, auditCount, target };
  }

  it('are the organization, upload and exchange-rate forms', () => {
    expect(multipartRoutes.map((target) => target.key).sort()).toEqual([
      'POST /api/v1/exchange-rates/import',
      'POST /api/v1/organization/add',
      'POST /api/v1/pipeline/analyze-file',
      'POST /api/v1/pipeline/file-upload',
      'POST /api/v1/pipeline/saveCSV',
      'PUT /api/v1/organization/:id',
    ]);
  });

  it.each(
    multipartRoutes.flatMap((target) =>
      MALFORMED.map(([name, type, body]) => [target.key, name, target, type, body] as const),
    ),
  )('%s refuses a form %s with 400 and stores nothing', async (_, __, target, contentType, body) => {
    const before = await snapshot();
    const path = target.url.replace(':id', f.organizationId);
    const response = await t.app.inject({
      method: target.method as InjectOptions['method'],
      url: path,
      headers: { ...bearer(f.tokens.admin), 'content-type': contentType },
      payload: body(),
    });

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ status: false, message: messages.malformedForm });
    expect(await snapshot()).toEqual(before);
  });

  it.each(multipartRoutes.map((target) => [target.key, target] as const))(
    '%s refuses generated garbage with 400 in the envelope and stores nothing',
    async (_, target) => {
      const before = await snapshot();
      const path = target.url.replace(':id', f.organizationId);
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 2_000 }), async (bytes) => {
          const response = await t.app.inject({
            method: target.method as InjectOptions['method'],
            url: path,
            headers: { ...bearer(f.tokens.admin), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
            payload: Buffer.from(bytes),
          });
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json()).toEqual({ status: false, message: messages.malformedForm });
        }),
        { seed: SEED, numRuns: 15, endOnFailure: true },
      );
      expect(await snapshot()).toEqual(before);
    },
  );
});
