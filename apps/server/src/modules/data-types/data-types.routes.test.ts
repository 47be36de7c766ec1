import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataTypeMessages, STANDARD_DATA_TYPES } from '@finboard/shared/data-types';
import { messages } from '@finboard/shared/messages';
import { organizationMessages } from '@finboard/shared/organizations';
import { buildApp } from '../../app.ts';
import { auditEvents, dataTypes } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, login } from '../../../test/factories.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

/** The organization's data types, or one of them: the organization is always in the path. */
const urlOf = (organizationId: string, id?: string) =>
  `/api/v1/data-types/${organizationId}${id === undefined ? '' : `/${id}`}`;
const letters = () => Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

/** An organization made through Add Organization (so it is seeded) and one of its users, signed in. */
async function seededOrganization() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organization/add',
    headers: bearer(admin),
    payload: {
      organizationName: `Acme ${letters()}`,
      organizationEmail: 'finance@acme.example',
      organizationPhoneNumber: '5551234567',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const organizationId: string = response.json().data.createdOrganization.id;
  const user = await createUser(t.database, { organizationId });
  return { organizationId, user, token: await login(t.app, user) };
}

const fields = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  description: 'Sales orders exported from the shop',
  targetTable: '02_GL_Detail',
  delimiter: ';',
  periodBased: true,
  columns: [
    { name: 'posting_date', type: 'date', required: true, format: 'DD/MM/YYYY' },
    { name: 'debit', type: 'numeric', required: false, format: '' },
  ],
  ...overrides,
});

const stored = (organizationId: string) =>
  t.database.db
    .select()
    .from(dataTypes)
    .where(eq(dataTypes.organizationId, organizationId))
    .orderBy(sql`lower(${dataTypes.name})`);
const storedNames = async (organizationId: string) => (await stored(organizationId)).map((row) => row.name);
const auditOf = (entityId: string, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, entityId), eq(auditEvents.action, action)));

const STANDARD_NAMES = ['Budget', 'Chart of Accounts', 'GL Detail', 'Periods', 'Trial Balance'];

describe('standard data types', () => {
  it('seeds the five standard types for a new organization, one per warehouse table, and audits it', async () => {
    const { organizationId } = await seededOrganization();

    const rows = await stored(organizationId);

    expect(rows.map((row) => [row.name, row.targetTable, row.periodBased, row.delimiter])).toEqual([
      ['Budget', '03_Budget', true, ','],
      ['Chart of Accounts', '01_Account', false, ','],
      ['GL Detail', '02_GL_Detail', true, ','],
      ['Periods', '00_Period', false, ','],
      ['Trial Balance', '04_Trial_Balance', true, ','],
    ]);
    const gl = rows.find((row) => row.name === 'GL Detail')!;
    expect(gl.columns).toEqual(STANDARD_DATA_TYPES.find((type) => type.key === 'gl_detail')!.columns);
    expect((gl.columns as { name: string }[]).map((column) => column.name)).toEqual([
      'journal_id',
      'line_no',
      'posting_date',
      'period',
      'account_code',
      'description',
      'debit',
      'credit',
      'entity',
      'department',
      'counterparty',
      'source',
      'reference',
    ]);
    const [event] = await auditOf(organizationId, 'data_types.standard_seeded');
    expect(event).toMatchObject({ actorEmail: TEST_ADMIN.email, organizationId });
    expect((event!.after as { dataTypes: string[] }).dataTypes.toSorted()).toEqual(STANDARD_NAMES);
  });

  it('seeds organizations that predate the Data Type Master when the app starts, once', async () => {
    const organization = await createOrganization(t.database);
    expect(await stored(organization.id)).toEqual([]);

    for (let start = 0; start < 2; start++) {
      const app = await buildApp({ config: t.config, database: t.database });
      await app.ready();
      await app.close();
    }

    expect(await storedNames(organization.id)).toEqual(STANDARD_NAMES);
    const events = await auditOf(organization.id, 'data_types.standard_seeded');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: null });
  });

  it('lets a standard type be edited but keeps its target table', async () => {
    const { organizationId, token } = await seededOrganization();
    const budget = (await stored(organizationId)).find((row) => row.name === 'Budget')!;
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: urlOf(organizationId, budget.id), headers: bearer(token), payload });

    const moved = await put(fields('Budget', { targetTable: '02_GL_Detail' }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({
      status: false,
      message: dataTypeMessages.standardTargetFixed,
      errors: [{ msg: dataTypeMessages.standardTargetFixed, path: 'targetTable' }],
    });
    expect((await stored(organizationId)).find((row) => row.id === budget.id)).toEqual(budget);

    const edited = await put(
      fields('Budget 2027', {
        targetTable: '03_Budget',
        periodBased: false,
        columns: [{ name: 'amount', type: 'numeric', required: true }],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.dataType).toMatchObject({ name: 'Budget 2027', isStandard: true, periodBased: false });
  });

  it('refuses to delete a standard type with 409 and keeps it', async () => {
    const { organizationId, token } = await seededOrganization();
    const gl = (await stored(organizationId)).find((row) => row.name === 'GL Detail')!;

    const response = await t.app.inject({
      method: 'DELETE',
      url: urlOf(organizationId, gl.id),
      headers: bearer(token),
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: false, message: dataTypeMessages.standardNotDeletable });
    expect(await storedNames(organizationId)).toEqual(STANDARD_NAMES);
  });
});

