// `npm test`: the journeys in Chromium run beside the other projects, in a Vitest process of their own. In one
// process Vitest runs a project without file parallelism (the journeys share one server, one file at a time)
// only after every other file, leaving the machine half idle for the journeys' quarter of an hour; the
// journeys mostly wait on the browser and their server, the API tests on their databases.
// With arguments (`npm test -- <files or options>`) it is plain `vitest run` with them.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { findChromium } from '../e2e/support/chromium.ts';

const vitest = 'node_modules/.bin/vitest';

/** Runs vitest with the arguments, each line of its output prefixed when given; resolves to its exit code. */
function run(args: string[], prefix = ''): Promise<number> {
  const child = spawn(vitest, ['run', ...args], { stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const prefixed = (input: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) =>
    input && readline.createInterface({ input }).on('line', (line) => out.write(`${prefix}${line}\n`));
  if (prefix) {
    prefixed(child.stdout, process.stdout);
    prefixed(child.stderr, process.stderr);
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const args = process.argv.slice(2);
// Without Chromium vitest.config.ts leaves the journeys out (and fails the run in CI): nothing to run beside.
const codes =
  args.length > 0 || !findChromium()
    ? [await run(args)]
    : await Promise.all([run(['--project', '!e2e'], '[api] '), run(['--project', 'e2e'], '[e2e] ')]);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
