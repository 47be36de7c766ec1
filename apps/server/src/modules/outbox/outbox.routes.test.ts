import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createUser, login } from '../../../test/factories.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

const getOutbox = (headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/outbox${query}`, headers });

describe('GET /api/v1/admin/outbox', () => {
  it('gives an admin the kept e-mails with to, subject, text and createdAt, newest first', async () => {
    await t.app.services.mailer.send({ to: 'first@example.com', subject: 'First', text: 'Sent first' });
    await t.app.services.mailer.send({ to: 'second@example.com', subject: 'Second', text: 'Sent second' });

    const response = await getOutbox(bearer(adminToken));

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: true, message: messages.outboxFetched });
    const emails = body.data.emails as { to: string; subject: string; text: string; createdAt: string }[];
    expect(emails.slice(0, 2)).toEqual([
      {
        id: expect.any(String),
        to: 'second@example.com',
        subject: 'Second',
        text: 'Sent second',
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        to: 'first@example.com',
        subject: 'First',
        text: 'Sent first',
        createdAt: expect.any(String),
      },
    ]);
    const times = emails.map((email) => Date.parse(email.createdAt));
    expect(times.every((time) => !Number.isNaN(time))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('returns at most `limit` e-mails', async () => {
    await t.app.services.mailer.send({ to: 'third@example.com', subject: 'Third', text: 'Sent third' });

    const response = await getOutbox(bearer(adminToken), '?limit=1');

    expect(response.json().data.emails).toHaveLength(1);
    expect(response.json().data.emails[0].subject).toBe('Third');
  });

  it('refuses a signed-in user who is not an admin with 403', async () => {
    const user = await createUser(t.database);
    const token = await login(t.app, user);

    const response = await getOutbox(bearer(token));

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: false, message: messages.forbidden });
  });

  it('refuses an anonymous caller with 401', async () => {
    const response = await getOutbox();

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: messages.unauthenticated });
  });
});
