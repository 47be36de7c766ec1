/**
 * The database worker thread: owns the embedded PGlite (its WebAssembly backend runs here, never on the
 * app's event loop) and serves it on a unix socket (pglite-wire.ts). Started by embedded-database.ts.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { servePglite } from './pglite-wire.ts';

export interface WorkerInput {
  /** On-disk data directory; in memory when absent. */
  dataDir?: string;
  /** A gzipped tarball of a data directory to start from (tests' migrated template). */
  loadDataDir?: ArrayBuffer;
  socketPath: string;
}

/** From the app to the worker. */
export type WorkerRequest = { type: 'dump' } | { type: 'close' };

/** From the worker to the app. */
export type WorkerEvent =
  { type: 'ready' } | { type: 'dump'; data: ArrayBuffer } | { type: 'closed' } | { type: 'failed'; message: string };

const port = parentPort!;
const input = workerData as WorkerInput;
const send = (event: WorkerEvent, transfer: ArrayBuffer[] = []) => port.postMessage(event, transfer);

const fail = (error: Error) => {
  send({ type: 'failed', message: error.stack ?? error.message });
  process.exit(1);
};

try {
  if (input.dataDir) fs.mkdirSync(input.dataDir, { recursive: true });
  const db = await PGlite.create({
    dataDir: input.dataDir,
    loadDataDir: input.loadDataDir ? new Blob([input.loadDataDir], { type: 'application/x-gzip' }) : undefined,
  });
  const server = await servePglite(db, input.socketPath, fail);
  port.on('message', (request: WorkerRequest) => {
    void (async () => {
      if (request.type === 'dump') {
        const data = await (await db.dumpDataDir('gzip')).arrayBuffer();
        send({ type: 'dump', data }, [data]);
      } else {
        await server.close();
        await db.close();
        send({ type: 'closed' });
        port.close();
      }
    })().catch(fail);
  });
  send({ type: 'ready' });
} catch (error) {
  fail(error as Error);
}
