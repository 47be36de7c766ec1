/**
 * Prometheus metrics at GET /metrics: per route pattern, database pool and process; never on the public
 * port without METRICS_TOKEN, and on a port of its own with METRICS_PORT.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { loadConfig } from '../config/env.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';

const TOKEN = 'scrape-token-0123456789abcdef';
const notFound = { status: false, message: messages.routeNotFound };
const unauthenticated = { status: false, message: messages.unauthenticated };

describe('GET /metrics on the main port without METRICS_TOKEN', () => {
  let t: TestApp;
  let distDir: string;
  beforeAll(async () => {
    // A built web app answers unknown paths with its page: /metrics must not be one of them.
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-web-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<html><body>Finboard</body></html>');
    t = await buildTestApp({}, { webDistDir: distDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('answers 404 in the JSON envelope, with or without a bearer token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });

      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual(notFound);
    }
  });
});

describe('GET /metrics on the main port with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t?.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it.each([
    ['no Authorization header', undefined],
    ['another token', 'Bearer scrape-token-0123456789abcdeX'],
    ['the token with a longer tail', `Bearer ${TOKEN}0`],
    ['the token under another scheme', `Basic ${TOKEN}`],
  ])('refuses %s with 401 in the envelope and no metrics', async (_case, authorization) => {
    const response = await scrape(authorization);

    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toEqual(unauthenticated);
  });

  it('gives the token holder request counts and latencies labelled by route pattern, never by URL', async () => {
    const id = randomUUID();
    await t.app.inject({ method: 'GET', url: '/api/v1/auth/settings' });
    await t.app.inject({ method: 'GET', url: `/api/v1/organization/${id}` });
    await t.app.inject({ method: 'GET', url: `/api/v1/no-such-route/${id}` });

    const response = await scrape(`Bearer ${TOKEN}`);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toMatch(
      /^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/v1\/auth\/settings",status_code="200"\} 1$/m,
    );
    expect(response.body).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/v1\/organization\/:id",status_code="401"\} 1$/m,
    );
    expect(response.body).toMatch(/^http_requests_total\{method="GET",route="unmatched",status_code="404"\} 1$/m);
    expect(response.body).not.toContain(id);
  });

  it('reports the process, and the database pool when the database has one', async () => {
    const body = (await scrape(`Bearer ${TOKEN}`)).body;

    expect(body).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    if (t.database.pool) {
      expect(body).toMatch(/^db_pool_connections [1-9]\d*$/m);
      expect(body).toMatch(/^db_pool_idle_connections \d+$/m);
      expect(body).toMatch(/^db_pool_waiting_requests 0$/m);
    } else {
      expect(body).not.toContain('db_pool_');
    }
    // Start-up's warehouse migrations: nothing behind in a fresh test database.
    expect(body).toMatch(/^warehouse_migrations_pending 0$/m);
    expect(body).toMatch(/^warehouse_migrations_failed 0$/m);
    expect(body).toMatch(/^warehouse_migrations_done \d+$/m);
  });
});

describe('METRICS_PORT', () => {
  let t: TestApp;
  let address: string | undefined;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_PORT: 0, METRICS_HOST: '127.0.0.1' });
    address = await t.app.metrics.listen();
  });
  afterAll(() => t?.close());

  it('serves the metrics on its own port, bound to METRICS_HOST, and not on the main port', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });

    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${address}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(
      /^http_requests_total\{method="GET",route="\/healthz",status_code="200"\} 1$/m,
    );
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('answers nothing else there: other paths get 404 in the envelope', async () => {
    const response = await fetch(`${address}/api/v1/auth/settings`);

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(notFound);
  });

  it('asks for the token there too when METRICS_TOKEN is set', async () => {
    const both = await buildTestApp({ METRICS_PORT: 0, METRICS_TOKEN: TOKEN });
    try {
      const url = `${await both.app.metrics.listen()}/metrics`;

      const refused = await fetch(url);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual(unauthenticated);
      expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    } finally {
      await both.close();
    }
  });
});

describe('metrics configuration', () => {
  it('serves nothing by default and binds a metrics port to the loopback interface', () => {
    const config = loadConfig({ METRICS_TOKEN: ' ', METRICS_PORT: '' });

    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.METRICS_HOST).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
  });

  it('refuses a short METRICS_TOKEN and a METRICS_PORT that is no port, naming both', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short', METRICS_PORT: '70000' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters[\s\S]*METRICS_PORT: /,
    );
  });
});
