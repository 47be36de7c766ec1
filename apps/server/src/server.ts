import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';

// Process entry: configuration → database → migrations → listen; graceful shutdown on signals.
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  await database.migrate();

  // Both src/server.ts (tsx) and dist/server.js (built) sit one level below apps/server.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDistDir = config.WEB_DIST_DIR ?? path.resolve(here, '../../web/dist');
  const app = await buildApp({ config, database, webDistDir });
  await app.services.users.ensureBootstrapAdmin(
    { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
    app.log,
  );

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  const metricsAddress = await app.metrics.listen();
  if (metricsAddress) app.log.info({ address: metricsAddress }, 'metrics listening');
  app.log.info({ database: database.kind, dataDir: config.DATA_DIR }, 'Finboard is ready');
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
