import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { outboxEmails } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-app.ts';
import { createUser, uniqueIp } from '../../../test/factories.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';

let peer: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await buildTestApp({ SMTP_URL: peer.url, MAIL_FROM: 'Finboard <no-reply@finboard.test>' });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('password reset mail with SMTP_URL set', () => {
  it('is delivered over SMTP with the reset link and not kept in the outbox', async () => {
    expect(t.app.services.mailer.transport).toBe('smtp');
    const user = await createUser(t.database);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: uniqueIp(),
    });
    await t.app.services.mailer.flush();

    expect(response.json()).toEqual({ status: true, message: messages.forgotPasswordSent });
    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received;
    expect(mail?.envelopeFrom).toBe('no-reply@finboard.test');
    expect(mail?.envelopeTo).toEqual([user.email]);
    expect(mail?.subject).toBe('Reset your Finboard password');
    const link = mail?.text.match(/http:\/\/localhost:(\d+)\/reset-password\/([A-Za-z0-9_-]+)/);
    expect(link?.[1]).toBe(String(t.config.PORT));
    const [{ n } = { n: -1 }] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outboxEmails);
    expect(n).toBe(0);

    // The link in the delivered mail works.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: link?.[2], password: 'N3w!Passw0rd' },
      remoteAddress: uniqueIp(),
    });
    expect(reset.statusCode).toBe(200);
  });
});
