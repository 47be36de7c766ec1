import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX_LENGTH } from '@finboard/shared/contact';
import { messages } from '@finboard/shared/messages';
import { emailMessages, nameMessages } from '@finboard/shared/validation';
import { contactMessages, outboxEmails } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { createUser, uniqueIp } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const validMessage = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  company: 'Acme',
  subject: 'Pricing',
  message: 'How much does Finboard cost for ten users?',
};
const submit = (payload: object, remoteAddress = uniqueIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/contact-us', payload, remoteAddress });
const count = async (table: typeof contactMessages | typeof outboxEmails) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

describe('POST /api/v1/contact-us', () => {
  it('stores the message and mails it to every active admin, and to nobody else', async () => {
    const secondAdmin = await createUser(t.database, { role: 'admin' });
    await createUser(t.database, { role: 'admin', isActive: false });
    await createUser(t.database, { role: 'user' });
    const subject = `Pricing ${Date.now()}`;

    const response = await submit({ ...validMessage, subject }, '10.250.0.9');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: messages.contactSent });
    const stored = await t.database.db
      .select()
      .from(contactMessages)
      .where(sql`${contactMessages.subject} = ${subject}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...validMessage, subject, ip: '10.250.0.9' });
    const mails = (await t.app.services.outbox.listNewest(500)).filter(
      (mail) => mail.subject === `[Contact] ${subject}`,
    );
    expect(mails.map((mail) => mail.to).sort()).toEqual([TEST_ADMIN.email, secondAdmin.email].sort());
    for (const mail of mails) {
      expect(mail.text).toContain('From: Jane Doe <jane@example.com>');
      expect(mail.text).toContain('Company: Acme');
      expect(mail.text).toContain(validMessage.message);
    }
  });

  it('stores a message without a company as null', async () => {
    const subject = `No company ${Date.now()}`;
    const { company: _company, ...withoutCompany } = validMessage;

    expect((await submit({ ...withoutCompany, subject })).statusCode).toBe(200);

    const [stored] = await t.database.db
      .select()
      .from(contactMessages)
      .where(sql`${contactMessages.subject} = ${subject}`);
    expect(stored?.company).toBeNull();
  });

  it.each([
    ['a name with digits', { name: 'Jane 2' }, nameMessages.letters('Name'), 'name'],
    ['a message under 10 characters', { message: 'Too short' }, 'Message must be at least 10 characters', 'message'],
    ['a malformed e-mail', { email: 'jane@example' }, emailMessages.invalid, 'email'],
    [
      'an oversized message',
      { message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) },
      'Message must be at most 5000 characters',
      'message',
    ],
    ['an empty subject', { subject: ' ' }, 'Subject is required', 'subject'],
  ])('refuses %s with 400 and its message, and stores and mails nothing', async (_, change, message, path) => {
    const messagesBefore = await count(contactMessages);
    const mailsBefore = await count(outboxEmails);

    const response = await submit({ ...validMessage, ...change });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message, errors: [{ msg: message, path }] });
    expect(await count(contactMessages)).toBe(messagesBefore);
    expect(await count(outboxEmails)).toBe(mailsBefore);
  });

  it('answers the 6th submission from one client within a minute with 429 and stores it not', async () => {
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await submit(validMessage, ip)).statusCode, `submission ${attempt}`).toBe(200);
    }
    const before = await count(contactMessages);

    const refused = await submit(validMessage, ip);

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: messages.tooManyAttempts });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await count(contactMessages)).toBe(before);
  });
});
