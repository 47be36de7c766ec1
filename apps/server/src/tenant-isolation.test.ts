/**
 * Tenant isolation, route by route (issue 3, acceptance 3). Every organization-scoped route is called
 * by five callers: no token, an expired session, a user of ANOTHER organization, a user of the
 * organization itself, and an admin. Refused calls must change nothing (stored rows compared before
 * and after) and read nothing (the answer is the bare error envelope).
 *
 * The matrix is checked against the routes the app itself registers (`app.apiRoutes`, recorded by the
 * tenant guard): every route guarded by `tenantParam` must have a case here, and every other API route
 * a case or a reason in NOT_ORGANIZATION_SCOPED — so a new route fails this file until it is classified.
 * A call that changes stored rows runs on a fixture of its own; the calls of a route that must change nothing share
 * one (each proves it unchanged): the cases pass in any order (`--sequence.shuffle`).
 */
import { generateKeyPairSync } from 'node:crypto';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { pipelineMessages } from '@finboard/shared/pipelines';
import { dataRefreshMessages } from '@finboard/shared/data-refresh';
import { powerbiMessages } from '@finboard/shared/powerbi';
import { accountingMessages } from '@finboard/shared/accounting';
import { consolidationMessages } from '@finboard/shared/consolidation';
import {
  accountingConnections,
  auditEvents,
  chatMessages,
  consolidationGroupMembers,
  consolidationGroups,
  dashboards,
  dataTypes,
  onboardingSteps,
  organizations,
  pipelineRuns,
  pipelines,
  refreshLogs,
  reportPackPeriods,
  reportPackRuns,
  reportPacks,
  sessions,
  statementLayouts,
  syncRuns,
  uploadedFiles,
  userDashboards,
  users,
} from './db/schema.ts';
import { pipelinesRepository } from './modules/pipelines/pipelines.repository.ts';
import { PACK_RUN_QUEUE } from './modules/report-packs/pack-runs.ts';
import { hashPassword } from './platform/crypto/passwords.ts';
import { usersRepository } from './modules/users/users.repository.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../test/build-app.ts';
import { createTestJobRunner } from '../test/jobs.ts';
import { powerbiConfigOf, startPowerbiFake, type PowerbiFake } from '../test/powerbi-fake.ts';
import { quickbooksConfigOf, startQuickbooksFake, type QuickbooksFake } from '../test/quickbooks-fake.ts';
import { netsuiteConfigOf, startNetsuiteFake, type NetsuiteFake } from '../test/netsuite-fake.ts';
import {
  INTACCT_SENDER_ID,
  INTACCT_SENDER_PASSWORD,
  intacctConfigOf,
  startIntacctFake,
  type IntacctFake,
} from '../test/intacct-fake.ts';
import {
  bearer,
  createDashboard,
  createDataType,
  createOrganization,
  login,
  sessionTokenOf,
  uniqueEmail,
  USER_PASSWORD,
  type DashboardRow,
  type DataTypeRow,
  type OrganizationRow,
  type TestUser,
} from '../test/factories.ts';
import type { ApiRoute } from './plugins/tenant-guard.ts';
import { sealedFormData, sealedUploadForm } from '../test/uploads.ts';
import { warehouseSchemaName } from './warehouse/identifiers.ts';
import { rowsOf } from './db/client.ts';

let t: TestApp;
let fake: PowerbiFake;
let quickbooksFake: QuickbooksFake;
let intacctFake: IntacctFake;
let netsuiteFake: NetsuiteFake;
/** The NetSuite account every fixture connects to (the fake verifies the certificate's assertion). */
const NETSUITE_ISOLATION = {
  accountId: 'ISOLATION_SB1',
  consumerKey: 'isolation-consumer',
  certificateId: 'isolation-cert',
};
const netsuiteKeys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
let adminToken: string;
/** Jobs are queued, never run — but those of a report pack's fixture run, so that its run has files. */
const isolationJobs = createTestJobRunner();
/** One argon2 hash for every fixture's users: hashing is the slow part of a fixture, and not under test. */
let passwordHash: string;
beforeAll(async () => {
  // Runs are queued, never run: the routes are under test here, not the pipeline engine.
  // Power BI is the local fake: an allowed embed call really mints a token.
  fake = await startPowerbiFake();
  // QuickBooks is configured (its local fake): Connect answers an authorization URL.
  quickbooksFake = await startQuickbooksFake();
  // Sage Intacct is its local fake: adding a connection really signs in.
  intacctFake = await startIntacctFake();
  intacctFake.addCompany(INTACCT_COMPANY, { userId: 'ws_isolation', password: 'Isolation-1' });
  // NetSuite too: adding a connection really gets a token with the certificate.
  netsuiteFake = await startNetsuiteFake();
  netsuiteFake.addAccount(NETSUITE_ISOLATION.accountId);
  netsuiteFake.mapCertificate(
    NETSUITE_ISOLATION.accountId,
    NETSUITE_ISOLATION.consumerKey,
    NETSUITE_ISOLATION.certificateId,
    netsuiteKeys.publicKey,
  );
  t = await buildTestApp(
    {
      ...powerbiConfigOf(fake),
      ...quickbooksConfigOf(quickbooksFake),
      ...intacctConfigOf(intacctFake),
      ...netsuiteConfigOf(netsuiteFake),
    },
    { jobs: isolationJobs.runner },
  );
  adminToken = await login(t.app, TEST_ADMIN);
  passwordHash = await hashPassword(USER_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await quickbooksFake?.close();
  await intacctFake?.close();
  await netsuiteFake?.close();
});

type Caller = 'anonymous' | 'expiredSession' | 'otherOrganizationUser' | 'sameOrganizationUser' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'expiredSession', 'otherOrganizationUser', 'sameOrganizationUser', 'admin'];

/** Organization A (the target) and organization B (the neighbour), each with a user and dashboards. */
interface Fixture {
  organization: OrganizationRow;
  dashboards: [DashboardRow, DashboardRow];
  user: TestUser;
  otherOrganization: OrganizationRow;
  otherDashboard: DashboardRow;
  otherUser: TestUser;
  dataTypes: [DataTypeRow, DataTypeRow];
}

type Outcome = 'allowed' | { status: number; message: string };

interface RouteCase {
  /** Method and path as the API documents them. */
  route: string;
  /** The call, aimed at organization A (its headers are kept; the caller's token is added). */
  request: (f: Fixture) => InjectOptions | Promise<InjectOptions>;
  /** Whether an allowed call changes stored rows (checked, so an allowed call really does its work). */
  mutates: boolean;
  /** Status of an allowed call. */
  allowedStatus?: number;
  /** Outcomes that differ from the defaults in `expected`. */
  outcomes?: Partial<Record<Caller, Outcome>>;
  /** Whatever the route needs in organization A beyond the common fixture (e.g. warehouse rows). */
  setup?: (f: Fixture) => Promise<void>;
  /** False for a download (CSV): an allowed call answers a file, not the JSON envelope. */
  answersJson?: boolean;
}

const forbidden = { status: 403, message: messages.forbidden };
const expected = (routeCase: RouteCase, caller: Caller): Outcome =>
  routeCase.outcomes?.[caller] ??
  {
    anonymous: { status: 401, message: messages.unauthenticated },
    expiredSession: { status: 401, message: messages.sessionExpired },
    otherOrganizationUser: forbidden,
    sameOrganizationUser: forbidden,
    admin: 'allowed' as const,
  }[caller];

const organizationForm = (name: string) => ({
  organizationName: name,
  organizationEmail: 'finance@isolation.example',
  organizationPhoneNumber: '5551234567',
});
const dashboardEntry = (name: string) => ({
  dashboard: name,
  url: 'https://app.powerbi.com/reportEmbed?reportId=isolation',
  workspaceId: 'workspace-1',
  datasetId: 'dataset-1',
  type: 'report',
});
const letters = () =>
  Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Admins and the organization's own users: a user of organization A may call these for A. */
