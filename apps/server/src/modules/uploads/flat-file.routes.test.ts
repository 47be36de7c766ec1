import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatFileMessages as m } from '@finboard/shared/flat-file';
import { messages } from '@finboard/shared/messages';
import {
  sealedBlob,
  sealUpload,
  UPLOAD_CHUNK_SIZE,
  uploadEncryptionMessages,
  type UploadKey,
} from '@finboard/shared/upload-encryption';
import { uploadMessages } from '@finboard/shared/uploads';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, login } from '../../../test/factories.ts';
import { rowsOf } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import { warehouseSchemaName } from '../../warehouse/identifiers.ts';

let t: TestApp;
let admin: string;
let orgA: string;
let orgB: string;
let userA: string;
let userB: string;
let uploadKey: UploadKey;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, TEST_ADMIN);
  orgA = (await createOrganization(t.database)).id;
  orgB = (await createOrganization(t.database)).id;
  await t.app.services.warehouse.provision(orgA);
  await t.app.services.warehouse.provision(orgB);
  userA = await login(t.app, await createUser(t.database, { organizationId: orgA }));
  userB = await login(t.app, await createUser(t.database, { organizationId: orgB }));
  uploadKey = await t.app.services.uploadKeys.current();
});
afterAll(() => t?.close());

interface ImportOptions {
  orgID?: string;
  tableName?: string;
  replace?: boolean;
  token?: string;
  alter?: (sealed: Buffer) => Buffer;
  /** More fields, sent just before the file part and just after it. */
  before?: [string, string][];
  after?: [string, string][];
}

async function importCsv(content: string | Buffer, options: ImportOptions = {}) {
  const plain = typeof content === 'string' ? Buffer.from(content) : content;
  const { encryption, chunks } = await sealUpload(uploadKey, new Blob([new Uint8Array(plain)]));
  let body = await sealedBlob(chunks);
  if (options.alter) body = new Blob([new Uint8Array(options.alter(Buffer.from(await body.arrayBuffer())))]);
  const form = new FormData();
  form.append('orgID', options.orgID ?? orgA);
  form.append('tableName', options.tableName ?? 'sales_2024');
  if (options.replace) form.append('replace', 'true');
  form.append('encryption', JSON.stringify(encryption));
  for (const [name, value] of options.before ?? []) form.append(name, value);
  form.append('file', body, 'data.csv');
  for (const [name, value] of options.after ?? []) form.append(name, value);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/pipeline/saveCSV',
    headers: bearer(options.token ?? userA),
    payload: form,
  });
  return { status: response.statusCode, body: response.json() };
}

/** The columns of a warehouse table as the database has them (name, SQL type), row_id first. */
async function columnsOf(organizationId: string, table: string) {
  return rowsOf<{ name: string; type: string; identity: string }>(
    await t.database.db.execute(sql`select column_name as name, data_type as type, is_identity as identity
      from information_schema.columns where table_schema = ${warehouseSchemaName(organizationId)}
      and table_name = ${table} order by ordinal_position`),
  );
}

async function rowsIn(organizationId: string, table: string, columns: string) {
  return rowsOf<Record<string, unknown>>(
    await t.database.db.execute(
      sql.raw(`select ${columns} from "${warehouseSchemaName(organizationId)}"."${table}" order by row_id`),
    ),
  );
}

