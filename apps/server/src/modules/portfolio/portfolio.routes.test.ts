import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { portfolioMessages as m, type PortfolioOrganization } from '@finboard/shared/portfolio';
import { reportPackMessages } from '@finboard/shared/report-packs';
import type { Kpis, Report } from '@finboard/shared/reports';
import {
  accountingConnections,
  dataTypes,
  organizationSummaries,
  pipelineRuns,
  reportPackRuns,
  syncRuns,
  uploadedFiles,
} from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, login } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import { seedWarehouse, type AccountRow, type PeriodRow } from '../../../test/warehouse-books.ts';
import { addMonths, monthsBetween } from '../reports/periods.ts';
import { lastClosedMonth } from './portfolio.service.ts';

/**
 * The portfolio through the API on both databases: three clients — one current, one whose books stop three
 * months ago and whose last pipeline run failed, one without ledger lines whose last sync failed — their
 * figures against the statements API to the cent, a journal posted moving them, the flags, and the list
 * sorted, filtered and paged on the server; administrators only.
 */
let t: TestApp;
let adminToken: string;
let userToken: string;
const prefix = `Portfolio ${Date.now()}`;
let current: string;
let behind: string;
let empty: string;

const LAST_CLOSED = lastClosedMonth(new Date());
const ACCOUNTS: AccountRow[] = [
  ['1000', 'Bank', 'asset', 'cash'],
  ['1100', 'Receivables', 'asset', 'receivable'],
  ['2000', 'Payables', 'liability', 'payable'],
  ['3000', 'Capital', 'equity', 'share_capital'],
  ['4000', 'Sales', 'revenue', 'sales'],
  ['5000', 'Materials', 'expense', 'cost_of_sales'],
  ['6000', 'Rent', 'expense', 'operating_expense'],
  ['7000', 'Interest income', 'revenue', 'other_income'],
];
const GL_COLUMNS = ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit'];

const periodRows = (months: readonly string[]): PeriodRow[] =>
  months.map((month) => {
    const [year, number] = month.split('-').map(Number) as [number, number];
    return [month, `${month}-01`, new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10), year, number];
  });

/** Balanced journals each month: capital once, sales, cash received, materials, rent, interest received. */
function ledgerRows(months: readonly string[], scale: number): unknown[][] {
  const rows: unknown[][] = [
    ['OPEN', 1, `${months[0]}-01`, months[0], '1000', '25000.00', '0'],
    ['OPEN', 2, `${months[0]}-01`, months[0], '3000', '0', '25000.00'],
  ];
  months.forEach((month, index) => {
    const day = `${month}-15`;
    const journal = (id: string, debit: string, credit: string, amount: number) => [
      [`${id}-${month}`, 1, day, month, debit, amount.toFixed(2), '0'],
      [`${id}-${month}`, 2, day, month, credit, '0', amount.toFixed(2)],
    ];
    rows.push(
      ...journal('SALE', '1100', '4000', scale * (9_000 + 311.37 * index)),
      ...journal('RECV', '1000', '1100', scale * (8_000 + 211.11 * index)),
      ...journal('MATL', '5000', '2000', scale * (3_500 + 97.43 * index)),
      ...journal('RENT', '6000', '1000', 1_250.5),
      ...journal('INT', '1000', '7000', 12.34 + index),
    );
  });
  return rows;
}
async function seedBooks(organizationId: string, months: readonly string[], scale: number) {
  await seedWarehouse(t.app.services.warehouse, organizationId, {
    periods: periodRows(months),
    accounts: ACCOUNTS,
    gl: { columns: GL_COLUMNS, rows: ledgerRows(months, scale) },
  });
}

