/** A response that does not match its schema is a bug of ours: the client gets a generic 500, the log says where. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '@finboard/shared/messages';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase } from '../../test/database.ts';
import { jsonLogCapture } from '../../test/log-capture.ts';

const { stream: logStream, lines } = jsonLogCapture();

let database: DatabaseHandle;
let app: FastifyInstance;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-test-'));
  database = await openTestDatabase();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    database,
    logger: { level: 'info', stream: logStream },
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/test/broken/:token',
    {
      config: { access: 'public' },
      schema: { params: z.object({ token: z.string() }), response: { 200: z.object({ count: z.number() }) } },
    },
    async () => ({ count: 'three' }) as unknown as { count: number },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('answers 500 with the generic message and logs the method and the route pattern, never the URL', async () => {
  const response = await app.inject({ method: 'GET', url: '/api/v1/test/broken/s3cret-t0ken' });

  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ status: false, message: messages.internal });
  const logged = lines.filter((line) => line.msg === 'response did not match its schema');
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({ level: 50, method: 'GET', route: '/api/v1/test/broken/:token' });
  expect(logged[0]!.issues).toEqual([expect.objectContaining({ path: ['count'], code: 'invalid_type' })]);
  expect(JSON.stringify(logged[0])).not.toContain('s3cret-t0ken');
});
