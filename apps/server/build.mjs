// Bundles the server with the shared package into dist/server.js (and the job worker into dist/worker.js),
// and the embedded database's worker thread into dist/pglite-worker.js beside it; npm dependencies stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['src/server.ts', 'src/worker.ts', 'src/operations.ts', 'src/db/pglite-worker.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
});
