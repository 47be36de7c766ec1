import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Executor } from '../../db/client.ts';
import { queryClientOf } from '../../db/query-client.ts';
import { refreshAggregatesOn } from '../../warehouse/aggregates.ts';
import { buildTestApp, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, login } from '../../../test/factories.ts';

/**
 * Read your writes (issue 22 §5): a journal posted, a cell edited or a journal deleted in the Studio updates
 * the monthly aggregates in its own transaction, so the P&L and a Chat DB answer read at once — no waiting,
 * no polling — show it; and whatever the Studio writes, the aggregates are exactly what a full rebuild makes.
 */

let t: TestApp;
let org: string;
let user: string;

const PERIODS = ['2026-01', '2026-02', '2026-03'].map((period, index) => [
  period,
  `${period}-01`,
  `${period}-${['31', '28', '31'][index]}`,
  2026,
  index + 1,
]);
const GL_COLUMNS = [
  'journal_id',
  'line_no',
  'posting_date',
  'period',
  'account_code',
  'debit',
  'credit',
  'entity',
  'department',
];

beforeAll(async () => {
  t = await buildTestApp();
  org = (await createOrganization(t.database)).id;
  const { warehouse } = t.app.services;
  await warehouse.provision(org);
  await warehouse.copyRows(
    org,
    '00_Period',
    ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'],
    PERIODS,
  );
  await warehouse.copyRows(
    org,
    '01_Account',
    ['account_code', 'account_name', 'account_type', 'account_subtype'],
    [
      ['1000', 'Cash', 'asset', 'cash'],
      ['1200', 'Receivables', 'asset', null],
      ['4000', 'Sales', 'revenue', null],
      ['5000', 'Rent', 'expense', null],
    ],
  );
  await warehouse.copyRows(org, '02_GL_Detail', GL_COLUMNS, [
    ['J1', 1, '2026-01-05', '2026-01', '1000', '100.00', '0', 'E1', 'Sales'],
    ['J1', 2, '2026-01-05', '2026-01', '4000', '0', '100.00', 'E1', 'Sales'],
    ['J2', 1, '2026-02-10', '2026-02', '5000', '40.50', '0', 'E1', null],
    ['J2', 2, '2026-02-10', '2026-02', '1000', '0', '40.50', 'E1', null],
    ['J3', 1, '2026-02-20', '2026-02', '1200', '75.00', '0', 'E2', 'Ops'],
    ['J3', 2, '2026-02-20', '2026-02', '4000', '0', '75.00', 'E2', 'Ops'],
  ]);
  user = await login(t.app, await createUser(t.database, { organizationId: org }));
});
afterAll(() => t?.close());

const call = async (options: InjectOptions, status = 200) => {
  const response = await t.app.inject({ ...options, headers: { ...options.headers, ...bearer(user) } });
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};
const inWarehouse = <T>(work: (tx: Executor) => Promise<T>) => t.app.services.warehouse.withOrganization(org, work);
const read = async <T>(tx: Executor, statement: string) => rowsOf<T>(await tx.execute(sql.raw(statement)));
const rowIdOf = async (journal: string, lineNo: number) =>
  (
    await inWarehouse((tx) =>
      read<{ row_id: number }>(
        tx,
        `select row_id::int from "02_GL_Detail" where journal_id = '${journal}' and line_no = ${lineNo}`,
      ),
    )
  )[0]!.row_id;

const revenueIn = async (period: string) =>
  (await call({ method: 'GET', url: `/api/v1/reports/${org}/profit-and-loss?from=${period}&to=${period}` })).data.totals
    .revenue as number;
async function chatRevenue(question: string) {
  const answer = await call({ method: 'POST', url: '/api/v1/chat/ask', payload: { question } });
  return answer.data.result as Record<string, number>[];
}

/** The aggregates as stored, every grain and the refresh row's figures. */
const aggregatesOf = async (tx: Executor) => ({
  balance: await read(
    tx,
    `select grain, period, account_code, entity, department, debit::text, credit::text, net::text, lines
     from "05_Monthly_Balance" order by 1, 2, 3, 4 nulls first, 5 nulls first`,
  ),
  cash: await read(
    tx,
    `select period, entity, department, cash_in::text, cash_out::text from "05_Monthly_Cash_Flow"
     order by 1, 2 nulls first, 3 nulls first`,
  ),
  refresh: await read(tx, `select rows, last_period, entities, departments from "05_Aggregate_Refresh"`),
});

class RolledBack extends Error {}
/** The aggregates as stored now, and as a full rebuild would make them (rebuilt in a transaction rolled back). */
async function storedAndRebuilt() {
  const stored = await inWarehouse(aggregatesOf);
  let rebuilt: Awaited<ReturnType<typeof aggregatesOf>> | undefined;
  await inWarehouse(async (tx) => {
    await refreshAggregatesOn(queryClientOf(tx), t.app.services.warehouse.schemaOf(org));
    rebuilt = await aggregatesOf(tx);
    throw new RolledBack();
  }).catch((error: unknown) => {
    if (!(error instanceof RolledBack)) throw error;
  });
  return { stored, rebuilt: rebuilt! };
}
const expectFresh = async () => {
  const { stored, rebuilt } = await storedAndRebuilt();
  expect(stored).toEqual(rebuilt);
};

const line = (lineNo: number, account: string, debit: string, credit: string, extra: Record<string, string> = {}) => ({
  line_no: lineNo,
  posting_date: '2026-03-15',
  period: '2026-03',
  account_code: account,
  debit,
  credit,
  ...extra,
});