const jobs = createTestJobRunner();
/** The rows of each uploaded file a pipeline run reads (the files themselves are not stored here). */
const fileRows = new Map<string, (string | null)[][]>();

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      jobs: jobs.runner,
      openFileRows: async function* (_organizationId, fileId) {
        yield fileRows.get(fileId)!;
      },
    },
  );
  current = (await createOrganization(t.database, { name: `${prefix} Current`, baseCurrency: 'EUR' })).id;
  behind = (await createOrganization(t.database, { name: `${prefix} Behind` })).id;
  empty = (await createOrganization(t.database, { name: `${prefix} Empty` })).id;
  await seedBooks(current, monthsBetween(addMonths(LAST_CLOSED, -14), LAST_CLOSED), 1);
  await seedBooks(behind, monthsBetween(addMonths(LAST_CLOSED, -10), addMonths(LAST_CLOSED, -3)), 2);
  await seedWarehouse(t.app.services.warehouse, empty, {
    periods: periodRows([LAST_CLOSED]),
    accounts: ACCOUNTS,
    gl: { columns: GL_COLUMNS, rows: [] },
  });
  const db = t.database.db;
  // The behind client's last run failed after an earlier one succeeded; the empty client's last sync failed.
  await db.insert(pipelineRuns).values([
    { organizationId: behind, pipelineName: 'GL', status: 'succeeded', queuedAt: new Date(Date.now() - 86_400_000) },
    {
      organizationId: behind,
      pipelineName: 'GL',
      status: 'failed',
      queuedAt: new Date(Date.now() - 3_600_000),
      finishedAt: new Date(Date.now() - 3_000_000),
    },
    { organizationId: current, pipelineName: 'GL', status: 'succeeded', finishedAt: new Date() },
  ]);
  const [connection] = await db
    .insert(accountingConnections)
    .values({ organizationId: empty, system: 'quickbooks', status: 'error', externalId: 'realm-1' })
    .returning();
  await db.insert(syncRuns).values({
    organizationId: empty,
    connectionId: connection!.id,
    system: 'quickbooks',
    status: 'failed',
    message: 'The connection was refused',
    finishedAt: new Date(),
  });
  const member = await createUser(t.database, { organizationId: current });
  userToken = await login(t.app, member);
  adminToken = await login(t.app, TEST_ADMIN);
  await t.app.services.portfolioSummaries.idle();
});
afterAll(() => t?.close());

async function get(url: string, token = adminToken) {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() };
}
async function portfolio(query = '') {
  const { status, body } = await get(`/api/v1/portfolio?name=${encodeURIComponent(prefix)}${query}`);
  expect(status).toBe(200);
  expect(body.message).toBe(m.fetched);
  return body as { data: { organizations: PortfolioOrganization[] }; pagination: Record<string, unknown> };
}
const named = (organizations: PortfolioOrganization[], id: string) =>
  organizations.find((organization) => organization.id === id)!;

