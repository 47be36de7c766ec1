import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_DASHBOARDS, dashboardMessages } from '@finboard/shared/dashboards';
import { messages } from '@finboard/shared/messages';
import { organizationMessages } from '@finboard/shared/organizations';
import { reportMessages } from '@finboard/shared/reports';
import { emailMessages, nameMessages, phoneMessages } from '@finboard/shared/validation';
import { auditEvents, dashboards, organizations, sessions, userDashboards } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createDashboard, createOrganization, createUser, login, uniqueIp } from '../../../test/factories.ts';
import { jpegBytes, paddedPng, pngBytes } from '../../../test/images.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

/** A random run of letters keeps each test's rows apart. */
const letters = (length = 8) =>
  Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const uniqueName = (prefix = 'Acme') => `${prefix} ${letters()}`;

const validFields = (overrides: Record<string, string> = {}) => ({
  organizationName: uniqueName(),
  organizationEmail: `finance-${letters()}@acme.example`,
  organizationPhoneNumber: '(555) 123-4567',
  organizationAddress: '1 Market Street',
  organizationDescription: 'Wholesale',
  powerbiEmail: `bi-${letters()}@acme.example`,
  ...overrides,
});

function form(fields: Record<string, string>, logo?: { bytes: Buffer; filename?: string; type?: string }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (logo) {
    body.append(
      'logo',
      new Blob([new Uint8Array(logo.bytes)], { type: logo.type ?? 'image/png' }),
      logo.filename ?? 'logo.png',
    );
  }
  return body;
}

const add = (payload: FormData | object, token = admin) =>
  t.app.inject({ method: 'POST', url: '/api/v1/organization/add', headers: bearer(token), payload });
const edit = (id: string, payload: FormData | object, token = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/organization/${id}`, headers: bearer(token), payload });

const storedOrganization = async (id: string) =>
  (await t.database.db.select().from(organizations).where(eq(organizations.id, id)))[0];
const organizationCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(organizations))[0]!.n;
const storedDashboards = (organizationId: string) =>
  t.database.db
    .select()
    .from(dashboards)
    .where(eq(dashboards.organizationId, organizationId))
    .orderBy(dashboards.position);
const auditOf = (entityId: string, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, entityId), eq(auditEvents.action, action)));

/** Every file under DATA_DIR/files, as storage keys. */
function storedFiles(): string[] {
  const root = path.join(t.config.DATA_DIR, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'));
}
const fileBytes = (key: string) => fs.readFileSync(path.join(t.config.DATA_DIR, 'files', key));

const LOGO_KEY = /^logos\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png$/;

const dashboardEntry = (name: string) => ({
  dashboard: name,
  url: `https://app.powerbi.com/reportEmbed?reportId=${randomUUID()}`,
  workspaceId: 'workspace-1',
  datasetId: 'dataset-1',
  type: 'report',
});

