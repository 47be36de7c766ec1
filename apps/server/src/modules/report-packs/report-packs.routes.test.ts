import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { formatValue } from '@finboard/shared/report-format';
import {
  reportPackMessages as m,
  type Pack,
  type PackDocument,
  type PackPageInput,
  type PackRun,
  type PackTemplate,
} from '@finboard/shared/report-packs';
import type { Report, ReportRow } from '@finboard/shared/reports';
import { reportPackRuns, reportPacks } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, login, type TestUser } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import { outboxMailTo } from '../../../test/outbox.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { seedWarehouse, type AccountRow, type PeriodRow } from '../../../test/warehouse-books.ts';
import { qualifiedSql } from '../../warehouse/identifiers.ts';

/**
 * Report packs through the API (issue 27) on books loaded into a warehouse: templates and packs, a pack made and
 * its figures compared with the statements API to the cent (PDF text and workbook cells), delivery into the
 * outbox with attachments, the hold of a pack whose tie-out differs, and the schedule sending once per period.
 */
let t: TestApp;
let jobs: ReturnType<typeof createTestJobRunner>;
let org: string;
let member: TestUser;
let userToken: string;
let adminToken: string;

const MONTHS = Array.from({ length: 15 }, (_, index) => {
  const month = index % 12;
  const year = 2025 + Math.floor(index / 12);
  return `${year}-${String(month + 1).padStart(2, '0')}`;
});
const PERIOD = '2026-03';
const ACCOUNTS: AccountRow[] = [
  ['1000', 'Bank', 'asset', 'cash'],
  ['1100', 'Receivables', 'asset', 'receivable'],
  ['2000', 'Payables', 'liability', 'payable'],
  ['3000', 'Capital', 'equity', 'share_capital'],
  ['4000', 'Machined Components', 'revenue', 'sales'],
  ['4100', 'Services', 'revenue', 'sales'],
  ['5000', 'Materials', 'expense', 'cost_of_sales'],
  ['6000', 'Rent', 'expense', 'operating_expense'],
  ['6100', 'Salaries', 'expense', 'operating_expense'],
];
const GL_COLUMNS = ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit'];

/** Balanced journals month by month: sales on account, cash received, materials on account, rent and salaries paid. */
function ledgerRows(months: readonly string[]): unknown[][] {
  const rows: unknown[][] = [['OPEN', 1, `${months[0]}-01`, months[0], '1000', '50000.00', '0']];
  rows.push(['OPEN', 2, `${months[0]}-01`, months[0], '3000', '0', '50000.00']);
  months.forEach((month, index) => {
    const day = `${month}-15`;
    const money = (value: number) => value.toFixed(2);
    const sales = 10_000 + 517.35 * index;
    const services = 3_000 + 137.25 * index;
    const materials = 4_000 + 201.1 * index;
    const salaries = 5_000 + 50.5 * index;
    const journal = (id: string, debit: string, credit: string, amount: number) => [
      [`${id}-${month}`, 1, day, month, debit, money(amount), '0'],
      [`${id}-${month}`, 2, day, month, credit, '0', money(amount)],
    ];
    rows.push(
      ...journal('SALE', '1100', '4000', sales),
      ...journal('SERV', '1100', '4100', services),
      ...journal('RECV', '1000', '1100', (sales + services) * 0.9),
      ...journal('MATL', '5000', '2000', materials),
      ...journal('RENT', '6000', '1000', 1_500),
      ...journal('SAL', '6100', '1000', salaries),
    );
  });
  return rows;
}
const periodRows = (months: readonly string[]): PeriodRow[] =>
  months.map((month) => {
    const [year, number] = month.split('-').map(Number) as [number, number];
    const end = new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
    return [month, `${month}-01`, end, year, number];
  });

async function seedBooks(organizationId: string, months: readonly string[]) {
  await seedWarehouse(t.app.services.warehouse, organizationId, {
    periods: periodRows(months),
    accounts: ACCOUNTS,
    gl: { columns: GL_COLUMNS, rows: ledgerRows(months) },
  });
}

