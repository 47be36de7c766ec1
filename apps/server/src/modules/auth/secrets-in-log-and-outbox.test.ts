import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createUser, login, uniqueEmail, uniqueIp } from '../../../test/factories.ts';
import { outboxMailTo } from '../../../test/outbox.ts';

/** Every line the app logs, at every level, as pino writes it. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});
const logText = () => logLines.join('');
const logEntries = () =>
  logText()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp({}, { logStream });
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

const linkPattern = () => new RegExp(`http://localhost:${t.config.PORT}/reset-password/([A-Za-z0-9_-]+)`);

async function rawOutboxRows(): Promise<Record<string, unknown>[]> {
  const result = await t.database.db.execute(sql`select * from outbox_emails`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

describe('secrets of the mail flows, in the log and in the outbox table', () => {
  it('after a reset, an invitation and an admin reset: neither holds a password, token or link; the log says to whom and which kind', async () => {
    const resetUser = await createUser(t.database);
    const resetTemporaryUser = await createUser(t.database);
    const invitedEmail = uniqueEmail('invited');

    // A forgot-password reset link, an invitation link and an admin reset's temporary password.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: resetUser.email },
      remoteAddress: uniqueIp(),
    });
    expect(forgot.statusCode).toBe(200);
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload: { firstName: 'Ivy', lastName: 'Invited', email: invitedEmail, phoneNumber: '5551234567', role: 'admin' },
      headers: bearer(adminToken),
    });
    expect(invite.statusCode).toBe(201);
    const adminReset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: resetTemporaryUser.email },
      headers: bearer(adminToken),
    });
    expect(adminReset.statusCode).toBe(200);
    await t.app.services.mailer.flush();

    // What the administrators read in the Outbox: the mails as sent.
    const [resetMail] = await outboxMailTo(t.app, resetUser.email);
    const [inviteMail] = await outboxMailTo(t.app, invitedEmail);
    const [temporaryMail] = await outboxMailTo(t.app, resetTemporaryUser.email);
    const resetLink = resetMail?.text.match(linkPattern());
    const inviteLink = inviteMail?.text.match(linkPattern());
    const temporaryPassword = temporaryMail?.text.match(/Your temporary password is:\n\n(\S+)\n/)?.[1];
    if (!resetLink?.[1] || !inviteLink?.[1] || !temporaryPassword) throw new Error('a mail lacks its secret');
    const secrets = [resetLink[0], resetLink[1], inviteLink[0], inviteLink[1], temporaryPassword];

    // Opening the links (the page, and the places a client could put the token) and using one.
    const token = resetLink[1];
    for (const url of [
      `/reset-password/${token}`,
      `/Reset-Password/${token}`,
      `/%72eset-password/${token}`,
      `/api/v1/auth/reset-password/${token}`,
      `/api/v1/auth/reset-password?token=${token}`,
    ]) {
      await t.app.inject({ method: 'GET', url });
    }
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: inviteLink[1], password: 'N3w!Passw0rd' },
      remoteAddress: uniqueIp(),
    });
    expect(used.statusCode).toBe(200);
    // The temporary password signs in (the log sees that request too).
    await login(t.app, { email: resetTemporaryUser.email, password: temporaryPassword });

    // The log: no secret, the opened pages with the token redacted, and per mail only to whom and which kind.
    const log = logText();
    for (const secret of secrets) expect(log).not.toContain(secret);
    const urls = logEntries().flatMap((entry) => {
      const req = entry.req as { url?: string } | undefined;
      return req?.url?.toLowerCase().includes('reset-password/') ? [req.url] : [];
    });
    expect(urls).toEqual([
      '/reset-password/[redacted]',
      '/Reset-Password/[redacted]',
      '/reset-password/[redacted]',
      '/api/v1/auth/reset-password/[redacted]',
    ]);
    expect(log).toContain('"url":"/api/v1/auth/reset-password?token=[redacted]"');
    const mailEntries = logEntries().filter((entry) => entry.msg === 'mail stored in the outbox');
    expect(mailEntries.map(({ to, kind }) => ({ to, kind }))).toEqual(
      expect.arrayContaining([
        { to: resetUser.email, kind: 'password-reset' },
        { to: invitedEmail, kind: 'invitation' },
        { to: resetTemporaryUser.email, kind: 'temporary-password' },
      ]),
    );
    for (const entry of mailEntries) {
      expect(Object.keys(entry).sort()).toEqual(['hostname', 'kind', 'level', 'msg', 'pid', 'time', 'to']);
    }

    // The outbox table: whom and which subject in clear, the bodies sealed.
    const rows = await rawOutboxRows();
    const stored = JSON.stringify(rows);
    for (const secret of secrets) expect(stored).not.toContain(secret);
    expect(stored).not.toContain('reset-password');
    expect(stored).not.toContain('temporary password');
    const mailed = rows.filter((row) =>
      [resetUser.email, invitedEmail, resetTemporaryUser.email].includes(row.to as string),
    );
    expect(mailed).toHaveLength(3);
    for (const row of mailed) {
      expect(row).toMatchObject({ text: null, html: null, content: expect.stringMatching(/^v1\.[A-Za-z0-9_-]+$/) });
    }
  });
});
