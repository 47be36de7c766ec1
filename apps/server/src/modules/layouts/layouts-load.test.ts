import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { layoutApiMessages, layoutMessages, type FileAnalysis, type Layout } from '@finboard/shared/layouts';
import type { UploadKey } from '@finboard/shared/upload-encryption';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { addOrganizationThroughApi, bearer, login, standardDataTypeId } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import { fetchUploadKey, sealedUploadForm } from '../../../test/uploads.ts';

/**
 * Real exports loaded as they are (issue 23 acceptance 1): analyze → upload with the suggested layout and
 * createAccounts=true → run, with no change to the file; the profit and loss ties to an independent
 * computation (test/fixtures/exports/expected), and an undo takes the created accounts away with the lines.
 */
let t: TestApp;
let adminToken: string;
let uploadKey: UploadKey;
const jobs = createTestJobRunner();
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/exports');

beforeAll(async () => {
  t = await buildTestApp({}, { jobs: jobs.runner });
  adminToken = await login(t.app, TEST_ADMIN);
  uploadKey = await fetchUploadKey(t.app, adminToken);
});
afterAll(() => t?.close());

let organizationId: string;
let glDetail: string;
beforeEach(async () => {
  organizationId = await addOrganizationThroughApi(t.app, adminToken, 'Real exports');
  glDetail = await standardDataTypeId(t.app, adminToken, organizationId, '02_GL_Detail');
  jobs.queued.length = 0;
});

const warehouseSql = <T>(statement: string) =>
  t.app.services.warehouse.withOrganization(organizationId, async (tx) =>
    rowsOf<T>(await tx.execute(sql.raw(statement))),
  );

async function post(url: string, fields: Record<string, string>, content: string, fileField: string) {
  const form = await sealedUploadForm(
    uploadKey,
    { organizationId, data_type_id: glDetail, ...fields },
    [{ name: 'export.csv', content }],
    fileField,
  );
  return t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(adminToken) },
  });
}

/** Uploads a file to GL Detail read with a layout, creating the accounts it names. */
const uploadWithLayout = (layout: Layout, content: string) =>
  post('/api/v1/pipeline/file-upload', { layout: JSON.stringify(layout), createAccounts: 'true' }, content, 'files');

const analyze = async (content: string): Promise<FileAnalysis> => {
  const response = await post('/api/v1/pipeline/analyze-file', {}, content, 'file');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

async function runGl() {
  const queued = await t.app.inject({
    method: 'POST',
    url: `/api/v1/pipeline/run-pipeline/${organizationId}?is_glDetail=true`,
    headers: bearer(adminToken),
  });
  await jobs.drain();
  const runId = queued.json().data.runIds[0];
  return (
    await t.app.inject({ method: 'GET', url: `/api/v1/pipeline/runs/${runId}`, headers: bearer(adminToken) })
  ).json().data.run;
}

const profitAndLoss = async (from: string, to: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/${organizationId}/profit-and-loss?from=${from}&to=${to}`,
      headers: bearer(adminToken),
    })
  ).json().data.totals;

const balanceSheet = async (to: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/${organizationId}/balance-sheet?from=${to}&to=${to}`,
      headers: bearer(adminToken),
    })
  ).json().data.totals;

interface ExpectedLedger {
  lines: number;
  by_account: Record<string, { type: string; net_debit: string }>;
  profit_and_loss: Record<string, { revenue: string; expenses: string; net_income: string }>;
  balance_sheet: {
    as_of: string;
    assets: string;
    liabilities: string;
    equity: string;
    retained_earnings: string;
    current_year_earnings: string;
  };
}

const expectedLedgerOf = (file: string): ExpectedLedger =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, 'expected', `${path.basename(file)}.json`), 'utf8'));

