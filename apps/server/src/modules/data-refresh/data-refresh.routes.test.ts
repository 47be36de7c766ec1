import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILTIN_REFRESH_NAME, dataRefreshMessages } from '@finboard/shared/data-refresh';
import { powerbiMessages } from '@finboard/shared/powerbi';
import { refreshLogs } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createDashboard, createOrganization, createUser, login } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import { powerbiConfigOf, startPowerbiFake, type PowerbiFake } from '../../../test/powerbi-fake.ts';

let fake: PowerbiFake;
let t: TestApp;
let adminToken: string;
const jobs = createTestJobRunner();
/** The organizations whose aggregates were refreshed, in order. */
const aggregatesRefreshed: string[] = [];

beforeAll(async () => {
  fake = await startPowerbiFake();
  t = await buildTestApp(
    { ...powerbiConfigOf(fake), POWERBI_REFRESH_POLL_MS: 20 },
    {
      jobs: jobs.runner,
      aggregates: {
        refreshAggregates: async (organizationId) => {
          aggregatesRefreshed.push(organizationId);
          return { refreshedAt: new Date().toISOString(), rows: 42 };
        },
      },
    },
  );
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let organizationId: string;
let serial = 0;
/** Each test: an organization with a built-in dashboard and a Power BI report on its own dataset. */
beforeEach(async () => {
  serial++;
  organizationId = (await createOrganization(t.database, { name: `Refresh ${serial} ${Date.now()}` })).id;
  jobs.queued.length = 0;
  fake.nextRefreshes('Completed', 50);
});

const admin = () => bearer(adminToken);
const workspace = () => `ws-${serial}`;
const dataset = () => `ds-${serial}`;

async function powerbiDashboard(name = 'Sales', overrides: { datasetId?: string; workspaceId?: string } = {}) {
  fake.addDataset(workspace(), dataset());
  return createDashboard(t.database, organizationId, {
    name,
    url: `https://app.powerbi.com/reportEmbed?reportId=rep-${serial}&groupId=${workspace()}`,
    workspaceId: overrides.workspaceId ?? workspace(),
    datasetId: overrides.datasetId ?? dataset(),
  });
}
/** A built-in statement entry (type `builtin`, no Power BI ids), as the dashboards module keeps them. */
const builtinDashboard = (name = 'Profit & Loss') =>
  createDashboard(t.database, organizationId, {
    name,
    url: '',
    workspaceId: '',
    datasetId: '',
    type: 'builtin',
    template: 'profit-and-loss',
  });

const refreshAll = (headers = admin(), id = organizationId) =>
  t.app.inject({ method: 'POST', url: '/api/v1/data-refresh/refresh-all', headers, payload: { organizationId: id } });
const logsOf = async (id = organizationId) =>
  t.database.db.select().from(refreshLogs).where(eq(refreshLogs.organizationId, id));

describe('POST /api/v1/data-refresh/refresh-all', () => {
  it('queues the built-in dashboards once and each Power BI dataset once, skips entries without ids, and the jobs complete', async () => {
    await builtinDashboard('Profit & Loss');
    await builtinDashboard('Balance Sheet');
    await powerbiDashboard('Sales');
    // A second report on the same dataset refreshes it once.
    await createDashboard(t.database, organizationId, {
      name: 'Sales detail',
      url: `https://app.powerbi.com/reportEmbed?reportId=rep-b-${serial}`,
      workspaceId: workspace(),
      datasetId: dataset(),
    });
    await createDashboard(t.database, organizationId, { name: 'Legacy', workspaceId: workspace(), datasetId: '' });

    const response = await refreshAll();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe('All datasets refresh started successfully');
    expect(body.data.organizationName).toBe(`Refresh ${serial} ${body.data.organizationName.split(' ')[2]}`);
    expect(body.data.refreshedDatasets).toEqual([
      {
        logId: expect.any(String),
        dashboardName: BUILTIN_REFRESH_NAME,
        duration: null,
        status: 'queued',
        workspaceId: null,
        datasetId: null,
        error: null,
      },
      {
        logId: expect.any(String),
        dashboardName: 'Sales',
        duration: null,
        status: 'queued',
        workspaceId: workspace(),
        datasetId: dataset(),
        error: null,
      },
      {
        logId: null,
        dashboardName: 'Legacy',
        duration: null,
        status: 'skipped',
        workspaceId: workspace(),
        datasetId: null,
        error: dataRefreshMessages.idsMissing,
      },
    ]);
    expect(jobs.queued).toHaveLength(2);

    await jobs.drain();
    expect(aggregatesRefreshed.filter((id) => id === organizationId)).toHaveLength(1);
    const posts = fake.requests.filter(
      (line) => line === `POST /v1.0/myorg/groups/${workspace()}/datasets/${dataset()}/refreshes`,
    );
    expect(posts).toHaveLength(1);
    expect(fake.refreshes(workspace(), dataset())).toHaveLength(1);

    const logs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/data-refresh/logs',
      headers: admin(),
      query: { organizationId, date: new Date().toISOString().slice(0, 10) },
    });
    expect(logs.statusCode, logs.body).toBe(200);
    const rows = logs.json().data as Record<string, unknown>[];
    expect(rows.map((row) => [row.report_name, row.status, row.error_message])).toEqual(
      expect.arrayContaining([
        [BUILTIN_REFRESH_NAME, 'success', null],
        ['Sales', 'success', null],
      ]),
    );
    for (const row of rows) {
      expect(row.duration).toEqual(expect.any(Number));
      expect(row.organization_name).toBe(body.data.organizationName);
      expect(Date.parse(row.last_refresh_date as string)).not.toBeNaN();
    }
    // Another day holds none of them.
    const yesterday = await t.app.inject({
      method: 'GET',
      url: '/api/v1/data-refresh/logs',
      headers: admin(),
      query: { organizationId, date: '2020-01-01' },
    });
    expect(yesterday.json().data).toEqual([]);
  });

  it('answers the refresh already queued for a dataset instead of a second one', async () => {
    await powerbiDashboard('Sales');
    const first = (await refreshAll()).json().data.refreshedDatasets[0].logId;
    const second = (await refreshAll()).json().data.refreshedDatasets[0].logId;
    expect(second).toBe(first);
    expect(await logsOf()).toHaveLength(1);
    expect(jobs.queued).toHaveLength(1);
  });

  it('says "No dashboards available for refresh" when the organization has none, and logs nothing', async () => {
    const response = await refreshAll();
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: 'No dashboards available for refresh' });
    expect(await logsOf()).toEqual([]);
  });

  it('refuses a missing organization with the spec warning and logs nothing', async () => {
    await powerbiDashboard();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/data-refresh/refresh-all',
      headers: admin(),
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please select an organization or ensure you are properly logged in');
    expect(await logsOf()).toEqual([]);
  });
});