describe('POST /api/v1/organization/add', () => {
  it('creates the organization with its PNG logo stored under an unguessable key (201) and audits it', async () => {
    const fields = validFields();
    const logo = await pngBytes();

    const response = await add(form(fields, { bytes: logo }));

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      status: true,
      message: organizationMessages.created,
      data: {
        createdOrganization: {
          name: fields.organizationName,
          email: fields.organizationEmail,
          phone: '5551234567',
          powerbiEmail: fields.powerbiEmail,
          address: '1 Market Street',
          description: 'Wholesale',
          isActive: true,
          auditDataMessage: null,
          userCount: 0,
          // Every organization starts with the six built-in statements (issue 11 §1).
          dashboards: BUILTIN_DASHBOARDS.map(({ dashboard, template }, position) => ({
            name: dashboard,
            type: 'builtin',
            template,
            url: '',
            workspaceId: '',
            datasetId: '',
            position,
          })),
        },
      },
    });
    const created = body.data.createdOrganization;
    expect(created.logo_url).toMatch(LOGO_KEY);
    expect(created.logo_url.startsWith(`logos/${created.id}/`)).toBe(true);
    expect(fileBytes(created.logo_url).equals(logo)).toBe(true);
    expect(await storedOrganization(created.id)).toMatchObject({
      name: fields.organizationName,
      phone: '5551234567',
      logoKey: created.logo_url,
      isActive: true,
    });
    const [event] = await auditOf(created.id, 'organization.created');
    expect(event).toMatchObject({
      entityType: 'organization',
      organizationId: created.id,
      actorEmail: TEST_ADMIN.email,
      before: null,
      after: { name: fields.organizationName, logoKey: created.logo_url },
    });
    expect((event?.after as { dashboards: { name: string }[] }).dashboards.map((d) => d.name)).toEqual(
      BUILTIN_DASHBOARDS.map((d) => d.dashboard),
    );
    const [builtinEvent] = await auditOf(created.id, 'dashboards.builtin_added');
    expect(builtinEvent).toMatchObject({
      actorEmail: TEST_ADMIN.email,
      after: { dashboards: BUILTIN_DASHBOARDS.map((d) => d.dashboard) },
    });
  });

  it('stores the base currency (read in capitals) and the fiscal year start month, and shows them', async () => {
    const response = await add(form(validFields({ baseCurrency: 'eur', fiscalYearStartMonth: '4' })));

    expect(response.statusCode).toBe(201);
    const created = response.json().data.createdOrganization;
    expect(created).toMatchObject({ baseCurrency: 'EUR', fiscalYearStartMonth: 4 });
    expect(await storedOrganization(created.id)).toMatchObject({ baseCurrency: 'EUR', fiscalYearStartMonth: 4 });
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organization/${created.id}`,
      headers: bearer(admin),
    });
    expect(shown.json().data.organization).toMatchObject({ baseCurrency: 'EUR', fiscalYearStartMonth: 4 });
    const [event] = await auditOf(created.id, 'organization.created');
    expect(event?.after).toMatchObject({ baseCurrency: 'EUR', fiscalYearStartMonth: 4 });
  });

  it('keeps the books in US dollars with the fiscal year of the period table when the form names neither', async () => {
    const response = await add(validFields());

    expect(response.statusCode).toBe(201);
    const created = response.json().data.createdOrganization;
    expect(created).toMatchObject({ baseCurrency: 'USD', fiscalYearStartMonth: null });
    expect(await storedOrganization(created.id)).toMatchObject({ baseCurrency: 'USD', fiscalYearStartMonth: null });
  });

  it('ignores the client’s file name and type: a real PNG sent as "photo.jpg" (image/jpeg) is accepted', async () => {
    const response = await add(
      form(validFields(), { bytes: await pngBytes(), filename: 'photo.jpg', type: 'image/jpeg' }),
    );

    expect(response.statusCode).toBe(201);
    expect(response.json().data.createdOrganization.logo_url).toMatch(LOGO_KEY);
  });

  it('creates an organization without a logo from a JSON body too', async () => {
    const fields = validFields();

    const response = await add(fields);

    expect(response.statusCode).toBe(201);
    expect(response.json().data.createdOrganization).toMatchObject({ name: fields.organizationName, logo_url: null });
  });

  it('stores and shows a name as customers write it, and the phone as its ten digits', async () => {
    const response = await add(
      form(validFields({ organizationName: 'Smith & Sons Ltd.', organizationPhoneNumber: '+1 (555) 123-4567' })),
    );

    expect(response.statusCode).toBe(201);
    const { id } = response.json().data.createdOrganization;
    const [stored] = await t.database.db.select().from(organizations).where(eq(organizations.id, id));
    expect(stored).toMatchObject({ name: 'Smith & Sons Ltd.', phone: '5551234567' });
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/organization/${id}`, headers: bearer(admin) });
    expect(shown.json().data.organization).toMatchObject({ name: 'Smith & Sons Ltd.', phone: '5551234567' });
  });

  it.each([
    ['a JPEG renamed logo.png', async () => jpegBytes(), 'image/png', organizationMessages.logoPngOnly],
    ['a 6MB PNG', async () => paddedPng(6 * 1024 * 1024), 'image/png', organizationMessages.logoTooLarge],
    ['a PNG of exactly 5MB', async () => paddedPng(5 * 1024 * 1024), 'image/png', organizationMessages.logoTooLarge],
    [
      'bytes that start like a PNG but are not one',
      async () => Buffer.concat([(await pngBytes()).subarray(0, 8), Buffer.alloc(500, 7)]),
      'image/png',
      organizationMessages.logoPngOnly,
    ],
  ])('refuses %s with 400 and the spec’s message, storing no row and no file', async (_, bytes, type, message) => {
    const filesBefore = storedFiles();
    const countBefore = await organizationCount();
    const fields = validFields();

    const response = await add(form(fields, { bytes: await bytes(), type }));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message, errors: [{ msg: message, path: 'logo' }] });
    expect(await organizationCount()).toBe(countBefore);
    expect(
      await t.database.db.select().from(organizations).where(eq(organizations.name, fields.organizationName)),
    ).toHaveLength(0);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('accepts a PNG just under 5MB', async () => {
    const response = await add(form(validFields(), { bytes: await paddedPng(5 * 1024 * 1024 - 1) }));

    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['a missing phone', { organizationPhoneNumber: '' }, phoneMessages.required, 'organizationPhoneNumber'],
    ['a 7-digit phone', { organizationPhoneNumber: '555-1234' }, phoneMessages.digits, 'organizationPhoneNumber'],
    [
      'letters in the phone',
      { organizationPhoneNumber: '555-CALL-NOW' },
      phoneMessages.invalid,
      'organizationPhoneNumber',
    ],
    ['an invalid e-mail', { organizationEmail: 'finance@acme' }, emailMessages.invalid, 'organizationEmail'],
    ['an invalid Power BI e-mail', { powerbiEmail: 'bi.acme.example' }, emailMessages.invalid, 'powerbiEmail'],
    [
      'a slash in the name',
      { organizationName: 'Acme / 2000' },
      nameMessages.organizationCharacters('Organization name'),
      'organizationName',
    ],
    ['an empty name', { organizationName: ' ' }, 'Organization name is required', 'organizationName'],
    ['an unknown currency', { baseCurrency: 'XYZ' }, organizationMessages.baseCurrencyInvalid, 'baseCurrency'],
    ['a withdrawn currency', { baseCurrency: 'HRK' }, organizationMessages.baseCurrencyInvalid, 'baseCurrency'],
    [
      'a fiscal year starting in month 13',
      { fiscalYearStartMonth: '13' },
      organizationMessages.fiscalYearStartMonthInvalid,
      'fiscalYearStartMonth',
    ],
    [
      'a fiscal year starting in "April"',
      { fiscalYearStartMonth: 'April' },
      organizationMessages.fiscalYearStartMonthInvalid,
      'fiscalYearStartMonth',
    ],
  ])('refuses %s with 400 and its message, and stores nothing', async (_, change, message, fieldPath) => {
    const countBefore = await organizationCount();
    const filesBefore = storedFiles();

    const response = await add(form(validFields(change), { bytes: await pngBytes() }));

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: false, message });
    expect(body.errors[0]).toEqual({ msg: message, path: fieldPath });
    expect(await organizationCount()).toBe(countBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('spells the exact spec texts for the phone rules', async () => {
    const missing = await add(form(validFields({ organizationPhoneNumber: '' })));
    const short = await add(form(validFields({ organizationPhoneNumber: '12345' })));

    expect(missing.json().message).toBe('Phone number is required');
    expect(short.json().message).toBe('Phone number should have 10 digits');
  });

  it('refuses a name already taken, in any letter case, with 409 and stores neither row nor logo', async () => {
    const existing = await createOrganization(t.database, { name: uniqueName('Globex') });
    const countBefore = await organizationCount();
    const filesBefore = storedFiles();

    const response = await add(
      form(validFields({ organizationName: existing.name.toUpperCase() }), { bytes: await pngBytes() }),
    );

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      message: organizationMessages.nameTaken,
      errors: [{ msg: organizationMessages.nameTaken, path: 'organizationName' }],
    });
    expect(await organizationCount()).toBe(countBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('stores legacy dashboards sent as an array, in order, with the name fallbacks, then the built-in ones', async () => {
    const list = [
      { ...dashboardEntry('ignored'), dashboard: undefined, dashboard_name: 'Profit and Loss', name: 'P&L' },
      // A Power BI entry named as a built-in statement keeps the name; that built-in entry is left out.
      { ...dashboardEntry('ignored'), dashboard: undefined, name: 'Balance Sheet' },
      { ...dashboardEntry('ignored'), dashboard: undefined, type: 'paginatedReport' },
    ];

    const response = await add({ ...validFields(), dashboards: list });

    expect(response.statusCode).toBe(201);
    const created = response.json().data.createdOrganization;
    expect(created.dashboards.map((d: { name: string }) => d.name)).toEqual([
      'Profit and Loss',
      'Balance Sheet',
      dashboardMessages.unnamed,
      'Financial Overview',
      'Profit & Loss',
      'Cash Flow',
      'Budget vs Actual',
      'Expense Analysis',
    ]);
    const rows = await storedDashboards(created.id);
    expect(rows.slice(0, 4).map((row) => [row.name, row.position, row.type, row.template])).toEqual([
      ['Profit and Loss', 0, 'report', null],
      ['Balance Sheet', 1, 'report', null],
      ['Unnamed Dashboard', 2, 'paginatedReport', null],
      ['Financial Overview', 3, 'builtin', 'financial-overview'],
    ]);
    expect(rows[0]).toMatchObject({ url: list[0]!.url, workspaceId: 'workspace-1', datasetId: 'dataset-1' });
  });

  it.each([
    ['a JSON string', (list: object[]) => JSON.stringify(list)],
    ['an escaped JSON string', (list: object[]) => JSON.stringify(JSON.stringify(list))],
    ['a string with its escapes kept', (list: object[]) => JSON.stringify(list).replace(/"/g, '\\"')],
  ])('stores legacy dashboards sent in a multipart field as %s', async (_, encode) => {
    const list = [
      { ...dashboardEntry('ignored'), dashboard: undefined, dashboard_name: 'Cash Flow' },
      dashboardEntry('Budget'),
    ];

    const response = await add(form({ ...validFields(), dashboards: encode(list) }));

    expect(response.statusCode).toBe(201);
    const rows = await storedDashboards(response.json().data.createdOrganization.id);
    expect(rows.filter((row) => row.type !== 'builtin').map((row) => row.name)).toEqual(['Cash Flow', 'Budget']);
  });

  it.each([
    [
      'a dashboard without a URL',
      [{ ...dashboardEntry('Sales'), url: '' }],
      dashboardMessages.urlRequired,
      'dashboards.0.url',
    ],
    [
      'two dashboards with the same name',
      [dashboardEntry('Sales'), dashboardEntry('SALES')],
      dashboardMessages.duplicateName,
      'dashboards.1.dashboard',
    ],
    ['something that is not a list', 'not a list', dashboardMessages.invalidList, 'dashboards'],
  ])('refuses legacy dashboards with %s (400) and stores nothing', async (_, list, message, fieldPath) => {
    const countBefore = await organizationCount();

    const response = await add({ ...validFields(), dashboards: list });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, message });
    expect(response.json().errors[0]).toEqual({ msg: message, path: fieldPath });
    expect(await organizationCount()).toBe(countBefore);
  });

  it('refuses an organization user with 403 and stores nothing', async () => {
    const organization = await createOrganization(t.database);
    const user = await createUser(t.database, { organizationId: organization.id });
    const countBefore = await organizationCount();

    const response = await add(form(validFields()), await login(t.app, user));

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.forbidden });
    expect(await organizationCount()).toBe(countBefore);
  });
});