async function tablesOf(organizationId: string): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await t.database.db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = ${warehouseSchemaName(organizationId)} and table_type = 'BASE TABLE' order by 1`),
  ).map((row) => row.name);
}

const CANONICAL = ['00_Period', '01_Account', '02_GL_Detail', '03_Budget', '04_Trial_Balance'];

describe('POST /api/v1/pipeline/saveCSV', () => {
  it('creates the table with row_id, the columns named and typed from every row, and its rows', async () => {
    const csv = [
      'Invoice No,Amount (USD),Qty,Posted On,Paid?,Code,Note,Empty',
      'A-1,12.50,3,2024-01-31,yes,007,"first, with comma",',
      'A-2,7,-2,2024-02-29,No,010,,',
      'A-3,-0.25,10,2024-03-01,TRUE,100,"second ""quoted""",',
    ].join('\r\n');

    const { status, body } = await importCsv(csv, { tableName: 'Invoices_2024' });

    expect(status).toBe(200);
    expect(body).toEqual({
      status: true,
      message: 'CSV saved successfully!',
      data: {
        tableName: 'Invoices_2024',
        columns: [
          { name: 'invoice_no', type: 'text' },
          { name: 'amount_usd', type: 'numeric' },
          { name: 'qty', type: 'integer' },
          { name: 'posted_on', type: 'date' },
          { name: 'paid', type: 'boolean' },
          { name: 'code', type: 'text' },
          { name: 'note', type: 'text' },
          { name: 'empty', type: 'text' },
        ],
        rows: 3,
      },
    });
    expect(await columnsOf(orgA, 'Invoices_2024')).toEqual([
      { name: 'row_id', type: 'bigint', identity: 'YES' },
      { name: 'invoice_no', type: 'text', identity: 'NO' },
      { name: 'amount_usd', type: 'numeric', identity: 'NO' },
      { name: 'qty', type: 'bigint', identity: 'NO' },
      { name: 'posted_on', type: 'date', identity: 'NO' },
      { name: 'paid', type: 'boolean', identity: 'NO' },
      { name: 'code', type: 'text', identity: 'NO' },
      { name: 'note', type: 'text', identity: 'NO' },
      { name: 'empty', type: 'text', identity: 'NO' },
    ]);
    expect(
      await rowsIn(
        orgA,
        'Invoices_2024',
        `row_id::int as row_id, invoice_no, amount_usd::text as amount, qty::int as qty, posted_on::text as posted_on,
         paid, code, note, empty`,
      ),
    ).toEqual([
      {
        row_id: 1,
        invoice_no: 'A-1',
        amount: '12.50',
        qty: 3,
        posted_on: '2024-01-31',
        paid: true,
        code: '007',
        note: 'first, with comma',
        empty: null,
      },
      {
        row_id: 2,
        invoice_no: 'A-2',
        amount: '7',
        qty: -2,
        posted_on: '2024-02-29',
        paid: false,
        code: '010',
        note: null,
        empty: null,
      },
      {
        row_id: 3,
        invoice_no: 'A-3',
        amount: '-0.25',
        qty: 10,
        posted_on: '2024-03-01',
        paid: true,
        code: '100',
        note: 'second "quoted"',
        empty: null,
      },
    ]);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgA), eq(auditEvents.entityId, 'Invoices_2024')));
    expect(audit).toMatchObject({ action: 'warehouse_table.import', entityType: 'warehouse_table' });
  });

  it('reads numbers as exports write them and dates in one unambiguous format, storing decimals and ISO days', async () => {
    const csv = [
      'Date,Amount,Balance,Booked,Due',
      '01/31/2016,"1,000.00",$1.00,01/02/2016,2016-01-31 00:00:00',
      '02/01/2016,(600.00),"$1,234.50",03/04/2016,2016-02-29 00:00:00',
      '12/31/2016,"1,234.00-",$-0.50,,',
    ].join('\n');

    const { status, body } = await importCsv(csv, { tableName: 'exported' });

    expect(status).toBe(200);
    expect(body.data.columns).toEqual([
      { name: 'date', type: 'date' },
      { name: 'amount', type: 'numeric' },
      { name: 'balance', type: 'numeric' },
      // 01/02 and 03/04 read as well day-first as month-first: which day is meant is not guessed.
      { name: 'booked', type: 'text' },
      { name: 'due', type: 'date' },
    ]);
    expect(
      await rowsIn(
        orgA,
        'exported',
        'date::text as date, amount::text as amount, balance::text as balance, booked, due::text as due',
      ),
    ).toEqual([
      { date: '2016-01-31', amount: '1000.00', balance: '1.00', booked: '01/02/2016', due: '2016-01-31' },
      { date: '2016-02-01', amount: '-600.00', balance: '1234.50', booked: '03/04/2016', due: '2016-02-29' },
      { date: '2016-12-31', amount: '-1234.00', balance: '-0.50', booked: null, due: null },
    ]);
  });

  it('reads decimal commas when the values say so, and leaves mixed currencies and day-or-month dates as text', async () => {
    const csv = [
      'Datum;Betrag;Menge;Preis;Tag',
      '31.01.2024;1.234,56 €;1.000;$1.00;01/02/2024',
      '01.02.2024;-12,50 €;2.500;€1.00;02/01/2024',
    ].join('\r\n');

    const { status, body } = await importCsv(csv, { tableName: 'buchungen' });

    expect(status).toBe(200);
    expect(body.data.columns).toEqual([
      { name: 'datum', type: 'date' },
      { name: 'betrag', type: 'numeric' },
      // 1.000 and 2.500 read with either mark: the file's numbers elsewhere have a decimal comma, so these too.
      { name: 'menge', type: 'numeric' },
      { name: 'preis', type: 'text' },
      { name: 'tag', type: 'text' },
    ]);
    expect(
      await rowsIn(orgA, 'buchungen', 'datum::text as datum, betrag::text as betrag, menge::text as menge, preis, tag'),
    ).toEqual([
      { datum: '2024-01-31', betrag: '1234.56', menge: '1000', preis: '$1.00', tag: '01/02/2024' },
      { datum: '2024-02-01', betrag: '-12.50', menge: '2500', preis: '€1.00', tag: '02/01/2024' },
    ]);
  });

  it('types a column from all of its rows: one value past the first megabyte makes it text', async () => {
    const lines = ['id;amount'];
    for (let i = 1, size = 0; size < UPLOAD_CHUNK_SIZE * 1.5; i++) {
      lines.push(`${i};${i}.5`);
      size += lines.at(-1)!.length + 1;
    }
    lines.push('last;n/a');

    const { status, body } = await importCsv(lines.join('\n'), { tableName: 'long_file' });

    expect(status).toBe(200);
    expect(body.data.columns).toEqual([
      { name: 'id', type: 'text' },
      { name: 'amount', type: 'text' },
    ]);
    expect(body.data.rows).toBe(lines.length - 1);
    const [{ count }] = rowsOf<{ count: number }>(
      await t.database.db.execute(
        sql.raw(`select count(*)::int as count from "${warehouseSchemaName(orgA)}"."long_file"`),
      ),
    ) as [{ count: number }];
    expect(count).toBe(lines.length - 1);
  });

  it('sniffs tab and pipe delimiters and makes header names unique identifiers', async () => {
    const tabbed = await importCsv('Name\tname\t\trow_id\t2024 Total\nx\ty\tz\t1\t2\n', { tableName: 'tabbed' });
    const piped = await importCsv('a|b\n1|2\n', { tableName: 'piped' });

    expect(tabbed.body.data.columns.map((column: { name: string }) => column.name)).toEqual([
      'name',
      'name_2',
      'column_3',
      'row_id_2',
      'c_2024_total',
    ]);
    expect(piped.body.data.columns).toEqual([
      { name: 'a', type: 'integer' },
      { name: 'b', type: 'integer' },
    ]);
  });

  it.each([
    ['empty', ''],
    ['with a space', 'my table'],
    ['with a hyphen', 'my-table'],
    ['64 characters long', 'a'.repeat(64)],
    ['with a non-ASCII letter', 'tàble'],
    ['a canonical table', '02_GL_Detail'],
    ['a canonical table without its prefix', 'gl_detail'],
    ['a canonical view', 'vw_cash_flow'],
    ['reserved by the Studio', 'journals'],
    ['reserved by the Studio', 'Reconciliation'],
    ['of a PostgreSQL catalog', 'pg_class'],
    ['of a PostgreSQL catalog', 'pg_namespace'],
    ['starting as PostgreSQL names its own, in any case', 'PG_Type_2024'],
  ])('refuses a table name %s (%j) and creates nothing', async (_case, tableName) => {
    const before = await tablesOf(orgA);

    const { status, body } = await importCsv('a\n1\n', { tableName });

    expect({ status, body }).toEqual({
      status: 400,
      body: { status: false, message: 'Please enter a valid table name' },
    });
    expect(await tablesOf(orgA)).toEqual(before);
  });

  it('accepts a name of 63 letters, digits and underscores', async () => {
    const { status } = await importCsv('a\n1\n', { tableName: `T_1${'x'.repeat(60)}` });
    expect(status).toBe(200);
  });

  it('asks before replacing a table, then replaces it whole when replace=true', async () => {
    expect((await importCsv('a,b\n1,2\n3,4\n', { tableName: 'budget_import' })).status).toBe(200);

    const refused = await importCsv('c\nx\n', { tableName: 'budget_import' });

    expect(refused).toEqual({
      status: 409,
      body: {
        status: false,
        message: m.tableExists('budget_import', 2),
        data: { tableName: 'budget_import', rows: 2 },
      },
    });
    expect(await rowsIn(orgA, 'budget_import', 'a::int as a, b::int as b')).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ]);

    const replaced = await importCsv('c\nx\n', { tableName: 'budget_import', replace: true });

    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toEqual({ tableName: 'budget_import', columns: [{ name: 'c', type: 'text' }], rows: 1 });
    expect(await rowsIn(orgA, 'budget_import', 'row_id::int as row_id, c')).toEqual([{ row_id: 1, c: 'x' }]);
  });

  it('keeps the old table when the replacing file is refused', async () => {
    await importCsv('a\n1\n', { tableName: 'kept' });

    const refused = await importCsv('a,b\n1\n', { tableName: 'kept', replace: true });

    expect(refused).toEqual({
      status: 400,
      body: { status: false, message: m.rowWidth(2, 1, 2) },
    });
    expect(await rowsIn(orgA, 'kept', 'a::int as a')).toEqual([{ a: 1 }]);
  });

  it('refuses a tampered chunk and creates nothing, leaving no file behind', async () => {
    const big = `a,b\n${'1,2\n'.repeat(UPLOAD_CHUNK_SIZE / 2)}`;

    const { status, body } = await importCsv(big, {
      tableName: 'tampered',
      alter: (sealed) => {
        sealed[UPLOAD_CHUNK_SIZE + 100]! ^= 1;
        return sealed;
      },
    });

    expect({ status, body }).toEqual({
      status: 400,
      body: { status: false, message: uploadEncryptionMessages.tampered },
    });
    expect(await tablesOf(orgA)).not.toContain('tampered');
    expect(temporaryFiles()).toEqual([]);
  });

  it.each([
    ['a binary file', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]), uploadMessages.binaryFile],
    ['a file that is not UTF-8', Buffer.from([0x61, 0x0a, 0xe9, 0x0a]), uploadMessages.notUtf8],
    ['an empty file', Buffer.alloc(0), uploadMessages.emptyFile],
    ['a header without rows', Buffer.from('a,b\n'), uploadMessages.noRows],
    ['an unclosed quote', Buffer.from('a,b\n1,"2\n'), m.badQuotes(2)],
  ])('refuses %s with its message and creates nothing', async (_case, content, message) => {
    const { status, body } = await importCsv(content, { tableName: 'refused_file' });

    expect({ status, body }).toEqual({ status: 400, body: { status: false, message } });
    expect(await tablesOf(orgA)).not.toContain('refused_file');
  });

  it("refuses another organization's orgID with 403 and creates nothing in either warehouse", async () => {
    const beforeA = await tablesOf(orgA);
    const beforeB = await tablesOf(orgB);

    const { status, body } = await importCsv('a\n1\n', { orgID: orgA, tableName: 'intruder', token: userB });

    expect({ status, body }).toEqual({ status: 403, body: { status: false, message: messages.forbidden } });
    expect(await tablesOf(orgA)).toEqual(beforeA);
    expect(await tablesOf(orgB)).toEqual(beforeB);
  });

  it('lets an admin import into any organization, and the Studio lists the table at once', async () => {
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/crud/tables/${orgB}`, headers: bearer(admin) }))
        .json()
        .data.tables.map((table: { name: string }) => table.name);
    expect(await listed()).toEqual(CANONICAL);

    const { status } = await importCsv('x\n1\n', { orgID: orgB, tableName: 'admin_made', token: admin });

    expect(status).toBe(200);
    expect(await listed()).toEqual([...CANONICAL, 'admin_made']);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/crud/${orgB}/admin_made`,
      headers: bearer(userB),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.rows).toEqual([{ row_id: 1, x: 1 }]);
  });

  it('refuses an administrator’s form naming a second orgID after its file with 400: no table in either warehouse, no file left', async () => {
    const beforeA = await tablesOf(orgA);
    const beforeB = await tablesOf(orgB);

    const { status, body } = await importCsv('a\n1\n', {
      orgID: orgA,
      tableName: 'two_organizations',
      token: admin,
      after: [['orgID', orgB]],
    });

    expect({ status, body }).toEqual({ status: 400, body: { status: false, message: m.oneOrganization } });
    expect(m.oneOrganization).toBe('An import names one organization: the form sends orgID more than once');
    expect(await tablesOf(orgA)).toEqual(beforeA);
    expect(await tablesOf(orgB)).toEqual(beforeB);
    expect(temporaryFiles()).toEqual([]);
  });

  it.each([
    ['orgID', () => orgA, m.oneOrganization],
    ['tableName', () => 'another_name', messages.fieldRepeated('tableName')],
    ['replace', () => 'true', messages.fieldRepeated('replace')],
    ['encryption', () => '{}', messages.fieldRepeated('encryption')],
  ])('refuses %s sent twice with 400 and creates nothing', async (field, value, message) => {
    const before = await tablesOf(orgA);

    const { status, body } = await importCsv('a\n1\n', {
      tableName: 'sent_twice',
      replace: field === 'replace',
      before: [[field, value()]],
    });

    expect({ status, body }).toEqual({ status: 400, body: { status: false, message } });
    expect(await tablesOf(orgA)).toEqual(before);
    expect(temporaryFiles()).toEqual([]);
  });

  it('refuses a form without a file, and one whose file comes before its fields', async () => {
    const noFile = new FormData();
    noFile.append('orgID', orgA);
    noFile.append('tableName', 'no_file');
    const early = new FormData();
    early.append('file', new Blob(['abc']), 'data.csv');
    early.append('orgID', orgA);

    const [first, second] = await Promise.all(
      [noFile, early].map((payload) =>
        t.app.inject({ method: 'POST', url: '/api/v1/pipeline/saveCSV', headers: bearer(userA), payload }),
      ),
    );

    expect([first!.statusCode, first!.json().message]).toEqual([400, m.fileRequired]);
    expect([second!.statusCode, second!.json().message]).toEqual([400, messages.selectOrganization]);
  });
});

describe('POST /api/v1/pipeline/saveCSV with a wide file', () => {
  /** A file of `columns` columns named c1…, whose rows are `rows` (each a function of the column's index). */
  const wideCsv = (columns: number, ...rows: ((index: number) => string)[]) =>
    [
      Array.from({ length: columns }, (_, index) => `c${index + 1}`).join(','),
      ...rows.map((row) => Array.from({ length: columns }, (_, index) => row(index)).join(',')),
    ].join('\n');

  it('refuses 1,500 integer columns, naming how many fit in a row, and leaves no table or file', async () => {
    const before = await tablesOf(orgA);

    const { status, body } = await importCsv(
      wideCsv(1500, (index) => String(index)),
      { tableName: 'too_wide' },
    );

    expect({ status, body }).toEqual({
      status: 400,
      body: {
        status: false,
        message: 'The file has 1,500 columns; at most 1,001 numeric columns fit in one table row',
      },
    });
    expect(await tablesOf(orgA)).toEqual(before);
    expect(temporaryFiles()).toEqual([]);
  });

  it('imports 1,001 integer columns, the most that fit, a row with a blank among them', async () => {
    const csv = wideCsv(
      1001,
      (index) => String(index),
      (index) => (index === 500 ? '' : String(-index)),
    );

    const { status, body } = await importCsv(csv, { tableName: 'widest_numbers' });

    expect(status).toBe(200);
    expect(body.data.rows).toBe(2);
    expect(await rowsIn(orgA, 'widest_numbers', 'c1::int as first, c501::int as blank, c1001::int as last')).toEqual([
      { first: 0, blank: 500, last: 1000 },
      { first: 0, blank: null, last: -1000 },
    ]);
  });

  it('imports 1,599 columns of short text, the most a table has', async () => {
    const { status, body } = await importCsv(
      wideCsv(1599, (index) => `v${index % 100}`),
      { tableName: 'widest_text' },
    );

    expect(status).toBe(200);
    expect(body.data.columns).toHaveLength(1599);
    expect(await rowsIn(orgA, 'widest_text', 'c1, c1599')).toEqual([{ c1: 'v0', c1599: 'v98' }]);
  });

  it('refuses 440 columns of text that PostgreSQL compresses in the row rather than moving out, leaving nothing', async () => {
    const before = await tablesOf(orgA);

    const { status, body } = await importCsv(
      wideCsv(440, () => 'abcdefgh'.repeat(8)),
      { tableName: 'compressed' },
    );

    expect({ status, body }).toEqual({
      status: 400,
      body: { status: false, message: 'The file has 440 columns; at most 337 text columns fit in one table row' },
    });
    expect(await tablesOf(orgA)).toEqual(before);
    expect(temporaryFiles()).toEqual([]);
  });
});

function temporaryFiles(): string[] {
  const root = path.join(t.config.DATA_DIR, 'files', 'flat-file-imports');
  return fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];
}