describe('a Power BI refresh job', () => {
  async function refreshOne() {
    await powerbiDashboard('Sales');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/data-refresh/refresh-dataset',
      headers: admin(),
      payload: { organizationId, workspaceId: workspace(), datasetId: dataset(), reportName: 'Sales' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Dataset refresh started successfully');
    return response.json().data as { logId: string; reportName: string; success: boolean };
  }
  const status = async (logId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/data-refresh/status/${logId}`, headers: admin() })).json().data;

  it('reads the history until Power BI says Completed', async () => {
    fake.nextRefreshes('Completed', 150);
    const { logId, reportName, success } = await refreshOne();
    expect([reportName, success]).toEqual(['Sales', true]);
    expect((await status(logId)).status).toBe('queued');
    await jobs.drain();
    const history = fake.requests.filter((line) =>
      line.startsWith(`GET /v1.0/myorg/groups/${workspace()}/datasets/${dataset()}/refreshes?`),
    );
    // Unknown at first (still running), then Completed.
    expect(history.length).toBeGreaterThan(1);
    // Each further look is a job of its own, delayed by the poll interval: no worker waits on Power BI.
    const looks = jobs.done.filter((job) => (job.payload as { logId?: string }).logId === logId);
    expect(looks.map((job) => job.delayMs)).toEqual([undefined, ...Array<number>(history.length - 1).fill(20)]);
    const log = await status(logId);
    expect(log).toMatchObject({ status: 'success', error_message: null, report_name: 'Sales' });
    expect(log.duration).toBeGreaterThanOrEqual(0.1);
  });

  it("fails with Power BI's failure when the history says Failed", async () => {
    fake.nextRefreshes('Failed', 60);
    const { logId } = await refreshOne();
    await jobs.drain();
    expect(await status(logId)).toMatchObject({
      status: 'failed',
      error_message:
        'Failed to refresh dataset: Power BI reported Failed (ModelRefreshFailed_CredentialsNotSpecified: The credentials of the data source are missing)',
    });
  });

  it('waits out a 429 on the refresh as Retry-After says, then starts it', async () => {
    const { logId } = await refreshOne();
    fake.inject({ match: /\/refreshes$/, status: 429, headers: { 'Retry-After': '1' } });
    const started = Date.now();
    await jobs.drain();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(
      fake.requests.filter((line) => line.startsWith('POST') && line.endsWith(`/${dataset()}/refreshes`)),
    ).toHaveLength(2);
    expect((await status(logId)).status).toBe('success');
  });

  it('fails with the throttling when Retry-After asks for longer than it waits', async () => {
    const { logId } = await refreshOne();
    fake.inject({
      match: /\/refreshes$/,
      status: 429,
      headers: { 'Retry-After': '3392' },
      body: { message: 'You have exceeded the amount of requests allowed in the current time frame' },
    });
    await jobs.drain();
    expect(await status(logId)).toMatchObject({
      status: 'failed',
      error_message: 'Failed to refresh dataset: Power BI is throttling refreshes (retry after 3392 seconds)',
    });
    expect(fake.refreshes(workspace(), dataset())).toEqual([]);
  });

  it('is watched again when its process died after Power BI accepted it', async () => {
    fake.nextRefreshes('Completed', 1000);
    const { logId } = await refreshOne();
    // The job runs until Power BI has accepted the refresh; then the server stops.
    const controller = new AbortController();
    const job = jobs.queued[0]!;
    const running = jobs.runNext(controller.signal);
    while (!(await logsOf())[0]?.powerbiRequestId) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await running;
    expect((await status(logId)).status).toBe('running');
    // Stopping re-queued it; had the process died instead, onAbandoned does the same.
    expect(jobs.queued).toHaveLength(1);
    await jobs.abandon(jobs.queued[0]!.id);
    expect(jobs.queued).toHaveLength(1);
    await jobs.drain();
    expect(await status(logId)).toMatchObject({ status: 'success' });
    expect(fake.refreshes(workspace(), dataset())).toHaveLength(1);
    expect(job.queue).toBe('dataset-refresh');
  });

  it('fails a built-in refresh whose process died with the reason', async () => {
    await builtinDashboard();
    const { logId } = (await refreshAll()).json().data.refreshedDatasets[0];
    await jobs.abandon(jobs.queued[0]!.id);
    expect(await status(logId)).toMatchObject({ status: 'failed', error_message: dataRefreshMessages.interrupted });
  });
});

describe('POST /api/v1/data-refresh/refresh-dataset', () => {
  it('refuses a dataset no dashboard of the organization shows, and logs nothing', async () => {
    await powerbiDashboard();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/data-refresh/refresh-dataset',
      headers: admin(),
      payload: { organizationId, workspaceId: workspace(), datasetId: 'someone-elses' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: dataRefreshMessages.dashboardNotFound });
    expect(await logsOf()).toEqual([]);
  });

  it('refuses a missing workspace ID with its message, and logs nothing', async () => {
    await powerbiDashboard();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/data-refresh/refresh-dataset',
      headers: admin(),
      payload: { organizationId, workspaceId: ' ', datasetId: dataset() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Workspace ID required');
    expect(await logsOf()).toEqual([]);
  });

  it("lets the organization's user refresh, and hides the log from another organization's user", async () => {
    await powerbiDashboard();
    const user = await createUser(t.database, { organizationId, allDashboards: false });
    const neighbour = await createUser(t.database, { organizationId: (await createOrganization(t.database)).id });
    const userToken = await login(t.app, user);
    // A user restricted to a chosen list refreshes the dashboards of that list: none yet.
    const none = await refreshAll(bearer(userToken));
    expect(none.json().message).toBe('No dashboards available for refresh');
    const granted = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/update/${user.id}`,
      headers: admin(),
      payload: { dashboards: await dashboardIds() },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const response = await refreshAll(bearer(userToken));
    expect(response.statusCode, response.body).toBe(200);
    const logId = response.json().data.refreshedDatasets[0].logId;
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/data-refresh/status/${logId}`,
      headers: bearer(await login(t.app, neighbour)),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ status: false, message: dataRefreshMessages.logNotFound });
  });
});

async function dashboardIds(): Promise<string[]> {
  const organization = await t.app.inject({
    method: 'GET',
    url: `/api/v1/organization/${organizationId}`,
    headers: admin(),
  });
  return (organization.json().data.organization.dashboards as { id: string }[]).map((entry) => entry.id);
}

describe('without Power BI configured', () => {
  it('fails a Power BI refresh with the message saying so, and still refreshes the built-in dashboards', async () => {
    const runner = createTestJobRunner();
    const bare = await buildTestApp(
      {},
      { jobs: runner.runner, aggregates: { refreshAggregates: async () => ({ refreshedAt: '', rows: 0 }) } },
    );
    try {
      const organization = await createOrganization(bare.database);
      await createDashboard(bare.database, organization.id, { name: 'Sales' });
      await createDashboard(bare.database, organization.id, {
        name: 'P&L',
        url: '',
        workspaceId: '',
        datasetId: '',
        type: 'builtin',
        template: 'profit-and-loss',
      });
      const token = await login(bare.app, TEST_ADMIN);
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/data-refresh/refresh-all',
        headers: bearer(token),
        payload: { organizationId: organization.id },
      });
      expect(response.statusCode, response.body).toBe(200);
      await runner.drain();
      const logs = await bare.database.db
        .select()
        .from(refreshLogs)
        .where(eq(refreshLogs.organizationId, organization.id));
      expect(logs.map((log) => [log.reportName, log.status, log.errorMessage]).sort()).toEqual([
        [BUILTIN_REFRESH_NAME, 'success', null],
        ['Sales', 'failed', powerbiMessages.notEnabled],
      ]);
    } finally {
      await bare.close();
    }
  });
});
