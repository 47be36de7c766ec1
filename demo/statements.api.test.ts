/**
 * The built-in statements on the demo company (issue 11, acceptance 2): to the cent, P&L net income =
 * revenue − expenses = −Σ(debit − credit) over revenue and expense accounts for the same filter; the balance
 * sheet balances at every period end; the cash flow's closing cash = the cash accounts' balance; the
 * aggregates equal the ledger's own aggregate after a load, a pipeline run and a Studio edit. Plus the
 * drill-down's paging and sums, and refusals of bad input.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { STANDARD_DATA_TYPES } from '@finboard/shared/data-types';
import { reportMessages, type GlLines, type Report } from '@finboard/shared/reports';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../apps/server/test/build-app.ts';
import { bearer, createOrganization, login } from '../apps/server/test/factories.ts';
import { loadDemo, DEMO_USER } from './load-demo.ts';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { createLedgerEngine } from '../apps/server/src/modules/ledger/ledger-engine.ts';

const today = new Date('2026-11-21T12:00:00Z');
let t: TestApp;
let organizationId: string;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  organizationId = (await loadDemo(t.app, { today })).organizationId;
  userToken = await login(t.app, DEMO_USER);
  adminToken = await login(t.app, TEST_ADMIN);
}, 180_000);
afterAll(() => t?.close());

async function get(path: string, token = userToken) {
  const response = await t.app.inject({ method: 'GET', url: path, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() };
}
async function report(template: string, query: Record<string, string> = {}): Promise<Report> {
  const search = new URLSearchParams(query).toString();
  const { status, body } = await get(`/api/v1/reports/${organizationId}/${template}${search ? `?${search}` : ''}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as Report;
}
const cents = (value: number) => Math.round(value * 100);

/** A query on the organization's warehouse, as its role. */
async function raw<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return t.app.services.warehouse.withOrganization(organizationId, async (tx) =>
    rowsOf<T>(await tx.execute(statement)),
  );
}
/** −Σ(debit − credit) in cents over the GL lines of accounts of `types`, for a range and department. */
async function ledgerCents(types: string[], from: string, to: string, department?: string) {
  const [row] = await raw<{ cents: string }>(sql`select (coalesce(-sum(g.debit - g.credit), 0) * 100)::bigint as cents
    from "02_GL_Detail" g join "01_Account" a on a.account_code = g.account_code
    where a.account_type = any(${`{${types.join(',')}}`}::text[]) and g.period between ${from} and ${to}
      ${department === undefined ? sql`` : sql`and g.department = ${department}`}`);
  return Number(row!.cents);
}
const periods = async () =>
  (await raw<{ period: string }>(sql`select "Period" as period from "00_Period" order by 1`)).map((row) => row.period);

/** The aggregates as stored, and as the ledger computes them now: equal when they are fresh. */
async function aggregatesAndLedger() {
  const stored = await raw(sql`select period, account_code, entity, department, debit::text, credit::text,
      net::text, lines from "05_Monthly_Balance" where grain = 3 order by 1, 2, 3 nulls first, 4 nulls first`);
  // The coarsest grain: every entity and department summed.
  const storedTotals = await raw(sql`select period, account_code, net::text, lines from "05_Monthly_Balance"
    where grain = 0 order by 1, 2`);
  const ledgerTotals =
    await raw(sql`select period, account_code, (sum(debit) - sum(credit))::numeric(20,2)::text as net,
      count(*)::int as lines from "02_GL_Detail" group by 1, 2 order by 1, 2`);
  const ledger =
    await raw(sql`select period, account_code, entity, department, sum(debit)::numeric(20,2)::text as debit,
      sum(credit)::numeric(20,2)::text as credit, (sum(debit) - sum(credit))::numeric(20,2)::text as net,
      count(*)::int as lines
    from "02_GL_Detail" group by 1, 2, 3, 4 order by 1, 2, 3 nulls first, 4 nulls first`);
  const cashStored = await raw(sql`select period, entity, department, cash_in::text, cash_out::text
    from "05_Monthly_Cash_Flow" order by 1, 2 nulls first, 3 nulls first`);
  const cashLedger = await raw(sql`with journal as (
      select g.period, g.entity, g.department, sum(g.debit) - sum(g.credit) as net
      from "02_GL_Detail" g join "01_Account" a on a.account_code = g.account_code
      where a.account_subtype = 'cash' group by g.period, g.source, g.journal_id, g.entity, g.department)
    select period, entity, department, coalesce(sum(net) filter (where net > 0), 0)::numeric(20,2)::text as cash_in,
      coalesce(-sum(net) filter (where net < 0), 0)::numeric(20,2)::text as cash_out
    from journal group by 1, 2, 3 order by 1, 2 nulls first, 3 nulls first`);
  return {
    stored: { balances: stored, totals: storedTotals, cash: cashStored },
    ledger: { balances: ledger, totals: ledgerTotals, cash: cashLedger },
  };
}