describe('PUT /api/v1/organization/:id', () => {
  const createWithLogo = async () => {
    const response = await add(form(validFields(), { bytes: await pngBytes() }));
    return response.json().data.createdOrganization as { id: string; logo_url: string; name: string };
  };

  it('updates the fields ("Client updated successfully"), keeps the logo and audits before and after', async () => {
    const created = await createWithLogo();
    const fields = validFields({ organizationPhoneNumber: '555 987 6543', organizationAddress: '' });

    const response = await edit(created.id, form(fields));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: 'Client updated successfully',
      data: {
        updatedOrganization: {
          id: created.id,
          name: fields.organizationName,
          phone: '5559876543',
          address: null,
          logo_url: created.logo_url,
        },
      },
    });
    expect(await storedOrganization(created.id)).toMatchObject({
      name: fields.organizationName,
      phone: '5559876543',
      address: null,
      logoKey: created.logo_url,
    });
    const [event] = await auditOf(created.id, 'organization.updated');
    expect(event).toMatchObject({
      before: { name: created.name, phone: '5551234567', address: '1 Market Street' },
      after: { name: fields.organizationName, phone: '5559876543', address: null },
    });
    expect(storedFiles()).toContain(created.logo_url);
  });

  it('changes the currency and fiscal year start, keeps them when the form leaves them out, clears the month', async () => {
    const created = (await add(validFields({ baseCurrency: 'EUR', fiscalYearStartMonth: '4' }))).json().data
      .createdOrganization as { id: string };

    const untouched = await edit(created.id, form(validFields()));
    expect(untouched.statusCode).toBe(200);
    expect(untouched.json().data.updatedOrganization).toMatchObject({ baseCurrency: 'EUR', fiscalYearStartMonth: 4 });

    const changed = await edit(created.id, form(validFields({ baseCurrency: 'GBP', fiscalYearStartMonth: '' })));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.updatedOrganization).toMatchObject({ baseCurrency: 'GBP', fiscalYearStartMonth: null });
    expect(await storedOrganization(created.id)).toMatchObject({ baseCurrency: 'GBP', fiscalYearStartMonth: null });
    const events = await auditOf(created.id, 'organization.updated');
    expect(events.map((event) => [event.before, event.after])).toContainEqual([
      expect.objectContaining({ baseCurrency: 'EUR', fiscalYearStartMonth: 4 }),
      expect.objectContaining({ baseCurrency: 'GBP', fiscalYearStartMonth: null }),
    ]);
  });

  it.each([
    ['an unknown currency', { baseCurrency: 'ABC' }, organizationMessages.baseCurrencyInvalid, 'baseCurrency'],
    [
      'a fiscal year starting in month 0',
      { fiscalYearStartMonth: '0' },
      organizationMessages.fiscalYearStartMonthInvalid,
      'fiscalYearStartMonth',
    ],
  ])('refuses %s on edit with 400 and its message, and changes nothing', async (_, change, message, fieldPath) => {
    const organization = await createOrganization(t.database);
    const before = await storedOrganization(organization.id);

    const response = await edit(organization.id, form(validFields(change)));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message, errors: [{ msg: message, path: fieldPath }] });
    expect(await storedOrganization(organization.id)).toEqual(before);
  });

  it('replaces the logo with a new key and deletes the old file', async () => {
    const created = await createWithLogo();
    const newLogo = await pngBytes(300, 60, { r: 0, g: 0, b: 0 });

    const response = await edit(created.id, form(validFields(), { bytes: newLogo }));

    expect(response.statusCode).toBe(200);
    const newKey = response.json().data.updatedOrganization.logo_url;
    expect(newKey).toMatch(LOGO_KEY);
    expect(newKey).not.toBe(created.logo_url);
    expect(fileBytes(newKey).equals(newLogo)).toBe(true);
    expect(storedFiles()).not.toContain(created.logo_url);
    expect((await storedOrganization(created.id))?.logoKey).toBe(newKey);
  });

  it('removes the logo with removeLogo=true', async () => {
    const created = await createWithLogo();

    const response = await edit(created.id, form({ ...validFields(), removeLogo: 'true' }));

    expect(response.statusCode).toBe(200);
    expect(response.json().data.updatedOrganization.logo_url).toBeNull();
    expect((await storedOrganization(created.id))?.logoKey).toBeNull();
    expect(storedFiles()).not.toContain(created.logo_url);
  });

  it('refuses a JPEG logo on edit and keeps the organization and its old logo as they were', async () => {
    const created = await createWithLogo();
    const before = await storedOrganization(created.id);
    const filesBefore = storedFiles();

    const response = await edit(created.id, form(validFields(), { bytes: await jpegBytes(), filename: 'x.png' }));

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Only PNG files are allowed!');
    expect(await storedOrganization(created.id)).toEqual(before);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('replaces the dashboard list, keeping the id (and grants) of a dashboard whose name stays', async () => {
    const organization = await createOrganization(t.database);
    const kept = await createDashboard(t.database, organization.id, { name: 'Sales' });
    await createDashboard(t.database, organization.id, { name: 'Dropped' });
    const user = await createUser(t.database, { organizationId: organization.id });
    await t.database.db.insert(userDashboards).values({ userId: user.id, dashboardId: kept.id });

    const response = await edit(organization.id, {
      ...validFields(),
      dashboards: [dashboardEntry('Margins'), { ...dashboardEntry('sales'), workspaceId: 'workspace-2' }],
    });

    expect(response.statusCode).toBe(200);
    const rows = await storedDashboards(organization.id);
    expect(rows.map((row) => [row.name, row.position])).toEqual([
      ['Margins', 0],
      ['sales', 1],
    ]);
    expect(rows[1]).toMatchObject({ id: kept.id, workspaceId: 'workspace-2' });
    expect(await t.database.db.select().from(userDashboards).where(eq(userDashboards.userId, user.id))).toEqual([
      { userId: user.id, dashboardId: kept.id },
    ]);
    const [event] = await auditOf(organization.id, 'organization.updated');
    expect((event?.before as { dashboards: { name: string }[] }).dashboards.map((d) => d.name)).toEqual([
      'Sales',
      'Dropped',
    ]);
    expect((event?.after as { dashboards: { name: string }[] }).dashboards.map((d) => d.name)).toEqual([
      'Margins',
      'sales',
    ]);
  });

  it('leaves the dashboards alone when the form does not send any', async () => {
    const organization = await createOrganization(t.database);
    await createDashboard(t.database, organization.id, { name: 'Sales' });

    const response = await edit(organization.id, form(validFields()));

    expect(response.statusCode).toBe(200);
    expect((await storedDashboards(organization.id)).map((row) => row.name)).toEqual(['Sales']);
  });

  it('answers 404 "Organization not found" for an unknown id and stores no file', async () => {
    const filesBefore = storedFiles();

    const response = await edit(randomUUID(), form(validFields(), { bytes: await pngBytes() }));

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: organizationMessages.notFound });
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('refuses the name of another organization with 409 and changes nothing', async () => {
    const other = await createOrganization(t.database, { name: uniqueName('Initech') });
    const organization = await createOrganization(t.database);
    const before = await storedOrganization(organization.id);

    const response = await edit(organization.id, form(validFields({ organizationName: other.name.toLowerCase() })));

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(organizationMessages.nameTaken);
    expect(await storedOrganization(organization.id)).toEqual(before);
  });

  it('keeps its own name in another letter case', async () => {
    const organization = await createOrganization(t.database, { name: uniqueName('Umbrella') });

    const response = await edit(
      organization.id,
      form(validFields({ organizationName: organization.name.toUpperCase() })),
    );

    expect(response.statusCode).toBe(200);
    expect((await storedOrganization(organization.id))?.name).toBe(organization.name.toUpperCase());
  });
});

