import { createServer } from 'node:net';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackRun } from '@finboard/shared/report-packs';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, login } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';
import { seedWarehouse } from '../../../test/warehouse-books.ts';

/**
 * A pack mailed over SMTP (issue 27 §4): a real SMTP peer receives the PDF and the workbook as attachments; a
 * mail server that refuses is retried, and the delivery records its reason.
 */
const BOOKS = {
  periods: [['2026-02', '2026-02-01', '2026-02-28', 2026, 2]] as [string, string, string, number, number][],
  accounts: [
    ['1000', 'Bank', 'asset', 'cash'],
    ['4000', 'Sales', 'revenue', 'sales'],
  ] as [string, string, string, string][],
  gl: {
    columns: ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit'],
    rows: [
      ['J1', 1, '2026-02-10', '2026-02', '1000', '1500.00', '0'],
      ['J1', 2, '2026-02-10', '2026-02', '4000', '0', '1500.00'],
    ],
  },
};

/** An app mailing through `smtpUrl`, with a pack of two formats for one external recipient; answers its run. */
async function deliverThrough(smtpUrl: string): Promise<{ t: TestApp; run: PackRun }> {
  const jobs = createTestJobRunner();
  const t = await buildTestApp({ SMTP_URL: smtpUrl }, { jobs: jobs.runner, packDeliveryRetryDelaysMs: [10, 10] });
  const org = (await createOrganization(t.database, { name: `Mailed ${Date.now()}` })).id;
  await seedWarehouse(t.app.services.warehouse, org, BOOKS);
  const token = await login(t.app, TEST_ADMIN);
  const call = async (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) })).json();
  const { pack } = (
    await call('POST', `/api/v1/report-packs/${org}`, {
      name: 'Mailed pack',
      pages: [{ kind: 'cover' }, { kind: 'statement', template: 'profit-and-loss' }],
      formats: ['pdf', 'xlsx'],
    })
  ).data;
  await call('PUT', `/api/v1/report-packs/${org}/${pack.id}`, { recipients: [{ email: 'owner@client.example' }] });
  const { runId } = (
    await call('POST', `/api/v1/report-packs/${org}/${pack.id}/generate`, { period: '2026-02', deliver: true })
  ).data;
  await jobs.drain();
  const { run } = (await call('GET', `/api/v1/report-packs/${org}/${pack.id}/runs/${runId}`)).data;
  return { t, run };
}

let peer: SmtpPeer;
const apps: TestApp[] = [];
beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await peer?.close();
});

describe('mailing a pack over SMTP', () => {
  it('delivers the PDF and the workbook as attachments to a real SMTP peer', async () => {
    const { t, run } = await deliverThrough(peer.url);
    apps.push(t);
    expect(run.status).toBe('succeeded');
    expect(run.deliveries).toEqual([
      { email: 'owner@client.example', status: 'sent', error: null, attempts: 1, at: expect.any(String) },
    ]);
    const received = peer.received.filter((mail) => mail.envelopeTo.includes('owner@client.example'));
    expect(received).toHaveLength(1);
    const mail = await simpleParser(received[0]!.raw);
    expect(mail.subject).toMatch(/^Mailed pack — Mailed \d+ — February 2026$/);
    expect(mail.attachments.map((file) => [file.filename, file.contentType, file.size])).toEqual([
      ['Mailed pack 2026-02.pdf', 'application/pdf', run.files[0]!.bytes],
      [
        'Mailed pack 2026-02.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        run.files[1]!.bytes,
      ],
    ]);
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('retries a mail server that refuses, then records the failure with its reason', async () => {
    // A port nothing listens on.
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const { t, run } = await deliverThrough(`smtp://127.0.0.1:${closed}?ignoreTLS=true`);
    apps.push(t);
    expect(run.status).toBe('succeeded');
    expect(run.deliveries).toEqual([
      {
        email: 'owner@client.example',
        status: 'failed',
        error: expect.stringContaining('ECONNREFUSED'),
        attempts: 3,
        at: expect.any(String),
      },
    ]);
  });
});
