import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { outboxMessages } from '@finboard/shared/outbox';
import { buildApp } from '../../app.ts';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import { deriveKey } from '../../platform/crypto/secret-key.ts';
import { sealMailBody } from '../../platform/mail/outbox-content.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createUser, login } from '../../../test/factories.ts';
import { UNREADABLE_BODY } from './outbox.service.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

const getOutbox = (headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/outbox${query}`, headers });

interface RawOutboxRow {
  id: string;
  to: string;
  subject: string;
  content: string | null;
  text: string | null;
  html: string | null;
}
/** The table's rows to `to` as stored, read with raw SQL. */
async function rawRowsTo(to: string): Promise<RawOutboxRow[]> {
  const result = await t.database.db.execute(sql`select * from outbox_emails where "to" = ${to}`);
  return (result as unknown as { rows: RawOutboxRow[] }).rows;
}
const emailsTo = async (to: string) =>
  ((await getOutbox(bearer(adminToken), '?limit=500')).json().data.emails as { to: string; text: string }[]).filter(
    (email) => email.to === to,
  );

describe('GET /api/v1/admin/outbox', () => {
  it('gives an admin the kept e-mails with to, subject, text and createdAt, newest first', async () => {
    await t.app.services.mailer.send({ kind: 'test', to: 'first@example.com', subject: 'First', text: 'Sent first' });
    await t.app.services.mailer.send({
      kind: 'test',
      to: 'second@example.com',
      subject: 'Second',
      text: 'Sent second',
    });

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
        attachments: [],
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        to: 'first@example.com',
        subject: 'First',
        text: 'Sent first',
        attachments: [],
        createdAt: expect.any(String),
      },
    ]);
    const times = emails.map((email) => Date.parse(email.createdAt));
    expect(times.every((time) => !Number.isNaN(time))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('returns at most `limit` e-mails', async () => {
    await t.app.services.mailer.send({ kind: 'test', to: 'third@example.com', subject: 'Third', text: 'Sent third' });

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

describe('outbox attachments', () => {
  it('lists each attachment of an e-mail and gives an admin its bytes, stored sealed', async () => {
    const pdf = Buffer.from('%PDF-1.7 a pack');
    await t.app.services.mailer.send({
      kind: 'test',
      to: 'attached@example.com',
      subject: 'Pack',
      text: 'Attached',
      attachments: [{ filename: 'Pack 2026-10.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const [email] = await emailsTo('attached@example.com');
    expect(email).toMatchObject({
      attachments: [{ filename: 'Pack 2026-10.pdf', contentType: 'application/pdf', bytes: pdf.length }],
    });

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/outbox/${(email as unknown as { id: string }).id}/attachments/0`,
      headers: bearer(adminToken),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Pack 2026-10.pdf"');
    expect(download.rawPayload).toEqual(pdf);
    const [row] = await rawRowsTo('attached@example.com');
    const stored = (row as unknown as { attachments: { storageKey: string }[] }).attachments[0]!;
    const onDisk = await fs.readFile(path.join(t.config.DATA_DIR, 'files', stored.storageKey));
    expect(onDisk.includes(pdf)).toBe(false);
  });

  it('answers 404 for an attachment the e-mail does not have, and 403 to a user who is not an admin', async () => {
    await t.app.services.mailer.send({ kind: 'test', to: 'bare@example.com', subject: 'Bare', text: 'None' });
    const [email] = await emailsTo('bare@example.com');
    const id = (email as unknown as { id: string }).id;
    expect(email).toMatchObject({ attachments: [] });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/outbox/${id}/attachments/0`,
      headers: bearer(adminToken),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: false, message: outboxMessages.attachmentNotFound });
    const token = await login(t.app, await createUser(t.database));
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/outbox/${id}/attachments/0`,
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('outbox bodies at rest', () => {
  it('stores the body only sealed: the row keeps to and subject, its content opens for the admin alone', async () => {
    const secret = 'Your temporary password is: Kq7!sEcReT-b0dy';
    await t.app.services.mailer.send({
      kind: 'test',
      to: 'sealed@example.com',
      subject: 'Sealed',
      text: secret,
      html: `<p>${secret}</p>`,
    });

    const [row] = await rawRowsTo('sealed@example.com');
    expect(row).toMatchObject({ to: 'sealed@example.com', subject: 'Sealed', text: null, html: null });
    expect(row?.content).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(JSON.stringify(row)).not.toContain('sEcReT');
    expect(await emailsTo('sealed@example.com')).toMatchObject([{ subject: 'Sealed', text: secret }]);
  });

  it('seals at start-up the mail kept in plain text before bodies were sealed; admins read it as before', async () => {
    const id = randomUUID();
    await t.database.db.execute(
      sql`insert into outbox_emails (id, "to", subject, text, html, transport)
          values (${id}, 'legacy@example.com', 'Legacy', 'Open https://x.test/reset-password/pLaInToKeN', '<a>pLaInToKeN</a>', 'outbox')`,
    );

    // The next start of the application on this database.
    const restarted = await buildApp({ config: t.config, database: t.database });
    await restarted.ready();
    await restarted.close();

    const [row] = await rawRowsTo('legacy@example.com');
    expect(row).toMatchObject({ id, text: null, html: null });
    expect(row?.content).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('pLaInToKeN');
    expect(await emailsTo('legacy@example.com')).toMatchObject([
      { id, subject: 'Legacy', text: 'Open https://x.test/reset-password/pLaInToKeN' },
    ]);
  });

  it('shows a body sealed under another application secret as unreadable, and the list still answers', async () => {
    const id = randomUUID();
    const otherBox = createSecretBox(deriveKey(Buffer.from('another installation'), 'outbox-mail'));
    const content = sealMailBody(otherBox, id, { text: 'from elsewhere' });
    await t.database.db.execute(
      sql`insert into outbox_emails (id, "to", subject, content, transport)
          values (${id}, 'elsewhere@example.com', 'Elsewhere', ${content}, 'outbox')`,
    );

    const response = await getOutbox(bearer(adminToken), '?limit=500');

    expect(response.statusCode).toBe(200);
    expect(await emailsTo('elsewhere@example.com')).toMatchObject([
      { id, subject: 'Elsewhere', text: UNREADABLE_BODY },
    ]);
  });
});
