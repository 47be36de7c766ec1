/** Requests are logged one line each at `debug`, so the default `info` log is not buried under routine traffic. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { jsonLogCapture } from '../../test/log-capture.ts';

const { stream: logStream, lines } = jsonLogCapture();
const requestLines = () => lines.filter((line) => line.req !== undefined || /request/.test(String(line.msg)));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { logStream });
  t.app.log.level = 'debug';
});
afterAll(() => t?.close());

it('logs a request as one debug line with its method, redacted URL, status and time, and nothing at info', async () => {
  lines.length = 0;
  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  await t.app.inject({ method: 'GET', url: '/api/v1/auth/reset-password?token=secret-token-value' });

  const logged = requestLines();
  expect(logged).toHaveLength(2);
  expect(logged[0]).toMatchObject({
    level: 20,
    msg: 'request completed',
    req: { method: 'GET', url: '/healthz' },
    res: { statusCode: 200 },
  });
  expect(typeof logged[0]!.responseTime).toBe('number');
  expect(logged[1]).toMatchObject({ level: 20, req: { url: '/api/v1/auth/reset-password?token=[redacted]' } });

  lines.length = 0;
  t.app.log.level = 'info';
  await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(requestLines()).toEqual([]);
});
