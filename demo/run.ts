/**
 * `npm run demo`: creates (or refreshes) the demo organization — Harbor Precision Components, a small
 * manufacturer with 24 months of generated books — and a demo user, then prints how to sign in.
 * It uses the server's own configuration, database and services; re-running replaces the demo data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { ConfigError, loadConfig, type Config } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { COMPANY } from './generate/company.ts';
import { DEMO_USER, DemoRefused, loadDemo } from './load-demo.ts';

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
      // As on the server's first start; its one-time password is a warning, the only log line shown.
      await app.services.users.ensureBootstrapAdmin(
        { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
        app.log.child({}, { level: 'warn' }),
      );
      const demo = await loadDemo(app);
      const url = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
      const where = database.kind === 'pglite' ? `PGlite in ${path.join(config.DATA_DIR, 'pglite')}` : 'PostgreSQL';
      print(`Demo organization "${COMPANY.name}" ${demo.organizationCreated ? 'created' : 'refreshed'} (${where}).`);
      for (const [table, count] of demo.counts) {
        print(`  ${table.padEnd(18)} ${count.toLocaleString('en-US').padStart(8)} rows`);
      }
      const total = (performance.now() - started) / 1000;
      print(
        `  generated in ${demo.generateSeconds.toFixed(1)} s, loaded in ${demo.loadSeconds.toFixed(1)} s, ${total.toFixed(1)} s in all`,
      );
      print();
      print(`Start Finboard (npm start), then sign in at ${url}`);
      print(`  e-mail    ${DEMO_USER.email}`);
      print(
        demo.userCreated
          ? `  password  ${DEMO_USER.password}`
          : `  password  ${DEMO_USER.password} (set when the demo user was created; if it was changed since, use yours)`,
      );
      if (demo.userElsewhere) print(`  note: ${DEMO_USER.email} belongs to another organization, not the demo one.`);
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
