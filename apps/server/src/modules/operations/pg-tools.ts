import { spawn } from 'node:child_process';

/**
 * PostgreSQL's own client programs (pg_dump, pg_restore) run against `url`: the password goes through the
 * environment (PGPASSWORD), never on a command line another user of the machine could read.
 */
export async function runPgTool(program: 'pg_dump' | 'pg_restore', url: string, args: readonly string[]) {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const child = spawn(program, [`--dbname=${target.toString()}`, ...args], {
    env: { ...process.env, ...(password && { PGPASSWORD: password }) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${program} was not found: install PostgreSQL's client programs (the server's major version)`)
          : error,
      ),
    );
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${program} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`);
}