describe('Profit & Loss', () => {
  it('defaults to the fiscal year to date of the latest period with ledger lines', async () => {
    const all = await periods();
    const data = await report('profit-and-loss');
    expect(data.to).toBe(all.at(-1));
    expect(data.from).toBe(data.filters.fiscalYearStart);
    expect(data.asOf).toBe(
      `${data.to}-${String(new Date(Date.UTC(Number(data.to.slice(0, 4)), Number(data.to.slice(5)), 0)).getUTCDate())}`,
    );
    expect(data.filters).toMatchObject({ firstPeriod: all[0], lastPeriod: all.at(-1) });
    expect(data.refreshedAt).not.toBeNull();
    expect(data.sections.map((section) => section.key)).toEqual(['profitAndLoss']);
  });

  it('nets income as revenue − expenses = −Σ(debit − credit) to the cent, for every filter', async () => {
    const all = await periods();
    const departments = (await report('profit-and-loss')).filters.departments;
    expect(departments.length).toBeGreaterThan(1);
    const cases: { from: string; to: string; department?: string }[] = [
      { from: all[0]!, to: all.at(-1)! },
      { from: all[3]!, to: all[5]! },
      { from: all[12]!, to: all[23]!, department: departments[0] },
      { from: all[7]!, to: all[7]!, department: departments.at(-1) },
    ];
    for (const filter of cases) {
      const data = await report('profit-and-loss', { ...filter });
      const { totals } = data;
      expect(cents(totals.netIncome!)).toBe(
        cents(totals.revenue!) + cents(totals.otherIncome!) - cents(totals.expenses!),
      );
      expect(cents(totals.netIncome!)).toBe(
        await ledgerCents(['revenue', 'expense'], filter.from, filter.to, filter.department),
      );
      // Revenue and other income are the revenue accounts; the demo's interest income is other income.
      expect(cents(totals.revenue!) + cents(totals.otherIncome!)).toBe(
        await ledgerCents(['revenue'], filter.from, filter.to, filter.department),
      );
      expect(cents(totals.grossProfit!)).toBe(cents(totals.revenue!) - cents(totals.costOfSales!));
      expect(cents(totals.ebitda!)).toBe(cents(totals.grossProfit!) - cents(totals.operatingExpenses!));
      expect(cents(totals.operatingIncome!)).toBe(cents(totals.ebitda!) - cents(totals.depreciationAmortization!));
      expect(cents(totals.incomeBeforeTax!)).toBe(
        cents(totals.operatingIncome!) + cents(totals.otherIncome!) - cents(totals.otherExpenses!),
      );
      expect(cents(totals.netIncome!)).toBe(cents(totals.incomeBeforeTax!) - cents(totals.incomeTax!));
      expect(cents(totals.expenses!)).toBe(
        cents(totals.costOfSales!) +
          cents(totals.operatingExpenses!) +
          cents(totals.depreciationAmortization!) +
          cents(totals.otherExpenses!) +
          cents(totals.incomeTax!),
      );
      // Each month's column, and the monthly series, hold that month's net income.
      const net = data.sections[0]!.rows.find((r) => r.key === 'result:netIncome')!;
      const series = data.series.find((s) => s.key === 'netIncome')!;
      for (const point of series.points) {
        const month = await ledgerCents(['revenue', 'expense'], point.x, point.x, filter.department);
        expect(cents(point.value!)).toBe(month);
        expect(cents(net.values[point.x]!)).toBe(month);
      }
      expect(cents(net.values.total!)).toBe(cents(totals.netIncome!));
    }
  });

  it('compares with the budget and the prior year, and names the GL lines behind each account', async () => {
    const data = await report('profit-and-loss', { from: '2026-01', to: '2026-03' });
    const line = data.sections[0]!.rows.find((row) => row.key.startsWith('revenue:account:'))!;
    expect(line.values).toHaveProperty('budget');
    expect(line.values.vsBudget).toBeCloseTo(line.values.total! - line.values.budget!, 2);
    expect(line.values.vsPriorYear).toBeCloseTo(line.values.total! - line.values.priorYear!, 2);
    expect(line.favourable?.vsBudget).toBe(line.values.vsBudget! >= 0);
    expect(line.drill).toEqual({ accountCode: line.key.split(':').at(-1), from: '2026-01', to: '2026-03' });

    const [count] = await raw<{ n: number }>(sql`select count(*)::int as n from "02_GL_Detail"
      where account_code = ${line.drill!.accountCode!} and period between '2026-01' and '2026-03'`);
    const { status, body } = await get(
      `/api/v1/reports/${organizationId}/gl-lines?account_code=${line.drill!.accountCode}&from=2026-01&to=2026-03&pageSize=2&page=2`,
    );
    expect(status).toBe(200);
    const lines = body.data as GlLines;
    expect(count!.n).toBeGreaterThan(2);
    expect(lines.rows).toHaveLength(Math.min(2, count!.n - 2));
    expect(cents(lines.credit) - cents(lines.debit)).toBe(cents(line.values.total!));
    expect(lines.total).toBe(count!.n);
    const order = lines.rows.map((row) => [row.period, row.journal_id, row.line_no]);
    expect(order).toEqual(
      [...order].sort(
        (a, b) =>
          String(a[0]).localeCompare(String(b[0])) ||
          String(a[1]).localeCompare(String(b[1])) ||
          Number(a[2]) - Number(b[2]),
      ),
    );
  });
});