const usersOfTheOrganizationToo = { sameOrganizationUser: 'allowed' } as const;

/** Warehouse rows of organization A the data-management cases work on (per fixture). */
const warehouseRows = new WeakMap<Fixture, number[]>();
const GL = '02_GL_Detail';

/** Organization A's warehouse with a period, an account and two GL lines; B's warehouse exists too. */
async function warehouseWithRows(f: Fixture): Promise<void> {
  const warehouse = t.app.services.warehouse;
  await warehouse.provision(f.organization.id);
  await warehouse.provision(f.otherOrganization.id);
  const id = f.organization.id;
  await warehouse.copyRows(
    id,
    '00_Period',
    ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'],
    [['2024-01', '2024-01-01', '2024-01-31', 2024, 1]],
  );
  await warehouse.copyRows(
    id,
    '01_Account',
    ['account_code', 'account_name', 'account_type'],
    [['1000', 'Cash', 'asset']],
  );
  const line = (journal: string) => [journal, 1, '2024-01-05', '2024-01', '1000', '1.00'];
  await warehouse.copyRows(
    id,
    GL,
    ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit'],
    [line('ISO-1'), line('ISO-2')],
  );
  const rows = await warehouse.withOrganization(id, async (tx) =>
    (
      (await tx.execute(sql.raw(`select row_id::int as id from "${GL}" order by row_id`))) as unknown as {
        rows: { id: number }[];
      }
    ).rows.map((row) => row.id),
  );
  warehouseRows.set(f, rows);
}
const glRow = (f: Fixture) => warehouseRows.get(f)![0];
const crud = { setup: warehouseWithRows, outcomes: usersOfTheOrganizationToo };

/**
 * Per fixture: a consolidation group whose parent is organization A and whose other member is organization B. A's
 * users read its statements; B's users — a member, not the parent — learn nothing of it (404, as if it did not exist).
 */
const groupIds = new WeakMap<Fixture, string>();
async function groupOfBoth(f: Fixture): Promise<void> {
  await warehouseWithRows(f);
  const [group] = await t.database.db
    .insert(consolidationGroups)
    .values({
      name: `Isolation group ${f.organization.id}`,
      reportingCurrency: 'USD',
      parentOrganizationId: f.organization.id,
    })
    .returning();
  await t.database.db.insert(consolidationGroupMembers).values(
    [f.organization.id, f.otherOrganization.id].map((organizationId, position) => ({
      groupId: group!.id,
      organizationId,
      ownershipPct: '100',
      joinedPeriod: '2024-01',
      position,
    })),
  );
  groupIds.set(f, group!.id);
}

/** Per fixture: organization A's report pack (a cover page, PDF) and a run of it for 2024-01 with its file. */
const packIds = new WeakMap<Fixture, { pack: string; run: string }>();
async function reportPackWithRun(f: Fixture): Promise<void> {
  await warehouseWithRows(f);
  const [pack] = await t.database.db
    .insert(reportPacks)
    .values({
      organizationId: f.organization.id,
      name: 'Isolation pack',
      pages: [{ id: 'cover', kind: 'cover' }],
      formats: ['pdf'],
    })
    .returning();
  const admin = {
    id: f.user.id,
    email: f.user.email,
    role: 'admin' as const,
    organizationId: null,
    mustChangePassword: false,
  };
  const run = await t.app.services.reportPacks.generate(admin, f.organization.id, pack!.id, {
    period: '2024-01',
    deliver: false,
  });
  await isolationJobs.drainQueue(PACK_RUN_QUEUE);
  packIds.set(f, { pack: pack!.id, run });
}
const packCase = { setup: reportPackWithRun, outcomes: usersOfTheOrganizationToo };
const packUrl = (f: Fixture, rest = '') => `/api/v1/report-packs/${f.organization.id}/${packIds.get(f)!.pack}${rest}`;
const balancedLines = [1, 2].map((lineNo) => ({
  line_no: lineNo,
  posting_date: '2024-01-05',
  period: '2024-01',
  account_code: '1000',
  debit: lineNo === 1 ? '3.00' : '0',
  credit: lineNo === 2 ? '3.00' : '0',
}));

/** Organization A's pipeline of its first data type, a file waiting for it and a queued run (per fixture). */
const pipelineRunIds = new WeakMap<Fixture, string>();
async function pipelineWithWork(f: Fixture): Promise<void> {
  const { db } = t.database;
  await pipelinesRepository(db).addFor(f.dataTypes);
  const [pipeline] = await db.select().from(pipelines).where(eq(pipelines.dataTypeId, f.dataTypes[0].id));
  await db.insert(uploadedFiles).values({
    organizationId: f.organization.id,
    dataTypeId: f.dataTypes[0].id,
    name: 'ledger.csv',
    size: 10,
    sha256: '0'.repeat(64),
    storageKey: 'isolation/ledger.csv',
    encryption: {},
  });
  const [run] = await db
    .insert(pipelineRuns)
    .values({
      organizationId: f.organization.id,
      pipelineId: pipeline!.id,
      pipelineName: f.dataTypes[0].name,
      status: 'succeeded',
    })
    .returning();
  pipelineRunIds.set(f, run!.id);
}
const pipelineCase = { setup: pipelineWithWork, outcomes: usersOfTheOrganizationToo };

/** Per fixture: a refresh log of organization A left unfinished a day ago (stuck past the time limit). */
const refreshLogIds = new WeakMap<Fixture, string>();
async function stuckRefreshLog(f: Fixture): Promise<void> {
  const [row] = await t.database.db
    .insert(refreshLogs)
    .values({
      organizationId: f.organization.id,
      kind: 'powerbi',
      reportName: f.dashboards[0].name,
      workspaceId: f.dashboards[0].workspaceId,
      datasetId: f.dashboards[0].datasetId,
      status: 'running',
      requestedAt: sql`now() - interval '1 day'`,
    })
    .returning();
  refreshLogIds.set(f, row!.id);
}
const refreshCase = { setup: stuckRefreshLog, outcomes: usersOfTheOrganizationToo };

/** Per fixture: organization A's QuickBooks connection (tokens sealed) and a finished sync run of it. */
const connectionIds = new WeakMap<Fixture, string>();
async function quickbooksConnection(f: Fixture): Promise<void> {
  const account = await t.app.services.accounting.saveConnection(
    f.organization.id,
    'quickbooks',
    { externalId: `realm-${letters()}`, companyName: 'Isolation Books' },
    { accessToken: 'access', refreshToken: 'refresh', accessExpiresAt: Date.now() + 3_600_000 },
  );
  const [run] = await t.database.db
    .insert(syncRuns)
    .values({
      organizationId: f.organization.id,
      connectionId: account.id,
      system: 'quickbooks',
      status: 'completed',
      message: 'Sync completed',
    })
    .returning({ id: syncRuns.id });
  connectionIds.set(f, account.id);
  syncRunIds.set(f, run!.id);
}
const syncRunIds = new WeakMap<Fixture, string>();
const accountingCase = { setup: quickbooksConnection, outcomes: usersOfTheOrganizationToo };

