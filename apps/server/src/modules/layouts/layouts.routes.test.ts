import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutApiMessages, layoutMessages, type Layout } from '@finboard/shared/layouts';
import type { UploadKey } from '@finboard/shared/upload-encryption';
import { uploadApiMessages } from '@finboard/shared/uploads';
import { dataTypes, uploadedFiles } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { addOrganizationThroughApi, bearer, login } from '../../../test/factories.ts';
import { fetchUploadKey, sealedUploadForm } from '../../../test/uploads.ts';

/**
 * Analyze (issue 23 §2) through the API: a sealed file is recognized and previewed against the
 * organization's chart, and nothing is stored.
 */
let t: TestApp;
let adminToken: string;
let uploadKey: UploadKey;
let organizationId: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await login(t.app, TEST_ADMIN);
  uploadKey = await fetchUploadKey(t.app, adminToken);
  organizationId = await addOrganizationThroughApi(t.app, adminToken, 'Layouts');
});
afterAll(() => t?.close());

const admin = () => bearer(adminToken);

async function dataTypeId(standardKey: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: dataTypes.id })
    .from(dataTypes)
    .where(and(eq(dataTypes.organizationId, organizationId), eq(dataTypes.standardKey, standardKey)));
  return row!.id;
}

async function analyze(content: string, fields: Record<string, string> = {}) {
  const form = await sealedUploadForm(
    uploadKey,
    { organizationId, data_type_id: await dataTypeId('gl_detail'), ...fields },
    [{ name: 'ledger.csv', content }],
    'file',
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/pipeline/analyze-file',
    headers: { ...admin(), ...form.headers },
    payload: form.payload,
  });
}

const storedFiles = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.organizationId, organizationId))
  )[0]!.n;

const REPORT = [
  '"General Ledger"',
  '"Acme Landscaping"',
  '"January 2026"',
  '',
  '"","Date","Transaction Type","Num","Name","Memo/Description","Split","Amount","Balance"',
  '"Checking"',
  '"","01/05/2026","Deposit","","","","Design income","1,200.00","1,200.00"',
  '"","01/09/2026","Expense","71","Hicks Hardware","Nails","Job Materials","-$250.50","949.50"',
  '"Total for Checking","","","","","","","$949.50",""',
].join('\r\n');

describe('POST /api/v1/pipeline/analyze-file', () => {
  it('recognizes a report, previews what would load and stores nothing', async () => {
    const response = await analyze(REPORT);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe(layoutApiMessages.analyzed);
    expect(body.data).toMatchObject({
      recognizedAs: 'QuickBooks Online General Ledger report',
      layoutFrom: 'recognized',
      layout: { family: 'gl-report', headerLine: 4, sectionAccounts: true },
      header: ['', 'Date', 'Transaction Type', 'Num', 'Name', 'Memo/Description', 'Split', 'Amount', 'Balance'],
      preview: {
        partial: false,
        rows: 4,
        journals: 2,
        balanced: true,
        periods: [{ period: '2026-01', lines: 4, debit: '1450.50', credit: '1450.50' }],
        problems: [],
        problemCount: 0,
      },
    });
    expect(body.data.preview.unknownAccounts.map((account: { code: string }) => account.code)).toEqual([
      'Checking',
      'Design income',
      'Job Materials',
    ]);
    expect(body.data.preview.sample[0]).toMatchObject({
      journal_id: '2026-01-05 Deposit',
      posting_date: '2026-01-05',
      account_code: 'Checking',
      debit: '1200.00',
      credit: '0.00',
    });
    expect(await storedFiles()).toBe(0);
  });

  it('previews with the layout the user corrected', async () => {
    const first = (await analyze(REPORT)).json().data.layout as Layout;
    const corrected: Layout = { ...first, amount: { kind: 'signed', positiveIs: 'credit' } };
    const response = await analyze(REPORT, { layout: JSON.stringify(corrected) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ layoutFrom: 'upload', confidence: 1 });
    expect(response.json().data.preview.sample[0]).toMatchObject({ debit: '0.00', credit: '1200.00' });
  });

  it('names the journals that cannot balance', async () => {
    const response = await analyze(REPORT.replace('"Job Materials"', '"-SPLIT-"'));
    expect(response.json().data.preview).toMatchObject({
      balanced: false,
      problems: [
        {
          line: 8,
          column: 'Split',
          value: '-SPLIT-',
          problem: layoutMessages.splitUnresolved('2026-01-09 Expense 71 Hicks Hardware', '-SPLIT-'),
        },
      ],
      problemCount: 1,
    });
  });

  it('refuses a layout that is not valid, a table layouts are not for, and a form without a file', async () => {
    const invalid = await analyze(REPORT, { layout: JSON.stringify({ family: 'gl-report' }) });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ status: false, message: layoutApiMessages.layoutInvalid });

    const form = await sealedUploadForm(
      uploadKey,
      { organizationId, data_type_id: await dataTypeId('budget') },
      [{ name: 'budget.csv', content: 'a,b\n1,2\n' }],
      'file',
    );
    const budget = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pipeline/analyze-file',
      headers: { ...admin(), ...form.headers },
      payload: form.payload,
    });
    expect(budget.statusCode).toBe(400);
    expect(budget.json()).toEqual({ status: false, message: layoutApiMessages.notForTable });

    const empty = await sealedUploadForm(
      uploadKey,
      { organizationId, data_type_id: await dataTypeId('gl_detail') },
      [],
    );
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pipeline/analyze-file',
      headers: { ...admin(), ...empty.headers },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ status: false, message: uploadApiMessages.selectFile });
    expect(await storedFiles()).toBe(0);
  });
});
