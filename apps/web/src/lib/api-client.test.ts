import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// apiRequest runs in the browser: the page's origin, its localStorage (the session) and fetch.
beforeEach(() => {
  vi.stubGlobal('window', { location: { origin: 'http://finboard.test' }, addEventListener: () => undefined });
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const settingsSchema = z.object({ status: z.literal(true), data: z.object({ signupEnabled: z.boolean() }) });
const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('apiRequest with a schema loaded on first use (the login page, issue 9 §4)', () => {
  it('parses the success body with the schema the loader gives', async () => {
    const fetch = answer(200, { status: true, data: { signupEnabled: true } });
    vi.stubGlobal('fetch', fetch);
    const { apiRequest } = await import('./api-client');
    const load = vi.fn(async () => settingsSchema);

    await expect(apiRequest('/api/v1/auth/settings', { auth: false, schema: load })).resolves.toEqual({
      status: true,
      data: { signupEnabled: true },
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('refuses a body the loaded schema rejects with the generic message', async () => {
    vi.stubGlobal('fetch', answer(200, { status: true, data: { signupEnabled: 'yes' } }));
    const { apiRequest } = await import('./api-client');

    await expect(
      apiRequest('/api/v1/auth/settings', { auth: false, schema: async () => settingsSchema }),
    ).rejects.toMatchObject({ name: 'ApiError', message: 'An error occurred', status: 200 });
  });

  it('answers a schema that cannot be loaded as the network being down: the caller’s message, status 0', async () => {
    vi.stubGlobal('fetch', answer(200, { status: true, data: { signupEnabled: true } }));
    const { apiRequest } = await import('./api-client');
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

    await expect(
      apiRequest('/api/v1/auth/login', {
        method: 'POST',
        auth: false,
        schema: unreachable,
        errorMessage: 'Login failed',
      }),
    ).rejects.toMatchObject({ name: 'ApiError', message: 'Login failed', status: 0 });
  });

  it('maps a failed call to its message whether or not the schema has loaded', async () => {
    vi.stubGlobal('fetch', answer(401, { status: false, message: 'Invalid email or password' }));
    const { apiRequest } = await import('./api-client');

    await expect(
      apiRequest('/api/v1/auth/login', { method: 'POST', auth: false, schema: () => new Promise<never>(() => {}) }),
    ).rejects.toMatchObject({ name: 'ApiError', message: 'Invalid email or password', status: 401 });
  });
});

/** XMLHttpRequest as apiUpload uses it: the test plays the network (progress, then an answer or a failure). */
class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress?: (event: { loaded: number; total: number; lengthComputable: boolean }) => void } = {};
  headers: Record<string, string> = {};
  method = '';
  url = '';
  timeout = 0;
  status = 0;
  responseText = '';
  sent: unknown;
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: URL) {
    this.method = method;
    this.url = String(url);
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const uploadSchema = z.object({ status: z.literal(true), data: z.object({ files: z.array(z.string()) }) });

describe('apiUpload (multipart with upload progress)', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('localStorage', {
      getItem: (key: string) =>
        key === 'token' ? 'the-token' : key === 'tokenExpiryTime' ? String(Date.now() + 60_000) : null,
      setItem: () => undefined,
      removeItem: () => undefined,
    });
  });

  it('posts the form with the bearer token, reports bytes and speed, and parses the answer', async () => {
    const { apiUpload } = await import('./api-client');
    const progress: { loaded: number; total: number }[] = [];
    const body = new FormData();
    const upload = apiUpload('/api/v1/pipeline/file-upload', {
      body,
      schema: uploadSchema,
      onProgress: ({ loaded, total, bytesPerSecond }) => {
        expect(bytesPerSecond).toBeGreaterThanOrEqual(0);
        progress.push({ loaded, total });
      },
    });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.headers.authorization, xhr.sent]).toEqual([
      'POST',
      'http://finboard.test/api/v1/pipeline/file-upload',
      'Bearer the-token',
      body,
    ]);
    xhr.upload.onprogress?.({ loaded: 512, total: 2048, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 2048, total: 2048, lengthComputable: true });
    xhr.answer(200, { status: true, data: { files: ['a.csv'] } });

    await expect(upload).resolves.toEqual({ status: true, data: { files: ['a.csv'] } });
    expect(progress).toEqual([
      { loaded: 512, total: 2048 },
      { loaded: 2048, total: 2048 },
    ]);
  });

  it('answers a refused upload with the server’s message and status', async () => {
    const { apiUpload } = await import('./api-client');
    const upload = apiUpload('/api/v1/pipeline/file-upload', { body: new FormData(), schema: uploadSchema });
    FakeXhr.last.answer(400, { status: false, message: 'Invalid file format' });

    await expect(upload).rejects.toMatchObject({ name: 'ApiError', message: 'Invalid file format', status: 400 });
  });

  it('answers a network failure with the caller’s message, and a cancel as an AbortError', async () => {
    const { apiUpload } = await import('./api-client');
    const failed = apiUpload('/x', { body: new FormData(), schema: uploadSchema, errorMessage: 'Upload failed.' });
    FakeXhr.last.onerror?.();
    await expect(failed).rejects.toMatchObject({ name: 'ApiError', message: 'Upload failed.', status: 0 });

    const controller = new AbortController();
    const cancelled = apiUpload('/x', { body: new FormData(), schema: uploadSchema, signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});
