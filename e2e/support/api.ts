import { randomUUID } from 'node:crypto';
import { baseURL } from './browser';
import { E2E_ADMIN, USER_PASSWORD } from './constants';

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const response = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const payload = (await response.json()) as T;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${JSON.stringify(payload)}`);
  return payload;
}

export async function apiLogin(email: string, password: string): Promise<string> {
  const body = await call<{ data: { token: string } }>('/api/v1/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  return body.data.token;
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
