import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const cspOf = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/v1/auth/settings'],
    ['an API error', '/api/v1/user/profile'],
    ['an unknown route', '/api/v1/xyz'],
  ])('are sent on %s: CSP of our origin only, no nonce, frame-ancestors none, nosniff', async (_, url) => {
    const response = await t.app.inject({ method: 'GET', url });

    const csp = cspOf(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('give every page a fresh style nonce, written into the page and its CSP (scripts stay self only)', async () => {
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-web-'));
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"></head><body></body></html>',
    );
    const web = await buildTestApp({}, { webDistDir: distDir });
    try {
      const nonces = [];
      for (const url of ['/organizations', '/data-management']) {
        const response = await web.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        const nonce = /nonce="([0-9a-f]{32})"/.exec(response.body)?.[1];
        expect(nonce).toBeDefined();
        const csp = cspOf(response.headers['content-security-policy']);
        expect(csp.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
        expect(csp.get('script-src')).toEqual(["'self'"]);
        expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
        nonces.push(nonce);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    } finally {
      await web.close();
      fs.rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describe('errors', () => {
  it('answers an unknown API route with 404 JSON {status:false, message:"Route not found"}', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/api/v1/xyz' });

      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ status: false, message: 'Route not found' });
    }
  });

  it('answers a malformed JSON body with 400 and status false', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "admin@finboard.test", ',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: false,
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    });
  });

  it('answers a missing body with 400 and status false', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false });
  });
});

describe('documentation and probes', () => {
  it('serves an OpenAPI 3.1 document at /api/docs/json that lists /api/v1/auth/login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths).toHaveProperty('/api/v1/auth/login');
    expect(document.paths['/api/v1/auth/login']).toHaveProperty('post');
  });

  it('answers /healthz with 200', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 200 and the database kind while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: process.env.TEST_DB });
  });
});