describe('GET /api/v1/organization', () => {
  const list = (query: Record<string, string | number>, token = admin) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/organization',
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      headers: bearer(token),
    });
  const names = (response: { json(): { data: { organizations: { name: string }[] } } }) =>
    response.json().data.organizations.map((organization) => organization.name);

  it('filters by name, e-mail, phone and Power BI e-mail as case-insensitive substrings', async () => {
    const tag = letters(10);
    const first = await createOrganization(t.database, {
      name: `Alpha ${tag}`,
      email: `alpha-${tag}@one.example`,
      phone: '5550001111',
      powerbiEmail: `reports-${tag}@bi.example`,
    });
    const second = await createOrganization(t.database, {
      name: `Beta ${tag}`,
      email: `beta-${tag}@two.example`,
      phone: '5550002222',
    });

    expect(names(await list({ name: tag.toUpperCase() }))).toEqual([first.name, second.name]);
    expect(names(await list({ name: `alpha ${tag}` }))).toEqual([first.name]);
    expect(names(await list({ email: `BETA-${tag}` }))).toEqual([second.name]);
    expect(names(await list({ powerbiEmail: `reports-${tag}` }))).toEqual([first.name]);
    expect(names(await list({ name: tag, phone: '(555) 000-2' }))).toEqual([second.name]);
    expect(names(await list({ search: `two.example`, name: tag }))).toEqual([second.name]);
    expect(names(await list({ search: `reports-${tag}` }))).toEqual([first.name]);
    const response = await list({ name: tag });
    expect(Object.keys(response.json()).sort()).toEqual(['data', 'message', 'pagination', 'status']);
    expect(response.json()).toMatchObject({
      status: true,
      message: organizationMessages.fetched,
      pagination: { total: 2, totalIsEstimate: false, page: 1, pageSize: 20 },
    });
  });

  it('matches % and _ in a filter literally', async () => {
    const tag = letters(10);
    const underscore = await createOrganization(t.database, { name: `Under ${tag}`, email: `a_b-${tag}@x.example` });
    await createOrganization(t.database, { name: `Plain ${tag}`, email: `axb-${tag}@x.example` });

    expect(names(await list({ email: `a_b-${tag}` }))).toEqual([underscore.name]);
    expect(names(await list({ name: tag, email: '%' }))).toEqual([]);
    expect(names(await list({ name: `${tag}\\` }))).toEqual([]);
  });

  it('counts users, sorts by that count and pages with the filtered total', async () => {
    const tag = letters(10);
    const none = await createOrganization(t.database, { name: `Gamma ${tag}` });
    const two = await createOrganization(t.database, { name: `Delta ${tag}` });
    const one = await createOrganization(t.database, { name: `Epsilon ${tag}` });
    await createUser(t.database, { organizationId: two.id });
    await createUser(t.database, { organizationId: two.id });
    await createUser(t.database, { organizationId: one.id });

    const byCount = await list({ name: tag, sortBy: 'userCount', sortOrder: 'desc' });
    expect(
      byCount.json().data.organizations.map((o: { name: string; userCount: number }) => [o.name, o.userCount]),
    ).toEqual([
      [two.name, 2],
      [one.name, 1],
      [none.name, 0],
    ]);

    const secondPage = await list({ name: tag, sortBy: 'name', page: 2, pageSize: 2 });
    expect(names(secondPage)).toEqual([none.name]);
    expect(secondPage.json().pagination).toEqual({ total: 3, totalIsEstimate: false, page: 2, pageSize: 2 });
  });

  it('filters by status', async () => {
    const tag = letters(10);
    const active = await createOrganization(t.database, { name: `Active ${tag}` });
    const inactive = await createOrganization(t.database, { name: `Inactive ${tag}`, isActive: false });

    expect(names(await list({ name: tag, status: 'active' }))).toEqual([active.name]);
    expect(names(await list({ name: tag, status: 'inactive' }))).toEqual([inactive.name]);
    expect(names(await list({ name: tag }))).toEqual([active.name, inactive.name]);
  });

  it('refuses an unknown sort field with 400', async () => {
    const response = await list({ sortBy: 'password' });

    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe(false);
  });
});