/** The profit and loss of every year, and the balance sheet at the last month end, as the computation has them. */
async function expectStatementsToTie(expected: ExpectedLedger) {
  for (const [year, figures] of Object.entries(expected.profit_and_loss)) {
    const totals = await profitAndLoss(`${year}-01`, `${year}-12`);
    // The independent computation's revenue is every income account: the statement's revenue and other income.
    const revenue = Math.round((totals.revenue! + totals.otherIncome!) * 100) / 100;
    expect({ year, revenue, expenses: totals.expenses, netIncome: totals.netIncome }).toEqual({
      year,
      revenue: Number(figures.revenue),
      expenses: Number(figures.expenses),
      netIncome: Number(figures.net_income),
    });
  }
  const sheet = expected.balance_sheet;
  const totals = await balanceSheet(sheet.as_of.slice(0, 7));
  expect({
    assets: totals.assets,
    liabilities: totals.liabilities,
    equity: totals.equity,
    priorYearsEarnings: totals.priorYearsEarnings,
    currentYearEarnings: totals.currentYearEarnings,
  }).toEqual({
    assets: Number(sheet.assets),
    liabilities: Number(sheet.liabilities),
    equity: Number(sheet.equity),
    priorYearsEarnings: Number(sheet.retained_earnings),
    currentYearEarnings: Number(sheet.current_year_earnings),
  });
}

/**
 * Journal-line exports loaded as they are: analyze, then upload with the suggested layout and
 * createAccounts=true, then run. A file that says its accounts' types (Wave) needs nothing more; one that
 * does not (a QuickBooks report) gets the types the computation classified for the accounts whose suggested
 * type differs, as the user corrects them on the preview.
 */
describe.each([
  ['journal-lines/wave-accounting-transactions-export.csv', false],
  ['journal-lines/quickbooks-desktop-transaction-detail-by-date-report.csv', true],
  ['journal-lines/quickbooks-desktop-check-detail-report.csv', false],
] as const)('the real export %s, loaded as it is', (file, correctsTypes) => {
  const content = fs.readFileSync(path.join(FIXTURES, file), 'utf8');
  const expected = expectedLedgerOf(file);

  it('creates its accounts with the lines, and its profit and loss and balance sheet tie', async () => {
    const analysis = await analyze(content);
    expect(analysis.preview).toMatchObject({ balanced: true, problemCount: 0, rows: expected.lines });
    const corrections = Object.fromEntries(
      analysis.preview.unknownAccounts
        .filter((account) => account.suggestedType !== expected.by_account[account.code]!.type)
        .map((account) => [account.code, { type: expected.by_account[account.code]!.type, subtype: null }]),
    );
    expect(Object.keys(corrections).length > 0).toBe(correctsTypes);
    const uploaded = await post(
      '/api/v1/pipeline/file-upload',
      {
        layout: JSON.stringify({
          ...analysis.layout,
          accountTypes: { ...analysis.layout.accountTypes, ...corrections },
        }),
        createAccounts: 'true',
      },
      content,
      'files',
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const run = await runGl();
    expect(run, JSON.stringify(run.problems)).toMatchObject({ status: 'succeeded', rowsAdded: expected.lines });
    expect(
      await warehouseSql<{ account_code: string; account_type: string }>(
        `select account_code, account_type from "01_Account" order by account_code`,
      ),
    ).toEqual(
      Object.entries(expected.by_account)
        .map(([code, { type }]) => ({ account_code: code, account_type: type }))
        .sort((a, b) => (a.account_code < b.account_code ? -1 : 1)),
    );
    await expectStatementsToTie(expected);
  });
});

describe('a GnuCash transaction export, loaded as it is', () => {
  const file = 'split-transactions/gnucash-3-full-layout-personal-sample.csv';
  const content = fs.readFileSync(path.join(FIXTURES, file), 'utf8');
  const expected = expectedLedgerOf(file);

  it('creates its accounts with the lines, and its profit and loss and balance sheet tie', async () => {
    const analysis = await analyze(content);
    expect(analysis.preview).toMatchObject({ balanced: true, problemCount: 0, rows: expected.lines });
    const uploaded = await uploadWithLayout(analysis.layout, content);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const run = await runGl();
    expect(run, JSON.stringify(run.problems)).toMatchObject({ status: 'succeeded', rowsAdded: expected.lines });

    expect(
      await warehouseSql<{ account_code: string; account_type: string; parent_code: string | null }>(
        `select account_code, account_type, parent_code from "01_Account" where account_code = 'Expenses:Auto:Gas'`,
      ),
    ).toEqual([{ account_code: 'Expenses:Auto:Gas', account_type: 'expense', parent_code: 'Expenses:Auto' }]);
    await expectStatementsToTie(expected);

    // Undo this load: the lines and the accounts it created go.
    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/v1/pipeline/runs/${run.id}/undo`,
      headers: bearer(adminToken),
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await warehouseSql(`select 1 from "01_Account" where account_code like 'Expenses%'`)).toEqual([]);
  });

  it('keeps the layout confirmed on an upload for the next file of the same header', async () => {
    const analysis = await analyze(content);
    expect(analysis.layoutFrom).toBe('recognized');
    const confirmed = {
      ...analysis.layout,
      accountTypes: { 'Income:Bonus': { type: 'revenue' as const, subtype: 'other_income' } },
    };
    const uploaded = await uploadWithLayout(confirmed, content);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const next = await analyze(content);
    expect(next).toMatchObject({ layoutFrom: 'saved', confidence: 1, layout: confirmed });
    expect(next.preview.unknownAccounts).toContainEqual(
      expect.objectContaining({ code: 'Income:Bonus', suggestedType: 'revenue', suggestedSubtype: 'other_income' }),
    );
  });

  it('refuses an account the chart lacks that has no type, and stores nothing', async () => {
    const changed = content.replace('Income:Other Income,Other Income', 'Windfall,Windfall');
    const analysis = await analyze(changed);
    expect(analysis.preview.unknownAccounts).toContainEqual({
      code: 'Windfall',
      name: 'Windfall',
      parentCode: null,
      suggestedType: null,
      suggestedSubtype: null,
      suggestedFrom: null,
    });
    const refused = await uploadWithLayout(analysis.layout, changed);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.problems).toEqual([
      {
        line: 3,
        column: null,
        value: 'Windfall',
        problem: layoutMessages.newAccountNeedsType('Windfall'),
        rule: 'New accounts: created with the types chosen in the preview',
      },
    ]);
    expect(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/pipeline/list-files/${organizationId}`,
        headers: bearer(adminToken),
      }),
    ).toSatisfy((response: { json: () => { data: { files: unknown[] } } }) => response.json().data.files.length === 0);
  });
});