/** Per fixture: organization A's Sage Intacct connection (credentials sealed) and a finished sync run of it. */
const INTACCT_COMPANY = 'isolation-co';
const intacctForm = {
  intacctUserID: 'ws_isolation',
  intacctUserPassword: 'Isolation-1',
  intacctSenderID: INTACCT_SENDER_ID,
  intacctSenderPassword: INTACCT_SENDER_PASSWORD,
  intacctCompanyID: INTACCT_COMPANY,
};
const intacctConnectionIds = new WeakMap<Fixture, string>();
async function intacctConnection(f: Fixture): Promise<void> {
  const account = await t.app.services.accounting.saveConnection(
    f.organization.id,
    'intacct',
    { externalId: INTACCT_COMPANY, companyName: INTACCT_COMPANY },
    {
      senderId: INTACCT_SENDER_ID,
      senderPassword: INTACCT_SENDER_PASSWORD,
      userId: 'ws_isolation',
      userPassword: 'Isolation-1',
      companyId: INTACCT_COMPANY,
    },
  );
  await t.database.db.insert(syncRuns).values({
    organizationId: f.organization.id,
    connectionId: account.id,
    system: 'intacct',
    status: 'completed',
    message: 'Sync completed',
  });
  intacctConnectionIds.set(f, account.id);
}
const intacctCase = { setup: intacctConnection, outcomes: usersOfTheOrganizationToo };
/** Per fixture: organization A's NetSuite connection (certificate sealed) and a finished sync run of it. */
const netsuiteConnectionIds = new WeakMap<Fixture, string>();
async function netsuiteConnection(f: Fixture): Promise<void> {
  const account = await t.app.services.accounting.saveConnection(
    f.organization.id,
    'netsuite',
    { externalId: 'isolation-sb1', companyName: null },
    { ...NETSUITE_ISOLATION, privateKey: netsuiteKeys.privateKey },
  );
  await t.database.db.insert(syncRuns).values({
    organizationId: f.organization.id,
    connectionId: account.id,
    system: 'netsuite',
    status: 'completed',
    message: 'Sync completed',
  });
  netsuiteConnectionIds.set(f, account.id);
}
const netsuiteCase = { setup: netsuiteConnection, outcomes: usersOfTheOrganizationToo };

/** The fake Power BI knows organization A's first dashboard's report and dataset. */
async function powerbiReport(f: Fixture): Promise<void> {
  const reportId = new URL(f.dashboards[0].url).searchParams.get('reportId')!;
  fake.addReport({
    id: reportId,
    name: f.dashboards[0].name,
    workspaceId: f.dashboards[0].workspaceId,
    reportType: 'PowerBIReport',
    datasetId: f.dashboards[0].datasetId,
  });
}

