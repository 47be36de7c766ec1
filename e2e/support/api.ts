import { randomInt, randomUUID } from 'node:crypto';
import type { LoginData } from '@finboard/shared/auth';
import {
  encodeFilters,
  type DataFilter,
  type DataListResponse,
  type RowOrigin,
} from '@finboard/shared/data-management';
import type { Journal, JournalLineInput } from '@finboard/shared/journals';
import type { Report } from '@finboard/shared/reports';
import type { UploadedFile } from '@finboard/shared/uploads';
import { baseURL } from './browser';
import { E2E_ADMIN, USER_PASSWORD } from './constants';

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const multipart = init.body instanceof FormData;
  const response = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined || multipart ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : multipart ? (init.body as FormData) : JSON.stringify(init.body),
  });
  const payload = (await response.json()) as T;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${JSON.stringify(payload)}`);
  return payload;
}

/** Signs in through the API: the bearer token and the caller's organization (null for an admin). */
export async function apiSession(email: string, password: string) {
  const body = await call<{ data: LoginData }>('/api/v1/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  return { token: body.data.token, organizationId: body.data.user.organization_id };
}

export async function apiLogin(email: string, password: string): Promise<string> {
  return (await apiSession(email, password)).token;
}

/** An organization user made through self sign-up (the e2e server runs with ALLOW_SIGNUP=true). */
export async function createUser(firstName = 'Grace', lastName = 'Hopper') {
  const email = `user-${randomUUID().slice(0, 8)}@e2e.finboard.test`;
  await call('/api/v1/user', { method: 'POST', body: { firstName, lastName, email, password: USER_PASSWORD } });
  return { email, password: USER_PASSWORD, fullName: `${firstName} ${lastName}` };
}

interface OutboxEmail {
  to: string;
  subject: string;
  text: string;
}

/** Polls the admin outbox until a mail to `to` matching `subject` arrives (mail is sent in the background). */
export async function waitForEmail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<OutboxEmail> {
  const token = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const body = await call<{ data: { emails: OutboxEmail[] } }>('/api/v1/admin/outbox', { token });
    const found = body.data.emails.find((email) => email.to === to && subject.test(email.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** A 4x4 blue PNG: enough for the logo check (magic bytes) and the image endpoint. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAAEklEQVR4nGOQ9bvxHxkzkC4AALNAJCHAo2RSAAAAAElFTkSuQmCC',
  'base64',
);

/** Adds an organization as the admin does (multipart Add Organization form, optional PNG logo). */
export async function createOrganization(
  token: string,
  fields: {
    organizationName: string;
    organizationEmail: string;
    organizationPhoneNumber: string;
    baseCurrency?: string;
  },
  logo?: Buffer,
): Promise<{ id: string; name: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (logo) form.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  const body = await call<{ data: { createdOrganization: { id: string; name: string } } }>('/api/v1/organization/add', {
    method: 'POST',
    body: form,
    token,
  });
  return body.data.createdOrganization;
}

/** Adds a dashboard entry to an organization (admin). */
export async function addDashboard(
  token: string,
  organizationId: string,
  dashboard: {
    dashboard: string;
    url: string;
    workspaceId: string;
    datasetId: string;
    type: 'report' | 'paginatedReport';
  },
): Promise<{ id: string; name: string }> {
  const body = await call<{ data: { dashboard: { id: string; name: string } } }>(
    `/api/v1/organization/${organizationId}/dashboards`,
    { method: 'POST', body: dashboard, token },
  );
  return body.data.dashboard;
}

/**
 * Removes the built-in statements every new organization starts with (issue 11 §1), for journeys that
 * configure a list of their own from scratch.
 */
export async function removeBuiltinDashboards(token: string, organizationId: string): Promise<void> {
  const body = await call<{ data: { organization: { dashboards: { id: string; type: string }[] } } }>(
    `/api/v1/organization/${organizationId}`,
    { token },
  );
  for (const dashboard of body.data.organization.dashboards.filter((d) => d.type === 'builtin')) {
    await call(`/api/v1/organization/${organizationId}/dashboards/${dashboard.id}`, { method: 'DELETE', token });
  }
}

/** The organization of that exact name (the list's name filter matches parts of names). */
export async function findOrganizationByName(token: string, name: string): Promise<{ id: string; name: string }> {
  const body = await call<{ data: { organizations: { id: string; name: string }[] } }>(
    `/api/v1/organization?name=${encodeURIComponent(name)}`,
    { token },
  );
  const found = body.data.organizations.find((organization) => organization.name === name);
  if (!found) throw new Error(`no organization named ${name}`);
  return found;
}

/** An organization as one caller sees it (a user: only the dashboards granted to them, in order). */
export async function getOrganization(token: string, organizationId: string) {
  const body = await call<{ data: { organization: { name: string; dashboards: { id: string; name: string }[] } } }>(
    `/api/v1/organization/${organizationId}`,
    { token },
  );
  return body.data.organization;
}

/**
 * An organization user added by the admin with a password (Add New User), who has already made the
 * forced first-sign-in password change through the API: signing in lands them on their start page.
 */
export async function createOrganizationUser(
  adminToken: string,
  organizationId: string,
  names: { firstName: string; lastName: string } = { firstName: 'Grace', lastName: 'Hopper' },
): Promise<{ email: string; password: string }> {
  const email = `member-${randomUUID().slice(0, 8)}@e2e.finboard.test`;
  const initial = 'Init1al!Passw0rd';
  await call('/api/v1/user', {
    method: 'POST',
    token: adminToken,
    body: {
      ...names,
      email,
      phoneNumber: '2025550143',
      role: 'user',
      organization_id: organizationId,
      password: initial,
    },
  });
  await call('/api/v1/user/change-password', {
    method: 'POST',
    token: await apiLogin(email, initial),
    body: { currentPassword: initial, newPassword: USER_PASSWORD },
  });
  return { email, password: USER_PASSWORD };
}

/** Adds a row to a table of an organization's warehouse through the Data Management API. */
export async function createWarehouseRecord(
  token: string,
  organizationId: string,
  table: string,
  record: Record<string, string | number | boolean | null>,
): Promise<Record<string, unknown>> {
  const body = await call<{ data: { createddata: Record<string, unknown> } }>(
    `/api/v1/crud/${organizationId}/${encodeURIComponent(table)}`,
    { method: 'POST', body: record, token },
  );
  return body.data.createddata;
}

/** One page of a warehouse table as the Data Management API lists it (by default row_id ascending, as the grid). */
export async function listWarehouseRecords(
  token: string,
  organizationId: string,
  table: string,
  query: { page?: number; pageSize?: number; sortBy?: string; sortOrder?: 'asc' | 'desc'; filters?: DataFilter[] } = {},
): Promise<DataListResponse['data'] & Pick<DataListResponse, 'pagination'>> {
  const params = new URLSearchParams();
  if (query.page) params.set('page', String(query.page));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  if (query.sortBy) params.set('sortBy', query.sortBy);
  if (query.sortOrder) params.set('sortOrder', query.sortOrder);
  const filters = encodeFilters(query.filters ?? []);
  if (filters) params.set('filters', filters);
  const body = await call<DataListResponse>(`/api/v1/crud/${organizationId}/${encodeURIComponent(table)}?${params}`, {
    token,
  });
  return { ...body.data, pagination: body.pagination };
}

/** Where a warehouse row came from, as the Data Management API answers it (null: no load recorded). */
export async function getRecordOrigin(
  token: string,
  organizationId: string,
  table: string,
  rowId: unknown,
): Promise<RowOrigin | null> {
  const body = await call<{ data: { origin: RowOrigin | null } }>(
    `/api/v1/crud/${organizationId}/${encodeURIComponent(table)}/${String(rowId)}/origin`,
    { token },
  );
  return body.data.origin;
}

/** Random lower-case letters: organization and person names allow letters and spaces only (spec §5). */
export const randomLetters = (count: number) =>
  Array.from({ length: count }, () => String.fromCharCode(97 + randomInt(26))).join('');

/** A fresh organization (name `${prefix} <letters>`) with one organization user who has chosen a password. */
export async function createOrganizationWithMember(
  adminToken: string,
  prefix: string,
  names: { firstName: string; lastName: string },
) {
  const domain = `${prefix.toLowerCase()}.test`;
  const organization = await createOrganization(adminToken, {
    organizationName: `${prefix} ${randomLetters(8)}`,
    organizationEmail: `finance-${randomLetters(6)}@${domain}`,
    organizationPhoneNumber: '2025550143',
  });
  const member = await createOrganizationUser(adminToken, organization.id, names);
  return { organization, member };
}

/** Lets an organization user see every dashboard of the organization (Edit User's "All dashboards", as the admin). */
export async function grantAllDashboards(
  adminToken: string,
  organizationId: string,
  member: { email: string; password: string },
): Promise<void> {
  const signedIn = await call<{ data: LoginData }>('/api/v1/auth/login', { method: 'POST', body: member });
  await call(`/api/v1/user/update/${signedIn.data.user.id}`, {
    method: 'PUT',
    token: adminToken,
    body: { allDashboards: true },
  });
}

/** A journal of 02_GL_Detail with all its lines (issue 9's journal API). */
export async function getJournal(token: string, organizationId: string, journalId: string, source = 'manual') {
  const path = `/api/v1/crud/${organizationId}/journals/${encodeURIComponent(journalId)}?source=${source}`;
  return (await call<{ data: { journal: Journal } }>(path, { token })).data.journal;
}

/** Replaces a journal's lines (balanced), as the journal editor does. */
export async function replaceJournal(token: string, organizationId: string, journal: Journal): Promise<void> {
  await call(`/api/v1/crud/${organizationId}/journals/${encodeURIComponent(journal.journal_id)}`, {
    method: 'PUT',
    token,
    body: { source: journal.source, lines: journal.lines.map(({ row_id: _rowId, ...line }) => line) },
  });
}

/** Creates a journal of two lines or more (balanced) through the journal API. */
export async function createJournal(
  token: string,
  organizationId: string,
  journal: { journal_id: string; source?: string; lines: JournalLineInput[] },
): Promise<void> {
  await call(`/api/v1/crud/${organizationId}/journals`, { method: 'POST', token, body: journal });
}

/** The organization's uploaded files, newest first (issue 10's list-files). */
export async function listUploadedFiles(token: string, organizationId: string): Promise<UploadedFile[]> {
  const body = await call<{ data: { files: UploadedFile[] } }>(
    `/api/v1/pipeline/list-files/${organizationId}?pageSize=100`,
    { token },
  );
  return body.data.files;
}

/** Deletes a whole journal (all its lines) through the journal API. */
export async function deleteJournal(token: string, organizationId: string, journalId: string, source: string) {
  await call(`/api/v1/crud/${organizationId}/journals/${encodeURIComponent(journalId)}?source=${source}`, {
    method: 'DELETE',
    token,
  });
}

/** Deletes one row of a warehouse table by its row_id through the Data Management API. */
export async function deleteWarehouseRecord(token: string, organizationId: string, table: string, rowId: unknown) {
  await call(`/api/v1/crud/${organizationId}/${encodeURIComponent(table)}/${String(rowId)}`, {
    method: 'DELETE',
    token,
  });
}

/** A built-in statement as the reports API answers it. */
export async function getReport(
  token: string,
  organizationId: string,
  template: string,
  query: Record<string, string> = {},
) {
  const search = new URLSearchParams(query).toString();
  const path = `/api/v1/reports/${organizationId}/${template}${search ? `?${search}` : ''}`;
  return (await call<{ data: Report }>(path, { token })).data;
}

/** The KPI library's figures of a range (`GET /api/v1/reports/{org}/kpis`), by key. */
export async function getKpis(
  token: string,
  organizationId: string,
  from: string,
  to: string,
): Promise<Record<string, number | null>> {
  const body = await call<{ data: { kpis: { key: string; value: number | null }[] } }>(
    `/api/v1/reports/${organizationId}/kpis?from=${from}&to=${to}`,
    { token },
  );
  return Object.fromEntries(body.data.kpis.map((kpi) => [kpi.key, kpi.value]));
}