describe('Balance Sheet', () => {
  it('balances to the cent at every period end, and its assets are the ledger’s', async () => {
    const all = await periods();
    for (const period of all) {
      const { totals, series, sections } = await report('balance-sheet', { to: period });
      expect(cents(totals.assets!)).toBe(cents(totals.liabilitiesAndEquity!));
      expect(cents(totals.liabilitiesAndEquity!)).toBe(cents(totals.liabilities!) + cents(totals.equity!));
      expect(cents(totals.totalAssets!)).toBe(cents(totals.currentAssets!) + cents(totals.nonCurrentAssets!));
      expect(cents(totals.totalLiabilities!)).toBe(
        cents(totals.currentLiabilities!) + cents(totals.nonCurrentLiabilities!),
      );
      expect(cents(totals.workingCapital!)).toBe(cents(totals.currentAssets!) - cents(totals.currentLiabilities!));
      expect(sections[0]!.rows.find((row) => row.key === 'check')!.values).toEqual({
        current: 0,
        previousMonth: 0,
        comparative: 0,
        change: 0,
      });
      const [assets] = await raw<{ cents: string }>(sql`select (sum(g.debit - g.credit) * 100)::bigint as cents
        from "02_GL_Detail" g join "01_Account" a on a.account_code = g.account_code
        where a.account_type = 'asset' and g.period <= ${period}`);
      expect(cents(totals.assets!)).toBe(Number(assets!.cents));
      const at = (key: string) => series.find((s) => s.key === key)!.points.at(-1)!.value!;
      expect(cents(at('assets'))).toBe(cents(at('liabilities')) + cents(at('equity')));
    }
  });

  it('lists assets by liquidity, fixed assets net of depreciation, and the year’s earnings in equity', async () => {
    const data = await report('balance-sheet', { from: '2026-01', to: '2026-06' });
    const rows = data.sections[0]!.rows;
    const labels = rows.map((row) => row.label);
    expect(labels).toContain('Current-year earnings');
    expect(labels).toContain('Prior-years earnings');
    expect(labels).not.toContain('Unclassified');
    const subtypes = rows.filter((row) => row.key.startsWith('currentAssets:subtype:')).map((row) => row.label);
    expect(subtypes).toEqual(['Cash and cash equivalents', 'Accounts receivable', 'Inventory', 'Prepaid expenses']);
    const value = (key: string) => cents(rows.find((row) => row.key === key)!.values.current!);
    expect(value('nonCurrentAssets:net_fixed_assets')).toBe(
      value('nonCurrentAssets:subtype:fixed_asset') + value('nonCurrentAssets:subtype:accumulated_depreciation'),
    );
    expect(value('nonCurrentAssets:subtype:accumulated_depreciation')).toBeLessThan(0);
    expect(data.sections[0]!.columns.map((column) => column.key)).toEqual([
      'current',
      'previousMonth',
      'comparative',
      'change',
    ]);
  });
});

