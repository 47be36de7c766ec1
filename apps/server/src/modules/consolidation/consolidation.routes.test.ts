import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consolidationMessages as m,
  type ConsolidatedReport,
  type ConsolidationGroup,
} from '@finboard/shared/consolidation';
import { reportPackMessages } from '@finboard/shared/report-packs';
import { consolidationGroupMembers, consolidationGroups } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { EXPECTED, GROUP_RULES, MEMBER_NAMES } from '../../../test/consolidation-group.ts';
import { groupInput, seedGroupOrganizations } from '../../../test/consolidation-group-app.ts';
import { bearer, createUser, login } from '../../../test/factories.ts';

/**
 * Consolidation groups through the API on the hand-made group (test/consolidation-group.ts) loaded into three
 * warehouses: the consolidated P&L and balance sheet equal the figures computed by hand, the balance sheet balances
 * at every month end, a missing rate is named; who may read a group; bad input changes nothing.
 */
let t: TestApp;
let adminToken: string;
let parentUserToken: string;
let subsidiaryUserToken: string;
const suffix = randomBytes(3).toString('hex');
const named = (name: string) => `${name} ${suffix}`;
const ids = { holding: '', euro: '', uk: '' };

beforeAll(async () => {
  t = await buildTestApp();
  Object.assign(ids, await seedGroupOrganizations(t, named));
  adminToken = await login(t.app, TEST_ADMIN);
  parentUserToken = await login(t.app, await createUser(t.database, { organizationId: ids.holding }));
  subsidiaryUserToken = await login(t.app, await createUser(t.database, { organizationId: ids.euro }));
});
afterAll(() => t?.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
}

const body = () => groupInput(`Holding group ${suffix}`, ids);

async function newGroup(overrides: object = {}): Promise<ConsolidationGroup> {
  const response = await call('POST', '/api/v1/consolidation-groups', { ...body(), ...overrides });
  expect(response.statusCode).toBe(200);
  return response.json().data.group;
}

