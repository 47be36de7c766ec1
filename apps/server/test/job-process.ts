import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { openDatabase } from '../src/db/client.ts';
import { createDatabaseJobRunner } from '../src/platform/jobs/database-job-runner.ts';

/** The queue whose jobs the worker process starts and never finishes. */
export const HANGING_QUEUE = 'test-hanging';

export interface JobProcess {
  /** Settles with the id of the first job the process has started. */
  started: Promise<string>;
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): void;
}

/**
 * A worker in a process of its own (this file under tsx) on the database `env` names (DATABASE_URL, or
 * PGLITE_DIR for an embedded data directory no other process has open): it claims jobs of HANGING_QUEUE and
 * works on them until it is killed.
 */
export function startJobProcess(env: { DATABASE_URL?: string; PGLITE_DIR?: string }): JobProcess {
  const entry = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: path.dirname(entry),
    env: { ...process.env, ...env, FINBOARD_JOB_PROCESS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const jobId = /^started (\S+)$/m.exec(output)?.[1];
      if (jobId) resolve(jobId);
    });
    void exited.then(() => reject(new Error(`the job process exited before starting a job:\n${stderr}`)));
  });
  return { started, exited, kill: (signal) => child.kill(signal) };
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(
    url ? { kind: 'postgres', url, poolSize: 2 } : { kind: 'pglite', dataDir: process.env.PGLITE_DIR! },
  );
  const runner = createDatabaseJobRunner({
    db: database.db,
    logger: pino({ level: 'silent' }),
    concurrency: 1,
    staleAfterMs: 60_000,
  });
  runner.work(HANGING_QUEUE, async (_payload, { jobId }) => {
    process.stdout.write(`started ${jobId}\n`);
    // A timer keeps the process alive (the runner's own timers do not) until it is killed.
    await new Promise(() => setInterval(() => undefined, 60_000));
  });
  await runner.start();
}

if (process.env.FINBOARD_JOB_PROCESS === '1') await main();
