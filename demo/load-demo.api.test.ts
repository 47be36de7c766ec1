import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../apps/server/test/build-app.ts';
import { loadDemo, DEMO_USER } from './load-demo.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const today = new Date('2026-11-21T12:00:00Z');

describe('npm run demo on a fresh platform', () => {
  let testApp: TestApp;
  let organizationId: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    organizationId = (await loadDemo(testApp.app, { today })).organizationId;
  }, 120_000);
  afterAll(() => testApp?.close());

  it('loads books whose views show revenue every month and a balance sheet that balances', async () => {
    const { warehouse } = testApp.app.services;
    const profit = await warehouse.withOrganization(organizationId, async (tx) =>
      rowsOf<{ period: string; revenue: string }>(
        await tx.execute(sql`select period, sum(amount) filter (where account_type = 'revenue') as revenue
          from vw_profit_and_loss group by period order by period`),
      ),
    );
    expect(profit).toHaveLength(24);
    expect(profit.every((row) => Number(row.revenue) > 1_000_000)).toBe(true);
    const balance = await warehouse.withOrganization(organizationId, async (tx) =>
      rowsOf<{ period: string; assets: string; claims: string }>(
        await tx.execute(sql`select period, sum(balance) filter (where section = 'asset') as assets,
            sum(balance) filter (where section <> 'asset') as claims
          from vw_balance_sheet group by period`),
      ),
    );
    expect(balance).toHaveLength(24);
    for (const row of balance) {
      expect(Number(row.assets)).toBeGreaterThan(0);
      expect(row.assets).toBe(row.claims);
    }
  });

  it('signs the demo user in with the printed password, without a forced change', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: { user: { role: 'user', organization_id: organizationId, mustChangePassword: false } },
    });
  });

  it('replaces the data on a second run instead of adding to it, keeping one organization and user', async () => {
    const again = await loadDemo(testApp.app, { today });
    expect(again).toMatchObject({
      organizationId,
      organizationCreated: false,
      userCreated: false,
      userElsewhere: false,
    });
    const [counts] = await testApp.app.services.warehouse.withOrganization(organizationId, async (tx) =>
      rowsOf<{ gl: number; periods: number }>(
        await tx.execute(sql`select (select count(*)::int from "02_GL_Detail") as gl,
          (select count(*)::int from "00_Period") as periods`),
      ),
    );
    expect(counts).toEqual({ gl: again.counts.find(([table]) => table === '02_GL_Detail')![1], periods: 24 });
    const [users] = rowsOf<{ n: number }>(
      await testApp.database.db.execute(sql`select count(*)::int as n from users where email = ${DEMO_USER.email}`),
    );
    expect(users!.n).toBe(1);
    // A second full load of 52,000 GL lines (the first one has its 120 s in beforeAll).
  }, 120_000);
});