const routeCases: RouteCase[] = [
  // Organizations (issue 3)
  {
    route: 'GET /api/v1/organization',
    request: () => ({ method: 'GET', url: '/api/v1/organization' }),
    mutates: false,
  },
  {
    route: 'POST /api/v1/organization/add',
    request: () => ({ method: 'POST', url: '/api/v1/organization/add', payload: organizationForm(`New ${letters()}`) }),
    mutates: true,
    allowedStatus: 201,
  },
  {
    route: 'GET /api/v1/organization/{id}',
    request: (f) => ({ method: 'GET', url: `/api/v1/organization/${f.organization.id}` }),
    mutates: false,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'PUT /api/v1/organization/{id}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/organization/${f.organization.id}`,
      payload: organizationForm(`Renamed ${letters()}`),
    }),
    mutates: true,
  },
  {
    route: 'PUT /api/v1/organization/{id}/audit-message',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/organization/${f.organization.id}/audit-message`,
      payload: { auditDataMessage: 'Figures under audit' },
    }),
    mutates: true,
  },
  {
    route: 'PUT /api/v1/organization/{id}/overview-cards',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/organization/${f.organization.id}/overview-cards`,
      payload: { cards: ['dso', 'cash'] },
    }),
    mutates: true,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'PUT /api/v1/organization/{id}/status',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/organization/${f.organization.id}/status`,
      payload: { isActive: false },
    }),
    mutates: true,
  },
  // Dashboards (issue 3)
  {
    route: 'POST /api/v1/organization/{id}/dashboards',
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/organization/${f.organization.id}/dashboards`,
      payload: dashboardEntry('Added'),
    }),
    mutates: true,
    allowedStatus: 201,
  },
  {
    route: 'PUT /api/v1/organization/{id}/dashboards/order',
    // The fixture holds them first, second: an allowed call changes the order.
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/organization/${f.organization.id}/dashboards/order`,
      payload: { dashboardIds: [f.dashboards[1].id, f.dashboards[0].id] },
    }),
    mutates: true,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'PUT /api/v1/organization/{id}/dashboards/{dashboardId}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/organization/${f.organization.id}/dashboards/${f.dashboards[0].id}`,
      payload: dashboardEntry('Renamed'),
    }),
    mutates: true,
  },
  {
    route: 'DELETE /api/v1/organization/{id}/dashboards/{dashboardId}',
    request: (f) => ({
      method: 'DELETE',
      url: `/api/v1/organization/${f.organization.id}/dashboards/${f.dashboards[0].id}`,
    }),
    mutates: true,
  },
  // Users (foundation and issue 3)
  {
    route: 'GET /api/v1/user/profile',
    request: () => ({ method: 'GET', url: '/api/v1/user/profile' }),
    mutates: false,
    // Everyone signed in reads their own profile: the neighbour gets theirs, never A's (checked below).
    outcomes: { otherOrganizationUser: 'allowed', sameOrganizationUser: 'allowed' },
  },
  {
    route: 'PUT /api/v1/auth/profile/{userId}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/auth/profile/${f.user.id}`,
      payload: { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '5559876543' },
    }),
    mutates: true,
    // Only the user themself: not the neighbour, not even an admin.
    outcomes: {
      otherOrganizationUser: { status: 403, message: messages.notOwnProfile },
      sameOrganizationUser: 'allowed',
      admin: { status: 403, message: messages.notOwnProfile },
    },
  },
  {
    route: 'GET /api/v1/user',
    request: () => ({ method: 'GET', url: '/api/v1/user' }),
    mutates: false,
  },
  {
    route: 'POST /api/v1/user',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/user',
      payload: {
        firstName: 'New',
        lastName: 'Person',
        email: uniqueEmail('isolation'),
        phoneNumber: '5551234567',
        role: 'user',
        organization_id: f.organization.id,
        password: 'N3w!Passw0rd',
      },
    }),
    mutates: true,
    allowedStatus: 201,
    // Without a token this path is sign-up, which is disabled by default.
    outcomes: { anonymous: { status: 403, message: messages.signupDisabled } },
  },
  {
    route: 'GET /api/v1/user/{userId}',
    request: (f) => ({ method: 'GET', url: `/api/v1/user/${f.user.id}` }),
    mutates: false,
  },
  {
    route: 'PUT /api/v1/user/update/{userId}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/user/update/${f.user.id}`,
      payload: { pipeline: 'GL Detail', dashboards: [f.dashboards[1].id] },
    }),
    mutates: true,
  },
  {
    route: 'PUT /api/v1/user/{userId}/status',
    request: (f) => ({ method: 'PUT', url: `/api/v1/user/${f.user.id}/status`, payload: { isActive: false } }),
    mutates: true,
  },
  // Data Type Master (issue 4): the organization's own users and admins, on its types
  {
    route: 'GET /api/v1/data-types/{orgId}',
    request: (f) => ({ method: 'GET', url: `/api/v1/data-types/${f.organization.id}` }),
    mutates: false,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'POST /api/v1/data-types/{orgId}',
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/data-types/${f.organization.id}`,
      payload: {
        name: `Added ${letters()}`,
        targetTable: '03_Budget',
        delimiter: ',',
        periodBased: true,
        columns: [{ name: 'amount', type: 'numeric', required: true }],
      },
    }),
    mutates: true,
    allowedStatus: 201,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'GET /api/v1/data-types/{orgId}/{id}',
    request: (f) => ({ method: 'GET', url: `/api/v1/data-types/${f.organization.id}/${f.dataTypes[0].id}` }),
    mutates: false,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'PUT /api/v1/data-types/{orgId}/{id}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/data-types/${f.organization.id}/${f.dataTypes[0].id}`,
      payload: {
        name: `Renamed ${letters()}`,
        description: 'Edited',
        targetTable: '02_GL_Detail',
        delimiter: ';',
        periodBased: false,
        columns: [{ name: 'posting_date', type: 'date', required: true, format: 'YYYY-MM-DD' }],
      },
    }),
    mutates: true,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'DELETE /api/v1/data-types/{orgId}/{id}',
    request: (f) => ({ method: 'DELETE', url: `/api/v1/data-types/${f.organization.id}/${f.dataTypes[0].id}` }),
    mutates: true,
    outcomes: usersOfTheOrganizationToo,
  },
  // Data Management Studio (issue 4): the organization's own users and admins, on its warehouse
  {
    route: 'GET /api/v1/crud/tables/{orgId}',
    request: (f) => ({ method: 'GET', url: `/api/v1/crud/tables/${f.organization.id}` }),
    mutates: false,
    ...crud,
  },
  {
    route: 'GET /api/v1/crud/{orgId}/{table}',
    request: (f) => ({ method: 'GET', url: `/api/v1/crud/${f.organization.id}/${GL}`, query: { pageSize: '10' } }),
    mutates: false,
    ...crud,
  },
  {
    route: 'GET /api/v1/crud/{orgId}/{table}/export',
    request: (f) => ({ method: 'GET', url: `/api/v1/crud/${f.organization.id}/${GL}/export` }),
    mutates: false,
    answersJson: false,
    ...crud,
  },
  {
    route: 'POST /api/v1/crud/{orgId}/{table}',
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/crud/${f.organization.id}/${GL}`,
      // The line that balances ISO-1 (loaded as a lone debit of 1.00).
      payload: {
        journal_id: 'ISO-1',
        line_no: 2,
        posting_date: '2024-01-06',
        period: '2024-01',
        account_code: '1000',
        credit: '1.00',
      },
    }),
    mutates: true,
    allowedStatus: 201,
    ...crud,
  },
  {
    route: 'PUT /api/v1/crud/{orgId}/{table}/{rowId}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/crud/${f.organization.id}/${GL}/${glRow(f)}`,
      payload: { description: `Edited ${letters()}` },
    }),
    mutates: true,
    ...crud,
  },
  {
    route: 'DELETE /api/v1/crud/{orgId}/{table}/{rowId}',
    request: (f) => ({ method: 'DELETE', url: `/api/v1/crud/${f.organization.id}/${GL}/${glRow(f)}` }),
    mutates: true,
    ...crud,
  },
  {
    route: 'GET /api/v1/crud/{orgId}/{table}/{rowId}/history',
    request: (f) => ({
      method: 'GET',
      url: `/api/v1/crud/${f.organization.id}/${GL}/${glRow(f)}/history`,
    }),
    mutates: false,
    ...crud,
  },
  {
    route: 'GET /api/v1/crud/{orgId}/{table}/{rowId}/origin',
    request: (f) => ({
      method: 'GET',
      url: `/api/v1/crud/${f.organization.id}/${GL}/${glRow(f)}/origin`,
    }),
    mutates: false,
    ...crud,
  },
  {
    route: 'GET /api/v1/crud/{orgId}/journals/{journalId}',
    request: (f) => ({ method: 'GET', url: `/api/v1/crud/${f.organization.id}/journals/ISO-1` }),
    mutates: false,
    ...crud,
  },
  {
    route: 'POST /api/v1/crud/{orgId}/journals',
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/crud/${f.organization.id}/journals`,
      payload: { journal_id: `ISO-${letters()}`, lines: balancedLines },
    }),
    mutates: true,
    allowedStatus: 201,
    ...crud,
  },
  {
    route: 'PUT /api/v1/crud/{orgId}/journals/{journalId}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/crud/${f.organization.id}/journals/ISO-1`,
      payload: { lines: balancedLines },
    }),
    mutates: true,
    ...crud,
  },
  {
    route: 'DELETE /api/v1/crud/{orgId}/journals/{journalId}',
    request: (f) => ({ method: 'DELETE', url: `/api/v1/crud/${f.organization.id}/journals/ISO-1?source=manual` }),
    mutates: true,
    ...crud,
  },
  {
    route: 'GET /api/v1/crud/{orgId}/reconciliation',
    request: (f) => ({ method: 'GET', url: `/api/v1/crud/${f.organization.id}/reconciliation` }),
    mutates: false,
    ...crud,
  },
  // Built-in statements and their drill-down (issue 11)
  {
    route: 'GET /api/v1/reports/{organizationId}/{template}',
    request: (f) => ({ method: 'GET', url: `/api/v1/reports/${f.organization.id}/profit-and-loss?from=2024-01` }),
    mutates: false,
    ...crud,
  },
  {
    route: 'GET /api/v1/consolidation-groups/of-organization/{organizationId}',
    request: (f) => ({ method: 'GET', url: `/api/v1/consolidation-groups/of-organization/${f.organization.id}` }),
    mutates: false,
    setup: groupOfBoth,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'GET /api/v1/consolidation-groups/{id}/reports/{template}',
    request: (f) => ({
      method: 'GET',
      url: `/api/v1/consolidation-groups/${groupIds.get(f)}/reports/balance-sheet?from=2024-01&to=2024-01`,
    }),
    mutates: false,
    setup: groupOfBoth,
    outcomes: {
      sameOrganizationUser: 'allowed',
      otherOrganizationUser: { status: 404, message: consolidationMessages.notFound },
    },
  },
  {
    route: 'GET /api/v1/reports/{organizationId}/gl-lines',
    request: (f) => ({
      method: 'GET',
      url: `/api/v1/reports/${f.organization.id}/gl-lines?from=2024-01&to=2024-01&account_code=1000`,
    }),
    mutates: false,
    ...crud,
  },
  {
    route: 'GET /api/v1/reports/{organizationId}/kpis',
    request: (f) => ({ method: 'GET', url: `/api/v1/reports/${f.organization.id}/kpis?from=2024-01&to=2024-03` }),
    mutates: false,
    ...crud,
  },
  // The statement layout (issue 25 §1): who may edit the chart in the Studio may move its accounts
  {
    route: 'GET /api/v1/statement-layouts/{organizationId}',
    request: (f) => ({ method: 'GET', url: `/api/v1/statement-layouts/${f.organization.id}` }),
    mutates: false,
    ...crud,
  },
  {
    route: 'PUT /api/v1/statement-layouts/{organizationId}',
    // The fixture's one account (1000 Cash, no subtype) stays unclassified: an allowed call stores version 1.
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/statement-layouts/${f.organization.id}`,
      payload: { version: 0, lines: [{ type: 'asset', subtype: null, accounts: ['1000'] }] },
    }),
    mutates: true,
    ...crud,
  },
  // Report packs (issue 27): the organization's users and administrators
  {
    route: 'GET /api/v1/report-packs/{organizationId}',
    request: (f) => ({ method: 'GET', url: `/api/v1/report-packs/${f.organization.id}` }),
    mutates: false,
    ...packCase,
  },
  {
    route: 'POST /api/v1/report-packs/{organizationId}',
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/report-packs/${f.organization.id}`,
      payload: { name: `Pack ${letters()}`, pages: [{ kind: 'cover' }], formats: ['pdf'] },
    }),
    mutates: true,
    allowedStatus: 201,
    ...packCase,
  },
  {
    route: 'GET /api/v1/report-packs/{organizationId}/{packId}',
    request: (f) => ({ method: 'GET', url: packUrl(f) }),
    mutates: false,
    ...packCase,
  },
  {
    route: 'PUT /api/v1/report-packs/{organizationId}/{packId}',
    request: (f) => ({ method: 'PUT', url: packUrl(f), payload: { name: `Renamed ${letters()}` } }),
    mutates: true,
    ...packCase,
  },
  {
    route: 'DELETE /api/v1/report-packs/{organizationId}/{packId}',
    request: (f) => ({ method: 'DELETE', url: packUrl(f) }),
    mutates: true,
    ...packCase,
  },
  {
    route: 'POST /api/v1/report-packs/{organizationId}/{packId}/preview',
    request: (f) => ({ method: 'POST', url: packUrl(f, '/preview'), payload: { period: '2024-01' } }),
    mutates: false,
    ...packCase,
  },
  {
    route: 'POST /api/v1/report-packs/{organizationId}/{packId}/generate',
    request: (f) => ({ method: 'POST', url: packUrl(f, '/generate'), payload: { period: '2024-01' } }),
    mutates: true,
    allowedStatus: 202,
    ...packCase,
  },
  {
    route: 'GET /api/v1/report-packs/{organizationId}/{packId}/runs',
    request: (f) => ({ method: 'GET', url: packUrl(f, '/runs') }),
    mutates: false,
    ...packCase,
  },
  {
    route: 'GET /api/v1/report-packs/{organizationId}/{packId}/runs/{runId}',
    request: (f) => ({ method: 'GET', url: packUrl(f, `/runs/${packIds.get(f)!.run}`) }),
    mutates: false,
    ...packCase,
  },
  {
    route: 'GET /api/v1/report-packs/{organizationId}/{packId}/runs/{runId}/files/{format}',
    request: (f) => ({ method: 'GET', url: packUrl(f, `/runs/${packIds.get(f)!.run}/files/pdf`) }),
    mutates: false,
    answersJson: false,
    ...packCase,
  },
  {
    route: 'GET /api/v1/report-packs/{organizationId}/{packId}/commentary/{period}',
    request: (f) => ({ method: 'GET', url: packUrl(f, '/commentary/2024-01') }),
    mutates: false,
    ...packCase,
  },
  {
    route: 'PUT /api/v1/report-packs/{organizationId}/{packId}/commentary/{period}',
    request: (f) => ({
      method: 'PUT',
      url: packUrl(f, '/commentary/2024-01'),
      payload: { text: 'Cash was {{cash}}.' },
    }),
    mutates: true,
    ...packCase,
  },
  {
    route: 'POST /api/v1/report-packs/{organizationId}/{packId}/commentary/{period}/draft',
    request: (f) => ({ method: 'POST', url: packUrl(f, '/commentary/2024-01/draft') }),
    mutates: false,
    ...packCase,
  },
  {
    route: 'POST /api/v1/report-packs/{organizationId}/{packId}/tie-out/{period}/sign-off',
    request: (f) => ({ method: 'POST', url: packUrl(f, '/tie-out/2024-01/sign-off') }),
    mutates: true,
    ...packCase,
  },
  // Chat DB (issue 13): the organization named in the body or query (an organization user's own when left out)
  {
    route: 'POST /api/v1/chat/ask',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/chat/ask',
      payload: { organizationId: f.organization.id, question: 'How many GL lines in January 2024?' },
    }),
    mutates: true,
    ...crud,
  },
  {
    route: 'GET /api/v1/chat/history',
    request: (f) => ({ method: 'GET', url: '/api/v1/chat/history', query: { organizationId: f.organization.id } }),
    mutates: false,
    ...crud,
  },
  {
    // The caller's own conversations only: none exist in a fresh fixture, so even an allowed call changes nothing.
    route: 'POST /api/v1/chat/clear',
    request: (f) => ({ method: 'POST', url: '/api/v1/chat/clear', payload: { organizationId: f.organization.id } }),
    mutates: false,
    ...crud,
  },
  {
    route: 'GET /api/v1/chat/suggestions',
    request: (f) => ({ method: 'GET', url: '/api/v1/chat/suggestions', query: { organizationId: f.organization.id } }),
    mutates: false,
    ...crud,
  },
  {
    route: 'POST /api/v1/pipeline/file-upload',
    // The organization is the form's first field: the guard's rule is applied to it before any file is read.
    request: async (f) => {
      const form = await sealedUploadForm(
        await t.app.services.uploads.uploadKey(),
        { organizationId: f.organization.id, data_type_id: f.dataTypes[0].id },
        [{ name: 'amounts.csv', content: 'amount\n12.50\n' }],
      );
      return { method: 'POST', url: '/api/v1/pipeline/file-upload', payload: form.payload, headers: form.headers };
    },
    mutates: true,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'POST /api/v1/pipeline/analyze-file',
    // Nothing is stored: the answer is what would load, read against organization A's chart.
    request: async (f) => {
      const form = await sealedUploadForm(
        await t.app.services.uploads.uploadKey(),
        { organizationId: f.organization.id, data_type_id: f.dataTypes[0].id },
        [
          {
            name: 'ledger.csv',
            content: 'Date,Account,Debit,Credit\n2026-01-05,1000,10.00,\n2026-01-05,4000,,10.00\n',
          },
        ],
        'file',
      );
      return { method: 'POST', url: '/api/v1/pipeline/analyze-file', payload: form.payload, headers: form.headers };
    },
    mutates: false,
    setup: warehouseWithRows,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'GET /api/v1/pipeline/list-files/{organizationId}',
    request: (f) => ({ method: 'GET', url: `/api/v1/pipeline/list-files/${f.organization.id}` }),
    mutates: false,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'POST /api/v1/crud/check-value/{orgId}',
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/crud/check-value/${f.organization.id}`,
      payload: { columnName: 'account_code', value: '1000' },
    }),
    mutates: false,
    ...crud,
  },
  // Pipelines (issue 10): the organization's own users and admins
  {
    route: 'GET /api/v1/pipeline/list-available-pipelines/{organizationId}',
    request: (f) => ({ method: 'GET', url: `/api/v1/pipeline/list-available-pipelines/${f.organization.id}` }),
    mutates: false,
    ...pipelineCase,
  },
  {
    route: 'GET /api/v1/pipeline/list-pipelines/{organizationId}',
    request: (f) => ({ method: 'GET', url: `/api/v1/pipeline/list-pipelines/${f.organization.id}` }),
    mutates: false,
    ...pipelineCase,
  },
  {
    route: 'GET /api/v1/pipeline/run-pipeline/{organizationId}',
    request: (f) => ({ method: 'GET', url: `/api/v1/pipeline/run-pipeline/${f.organization.id}` }),
    mutates: true,
    ...pipelineCase,
  },
  {
    route: 'POST /api/v1/pipeline/run-pipeline/{organizationId}',
    request: (f) => ({ method: 'POST', url: `/api/v1/pipeline/run-pipeline/${f.organization.id}` }),
    mutates: true,
    ...pipelineCase,
  },
  {
    // No organization in the path: a run of another organization answers as a missing one (404, not 403).
    route: 'GET /api/v1/pipeline/runs/{runId}',
    request: (f) => ({ method: 'GET', url: `/api/v1/pipeline/runs/${pipelineRunIds.get(f)}` }),
    mutates: false,
    ...pipelineCase,
    outcomes: {
      ...usersOfTheOrganizationToo,
      otherOrganizationUser: { status: 404, message: pipelineMessages.runNotFound },
    },
  },
  {
    // Undo this load: the fixture's run is queued (it loaded nothing), so the callers let in meet that rule;
    // another organization's run answers as a missing one.
    route: 'POST /api/v1/pipeline/runs/{runId}/undo',
    request: (f) => ({ method: 'POST', url: `/api/v1/pipeline/runs/${pipelineRunIds.get(f)}/undo` }),
    mutates: false,
    ...pipelineCase,
    outcomes: {
      admin: { status: 409, message: pipelineMessages.undoNothing },
      sameOrganizationUser: { status: 409, message: pipelineMessages.undoNothing },
      otherOrganizationUser: { status: 404, message: pipelineMessages.runNotFound },
    },
  },
  {
    // What replacing periods would remove: asked of a period-based data type of organization A.
    route: 'GET /api/v1/pipeline/replace-preview/{organizationId}',
    request: (f) => ({
      method: 'GET',
      url: `/api/v1/pipeline/replace-preview/${f.organization.id}?dataTypeId=${f.dataTypes[0].id}&periods=2024-01`,
    }),
    mutates: false,
    setup: async (f) => {
      await pipelineWithWork(f);
      await t.database.db.update(dataTypes).set({ periodBased: true }).where(eq(dataTypes.id, f.dataTypes[0].id));
    },
    outcomes: usersOfTheOrganizationToo,
  },
  // Import Flat File (issue 10): a multipart form naming its organization in the field orgID
  {
    route: 'POST /api/v1/pipeline/saveCSV',
    request: (f) => ({ method: 'POST', url: '/api/v1/pipeline/saveCSV', payload: flatFileForms.get(f) }),
    mutates: true,
    setup: sealedFlatFileForm,
    outcomes: usersOfTheOrganizationToo,
  },
  // Dataset refresh (issue 11): the organization named in the body or query, its own users and admins
  {
    route: 'POST /api/v1/data-refresh/refresh-all',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/data-refresh/refresh-all',
      payload: { organizationId: f.organization.id },
    }),
    mutates: true,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'POST /api/v1/data-refresh/refresh-dataset',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/data-refresh/refresh-dataset',
      payload: {
        organizationId: f.organization.id,
        workspaceId: f.dashboards[0].workspaceId,
        datasetId: f.dashboards[0].datasetId,
        reportName: f.dashboards[0].name,
      },
    }),
    mutates: true,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'GET /api/v1/data-refresh/logs',
    request: (f) => ({ method: 'GET', url: '/api/v1/data-refresh/logs', query: { organizationId: f.organization.id } }),
    mutates: false,
    ...refreshCase,
  },
  {
    // No organization named: another organization's log answers as a missing one (404, not 403).
    route: 'GET /api/v1/data-refresh/status/{id}',
    request: (f) => ({ method: 'GET', url: `/api/v1/data-refresh/status/${refreshLogIds.get(f)}` }),
    mutates: false,
    ...refreshCase,
    outcomes: {
      ...usersOfTheOrganizationToo,
      otherOrganizationUser: { status: 404, message: dataRefreshMessages.logNotFound },
    },
  },
  {
    route: 'POST /api/v1/data-refresh/update-stuck-logs',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/data-refresh/update-stuck-logs',
      payload: {
        organizationId: f.organization.id,
        workspaceId: f.dashboards[0].workspaceId,
        datasetId: f.dashboards[0].datasetId,
      },
    }),
    mutates: true,
    ...refreshCase,
  },
  {
    route: 'GET /api/v1/data-refresh/auto-update-stuck-logs',
    request: (f) => ({
      method: 'GET',
      url: '/api/v1/data-refresh/auto-update-stuck-logs',
      query: { organizationId: f.organization.id },
    }),
    mutates: true,
    ...refreshCase,
  },
  // Accounting connections (issue 12): the organization in the query or body, its own users and admins
  {
    // Undo this sync: the fixture's run loaded nothing, so the callers let in meet that rule; another
    // organization's run answers as a missing one.
    route: 'POST /api/v1/accounting/sync-runs/{runId}/undo',
    request: (f) => ({ method: 'POST', url: `/api/v1/accounting/sync-runs/${syncRunIds.get(f)}/undo` }),
    mutates: false,
    setup: quickbooksConnection,
    outcomes: {
      admin: { status: 409, message: pipelineMessages.undoNothing },
      sameOrganizationUser: { status: 409, message: pipelineMessages.undoNothing },
      otherOrganizationUser: { status: 404, message: accountingMessages.syncRunNotFound },
    },
  },
  {
    route: 'GET /api/v1/accounting/sync-runs',
    request: (f) => ({
      method: 'GET',
      url: '/api/v1/accounting/sync-runs',
      query: { organization_id: f.organization.id },
    }),
    mutates: false,
    ...accountingCase,
  },
  {
    route: 'POST /api/v1/quickbooks/connect',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/quickbooks/connect',
      payload: { organization_id: f.organization.id },
    }),
    mutates: false,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'GET /api/v1/quickbooks/accounts',
    request: (f) => ({
      method: 'GET',
      url: '/api/v1/quickbooks/accounts',
      query: { organization_id: f.organization.id },
    }),
    mutates: false,
    ...accountingCase,
  },
  {
    // No organization in the path: another organization's connection answers as a missing one (404, not 403).
    route: 'PUT /api/v1/quickbooks/status/{id}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/quickbooks/status/${connectionIds.get(f)}`,
      payload: { accountStatus: 'disconnected' },
    }),
    mutates: true,
    ...accountingCase,
    outcomes: {
      ...usersOfTheOrganizationToo,
      otherOrganizationUser: { status: 404, message: accountingMessages.connectionNotFound },
    },
  },
  {
    route: 'POST /api/v1/quickbooks',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/quickbooks',
      payload: { id: connectionIds.get(f), organization_id: f.organization.id },
    }),
    mutates: true,
    ...accountingCase,
  },
  // Sage Intacct (issue 12): its status and sync routes name only the connection
  {
    route: 'POST /api/v1/intacct',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/intacct',
      payload: { organization_id: f.organization.id, ...intacctForm },
    }),
    mutates: true,
    ...intacctCase,
  },
  {
    route: 'GET /api/v1/intacct',
    request: (f) => ({ method: 'GET', url: '/api/v1/intacct', query: { organization_id: f.organization.id } }),
    mutates: false,
    ...intacctCase,
  },
  {
    // No organization in the path: another organization's connection answers as a missing one (404, not 403).
    route: 'PUT /api/v1/intacct/status/{id}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/intacct/status/${intacctConnectionIds.get(f)}`,
      payload: { accountStatus: 'disconnected' },
    }),
    mutates: true,
    ...intacctCase,
    outcomes: {
      ...usersOfTheOrganizationToo,
      otherOrganizationUser: { status: 404, message: accountingMessages.connectionNotFound },
    },
  },
  {
    route: 'GET /api/v1/intacct/data',
    request: (f) => ({ method: 'GET', url: '/api/v1/intacct/data', query: { id: intacctConnectionIds.get(f)! } }),
    mutates: true,
    ...intacctCase,
    outcomes: {
      ...usersOfTheOrganizationToo,
      otherOrganizationUser: { status: 404, message: accountingMessages.connectionNotFound },
    },
  },
  // NetSuite (issue 12, system C)
  {
    route: 'POST /api/v1/netsuite',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/netsuite',
      payload: {
        organization_id: f.organization.id,
        account_id: NETSUITE_ISOLATION.accountId,
        consumer_key: NETSUITE_ISOLATION.consumerKey,
        certificate_id: NETSUITE_ISOLATION.certificateId,
        certificate_private_key: netsuiteKeys.privateKey,
      },
    }),
    mutates: true,
    outcomes: usersOfTheOrganizationToo,
  },
  {
    route: 'GET /api/v1/netsuite',
    request: (f) => ({ method: 'GET', url: '/api/v1/netsuite', query: { organization_id: f.organization.id } }),
    mutates: false,
    ...netsuiteCase,
  },
  {
    route: 'GET /api/v1/netsuite/netsuiteAccount',
    request: (f) => ({
      method: 'GET',
      url: '/api/v1/netsuite/netsuiteAccount',
      query: { id: netsuiteConnectionIds.get(f)!, orgID: f.organization.id },
    }),
    mutates: false,
    ...netsuiteCase,
  },
  {
    // No organization in the path: another organization's connection answers as a missing one (404, not 403).
    route: 'PUT /api/v1/netsuite/status/{id}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/netsuite/status/${netsuiteConnectionIds.get(f)}`,
      payload: { accountStatus: 'disconnected' },
    }),
    mutates: true,
    ...netsuiteCase,
    outcomes: {
      ...usersOfTheOrganizationToo,
      otherOrganizationUser: { status: 404, message: accountingMessages.connectionNotFound },
    },
  },
  {
    // No organization in the path, as above.
    route: 'POST /api/v1/netsuite/{id}/sync',
    request: (f) => ({ method: 'POST', url: `/api/v1/netsuite/${netsuiteConnectionIds.get(f)}/sync` }),
    mutates: true,
    ...netsuiteCase,
    outcomes: {
      ...usersOfTheOrganizationToo,
      otherOrganizationUser: { status: 404, message: accountingMessages.connectionNotFound },
    },
  },
  // Power BI (issue 11): only for a report or dataset of a dashboard the caller may open
  {
    route: 'GET /api/v1/powerbi/embed',
    request: (f) => ({
      method: 'GET',
      url: '/api/v1/powerbi/embed',
      query: { workspaceId: f.dashboards[0].workspaceId, url: f.dashboards[0].url },
    }),
    mutates: false,
    setup: powerbiReport,
    outcomes: {
      ...usersOfTheOrganizationToo,
      otherOrganizationUser: { status: 404, message: powerbiMessages.dashboardNotFound },
    },
  },
  {
    route: 'POST /api/v1/powerbi/refresh-dataset',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/powerbi/refresh-dataset',
      payload: { workspaceId: f.dashboards[0].workspaceId, datasetId: f.dashboards[0].datasetId },
    }),
    mutates: true,
    setup: powerbiReport,
    outcomes: {
      ...usersOfTheOrganizationToo,
      otherOrganizationUser: { status: 404, message: powerbiMessages.dashboardNotFound },
    },
  },
  // Client onboarding (issue 14): administrators only
  {
    route: 'POST /api/v1/onboard/storage/create-container',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/onboard/storage/create-container',
      payload: { orgID: f.organization.id, containerJson: { containerName: `c-${letters()}` } },
    }),
    mutates: true,
  },
  {
    route: 'POST /api/v1/onboard/sql/create-database',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/onboard/sql/create-database',
      payload: { orgID: f.organization.id, databaseJson: { databaseName: `db_${letters()}` } },
    }),
    mutates: true,
  },
  {
    route: 'POST /api/v1/onboard/data-factory/create',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/onboard/data-factory/create',
      payload: { orgID: f.organization.id, dataFactoryJson: { dataFactoryName: `adf-${letters()}` } },
    }),
    mutates: true,
  },
  {
    route: 'POST /api/v1/onboard/data-factory/import',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/onboard/data-factory/import',
      payload: {
        orgID: f.organization.id,
        factoryName: `adf-${letters()}`,
        databaseName: `db_${letters()}`,
        containerName: `c-${letters()}`,
      },
    }),
    mutates: true,
  },
  {
    route: 'GET /api/v1/onboard/sql/list-databases',
    request: () => ({ method: 'GET', url: '/api/v1/onboard/sql/list-databases' }),
    mutates: false,
  },
  {
    route: 'GET /api/v1/onboard/status/{orgID}',
    request: (f) => ({ method: 'GET', url: `/api/v1/onboard/status/${f.organization.id}` }),
    mutates: false,
  },
];