describe("Odoo's generic chart of accounts, loaded as it is", () => {
  it('creates every account with our type and subtype from its own vocabulary', async () => {
    const content = fs.readFileSync(
      path.join(FIXTURES, 'chart-of-accounts/odoo-17-generic-coa-account.account.csv'),
      'utf8',
    );
    const chart = await standardDataTypeId(t.app, adminToken, organizationId, '01_Account');
    const fields = { organizationId, data_type_id: chart };
    const analysisForm = await sealedUploadForm(uploadKey, fields, [{ name: 'coa.csv', content }], 'file');
    const analysis = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/pipeline/analyze-file',
        payload: analysisForm.payload,
        headers: { ...analysisForm.headers, ...bearer(adminToken) },
      })
    ).json().data as FileAnalysis;
    expect(analysis).toMatchObject({ recognizedAs: 'Chart of accounts', preview: { rows: 45, problemCount: 0 } });
    const form = await sealedUploadForm(uploadKey, { ...fields, layout: JSON.stringify(analysis.layout) }, [
      { name: 'coa.csv', content },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pipeline/file-upload',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(adminToken) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/pipeline/run-pipeline/${organizationId}`,
      headers: bearer(adminToken),
    });
    await jobs.drain();
    expect(
      await warehouseSql(
        `select account_code, account_name, account_type, account_subtype, is_active from "01_Account"
         where account_code in ('1010', '4000', '5000') order by 1`,
      ),
    ).toEqual([
      {
        account_code: '1010',
        account_name: 'Current Assets',
        account_type: 'asset',
        account_subtype: 'other_current_asset',
        is_active: true,
      },
      {
        account_code: '4000',
        account_name: 'Product Sales',
        account_type: 'revenue',
        account_subtype: 'sales',
        is_active: true,
      },
      {
        account_code: '5000',
        account_name: 'Cost of Goods Sold',
        account_type: 'expense',
        account_subtype: 'cost_of_sales',
        is_active: true,
      },
    ]);
    expect(await warehouseSql(`select count(*)::int as n from "01_Account"`)).toEqual([{ n: 45 }]);
  });
});