describe('read your writes', () => {
  it('a journal posted through the API shows at once in the P&L and in a Chat DB answer; so do a Studio edit and delete', async () => {
    expect(await revenueIn('2026-03')).toBe(0);
    expect(await chatRevenue('Revenue in March 2026')).toEqual([{ revenue: 0 }]);

    await call(
      {
        method: 'POST',
        url: `/api/v1/crud/${org}/journals`,
        payload: { journal_id: 'RYW-1', lines: [line(1, '1000', '250', '0'), line(2, '4000', '0', '250')] },
      },
      201,
    );
    expect(await revenueIn('2026-03')).toBe(250);
    expect(await chatRevenue('Revenue in March 2026')).toEqual([{ revenue: 250 }]);

    // A cell edit in the Studio: the revenue line moves to the rent account.
    await call({
      method: 'PUT',
      url: `/api/v1/crud/${org}/02_GL_Detail/${await rowIdOf('RYW-1', 2)}`,
      payload: { account_code: '5000' },
    });
    expect(await revenueIn('2026-03')).toBe(0);
    expect(await chatRevenue('Revenue in March 2026')).toEqual([{ revenue: 0 }]);
    await call({
      method: 'PUT',
      url: `/api/v1/crud/${org}/02_GL_Detail/${await rowIdOf('RYW-1', 2)}`,
      payload: { account_code: '4000' },
    });
    expect(await revenueIn('2026-03')).toBe(250);

    // The Studio deletes the journal.
    await call({ method: 'DELETE', url: `/api/v1/crud/${org}/journals/RYW-1` });
    expect(await revenueIn('2026-03')).toBe(0);
    expect(await chatRevenue('Revenue in March 2026')).toEqual([{ revenue: 0 }]);
    await expectFresh();
  });
});

describe('the aggregates after Studio writes', () => {
  it('are exactly what a full rebuild makes, write after write', async () => {
    await expectFresh();
    const put = async (journal: string, lineNo: number, values: Record<string, unknown>) =>
      call({
        method: 'PUT',
        url: `/api/v1/crud/${org}/02_GL_Detail/${await rowIdOf(journal, lineNo)}`,
        payload: values,
      });

    // A line changes department (a cash line: the cash flow's groups move too), entity (a new one: the
    // statements' filter values change) and period.
    await put('J1', 1, { department: 'Marketing' });
    await expectFresh();
    await put('J3', 1, { entity: 'E3' });
    await expectFresh();
    await put('J2', 2, { period: '2026-03', posting_date: '2026-03-01' });
    await expectFresh();

    // The journal editor: a journal posted, rewritten (an amount, an account, a line added) and deleted.
    await call(
      {
        method: 'POST',
        url: `/api/v1/crud/${org}/journals`,
        payload: {
          journal_id: 'J4',
          lines: [line(1, '1000', '20', '0', { entity: 'E1' }), line(2, '4000', '0', '20', { entity: 'E1' })],
        },
      },
      201,
    );
    await expectFresh();
    await call({
      method: 'PUT',
      url: `/api/v1/crud/${org}/journals/J4`,
      payload: {
        lines: [
          line(1, '1000', '30', '0', { entity: 'E1' }),
          line(2, '1200', '0', '25', { entity: 'E1' }),
          line(3, '4000', '0', '5', { department: 'Ops' }),
        ],
      },
    });
    await expectFresh();
    // J3 holds every line of entities E2 and E3: their rows go, and with them the filter values.
    await call({ method: 'DELETE', url: `/api/v1/crud/${org}/journals/J3` });
    await expectFresh();

    // A receivables account becomes a cash account and back: the cash flow of every period follows.
    const [receivables] = await inWarehouse((tx) =>
      read<{ row_id: number }>(tx, `select row_id::int from "01_Account" where account_code = '1200'`),
    );
    await call({
      method: 'PUT',
      url: `/api/v1/crud/${org}/01_Account/${receivables!.row_id}`,
      payload: { account_subtype: 'cash' },
    });
    await expectFresh();
    await call({
      method: 'PUT',
      url: `/api/v1/crud/${org}/01_Account/${receivables!.row_id}`,
      payload: { account_subtype: null },
    });
    await expectFresh();

    // A zero cash line of a journal of its own: a cash flow row of zeros, as a rebuild has it; deleted, it goes.
    const zero = await call(
      {
        method: 'POST',
        url: `/api/v1/crud/${org}/02_GL_Detail`,
        payload: {
          journal_id: 'J5',
          line_no: 1,
          posting_date: '2026-01-31',
          period: '2026-01',
          account_code: '1000',
          entity: 'E9',
        },
      },
      201,
    );
    const { stored } = await storedAndRebuilt();
    expect(stored.cash).toContainEqual({
      period: '2026-01',
      entity: 'E9',
      department: null,
      cash_in: '0.00',
      cash_out: '0.00',
    });
    await expectFresh();
    await call({ method: 'DELETE', url: `/api/v1/crud/${org}/02_GL_Detail/${zero.data.createddata.row_id}` });
    await expectFresh();
    expect((await storedAndRebuilt()).stored.refresh).toEqual([
      {
        rows: expect.any(Number),
        last_period: '2026-03',
        entities: ['E1'],
        departments: ['Marketing', 'Ops', 'Sales'],
      },
    ]);
  });
});
