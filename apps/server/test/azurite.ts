import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Azurite's well-known development account (documented by Microsoft; not a secret). */
const DEV_ACCOUNT = 'devstoreaccount1';
const DEV_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface Azurite {
  connectionString: string;
  close(): Promise<void>;
}

/**
 * The Azurite Blob emulator (npm package `azurite`, pure JavaScript) as a child process on a free port,
 * in memory, telemetry off: the Azure Blob container store is tested against the real protocol.
 */
export async function startAzurite(): Promise<Azurite> {
  const main = path.join(
    path.dirname(createRequire(import.meta.url).resolve('azurite/package.json')),
    'dist/src/blob/main.js',
  );
  const child = spawn(
    process.execPath,
    [
      main,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      '0',
      '--inMemoryPersistence',
      '--disableTelemetry',
      '--skipApiVersionCheck',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Azurite did not start:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /successfully listens on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Azurite exited (${code}):\n${output}`));
    });
  });
  return {
    connectionString:
      `DefaultEndpointsProtocol=http;AccountName=${DEV_ACCOUNT};AccountKey=${DEV_KEY};` +
      `BlobEndpoint=http://127.0.0.1:${port}/${DEV_ACCOUNT};`,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
