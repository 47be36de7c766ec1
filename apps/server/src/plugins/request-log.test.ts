/** Requests are logged one line each at `debug`, so the default `info` log is not buried under routine traffic. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase } from '../../test/database.ts';

const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
    done();
  },
});
const requestLines = () => lines.filter((line) => line.req !== undefined || /request/.test(String(line.msg)));

let database: DatabaseHandle;
let app: FastifyInstance;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-test-'));
  database = await openTestDatabase();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    database,
    logger: { level: 'debug', stream: logStream },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('logs a request as one debug line with its method, redacted URL, status and time, and nothing at info', async () => {
  lines.length = 0;
  expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  await app.inject({ method: 'GET', url: '/api/v1/auth/reset-password?token=secret-token-value' });

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
  app.log.level = 'info';
  await app.inject({ method: 'GET', url: '/healthz' });
  expect(requestLines()).toEqual([]);
});
