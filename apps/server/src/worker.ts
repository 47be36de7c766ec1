import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, poolLimitsOf } from './config/env.ts';
import { openDatabase } from './db/client.ts';

/**
 * `npm run worker`: a process that only works background jobs (ARCHITECTURE §7), beside API nodes that set
 * WORK_JOBS=false. It builds the same application as the server, so every queue has the handlers the
 * services register, but never listens for HTTP.
 */
async function main(): Promise<void> {
  const config = { ...loadConfig(), WORK_JOBS: true };
  if (!config.DATABASE_URL) {
    // The embedded database belongs to one process, which already works its jobs.
    throw new ConfigError('npm run worker needs DATABASE_URL: on the embedded database the server works the jobs');
  }
  const database = await openDatabase({
    kind: 'postgres',
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    limits: poolLimitsOf(config),
  });
  await database.migrate();
  const app = await buildApp({ config, database });
  // The runner's timers do not hold the process open (they must not keep tests alive); this one does.
  const keepAlive = setInterval(() => undefined, 60 * 60 * 1000);

  closeWithGrace({ delay: config.STOP_GRACE_SECONDS * 1000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'worker shutting down after an error');
    else app.log.info({ signal }, 'worker shutting down');
    clearInterval(keepAlive);
    await app.close();
    await database.close();
    app.log.info('worker shut down');
  });

  await app.ready();
  app.log.info('Finboard worker is ready');
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
