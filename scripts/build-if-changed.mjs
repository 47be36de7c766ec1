// `npm start`'s first step: builds the web app and the server only when what the build reads has changed since
// the last successful build. The inputs' paths and contents are hashed (contents, not modification times: a
// checkout or a copy changes times, not what is built) and compared with the hash a successful build left
// beside its output, with the outputs' modification times (a build run by other means, `npm run build` or the
// journeys' set-up, may have left outputs of other sources). No stamp, an unreadable stamp, a missing or
// rewritten output or a different hash: it builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the build reads: the three packages' sources and configuration, the guides, and the dependency versions. */
const INPUTS = [
  'apps/web',
  'docs',
  'apps/server',
  'packages/shared',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist']);
/** What the build writes; the stamp sits beside the server's bundle, written last. */
const OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/server.js'];
const STAMP = 'apps/server/dist/build-stamp.json';

function* filesUnder(relative) {
  const absolute = path.join(root, relative);
  const stat = fs.statSync(absolute, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield relative;
    return;
  }
  const entries = fs.readdirSync(absolute, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    if (entry.isDirectory() && SKIPPED_DIRECTORIES.has(entry.name)) continue;
    if (entry.isDirectory() || entry.isFile()) yield* filesUnder(path.posix.join(relative, entry.name));
  }
}

function inputsHash() {
  const hash = createHash('sha256');
  hash.update(`node ${process.versions.node.split('.')[0]} NODE_ENV=${process.env.NODE_ENV ?? ''}\0`);
  for (const input of INPUTS) {
    for (const file of filesUnder(input)) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** The outputs' modification times, or undefined when one is missing. */
function outputTimes() {
  const times = OUTPUTS.map((output) => fs.statSync(path.join(root, output), { throwIfNoEntry: false })?.mtimeMs);
  return times.includes(undefined) ? undefined : times.join(',');
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8'));
  } catch {
    return undefined;
  }
}

const started = Date.now();
const current = inputsHash();
const outputs = outputTimes();
const stamp = readStamp();
if (outputs !== undefined && stamp?.inputs === current && stamp?.outputs === outputs) {
  process.stdout.write(
    `build is up to date (sources unchanged since the last build; checked in ${Date.now() - started} ms)\n`,
  );
  process.exit(0);
}

process.stdout.write(
  stamp ? 'sources or build changed since the last start: building\n' : 'no build stamp yet: building\n',
);
fs.rmSync(path.join(root, STAMP), { force: true });
const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
if (result.status !== 0) process.exit(result.status ?? 1);
const stamped = { inputs: current, outputs: outputTimes(), builtAt: new Date().toISOString() };
fs.writeFileSync(path.join(root, STAMP), `${JSON.stringify(stamped)}\n`);
