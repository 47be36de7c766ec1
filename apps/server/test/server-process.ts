import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every log record the process wrote so far (pino JSON lines). */
  logs: { msg?: string; level?: number; [key: string]: unknown }[];
  /** Settles when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/**
 * The real server entry (src/server.ts under tsx) in a process of its own, listening on a free port of
 * 127.0.0.1, with `env` on top of this process's environment. Resolves once it listens.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: ServerProcess['logs'] = [];
  let stderr = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const listening = new Promise<string>((resolve, reject) => {
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (!line.trim()) continue;
        let record: ServerProcess['logs'][number];
        try {
          record = JSON.parse(line);
        } catch {
          record = { msg: line };
        }
        logs.push(record);
        const address = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(record.msg ?? '')?.[1];
        if (address) resolve(address);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    void exited.then(({ code, signal }) =>
      reject(new Error(`the server exited before listening (${code ?? signal}):\n${stderr}`)),
    );
  });
  const url = await listening;
  return { url, logs, exited, kill: (signal) => child.kill(signal) };
}