describe('GET /api/v1/portfolio', () => {
  it('refuses a caller without a session and an organization user', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/portfolio' });
    expect(anonymous.statusCode).toBe(401);
    const user = await get('/api/v1/portfolio', userToken);
    expect(user.status).toBe(403);
    expect(user.body).toEqual({ status: false, message: messages.forbidden });
  });

  it('lists each client with the figures its statements show, to the cent', async () => {
    const { data } = await portfolio();
    const client = named(data.organizations, current);
    const latest = LAST_CLOSED;
    const report = async (template: string, query = '') =>
      (await get(`/api/v1/reports/${current}/${template}${query}`)).body.data as Report;
    const yearToDate = await report('profit-and-loss');
    const month = await report('profit-and-loss', `?from=${latest}&to=${latest}`);
    const year = await report('profit-and-loss', `?from=${addMonths(latest, -11)}&to=${latest}`);
    const kpis = (await get(`/api/v1/reports/${current}/kpis?from=${latest}&to=${latest}`)).body.data as Kpis;
    expect(yearToDate.to).toBe(latest);
    expect(client).toMatchObject({
      name: `${prefix} Current`,
      baseCurrency: 'EUR',
      latestPeriod: latest,
      revenueLatestMonth: month.totals.revenue,
      netIncomeLatestMonth: month.totals.netIncome,
      revenueYtd: yearToDate.totals.revenue,
      netIncomeYtd: yearToDate.totals.netIncome,
      cashLatest: kpis.kpis.find((kpi) => kpi.key === 'cash')!.value,
      lastRun: { status: 'succeeded', at: expect.any(String) },
      lastSync: null,
      lastPackSentAt: null,
      flags: [],
    });
    const series = (key: string) => year.series.find((line) => line.key === key)!.points;
    expect(client.sparkline).toEqual(
      series('revenue').map((point, index) => ({
        period: point.x,
        revenue: point.value,
        netIncome: series('netIncome')[index]!.value,
      })),
    );
    // The figures are the stored summary's.
    const [stored] = await t.database.db
      .select()
      .from(organizationSummaries)
      .where(eq(organizationSummaries.organizationId, current));
    expect(stored).toMatchObject({ latestPeriod: latest, revenueYtd: yearToDate.totals.revenue!.toFixed(2) });
  });

  it('flags a client whose books stop before the last closed month and whose last run failed', async () => {
    const client = named((await portfolio()).data.organizations, behind);
    expect(client.latestPeriod).toBe(addMonths(LAST_CLOSED, -3));
    expect(client.lastRun?.status).toBe('failed');
    expect(client.flags).toEqual(['stale', 'runFailed']);
  });

  it('flags a client without ledger lines and whose last sync failed', async () => {
    const client = named((await portfolio()).data.organizations, empty);
    expect(client).toMatchObject({
      latestPeriod: null,
      revenueLatestMonth: null,
      revenueYtd: null,
      cashLatest: null,
      sparkline: [],
      lastSync: { status: 'failed', at: expect.any(String) },
      flags: ['noData', 'syncFailed'],
    });
  });

  it('sorts on the server, an organization without figures last either way', async () => {
    const ids = async (query: string) => (await portfolio(query)).data.organizations.map((o) => o.id);
    expect(await ids('&sort=name')).toEqual([behind, current, empty]);
    expect(await ids('&sort=name&sortOrder=desc')).toEqual([empty, current, behind]);
    // The behind client's sales are twice the current one's: its latest month sells more.
    expect(await ids('&sort=revenueLatestMonth&sortOrder=desc')).toEqual([behind, current, empty]);
    expect(await ids('&sort=revenueLatestMonth')).toEqual([current, behind, empty]);
    // Only the empty client has synced: the others follow, by name.
    expect(await ids('&sort=lastSyncAt&sortOrder=desc')).toEqual([empty, behind, current]);
    expect(await ids('&sort=latestPeriod')).toEqual([behind, current, empty]);
  });

  it('filters by flag and by part of the name, and pages with the filtered total', async () => {
    const ids = async (query: string) => (await portfolio(query)).data.organizations.map((o) => o.id);
    expect(await ids('&flag=runFailed')).toEqual([behind]);
    expect(await ids('&flag=stale')).toEqual([behind]);
    expect(await ids('&flag=noData')).toEqual([empty]);
    expect(await ids('&flag=syncFailed')).toEqual([empty]);
    expect(await ids('&flag=tieOutDifference')).toEqual([]);
    const second = await portfolio('&pageSize=1&page=2');
    expect(second.data.organizations.map((o) => o.id)).toEqual([current]);
    expect(second.pagination).toEqual({ total: 3, totalIsEstimate: false, page: 2, pageSize: 1 });
    const past = await portfolio('&pageSize=2&page=5');
    expect(past.data.organizations).toEqual([]);
    expect(past.pagination).toEqual({ total: 3, totalIsEstimate: false, page: 5, pageSize: 2 });
    const flagged = await portfolio('&flag=noData&pageSize=1&page=3');
    expect(flagged.pagination).toMatchObject({ total: 1 });
    const one = await get(`/api/v1/portfolio?name=${encodeURIComponent(`${prefix} beh`)}`);
    expect(one.body.data.organizations.map((o: PortfolioOrganization) => o.id)).toEqual([behind]);
  });

  it('refuses an unknown sort or flag with the catalogue’s message', async () => {
    const sort = await get('/api/v1/portfolio?sort=profit');
    expect(sort.status).toBe(400);
    expect(sort.body.message).toBe(m.sortInvalid);
    const flag = await get('/api/v1/portfolio?flag=late');
    expect(flag.status).toBe(400);
    expect(flag.body.message).toBe(m.flagInvalid);
  });

  it('shows the last pack sent and a pack held for a tie-out difference', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/report-packs/${current}`,
      headers: bearer(adminToken),
      payload: { name: 'Monthly pack', pages: [{ kind: 'cover' }], formats: ['pdf'] },
    });
    expect(created.statusCode).toBe(201);
    const packId = created.json().data.pack.id as string;
    const sentAt = new Date(Date.now() - 7_200_000);
    await t.database.db.insert(reportPackRuns).values([
      {
        organizationId: current,
        packId,
        period: addMonths(LAST_CLOSED, -1),
        status: 'succeeded',
        trigger: 'manual',
        deliver: true,
        finishedAt: sentAt,
      },
      {
        organizationId: current,
        packId,
        period: LAST_CLOSED,
        status: 'held',
        trigger: 'manual',
        deliver: true,
        message: reportPackMessages.tieOutDifference,
        finishedAt: new Date(),
      },
    ]);
    const client = named((await portfolio()).data.organizations, current);
    expect(client.lastPackSentAt).toBe(sentAt.toISOString());
    expect(client.flags).toEqual(['tieOutDifference']);
    expect((await portfolio('&flag=tieOutDifference')).data.organizations.map((o) => o.id)).toEqual([current]);
  });

  it('follows a journal posted in the Studio: the next read shows it', async () => {
    const before = named((await portfolio()).data.organizations, current);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/crud/${current}/journals`,
      headers: bearer(userToken),
      payload: {
        journal_id: 'LATE-SALE',
        lines: [
          {
            line_no: 1,
            posting_date: `${LAST_CLOSED}-20`,
            period: LAST_CLOSED,
            account_code: '1100',
            debit: '1234.56',
            credit: '0',
          },
          {
            line_no: 2,
            posting_date: `${LAST_CLOSED}-20`,
            period: LAST_CLOSED,
            account_code: '4000',
            debit: '0',
            credit: '1234.56',
          },
        ],
      },
    });
    expect(posted.statusCode).toBe(201);
    const after = named((await portfolio()).data.organizations, current);
    expect(Math.round((after.revenueLatestMonth! - before.revenueLatestMonth!) * 100)).toBe(123_456);
    expect(Math.round((after.netIncomeYtd! - before.netIncomeYtd!) * 100)).toBe(123_456);
    const yearToDate = (await get(`/api/v1/reports/${current}/profit-and-loss`)).body.data as Report;
    expect(after.revenueYtd).toBe(yearToDate.totals.revenue);
  });

  it('follows a pipeline run and its undo', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organization/add',
      headers: bearer(adminToken),
      payload: {
        organizationName: `${prefix} Loaded`,
        organizationEmail: 'finance@loaded.example',
        organizationPhoneNumber: '5551234567',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const loaded = created.json().data.createdOrganization.id as string;
    const upload = async (typeName: string, rows: (string | null)[][]) => {
      const [type] = await t.database.db
        .select({ id: dataTypes.id })
        .from(dataTypes)
        .where(and(eq(dataTypes.organizationId, loaded), eq(dataTypes.name, typeName)));
      const [file] = await t.database.db
        .insert(uploadedFiles)
        .values({
          organizationId: loaded,
          dataTypeId: type!.id,
          name: `${typeName}.csv`,
          size: 100,
          sha256: randomBytes(32).toString('hex'),
          rows: rows.length,
          storageKey: `files/${randomUUID()}`,
          encryption: {},
        })
        .returning();
      fileRows.set(file!.id, rows);
    };
    const run = async () => {
      const queued = await t.app.inject({
        method: 'POST',
        url: `/api/v1/pipeline/run-pipeline/${loaded}`,
        headers: bearer(adminToken),
      });
      expect(queued.statusCode, queued.body).toBe(200);
      await jobs.drain();
      await t.app.services.portfolioSummaries.idle();
      return queued.json().data.runIds.at(-1) as string;
    };
    await upload('Chart of Accounts', [
      ['1000', 'Cash', 'asset', 'cash', null, 'true'],
      ['4000', 'Sales', 'revenue', 'sales', null, 'true'],
    ]);
    await run();
    const line = (lineNo: number, account: string, debit: string, credit: string) => [
      'SALE-1',
      String(lineNo),
      `${LAST_CLOSED}-10`,
      LAST_CLOSED,
      account,
      'Sale',
      debit,
      credit,
      null,
      null,
      null,
      null,
      null,
    ];
    await upload('GL Detail', [line(1, '1000', '2500.75', '0'), line(2, '4000', '0', '2500.75')]);
    const runId = await run();
    expect(named((await portfolio()).data.organizations, loaded)).toMatchObject({
      latestPeriod: LAST_CLOSED,
      revenueLatestMonth: 2500.75,
      cashLatest: 2500.75,
      lastRun: { status: 'succeeded' },
      flags: [],
    });

    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/v1/pipeline/runs/${runId}/undo`,
      headers: bearer(adminToken),
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(named((await portfolio()).data.organizations, loaded)).toMatchObject({
      latestPeriod: null,
      revenueLatestMonth: null,
      flags: ['noData'],
    });
  });

  it('follows a change of the fiscal year start: year to date as the statements then read it', async () => {
    const fiscal = (await createOrganization(t.database, { name: `${prefix} Fiscal` })).id;
    await seedBooks(fiscal, monthsBetween(addMonths(LAST_CLOSED, -14), LAST_CLOSED), 1);
    await t.app.services.portfolioSummaries.idle();
    const before = named((await portfolio()).data.organizations, fiscal);
    // The fiscal year starts with the last closed month: its year to date is that month alone.
    const fields = {
      organizationName: `${prefix} Fiscal`,
      organizationEmail: 'finance@fiscal.example',
      organizationPhoneNumber: '(555) 123-4567',
      fiscalYearStartMonth: String(Number(LAST_CLOSED.slice(5))),
    };
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/organization/${fiscal}`,
      headers: bearer(adminToken),
      payload: body,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = named((await portfolio()).data.organizations, fiscal);
    expect(after.revenueYtd).toBe(after.revenueLatestMonth);
    expect(after.revenueYtd).not.toBe(before.revenueYtd);
    const yearToDate = (await get(`/api/v1/reports/${fiscal}/profit-and-loss`)).body.data as Report;
    expect(after.revenueYtd).toBe(yearToDate.totals.revenue);
  });
});
