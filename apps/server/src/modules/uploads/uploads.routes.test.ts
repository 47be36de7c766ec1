import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { UPLOAD_CHUNK_SIZE, uploadEncryptionMessages, type UploadKey } from '@finboard/shared/upload-encryption';
import { pipelineMessages } from '@finboard/shared/pipelines';
import { uploadApiMessages, uploadMessages } from '@finboard/shared/uploads';
import { dataTypes, fileHolds, uploadedFiles } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, login, type TestUser } from '../../../test/factories.ts';
import { glCsv, sealedFormOfParts, sealedUploadForm, type FormFile, type FormPart } from '../../../test/uploads.ts';
import type { DataTypesService } from '../data-types/data-types.service.ts';

let t: TestApp;
let adminToken: string;
let uploadKey: UploadKey;
let dataTypesService: DataTypesService;
beforeAll(async () => {
  t = await buildTestApp();
  dataTypesService = t.app.services.dataTypes;
  adminToken = await login(t.app, TEST_ADMIN);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/pipeline/upload-key',
    headers: bearer(adminToken),
  });
  uploadKey = response.json().data;
});
afterAll(() => t?.close());

interface Organization {
  id: string;
  user: TestUser;
  token: string;
  glDetail: string;
  budget: string;
  accounts: string;
}

/** An organization with its standard data types and a user of it, signed in. */
async function organizationWithUser(): Promise<Organization> {
  const organization = await createOrganization(t.database);
  await dataTypesService.seedStandardForAll();
  const user = await createUser(t.database, { organizationId: organization.id });
  const types = await t.database.db.select().from(dataTypes).where(eq(dataTypes.organizationId, organization.id));
  return {
    id: organization.id,
    user,
    token: await login(t.app, user),
    glDetail: types.find((type) => type.standardKey === 'gl_detail')!.id,
    budget: types.find((type) => type.standardKey === 'budget')!.id,
    accounts: types.find((type) => type.standardKey === 'chart_of_accounts')!.id,
  };
}

const upload = async (token: string, fields: Record<string, string>, files: FormFile[]) => {
  const form = await sealedUploadForm(uploadKey, fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/pipeline/file-upload',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
};

/** A form of these parts in this order (a field may come after a file, or twice). */
const uploadParts = async (token: string, parts: FormPart[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/pipeline/file-upload',
    payload: await sealedFormOfParts(uploadKey, parts),
    headers: bearer(token),
  });

const glForm = (organization: Organization, period = '2026-11') => ({
  organizationId: organization.id,
  user_id: organization.user.id,
  data_type_id: organization.glDetail,
  period,
});

/** What an upload may leave behind: the organization's file rows, the files under storage and their holds. */
async function keptFor(organizationId: string) {
  const [rows] = await t.database.db
    .select({ n: count() })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.organizationId, organizationId));
  const folder = path.join(t.config.DATA_DIR, 'files', 'uploads', organizationId);
  const holds = await t.database.db.$count(fileHolds, like(fileHolds.storageKey, `uploads/${organizationId}/%`));
  return { rows: rows!.n, files: fs.existsSync(folder) ? fs.readdirSync(folder) : [], holds };
}

describe('GET /api/v1/pipeline/upload-key', () => {
  it('answers an RSA-OAEP-256 public key of 3072 bits and the chunk size', async () => {
    expect(uploadKey.chunkSize).toBe(UPLOAD_CHUNK_SIZE);
    expect(uploadKey.publicKey).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', e: 'AQAB' });
    expect(Buffer.from(uploadKey.publicKey.n, 'base64url').length * 8).toBeGreaterThanOrEqual(3072);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/pipeline/upload-key' });
    expect(anonymous.statusCode).toBe(401);
  });
});

/** Journal 3's credit line (line 7: the header is line 1) with a debit that is not a number. */
const withBadDebitOnLine7 = glCsv('2026-11', 4, ['1000', '4000']).replace('Sale 3,0,30.25', 'Sale 3,"12,3x",30.25');