beforeAll(async () => {
  jobs = createTestJobRunner();
  t = await buildTestApp({}, { jobs: jobs.runner });
  org = (await createOrganization(t.database, { name: `Cascade Hydraulics ${Date.now()}` })).id;
  await seedBooks(org, MONTHS);
  member = await createUser(t.database, { organizationId: org, firstName: 'Mary', lastName: 'Preparer' });
  userToken = await login(t.app, member);
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = userToken) {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined && { payload }),
  });
  return { status: response.statusCode, body: response.json(), raw: response };
}
const packsUrl = (organizationId = org) => `/api/v1/report-packs/${organizationId}`;

const STATEMENT_PAGES: PackPageInput[] = [
  { kind: 'statement', template: 'profit-and-loss', options: { compare: ['previousPeriod', 'priorYear'] } },
  { kind: 'statement', template: 'balance-sheet', options: { compare: [] } },
  { kind: 'statement', template: 'cash-flow', options: { range: 'yearToDate', compare: [], brackets: true } },
];
const ALL_PAGES: PackPageInput[] = [
  { id: 'cover', kind: 'cover' },
  { id: 'contents', kind: 'contents' },
  ...STATEMENT_PAGES,
  { kind: 'kpis', options: { kpis: ['revenue', 'grossMargin', 'cash'] } },
  { kind: 'commentary' },
  { kind: 'chart', options: { chart: 'revenue-and-net-income' } },
  { kind: 'notes', options: { text: 'Figures are **unaudited**.' } },
  { kind: 'tie-out' },
];

/** A pack of `org` made by its user; of another organization, by the administrator. */
async function newPack(body: Record<string, unknown>, organizationId = org): Promise<Pack> {
  const token = organizationId === org ? userToken : adminToken;
  const { status, body: answer } = await call(
    'POST',
    packsUrl(organizationId),
    { formats: ['pdf', 'xlsx'], ...body },
    token,
  );
  expect(status).toBe(201);
  return answer.data.pack as Pack;
}
async function generate(pack: Pack, period: string, deliver = false): Promise<PackRun> {
  const queued = await call(
    'POST',
    `${packsUrl(pack.organizationId)}/${pack.id}/generate`,
    { period, deliver },
    adminToken,
  );
  expect(queued.status).toBe(202);
  expect(queued.body.message).toBe(m.generateQueued);
  await jobs.drain();
  const { body } = await call(
    'GET',
    `${packsUrl(pack.organizationId)}/${pack.id}/runs/${queued.body.data.runId}`,
    undefined,
    adminToken,
  );
  return body.data.run as PackRun;
}
async function download(run: PackRun, format: 'pdf' | 'xlsx') {
  const response = await t.app.inject({
    method: 'GET',
    url: run.files.find((file) => file.format === format)!.url,
    headers: bearer(userToken),
  });
  expect(response.statusCode).toBe(200);
  return response;
}