describe('GET /api/v1/organization/:id', () => {
  const get = (id: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/organization/${id}`, headers: bearer(token) });

  it('gives an admin the organization with all its dashboards, the audit message and viewHasData false', async () => {
    const organization = await createOrganization(t.database, { auditDataMessage: 'Figures are unaudited' });
    const first = await createDashboard(t.database, organization.id, { name: 'First' });
    const second = await createDashboard(t.database, organization.id, { name: 'Second' });

    const response = await get(organization.id, admin);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      data: {
        organization: { id: organization.id, name: organization.name, auditDataMessage: 'Figures are unaudited' },
        auditDataMessage: 'Figures are unaudited',
        viewHasData: false,
      },
    });
    expect(response.json().data.organization.dashboards.map((d: { id: string }) => d.id)).toEqual([
      first.id,
      second.id,
    ]);
  });

  it('gives a user restricted to a list only those dashboards, in the organization’s order', async () => {
    const organization = await createOrganization(t.database);
    const a = await createDashboard(t.database, organization.id, { name: 'A' });
    await createDashboard(t.database, organization.id, { name: 'B' });
    const c = await createDashboard(t.database, organization.id, { name: 'C' });
    const user = await createUser(t.database, { organizationId: organization.id, allDashboards: false });
    await t.database.db.insert(userDashboards).values([
      { userId: user.id, dashboardId: c.id },
      { userId: user.id, dashboardId: a.id },
    ]);

    const response = await get(organization.id, await login(t.app, user));

    expect(response.statusCode).toBe(200);
    expect(response.json().data.organization.dashboards.map((d: { name: string }) => d.name)).toEqual(['A', 'C']);
  });

  it('answers 404 to an admin for an unknown organization and 400 for an id that is not one', async () => {
    const unknown = await get(randomUUID(), admin);
    const malformed = await get('42', admin);

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, message: organizationMessages.notFound });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(organizationMessages.idMissing);
  });
});

describe('PUT /api/v1/organization/:id/audit-message', () => {
  it('sets the message shown to the organization’s users, audits it, and clears it with an empty text', async () => {
    const organization = await createOrganization(t.database);
    const put = (auditDataMessage: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/organization/${organization.id}/audit-message`,
        headers: bearer(admin),
        payload: { auditDataMessage },
      });

    const set = await put('  Q3 figures are under audit  ');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      message: organizationMessages.auditMessageSaved,
      data: { organization: { id: organization.id, auditDataMessage: 'Q3 figures are under audit' } },
    });
    expect((await storedOrganization(organization.id))?.auditDataMessage).toBe('Q3 figures are under audit');
    const [event] = await auditOf(organization.id, 'organization.audit_message_changed');
    expect(event).toMatchObject({
      before: { auditDataMessage: null },
      after: { auditDataMessage: 'Q3 figures are under audit' },
    });

    const cleared = await put('');
    expect(cleared.statusCode).toBe(200);
    expect((await storedOrganization(organization.id))?.auditDataMessage).toBeNull();
  });
});

