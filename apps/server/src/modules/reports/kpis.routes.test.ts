import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { KPI_KEYS, reportMessages, type Kpi, type Kpis } from '@finboard/shared/reports';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, login } from '../../../test/factories.ts';
import { seedWarehouse, type PeriodRow } from '../../../test/warehouse-books.ts';

/**
 * `GET /api/v1/reports/{organizationId}/kpis` (issue 25 §3) on a small ledger loaded into the warehouse: the
 * sixteen KPIs, a few of them to the cent, the range settled as a statement's, and refusals of bad input.
 */
let t: TestApp;
let org: string;
let user: string;
let admin: string;

const PERIODS: PeriodRow[] = [
  ['2025-12', '2025-12-01', '2025-12-31', 2025, 12],
  ['2026-01', '2026-01-01', '2026-01-31', 2026, 1],
  ['2026-02', '2026-02-01', '2026-02-28', 2026, 2],
  ['2026-03', '2026-03-01', '2026-03-31', 2026, 3],
];
const GL_COLUMNS = ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit', 'entity'];

beforeAll(async () => {
  t = await buildTestApp();
  org = (await createOrganization(t.database, { baseCurrency: 'EUR' })).id;
  await seedWarehouse(t.app.services.warehouse, org, {
    periods: PERIODS,
    accounts: [
      ['1000', 'Bank', 'asset', 'cash'],
      ['1100', 'Receivables', 'asset', 'receivable'],
      ['2000', 'Payables', 'liability', 'payable'],
      ['3000', 'Capital', 'equity', 'share_capital'],
      ['4000', 'Sales', 'revenue', 'sales'],
      ['5000', 'Goods', 'expense', 'cost_of_sales'],
      ['6000', 'Rent', 'expense', 'operating_expense'],
    ],
    gl: {
      columns: GL_COLUMNS,
      rows: [
        ['J1', 1, '2025-12-01', '2025-12', '1000', '10000.00', '0', 'HQ'],
        ['J1', 2, '2025-12-01', '2025-12', '3000', '0', '10000.00', 'HQ'],
        ['J2', 1, '2026-01-15', '2026-01', '1100', '3000.00', '0', 'HQ'],
        ['J2', 2, '2026-01-15', '2026-01', '4000', '0', '3000.00', 'HQ'],
        ['J3', 1, '2026-02-10', '2026-02', '1100', '5000.00', '0', 'HQ'],
        ['J3', 2, '2026-02-10', '2026-02', '4000', '0', '5000.00', 'HQ'],
        ['J4', 1, '2026-02-12', '2026-02', '5000', '2000.00', '0', 'HQ'],
        ['J4', 2, '2026-02-12', '2026-02', '2000', '0', '2000.00', 'HQ'],
        ['J5', 1, '2026-03-01', '2026-03', '6000', '1000.00', '0', 'Branch'],
        ['J5', 2, '2026-03-01', '2026-03', '1000', '0', '1000.00', 'Branch'],
      ],
    },
  });
  user = await login(t.app, await createUser(t.database, { organizationId: org }));
  admin = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

async function get(path: string, token = user) {
  const response = await t.app.inject({ method: 'GET', url: path, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() };
}
const byKey = (data: Kpis) => Object.fromEntries(data.kpis.map((kpi) => [kpi.key, kpi])) as Record<string, Kpi>;

describe('GET /api/v1/reports/{organizationId}/kpis', () => {
  it('answers the sixteen KPIs of the range beside the previous period and the prior year', async () => {
    const { status, body } = await get(`/api/v1/reports/${org}/kpis?from=2026-02&to=2026-03`);

    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.status).toBe(true);
    expect(body.message).toBe(reportMessages.kpisFetched);
    const data = body.data as Kpis;
    expect(data).toMatchObject({
      from: '2026-02',
      to: '2026-03',
      asOf: '2026-03-31',
      entity: null,
      department: null,
      currency: 'EUR',
      previous: { from: '2025-12', to: '2026-01' },
      priorYear: { from: '2025-02', to: '2025-03' },
    });
    expect(data.kpis.map((kpi) => kpi.key)).toEqual([...KPI_KEYS]);
    const kpis = byKey(data);
    // Feb–Mar 2026 (59 days): revenue 5,000 against 3,000 in Dec–Jan; cost of sales 2,000, rent 1,000; at the
    // end of Mar bank 9,000, receivables 8,000, payables 2,000; cash 10,000 at the end of Jan.
    expect(kpis.revenueGrowth).toMatchObject({ value: 66.67, unit: 'percent', changeKind: 'points' });
    expect(kpis.grossMargin).toMatchObject({ value: 60, previous: 100, change: -40, priorYear: null });
    expect(kpis.ebitdaMargin!.value).toBe(40); // (5,000 − 2,000 − 1,000) / 5,000
    expect(kpis.currentRatio!.value).toBe(8.5); // (9,000 + 8,000) / 2,000
    expect(kpis.dso).toMatchObject({
      value: 94.4, // 8,000 / 5,000 × 59
      previous: 62, // 3,000 / 3,000 × 62
      change: 52.26, // 32.4 / 62
      unit: 'days',
      formula: 'Receivables at the end ÷ revenue of the range × days in the range',
    });
    expect(kpis.dpo!.value).toBe(59); // 2,000 / 2,000 × 59
    expect(kpis.dio!.value).toBe(0); // no inventory
    expect(kpis.cashConversionCycle!.value).toBe(35.4); // 94.4 + 0 − 59
    expect(kpis.debtToEquity!.value).toBe(0); // no debt over equity 10,000 + earnings 5,000
    expect(kpis.workingCapital!.value).toBe(15_000); // 17,000 − 2,000
    expect(kpis.monthlyBurn!.value).toBe(500); // (10,000 − 9,000) / 2
    expect(kpis.cashRunwayMonths!.value).toBe(18); // 9,000 / 500
  });

  it('settles a missing range to the fiscal year to date and keeps only the slice', async () => {
    const { status, body } = await get(`/api/v1/reports/${org}/kpis?entity=Branch`);

    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ from: '2026-01', to: '2026-03', entity: 'Branch' });
    // Branch only paid the rent in Mar: no revenue, a burn of 1,000 / 3 months, no cash left.
    const kpis = byKey(body.data);
    expect(kpis.netMargin!.value).toBeNull();
    expect(kpis.monthlyBurn!.value).toBe(333.33);
    expect(kpis.cashRunwayMonths!.value).toBe(0);
  });

  it('refuses a malformed period or a reversed range with 400, another organization with 403', async () => {
    const malformed = await get(`/api/v1/reports/${org}/kpis?from=2026-13`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(reportMessages.periodInvalid);

    expect(await get(`/api/v1/reports/${org}/kpis?from=2026-03&to=2026-01`)).toEqual({
      status: 400,
      body: {
        status: false,
        message: reportMessages.rangeInvalid,
        errors: [{ msg: reportMessages.rangeInvalid, path: 'from' }],
      },
    });
    const tooLong = await get(`/api/v1/reports/${org}/kpis?from=2010-01&to=2026-02`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(reportMessages.rangeTooLong);

    const other = await createOrganization(t.database);
    expect(await get(`/api/v1/reports/${other.id}/kpis`)).toEqual({
      status: 403,
      body: { status: false, message: messages.forbidden },
    });
    // An administrator may read any organization; one that does not exist answers 404.
    expect((await get(`/api/v1/reports/${randomUUID()}/kpis`, admin)).status).toBe(404);
  });
});
