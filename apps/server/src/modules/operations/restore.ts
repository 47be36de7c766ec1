import fs from 'node:fs';
import path from 'node:path';
import { createLimiter } from '../../platform/concurrency/limiter.ts';
import { quoteIdent, warehouseRoleOfSchema } from '../../warehouse/identifiers.ts';
import { warehouseDatabaseUrl } from '../../warehouse/warehouse-locator.ts';
import { DEFAULT_BACKUP_JOBS } from './backup.ts';
import { databaseNameOf, ensureDatabase, maintenanceUrl, withClient } from './databases.ts';
import { fingerprintDifferences, fingerprintSchemas, type TableFingerprint } from './fingerprints.ts';
import { backupManifestSchema, MANIFEST_FILE, type BackupManifest } from './manifest.ts';
import { runPgTool } from './pg-tools.ts';

export interface RestoreOptions {
  /** A directory `npm run backup` wrote. */
  dir: string;
  /** The platform database to restore into: created when missing, refused unless empty. */
  platformUrl: string;
  /**
   * Added to every warehouse database's name (a copy beside the original on the same server); the restored
   * `warehouse_locations` name the copies.
   */
  databaseSuffix?: string;
  jobs?: number;
  log?: (line: string) => void;
}

export interface RestoreSummary {
  databases: number;
  tables: number;
  rows: bigint;
  /** Tables whose count or sum differs from the backup's (empty: the restore is verified). */
  differences: string[];
}

/** Why a restore was refused before it changed anything. */
export class RestoreRefused extends Error {}

/**
 * `npm run restore`: recreates the warehouses' roles, then every database of a backup — each into a new or empty
 * database — and checks every table's row count and sum against the backup's manifest.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const { dir, platformUrl, databaseSuffix = '', jobs = DEFAULT_BACKUP_JOBS } = options;
  const log = options.log ?? (() => undefined);
  const manifest = readManifest(dir);
  const targets = manifest.databases.map((database) => ({
    database,
    url: database.platform
      ? platformUrl
      : warehouseDatabaseUrl(platformUrl, `${database.name}${databaseSuffix}`, database.server),
  }));
  // Everything is checked before anything is written: a refused restore changes nothing.
  for (const { database } of targets)
    for (const dump of database.dumps)
      if (!fs.existsSync(path.join(dir, dump.file)))
        throw new RestoreRefused(`The backup is incomplete: ${dump.file} is missing`);
  for (const { url } of targets) await assertEmptyOrMissing(url);

  const servers = new Map(targets.map(({ url }) => [serverOf(url), url]));
  for (const url of servers.values()) await ensureRoles(maintenanceUrl(url), manifest.roles);
  for (const { url } of targets) await ensureDatabase(url);

  const limiter = createLimiter(jobs);
  for (const { database, url } of targets) {
    const [rest, ...warehouses] = database.dumps;
    // The rest first: it holds what the warehouses' dumps may refer to (extensions, the platform's tables).
    if (rest) await restoreDump(url, path.join(dir, rest.file));
    let done = 0;
    await Promise.all(
      warehouses.map((dump) =>
        limiter.run(async () => {
          await restoreDump(url, path.join(dir, dump.file));
          done += 1;
          if (done % 10 === 0 || done === warehouses.length)
            log(`${database.name}: ${done} of ${warehouses.length} warehouse dumps restored`);
        }),
      ),
    );
  }

  // A database-level grant is in no dump: each warehouse database's organizations stage pipeline runs in temporary tables.
  for (const { database, url } of targets) {
    if (database.platform) continue;
    const roles = database.dumps.flatMap((dump) => dump.schemas.map(warehouseRoleOfSchema));
    if (roles.length > 0)
      await withClient(url, (client) =>
        client.query(
          `GRANT TEMPORARY ON DATABASE ${quoteIdent(databaseNameOf(url))} TO ${roles.map(quoteIdent).join(', ')}`,
        ),
      );
  }

  const differences: string[] = [];
  let tables = 0;
  let rows = 0n;
  for (const { database, url } of targets) {
    const restored = await fingerprintDatabase(url, Object.keys(database.tables), jobs);
    differences.push(...fingerprintDifferences(database.tables, restored).map((line) => `${database.name}: ${line}`));
    tables += Object.keys(restored).length;
    for (const table of Object.values(restored)) rows += BigInt(table.rows);
  }
  if (differences.length === 0) await adjustPlatform(platformUrl, manifest, databaseSuffix);
  return { databases: targets.length, tables, rows, differences };
}

export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new RestoreRefused(`${dir} holds no backup: ${MANIFEST_FILE} is missing`);
  const parsed = backupManifestSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new RestoreRefused(`${file} is not a Finboard backup manifest`);
  return parsed.data;
}

const restoreDump = (url: string, file: string) =>
  runPgTool('pg_restore', url, ['--no-owner', '--exit-on-error', file]);

const serverOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}`;
};

async function assertEmptyOrMissing(url: string): Promise<void> {
  const name = databaseNameOf(url);
  const exists = await withClient(maintenanceUrl(url), async (client) => {
    const found = await client.query('select 1 from pg_catalog.pg_database where datname = $1', [name]);
    return found.rowCount === 1;
  });
  if (!exists) return;
  const relations = await withClient(url, async (client) => {
    const found = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname !~ '^pg_'`,
    );
    return found.rows[0]!.n;
  });
  if (relations > 0)
    throw new RestoreRefused(`The database "${name}" is not empty: restore into a new or empty database`);
}

/**
 * The warehouses' roles, created NOLOGIN where the server lacks them; the platform's user is made a member of the
 * organizations' roles (it sets them to work in a warehouse). A reader role made here gets a new password from the
 * application on its first use (adjustPlatform).
 */