describe('report pack templates', () => {
  it('lets an administrator create, list, change and delete a template; pages get ids', async () => {
    const created = await call(
      'POST',
      '/api/v1/report-pack-templates',
      { name: 'Monthly management pack', pages: ALL_PAGES, formats: ['xlsx', 'pdf'] },
      adminToken,
    );
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(m.templateCreated);
    const template = created.body.data.template as PackTemplate;
    expect(template).toMatchObject({
      name: 'Monthly management pack',
      formats: ['pdf', 'xlsx'],
      packs: 0,
      colour: null,
    });
    expect(template.pages.map((page) => page.id)).toEqual(expect.arrayContaining(['cover', 'contents']));
    expect(new Set(template.pages.map((page) => page.id)).size).toBe(ALL_PAGES.length);

    const listed = await call('GET', '/api/v1/report-pack-templates', undefined, adminToken);
    expect(listed.body.data.templates.map((entry: PackTemplate) => entry.id)).toContain(template.id);

    const renamed = await call(
      'PUT',
      `/api/v1/report-pack-templates/${template.id}`,
      { name: 'Board pack', pages: template.pages.slice(0, 3) },
      adminToken,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.template).toMatchObject({ name: 'Board pack', pages: template.pages.slice(0, 3) });

    const deleted = await call('DELETE', `/api/v1/report-pack-templates/${template.id}`, undefined, adminToken);
    expect(deleted).toMatchObject({ status: 200, body: { status: true, message: m.templateDeleted } });
    expect((await call('GET', `/api/v1/report-pack-templates/${template.id}`, undefined, adminToken)).status).toBe(404);
  });

  it('refuses a statement page without its report, a report on another kind, no pages and a taken name', async () => {
    const post = (body: object) => call('POST', '/api/v1/report-pack-templates', body, adminToken);
    expect((await post({ name: 'A', pages: [{ kind: 'statement' }] })).body).toMatchObject({
      status: false,
      errors: [{ msg: m.statementTemplateRequired, path: 'pages.0.template' }],
    });
    expect((await post({ name: 'A', pages: [{ kind: 'cover', template: 'balance-sheet' }] })).body.errors[0].msg).toBe(
      m.templateOnlyOnStatements,
    );
    expect((await post({ name: 'A', pages: [] })).body.errors[0].msg).toBe(m.pagesRequired);
    expect((await post({ name: 'A', pages: [{ kind: 'poster' }] })).body.errors[0].msg).toBe(m.pageKindInvalid);
    expect((await post({ name: 'Taken once', pages: [{ kind: 'cover' }] })).status).toBe(201);
    expect(await post({ name: 'taken ONCE', pages: [{ kind: 'cover' }] })).toMatchObject({
      status: 409,
      body: { message: m.templateNameTaken },
    });
  });

  it('is for administrators only', async () => {
    const response = await call('GET', '/api/v1/report-pack-templates');
    expect(response).toMatchObject({ status: 403, body: { status: false, message: messages.forbidden } });
  });
});