describe('Cash Flow', () => {
  it('closes each month at the cash accounts’ balance', async () => {
    const all = await periods();
    const data = await report('cash-flow', { from: all[0]!, to: all.at(-1)! });
    const row = (key: string) => data.sections.flatMap((section) => section.rows).find((found) => found.key === key)!;
    const closing = row('cash:closing');
    const opening = row('cash:opening');
    const flowIn = row('cash:in');
    const flowOut = row('cash:out');
    // The cash flow statement (indirect) closes at the same cash every month, its check 0.00.
    const indirectClosing = row('indirect:closingCash');
    expect(Object.values(row('indirect:check').values).every((value) => value === 0)).toBe(true);
    expect(data.totals.netChange).toBeCloseTo(
      data.totals.operating! + data.totals.investing! + data.totals.financing!,
      2,
    );
    const balances = await raw<{ period: string; cents: string }>(sql`select p."Period" as period,
        (coalesce((select sum(g.debit - g.credit) from "02_GL_Detail" g join "01_Account" a on a.account_code = g.account_code
          where a.account_subtype = 'cash' and g.period <= p."Period"), 0) * 100)::bigint as cents
      from "00_Period" p order by 1`);
    for (const { period, cents: balance } of balances) {
      expect(cents(closing.values[period]!)).toBe(Number(balance));
      expect(cents(indirectClosing.values[period]!)).toBe(Number(balance));
      expect(cents(closing.values[period]!)).toBe(
        cents(opening.values[period]!) + cents(flowIn.values[period]!) - cents(flowOut.values[period]!),
      );
    }
    expect(cents(data.totals.closingCash!)).toBe(Number(balances.at(-1)!.cents));
  });
});

describe('the other statements', () => {
  it('Budget vs Actual, Expense Analysis and Financial Overview agree with the P&L', async () => {
    const range = { from: '2026-01', to: '2026-06' };
    const pl = (await report('profit-and-loss', range)).totals;
    const bva = await report('budget-vs-actual', range);
    // Budget vs Actual's revenue is the P&L's, other income apart; its net income is the P&L's.
    expect(bva.totals.revenueActual).toBe(pl.revenue);
    expect(bva.totals.otherIncomeActual ?? 0).toBe(pl.otherIncome);
    expect(bva.totals.expensesActual).toBe(pl.expenses);
    expect(bva.totals.netIncomeActual).toBe(pl.netIncome);
    const expenseRow = bva.sections
      .find((section) => section.key === 'expense')!
      .rows.find((row) => row.kind === 'line')!;
    expect(expenseRow.favourable?.variance).toBe(expenseRow.values.variance! <= 0);

    const analysis = await report('expense-analysis', { ...range, top: '3' });
    expect(analysis.totals.expenses).toBe(pl.expenses);
    const accounts = analysis.sections.find((s) => s.key === 'accounts')!;
    expect(accounts.rows.filter((row) => row.kind === 'line')).toHaveLength(3);
    expect(accounts.rows.some((row) => row.key === 'account:other')).toBe(true);
    const counterparties = analysis.sections.find((s) => s.key === 'counterparties')!;
    const sum = counterparties.rows
      .filter((row) => row.kind !== 'total')
      .reduce((total, row) => total + cents(row.values.amount!), 0);
    expect(sum).toBe(cents(pl.expenses!));

    const overview = await report('financial-overview', range);
    expect(overview.totals).toMatchObject({
      revenue: pl.revenue,
      netIncome: pl.netIncome,
      grossMarginPct: pl.grossMarginPct,
    });
    expect(overview.series.map((s) => [s.key, s.chart, s.points.length, s.card?.period])).toEqual([
      ['revenue', 'kpi', 6, 'Jun 2026'],
      ['grossMargin', 'kpi', 6, 'Jun 2026'],
      ['operatingExpenses', 'kpi', 6, 'Jun 2026'],
      ['netIncome', 'kpi', 6, 'Jun 2026'],
      ['cash', 'kpi', 6, 'Jun 2026'],
    ]);
    const cash = await report('cash-flow', range);
    expect(overview.totals.cash).toBe(cash.totals.closingCash);
    // The cards: June's figures are June's P&L and the cash at its end.
    const june = (await report('profit-and-loss', { from: '2026-06', to: '2026-06' })).totals;
    const card = (key: string) => overview.series.find((s) => s.key === key)!.card!;
    expect(card('revenue').value).toBe(june.revenue);
    expect(card('netIncome').value).toBe(june.netIncome);
    expect(card('cash').value).toBe(cash.totals.closingCash);
  });
});