describe('GET /api/v1/data-types/{orgId}', () => {
  it("lists the organization user's own types with paging, sorted by name", async () => {
    const { organizationId, token } = await seededOrganization();

    const response = await t.app.inject({ method: 'GET', url: urlOf(organizationId), headers: bearer(token) });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: true,
      message: dataTypeMessages.fetched,
      pagination: { total: 5, totalIsEstimate: false, page: 1, pageSize: 20 },
    });
    expect(body.data.dataTypes.map((type: { name: string }) => type.name)).toEqual(STANDARD_NAMES);
    expect(body.data.dataTypes[0]).toMatchObject({
      organization_id: organizationId,
      targetTable: '03_Budget',
      isStandard: true,
      description: expect.any(String),
      columns: [
        { name: 'period', type: 'text', required: true, format: 'YYYY-MM' },
        { name: 'account_code', type: 'text', required: true },
        { name: 'department', type: 'text', required: false },
        { name: 'amount', type: 'numeric', required: true },
      ],
    });
  });

  it.each([
    ['a name, in any letter case', { name: 'DETAIL' }, ['GL Detail']],
    ['a target table', { targetTable: '01_Account' }, ['Chart of Accounts']],
    ['both', { name: 'a', targetTable: '04_Trial_Balance' }, ['Trial Balance']],
    ['a name with a LIKE wildcard, taken literally', { name: '%' }, []],
    ['an empty filter (no filter)', { name: '', targetTable: '' }, STANDARD_NAMES],
  ])('filters by %s', async (_, query, names) => {
    const { organizationId, token } = await seededOrganization();

    const response = await t.app.inject({ method: 'GET', url: urlOf(organizationId), query, headers: bearer(token) });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.dataTypes.map((type: { name: string }) => type.name)).toEqual(names);
  });

  it('sorts by target table descending and pages', async () => {
    const { organizationId, token } = await seededOrganization();

    const response = await t.app.inject({
      method: 'GET',
      url: urlOf(organizationId),
      query: { sortBy: 'targetTable', sortOrder: 'desc', page: '2', pageSize: '2' },
      headers: bearer(token),
    });

    expect(response.json()).toMatchObject({
      data: { dataTypes: [{ targetTable: '02_GL_Detail' }, { targetTable: '01_Account' }] },
      pagination: { total: 5, totalIsEstimate: false, page: 2, pageSize: 2 },
    });
  });

  it("lets an admin list any organization's types", async () => {
    const { organizationId } = await seededOrganization();

    const response = await t.app.inject({ method: 'GET', url: urlOf(organizationId), headers: bearer(admin) });

    expect(response.statusCode).toBe(200);
    expect(response.json().pagination.total).toBe(5);
  });

  it('asks to pick an organization (400) when the path names none that could exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: urlOf('undefined'), headers: bearer(admin) });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: false,
      message: dataTypeMessages.organizationRequired,
      errors: [{ msg: dataTypeMessages.organizationRequired, path: 'orgId' }],
    });
  });

  it('answers an admin 404 "Organization not found" for an unknown organization, a user 403', async () => {
    const { token } = await seededOrganization();
    const unknown = urlOf(randomUUID());

    const asAdmin = await t.app.inject({ method: 'GET', url: unknown, headers: bearer(admin) });
    const asUser = await t.app.inject({ method: 'GET', url: unknown, headers: bearer(token) });

    expect(asAdmin.statusCode).toBe(404);
    expect(asAdmin.json()).toEqual({ status: false, message: organizationMessages.notFound });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ status: false, message: messages.forbidden });
  });

  it('refuses a user naming another organization with 403 and nothing of it', async () => {
    const { token } = await seededOrganization();
    const other = await seededOrganization();

    const response = await t.app.inject({ method: 'GET', url: urlOf(other.organizationId), headers: bearer(token) });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.forbidden });
  });

  it('refuses an unknown target table with 400', async () => {
    const { organizationId, token } = await seededOrganization();

    const response = await t.app.inject({
      method: 'GET',
      url: urlOf(organizationId),
      query: { targetTable: 'pg_catalog.pg_authid' },
      headers: bearer(token),
    });

    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/v1/data-types/{orgId}', () => {
  it('adds a type to the user’s own organization (201), trimmed, and audits it', async () => {
    const { organizationId, token, user } = await seededOrganization();

    const response = await t.app.inject({
      method: 'POST',
      url: urlOf(organizationId),
      headers: bearer(token),
      payload: fields('  Shop Orders  '),
    });

    expect(response.statusCode, response.body).toBe(201);
    const dataType = response.json().data.dataType;
    expect(response.json()).toMatchObject({
      status: true,
      message: dataTypeMessages.created,
      data: {
        dataType: {
          organization_id: organizationId,
          name: 'Shop Orders',
          description: 'Sales orders exported from the shop',
          targetTable: '02_GL_Detail',
          delimiter: ';',
          periodBased: true,
          isStandard: false,
          columns: [
            { name: 'posting_date', type: 'date', required: true, format: 'DD/MM/YYYY' },
            { name: 'debit', type: 'numeric', required: false },
          ],
        },
      },
    });
    expect(dataType.columns[1]).not.toHaveProperty('format');
    const row = (await stored(organizationId)).find((candidate) => candidate.id === dataType.id);
    expect(row).toMatchObject({ name: 'Shop Orders', standardKey: null, delimiter: ';' });
    const [event] = await auditOf(dataType.id, 'data_type.created');
    expect(event).toMatchObject({
      entityType: 'data_type',
      organizationId,
      actorEmail: user.email,
      before: null,
      after: { name: 'Shop Orders', targetTable: '02_GL_Detail' },
    });
  });

  it('lets an admin add a type to any organization', async () => {
    const { organizationId } = await seededOrganization();

    const response = await t.app.inject({
      method: 'POST',
      url: urlOf(organizationId),
      headers: bearer(admin),
      payload: fields('Payroll'),
    });

    expect(response.statusCode, response.body).toBe(201);
    expect(await storedNames(organizationId)).toContain('Payroll');
  });

  it('refuses a name the organization already uses, in any letter case, with 409 and stores nothing', async () => {
    const { organizationId, token } = await seededOrganization();

    const response = await t.app.inject({
      method: 'POST',
      url: urlOf(organizationId),
      headers: bearer(token),
      payload: fields('gl detail'),
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      message: dataTypeMessages.nameTaken,
      errors: [{ msg: dataTypeMessages.nameTaken, path: 'name' }],
    });
    expect(await storedNames(organizationId)).toEqual(STANDARD_NAMES);
  });

  it('refuses a user adding to another organization with 403 and stores nothing there', async () => {
    const { token } = await seededOrganization();
    const other = await seededOrganization();

    const response = await t.app.inject({
      method: 'POST',
      url: urlOf(other.organizationId),
      headers: bearer(token),
      payload: fields('Intruder'),
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.forbidden });
    expect(await storedNames(other.organizationId)).toEqual(STANDARD_NAMES);
  });

  const column = (name: string, overrides: Record<string, unknown> = {}) => ({
    name,
    type: 'text',
    required: true,
    ...overrides,
  });
  it.each([
    ['no name', fields('  '), dataTypeMessages.nameRequired, 'name'],
    ['a name with a semicolon', fields('Orders; drop'), dataTypeMessages.nameCharacters, 'name'],
    [
      'an unknown target table',
      fields('Orders', { targetTable: 'pg_authid' }),
      dataTypeMessages.targetTableRequired,
      'targetTable',
    ],
    [
      'no target table',
      fields('Orders', { targetTable: undefined }),
      dataTypeMessages.targetTableRequired,
      'targetTable',
    ],
    ['an unknown delimiter', fields('Orders', { delimiter: ':' }), dataTypeMessages.delimiterRequired, 'delimiter'],
    [
      'no period-based flag',
      fields('Orders', { periodBased: 'yes' }),
      dataTypeMessages.periodBasedRequired,
      'periodBased',
    ],
    ['no columns', fields('Orders', { columns: [] }), dataTypeMessages.columnsRequired, 'columns'],
    [
      'too many columns',
      fields('Orders', { columns: Array.from({ length: 101 }, (_, index) => column(`c${index}`)) }),
      dataTypeMessages.tooManyColumns,
      'columns',
    ],
    [
      'a column without a name',
      fields('Orders', { columns: [column(' ')] }),
      dataTypeMessages.columnNameRequired,
      'columns.0.name',
    ],
    [
      'a column name with a quote',
      fields('Orders', { columns: [column('amount"; drop table x; --')] }),
      dataTypeMessages.columnNameCharacters,
      'columns.0.name',
    ],
    [
      'a column name over 63 characters',
      fields('Orders', { columns: [column('a'.repeat(64))] }),
      dataTypeMessages.columnNameTooLong,
      'columns.0.name',
    ],
    [
      'the same column twice, in another letter case',
      fields('Orders', { columns: [column('Amount'), column('amount')] }),
      dataTypeMessages.columnNameDuplicate,
      'columns.1.name',
    ],
    [
      'an unknown column type',
      fields('Orders', { columns: [column('amount', { type: 'money' })] }),
      dataTypeMessages.columnTypeRequired,
      'columns.0.type',
    ],
    [
      'a date column with a format that is not a date pattern',
      fields('Orders', { columns: [column('day', { type: 'date', format: 'hh:mm' })] }),
      dataTypeMessages.dateFormatInvalid,
      'columns.0.format',
    ],
    [
      'an expected column the target table does not have, naming it and the table',
      fields('Orders', { columns: [column('posting_date'), column('memo'), column('Debit')] }),
      'memo is not a column of GL_Detail',
      'columns.1.name',
    ],
  ])('refuses %s with 400 and its message, storing nothing', async (_, payload, message, path) => {
    const { organizationId, token } = await seededOrganization();

    const response = await t.app.inject({
      method: 'POST',
      url: urlOf(organizationId),
      headers: bearer(token),
      payload,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, message });
    expect(response.json().errors[0]).toEqual({ msg: message, path });
    expect(await storedNames(organizationId)).toEqual(STANDARD_NAMES);
  });

  it('refuses an anonymous caller with 401 and stores nothing', async () => {
    const { organizationId } = await seededOrganization();

    const response = await t.app.inject({ method: 'POST', url: urlOf(organizationId), payload: fields('Orders') });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.unauthenticated });
    expect(await storedNames(organizationId)).toEqual(STANDARD_NAMES);
  });
});

