import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { imageMessages } from '@finboard/shared/images';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, login } from '../../../test/factories.ts';
import { pngBytes } from '../../../test/images.ts';

let t: TestApp;
let logoKey: string;
beforeAll(async () => {
  t = await buildTestApp();
  const form = new FormData();
  form.append('organizationName', 'Image Test Holdings');
  form.append('organizationEmail', 'images@finboard.test');
  form.append('organizationPhoneNumber', '5551234567');
  form.append('logo', new Blob([new Uint8Array(await pngBytes(400, 80))], { type: 'image/png' }), 'logo.png');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organization/add',
    headers: bearer(await login(t.app, TEST_ADMIN)),
    payload: form,
  });
  logoKey = response.json().data.createdOrganization.logo_url;
});
afterAll(() => t?.close());

const image = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/image', query, headers });

describe('GET /api/v1/image', () => {
  it('serves a stored logo without a token, resized to w, as WebP when the browser accepts it, cacheable', async () => {
    const response = await image(
      { url: logoKey, w: '180', q: '75' },
      { accept: 'image/avif,image/webp,image/apng,*/*;q=0.8' },
    );

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=86400, immutable');
    expect(response.headers.vary).toMatch(/Accept/);
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 180, height: 36 });
  });

  it('answers PNG to a browser that does not accept WebP, with another ETag', async () => {
    const webp = await image({ url: logoKey, w: '180' }, { accept: 'image/webp' });
    const png = await image({ url: logoKey, w: '180' }, { accept: 'image/*' });

    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 180 });
    expect(png.headers.etag).not.toBe(webp.headers.etag);
  });

  it('never enlarges: asking for 2048 wide gives the 400-pixel original', async () => {
    const response = await image({ url: logoKey, w: '2048' }, { accept: 'image/webp' });

    expect((await sharp(response.rawPayload).metadata()).width).toBe(400);
  });

  it('uses quality 75 by default: the same bytes as q=75, and fewer than q=100', async () => {
    const byDefault = await image({ url: logoKey, w: '300' }, { accept: 'image/webp' });
    const explicit = await image({ url: logoKey, w: '300', q: '75' }, { accept: 'image/webp' });
    const best = await image({ url: logoKey, w: '300', q: '100' }, { accept: 'image/webp' });

    expect(byDefault.rawPayload.equals(explicit.rawPayload)).toBe(true);
    expect(best.rawPayload.equals(byDefault.rawPayload)).toBe(false);
  });

  it('answers 304 with no body to a browser that already holds the variant', async () => {
    const first = await image({ url: logoKey, w: '64' }, { accept: 'image/webp' });

    const again = await image(
      { url: logoKey, w: '64' },
      { accept: 'image/webp', 'if-none-match': `W/${first.headers.etag as string}` },
    );

    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=86400, immutable');
  });

  it.each([
    ['an outside http URL', 'http://169.254.169.254/latest/meta-data/logo.png'],
    ['an outside https URL', 'https://example.com/logo.png'],
    ['a protocol-relative URL', '//example.com/logo.png'],
    ['a path that climbs out', `logos/${randomUUID()}/../../../etc/passwd`],
    ['an encoded climb', `logos/${randomUUID()}/..%2F..%2Fsecret.png`],
    ['another storage prefix', `uploads/${randomUUID()}/${randomUUID()}.png`],
    ['a key that is not ours', 'logos/acme/logo.png'],
    ['an absolute path', `/logos/${randomUUID()}/${randomUUID()}.png`],
    ['nothing', ''],
  ])('refuses %s with 400 "Invalid image URL" and fetches nothing', async (_, url) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    const response = await image({ url, w: '180' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, message: imageMessages.invalidUrl });
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('answers 404 "Image not found" for a well-formed key that was never stored', async () => {
    const response = await image({ url: `logos/${randomUUID()}/${randomUUID()}.png`, w: '180' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: imageMessages.notFound });
  });

  it.each([
    [{ w: '8' }, imageMessages.invalidWidth],
    [{ w: '4096' }, imageMessages.invalidWidth],
    [{ w: 'wide' }, imageMessages.invalidWidth],
    [{}, imageMessages.invalidWidth],
    [{ w: '180', q: '0' }, imageMessages.invalidQuality],
    [{ w: '180', q: '101' }, imageMessages.invalidQuality],
  ])('refuses %o with 400 and its message', async (query, message) => {
    const response = await image({ url: logoKey, ...query });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, message });
  });
});