async function reportOf(group: ConsolidationGroup, template: string, token = adminToken): Promise<ConsolidatedReport> {
  const response = await call(
    'GET',
    `/api/v1/consolidation-groups/${group.id}/reports/${template}?from=2026-01&to=2026-02`,
    undefined,
    token,
  );
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe('consolidation groups', () => {
  it('creates, reads, changes and deletes a group, with its members named and their currencies', async () => {
    const group = await newGroup({ name: `Created ${suffix}` });
    expect(group).toMatchObject({
      name: `Created ${suffix}`,
      reportingCurrency: 'USD',
      parentOrganizationId: ids.holding,
      parentOrganizationName: named(MEMBER_NAMES.holding),
      eliminationRules: GROUP_RULES,
    });
    expect(group.members).toEqual([
      {
        organizationId: ids.holding,
        organizationName: named('Holding'),
        baseCurrency: 'USD',
        entity: null,
        ownershipPct: 100,
        joinedPeriod: '2026-01',
      },
      {
        organizationId: ids.euro,
        organizationName: named('EuroSub'),
        baseCurrency: 'EUR',
        entity: null,
        ownershipPct: 80,
        joinedPeriod: '2026-01',
      },
      {
        organizationId: ids.uk,
        organizationName: named('UKSub'),
        baseCurrency: 'GBP',
        entity: null,
        ownershipPct: 100,
        joinedPeriod: '2026-01',
      },
    ]);

    const changed = await call('PUT', `/api/v1/consolidation-groups/${group.id}`, {
      ...body(),
      name: `Changed ${suffix}`,
      members: [{ organizationId: ids.holding, ownershipPct: 100, joinedPeriod: '2026-01' }],
      eliminationRules: [],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      status: true,
      message: m.updated,
      data: { group: { name: `Changed ${suffix}`, eliminationRules: [] } },
    });
    expect(
      await t.database.db
        .select()
        .from(consolidationGroupMembers)
        .where(eq(consolidationGroupMembers.groupId, group.id)),
    ).toHaveLength(1);

    const list = await call('GET', '/api/v1/consolidation-groups');
    expect(list.json().data.groups.map((g: ConsolidationGroup) => g.id)).toContain(group.id);

    const deleted = await call('DELETE', `/api/v1/consolidation-groups/${group.id}`);
    expect(deleted.json()).toEqual({ status: true, message: m.deleted });
    expect(await t.database.db.select().from(consolidationGroups).where(eq(consolidationGroups.id, group.id))).toEqual(
      [],
    );
    expect((await call('GET', `/api/v1/consolidation-groups/${group.id}`)).statusCode).toBe(404);
  });

  it('refuses bad groups with the exact message and stores nothing', async () => {
    const before = await t.database.db.select().from(consolidationGroups);
    const cases: [object, number, string][] = [
      [{ name: '' }, 400, m.nameRequired],
      [{ reportingCurrency: 'XYZ' }, 400, m.currencyInvalid],
      [{ members: [] }, 400, m.membersRequired],
      [{ members: [{ organizationId: ids.euro, ownershipPct: 80, joinedPeriod: '2026-01' }] }, 400, m.parentNotMember],
      [
        { members: [{ organizationId: ids.holding, ownershipPct: 0, joinedPeriod: '2026-01' }] },
        400,
        m.ownershipInvalid,
      ],
      [
        { members: [{ organizationId: ids.holding, ownershipPct: 100.5, joinedPeriod: '2026-01' }] },
        400,
        m.ownershipInvalid,
      ],
      [
        { members: [{ organizationId: ids.holding, ownershipPct: 100, joinedPeriod: '2026-13' }] },
        400,
        m.joinedPeriodInvalid,
      ],
      [
        {
          members: [
            { organizationId: ids.holding, ownershipPct: 100, joinedPeriod: '2026-01' },
            { organizationId: ids.holding, ownershipPct: 100, joinedPeriod: '2026-02' },
          ],
        },
        400,
        m.memberTwice,
      ],
      [
        {
          members: [
            { organizationId: ids.holding, ownershipPct: 100, joinedPeriod: '2026-01' },
            { organizationId: '00000000-0000-4000-8000-000000000000', ownershipPct: 100, joinedPeriod: '2026-01' },
          ],
        },
        400,
        m.memberUnknown.replace('{name}', '00000000-0000-4000-8000-000000000000'),
      ],
      [{ eliminationRules: [{ name: 'Loan', accountA: '', accountB: '2300' }] }, 400, m.ruleAccountRequired],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await call('POST', '/api/v1/consolidation-groups', {
        ...body(),
        name: `Bad ${suffix}`,
        ...overrides,
      });
      expect([response.statusCode, response.json().message]).toEqual([status, message]);
    }
    await newGroup({ name: `Taken ${suffix}` });
    const taken = await call('POST', '/api/v1/consolidation-groups', { ...body(), name: `taken ${suffix}` });
    expect([taken.statusCode, taken.json().message]).toEqual([409, m.nameTaken]);
    expect(await t.database.db.select().from(consolidationGroups)).toHaveLength(before.length + 1);
  });

  it('lets administrators alone keep groups', async () => {
    for (const token of [parentUserToken, subsidiaryUserToken]) {
      expect((await call('GET', '/api/v1/consolidation-groups', undefined, token)).statusCode).toBe(403);
      expect((await call('POST', '/api/v1/consolidation-groups', body(), token)).statusCode).toBe(403);
    }
  });
});

describe('consolidated statements of the hand-made group', () => {
  let group: ConsolidationGroup;
  beforeAll(async () => {
    group = await newGroup();
  });

  it('the P&L equals the figures computed by hand', async () => {
    const report = await reportOf(group, 'profit-and-loss');
    expect(report).toMatchObject({
      template: 'profit-and-loss',
      groupId: group.id,
      currency: 'USD',
      from: '2026-01',
      to: '2026-02',
    });
    expect(report.totals).toMatchObject(EXPECTED.profitAndLoss);
    expect(report.sections.map((section) => section.key)).toEqual(['profitAndLoss', 'worksheet']);
  });

  it('the balance sheet equals the figures computed by hand and balances at every month end', async () => {
    const report = await reportOf(group, 'balance-sheet');
    expect(report.totals).toMatchObject({
      totalAssets: EXPECTED.balanceSheet.totalAssets,
      totalLiabilities: EXPECTED.balanceSheet.totalLiabilities,
      totalEquity: EXPECTED.balanceSheet.totalEquity,
      nonControllingInterest: EXPECTED.balanceSheet.nonControllingInterest,
      translationAdjustment: EXPECTED.balanceSheet.translationAdjustment,
      unmatchedIntercompany: EXPECTED.balanceSheet.unmatchedIntercompany,
    });
    const series = (key: string) => report.series.find((s) => s.key === key)!.points.map((point) => point.value!);
    const assets = series('assets');
    const liabilitiesAndEquity = series('liabilities').map((value, index) =>
      Math.round((value + series('equity')[index]!) * 100),
    );
    expect(assets.map((value) => Math.round(value * 100))).toEqual(liabilitiesAndEquity);
    expect(report.unmatched).toEqual([
      { ...EXPECTED.unmatched, memberA: named(EXPECTED.unmatched.memberA), memberB: named(EXPECTED.unmatched.memberB) },
    ]);
  });

  it('the parent’s users read the group’s statements; a subsidiary’s users learn nothing of it', async () => {
    const report = await reportOf(group, 'profit-and-loss', parentUserToken);
    expect(report.totals.netIncome).toBe(EXPECTED.profitAndLoss.netIncome);
    const refused = await call(
      'GET',
      `/api/v1/consolidation-groups/${group.id}/reports/profit-and-loss`,
      undefined,
      subsidiaryUserToken,
    );
    expect([refused.statusCode, refused.json()]).toEqual([404, { status: false, message: m.notFound }]);
  });

  it('names a missing rate instead of assuming one', async () => {
    const response = await call(
      'GET',
      `/api/v1/consolidation-groups/${group.id}/reports/balance-sheet?from=2026-03&to=2026-03`,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'Exchange rates missing: EUR→USD 2026-03 (closing), GBP→USD 2026-03 (closing). Enter them on the Exchange Rates page.',
    );
  });

  it('lists the groups an organization is the parent of to its users', async () => {
    const listed = await call(
      'GET',
      `/api/v1/consolidation-groups/of-organization/${ids.holding}`,
      undefined,
      parentUserToken,
    );
    expect(listed.json().data.groups).toContainEqual({ id: group.id, name: group.name, reportingCurrency: 'USD' });
    const none = await call(
      'GET',
      `/api/v1/consolidation-groups/of-organization/${ids.euro}`,
      undefined,
      subsidiaryUserToken,
    );
    expect(none.json().data.groups).toEqual([]);
  });

  it('answers 404 for a template a group does not have', async () => {
    const response = await call('GET', `/api/v1/consolidation-groups/${group.id}/reports/budget-vs-actual`);
    expect([response.statusCode, response.json().message]).toEqual([404, m.templateUnknown]);
  });

  it('the parent’s report pack shows the consolidated balance sheet; another organization’s pack cannot name the group', async () => {
    const page = { kind: 'statement', template: 'balance-sheet', options: { groupId: group.id, compare: [] } };
    const created = await call('POST', `/api/v1/report-packs/${ids.holding}`, {
      name: `Group pack ${suffix}`,
      pages: [page],
    });
    expect(created.statusCode).toBe(201);
    const pack = created.json().data.pack;
    const preview = await call('POST', `/api/v1/report-packs/${ids.holding}/${pack.id}/preview`, { period: '2026-02' });
    expect(preview.statusCode).toBe(200);
    const [statement] = preview.json().data.document.pages;
    expect(statement).toMatchObject({ kind: 'statement', title: 'Balance Sheet (consolidated)', units: 'USD' });
    const sheet = (await reportOf(group, 'balance-sheet')).sections[0]!;
    expect(statement.sections[0].rows.find((row: { key: string }) => row.key === 'equity:total').values.current).toBe(
      sheet.rows.find((row) => row.key === 'equity:total')!.values.current,
    );

    const refused = await call('POST', `/api/v1/report-packs/${ids.euro}`, {
      name: `Other pack ${suffix}`,
      pages: [page],
    });
    expect([refused.statusCode, refused.json().message]).toEqual([400, reportPackMessages.groupInvalid]);
    const template = await call('POST', '/api/v1/report-pack-templates', {
      name: `Group template ${suffix}`,
      pages: [page],
    });
    expect([template.statusCode, template.json().message]).toEqual([400, reportPackMessages.groupInvalid]);
  });
});
