import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, poolLimitsOf } from './config/env.ts';
import { openDatabase } from './db/client.ts';

// Process entry: configuration → database → migrations → listen; graceful shutdown on signals.
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          limits: poolLimitsOf(config),
        }
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

  // On a signal Fastify stops taking connections, closes idle keep-alive ones and answers 503 to requests
  // arriving on busy ones (its defaults: forceCloseConnections 'idle', return503OnClosing). Requests under
  // way get half the grace period; then whatever still holds a connection (a long export, a client that
  // stopped reading) is cut, so the database closes cleanly and the process exits 0 within the grace
  // period. close-with-grace exits 1 if even that has not finished when the grace period ends.
  const graceMs = config.STOP_GRACE_SECONDS * 1000;
  closeWithGrace({ delay: graceMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    const cut = setTimeout(() => {
      app.log.warn('closing the connections still open');
      app.server.closeAllConnections();
    }, graceMs / 2);
    try {
      await app.close();
    } finally {
      clearTimeout(cut);
    }
    await database.close();
    app.log.info('shut down');
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