describe('PUT /api/v1/organization/:id/status', () => {
  const setStatus = (id: string, isActive: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/organization/${id}/status`,
      headers: bearer(admin),
      payload: { isActive },
    });

  it('deactivates: ends its users’ sessions, refuses their sign-in, deletes nothing; reactivating lets them back', async () => {
    const organization = await createOrganization(t.database);
    const dashboard = await createDashboard(t.database, organization.id);
    const user = await createUser(t.database, { organizationId: organization.id });
    const token = await login(t.app, user);
    const bystander = await createUser(t.database);
    const bystanderToken = await login(t.app, bystander);

    const response = await setStatus(organization.id, false);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: organizationMessages.deactivated,
      data: { organization: { id: organization.id, isActive: false, userCount: 1 } },
    });
    expect((await storedOrganization(organization.id))?.isActive).toBe(false);
    const userSessions = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(userSessions.every((session) => session.revokedAt !== null)).toBe(true);
    const afterwards = await t.app.inject({ method: 'GET', url: '/api/v1/user/profile', headers: bearer(token) });
    expect(afterwards.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: uniqueIp(),
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(organizationMessages.inactive);
    expect(await storedDashboards(organization.id)).toEqual([dashboard]);
    const bystanderCall = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/profile',
      headers: bearer(bystanderToken),
    });
    expect(bystanderCall.statusCode).toBe(200);
    const [event] = await auditOf(organization.id, 'organization.status_changed');
    expect(event).toMatchObject({ before: { isActive: true }, after: { isActive: false } });

    const reactivated = await setStatus(organization.id, true);
    expect(reactivated.json()).toMatchObject({
      message: organizationMessages.reactivated,
      data: { organization: { isActive: true } },
    });
    expect(await login(t.app, user)).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown organization and 400 when isActive is missing', async () => {
    const unknown = await setStatus(randomUUID(), false);
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/organization/${randomUUID()}/status`,
      headers: bearer(admin),
      payload: {},
    });

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(organizationMessages.notFound);
    expect(missing.statusCode).toBe(400);
  });
});

