import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

/**
 * Migrates one in-memory PGlite database per run and dumps its data directory to a tarball; every
 * test database starts from a copy of it (~0.8 s to load instead of ~2.5 s for initdb + migrations).
 */
export default async function setup(project: TestProject) {
  const handle = await openDatabase({ kind: 'pglite' });
  let dump: Blob;
  try {
    await handle.migrate();
    if (!handle.dumpDataDir) throw new Error('openDatabase({ kind: "pglite" }) cannot dump its data directory');
    dump = await handle.dumpDataDir();
  } finally {
    await handle.close();
  }
  const file = path.join(os.tmpdir(), `finboard-pglite-template-${randomBytes(6).toString('hex')}.tar.gz`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);

  return () => fs.rmSync(file, { force: true });
}