describe('POST /api/v1/pipeline/file-upload', () => {
  it('opens, checks and stores a GL file sealed at rest, and lists it', async () => {
    const organization = await organizationWithUser();
    const csv = glCsv('2026-11', 3, ['1000', '4000']);

    const response = await upload(organization.token, glForm(organization), [{ name: 'november.csv', content: csv }]);

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const sha256 = createHash('sha256').update(csv).digest('hex');
    expect(body.message.message).toBe('File uploaded successfully!');
    expect(body.data.files).toEqual([
      { id: expect.any(String), name: 'november.csv', size: Buffer.byteLength(csv), sha256, status: 'uploaded' },
    ]);
    const [row] = await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, body.data.files[0].id));
    expect(row).toMatchObject({ status: 'uploaded', rows: 6, period: '2026-11', uploadedBy: organization.user.id });
    expect(body.message.fileUrls).toEqual([row!.storageKey]);
    // At rest the file is sealed: none of its text is on disk.
    const stored = fs.readFileSync(path.join(t.config.DATA_DIR, 'files', row!.storageKey));
    expect(stored.includes(Buffer.from('UP-2026-11-0001'))).toBe(false);
    // Recorded, so no longer held: the row alone keeps the orphan sweep off it.
    expect(await keptFor(organization.id)).toEqual({ rows: 1, files: [row!.id], holds: 0 });

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pipeline/list-files/${organization.id}?status=uploaded`,
      headers: bearer(organization.token),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.files).toEqual([
      expect.objectContaining({
        name: 'november.csv',
        dataTypeName: 'GL Detail',
        period: '2026-11',
        rows: 6,
        sha256,
        uploadedBy: `${organization.user.firstName} ${organization.user.lastName}`,
        error: null,
      }),
    ]);
    expect(listed.json().pagination).toMatchObject({ total: 1, page: 1 });
  });

  it('gives a pipeline the stored rows in the expected columns, as canonical text', async () => {
    const organization = await organizationWithUser();
    const response = await upload(organization.token, glForm(organization), [
      { name: 'gl.csv', content: glCsv('2026-11', 1, ['1000', '4000']) },
    ]);
    const rows: (string | null)[][] = [];
    for await (const batch of await t.app.services.uploads.openRows(organization.id, response.json().data.files[0].id))
      rows.push(...batch);
    expect(rows).toEqual([
      ['UP-2026-11-0001', '1', '2026-11-15', '2026-11', '1000', 'Sale 1', '10.25', '0', null, null, null, null, null],
      ['UP-2026-11-0001', '2', '2026-11-15', '2026-11', '4000', 'Sale 1', '0', '10.25', null, null, null, null, null],
    ]);
  });

  it('maps a file with other headers as confirmed, and keeps the layout on the data type', async () => {
    const organization = await organizationWithUser();
    const csv = 'Month,GL Code,Budget\n2026-11,6000,1500.00\n';
    const columnMapping = { Month: 'period', 'GL Code': 'account_code', Budget: 'amount' };

    const response = await upload(
      organization.token,
      { organizationId: organization.id, data_type_id: organization.budget, period: '2026-11' },
      [{ name: 'budget.csv', content: csv, columnMapping }],
    );

    expect(response.statusCode, response.body).toBe(200);
    const [budget] = await t.database.db.select().from(dataTypes).where(eq(dataTypes.id, organization.budget));
    expect(budget!.columnMappings).toEqual([{ header: ['Month', 'GL Code', 'Budget'], mapping: columnMapping }]);
  });

  const refusals: [
    string,
    (organization: Organization) => Promise<{ fields: Record<string, string>; files: FormFile[] }>,
    string,
  ][] = [
    [
      'a non-numeric amount on line 7',
      async (o) => ({
        fields: glForm(o),
        files: [{ name: 'bad.csv', content: withBadDebitOnLine7 }],
      }),
      'line 7, column debit: "12,3x" is not a number',
    ],
    [
      'a header that is not the data type’s',
      async (o) => ({ fields: glForm(o), files: [{ name: 'header.csv', content: 'a,b,c\n1,2,3\n' }] }),
      "The file's columns do not match GL Detail",
    ],
    [
      'a binary file named .csv',
      async (o) => ({
        fields: glForm(o),
        files: [{ name: 'photo.csv', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]) }],
      }),
      uploadMessages.binaryFile,
    ],
    [
      'an empty file',
      async (o) => ({ fields: glForm(o), files: [{ name: 'empty.csv', content: '' }] }),
      uploadMessages.emptyFile,
    ],
    [
      'a tampered chunk',
      async (o) => ({
        fields: glForm(o),
        files: [
          {
            name: 'tampered.csv',
            content: glCsv('2026-11', 2, ['1000', '4000']),
            alter: (sealed) => sealed.map((byte, i) => (i === 5 ? byte ^ 1 : byte)),
          },
        ],
      }),
      uploadEncryptionMessages.tampered,
    ],
    [
      'a truncated upload',
      async (o) => ({
        fields: glForm(o),
        files: [
          { name: 'cut.csv', content: glCsv('2026-11', 2, ['1000', '4000']), alter: (sealed) => sealed.slice(0, 10) },
        ],
      }),
      uploadEncryptionMessages.truncated,
    ],
    ['no file', async (o) => ({ fields: glForm(o), files: [] }), uploadApiMessages.selectFile],
    [
      'no organization',
      async (o) => ({
        fields: { data_type_id: o.glDetail, period: '2026-11' },
        files: [{ name: 'a.csv', content: 'x' }],
      }),
      uploadApiMessages.selectOrganization,
    ],
    [
      'a good file followed by a bad one in the same form',
      async (o) => ({
        fields: glForm(o),
        files: [
          { name: 'good.csv', content: glCsv('2026-11', 1, ['1000', '4000']) },
          { name: 'bad.csv', content: 'a,b\n1,2\n' },
        ],
      }),
      "The file's columns do not match GL Detail",
    ],
  ];

  it.each(refusals)('refuses %s with a clear message, and keeps nothing', async (_case, form, message) => {
    const organization = await organizationWithUser();
    const before = await keptFor(organization.id);
    const { fields, files } = await form(organization);

    const response = await upload(organization.token, fields, files);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().status).toBe(false);
    expect(response.json().message).toContain(message);
    expect(await keptFor(organization.id)).toEqual(before);
  });

  it('answers a refused file’s problems for the report, and a header’s suggested mapping', async () => {
    const organization = await organizationWithUser();
    const refused = await upload(organization.token, glForm(organization), [
      { name: 'bad.csv', content: withBadDebitOnLine7 },
    ]);
    expect(refused.json().data.problems[0]).toMatchObject({ line: 7, column: 'debit' });

    const other = 'Journal No,Line,Date,Period,Account No,Memo,Amount Dr,Amount Cr\n';
    const mismatch = await upload(organization.token, glForm(organization), [
      { name: 'other.csv', content: other + 'J1,1,2026-11-01,2026-11,1000,x,1,0\n' },
    ]);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().data.header).toEqual([
      'Journal No',
      'Line',
      'Date',
      'Period',
      'Account No',
      'Memo',
      'Amount Dr',
      'Amount Cr',
    ]);
    expect(mismatch.json().data.suggestions).toContainEqual(
      expect.objectContaining({ fileColumn: 'Amount Dr', expectedColumn: 'debit' }),
    );
  });

  it("answers 'File upload failed.' and keeps nothing when a sweep took the files' holds while the process stalled", async () => {
    const organization = await organizationWithUser();
    const uploads = t.app.services.uploads;
    const record = uploads.record;
    // Between storing and recording, the process stalls past the stale period and another's sweep takes its holds.
    const stalled = vi.spyOn(uploads, 'record').mockImplementation(async (files, uploadedBy) => {
      expect(await t.database.db.$count(fileHolds, eq(fileHolds.storageKey, files[0]!.storageKey))).toBe(1);
      await t.database.db.delete(fileHolds).where(eq(fileHolds.storageKey, files[0]!.storageKey));
      return record(files, uploadedBy);
    });
    let response;
    try {
      response = await upload(organization.token, glForm(organization), [
        { name: 'november.csv', content: glCsv('2026-11', 3, ['1000', '4000']) },
      ]);
    } finally {
      stalled.mockRestore();
    }

    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ status: false, message: uploadApiMessages.fileUploadFailed });
    expect(await keptFor(organization.id)).toEqual({ rows: 0, files: [], holds: 0 });
  });

  it('refuses another organization’s upload with 403 before reading any file', async () => {
    const organization = await organizationWithUser();
    const neighbour = await organizationWithUser();
    const before = await keptFor(organization.id);

    const response = await upload(neighbour.token, glForm(organization), [
      { name: 'gl.csv', content: glCsv('2026-11', 1, ['1000', '4000']) },
    ]);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.forbidden });
    expect(await keptFor(organization.id)).toEqual(before);
  });
});

describe('one upload, one organization', () => {
  const gl = (name: string): FormFile => ({ name, content: glCsv('2026-11', 1, ['1000', '4000']) });
  const nothingKept = { rows: 0, files: [], holds: 0 };

  it('refuses an administrator’s form naming a second organization after a file with 400, storing nothing for either', async () => {
    const first = await organizationWithUser();
    const second = await organizationWithUser();

    const response = await uploadParts(adminToken, [
      ['organizationId', first.id],
      ['data_type_id', first.glDetail],
      ['period', '2026-11'],
      gl('first.csv'),
      ['organizationId', second.id],
      gl('second.csv'),
    ]);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message: uploadApiMessages.oneOrganization });
    expect(uploadApiMessages.oneOrganization).toBe(
      'An upload names one organization: the form sends organizationId more than once',
    );
    expect(await keptFor(first.id)).toEqual(nothingKept);
    expect(await keptFor(second.id)).toEqual(nothingKept);
  });

  it('refuses the same organization named twice with 400 and stores nothing', async () => {
    const organization = await organizationWithUser();

    const response = await uploadParts(organization.token, [
      ['organizationId', organization.id],
      ['organizationId', organization.id],
      ['data_type_id', organization.glDetail],
      ['period', '2026-11'],
      gl('november.csv'),
    ]);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message: uploadApiMessages.oneOrganization });
    expect(await keptFor(organization.id)).toEqual(nothingKept);
  });

  it('refuses a data type of another organization with 400 "Data type not found" and stores nothing', async () => {
    const organization = await organizationWithUser();
    const neighbour = await organizationWithUser();

    const response = await upload(adminToken, { ...glForm(organization), data_type_id: neighbour.glDetail }, [
      gl('november.csv'),
    ]);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message: uploadApiMessages.dataTypeNotFound });
    expect(await keptFor(organization.id)).toEqual(nothingKept);
    expect(await keptFor(neighbour.id)).toEqual(nothingKept);
  });

  it('refuses a second data type or period after a file with 400 and stores nothing', async () => {
    const organization = await organizationWithUser();
    for (const [field, value] of [
      ['data_type_id', organization.budget],
      ['period', '2026-12'],
    ] as const) {
      const response = await uploadParts(organization.token, [
        ...Object.entries(glForm(organization)),
        gl('november.csv'),
        [field, value],
        gl('december.csv'),
      ]);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: false, message: messages.fieldRepeated(field) });
      expect(await keptFor(organization.id)).toEqual(nothingKept);
    }
    expect(messages.fieldRepeated('period')).toBe('The form sends period more than once: send it once');
  });
});

describe('an upload that replaces', () => {
  const gl = (name: string): FormFile => ({ name, content: glCsv('2026-11', 1, ['1000', '4000']) });
  it('records the loaded file it replaces, and whether it replaces its periods, for its run', async () => {
    const organization = await organizationWithUser();
    const first = await upload(organization.token, glForm(organization), [gl('november.csv')]);
    const firstId = first.json().data.files[0].id;
    await t.database.db.update(uploadedFiles).set({ status: 'processed' }).where(eq(uploadedFiles.id, firstId));

    const second = await upload(
      organization.token,
      { ...glForm(organization), replacesFileId: firstId, replacePeriods: 'true' },
      [gl('november.csv')],
    );

    expect(second.statusCode, second.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.id, second.json().data.files[0].id));
    expect(row).toMatchObject({ replacesFileId: firstId, replacePeriods: true, status: 'uploaded' });
  });

  it('refuses a file to replace that is not a loaded file of the data type, or periods of a type without them, storing nothing', async () => {
    const organization = await organizationWithUser();
    const neighbour = await organizationWithUser();
    const waiting = (await upload(organization.token, glForm(organization), [gl('november.csv')])).json().data.files[0]
      .id;
    const before = await keptFor(organization.id);
    const theirs = (await upload(neighbour.token, glForm(neighbour), [gl('november.csv')])).json().data.files[0].id;
    await t.database.db.update(uploadedFiles).set({ status: 'processed' }).where(eq(uploadedFiles.id, theirs));

    // Not loaded yet, another organization's, unknown, not an id.
    for (const replacesFileId of [waiting, theirs, '00000000-0000-4000-8000-000000000000', 'gl.csv']) {
      const response = await upload(organization.token, { ...glForm(organization), replacesFileId }, [
        gl('november.csv'),
      ]);
      expect(response.statusCode, replacesFileId).toBe(400);
      expect(response.json()).toEqual({ status: false, message: pipelineMessages.replacedFileNotFound });
    }
    const accounts = await upload(
      organization.token,
      { organizationId: organization.id, data_type_id: organization.accounts, replacePeriods: 'true' },
      [{ name: 'accounts.csv', content: 'account_code,account_name,account_type\n1000,Cash,asset\n' }],
    );
    expect(accounts.statusCode, accounts.body).toBe(400);
    expect(accounts.json()).toEqual({ status: false, message: pipelineMessages.replacePeriodsNeedsPeriods });
    expect(await keptFor(organization.id)).toEqual(before);
  });
});

describe('GET /api/v1/pipeline/list-files/{organizationId}', () => {
  it('filters by name and sorts on the server', async () => {
    const organization = await organizationWithUser();
    for (const name of ['b-november.csv', 'a-october.csv'])
      await upload(organization.token, glForm(organization), [
        { name, content: glCsv('2026-11', 1, ['1000', '4000']) },
      ]);
    const list = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/pipeline/list-files/${organization.id}?${query}`,
          headers: bearer(adminToken),
        })
      ).json();

    expect((await list('sortBy=name&sortOrder=asc')).data.files.map((f: { name: string }) => f.name)).toEqual([
      'a-october.csv',
      'b-november.csv',
    ]);
    expect((await list('name=october')).data.files.map((f: { name: string }) => f.name)).toEqual(['a-october.csv']);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(uploadedFiles)
      .where(and(eq(uploadedFiles.organizationId, organization.id), eq(uploadedFiles.status, 'uploaded')));
    expect((await list('')).pagination.total).toBe(row!.n);
  });
});
