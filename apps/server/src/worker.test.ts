import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServerDatabase, type ServerDatabase } from '../test/database.ts';

const WORKER_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'worker.ts');

/** `npm run worker`'s entry under tsx; resolves with its exit and output once `untilLog` is logged (then SIGTERM) or it exits. */
function runWorker(env: Record<string, string>, untilLog?: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_ENTRY], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let stopping = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    // Once: a second SIGTERM makes close-with-grace exit at once, whatever is still being shut down.
    if (untilLog && !stopping && stdout.includes(`"msg":"${untilLog}"`)) {
      stopping = true;
      child.kill('SIGTERM');
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('npm run worker', () => {
  let dataDir: string;
  let server: ServerDatabase;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-worker-'));
    server = await createServerDatabase(dataDir);
  });

  afterEach(async () => {
    await server.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'starts its job runner on PostgreSQL and exits 0 on SIGTERM; refuses the embedded database',
    { timeout: 60_000 },
    async () => {
      const result = await runWorker({ DATA_DIR: dataDir, ...server.env }, 'job runner started');

      if (server.kind === 'postgres') {
        expect(result.stdout).toContain('"msg":"job runner started"');
        expect(result.stdout).toContain('"msg":"worker shut down"');
        expect(result.code).toBe(0);
      } else {
        expect(result.stderr.trim()).toBe(
          'npm run worker needs DATABASE_URL: on the embedded database the server works the jobs',
        );
        expect(result.code).toBe(1);
      }
    },
  );
});