describe('report packs made from a template', () => {
  it('follows the template but the pages it overrides, until it detaches', async () => {
    const template = (
      await call(
        'POST',
        '/api/v1/report-pack-templates',
        { name: `Follow ${Date.now()}`, pages: ALL_PAGES.slice(0, 4) },
        adminToken,
      )
    ).body.data.template as PackTemplate;
    const pack = await newPack({ name: 'Client pack', templateId: template.id, formats: undefined });
    expect(pack).toMatchObject({ templateId: template.id, templateName: template.name, formats: ['pdf', 'xlsx'] });
    expect(pack.pages.map((page) => page.source)).toEqual(['template', 'template', 'template', 'template']);

    // The pack changes its Profit & Loss page: that page is its own from now on.
    const pages = pack.pages.map(({ source: _source, ...page }) =>
      page.template === 'profit-and-loss' ? { ...page, options: { thousands: true } } : page,
    );
    const saved = (await call('PUT', `${packsUrl()}/${pack.id}`, { pages })).body.data.pack as Pack;
    expect(saved.pages.map((page) => page.source)).toEqual(['template', 'template', 'override', 'template']);

    // The template gains a page and changes its Profit & Loss: the pack gets the first, keeps its own P&L.
    await call(
      'PUT',
      `/api/v1/report-pack-templates/${template.id}`,
      {
        name: template.name,
        pages: [
          ...template.pages.map((page) =>
            page.template === 'profit-and-loss' ? { ...page, options: { brackets: true } } : page,
          ),
          { id: 'notes', kind: 'notes', options: { text: 'New' } },
        ],
      },
      adminToken,
    );
    const followed = (await call('GET', `${packsUrl()}/${pack.id}`)).body.data.pack as Pack;
    expect(followed.pages.map((page) => [page.kind, page.source])).toEqual([
      ['cover', 'template'],
      ['contents', 'template'],
      ['statement', 'override'],
      ['statement', 'template'],
      ['notes', 'template'],
    ]);
    expect(followed.pages[2]!.options).toEqual({ thousands: true });

    // A template in use cannot be deleted; a detached pack keeps its pages as its own.
    expect(
      (await call('DELETE', `/api/v1/report-pack-templates/${template.id}`, undefined, adminToken)).body.message,
    ).toBe(m.templateInUse);
    const detached = (await call('PUT', `${packsUrl()}/${pack.id}`, { detach: true })).body.data.pack as Pack;
    expect(detached.templateId).toBeNull();
    expect(detached.pages.map(({ source: _s, ...page }) => page)).toEqual(
      followed.pages.map(({ source: _s, ...page }) => page),
    );
    expect(detached.pages.every((page) => page.source === 'pack')).toBe(true);
  });

  it('keeps recipients of the organization only, and refuses a user of another one', async () => {
    const pack = await newPack({ name: 'Recipients', pages: [{ kind: 'cover' }] });
    const outsider = await createUser(t.database, { organizationId: (await createOrganization(t.database)).id });
    const refused = await call('PUT', `${packsUrl()}/${pack.id}`, { recipients: [{ userId: outsider.id }] });
    expect(refused).toMatchObject({ status: 400, body: { message: m.recipientNotMember } });
    const saved = await call('PUT', `${packsUrl()}/${pack.id}`, {
      recipients: [{ userId: member.id }, { email: 'CFO@Client.example' }, { email: 'cfo@client.example' }],
    });
    expect(saved.body.data.pack.recipients).toEqual([
      { userId: member.id, email: member.email, name: 'Mary Preparer' },
      { userId: null, email: 'cfo@client.example', name: null },
    ]);
  });

  it('answers 404 for a pack of another organization, whoever asks', async () => {
    const other = (await createOrganization(t.database)).id;
    const pack = await newPack({ name: 'Elsewhere', pages: [{ kind: 'cover' }] });
    const response = await call('GET', `${packsUrl(other)}/${pack.id}`, undefined, adminToken);
    expect(response).toMatchObject({ status: 404, body: { message: m.packNotFound } });
  });
});

/** The figures of an API row as a statement page shows them, in column order. */
const shownValues = (
  row: ReportRow,
  columns: Report['sections'][number]['columns'],
  display: { thousands: boolean; brackets: boolean },
) =>
  columns.flatMap((column) => {
    const value = row.values[column.key];
    return value === null || value === undefined ? [] : [formatValue(value, row.format ?? column.kind, display)];
  });

