import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  isWarehouseSchemaName,
  qualifiedName,
  quoteIdent,
  warehouseReaderRoleName,
  warehouseRoleName,
  warehouseSchemaName,
} from '../../warehouse/identifiers.ts';
import { warehouseDatabaseUrl, type WarehouseIsolation } from '../../warehouse/warehouse-locator.ts';
import { OWN_VERSION_TABLE } from '../../warehouse/warehouse-migrator.ts';
import { ensureDatabase, withClient } from './databases.ts';
import { fingerprintDifferences, fingerprintSchemas } from './fingerprints.ts';
import { runPgTool } from './pg-tools.ts';

export interface MoveWarehouseOptions {
  platformUrl: string;
  organizationId: string;
  /** The database to move to; null: the platform database. */
  toDatabase: string | null;
  /** Its server (a URL without credentials); null: the platform's. */
  toServer?: string | null;
  /** WAREHOUSE_ISOLATION: with `database`, a warehouse without a database of its own would get a new, empty one. */
  isolation?: WarehouseIsolation;
  log?: (line: string) => void;
}

export interface MoveWarehouseSummary {
  from: string;
  to: string;
  tables: number;
  rows: bigint;
}

/** Why a move was refused before it changed anything. */
export class MoveRefused extends Error {}

interface Place {
  databaseName: string | null;
  serverUrl: string | null;
}

/**
 * `npm run warehouse:move`: one organization's warehouse moved to another database or server. Its tables are locked
 * against writes (reads go on) while it is dumped (`pg_dump --schema`), restored there and checked — every table's
 * row count and sum equal on both sides — then `warehouse_locations` names the new place and the old schema is
 * dropped, in that order: a crash before the switch leaves the organization where it was, one after it leaves an old
 * copy nobody reads. Writes that waited for the lock then fail rather than land in the old copy. Every process reads
 * the new place within DATABASE_IDLE_TIMEOUT_SECONDS.
 */
