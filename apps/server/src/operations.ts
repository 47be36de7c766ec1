import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config/env.ts';
import { createBackup, DEFAULT_BACKUP_JOBS, DEFAULT_LOCKS_PER_DUMP } from './modules/operations/backup.ts';
import { moveWarehouse, MoveRefused } from './modules/operations/move-warehouse.ts';
import { restoreBackup, RestoreRefused } from './modules/operations/restore.ts';

const USAGE = `Usage:
  npm run backup [-- --to DIR] [--locks-per-dump N] [--jobs N]
  npm run restore -- --from DIR [--to DATABASE_URL] [--database-suffix SUFFIX] [--jobs N]
  npm run warehouse:move -- --organization ID --to-database NAME|platform [--to-server postgresql://host:port]`;

/**
 * The operator's commands on the PostgreSQL installation of DATABASE_URL (docs/operations.md): `npm run backup` and
 * `npm run restore` — the platform database and every warehouse database, dumped in pieces within PostgreSQL's lock
 * limits, restored with every table's row count and sum checked — and `npm run warehouse:move`, one organization's
 * warehouse moved to another database or server, checked the same way.
 */
async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      'locks-per-dump': { type: 'string' },
      jobs: { type: 'string' },
      'database-suffix': { type: 'string' },
      organization: { type: 'string' },
      'to-database': { type: 'string' },
      'to-server': { type: 'string' },
    },
  });
  const config = loadConfig();
  if (!config.DATABASE_URL)
    throw new ConfigError(
      'These commands need DATABASE_URL (PostgreSQL). The embedded database is the directory DATA_DIR/pglite: to back it up, stop the server and copy DATA_DIR.',
    );
  const jobs = positiveInteger(values.jobs, '--jobs') ?? DEFAULT_BACKUP_JOBS;
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

  if (positionals[0] === 'backup') {
    const dir = path.resolve(
      values.to ?? path.join(config.DATA_DIR, 'backups', new Date().toISOString().replaceAll(':', '-')),
    );
    const summary = await createBackup({
      platformUrl: config.DATABASE_URL,
      dir,
      jobs,
      locksPerDump: positiveInteger(values['locks-per-dump'], '--locks-per-dump') ?? DEFAULT_LOCKS_PER_DUMP,
      log,
    });
    log(
      `Backed up ${summary.databases} database(s) in ${summary.dumps} dumps: ${summary.tables} tables, ` +
        `${summary.rows} rows, ${(summary.bytes / 1024 / 1024).toFixed(1)} MB in ${seconds()} s, to ${summary.dir}`,
    );
    return;
  }
  if (positionals[0] === 'restore') {
    if (!values.from) throw new ConfigError(`npm run restore needs --from DIR\n${USAGE}`);
    const summary = await restoreBackup({
      dir: path.resolve(values.from),
      platformUrl: values.to ?? config.DATABASE_URL,
      databaseSuffix: values['database-suffix'],
      jobs,
      log,
    });
    if (summary.differences.length > 0) {
      console.error(`The restore does not match the backup in ${summary.differences.length} table(s):`);
      for (const line of summary.differences.slice(0, 20)) console.error(`  ${line}`);
      process.exitCode = 1;
      return;
    }
    log(
      `Restored ${summary.databases} database(s) in ${seconds()} s: ${summary.tables} tables, ${summary.rows} rows; ` +
        'every row count and sum matches the backup',
    );
    return;
  }
  if (positionals[0] === 'move') {
    if (!values.organization || !values['to-database'])
      throw new ConfigError(`npm run warehouse:move needs --organization and --to-database\n${USAGE}`);
    const summary = await moveWarehouse({
      platformUrl: config.DATABASE_URL,
      organizationId: values.organization,
      toDatabase: values['to-database'] === 'platform' ? null : values['to-database'],
      toServer: values['to-server'] ?? null,
      isolation: config.WAREHOUSE_ISOLATION,
      log,
    });
    log(
      `Moved the warehouse of ${values.organization} from ${summary.from} to ${summary.to} in ${seconds()} s: ` +
        `${summary.tables} tables, ${summary.rows} rows, every row count and sum checked`,
    );
    return;
  }
  throw new ConfigError(USAGE);
}

function positiveInteger(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new ConfigError(`${name} must be a positive whole number`);
  return number;
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof RestoreRefused || err instanceof MoveRefused)
    console.error(err.message);
  else console.error(err);
  process.exit(1);
});
