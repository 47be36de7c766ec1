import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages as m } from '@finboard/shared/chat';
import { consolidationMessages, type ConsolidationGroup } from '@finboard/shared/consolidation';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { EXPECTED } from '../../../test/consolidation-group.ts';
import { groupInput, seedGroupOrganizations } from '../../../test/consolidation-group-app.ts';
import { bearer, createUser, login } from '../../../test/factories.ts';

/**
 * Chat DB asked of a consolidation group (the hand-made group of test/consolidation-group.ts, January–February
 * 2026): the consolidated figures the statements show, in the reporting currency; a member's own lines asked
 * back; the conversation kept with the group; only the parent's users and administrators may ask.
 */
let t: TestApp;
let adminToken: string;
let parentUserToken: string;
let subsidiaryUserToken: string;
let group: ConsolidationGroup;
const suffix = randomBytes(3).toString('hex');
const named = (name: string) => `${name} ${suffix}`;
let ids: { holding: string; euro: string; uk: string };

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedGroupOrganizations(t, named);
  adminToken = await login(t.app, TEST_ADMIN);
  parentUserToken = await login(t.app, await createUser(t.database, { organizationId: ids.holding }));
  subsidiaryUserToken = await login(t.app, await createUser(t.database, { organizationId: ids.euro }));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/consolidation-groups',
    headers: bearer(adminToken),
    payload: groupInput(`Chat group ${suffix}`, ids),
  });
  expect(created.statusCode, created.body).toBe(200);
  group = created.json().data.group;
});
afterAll(() => t?.close());

const ask = (question: string, extra: Record<string, unknown> = {}, token = parentUserToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/chat/ask',
    headers: bearer(token),
    payload: { question, groupId: group.id, ...extra },
  });

describe('Chat DB of a consolidation group', () => {
  it("answers the group's revenue, net income and cash as its consolidated statements show them", async () => {
    const revenue = await ask('What was revenue this year?');
    expect(revenue.statusCode, revenue.body).toBe(200);
    expect(revenue.json().data.result).toEqual([{ revenue: EXPECTED.profitAndLoss.revenue }]);
    expect(revenue.json().data.understood).toBe(true);

    const netIncome = (await ask('Net income this year')).json().data;
    expect(netIncome.result).toEqual([{ net_income: EXPECTED.profitAndLoss.netIncome }]);
    const operating = (await ask('Operating expenses this year')).json().data;
    expect(operating.result).toEqual([{ operating_expenses: EXPECTED.profitAndLoss.operatingExpenses }]);
    const cash = (await ask('What is our cash balance?')).json().data;
    expect(cash.result).toEqual([{ closing_cash: EXPECTED.balanceSheet.cash }]);
  });

  it('breaks the group down by month and by account, eliminations taken out', async () => {
    const byMonth = (await ask('Net income by month this year')).json().data;
    const months = byMonth.result as { period: string; net_income: number }[];
    expect(months.map((row) => row.period)).toEqual(['2026-01', '2026-02']);
    expect(months.reduce((sum, row) => sum + row.net_income * 100, 0) / 100).toBe(EXPECTED.profitAndLoss.netIncome);

    const accounts = (await ask('Revenue by account this year')).json().data;
    const codes = (accounts.result as { account_code: string }[]).map((row) => row.account_code);
    // The fees, interest and dividend between members are eliminated: only sales remain.
    expect(codes).toEqual(['4000']);
  });

  it("asks back what is in a member's own lines: departments, counterparties, budgets", async () => {
    const department = (await ask('Revenue by department this year')).json().data;
    expect(department).toMatchObject({ understood: false, sql: null, result: [] });
    expect(department.response).toBe(m.groupLines('departments'));
    const budget = (await ask('Revenue this year vs budget')).json().data;
    expect(budget.response).toBe(m.groupLines('budgets'));
    const customers = (await ask('Top 5 customers by revenue this year')).json().data;
    expect(customers.response).toBe(m.groupLines('customers, suppliers and other counterparties'));
  });

  it("keeps the conversation with the group, apart from the parent's own, with follow-ups", async () => {
    const first = (await ask('What was revenue this year?')).json().data;
    const followed = (await ask('What about by month?', { conversationId: first.conversationId })).json().data;
    expect((followed.result as { period: string }[]).map((row) => row.period)).toEqual(['2026-01', '2026-02']);

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chat/history?groupId=${group.id}&conversationId=${first.conversationId}`,
      headers: bearer(parentUserToken),
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.messages.map((message: { text: string }) => message.text)).toEqual([
      'What was revenue this year?',
      first.response,
      'What about by month?',
      followed.response,
    ]);
    // The parent organization's own Chat DB does not see the group's conversations.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/history',
      headers: bearer(parentUserToken),
    });
    expect(own.json().data).toEqual({ conversationId: null, messages: [] });

    const suggestions = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chat/suggestions?groupId=${group.id}`,
      headers: bearer(parentUserToken),
    });
    expect(suggestions.json().data.questions).toContain('Net income by month this year');

    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/clear',
      headers: bearer(parentUserToken),
      payload: { groupId: group.id },
    });
    expect(cleared.json().data.deleted).toBeGreaterThanOrEqual(4);
  });

  it('answers an administrator who names the group alone', async () => {
    const response = await ask('Net income this year', {}, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.result).toEqual([{ net_income: EXPECTED.profitAndLoss.netIncome }]);
  });

  it("tells another member's user, and an administrator naming another organization, that there is no such group", async () => {
    for (const [token, extra] of [
      [subsidiaryUserToken, {}],
      [adminToken, { organizationId: ids.euro }],
    ] as const) {
      const response = await ask('Net income this year', extra, token);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(consolidationMessages.notFound);
    }
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chat/history?groupId=${group.id}`,
      headers: bearer(subsidiaryUserToken),
    });
    expect(history.statusCode).toBe(404);
    const unknown = await ask('Net income this year', { groupId: '00000000-0000-4000-8000-000000000000' }, adminToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(consolidationMessages.notFound);
  });

  it('names the exchange rates a group lacks, as its statements do, and keeps nothing', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/consolidation-groups',
      headers: bearer(adminToken),
      payload: { ...groupInput(`Swiss group ${suffix}`, ids), reportingCurrency: 'CHF' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const swiss: ConsolidationGroup = created.json().data.group;
    const response = await ask('Net income this year', { groupId: swiss.id });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'Exchange rates missing: EUR→CHF 2025-12 (closing), EUR→CHF 2026-01 (average), EUR→CHF 2026-01 (closing), ' +
        'EUR→CHF 2026-02 (average), EUR→CHF 2026-02 (closing), GBP→CHF 2026-01 (average), GBP→CHF 2026-01 (closing), ' +
        'GBP→CHF 2026-02 (average), GBP→CHF 2026-02 (closing), USD→CHF 2026-01 (average), USD→CHF 2026-01 (closing), ' +
        'USD→CHF 2026-02 (average) and 1 more. Enter them on the Exchange Rates page.',
    );
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chat/history?groupId=${swiss.id}`,
      headers: bearer(parentUserToken),
    });
    expect(history.json().data).toEqual({ conversationId: null, messages: [] });
  });
});