export async function moveWarehouse(options: MoveWarehouseOptions): Promise<MoveWarehouseSummary> {
  const { platformUrl, organizationId } = options;
  const log = options.log ?? (() => undefined);
  const schema = warehouseSchemaName(organizationId);
  const platformName = decodeURIComponent(new URL(platformUrl).pathname.slice(1));
  const source = await withClient(platformUrl, async (client) => {
    const organization = await client.query('select 1 from organizations where id = $1', [organizationId]);
    if (!organization.rowCount) throw new MoveRefused(`No organization has the id ${organizationId}`);
    const row = (
      await client.query<{ database_name: string; server_url: string | null }>(
        'select database_name, server_url from warehouse_locations where organization_id = $1',
        [organizationId],
      )
    ).rows[0];
    return { databaseName: row?.database_name ?? null, serverUrl: row?.server_url ?? null };
  });
  const target: Place = {
    databaseName: options.toDatabase === platformName ? null : options.toDatabase,
    serverUrl: options.toDatabase === null ? null : (options.toServer ?? null),
  };
  const urlOf = (place: Place) =>
    place.databaseName === null ? platformUrl : warehouseDatabaseUrl(platformUrl, place.databaseName, place.serverUrl);
  const nameOf = (place: Place) =>
    `${place.databaseName ?? `${platformName} (the platform database)`}${place.serverUrl ? ` on ${place.serverUrl}` : ''}`;
  if (target.databaseName === null && options.isolation === 'database')
    throw new MoveRefused(
      'With WAREHOUSE_ISOLATION=database every warehouse has a database of its own: move it to another database',
    );
  if (source.databaseName === target.databaseName && source.serverUrl === target.serverUrl)
    throw new MoveRefused(`The warehouse of ${organizationId} is already in ${nameOf(target)}`);
  const sourceUrl = urlOf(source);
  const targetUrl = urlOf(target);

  if (target.databaseName !== null) await ensureDatabase(targetUrl);
  await withClient(targetUrl, async (client) => {
    const found = await client.query('select 1 from pg_catalog.pg_namespace where nspname = $1', [schema]);
    if (found.rowCount)
      throw new MoveRefused(`${nameOf(target)} already holds a schema ${schema}: drop it or choose another database`);
  });
  const newReader = await ensureRoles(sourceUrl, targetUrl, organizationId);

  const dump = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-move-')), `${schema}.dump`);
  const holder = new pg.Client({ connectionString: sourceUrl });
  await holder.connect();
  try {
    await holder.query('begin');
    // No migration of this warehouse meanwhile (warehouse-migrator.ts takes the same lock), and no write.
    await holder.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `finboard:warehouse:${organizationId}`,
    ]);
    const tables = (
      await holder.query<{ name: string }>(
        `select c.relname as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
        [schema],
      )
    ).rows.map((row) => qualifiedName(schema, row.name));
    if (tables.length === 0) throw new MoveRefused(`${nameOf(source)} holds no warehouse of ${organizationId}`);
    await holder.query(`LOCK TABLE ${tables.join(', ')} IN EXCLUSIVE MODE`);
    const before = await fingerprintSchemas(holder, [schema]);
    log(`Dumping ${schema} from ${nameOf(source)}…`);
    await runPgTool('pg_dump', sourceUrl, ['--format=custom', '--no-owner', `--schema=${schema}`, `--file=${dump}`]);
    log(`Restoring it into ${nameOf(target)}…`);
    await runPgTool('pg_restore', targetUrl, ['--no-owner', '--exit-on-error', dump]);
    const after = await withClient(targetUrl, async (client) => {
      await client.query('begin read only');
      try {
        return await fingerprintSchemas(client, [schema]);
      } finally {
        await client.query('rollback');
      }
    });
    const differences = fingerprintDifferences(before, after);
    if (differences.length > 0) {
      await dropSchema(targetUrl, schema);
      throw new Error(`The copy does not match the warehouse; nothing was switched: ${differences.join('; ')}`);
    }

    if (target.databaseName !== null) {
      // Closed to PUBLIC like every warehouse database: the organization's role stages pipeline runs there.
      await withClient(targetUrl, (client) =>
        client.query(
          `GRANT TEMPORARY ON DATABASE ${quoteIdent(target.databaseName!)} TO ${quoteIdent(warehouseRoleName(organizationId))}`,
        ),
      );
    }
    await copyVersions(platformUrl, target.databaseName === null ? null : targetUrl, organizationId);
    await withClient(platformUrl, async (client) => {
      await client.query('begin');
      if (target.databaseName === null)
        await client.query('delete from warehouse_locations where organization_id = $1', [organizationId]);
      else
        await client.query(
          `insert into warehouse_locations (organization_id, database_name, server_url) values ($1, $2, $3)
           on conflict (organization_id) do update set database_name = excluded.database_name, server_url = excluded.server_url`,
          [organizationId, target.databaseName, target.serverUrl],
        );
      // A reader role made on the new server has no password yet: the application sets one on its next use.
      if (newReader) await client.query('delete from warehouse_readers where organization_id = $1', [organizationId]);
      await client.query('commit');
    });
    log(`${organizationId} now reads and writes ${nameOf(target)}; dropping the old copy…`);
    if (!isWarehouseSchemaName(schema)) throw new Error(`Not a warehouse schema: ${schema}`);
    await holder.query(`DROP SCHEMA ${quoteIdent(schema)} CASCADE`);
    if (source.databaseName !== null) await forgetVersions(holder, organizationId);
    await holder.query('commit');
    return {
      from: nameOf(source),
      to: nameOf(target),
      tables: Object.keys(after).length,
      rows: Object.values(after).reduce((sum, table) => sum + BigInt(table.rows), 0n),
    };
  } catch (error) {
    await holder.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await holder.end();
    fs.rmSync(path.dirname(dump), { recursive: true, force: true });
  }
}

/**
 * The organization's roles where the target's server lacks them (roles belong to a server): its role, which the
 * platform's user sets to work in the warehouse, and its Chat DB reader when the source's server has one. Answers
 * whether a reader was created (without a password).
 */
async function ensureRoles(sourceUrl: string, targetUrl: string, organizationId: string): Promise<boolean> {
  const role = warehouseRoleName(organizationId);
  const reader = warehouseReaderRoleName(organizationId);
  const existing = async (url: string) =>
    withClient(url, async (client) =>
      (
        await client.query<{ name: string }>(
          'select rolname as name from pg_catalog.pg_roles where rolname = any($1)',
          [[role, reader]],
        )
      ).rows.map((row) => row.name),
    );
  const atSource = await existing(sourceUrl);
  const atTarget = await existing(targetUrl);
  return withClient(targetUrl, async (client) => {
    if (!atTarget.includes(role)) await client.query(`CREATE ROLE ${quoteIdent(role)} NOLOGIN`);
    await client.query(`GRANT ${quoteIdent(role)} TO CURRENT_USER`);
    const readerMissing = atSource.includes(reader) && !atTarget.includes(reader);
    if (readerMissing) await client.query(`CREATE ROLE ${quoteIdent(reader)} NOLOGIN`);
    return readerMissing;
  });
}

/** A warehouse database other than the platform's records its warehouses' versions itself (warehouse-migrator.ts). */
async function copyVersions(platformUrl: string, targetUrl: string | null, organizationId: string): Promise<void> {
  if (targetUrl === null) return;
  const rows = await withClient(
    platformUrl,
    async (client) =>
      (
        await client.query<{ version: number; name: string; applied_at: Date }>(
          'select version, name, applied_at from warehouse_migrations where organization_id = $1 order by version',
          [organizationId],
        )
      ).rows,
  );
  await withClient(targetUrl, async (client) => {
    await client.query(OWN_VERSION_TABLE);
    for (const row of rows)
      await client.query(
        `insert into public.warehouse_migrations (organization_id, version, name, applied_at) values ($1, $2, $3, $4)
         on conflict do nothing`,
        [organizationId, row.version, row.name, row.applied_at],
      );
  });
}

async function forgetVersions(client: pg.ClientBase, organizationId: string): Promise<void> {
  const present = await client.query(`select to_regclass('public.warehouse_migrations') is not null as present`);
  if (present.rows[0]?.present)
    await client.query('delete from public.warehouse_migrations where organization_id = $1', [organizationId]);
}

async function dropSchema(url: string, schema: string): Promise<void> {
  await withClient(url, (client) => client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`));
}