describe('a laid-out file that breaks a rule', () => {
  const file = 'split-transactions/gnucash-3-full-layout-personal-sample.csv';
  const content = fs.readFileSync(path.join(FIXTURES, file), 'utf8');

  it.each([
    [
      'in another currency than the organization’s',
      content.replace('CURRENCY::USD', 'CURRENCY::EUR'),
      {
        line: 2,
        column: 'Commodity/Currency',
        value: 'EUR',
        problem: layoutMessages.currencies(['EUR', 'USD'], 'USD'),
        rule: 'Currency: USD only',
      },
      'line 2, column Commodity/Currency: "EUR" The file holds amounts in EUR, USD; this organization keeps its ' +
        'books in USD only (layout rule: Currency: USD only)',
    ],
    [
      'with a journal out of balance',
      content.replace('"-1,000.00",n', '"-900.00",n'),
      {
        line: 2,
        column: null,
        value: '4a1efb8f1af04a478695eceb8e231022',
        problem: layoutMessages.unbalanced('4a1efb8f1af04a478695eceb8e231022', '100.00'),
        rule: 'Journals: rows with the same Transaction ID',
      },
      'line 2: "4a1efb8f1af04a478695eceb8e231022" Journal 4a1efb8f1af04a478695eceb8e231022 is out of balance by ' +
        '100.00 and names no single contra account to balance it (layout rule: Journals: rows with the same ' +
        'Transaction ID)',
    ],
  ])(
    'is refused %s, naming line, column, value and layout rule, and nothing changes',
    async (_, changed, problem, message) => {
      const analysis = await analyze(content);
      const refused = await uploadWithLayout(analysis.layout, changed);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data.problems).toEqual([problem]);
      expect(refused.json().message).toBe(`The file was not accepted: ${message}`);
      const files = await t.app.inject({
        method: 'GET',
        url: `/api/v1/pipeline/list-files/${organizationId}`,
        headers: bearer(adminToken),
      });
      expect(files.json().data.files).toEqual([]);
      expect(await warehouseSql(`select 1 from "02_GL_Detail" union all select 1 from "01_Account"`)).toEqual([]);
    },
  );
});

