import { and, count, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import type { Report } from '@finboard/shared/reports';
import {
  statementLayoutMessages as m,
  type SaveStatementLayout,
  type StatementLayout,
} from '@finboard/shared/statement-layouts';
import { rowsOf } from '../../db/client.ts';
import { auditEvents, statementLayouts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, login } from '../../../test/factories.ts';
import { seedWarehouse } from '../../../test/warehouse-books.ts';

/**
 * The statement layout through the API (issue 25 §1), on a real database: the default layout, a save that
 * moves accounts (01_Account follows, the statements follow, the audit trail has it), and saves refused
 * without a trace — a stale version, a layout that drops an account, another organization's user.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** An organization of its own with a month of books, and a user of it (named "Test User"). */
async function booksOrganization() {
  const organization = await createOrganization(t.database);
  const id = organization.id;
  const line = (journal: string, lineNo: number, account: string, debit: string, credit: string) => [
    journal,
    lineNo,
    '2026-01-15',
    '2026-01',
    account,
    debit,
    credit,
  ];
  await seedWarehouse(t.app.services.warehouse, id, {
    periods: [['2026-01', '2026-01-01', '2026-01-31', 2026, 1]],
    accounts: [
      ['1000', 'Bank', 'asset', 'cash'],
      ['1200', 'Receivables', 'asset', 'receivable'],
      ['4000', 'Sales', 'revenue', 'sales'],
      ['5000', 'Goods', 'expense', 'cost_of_sales'],
      ['6100', 'Freight', 'expense', 'operating_expense'],
      // An operating expense as stored, depreciation by its name.
      ['6800', 'Depreciation expense', 'expense', 'operating_expense'],
    ],
    gl: {
      columns: ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit'],
      rows: [
        line('J1', 1, '1000', '800.00', '0'),
        line('J1', 2, '1200', '200.00', '0'),
        line('J1', 3, '4000', '0', '1000.00'),
        line('J2', 1, '5000', '400.00', '0'),
        line('J2', 2, '1000', '0', '400.00'),
        line('J3', 1, '6100', '100.00', '0'),
        line('J3', 2, '1000', '0', '100.00'),
        line('J4', 1, '6800', '50.00', '0'),
        line('J4', 2, '1000', '0', '50.00'),
      ],
    },
  });
  const token = await login(t.app, await createUser(t.database, { organizationId: id }));
  return { id, token };
}

const call = async (token: string, options: InjectOptions, status = 200) => {
  const response = await t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};
const layoutOf = async (org: { id: string; token: string }): Promise<StatementLayout> =>
  (await call(org.token, { method: 'GET', url: `/api/v1/statement-layouts/${org.id}` })).data;
const save = (org: { id: string; token: string }, body: SaveStatementLayout, status = 200) =>
  call(org.token, { method: 'PUT', url: `/api/v1/statement-layouts/${org.id}`, payload: body }, status);
const profitAndLoss = async (org: { id: string; token: string }): Promise<Report> =>
  (await call(org.token, { method: 'GET', url: `/api/v1/reports/${org.id}/profit-and-loss?from=2026-01&to=2026-01` }))
    .data;
const balanceSheet = async (org: { id: string; token: string }): Promise<Report> =>
  (await call(org.token, { method: 'GET', url: `/api/v1/reports/${org.id}/balance-sheet?from=2026-01&to=2026-01` }))
    .data;

/** The body of a save of `layout` with some lines given other accounts (by `type:subtype`). */
const bodyOf = (layout: StatementLayout, change: Record<string, string[]> = {}, version = layout.version) => ({
  version,
  lines: layout.lines.map((line) => ({
    type: line.type,
    subtype: line.subtype as SaveStatementLayout['lines'][number]['subtype'],
    accounts: change[`${line.type}:${line.subtype ?? ''}`] ?? line.accounts.map((account) => account.code),
  })),
});
const placement = (layout: StatementLayout) =>
  Object.fromEntries(
    layout.lines
      .filter((line) => line.accounts.length > 0)
      .map((line) => [`${line.type}:${line.subtype ?? ''}`, line.accounts.map((account) => account.code)]),
  );
const accountKeys = (report: Report, prefix: string) =>
  report.sections
    .flatMap((section) => section.rows.map((row) => row.key))
    .filter((key) => key.startsWith(`${prefix}:account:`));

/** What a refused save must leave as it was: the accounts' subtypes, the stored layout, the audit trail. */
async function stored(organizationId: string) {
  const accounts = await t.app.services.warehouse.withOrganization(organizationId, async (tx) =>
    rowsOf<{ code: string; subtype: string }>(
      await tx.execute(sql`select account_code as code, account_subtype as subtype from "01_Account" order by 1`),
    ),
  );
  const [layout] = await t.database.db
    .select()
    .from(statementLayouts)
    .where(eq(statementLayouts.organizationId, organizationId));
  const [events] = await t.database.db
    .select({ n: count() })
    .from(auditEvents)
    .where(eq(auditEvents.organizationId, organizationId));
  return { accounts: Object.fromEntries(accounts.map((row) => [row.code, row.subtype])), layout, events: events!.n };
}

describe('the statement layout API', () => {
  it('answers the default layout, version 0: every line of every type, empty ones too', async () => {
    const org = await booksOrganization();
    const body = await call(org.token, { method: 'GET', url: `/api/v1/statement-layouts/${org.id}` });
    expect(body).toMatchObject({
      status: true,
      message: m.fetched,
      data: { version: 0, updatedAt: null, updatedBy: null },
    });
    const layout: StatementLayout = body.data;
    expect(layout.lines).toHaveLength(31);
    expect(placement(layout)).toEqual({
      'asset:cash': ['1000'],
      'asset:receivable': ['1200'],
      'revenue:sales': ['4000'],
      'expense:cost_of_sales': ['5000'],
      'expense:operating_expense': ['6100'],
      'expense:depreciation_amortization': ['6800'],
    });
    expect(layout.lines.find((line) => line.subtype === 'inventory')).toEqual({
      type: 'asset',
      subtype: 'inventory',
      label: 'Inventory',
      accounts: [],
    });
  });

  it('moves an account: 01_Account holds its new subtype, the statements show it there, the audit trail has version 1', async () => {
    const org = await booksOrganization();
    const before = await profitAndLoss(org);
    const layout = await layoutOf(org);
    const answer = await save(
      org,
      bodyOf(layout, {
        'expense:cost_of_sales': ['6100', '5000'],
        'expense:operating_expense': [],
        'asset:receivable': [],
        'asset:other_non_current_asset': ['1200'],
      }),
    );
    expect(answer).toMatchObject({ status: true, message: m.saved, data: { version: 1, updatedBy: 'Test User' } });
    expect(placement(answer.data)).toMatchObject({
      'expense:cost_of_sales': ['6100', '5000'],
      'asset:other_non_current_asset': ['1200'],
    });
    expect(await layoutOf(org)).toEqual(answer.data);

    // Chat DB reads 01_Account: the moves are there, as the user's Studio edits with their row history.
    expect((await stored(org.id)).accounts).toMatchObject({
      '6100': 'cost_of_sales',
      '1200': 'other_non_current_asset',
    });
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, org.id))
      .orderBy(auditEvents.createdAt, auditEvents.action);
    expect(events.map((event) => event.action).sort()).toEqual([
      'statement_layout.updated',
      'warehouse_row.updated',
      'warehouse_row.updated',
    ]);
    const layoutEvent = events.find((event) => event.action === 'statement_layout.updated')!;
    expect(layoutEvent).toMatchObject({ entityType: 'statement_layout', entityId: org.id });
    expect(layoutEvent.before).toEqual({ version: 0, lines: {}, accountOrder: [] });
    expect(layoutEvent.after).toMatchObject({
      version: 1,
      lines: { '6100': 'cost_of_sales', '1200': 'other_non_current_asset' },
      moves: [
        { code: '1200', from: 'receivable', to: 'other_non_current_asset' },
        { code: '6100', from: 'operating_expense', to: 'cost_of_sales' },
      ],
    });

    // The P&L: freight under cost of sales, first; gross profit down by its 100.00, net income as it was.
    const after = await profitAndLoss(org);
    expect(accountKeys(after, 'costOfSales')).toEqual(['costOfSales:account:6100', 'costOfSales:account:5000']);
    expect(accountKeys(after, 'operatingExpenses')).toEqual([]);
    expect(after.totals).toMatchObject({
      costOfSales: 500,
      grossProfit: before.totals.grossProfit! - 100,
      netIncome: before.totals.netIncome,
    });
    // The balance sheet: receivables among the non-current assets; total assets as they were.
    const sheet = await balanceSheet(org);
    expect(accountKeys(sheet, 'nonCurrentAssets')).toEqual(['nonCurrentAssets:account:1200']);
    expect(sheet.totals).toMatchObject({ nonCurrentAssets: 200, currentAssets: 250, totalAssets: 450 });
  });

  it('keeps depreciation where a person put it, against its name, without changing 01_Account', async () => {
    const org = await booksOrganization();
    const layout = await layoutOf(org);
    await save(
      org,
      bodyOf(layout, { 'expense:operating_expense': ['6100', '6800'], 'expense:depreciation_amortization': [] }),
    );
    expect((await stored(org.id)).accounts['6800']).toBe('operating_expense');
    const report = await profitAndLoss(org);
    expect(report.totals).toMatchObject({ operatingExpenses: 150, depreciationAmortization: 0, ebitda: 450 });
    expect(accountKeys(report, 'operatingExpenses')).toEqual([
      'operatingExpenses:account:6100',
      'operatingExpenses:account:6800',
    ]);
  });

  it('refuses a save read at an older version with 409 and changes nothing', async () => {
    const org = await booksOrganization();
    const read = await layoutOf(org);
    await save(org, bodyOf(read));
    const before = await stored(org.id);
    const stale = await save(
      org,
      bodyOf(read, { 'expense:cost_of_sales': ['5000', '6100'], 'expense:operating_expense': [] }),
      409,
    );
    expect(stale).toEqual({ status: false, message: m.versionStale });
    expect(await stored(org.id)).toEqual(before);
    expect(before.layout?.version).toBe(1);
  });

  it('lets one of two saves of the same version through; the other gets 409 and none of its moves', async () => {
    const org = await booksOrganization();
    const layout = await layoutOf(org);
    // Both read version 0; whichever comes second is refused at the check or, if it passed the check first, at
    // the write of the layout, which rolls its account write back.
    const [freight, goods] = await Promise.all([
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/statement-layouts/${org.id}`,
        headers: bearer(org.token),
        payload: bodyOf(layout, { 'expense:cost_of_sales': ['5000', '6100'], 'expense:operating_expense': [] }),
      }),
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/statement-layouts/${org.id}`,
        headers: bearer(org.token),
        payload: bodyOf(layout, { 'expense:cost_of_sales': [], 'expense:operating_expense': ['5000', '6100'] }),
      }),
    ]);
    expect([freight.statusCode, goods.statusCode].sort()).toEqual([200, 409]);
    const after = await stored(org.id);
    expect(after.layout?.version).toBe(1);
    expect(after.accounts).toMatchObject(
      freight.statusCode === 200
        ? { '5000': 'cost_of_sales', '6100': 'cost_of_sales' }
        : { '5000': 'operating_expense', '6100': 'operating_expense' },
    );
    // One layout event and one row event: the refused save left no trace.
    expect(after.events).toBe(2);
  });

  it('refuses a layout that drops an account with 400 and changes nothing, even the moves it asked', async () => {
    const org = await booksOrganization();
    const layout = await layoutOf(org);
    const before = await stored(org.id);
    const refused = await save(
      org,
      bodyOf(layout, {
        'expense:cost_of_sales': ['5000', '6100'],
        'expense:operating_expense': [],
        'revenue:sales': [],
      }),
      400,
    );
    expect(refused).toMatchObject({ status: false, message: m.accountsMismatch });
    expect(await stored(org.id)).toEqual(before);
    expect(before.layout).toBeUndefined();
  });

  it('refuses another organization’s user with 403, reading and changing nothing', async () => {
    const org = await booksOrganization();
    const neighbour = await booksOrganization();
    const layout = await layoutOf(org);
    const before = await stored(org.id);
    const asNeighbour = { id: org.id, token: neighbour.token };
    expect(await call(asNeighbour.token, { method: 'GET', url: `/api/v1/statement-layouts/${org.id}` }, 403)).toEqual({
      status: false,
      message: messages.forbidden,
    });
    expect(await save(asNeighbour, bodyOf(layout), 403)).toEqual({ status: false, message: messages.forbidden });
    expect(await stored(org.id)).toEqual(before);
    const [events] = await t.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, org.id), eq(auditEvents.action, 'statement_layout.updated')));
    expect(events!.n).toBe(0);
  });
});
