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
