import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import type pg from 'pg';
import type { PoolLimits } from '../src/db/pool-limits.ts';
import { warehouseLocations } from '../src/db/schema.ts';
import {
  isWarehouseSchemaName,
  quoteIdent,
  warehouseReaderRoleName,
  warehouseReaderRoleOfSchema,
  warehouseRoleName,
  warehouseRoleOfSchema,
} from '../src/warehouse/identifiers.ts';
import { assertTestDatabaseName, databaseUrl, dropDatabase, withAdminClient } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated PGlite data directory (global-setup.pglite.ts). */
    pgliteTemplatePath?: string;
    /** TEST_DATABASE_URL, the migrated template database and this run's id (global-setup.postgres.ts). */
    postgresServerUrl?: string;
    postgresTemplate?: string;
    postgresRunId?: string;
  }
}

let pgliteTemplate: Buffer | undefined;

/**
 * A fresh, migrated database of the kind this project tests (TEST_DB): a PGlite loaded from the run's
 * template, or a PostgreSQL database copied from the run's template and dropped again on close().
 */
export async function openTestDatabase(limits?: PoolLimits): Promise<DatabaseHandle> {
  const kind = process.env.TEST_DB;
  if (kind === 'pglite') return openPglite();
  if (kind === 'postgres') return openPostgres(limits);
  throw new Error(`TEST_DB is "${kind ?? ''}": run API tests through a vitest project (api-pglite or api-postgres)`);
}

async function openPglite(): Promise<DatabaseHandle> {
  const file = inject('pgliteTemplatePath');
  if (!file) throw new Error('No PGlite template: global-setup.pglite.ts did not run');
  pgliteTemplate ??= fs.readFileSync(file);
  return openDatabase({
    kind: 'pglite',
    loadDataDir: new Blob([new Uint8Array(pgliteTemplate)], { type: 'application/x-gzip' }),
  });
}

async function openPostgres(limits?: PoolLimits): Promise<DatabaseHandle> {
  const created = await createPostgresDatabase();
  const handle = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 4, limits });
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

/** A database copied from the run's PostgreSQL template; drop() also drops the roles its warehouses made. */
async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject('postgresServerUrl');
  const template = inject('postgresTemplate');
  const runId = inject('postgresRunId');
  if (!serverUrl || !template || !runId)
    throw new Error('No PostgreSQL template: global-setup.postgres.ts did not run');

  const name = `finboard_t_${runId}_${randomBytes(5).toString('hex')}`;
  assertTestDatabaseName(name);
  assertTestDatabaseName(template);
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const url = databaseUrl(serverUrl, name);
  return {
    url,
    async drop() {
      // Roles belong to the whole server, not to the dropped database: the warehouses' roles go with it, and
      // so do the warehouse databases WAREHOUSE_ISOLATION=database or shared-database made.
      const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      const own = await warehouseDatabasesOf(handle).catch(() => []);
      const roles = [
        ...(await warehouseRolesOf(handle).catch(() => [])),
        ...own.flatMap((row) => [warehouseRoleName(row.organizationId), warehouseReaderRoleName(row.organizationId)]),
      ];
      await handle.close();
      await withAdminClient(serverUrl, async (client) => {
        for (const databaseName of new Set(own.map((row) => row.databaseName)))
          await dropWarehouseDatabase(client, databaseName);
        await dropDatabase(client, name);
        for (const role of roles) await client.query(`DROP ROLE IF EXISTS ${quoteIdent(role)}`);
      });
    },
  };
}

/** A fresh migrated database for a server process of its own (TEST_DB's kind), and how to reach it. */
export interface ServerDatabase {
  kind: 'pglite' | 'postgres';
  /** What the server process needs in its environment besides DATA_DIR. */
  env: Record<string, string>;
  /** PostgreSQL: the database's name (to look at its sessions). */
  name?: string;
  /** Opens it in this process (PGlite: only while no server process has it open). */
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

/** PGlite: a data directory in `dataDir/pglite` (where the server looks) made from the run's template. */
export async function createServerDatabase(dataDir: string): Promise<ServerDatabase> {
  const kind = process.env.TEST_DB;
  if (kind === 'postgres') {
    const created = await createPostgresDatabase();
    return {
      kind,
      env: { DATABASE_URL: created.url },
      name: new URL(created.url).pathname.slice(1),
      open: () => openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 }),
      dispose: () => created.drop(),
    };
  }
  if (kind !== 'pglite') throw new Error(`TEST_DB is "${kind ?? ''}": run API tests through a vitest project`);
  const file = inject('pgliteTemplatePath');
  if (!file) throw new Error('No PGlite template: global-setup.pglite.ts did not run');
  const pgliteDir = path.join(dataDir, 'pglite');
  const loaded = await openDatabase({
    kind: 'pglite',
    dataDir: pgliteDir,
    loadDataDir: new Blob([new Uint8Array(fs.readFileSync(file))], { type: 'application/x-gzip' }),
  });
  await loaded.close();
  return {
    kind,
    env: {},
    open: () => openDatabase({ kind: 'pglite', dataDir: pgliteDir }),
    dispose: async () => undefined,
  };
}

/** The organization databases the platform database `handle` recorded (those on its own server). */
async function warehouseDatabasesOf(
  handle: DatabaseHandle,
): Promise<{ organizationId: string; databaseName: string }[]> {
  const rows = await handle.db.select().from(warehouseLocations);
  return rows.filter((row) => row.serverUrl === null);
}

/**
 * An organization's own warehouse database (its name generated: warehouseDatabaseName) or a test database's shared
 * one (warehouse-placement.ts), connections cut.
 */
export async function dropWarehouseDatabase(client: pg.Client, name: string): Promise<void> {
  if (!/^wh_org_[0-9a-f]{32}$/.test(name) && !/^finboard_t_[a-z0-9_]+_wh_\d{4,}$/.test(name))
    throw new Error(`Not a warehouse database name: ${name}`);
  await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}

async function warehouseRolesOf(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute(sql`select nspname as name from pg_namespace where nspname like 'org\_%'`);
  return (result as unknown as { rows: { name: string }[] }).rows
    .map((row) => row.name)
    .filter(isWarehouseSchemaName)
    .flatMap((schema) => [warehouseRoleOfSchema(schema), warehouseReaderRoleOfSchema(schema)]);
}
