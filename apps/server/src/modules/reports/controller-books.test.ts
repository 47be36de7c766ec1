import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@finboard/shared/reports';
import { loadBooksThroughApi } from '../../../test/books-files.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { addOrganizationThroughApi, bearer, login } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import { CONTROLLER_BOOKS, CONTROLLER_FIGURES } from '../../../test/statement-books.ts';
import { fetchUploadKey } from '../../../test/uploads.ts';

/**
 * Issue 25 acceptance 1: a controller's hand-made quarter (fixed assets and depreciation, a loan and its
 * interest, inventory, prepaid insurance, accrued electricity, income tax, a dividend and a share issue)
 * uploaded as files and run through the pipelines, then read through the reports API: every total is the
 * figure computed by hand (CONTROLLER_FIGURES, which the statements' unit test asserts too), the balance
 * sheet's check is 0.00 at every month end, and the cash flow's closing cash is the bank's balance at every
 * month end.
 */
let t: TestApp;
let token: string;
let organizationId: string;
let runs: { pipelineName: string; rowsLoaded: number }[];
const jobs = createTestJobRunner();
const figures = CONTROLLER_FIGURES;

beforeAll(async () => {
  t = await buildTestApp({}, { jobs: jobs.runner });
  token = await login(t.app, TEST_ADMIN);
  organizationId = await addOrganizationThroughApi(t.app, token, 'Controller books');
  const uploadKey = await fetchUploadKey(t.app, token);
  runs = await loadBooksThroughApi({ app: t.app, token, uploadKey, jobs }, organizationId, CONTROLLER_BOOKS);
});
afterAll(() => t?.close());

async function report(template: string, from: string, to: string): Promise<Report> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/reports/${organizationId}/${template}?from=${from}&to=${to}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
function rowOf(data: Report, key: string) {
  const row = data.sections.flatMap((section) => section.rows).find((candidate) => candidate.key === key);
  if (!row) throw new Error(`no row ${key} in ${data.template}`);
  return row;
}
/** The bank at the end of the month before `month` (0 before the books begin). */
function cashBefore(month: (typeof figures.months)[number]) {
  const previous = figures.months[figures.months.indexOf(month) - 1];
  return previous ? figures.cash[previous] : 0;
}

describe('the controller’s quarter, uploaded and run through the pipelines', () => {
  it('loads its 3 periods, 19 accounts and 53 GL lines (26 journals: one of three lines)', () => {
    expect(runs.map((run) => [run.pipelineName, run.rowsLoaded])).toEqual([
      ['Periods', 3],
      ['Chart of Accounts', 19],
      ['GL Detail', 53],
    ]);
  });

  it('Profit & Loss: every total of the quarter and each month’s net income as computed by hand', async () => {
    const data = await report('profit-and-loss', figures.from, figures.to);
    expect(data.totals).toMatchObject(figures.profitAndLoss);
    expect(rowOf(data, 'result:netIncome').values).toMatchObject({
      '2026-01': 1350,
      '2026-02': -375,
      '2026-03': 1987.5,
      total: 2962.5,
    });
  });

  it('Balance Sheet: every total as computed by hand and a check of 0.00 at every month end', async () => {
    for (const month of figures.months) {
      const data = await report('balance-sheet', month, month);
      expect(data.totals, month).toMatchObject(figures.balanceSheet[month]);
      expect(rowOf(data, 'check').values, month).toEqual({ current: 0, previousMonth: 0, comparative: 0, change: 0 });
      expect(rowOf(data, 'currentAssets:subtype:cash').values, month).toMatchObject({
        current: figures.cash[month],
        previousMonth: cashBefore(month),
      });
    }
  });

  it('Cash Flow Statement: every line and total as computed by hand, closing at the bank’s balance each month', async () => {
    const data = await report('cash-flow', figures.from, figures.to);
    expect(data.totals).toEqual(figures.cashFlow);
    const statement = data.sections.find((section) => section.key === 'cashFlowStatement')!;
    expect(statement.rows.map((row) => [row.key, row.values])).toEqual(figures.cashFlowRows);
    // The cash account's own month-end balances, and the direct view's closing cash, say the same.
    expect(rowOf(data, 'balances:1000').values).toEqual({ ...figures.cash, total: 6325 });
    expect(rowOf(data, 'cash:closing').values).toEqual({ ...figures.cash, total: 6325 });
  });

  it('Cash Flow Statement of each month alone: opening at the previous month end, closing at the bank’s balance', async () => {
    for (const month of figures.months) {
      const data = await report('cash-flow', month, month);
      const opening = cashBefore(month);
      expect(data.totals, month).toMatchObject({
        openingCash: opening,
        netChange: figures.cash[month] - opening,
        closingCash: figures.cash[month],
      });
      expect(rowOf(data, 'indirect:closingCash').values, month).toEqual({
        [month]: figures.cash[month],
        total: figures.cash[month],
      });
      expect(rowOf(data, 'indirect:check').values, month).toEqual({ [month]: 0, total: 0 });
    }
  });
});
