import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { powerbiMessages } from '@finboard/shared/powerbi';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createDashboard, createOrganization, createUser, login } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import { FAKE_CLIENT_SECRET, powerbiConfigOf, startPowerbiFake, type PowerbiFake } from '../../../test/powerbi-fake.ts';

let fake: PowerbiFake;
let t: TestApp;
let adminToken: string;
let logText = '';

beforeAll(async () => {
  fake = await startPowerbiFake();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  t = await buildTestApp(powerbiConfigOf(fake), { jobs: createTestJobRunner().runner, logStream });
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let serial = 0;
let organizationId: string;
beforeEach(async () => {
  serial++;
  organizationId = (await createOrganization(t.database)).id;
  fake.addReport({
    id: `report-${serial}`,
    name: 'Sales',
    workspaceId: `ws-${serial}`,
    reportType: 'PowerBIReport',
    datasetId: `ds-${serial}`,
  });
});

const embedUrlOf = (reportId: string, workspaceId: string) =>
  `https://app.powerbi.com/reportEmbed?reportId=${reportId}&groupId=${workspaceId}`;
const salesDashboard = () =>
  createDashboard(t.database, organizationId, {
    name: 'Sales',
    url: embedUrlOf(`report-${serial}`, `ws-${serial}`),
    workspaceId: `ws-${serial}`,
    datasetId: `ds-${serial}`,
  });
const embed = (query: Record<string, string>, token = adminToken) =>
  t.app.inject({ method: 'GET', url: '/api/v1/powerbi/embed', headers: bearer(token), query });

describe('GET /api/v1/powerbi/embed', () => {
  it("answers an embed token for a dashboard's report (Get Report, then GenerateToken V2)", async () => {
    await salesDashboard();
    const before = fake.generateTokenBodies.length;
    const response = await embed({ workspaceId: `ws-${serial}`, reportId: `report-${serial}`, type: 'report' });
    expect(response.statusCode, response.body).toBe(200);
    const { data, message } = response.json();
    expect(message).toBe(powerbiMessages.embedFetched);
    expect(data).toEqual({
      embedToken: expect.stringMatching(/^H4sI-fake-embed-/),
      embedUrl: embedUrlOf(`report-${serial}`, `ws-${serial}`),
      reportId: `report-${serial}`,
      expiration: expect.stringMatching(/Z$/),
    });
    expect(Date.parse(data.expiration)).toBeGreaterThan(Date.now());
    expect(fake.generateTokenBodies.slice(before)).toEqual([
      { reports: [{ id: `report-${serial}` }], datasets: [{ id: `ds-${serial}` }] },
    ]);
  });

  it('takes the report id from the URL when reportId is absent', async () => {
    await salesDashboard();
    const response = await embed({ workspaceId: `ws-${serial}`, url: embedUrlOf(`report-${serial}`, `ws-${serial}`) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.reportId).toBe(`report-${serial}`);
  });

  it("says 'Could not extract report ID from URL' when neither gives one", async () => {
    await salesDashboard();
    const response = await embed({ workspaceId: `ws-${serial}`, url: 'https://app.powerbi.com/home' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Could not extract report ID from URL');
  });

  it('embeds a paginated report read-only with its semantic model (§1.5)', async () => {
    fake.addReport({
      id: `rdl-${serial}`,
      name: 'Invoices',
      workspaceId: `ws-${serial}`,
      reportType: 'PaginatedReport',
    });
    await createDashboard(t.database, organizationId, {
      name: 'Invoices',
      url: `https://app.powerbi.com/rdlEmbed?reportId=rdl-${serial}&groupId=ws-${serial}`,
      workspaceId: `ws-${serial}`,
      datasetId: `ds-${serial}`,
      type: 'paginatedReport',
    });
    const before = fake.generateTokenBodies.length;
    const response = await embed({ workspaceId: `ws-${serial}`, reportId: `rdl-${serial}`, type: 'paginatedReport' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.embedUrl).toBe(
      `https://app.powerbi.com/rdlEmbed?reportId=rdl-${serial}&groupId=ws-${serial}`,
    );
    expect(fake.generateTokenBodies.slice(before)).toEqual([
      {
        reports: [{ id: `rdl-${serial}`, allowEdit: false }],
        datasets: [{ id: `ds-${serial}`, xmlaPermissions: 'ReadOnly' }],
      },
    ]);
  });

  it('mints no token for a report no dashboard the caller may open shows', async () => {
    await salesDashboard();
    const user = await createUser(t.database, { organizationId, allDashboards: false });
    const neighbour = await createUser(t.database, { organizationId: (await createOrganization(t.database)).id });
    const before = fake.generateTokenBodies.length;
    for (const token of [await login(t.app, user), await login(t.app, neighbour)]) {
      // The user's chosen list leaves the dashboard out; the neighbour is of another organization.
      const response = await embed({ workspaceId: `ws-${serial}`, reportId: `report-${serial}` }, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: false, message: powerbiMessages.dashboardNotFound });
    }
    // Nor for a report of the workspace that no dashboard shows, even for an administrator.
    const other = await embed({ workspaceId: `ws-${serial}`, reportId: 'report-elsewhere' });
    expect(other.statusCode).toBe(404);
    expect(fake.generateTokenBodies.length).toBe(before);
  });

  it("answers 'Failed to fetch Power BI embed info' when Power BI refuses, with its reason in the log only", async () => {
    await createDashboard(t.database, organizationId, {
      name: 'Hidden',
      url: embedUrlOf(`report-${serial}`, 'ws-not-shared'),
      workspaceId: 'ws-not-shared',
      datasetId: `ds-${serial}`,
    });
    const response = await embed({ workspaceId: 'ws-not-shared', reportId: `report-${serial}` });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ status: false, message: 'Failed to fetch Power BI embed info' });
    expect(logText).toContain('The service principal has no access to this workspace');
    expect(logText).not.toContain(FAKE_CLIENT_SECRET);
  });

  it('renews its Entra token once Power BI refuses the cached one', async () => {
    await salesDashboard();
    await embed({ workspaceId: `ws-${serial}`, reportId: `report-${serial}` });
    const before = fake.tokenRequests();
    await embed({ workspaceId: `ws-${serial}`, reportId: `report-${serial}` });
    expect(fake.tokenRequests()).toBe(before);
    fake.expireTokens();
    const response = await embed({ workspaceId: `ws-${serial}`, reportId: `report-${serial}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.tokenRequests()).toBe(before + 1);
  });

  it('refuses a missing workspace ID', async () => {
    const response = await embed({ reportId: `report-${serial}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Workspace ID required');
  });
});

describe('POST /api/v1/powerbi/refresh-dataset', () => {
  it("queues the dataset's refresh in the organization's Refresh Log", async () => {
    await salesDashboard();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/powerbi/refresh-dataset',
      headers: bearer(adminToken),
      payload: { workspaceId: `ws-${serial}`, datasetId: `ds-${serial}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Dataset refresh started successfully',
      data: { reportName: 'Sales', status: 'queued', success: true },
    });
    const logs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/data-refresh/logs',
      headers: bearer(adminToken),
      query: { organizationId },
    });
    expect(logs.json().data.map((log: { report_name: string }) => log.report_name)).toEqual(['Sales']);
  });
});

describe('without Power BI configured', () => {
  it('answers 503: the administrator is told what to set, the organization user to ask their administrator', async () => {
    const bare = await buildTestApp({}, { jobs: createTestJobRunner().runner });
    try {
      const organization = await createOrganization(bare.database);
      const member = await login(bare.app, await createUser(bare.database, { organizationId: organization.id }));
      const memberResponse = await bare.app.inject({
        method: 'GET',
        url: '/api/v1/powerbi/embed',
        headers: bearer(member),
        query: { workspaceId: 'ws', reportId: 'report' },
      });
      expect(memberResponse.statusCode).toBe(503);
      expect(memberResponse.json()).toEqual({
        status: false,
        message: 'Power BI is not enabled on this Finboard yet — ask your administrator',
      });
      const response = await bare.app.inject({
        method: 'GET',
        url: '/api/v1/powerbi/embed',
        headers: bearer(await login(bare.app, TEST_ADMIN)),
        query: { workspaceId: 'ws', reportId: 'report' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: false, message: powerbiMessages.notConfigured });
    } finally {
      await bare.close();
    }
  });
});