describe('generating a pack', () => {
  let pack: Pack;
  let document: PackDocument;
  let run: PackRun;
  beforeAll(async () => {
    pack = await newPack({ name: 'Monthly pack', pages: ALL_PAGES });
    await call('PUT', `${packsUrl()}/${pack.id}/commentary/${PERIOD}`, { text: 'Revenue was {{revenue}} this month.' });
    document = (await call('POST', `${packsUrl()}/${pack.id}/preview`, { period: PERIOD })).body.data.document;
    run = await generate(pack, PERIOD);
  });

  it('makes the PDF and the workbook, and says their size and pages', () => {
    expect(run).toMatchObject({ status: 'succeeded', progress: 100, trigger: 'manual', deliver: false, message: null });
    expect(run.files.map((file) => file.format)).toEqual(['pdf', 'xlsx']);
    const [pdf, xlsx] = run.files;
    expect(pdf!.pages).toBeGreaterThanOrEqual(ALL_PAGES.length);
    expect(pdf!.bytes).toBeGreaterThan(10_000);
    expect(xlsx!.pages).toBeGreaterThanOrEqual(STATEMENT_PAGES.length);
  });

  it('prints every figure of every statement as the statements API answers it, to the cent', async () => {
    const response = await download(run, 'pdf');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Monthly pack ${PERIOD}.pdf"`);
    const lines = (await pdfText(response.rawPayload)).split('\n');
    let compared = 0;
    for (const page of document.pages) {
      if (page.kind !== 'statement') continue;
      const query = new URLSearchParams({ from: page.query.from, to: page.query.to, compare: page.query.compare });
      const api = (await call('GET', `/api/v1/reports/${org}/${page.template}?${query}`)).body.data as Report;
      for (const section of api.sections)
        for (const row of section.rows) {
          const values = shownValues(row, section.columns, page);
          if (values.length === 0) continue;
          const line = lines.find(
            (candidate: string) => candidate.includes(row.label) && values.every((value) => candidate.includes(value)),
          );
          expect(line, `${page.title}: ${row.label} ${values.join(' ')}`).toBeDefined();
          // In the API's column order.
          let at = line!.indexOf(row.label) + row.label.length;
          for (const value of values) {
            const found = line!.indexOf(value, at);
            expect(found, `${page.title}: ${row.label} ${value}`).toBeGreaterThanOrEqual(at);
            at = found + value.length;
          }
          compared += values.length;
        }
    }
    expect(compared).toBeGreaterThan(100);
    expect(lines.join('\n')).toContain(`Revenue was ${formatValue(revenueOf(document), 'amount')} this month.`);
  });

  it('writes every figure of every statement into the workbook as numbers equal to the API', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(run, 'xlsx')).rawPayload as unknown as ArrayBuffer);
    let compared = 0;
    for (const page of document.pages) {
      if (page.kind !== 'statement') continue;
      const sheet = workbook.worksheets.find(
        (candidate: ExcelJS.Worksheet) => candidate.name === page.title.slice(0, 31),
      );
      expect(sheet, page.title).toBeDefined();
      const query = new URLSearchParams({ from: page.query.from, to: page.query.to, compare: page.query.compare });
      const api = (await call('GET', `/api/v1/reports/${org}/${page.template}?${query}`)).body.data as Report;
      const sheetRows: { label: string; numbers: number[] }[] = [];
      sheet!.eachRow((row) => {
        const cells = (row.values as unknown[]).slice(1);
        const label = String(cells[0] ?? '').trim();
        const numbers = cells.slice(1).flatMap((cell) => {
          if (typeof cell === 'number') return [cell];
          if (cell && typeof cell === 'object' && 'result' in cell && typeof cell.result === 'number')
            return [cell.result];
          return [];
        });
        sheetRows.push({ label, numbers });
      });
      let from = 0;
      for (const section of api.sections)
        for (const row of section.rows) {
          const values = section.columns.flatMap((column) =>
            (row.values[column.key] ?? null) === null ? [] : [row.values[column.key]!],
          );
          if (values.length === 0) continue;
          // A group's heading and its subtotal may share a label: the row with figures is the one.
          const index = sheetRows.findIndex(
            (candidate, at) => at >= from && candidate.label === row.label && candidate.numbers.length > 0,
          );
          expect(index, `${page.title}: ${row.label}`).toBeGreaterThanOrEqual(0);
          expect(sheetRows[index]!.numbers.map((value) => Math.round(value * 100))).toEqual(
            values.map((value) => Math.round(value * 100)),
          );
          from = index + 1;
          compared += values.length;
        }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('shows the tie-out balanced and the commentary with its figure', () => {
    const tieOut = document.pages.find((page) => page.kind === 'tie-out');
    expect(tieOut).toMatchObject({ balanced: true, signedOff: null });
    const commentary = document.pages.find((page) => page.kind === 'commentary');
    expect(commentary).toMatchObject({
      blocks: [
        {
          kind: 'paragraph',
          runs: [{ text: `Revenue was ${formatValue(revenueOf(document), 'amount')} this month.` }],
        },
      ],
    });
  });

  it('lists the run among the pack’s runs and refuses a file the run does not have', async () => {
    const runs = (await call('GET', `${packsUrl()}/${pack.id}/runs`)).body.data.runs as PackRun[];
    expect(runs[0]!.id).toBe(run.id);
    const onlyPdf = await newPack({ name: 'Only PDF', pages: [{ kind: 'cover' }], formats: ['pdf'] });
    const pdfRun = await generate(onlyPdf, PERIOD);
    const missing = await call('GET', `${packsUrl()}/${onlyPdf.id}/runs/${pdfRun.id}/files/xlsx`);
    expect(missing).toMatchObject({ status: 404, body: { message: m.fileNotFound } });
  });
});