describe('a trial balance of closing balances', () => {
  const trialBalance = (cash: string, equity: string, sales: string) =>
    [
      'Trial Balance',
      'Acme Ltd',
      '',
      'Account,Debit,Credit',
      `1000 Cash,"${cash}",`,
      `3000 Owner's Equity,,"${equity}"`,
      `4000 Sales,,"${sales}"`,
      `TOTAL,"${cash}","${cash}"`,
    ].join('\n');
  const dataTypeOf = (targetTable: string) => standardDataTypeId(t.app, adminToken, organizationId, targetTable);

  /** Analyzes the file, then uploads it with the layout found (and any other fields): the upload's answer. */
  async function send(dataTypeId: string, content: string, period: string, extra: Record<string, string> = {}) {
    const fields = { organizationId, data_type_id: dataTypeId, period };
    const analysisForm = await sealedUploadForm(uploadKey, fields, [{ name: 'tb.csv', content }], 'file');
    const analysis = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pipeline/analyze-file',
      payload: analysisForm.payload,
      headers: { ...analysisForm.headers, ...bearer(adminToken) },
    });
    expect(analysis.statusCode, analysis.body).toBe(200);
    const { layout } = analysis.json().data as FileAnalysis;
    expect(layout.family).toBe('trial-balance');
    const form = await sealedUploadForm(
      uploadKey,
      { ...fields, layout: JSON.stringify(layout), createAccounts: 'true', ...extra },
      [{ name: 'tb.csv', content }],
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/pipeline/file-upload',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(adminToken) },
    });
  }
  async function upload(dataTypeId: string, content: string, period: string, extra: Record<string, string> = {}) {
    const uploaded = await send(dataTypeId, content, period, extra);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return uploaded.json().data.files as { id: string; name: string }[];
  }
  const listFiles = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/pipeline/list-files/${organizationId}`,
        headers: bearer(adminToken),
      })
    ).json().data.files as { name: string; dataTypeName: string; period: string; status: string }[];

  const run = async () => {
    const queued = await t.app.inject({
      method: 'POST',
      url: `/api/v1/pipeline/run-pipeline/${organizationId}`,
      headers: bearer(adminToken),
    });
    expect(queued.statusCode, queued.body).toBe(200);
    await jobs.drain();
    for (const runId of queued.json().data.runIds as string[]) {
      const finished = await t.app.inject({
        method: 'GET',
        url: `/api/v1/pipeline/runs/${runId}`,
        headers: bearer(adminToken),
      });
      const { status, problems } = finished.json().data.run;
      expect(status, JSON.stringify(problems)).toBe('succeeded');
    }
  };
  const trialBalanceRows = () =>
    warehouseSql(
      `select period, account_code, opening_balance::text, debit::text, credit::text, closing_balance::text
       from "04_Trial_Balance" order by period, account_code`,
    );

  it('loads for its period with the opening and movements taken from the previous period', async () => {
    const tb = await dataTypeOf('04_Trial_Balance');
    // Month by month, as a firm sends them: each opening is the month before's closing in the warehouse.
    await upload(tb, trialBalance('12,000.00', '10,000.00', '2,000.00'), '2024-01');
    await run();
    await upload(tb, trialBalance('15,000.00', '10,000.00', '5,000.00'), '2024-02');
    await run();
    expect(await trialBalanceRows()).toEqual(TWO_MONTHS);
  });

  it('chains two months uploaded before one run, whatever the order of their files', async () => {
    const tb = await dataTypeOf('04_Trial_Balance');
    // The later month first: its opening is still the earlier month's closing, loaded in the same run.
    await upload(tb, trialBalance('15,000.00', '10,000.00', '5,000.00'), '2024-02');
    await upload(tb, trialBalance('12,000.00', '10,000.00', '2,000.00'), '2024-01');
    await run();
    expect(await trialBalanceRows()).toEqual(TWO_MONTHS);
  });

  const TWO_MONTHS = [
    {
      period: '2024-01',
      account_code: '1000',
      opening_balance: '0.00',
      debit: '12000.00',
      credit: '0.00',
      closing_balance: '12000.00',
    },
    {
      period: '2024-01',
      account_code: '3000',
      opening_balance: '0.00',
      debit: '0.00',
      credit: '10000.00',
      closing_balance: '-10000.00',
    },
    {
      period: '2024-01',
      account_code: '4000',
      opening_balance: '0.00',
      debit: '0.00',
      credit: '2000.00',
      closing_balance: '-2000.00',
    },
    {
      period: '2024-02',
      account_code: '1000',
      opening_balance: '12000.00',
      debit: '3000.00',
      credit: '0.00',
      closing_balance: '15000.00',
    },
    {
      period: '2024-02',
      account_code: '3000',
      opening_balance: '-10000.00',
      debit: '0.00',
      credit: '0.00',
      closing_balance: '-10000.00',
    },
    {
      period: '2024-02',
      account_code: '4000',
      opening_balance: '-2000.00',
      debit: '0.00',
      credit: '3000.00',
      closing_balance: '-5000.00',
    },
  ];

  it('posts as a balanced opening journal when uploaded to the ledger', async () => {
    await upload(glDetail, trialBalance('12,000.00', '10,000.00', '2,000.00'), '2024-01');
    const run = await runGl();
    expect(run, JSON.stringify(run.problems)).toMatchObject({ status: 'succeeded', rowsAdded: 3 });
    expect(
      await warehouseSql(
        `select journal_id, posting_date::text, account_code, debit::text, credit::text from "02_GL_Detail" order by line_no`,
      ),
    ).toEqual([
      {
        journal_id: 'Opening balances 2024-01',
        posting_date: '2024-01-01',
        account_code: '1000',
        debit: '12000.00',
        credit: '0.00',
      },
      {
        journal_id: 'Opening balances 2024-01',
        posting_date: '2024-01-01',
        account_code: '3000',
        debit: '0.00',
        credit: '10000.00',
      },
      {
        journal_id: 'Opening balances 2024-01',
        posting_date: '2024-01-01',
        account_code: '4000',
        debit: '0.00',
        credit: '2000.00',
      },
    ]);
    expect(await warehouseSql(`select account_code, account_type from "01_Account" order by 1`)).toEqual([
      { account_code: '1000', account_type: 'asset' },
      { account_code: '3000', account_type: 'equity' },
      { account_code: '4000', account_type: 'revenue' },
    ]);
  });
  describe('used as opening balances', () => {
    it('posts the balanced opening journal with the trial balance, and the balance sheet at the period end is the trial balance', async () => {
      const tb = await dataTypeOf('04_Trial_Balance');
      const files = await upload(tb, trialBalance('12,000.00', '10,000.00', '2,000.00'), '2024-01', {
        openingBalances: 'true',
      });
      expect(files.map((file) => file.name)).toEqual(['tb.csv', 'tb.csv']);
      expect(
        (await listFiles()).map(({ name, dataTypeName, period, status }) => ({ name, dataTypeName, period, status })),
      ).toEqual(
        expect.arrayContaining([
          { name: 'tb.csv', dataTypeName: 'Trial Balance', period: '2024-01', status: 'uploaded' },
          { name: 'tb.csv', dataTypeName: 'GL Detail', period: '2024-01', status: 'uploaded' },
        ]),
      );

      await run();
      expect(
        await warehouseSql(
          `select journal_id, posting_date::text, period, account_code, debit::text, credit::text
           from "02_GL_Detail" order by line_no`,
        ),
      ).toEqual([
        {
          journal_id: 'Opening balances 2024-01',
          posting_date: '2024-01-01',
          period: '2024-01',
          account_code: '1000',
          debit: '12000.00',
          credit: '0.00',
        },
        {
          journal_id: 'Opening balances 2024-01',
          posting_date: '2024-01-01',
          period: '2024-01',
          account_code: '3000',
          debit: '0.00',
          credit: '10000.00',
        },
        {
          journal_id: 'Opening balances 2024-01',
          posting_date: '2024-01-01',
          period: '2024-01',
          account_code: '4000',
          debit: '0.00',
          credit: '2000.00',
        },
      ]);
      expect(await trialBalanceRows()).toEqual(TWO_MONTHS.slice(0, 3));
      // The ledger agrees with the trial balance (the trial balance check finds nothing), and the balance sheet
      // at the period's end shows its balances: cash 12,000 against equity 10,000 and the month's sales 2,000.
      const check = await t.app.inject({
        method: 'GET',
        url: `/api/v1/crud/${organizationId}/reconciliation`,
        headers: bearer(adminToken),
      });
      expect(check.json().data, check.body).toEqual({ differences: [] });
      const sheet = await t.app.inject({
        method: 'GET',
        url: `/api/v1/reports/${organizationId}/balance-sheet?from=2024-01&to=2024-01`,
        headers: bearer(adminToken),
      });
      expect(sheet.json().data.totals).toMatchObject({
        assets: 12000,
        liabilities: 0,
        equity: 12000,
        currentYearEarnings: 2000,
        liabilitiesAndEquity: 12000,
      });
    });

    it('refuses a trial balance whose debits and credits differ, and stores and loads nothing', async () => {
      const tb = await dataTypeOf('04_Trial_Balance');
      const refused = await send(tb, trialBalance('12,000.00', '10,000.00', '1,500.00'), '2024-01', {
        openingBalances: 'true',
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().data.problems).toEqual([
        {
          line: 5,
          column: null,
          value: 'Opening balances 2024-01',
          problem: layoutMessages.openingUnbalanced('12,000.00', '11,500.00'),
          rule: 'Opening balances: the trial balance posted as one journal',
        },
      ]);
      expect(await listFiles()).toEqual([]);
      expect(
        await warehouseSql(
          `select 1 from "02_GL_Detail" union all select 1 from "04_Trial_Balance" union all select 1 from "01_Account"`,
        ),
      ).toEqual([]);
    });

    it('refuses without a period, naming why, and stores nothing', async () => {
      const tb = await dataTypeOf('04_Trial_Balance');
      const refused = await send(tb, trialBalance('12,000.00', '10,000.00', '2,000.00'), '', {
        openingBalances: 'true',
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(layoutApiMessages.openingBalancesNeedPeriod);
      expect(await listFiles()).toEqual([]);
    });
  });
});