describe('PUT, GET and DELETE /api/v1/data-types/{orgId}/{id}', () => {
  async function withCustomType() {
    const seeded = await seededOrganization();
    const response = await t.app.inject({
      method: 'POST',
      url: urlOf(seeded.organizationId),
      headers: bearer(seeded.token),
      payload: fields('Shop Orders'),
    });
    return { ...seeded, dataTypeId: response.json().data.dataType.id as string };
  }

  it('edits a type and audits before and after', async () => {
    const { organizationId, token, dataTypeId } = await withCustomType();

    const response = await t.app.inject({
      method: 'PUT',
      url: urlOf(organizationId, dataTypeId),
      headers: bearer(token),
      payload: fields('Web Orders', {
        description: '',
        targetTable: '03_Budget',
        delimiter: '\t',
        periodBased: false,
        columns: [{ name: 'amount', type: 'numeric', required: true }],
      }),
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: dataTypeMessages.updated,
      data: {
        dataType: {
          id: dataTypeId,
          name: 'Web Orders',
          description: null,
          targetTable: '03_Budget',
          delimiter: '\t',
          periodBased: false,
          columns: [{ name: 'amount', type: 'numeric', required: true }],
        },
      },
    });
    const row = (await stored(organizationId)).find((candidate) => candidate.id === dataTypeId)!;
    expect(row).toMatchObject({ name: 'Web Orders', delimiter: '\t', description: null });
    expect(row.updatedAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
    const [event] = await auditOf(dataTypeId, 'data_type.updated');
    expect(event).toMatchObject({
      before: { name: 'Shop Orders', delimiter: ';' },
      after: { name: 'Web Orders', delimiter: '\t' },
    });
  });

  it('refuses renaming to a name the organization uses with 409 and changes nothing', async () => {
    const { organizationId, token, dataTypeId } = await withCustomType();
    const before = await stored(organizationId);

    const response = await t.app.inject({
      method: 'PUT',
      url: urlOf(organizationId, dataTypeId),
      headers: bearer(token),
      payload: fields('TRIAL BALANCE'),
    });

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(dataTypeMessages.nameTaken);
    expect(await stored(organizationId)).toEqual(before);
  });

  it('refuses moving a type to a table that lacks its columns with 400 and changes nothing', async () => {
    const { organizationId, token, dataTypeId } = await withCustomType();
    const before = await stored(organizationId);

    const response = await t.app.inject({
      method: 'PUT',
      url: urlOf(organizationId, dataTypeId),
      headers: bearer(token),
      payload: fields('Shop Orders', { targetTable: '03_Budget' }),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('posting_date is not a column of Budget');
    expect(await stored(organizationId)).toEqual(before);
  });

  it('keeps its name when only other fields change (no clash with itself)', async () => {
    const { organizationId, token, dataTypeId } = await withCustomType();

    const response = await t.app.inject({
      method: 'PUT',
      url: urlOf(organizationId, dataTypeId),
      headers: bearer(token),
      payload: fields('SHOP ORDERS', { delimiter: '|' }),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.dataType).toMatchObject({ name: 'SHOP ORDERS', delimiter: '|' });
  });

  it('reads one type', async () => {
    const { organizationId, token, dataTypeId } = await withCustomType();

    const response = await t.app.inject({
      method: 'GET',
      url: urlOf(organizationId, dataTypeId),
      headers: bearer(token),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: dataTypeMessages.fetchedOne,
      data: { dataType: { id: dataTypeId, name: 'Shop Orders' } },
    });
  });

  it('deletes a type of the organization’s own and audits it', async () => {
    const { organizationId, token, dataTypeId } = await withCustomType();

    const response = await t.app.inject({
      method: 'DELETE',
      url: urlOf(organizationId, dataTypeId),
      headers: bearer(token),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: dataTypeMessages.deleted });
    expect(await storedNames(organizationId)).toEqual(STANDARD_NAMES);
    const [event] = await auditOf(dataTypeId, 'data_type.deleted');
    expect(event).toMatchObject({ before: { name: 'Shop Orders' }, after: null, organizationId });
  });

  it("answers 404 for another organization's type named under one's own, as for an unknown one, changing nothing", async () => {
    const { organizationId, dataTypeId } = await withCustomType();
    const stranger = await seededOrganization();
    const before = await stored(organizationId);
    const strangersBefore = await stored(stranger.organizationId);
    const underStranger = urlOf(stranger.organizationId, dataTypeId);

    for (const [token, request] of [
      ...[stranger.token, admin].flatMap((caller) => [
        [caller, { method: 'GET' as const, url: underStranger }] as const,
        [caller, { method: 'PUT' as const, url: underStranger, payload: fields('Taken Over') }] as const,
        [caller, { method: 'DELETE' as const, url: underStranger }] as const,
      ]),
      [stranger.token, { method: 'DELETE' as const, url: urlOf(stranger.organizationId, randomUUID()) }] as const,
    ]) {
      const response = await t.app.inject({ ...request, headers: bearer(token) });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json()).toEqual({ status: false, message: dataTypeMessages.notFound });
    }
    expect(await stored(organizationId)).toEqual(before);
    expect(await stored(stranger.organizationId)).toEqual(strangersBefore);
  });

  it("refuses a user naming another organization's type under that organization with 403, changing nothing", async () => {
    const { organizationId, dataTypeId } = await withCustomType();
    const stranger = await seededOrganization();
    const before = await stored(organizationId);

    for (const request of [
      { method: 'GET' as const, url: urlOf(organizationId, dataTypeId) },
      { method: 'PUT' as const, url: urlOf(organizationId, dataTypeId), payload: fields('Taken Over') },
      { method: 'DELETE' as const, url: urlOf(organizationId, dataTypeId) },
    ]) {
      const response = await t.app.inject({ ...request, headers: bearer(stranger.token) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status: false, message: messages.forbidden });
    }
    expect(await stored(organizationId)).toEqual(before);
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const { organizationId, token } = await seededOrganization();

    const response = await t.app.inject({
      method: 'DELETE',
      url: `${urlOf(organizationId)}/1;drop`,
      headers: bearer(token),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(dataTypeMessages.notFound);
  });

  it("lets an admin edit and delete any organization's type", async () => {
    const { organizationId, dataTypeId } = await withCustomType();

    const edited = await t.app.inject({
      method: 'PUT',
      url: urlOf(organizationId, dataTypeId),
      headers: bearer(admin),
      payload: fields('Checked Orders'),
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: urlOf(organizationId, dataTypeId),
      headers: bearer(admin),
    });

    expect(edited.statusCode).toBe(200);
    expect(deleted.statusCode).toBe(200);
    expect(await storedNames(organizationId)).toEqual(STANDARD_NAMES);
  });
});
