import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LoginData } from '@finboard/shared/auth';
import type { DatabaseHandle } from '../src/db/client.ts';
import { dashboards, dataTypes, organizations } from '../src/db/schema.ts';
import { hashPassword } from '../src/platform/crypto/passwords.ts';
import { usersRepository, type NewUserRow, type UserRow } from '../src/modules/users/users.repository.ts';
import { authRepository } from '../src/modules/auth/auth.repository.ts';
import { createSessionTokens, SESSION_TOKEN_PURPOSE } from '../src/modules/auth/session-tokens.ts';
import { deriveKey, resolveSecret } from '../src/platform/crypto/secret-key.ts';
import type { TestApp } from './build-app.ts';

/** Satisfies the password rule of spec §5. */
export const USER_PASSWORD = 'Us3r!Passw0rd';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(4).toString('hex')}@finboard.test`;

let lastIp = 0;
/**
 * A client address of its own. Attempt limits count per IP, so a test that sends from its own address
 * is never throttled by, and never throttles, the other tests on the same app.
 */
export function uniqueIp(): string {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

export type TestUser = UserRow & { password: string };

const hashesByPassword = new Map<string, Promise<string>>();
/**
 * One real argon2 hash per password per test file (a fresh hash costs ~0.1–0.5 s of CPU at the product's
 * settings): users sharing a password share its hash, as two users choosing the same password could. The
 * hash is still the product's (argon2id, its cost), so sign-in checks it exactly as in production.
 */
function testPasswordHash(password: string): Promise<string> {
  let hash = hashesByPassword.get(password);
  if (!hash) {
    hash = hashPassword(password);
    // A failed hash is not kept: the next user tries again.
    hash.catch(() => hashesByPassword.delete(password));
    hashesByPassword.set(password, hash);
  }
  return hash;
}

/** Inserts a user with a known password straight through the repository (any role or state). */
export async function createUser(
  database: DatabaseHandle,
  overrides: Partial<Omit<NewUserRow, 'passwordHash'>> & { password?: string } = {},
): Promise<TestUser> {
  const { password = USER_PASSWORD, ...values } = overrides;
  const row = await usersRepository(database.db).insert({
    firstName: 'Test',
    lastName: 'User',
    email: uniqueEmail(),
    role: 'user',
    ...values,
    passwordHash: await testPasswordHash(password),
  });
  if (!row) throw new Error(`createUser: the e-mail ${values.email} is taken`);
  return { ...row, password };
}

export type OrganizationRow = typeof organizations.$inferSelect;
export type DashboardRow = typeof dashboards.$inferSelect;

/** Inserts an organization row directly (any state), with a unique name unless one is given. */
export async function createOrganization(
  database: DatabaseHandle,
  overrides: Partial<typeof organizations.$inferInsert> = {},
): Promise<OrganizationRow> {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await database.db
    .insert(organizations)
    .values({ name: `Org ${suffix}`, email: `org-${suffix}@finboard.test`, phone: '5551234567', ...overrides })
    .returning();
  return row!;
}

/** Inserts a dashboard of an organization directly, placed after its existing ones unless a position is given. */
export async function createDashboard(
  database: DatabaseHandle,
  organizationId: string,
  overrides: Partial<Omit<typeof dashboards.$inferInsert, 'organizationId'>> = {},
): Promise<DashboardRow> {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await database.db
    .insert(dashboards)
    .values({
      organizationId,
      name: `Dashboard ${suffix}`,
      url: `https://app.powerbi.com/reportEmbed?reportId=${suffix}`,
      workspaceId: `workspace-${suffix}`,
      datasetId: `dataset-${suffix}`,
      position: sql`(select coalesce(max(${dashboards.position}) + 1, 0) from ${dashboards} where ${dashboards.organizationId} = ${organizationId})`,
      ...overrides,
    })
    .returning();
  return row!;
}

export type DataTypeRow = typeof dataTypes.$inferSelect;

/** Inserts a data type of an organization's own directly (not a standard one), with a unique name unless one is given. */
export async function createDataType(
  database: DatabaseHandle,
  organizationId: string,
  overrides: Partial<Omit<typeof dataTypes.$inferInsert, 'organizationId'>> = {},
): Promise<DataTypeRow> {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await database.db
    .insert(dataTypes)
    .values({
      organizationId,
      name: `Data type ${suffix}`,
      targetTable: '02_GL_Detail',
      columns: [{ name: 'amount', type: 'numeric', required: true }],
      ...overrides,
    })
    .returning();
  return row!;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in through the API and returns the session, failing loudly if the login is refused. */
export async function loginAs(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  remoteAddress = uniqueIp(),
): Promise<LoginData> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: credentials.email, password: credentials.password },
    remoteAddress,
  });
  if (response.statusCode !== 200) {
    throw new Error(`login as ${credentials.email} failed: ${response.statusCode} ${response.body}`);
  }
  return (response.json() as { data: LoginData }).data;
}

/** The token of a fresh session. */
export const login = async (app: FastifyInstance, credentials: { email: string; password: string }) =>
  (await loginAs(app, credentials)).token;

/**
 * A session of the user as a sign-in opens one (a sessions row and a token signed with the app's key), without
 * the argon2 password check: for tests about what a signed-in caller may do, not about signing in, that need
 * many sessions (the check costs ~0.1–0.5 s of CPU each). The token is checked by the real auth plugin.
 */
export async function sessionTokenOf(testApp: TestApp, user: { id: string }): Promise<string> {
  const { config, database } = testApp;
  const expiresAt = new Date(Date.now() + config.SESSION_TTL_SECONDS * 1000);
  const session = await authRepository(database.db).createSession({ userId: user.id, expiresAt, ip: '127.0.0.1' });
  const key = deriveKey(resolveSecret(config.APP_SECRET_KEY, config.DATA_DIR), SESSION_TOKEN_PURPOSE);
  return createSessionTokens(key).sign({ userId: user.id, sessionId: session.id }, expiresAt);
}

/**
 * An organization added through the API as an administrator does it: its warehouse, standard data types and
 * pipelines provisioned. Returns its id.
 */
export async function addOrganizationThroughApi(app: FastifyInstance, adminToken: string, prefix: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/organization/add',
    headers: bearer(adminToken),
    payload: {
      organizationName: `${prefix} ${randomBytes(4).toString('hex')}`,
      organizationEmail: 'finance@organization.example',
      organizationPhoneNumber: '5551234567',
    },
  });
  if (response.statusCode !== 201) throw new Error(`organization not added: ${response.body}`);
  return response.json().data.createdOrganization.id as string;
}

/** The organization's standard data type of a warehouse table, as the data types API lists it. */
export async function standardDataTypeId(
  app: FastifyInstance,
  token: string,
  organizationId: string,
  targetTable: string,
): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/data-types/${organizationId}?targetTable=${targetTable}`,
    headers: bearer(token),
  });
  return response.json().data.dataTypes.find((type: { isStandard: boolean }) => type.isStandard).id;
}
