import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerEvent, WorkerInput, WorkerRequest } from './pglite-worker.ts';

/** pg connects to `${host}/.s.PGSQL.${port}` when host is a directory. */
const SOCKET_PORT = 5432;

export interface EmbeddedDatabase {
  /** pg connection settings of the worker's socket. */
  connection: { host: string; port: number; user: string; database: string };
  /** A gzipped tarball of the data directory (tests keep a migrated one as their template). */
  dumpDataDir(): Promise<Blob>;
  /** Closes PGlite (flushing it to its data directory) and ends the worker thread. */
  close(): Promise<void>;
}

/**
 * Starts PGlite in a worker thread that serves it on a unix socket in a private temporary directory
 * (never a TCP port): the app talks to it with pg, as to PostgreSQL, and its event loop stays free
 * while the embedded database works.
 */
export async function startEmbeddedDatabase(options: {
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<EmbeddedDatabase> {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-db-'));
  const input: WorkerInput = {
    dataDir: options.dataDir,
    loadDataDir: await options.loadDataDir?.arrayBuffer(),
    socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
  };
  const worker = new Worker(workerEntry(), {
    workerData: input,
    transferList: input.loadDataDir ? [input.loadDataDir] : [],
  });
  let closing = false;
  let exited = false;
  const waiters = new Map<WorkerEvent['type'], (event: WorkerEvent) => void>();
  const next = <T extends WorkerEvent['type']>(type: T) =>
    new Promise<Extract<WorkerEvent, { type: T }>>((resolve) =>
      waiters.set(type, resolve as (event: WorkerEvent) => void),
    );

  const started = new Promise<void>((resolve, reject) => {
    worker.on('message', (event: WorkerEvent) => {
      if (event.type === 'ready') resolve();
      else if (event.type === 'failed') reject(new Error(`The embedded database failed: ${event.message}`));
      waiters.get(event.type)?.(event);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      exited = true;
      fs.rmSync(socketDir, { recursive: true, force: true });
      const error = new Error(`The embedded database worker stopped (exit code ${code})`);
      reject(error);
      // Without its database the app cannot serve anything: fail loudly rather than answer 500s.
      if (!closing) throw error;
    });
  });
  await started;

  const request = (message: WorkerRequest) => worker.postMessage(message);
  return {
    connection: { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    async dumpDataDir() {
      const reply = next('dump');
      request({ type: 'dump' });
      return new Blob([(await reply).data], { type: 'application/x-gzip' });
    },
    async close() {
      if (closing || exited) return;
      closing = true;
      const stopped = new Promise((resolve) => worker.once('exit', resolve));
      request({ type: 'close' });
      await stopped;
    },
  };
}

// The build emits the worker as dist/pglite-worker.js beside dist/server.js. From src/ (tsx, vitest)
// it is TypeScript: a one-line module registers tsx's loader in the new thread first (Node 20 does not
// apply a worker's `--import` option).
function workerEntry(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./pglite-worker.js', import.meta.url);
  const tsx = new URL('./api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')));
  const entry = new URL('./pglite-worker.ts', import.meta.url);
  const bootstrap = `import { register } from ${JSON.stringify(tsx.href)}; register(); await import(${JSON.stringify(entry.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`);
}
