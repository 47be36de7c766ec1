import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LoginData } from '@finboard/shared/auth';
import type { DatabaseHandle } from '../src/db/client.ts';
import { hashPassword } from '../src/platform/crypto/passwords.ts';
import { usersRepository, type NewUserRow, type UserRow } from '../src/modules/users/users.repository.ts';

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
    passwordHash: await hashPassword(password),
  });
  if (!row) throw new Error(`createUser: the e-mail ${values.email} is taken`);
  return { ...row, password };
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