/** Per fixture: a form importing a small sealed CSV as a new table of organization A. */
const flatFileForms = new WeakMap<Fixture, FormData>();
async function sealedFlatFileForm(f: Fixture): Promise<void> {
  await t.app.services.warehouse.provision(f.organization.id);
  await t.app.services.warehouse.provision(f.otherOrganization.id);
  const form = await sealedFormData(
    await t.app.services.uploadKeys.current(),
    { orgID: f.organization.id, tableName: 'isolation_import' },
    [{ name: 'regions.csv', content: 'region,amount\nNorth,12.50\n' }],
    'file',
  );
  flatFileForms.set(f, form);
}

/** A user of the organization, with the password every fixture shares (hashed once). */
async function addUser(organizationId: string): Promise<TestUser> {
  const row = await usersRepository(t.database.db).insert({
    firstName: 'Test',
    lastName: 'User',
    email: uniqueEmail(),
    role: 'user',
    organizationId,
    passwordHash,
  });
  return { ...row!, password: USER_PASSWORD };
}

async function createFixture(): Promise<Fixture> {
  const { database } = t;
  const organization = await createOrganization(database, { name: `Target ${letters()}` });
  const otherOrganization = await createOrganization(database, { name: `Neighbour ${letters()}` });
  const first = await createDashboard(database, organization.id, { name: 'First' });
  const second = await createDashboard(database, organization.id, { name: 'Second' });
  const otherDashboard = await createDashboard(database, otherOrganization.id, { name: 'Theirs' });
  const ownDataTypes = [
    await createDataType(database, organization.id),
    await createDataType(database, organization.id),
  ];
  await createDataType(database, otherOrganization.id);
  const user = await addUser(organization.id);
  const otherUser = await addUser(otherOrganization.id);
  await database.db.insert(userDashboards).values([
    { userId: user.id, dashboardId: first.id },
    { userId: user.id, dashboardId: second.id },
    { userId: otherUser.id, dashboardId: otherDashboard.id },
  ]);
  return {
    organization,
    dashboards: [first, second],
    user,
    otherOrganization,
    otherDashboard,
    otherUser,
    dataTypes: [ownDataTypes[0]!, ownDataTypes[1]!],
  };
}

