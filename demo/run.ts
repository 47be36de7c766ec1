/**
 * `npm run demo`: creates (or refreshes) the demo organization — Harbor Precision Components, a small
 * manufacturer with 24 months of generated books — and a demo user, then prints how to sign in (and,
 * on a platform without one, the platform administrator it created).
 * It uses the server's own configuration, database and services; re-running replaces the demo data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { ConfigError, loadConfig, type Config } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { DemoRefused, loadDemo } from './load-demo.ts';
import { demoSummary } from './summary.ts';

const print = (line = '') => process.stdout.write(`${line}\n`);

/**
 * PGlite is one process's database and does not lock its data directory: a second process opening it
 * while the server runs would corrupt it. An open PGlite keeps a postmaster.pid there until it closes.
 */
function refuseWhileServerRuns(config: Config): string {
  const dataDir = path.join(config.DATA_DIR, 'pglite');
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    throw new DemoRefused(
      'Stop Finboard first (npm start holds the embedded database), then run npm run demo.\n' +
        `(The embedded database in ${dataDir} is in use. If Finboard is not running — it was stopped ` +
        `abruptly — delete ${pidFile} and run again.)`,
    );
  }
  return dataDir;
}

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: refuseWhileServerRuns(config) },
  );
  try {
    await database.migrate();
    const app = await buildApp({ config, database, logger: { level: 'error' } });
    try {
      // As on the server's first start, but the summary prints the new administrator's password instead
      // of the log (which only shows errors here).
      const admin = await app.services.users.ensureBootstrapAdmin(
        { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
        app.log,
      );
      const demo = await loadDemo(app);
      const url = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
      const where = database.kind === 'pglite' ? `PGlite in ${path.join(config.DATA_DIR, 'pglite')}` : 'PostgreSQL';
      const totalSeconds = (performance.now() - started) / 1000;
      for (const line of demoSummary({ demo, where, url, totalSeconds, admin })) print(line);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DemoRefused || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
