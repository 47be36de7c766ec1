/**
 * The built web app as the server sends it: the build's brotli or gzip file per Accept-Encoding (with
 * Vary), hashed assets cached for good and pages revalidated, and no source map ever served.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';

const SCRIPT = 'export const answer = 42; // '.padEnd(4000, 'finboard ');
const SCRIPT_URL = '/assets/login-page-Ab12Cd34.js';
const notFound = { status: false, message: messages.routeNotFound };

/** A dist folder laid out as `vite build` leaves it: asset, its .br and .gz, its hidden map, a manifest. */
function writeBuiltApp(distDir: string) {
  const assets = path.join(distDir, 'assets');
  fs.mkdirSync(assets, { recursive: true });
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<html><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const script = path.join(distDir, SCRIPT_URL);
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(`${script}.map`, JSON.stringify({ version: 3, sources: ['src/secret.ts'], mappings: '' }));
  fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), '{}');
}

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-web-'));
  writeBuiltApp(distDir);
  t = await buildTestApp({}, { webDistDir: distDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('static assets', () => {
  it('are sent as the brotli file when the browser accepts br, varying on Accept-Encoding and cached for good', async () => {
    const response = await get(SCRIPT_URL, 'gzip, deflate, br, zstd');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBeLessThan(SCRIPT.length / 10);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent as the gzip file when only gzip is accepted', async () => {
    const response = await get(SCRIPT_URL, 'gzip');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['only identity', 'identity'],
  ])('are sent uncompressed with %s, still varying on Accept-Encoding', async (_case, acceptEncoding) => {
    const response = await get(SCRIPT_URL, acceptEncoding);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(SCRIPT);
  });

  it('outside assets/ (not content-hashed) are cached for an hour only', async () => {
    const response = await get('/favicon.svg', 'br');

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('pages are index.html with no-cache, so a new build is picked up at once', async () => {
    const response = await get('/login', 'br, gzip');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });
});

describe('what the build keeps private', () => {
  it.each([undefined, 'br', 'gzip'])(
    'source maps answer 404 in the JSON envelope (Accept-Encoding %s)',
    async (acceptEncoding) => {
      const response = await get(`${SCRIPT_URL}.map`, acceptEncoding);

      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual(notFound);
      expect(response.body).not.toContain('secret');
    },
  );

  it('the build manifest (a dot folder) answers 404 in the JSON envelope', async () => {
    const response = await get('/.vite/manifest.json');

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFound);
  });
});
