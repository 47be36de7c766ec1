import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  FAKE_TENANT,
  startPowerbiFake,
  type PowerbiFake,
} from '../../../test/powerbi-fake.ts';
import { createPowerbiClient, PowerbiError } from './powerbi-client.ts';

let fake: PowerbiFake;
beforeAll(async () => {
  fake = await startPowerbiFake();
  fake.addReport({
    id: 'report-1',
    name: 'Sales',
    workspaceId: 'ws-1',
    reportType: 'PowerBIReport',
    datasetId: 'ds-1',
  });
});
afterAll(() => fake?.close());
beforeEach(() => fake.setTokenLifetime(3600));

const settings = (overrides: { clientSecret?: string } = {}) => ({
  tenantId: FAKE_TENANT,
  clientId: FAKE_CLIENT_ID,
  clientSecret: overrides.clientSecret ?? FAKE_CLIENT_SECRET,
  authorityUrl: fake.url,
  apiUrl: fake.url,
});

describe('the Power BI client', () => {
  it('keeps its Entra token until shortly before it expires, then asks for a new one', async () => {
    let clock = Date.now();
    const client = createPowerbiClient(settings(), { now: () => clock });
    const before = fake.tokenRequests();
    const first = await client.accessToken();
    await client.getReport('ws-1', 'report-1');
    await client.getReport('ws-1', 'report-1');
    expect(await client.accessToken()).toBe(first);
    expect(fake.tokenRequests() - before).toBe(1);
    // 3600 s tokens are renewed 5 minutes early: at 54 minutes still kept, at 56 renewed.
    clock += 54 * 60_000;
    expect(await client.accessToken()).toBe(first);
    clock += 2 * 60_000;
    const renewed = await client.accessToken();
    expect(renewed).not.toBe(first);
    expect(fake.tokenRequests() - before).toBe(2);
  });

  it('asks for one token when calls start together', async () => {
    const client = createPowerbiClient(settings());
    const before = fake.tokenRequests();
    await Promise.all([client.getReport('ws-1', 'report-1'), client.getReport('ws-1', 'report-1')]);
    expect(fake.tokenRequests() - before).toBe(1);
  });

  it('renews a token Power BI refuses with 401 and retries the call once', async () => {
    const client = createPowerbiClient(settings());
    await client.accessToken();
    fake.expireTokens();
    const before = fake.tokenRequests();
    const report = await client.getReport('ws-1', 'report-1');
    expect(report).toMatchObject({ id: 'report-1', datasetId: 'ds-1', reportType: 'PowerBIReport' });
    expect(fake.tokenRequests() - before).toBe(1);
  });

  it("reports Entra's error body (AADSTS code) on a wrong secret, never the secret", async () => {
    const client = createPowerbiClient(settings({ clientSecret: 'wrong-secret-value' }));
    const error = await client.getReport('ws-1', 'report-1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PowerbiError);
    expect((error as PowerbiError).status).toBe(401);
    expect((error as PowerbiError).reason).toMatch(/^invalid_client: AADSTS7000215: Invalid client secret provided/);
    expect((error as PowerbiError).message).not.toContain('wrong-secret-value');
  });

  it('answers 403 for a workspace the service principal was not given', async () => {
    const client = createPowerbiClient(settings());
    const error = (await client.getReport('ws-other', 'report-1').catch((caught: unknown) => caught)) as PowerbiError;
    expect(error.status).toBe(403);
    expect(error.reason).toBe('Unauthorized: The service principal has no access to this workspace');
  });

  it('waits out a 429 as Retry-After says, then retries', async () => {
    const client = createPowerbiClient(settings());
    fake.inject({
      match: /^GET \/v1\.0\/myorg\/groups\/ws-1\/reports\//,
      status: 429,
      headers: { 'Retry-After': '1' },
    });
    const started = Date.now();
    await client.getReport('ws-1', 'report-1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('fails at once on a 429 asking for longer than it waits, with the seconds asked', async () => {
    const client = createPowerbiClient(settings(), { maxRetryWaitMs: 5_000 });
    fake.inject({
      match: /^GET \/v1\.0\/myorg\/groups\/ws-1\/reports\//,
      status: 429,
      headers: { 'Retry-After': '3392' },
      body: { message: 'You have exceeded the amount of requests allowed in the current time frame' },
    });
    const error = (await client.getReport('ws-1', 'report-1').catch((caught: unknown) => caught)) as PowerbiError;
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(3392);
    expect(error.reason).toBe('You have exceeded the amount of requests allowed in the current time frame');
  });

  it("reads Power BI's error code from its error body", async () => {
    const client = createPowerbiClient(settings());
    fake.inject({
      match: /^POST \/v1\.0\/myorg\/GenerateToken$/,
      status: 400,
      body: { error: { code: 'InvalidRequest', 'pbi.error': { code: 'InvalidRequest', details: [] } } },
    });
    const error = (await client
      .generateToken({ reports: [{ id: 'report-1' }], datasets: [{ id: 'ds-1' }] })
      .catch((caught: unknown) => caught)) as PowerbiError;
    expect([error.status, error.reason]).toEqual([400, 'InvalidRequest']);
  });
});