async function ensureRoles(url: string, roles: readonly string[]): Promise<void> {
  await withClient(url, async (client) => {
    const existing = new Set(
      (await client.query<{ name: string }>('select rolname as name from pg_catalog.pg_roles')).rows.map(
        (row) => row.name,
      ),
    );
    for (const role of roles) {
      if (!existing.has(role)) await client.query(`CREATE ROLE ${quoteIdent(role)} NOLOGIN`);
      if (!role.endsWith('_reader')) await client.query(`GRANT ${quoteIdent(role)} TO CURRENT_USER`);
    }
  });
}

/** Fingerprints of `names` (`schema.table`) and of any other table the restore made, one schema group at a time. */
async function fingerprintDatabase(
  url: string,
  names: readonly string[],
  jobs: number,
): Promise<Record<string, TableFingerprint>> {
  const present = await withClient(url, async (client) =>
    (
      await client.query<{ name: string }>(
        `select n.nspname as name from pg_catalog.pg_namespace n
          where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_'`,
      )
    ).rows.map((row) => row.name),
  );
  const schemas = [...new Set([...present, ...names.map((name) => name.slice(0, name.indexOf('.')))])].sort();
  const groups: string[][] = [];
  for (let i = 0; i < schemas.length; i += 20) groups.push(schemas.slice(i, i + 20));
  const limiter = createLimiter(jobs);
  const fingerprints: Record<string, TableFingerprint> = {};
  await Promise.all(
    groups.map((group) =>
      limiter.run(async () =>
        Object.assign(
          fingerprints,
          await withClient(url, async (client) => {
            await client.query('begin read only');
            try {
              return await fingerprintSchemas(client, group);
            } finally {
              await client.query('rollback');
            }
          }),
        ),
      ),
    ),
  );
  return fingerprints;
}

/**
 * After a verified restore: the copies' names in `warehouse_locations`, and the Chat DB readers whose roles this
 * server did not hold forgotten (the application makes each a new password when it is next used).
 */
async function adjustPlatform(platformUrl: string, manifest: BackupManifest, databaseSuffix: string): Promise<void> {
  await withClient(platformUrl, async (client) => {
    await client.query('begin');
    if (databaseSuffix)
      await client.query('update warehouse_locations set database_name = database_name || $1', [databaseSuffix]);
    const readers = manifest.roles.filter((role) => role.endsWith('_reader'));
    const loginless = (
      await client.query<{ name: string }>(
        'select rolname as name from pg_catalog.pg_roles where rolname = any($1::text[]) and not rolcanlogin',
        [readers],
      )
    ).rows.map((row) => row.name);
    if (loginless.length > 0)
      await client.query('delete from warehouse_readers where role_name = any($1::text[])', [loginless]);
    await client.query('commit');
  });
}