/**
 * The caller's token, a session opened for this call only. Opened directly (sessionTokenOf), not by signing in:
 * some 200 sign-ins would each cost an argon2 check, and signing in is tested in modules/auth.
 */
async function tokenOf(f: Fixture, caller: Caller): Promise<string | undefined> {
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'expiredSession': {
      // A token whose session has run out: the token itself is still well signed.
      const token = await sessionTokenOf(t, f.user);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 hour'` })
        .where(inArray(sessions.userId, [f.user.id]));
      return token;
    }
    case 'otherOrganizationUser':
      return sessionTokenOf(t, f.otherUser);
    case 'sameOrganizationUser':
      return sessionTokenOf(t, f.user);
    case 'admin':
      return adminToken;
  }
}

/** Everything a call about organization A could touch (sessions aside: sign-ins write those). */
async function storedState(f: Fixture) {
  const { db } = t.database;
  const ids = [f.organization.id, f.otherOrganization.id];
  const count = async (table: typeof users | typeof organizations | typeof auditEvents) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  return {
    organizations: await db
      .select()
      .from(organizations)
      .where(inArray(organizations.id, ids))
      .orderBy(organizations.id),
    dashboards: await db
      .select()
      .from(dashboards)
      .where(inArray(dashboards.organizationId, ids))
      .orderBy(dashboards.id),
    users: await db
      .select()
      .from(users)
      .where(or(inArray(users.organizationId, ids), inArray(users.id, [f.user.id, f.otherUser.id])))
      .orderBy(users.id),
    dataTypes: await db.select().from(dataTypes).where(inArray(dataTypes.organizationId, ids)).orderBy(dataTypes.id),
    pipelineRuns: await db
      .select()
      .from(pipelineRuns)
      .where(inArray(pipelineRuns.organizationId, ids))
      .orderBy(pipelineRuns.id),
    uploadedFiles: await db
      .select()
      .from(uploadedFiles)
      .where(inArray(uploadedFiles.organizationId, ids))
      .orderBy(uploadedFiles.id),
    refreshLogs: await db
      .select()
      .from(refreshLogs)
      .where(inArray(refreshLogs.organizationId, ids))
      .orderBy(refreshLogs.id),
    onboardingSteps: await db
      .select()
      .from(onboardingSteps)
      .where(inArray(onboardingSteps.organizationId, ids))
      .orderBy(onboardingSteps.organizationId, onboardingSteps.step),
    accountingConnections: await db
      .select()
      .from(accountingConnections)
      .where(inArray(accountingConnections.organizationId, ids))
      .orderBy(accountingConnections.id),
    syncRuns: await db.select().from(syncRuns).where(inArray(syncRuns.organizationId, ids)).orderBy(syncRuns.id),
    statementLayouts: await db
      .select()
      .from(statementLayouts)
      .where(inArray(statementLayouts.organizationId, ids))
      .orderBy(statementLayouts.organizationId),
    reportPacks: await db
      .select()
      .from(reportPacks)
      .where(inArray(reportPacks.organizationId, ids))
      .orderBy(reportPacks.id),
    reportPackRuns: await db
      .select()
      .from(reportPackRuns)
      .where(inArray(reportPackRuns.organizationId, ids))
      .orderBy(reportPackRuns.id),
    reportPackPeriods: await db
      .select({ period: reportPackPeriods })
      .from(reportPackPeriods)
      .innerJoin(reportPacks, eq(reportPacks.id, reportPackPeriods.packId))
      .where(inArray(reportPacks.organizationId, ids))
      .orderBy(reportPackPeriods.packId, reportPackPeriods.period),
    chatMessages: await db
      .select()
      .from(chatMessages)
      .where(inArray(chatMessages.organizationId, ids))
      .orderBy(chatMessages.id),
    grants: await db
      .select()
      .from(userDashboards)
      .where(inArray(userDashboards.userId, [f.user.id, f.otherUser.id]))
      .orderBy(userDashboards.userId, userDashboards.dashboardId),
    // The warehouses' tables (Import Flat File creates one): a refused call creates none in either.
    warehouseTables: rowsOf<{ name: string }>(
      await db.execute(sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in (${sql.join(ids.map(warehouseSchemaName), sql`, `)}) order by 1`),
    ),
    organizationCount: await count(organizations),
    userCount: await count(users),
    auditEventCount: await count(auditEvents),
  };
}

/** `PUT /api/v1/crud/{orgId}/{table}` for the route Fastify knows as PUT /api/v1/crud/:orgId/:table. */
const routeName = (route: ApiRoute) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`;

/**
 * API routes that read or change no organization's data, each with the reason. A route guarded by
 * `tenantParam`, `tenantField`, `tenantQuery` or `tenantBody` can never be listed here: it belongs in the matrix.
 */
const NOT_ORGANIZATION_SCOPED: Record<string, string> = {
  'POST /api/v1/auth/login': 'public: signs in',
  'POST /api/v1/auth/logout': "ends the caller's own session",
  'POST /api/v1/auth/forgot-password': 'public: answers the same whether the e-mail exists or not',
  'POST /api/v1/auth/reset-password': 'public: acts on the user a single-use token names',
  'GET /api/v1/auth/reset-password/{token}': 'public: tells whether a set-password link is valid, expired or used',
  'GET /api/v1/auth/settings': 'public: whether sign-up is enabled',
  'POST /api/v1/user/change-password': "the caller's own password",
  'POST /api/v1/contact-us': 'public: the contact form, mailed to the administrators',
  'GET /api/v1/image': 'public: resizes images Finboard stores (logos), which <img> tags load without a token',
  'GET /api/v1/admin/outbox': "platform administrators only: the platform's own mail outbox",
  'GET /api/v1/admin/outbox/{id}/attachments/{index}': 'platform administrators only: an attachment of the outbox',
  'GET /api/v1/report-pack-templates':
    'platform administrators only: templates are the firm’s, applied to many organizations',
  'POST /api/v1/report-pack-templates': 'platform administrators only: a template belongs to no organization',
  'GET /api/v1/report-pack-templates/{id}': 'platform administrators only: a template belongs to no organization',
  'PUT /api/v1/report-pack-templates/{id}': 'platform administrators only: a template belongs to no organization',
  'DELETE /api/v1/report-pack-templates/{id}': 'platform administrators only: deleting one in use is refused',
  'GET /api/v1/exchange-rates': "platform administrators only: the platform's one table of rates",
  'PUT /api/v1/exchange-rates': "platform administrators only: the platform's one table of rates",
  'POST /api/v1/exchange-rates/import': "platform administrators only: the platform's one table of rates",
  'DELETE /api/v1/exchange-rates/{from}/{to}/{period}':
    "platform administrators only: the platform's one table of rates",
  'GET /api/v1/consolidation-groups': 'platform administrators only: groups span organizations',
  'POST /api/v1/consolidation-groups': 'platform administrators only: a group spans organizations',
  'GET /api/v1/consolidation-groups/{id}': 'platform administrators only: a group spans organizations',
  'PUT /api/v1/consolidation-groups/{id}': 'platform administrators only: a group spans organizations',
  'DELETE /api/v1/consolidation-groups/{id}': 'platform administrators only: a group spans organizations',
  'GET /api/v1/portfolio':
    'platform administrators only: every organization at a glance, across organizations (portfolio.routes.test.ts: 403 for a user)',
  'GET /api/v1/pipeline/upload-key': "the platform's public key browsers seal uploads with, the same for everyone",
  'GET /api/v1/quickbooks/callback':
    "public: Intuit's redirect; acts only for the organization and user its signed, 10-minute state names",
};

describe('the matrix', () => {
  it('has a case for every organization-scoped route the app registers, and a reason for every other', () => {
    const registered = t.app.apiRoutes.map((route) => ({
      name: routeName(route),
      guarded: Boolean(route.tenantParam || route.tenantField || route.tenantQuery || route.tenantBody),
    }));
    const names = registered.map((route) => route.name);
    const cases = routeCases.map((routeCase) => routeCase.route);

    expect(registered.length).toBeGreaterThan(0);
    // A guarded route is organization-scoped by definition: it needs its case.
    expect(
      registered.filter((route) => route.guarded && !cases.includes(route.name)).map((route) => route.name),
    ).toEqual([]);
    expect(names.filter((name) => !cases.includes(name) && !(name in NOT_ORGANIZATION_SCOPED))).toEqual([]);
    // Nothing stale or twice: each case and each reason names a route the app has, once.
    expect(cases.filter((name) => !names.includes(name))).toEqual([]);
    expect(
      Object.keys(NOT_ORGANIZATION_SCOPED).filter((name) => !names.includes(name) || cases.includes(name)),
    ).toEqual([]);
    expect(new Set(cases).size).toBe(cases.length);
  });

  it('expects every guarded route to refuse the neighbouring organization with 403', () => {
    const guarded = new Set(
      t.app.apiRoutes
        .filter((route) => route.tenantParam || route.tenantField || route.tenantQuery || route.tenantBody)
        .map(routeName),
    );
    const guardedCases = routeCases.filter((routeCase) => guarded.has(routeCase.route));

    expect(guardedCases.length).toBe(guarded.size);
    expect(guardedCases.map((routeCase) => [routeCase.route, expected(routeCase, 'otherOrganizationUser')])).toEqual(
      guardedCases.map((routeCase) => [routeCase.route, forbidden]),
    );
  });
});

describe.each(routeCases)('$route', (routeCase) => {
  const fixtureOfTheRoute = async () => {
    const fixture = await createFixture();
    await routeCase.setup?.(fixture);
    return fixture;
  };
  // A call that changes stored rows gets a fixture of its own; the others (refused, or allowed and reading) share
  // one, which each of them proves unchanged — so no case depends on what another did, or in which order.
  let shared: Promise<Fixture> | undefined;

  it.each(CALLERS)('%s', async (caller) => {
    const outcome = expected(routeCase, caller);
    const f =
      outcome === 'allowed' && routeCase.mutates ? await fixtureOfTheRoute() : await (shared ??= fixtureOfTheRoute());
    const token = await tokenOf(f, caller);
    const before = await storedState(f);

    const request = await routeCase.request(f);
    const response = await t.app.inject({
      ...request,
      headers: { ...(request.headers as Record<string, string>), ...(token ? bearer(token) : {}) },
    });

    const after = await storedState(f);
    if (outcome === 'allowed') {
      expect(response.statusCode, response.body).toBe(routeCase.allowedStatus ?? 200);
      if (routeCase.answersJson !== false) expect(response.json().status).toBe(true);
      if (routeCase.mutates) expect(after).not.toEqual(before);
      else expect(after).toEqual(before);
    } else {
      expect(response.statusCode, response.body).toBe(outcome.status);
      // The bare envelope: nothing of organization A is read back.
      expect(response.json()).toEqual({ status: false, message: outcome.message });
      expect(after).toEqual(before);
    }
    if (caller === 'otherOrganizationUser') {
      for (const secret of [
        f.organization.id,
        f.organization.name,
        f.user.id,
        f.user.email,
        f.dashboards[0].id,
        f.dataTypes[0].name,
      ]) {
        expect(response.body).not.toContain(secret);
      }
    }
  });
});