describe('the statements of an organization and its settings', () => {
  it('are in its base currency, and a year to date starts in its fiscal year start month', async () => {
    const created = (await add(validFields({ baseCurrency: 'JPY', fiscalYearStartMonth: '4' }))).json().data
      .createdOrganization as { id: string };
    const profitAndLoss = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/reports/${created.id}/profit-and-loss?to=2026-02`,
        headers: bearer(admin),
      });

    const april = await profitAndLoss();
    expect(april.statusCode).toBe(200);
    expect(april.json().data).toMatchObject({ currency: 'JPY', from: '2025-04', to: '2026-02' });

    // Back to the period table, which is empty here: calendar years.
    await edit(created.id, form(validFields({ fiscalYearStartMonth: '' })));
    expect((await profitAndLoss()).json().data).toMatchObject({ currency: 'JPY', from: '2026-01', to: '2026-02' });
  });
});

describe('the cards of its Financial Overview', () => {
  const chooseCards = (id: string, payload: object, token = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/organization/${id}/overview-cards`, headers: bearer(token), payload });
  const overview = async (id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/reports/${id}/financial-overview?to=2026-02`,
        headers: bearer(admin),
      })
    ).json().data as { series: { key: string; card?: { kpi: string } }[] };

  it('are the default five until chosen; a choice is kept in order, audited, and the overview follows', async () => {
    const created = (await add(validFields())).json().data.createdOrganization as { id: string };
    expect((await overview(created.id)).series.map((series) => series.key)).toEqual([
      'revenue',
      'grossMargin',
      'operatingExpenses',
      'netIncome',
      'cash',
    ]);

    const chosen = await chooseCards(created.id, { cards: ['cashRunwayMonths', 'dso', 'netMargin'] });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({
      status: true,
      message: reportMessages.cardsSaved,
      data: { cards: ['cashRunwayMonths', 'dso', 'netMargin'] },
    });
    expect((await storedOrganization(created.id))!.overviewCards).toEqual(['cashRunwayMonths', 'dso', 'netMargin']);
    expect((await overview(created.id)).series.map((series) => series.card?.kpi)).toEqual([
      'cashRunwayMonths',
      'dso',
      'netMargin',
    ]);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created.id), eq(auditEvents.action, 'organization.overview_cards_changed')));
    expect(event).toMatchObject({
      before: { overviewCards: null },
      after: { overviewCards: ['cashRunwayMonths', 'dso', 'netMargin'] },
    });
  });

  it('refuses an unknown KPI, a repeated one, none or more than twelve, and changes nothing', async () => {
    const created = (await add(validFields())).json().data.createdOrganization as { id: string };
    await chooseCards(created.id, { cards: ['dso'] });
    for (const cards of [['dso', 'forecast'], ['dso', 'dso'], [], Array(13).fill('cash'), 'dso']) {
      const refused = await chooseCards(created.id, { cards });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(reportMessages.cardsInvalid);
    }
    expect((await storedOrganization(created.id))!.overviewCards).toEqual(['dso']);
    expect((await chooseCards(randomUUID(), { cards: ['dso'] })).statusCode).toBe(404);
  });
});