describe('the aggregates', () => {
  it('equal the ledger’s aggregate after the demo load', async () => {
    const { stored, ledger } = await aggregatesAndLedger();
    expect(stored.balances.length).toBeGreaterThan(100);
    expect(stored).toEqual(ledger);
  });

  it('equal it again after a pipeline run loads GL lines, and after a Studio edit', async () => {
    const { warehouse } = t.app.services;
    const last = (await periods()).at(-1)!;
    const before = (await report('profit-and-loss', { from: last, to: last })).totals;
    const rows = [
      [
        'PL-1',
        '1',
        `${last}-10`,
        last,
        '1110',
        'Cash sale',
        '1234.56',
        null,
        'HPC-US',
        'Sales',
        'Walk-in',
        'upload',
        null,
      ],
      [
        'PL-1',
        '2',
        `${last}-10`,
        last,
        '4110',
        'Cash sale',
        null,
        '1234.56',
        'HPC-US',
        'Sales',
        'Walk-in',
        'upload',
        null,
      ],
    ];
    const loader = createLedgerEngine({
      warehouse,
      openFileRows: async function* () {
        yield rows;
      },
    });
    const glType = STANDARD_DATA_TYPES.find((type) => type.key === 'gl_detail')!;
    await loader.load({
      organizationId,
      targetTable: '02_GL_Detail',
      columns: glType.columns.map((column) => column.name),
      periodBased: true,
      files: [{ id: randomUUID(), name: 'gl.csv', period: last, rows: 2 }],
    });
    let state = await aggregatesAndLedger();
    expect(state.stored).toEqual(state.ledger);
    const after = (await report('profit-and-loss', { from: last, to: last })).totals;
    expect(cents(after.revenue!) - cents(before.revenue!)).toBe(123_456);

    // A Studio edit moves a line to another department: the aggregates follow in its own transaction, so the
    // very next read shows it (no waiting).
    const [line] = await raw<{ row_id: string }>(sql`select row_id::text from "02_GL_Detail"
      where journal_id = 'PL-1' and line_no = 2`);
    const refreshedBefore = (await report('profit-and-loss')).refreshedAt!;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/crud/${organizationId}/02_GL_Detail/${line!.row_id}`,
      headers: bearer(userToken),
      payload: { department: 'Operations' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const refreshed = await report('profit-and-loss', { from: last, to: last, department: 'Operations' });
    expect(refreshed.totals.revenue).toBe(1234.56);
    state = await aggregatesAndLedger();
    expect(state.stored).toEqual(state.ledger);
    expect(refreshed.refreshedAt! > refreshedBefore).toBe(true);
  }, 30_000);

  it('are rebuilt on demand by refreshAggregates, and are not Studio tables', async () => {
    const done = await t.app.services.reports.refreshAggregates(organizationId);
    expect(done.rows).toBe((await aggregatesAndLedger()).stored.balances.length);
    expect((await report('cash-flow')).refreshedAt).toBe(done.refreshedAt);

    const tables = await get(`/api/v1/crud/tables/${organizationId}`);
    expect(tables.status).toBe(200);
    const names = (tables.body.data.tables as { name: string }[]).map((table) => table.name);
    expect(names).toEqual(['00_Period', '01_Account', '02_GL_Detail', '03_Budget', '04_Trial_Balance']);
    const hidden = await get(`/api/v1/crud/${organizationId}/05_Monthly_Balance`);
    expect(hidden.status).toBe(404);
  });
});

describe('bad input', () => {
  it('answers an unknown template 404, a malformed period or range 400, another organization 403', async () => {
    expect(await get(`/api/v1/reports/${organizationId}/income-statement`)).toEqual({
      status: 404,
      body: { status: false, message: reportMessages.templateUnknown },
    });
    const malformed = await get(`/api/v1/reports/${organizationId}/profit-and-loss?from=2026-13`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(reportMessages.periodInvalid);
    const reversed = await get(`/api/v1/reports/${organizationId}/profit-and-loss?from=2026-05&to=2026-02`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe(reportMessages.rangeInvalid);
    const tooLong = await get(`/api/v1/reports/${organizationId}/balance-sheet?from=2010-01&to=2026-02`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(reportMessages.rangeTooLong);
    const linesReversed = await get(`/api/v1/reports/${organizationId}/gl-lines?from=2026-05&to=2026-02`);
    expect(linesReversed.status).toBe(400);
    expect(linesReversed.body.message).toBe(reportMessages.rangeInvalid);
    const linesWithoutRange = await get(`/api/v1/reports/${organizationId}/gl-lines`);
    expect(linesWithoutRange.status).toBe(400);
    expect(linesWithoutRange.body.message).toBe(reportMessages.periodInvalid);

    const other = await createOrganization(t.database);
    expect(await get(`/api/v1/reports/${other.id}/profit-and-loss`)).toEqual({
      status: 403,
      body: { status: false, message: messages.forbidden },
    });
    expect((await get(`/api/v1/reports/${other.id}/gl-lines?from=2026-01&to=2026-02`)).status).toBe(403);
    // An administrator may read any organization; one that does not exist answers 404.
    expect((await get(`/api/v1/reports/${randomUUID()}/profit-and-loss`, adminToken)).status).toBe(404);
  });
});
