import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createLimiter } from '../../platform/concurrency/limiter.ts';
import { warehouseDatabaseUrl } from '../../warehouse/warehouse-locator.ts';
import { withClient } from './databases.ts';
import { dumpBatches, type SchemaSize } from './dump-batches.ts';
import { fingerprintSchemas, type TableFingerprint } from './fingerprints.ts';
import { MANIFEST_FILE, type BackedUpDatabase, type BackupManifest } from './manifest.ts';
import { runPgTool } from './pg-tools.ts';

/**
 * Relations one pg_dump may lock. PostgreSQL's shared lock table holds max_locks_per_transaction (64) ×
 * max_connections (100) = 6,400 locks by default for every session together: two dumps of 1,000 leave the
 * application most of it.
 */
export const DEFAULT_LOCKS_PER_DUMP = 1_000;
export const DEFAULT_BACKUP_JOBS = 2;

export interface BackupOptions {
  platformUrl: string;
  /** A new or empty directory. */
  dir: string;
  locksPerDump?: number;
  /** Dumps (and fingerprint readers) at once. */
  jobs?: number;
  log?: (line: string) => void;
}

export interface BackupSummary {
  dir: string;
  databases: number;
  dumps: number;
  tables: number;
  rows: bigint;
  bytes: number;
}

/** A warehouse schema: `org_` and an organization's id (warehouse/identifiers.ts). */
const WAREHOUSE_SCHEMAS = `n.nspname ~ '^org_'`;
const SYSTEM_SCHEMAS = `n.nspname in ('pg_catalog', 'information_schema') or n.nspname ~ '^pg_(toast|temp)'`;

/**
 * `npm run backup`: the platform database and every organization's warehouse database, each from one snapshot
 * (pg_export_snapshot: its dumps agree with each other and with the fingerprints taken beside them), dumped in
 * pieces that each lock at most `locksPerDump` relations — a single pg_dump of a database holding thousands of
 * warehouses runs out of shared lock memory. The manifest records every table's row count and sum for
 * `npm run restore` to check.
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const { platformUrl, dir, locksPerDump = DEFAULT_LOCKS_PER_DUMP, jobs = DEFAULT_BACKUP_JOBS } = options;
  const log = options.log ?? (() => undefined);
  fs.mkdirSync(dir, { recursive: true });
  if (fs.readdirSync(dir).length > 0) throw new Error(`The backup directory ${dir} is not empty`);

  const locations = await withClient(platformUrl, async (client) => {
    const hasTable = await client.query(`select to_regclass('public.warehouse_locations') is not null as present`);
    if (!hasTable.rows[0]?.present) return [];
    return (
      await client.query<{ database_name: string; server_url: string | null }>(
        'select distinct database_name, server_url from warehouse_locations order by 1',
      )
    ).rows;
  });
  const targets = [
    { name: new URL(platformUrl).pathname.slice(1), platform: true, server: null, url: platformUrl },
    ...locations.map((location) => ({
      name: location.database_name,
      platform: false,
      server: location.server_url,
      url: warehouseDatabaseUrl(platformUrl, location.database_name, location.server_url),
    })),
  ];
  const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), databases: [], roles: [] };
  const roles = new Set<string>();
  for (const [index, target] of targets.entries()) {
    const prefix = target.platform ? 'platform' : `database-${String(index).padStart(5, '0')}`;
    const { entry, warehouseRoles } = await backupDatabase(target, prefix, { dir, locksPerDump, jobs, log });
    manifest.databases.push(entry);
    for (const role of warehouseRoles) roles.add(role);
  }
  manifest.roles = [...roles].sort();
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

  const fingerprints = manifest.databases.flatMap((database) => Object.values(database.tables));
  return {
    dir,
    databases: manifest.databases.length,
    dumps: manifest.databases.reduce((sum, database) => sum + database.dumps.length, 0),
    tables: fingerprints.length,
    rows: fingerprints.reduce((sum, table) => sum + BigInt(table.rows), 0n),
    bytes: fs.readdirSync(dir).reduce((sum, file) => sum + fs.statSync(path.join(dir, file)).size, 0),
  };
}

async function backupDatabase(
  target: { name: string; platform: boolean; server: string | null; url: string },
  prefix: string,
  options: { dir: string; locksPerDump: number; jobs: number; log: (line: string) => void },
): Promise<{ entry: BackedUpDatabase; warehouseRoles: string[] }> {
  // Held open while the dumps run: they and the fingerprints read this transaction's snapshot.
  const holder = new pg.Client({ connectionString: target.url });
  await holder.connect();
  try {
    await holder.query('begin isolation level repeatable read read only');
    const snapshot = (await holder.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const warehouses = (
      await holder.query<SchemaSize>(
        `select n.nspname as name, count(c.oid)::int as relations
           from pg_catalog.pg_namespace n
           left join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          where ${WAREHOUSE_SCHEMAS} group by 1 order by 1`,
      )
    ).rows;
    const others = (
      await holder.query<{ name: string }>(
        `select n.nspname as name from pg_catalog.pg_namespace n where not (${WAREHOUSE_SCHEMAS}) and not (${SYSTEM_SCHEMAS})`,
      )
    ).rows.map((row) => row.name);
    const warehouseRoles = (
      await holder.query<{ name: string }>(
        `select rolname as name from pg_catalog.pg_roles
          where rolname = any(select 'fb_' || nspname from pg_catalog.pg_namespace n where ${WAREHOUSE_SCHEMAS})
             or rolname = any(select 'fb_' || nspname || '_reader' from pg_catalog.pg_namespace n where ${WAREHOUSE_SCHEMAS})`,
      )
    ).rows.map((row) => row.name);

    const pieces = [
      { file: `${prefix}.dump`, schemas: [] as string[] },
      ...dumpBatches(warehouses, options.locksPerDump).map((schemas, index) => ({
        file: `${prefix}-warehouses-${String(index + 1).padStart(5, '0')}.dump`,
        schemas,
      })),
    ];
    const tables: Record<string, TableFingerprint> = {};
    const limiter = createLimiter(options.jobs);
    let done = 0;
    await Promise.all(
      pieces.map((piece) =>
        limiter.run(async () => {
          const selection =
            piece.schemas.length === 0
              ? ['--exclude-schema=org_*']
              : piece.schemas.map((schema) => `--schema=${schema}`);
          await runPgTool('pg_dump', target.url, [
            '--format=custom',
            '--no-owner',
            `--snapshot=${snapshot}`,
            `--file=${path.join(options.dir, piece.file)}`,
            ...selection,
          ]);
          Object.assign(
            tables,
            await inSnapshot(target.url, snapshot, (client) =>
              fingerprintSchemas(client, piece.schemas.length === 0 ? others : piece.schemas),
            ),
          );
          done += 1;
          if (done % 10 === 0 || done === pieces.length)
            options.log(`${target.name}: ${done} of ${pieces.length} dumps written`);
        }),
      ),
    );
    return {
      entry: { name: target.name, platform: target.platform, server: target.server, dumps: pieces, tables },
      warehouseRoles,
    };
  } finally {
    await holder.query('rollback').catch(() => undefined);
    await holder.end();
  }
}

/** `work` in a read-only transaction that sees the exported `snapshot`; its locks end with it. */
async function inSnapshot<T>(url: string, snapshot: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withClient(url, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    try {
      await client.query(`set transaction snapshot '${snapshot.replaceAll("'", "''")}'`);
      return await work(client);
    } finally {
      await client.query('rollback');
    }
  });
}