/** The month's revenue as the Profit & Loss page of the document shows it. */
function revenueOf(document: PackDocument): number {
  const page = document.pages.find(
    (candidate) => candidate.kind === 'statement' && candidate.template === 'profit-and-loss',
  );
  if (page?.kind !== 'statement') throw new Error('no Profit & Loss page');
  const row = page.sections[0]!.rows.find((candidate) => candidate.key === 'revenue:total')!;
  return row.values[PERIOD]!;
}

describe('deleting a pack', () => {
  it('removes the pack, its runs and their stored files', async () => {
    const pack = await newPack({ name: 'Short-lived', pages: [{ kind: 'cover' }] });
    const run = await generate(pack, PERIOD);
    const [stored] = await t.database.db.select().from(reportPackRuns).where(eq(reportPackRuns.id, run.id));
    const file = path.join(t.config.DATA_DIR, 'files', stored!.files[0]!.storageKey);
    expect(fs.existsSync(file)).toBe(true);
    const deleted = await call('DELETE', `${packsUrl()}/${pack.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { status: true, message: m.packDeleted } });
    expect(await t.database.db.select().from(reportPackRuns).where(eq(reportPackRuns.packId, pack.id))).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
    expect((await call('GET', `${packsUrl()}/${pack.id}`)).status).toBe(404);
  });
});

describe('delivering a pack', () => {
  it('mails the PDF and the workbook to each recipient; without SMTP they wait in the outbox with their attachments', async () => {
    const pack = await newPack({ name: 'Delivered pack', pages: [{ kind: 'cover' }, STATEMENT_PAGES[0]!] });
    await call('PUT', `${packsUrl()}/${pack.id}`, {
      recipients: [{ userId: member.id }, { email: 'owner@client.example' }],
    });
    const run = await generate(pack, PERIOD, true);
    expect(run.status).toBe('succeeded');
    expect(run.deliveries).toEqual([
      { email: member.email, status: 'outbox', error: null, attempts: 1, at: expect.any(String) },
      { email: 'owner@client.example', status: 'outbox', error: null, attempts: 1, at: expect.any(String) },
    ]);
    const [mail] = await outboxMailTo(t.app, 'owner@client.example');
    expect(mail!.attachments).toEqual([
      { filename: `Delivered pack ${PERIOD}.pdf`, contentType: 'application/pdf', bytes: run.files[0]!.bytes },
      {
        filename: `Delivered pack ${PERIOD}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes: run.files[1]!.bytes,
      },
    ]);
    const attachment = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/outbox/${mail!.id}/attachments/0`,
      headers: bearer(adminToken),
    });
    expect(attachment.statusCode).toBe(200);
    expect(attachment.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(attachment.rawPayload.length).toBe(run.files[0]!.bytes);
  });

  it('holds a pack whose tie-out differs instead of sending it, and tells its preparer', async () => {
    const books = (await createOrganization(t.database)).id;
    await seedBooks(books, MONTHS);
    const pack = await newPack({ name: 'Held pack', pages: [{ kind: 'tie-out' }] }, books);
    await call('PUT', `${packsUrl(books)}/${pack.id}`, { recipients: [{ email: 'held@client.example' }] }, adminToken);
    // An aggregate that missed a write of the ledger.
    const balance = qualifiedSql(t.app.services.warehouse.schemaOf(books), '05_Monthly_Balance');
    await t.app.services.warehouse.withOrganization(books, (tx) =>
      tx.execute(
        sql`update ${balance} set debit = debit + 1 where period = ${PERIOD} and grain = 0 and account_code = '6000'`,
      ),
    );
    const preview = (await call('POST', `${packsUrl(books)}/${pack.id}/preview`, { period: PERIOD }, adminToken)).body
      .data.document as PackDocument;
    expect(preview.pages[0]).toMatchObject({ kind: 'tie-out', balanced: false });

    const queued = await call(
      'POST',
      `${packsUrl(books)}/${pack.id}/generate`,
      { period: PERIOD, deliver: true },
      adminToken,
    );
    await jobs.drain();
    const run = (
      await call('GET', `${packsUrl(books)}/${pack.id}/runs/${queued.body.data.runId}`, undefined, adminToken)
    ).body.data.run as PackRun;
    expect(run).toMatchObject({ status: 'held', message: m.tieOutDifference, files: [], deliveries: [] });
    expect(await outboxMailTo(t.app, 'held@client.example')).toEqual([]);
    const [told] = await outboxMailTo(t.app, TEST_ADMIN.email);
    expect(told).toMatchObject({ subject: 'Held pack for March 2026 was not sent' });
    expect(told!.text).toContain(m.tieOutDifference);
  });

  it('holds a pack for a period with no ledger lines', async () => {
    const pack = await newPack({ name: 'Empty period', pages: [{ kind: 'cover' }] });
    const run = await generate(pack, '2030-01', true);
    expect(run).toMatchObject({ status: 'held', message: m.noData });
  });
});

describe('the schedule', () => {
  it('works out the next send and sends each period once, whichever process looks and however often', async () => {
    const pack = await newPack({ name: 'Scheduled pack', pages: [{ kind: 'cover' }] });
    const schedule = {
      frequency: 'monthly',
      dayOfMonth: 5,
      time: '09:00',
      timeZone: 'Europe/London',
      onPeriodLoaded: false,
    };
    const saved = (
      await call('PUT', `${packsUrl()}/${pack.id}`, { schedule, recipients: [{ email: 'sched@client.example' }] })
    ).body.data.pack as Pack;
    expect(saved.schedule).toEqual(schedule);
    expect(Date.parse(saved.nextRunAt!)).toBeGreaterThan(Date.now());

    // Due on 5 April 2026 (sends March), as if the server had been down then.
    const due = new Date('2026-04-05T08:00:00Z');
    await t.database.db.update(reportPacks).set({ nextRunAt: due }).where(eq(reportPacks.id, pack.id));
    expect(await t.app.services.packScheduler.tick()).toBe(1);
    expect(await t.app.services.packScheduler.tick()).toBe(0);
    // A restart that read the old time again (or a second process) finds the period already sent.
    await t.database.db.update(reportPacks).set({ nextRunAt: due }).where(eq(reportPacks.id, pack.id));
    expect(await t.app.services.packScheduler.tick()).toBe(0);
    await jobs.drain();
    const runs = await t.database.db.select().from(reportPackRuns).where(eq(reportPackRuns.packId, pack.id));
    expect(runs.map((entry) => [entry.period, entry.trigger, entry.status])).toEqual([
      ['2026-03', 'schedule', 'succeeded'],
    ]);
    expect(await outboxMailTo(t.app, 'sched@client.example')).toHaveLength(1);
    const [stored] = await t.database.db.select().from(reportPacks).where(eq(reportPacks.id, pack.id));
    expect(stored!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a bad day, time or time zone with its message', async () => {
    const pack = await newPack({ name: 'Bad schedule', pages: [{ kind: 'cover' }] });
    const put = (schedule: object) =>
      call('PUT', `${packsUrl()}/${pack.id}`, {
        schedule: { frequency: 'monthly', dayOfMonth: 5, time: '09:00', timeZone: 'UTC', ...schedule },
      });
    expect((await put({ dayOfMonth: 0 })).body.errors[0].msg).toBe(m.dayOfMonthInvalid);
    expect((await put({ time: '9am' })).body.errors[0].msg).toBe(m.timeInvalid);
    expect((await put({ timeZone: 'Mars/Olympus' })).body.errors[0].msg).toBe(m.timeZoneInvalid);
    expect((await call('GET', `${packsUrl()}/${pack.id}`)).body.data.pack.schedule).toBeNull();
  });

  it('sends the last closed month when its data is loaded, once', async () => {
    const now = new Date();
    const lastClosed = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const books = (await createOrganization(t.database)).id;
    await seedBooks(books, [lastClosed]);
    const pack = await newPack({ name: 'On load', pages: [{ kind: 'cover' }] }, books);
    await call(
      'PUT',
      `${packsUrl(books)}/${pack.id}`,
      {
        schedule: { frequency: 'off', dayOfMonth: 1, time: '00:00', timeZone: 'UTC', onPeriodLoaded: true },
      },
      adminToken,
    );
    await t.app.services.packScheduler.periodLoaded(books);
    await t.app.services.packScheduler.periodLoaded(books);
    const runs = await t.database.db.select().from(reportPackRuns).where(eq(reportPackRuns.packId, pack.id));
    expect(runs.map((entry) => [entry.period, entry.trigger])).toEqual([[lastClosed, 'data-loaded']]);
    await jobs.drain();
  });
});

describe('commentary', () => {
  let pack: Pack;
  beforeAll(async () => {
    pack = await newPack({ name: 'Commentary pack', pages: [{ kind: 'commentary' }] });
  });

  it('drafts from the figures, every number a reference to a statement figure', async () => {
    const { status, body } = await call('POST', `${packsUrl()}/${pack.id}/commentary/${PERIOD}/draft`);
    expect(status).toBe(200);
    expect(body.message).toBe(m.commentaryDrafted);
    const { text, references } = body.data as {
      text: string;
      references: { placeholder: string; formatted: string }[];
    };
    expect(text).toMatch(
      /^Revenue \{\{revenue\.direction\.previousPeriod\}\} \{\{revenue\.changePercent\.previousPeriod\}\}/,
    );
    // Outside the placeholders the draft has no figures of its own.
    expect(text.replace(/\{\{[^}]+\}\}/g, '').replace(/\d{4} [A-Z][a-z]+/g, '')).not.toMatch(/\d/);
    const pl = (
      await call('GET', `/api/v1/reports/${org}/profit-and-loss?from=${PERIOD}&to=${PERIOD}&compare=previousPeriod`)
    ).body.data as Report;
    const revenue = pl.sections[0]!.rows.find((row) => row.key === 'revenue:total')!;
    expect(references.find((entry) => entry.placeholder === '{{revenue}}')?.formatted).toBe(
      formatValue(revenue.values[PERIOD]!, 'amount'),
    );
    expect(references.find((entry) => entry.placeholder === '{{revenue.change.previousPeriod}}')?.formatted).toBe(
      formatValue(Math.abs(revenue.values.vsPreviousPeriod!), 'amount'),
    );
    expect(references.find((entry) => entry.placeholder === '{{revenue.direction.previousPeriod}}')?.formatted).toBe(
      'rose',
    );
  });

  it('saves text with placeholders and refuses one that names no figure', async () => {
    const url = `${packsUrl()}/${pack.id}/commentary/${PERIOD}`;
    const refused = await call('PUT', url, { text: 'Sales were {{sales}}.' });
    expect(refused).toMatchObject({ status: 400, body: { message: `${m.placeholderUnknown}: {{sales}}` } });
    expect((await call('GET', url)).body.data.text).toBe('');
    const saved = await call('PUT', url, { text: 'Net income was {{netIncome}}.' });
    expect(saved.body.data).toMatchObject({
      text: 'Net income was {{netIncome}}.',
      updatedBy: 'Mary Preparer',
      references: [{ placeholder: '{{netIncome}}' }],
    });
  });

  it('signs off the tie-out as the caller', async () => {
    const { body } = await call('POST', `${packsUrl()}/${pack.id}/tie-out/${PERIOD}/sign-off`);
    expect(body.data.signedOff).toEqual({ by: 'Mary Preparer', at: expect.any(String) });
  });
});
