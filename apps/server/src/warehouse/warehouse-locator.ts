import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { ConfigError, WAREHOUSE_ISOLATION_NEEDS_POSTGRES } from '../config/env.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { warehouseLocations } from '../db/schema.ts';
import { createIdlePools } from '../db/idle-pools.ts';
import { limitedPool } from '../db/pool-limits.ts';
import { quoteIdent, warehouseDatabaseName, warehouseSchemaName } from './identifiers.ts';
import { sharedDatabasePlan } from './warehouse-placement.ts';

/**
 * Where new organizations' warehouses go: a schema of the platform database; a database of the organization's own;
 * or a schema of a shared warehouse database, at most `organizationsPerDatabase` per database (warehouse-placement.ts).
 */
export type WarehouseIsolation = 'schema' | 'database' | 'shared-database';

/** WAREHOUSE_ISOLATION=shared-database: how many warehouses a database takes, and the servers new ones go on. */
export interface WarehousePlacement {
  organizationsPerDatabase: number;
  /** PostgreSQL servers (URLs without credentials); null: the platform's own. */
  servers: readonly (string | null)[];
}

/** Where one organization's warehouse is reached. */
export interface WarehouseTarget {
  db: Database;
  /** Connections of their own (COPY, work spanning transactions). */
  pool: pg.Pool;
  /** PostgreSQL: the connection URL with the platform's credentials (Chat DB's readers log in there). */
  url?: string;
  /** Another database than the platform's (undefined: the platform database). */
  databaseName?: string;
}

/** A `warehouse_locations` row: the database (and server; null: the platform's) holding a warehouse. */
interface Location {
  databaseName: string;
  serverUrl: string | null;
}

/**
 * Connections per warehouse database: warehouse requests are short, a pipeline load holds one, and many
 * databases share one server's max_connections.
 */
const WAREHOUSE_DATABASE_POOL_SIZE = 4;

/**
 * The URL of `databaseName` on `serverUrl` (a `warehouse_locations` row's; null: the platform's server), with the
 * platform's credentials.
 */
export function warehouseDatabaseUrl(platformUrl: string, databaseName: string, serverUrl: string | null): string {
  const own = new URL(platformUrl);
  const url = new URL(serverUrl ?? platformUrl);
  url.username = own.username;
  url.password = own.password;
  url.pathname = `/${encodeURIComponent(databaseName)}`;
  return url.toString();
}

export type WarehouseLocator = ReturnType<typeof createWarehouseLocator>;

/**
 * The one place that says where an organization's warehouse lives: the database recorded in `warehouse_locations`,
 * or the platform database when there is no row. On PostgreSQL a warehouse may be placed in another database
 * (WAREHOUSE_ISOLATION) or moved there (`npm run warehouse:move`), so each organization's row is looked up and kept
 * for DATABASE_IDLE_TIMEOUT_SECONDS: a move is seen by every process within that time. The embedded database is one
 * database: answered without a lookup. Each warehouse database is reached through a pool of its own, opened on first
 * use and closed once idle.
 */
export function createWarehouseLocator(deps: {
  database: DatabaseHandle;
  isolation: WarehouseIsolation;
  logger: FastifyBaseLogger;
  placement?: WarehousePlacement;
}) {
  const { database, isolation, logger } = deps;
  const placement = deps.placement ?? { organizationsPerDatabase: 500, servers: [null] };
  if (isolation !== 'schema' && (database.kind !== 'postgres' || !database.url))
    throw new ConfigError(`Invalid configuration:\n  ${WAREHOUSE_ISOLATION_NEEDS_POSTGRES}`);
  const platform: WarehouseTarget = { db: database.db, pool: database.pool, url: database.url };
  // Resolved once: the embedded database's path costs no lookup and no round trip.
  const platformTarget = Promise.resolve(platform);
  const locationTtlMs = database.limits.idleTimeoutMs;
  const locations = new Map<string, { location: Location | null; readAt: number }>();
  // A database nobody works in gives its connections back, then its pool (db/idle-pools.ts).
  const targets = createIdlePools<WarehouseTarget>({ open, idleMs: database.limits.idleTimeoutMs });

  const keyOf = (location: Location) => JSON.stringify([location.serverUrl, location.databaseName]);

  async function open(key: string): Promise<WarehouseTarget> {
    const [serverUrl, databaseName] = JSON.parse(key) as [string | null, string];
    const url = warehouseDatabaseUrl(database.url!, databaseName, serverUrl);
    const pool = new pg.Pool({ connectionString: url, ...limitedPool(database.limits, WAREHOUSE_DATABASE_POOL_SIZE) });
    pool.on('error', (error) =>
      logger.error({ err: error, databaseName }, 'idle warehouse database connection failed'),
    );
    const db = drizzle({ client: pool, schema }) as unknown as Database;
    return { db, pool, url, databaseName };
  }

  async function locationOf(organizationId: string): Promise<Location | null> {
    const kept = locations.get(organizationId);
    if (kept && Date.now() - kept.readAt < locationTtlMs) return kept.location;
    const [row] = await database.db
      .select()
      .from(warehouseLocations)
      .where(eq(warehouseLocations.organizationId, organizationId));
    const location = row ? { databaseName: row.databaseName, serverUrl: row.serverUrl } : null;
    locations.set(organizationId, { location, readAt: Date.now() });
    return location;
  }

  /** The organization's target; undefined (database isolation) when it has no database yet. */
  async function find(organizationId: string): Promise<WarehouseTarget | undefined> {
    if (database.kind !== 'postgres') return platformTarget;
    const location = await locationOf(organizationId);
    if (location) return targets.get(keyOf(location));
    return isolation === 'database' ? undefined : platform;
  }

  /** Runs `work` on a platform connection holding a session lock (CREATE/DROP DATABASE cannot be in a transaction). */
  async function locked<T>(lockKey: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await database.pool.connect();
    try {
      await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [lockKey]);
      try {
        return await work(client);
      } finally {
        await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockKey]);
      }
    } finally {
      client.release();
    }
  }

  /** Creates `databaseName` on `serverUrl` unless it exists; only the platform and readers granted later connect. */
  async function createDatabase(platformClient: pg.ClientBase, databaseName: string, serverUrl: string | null) {
    const create = async (client: pg.ClientBase) => {
      const exists = await client.query('select 1 from pg_catalog.pg_database where datname = $1', [databaseName]);
      if (exists.rowCount) return false;
      await client.query(`CREATE DATABASE ${quoteIdent(databaseName)}`);
      await client.query(`REVOKE ALL ON DATABASE ${quoteIdent(databaseName)} FROM PUBLIC`);
      logger.info({ database: databaseName, server: serverUrl }, 'warehouse database created');
      return true;
    };
    if (serverUrl === null) return create(platformClient);
    const other = new pg.Client({ connectionString: warehouseDatabaseUrl(database.url!, 'postgres', serverUrl) });
    await other.connect();
    try {
      return await create(other);
    } finally {
      await other.end();
    }
  }

  const record = (client: pg.ClientBase, organizationId: string, location: Location) =>
    client.query('insert into warehouse_locations (organization_id, database_name, server_url) values ($1, $2, $3)', [
      organizationId,
      location.databaseName,
      location.serverUrl,
    ]);

  /** Database isolation: the organization's own database, created and recorded. */
  async function placeInOwnDatabase(client: pg.ClientBase, organizationId: string): Promise<boolean> {
    const location = { databaseName: warehouseDatabaseName(organizationId), serverUrl: null };
    const created = await createDatabase(client, location.databaseName, null);
    await record(client, organizationId, location);
    return created;
  }

  /** Shared databases: the first with room, or a new one on the server holding the fewest (warehouse-placement.ts). */
  async function placeInSharedDatabase(organizationId: string): Promise<void> {
    return locked('finboard:warehouse-placement', async (client) => {
      const recorded = await client.query('select 1 from warehouse_locations where organization_id = $1', [
        organizationId,
      ]);
      if (recorded.rowCount) return;
      const platformName = decodeURIComponent(new URL(database.url!).pathname.slice(1));
      const counts = await client.query<{ database_name: string; server_url: string | null; organizations: number }>(
        `select database_name, server_url, count(*)::int as organizations from warehouse_locations
          group by 1, 2 order by 1`,
      );
      const plan = sharedDatabasePlan({
        platformDatabase: platformName,
        databases: counts.rows.map((row) => ({
          databaseName: row.database_name,
          serverUrl: row.server_url,
          organizations: row.organizations,
        })),
        ...placement,
      });
      if (plan.create) await createDatabase(client, plan.databaseName, plan.serverUrl);
      await record(client, organizationId, plan);
    });
  }

  /** The organization's target: where it is recorded, else the platform database (or, database isolation, its own database created). */
  async function ensure(organizationId: string): Promise<{ target: WarehouseTarget; created: boolean }> {
    const found = await find(organizationId);
    if (found) return { target: found, created: false };
    const created = await locked(`finboard:warehouse-database:${organizationId}`, async (client) => {
      const recorded = await client.query('select 1 from warehouse_locations where organization_id = $1', [
        organizationId,
      ]);
      return recorded.rowCount ? false : placeInOwnDatabase(client, organizationId);
    });
    locations.delete(organizationId);
    const target = await find(organizationId);
    if (!target) throw new Error(`The warehouse database of organization ${organizationId} was not recorded`);
    return { target, created };
  }

  return {
    isolation,

    find,

    ensure,

    /**
     * A new organization's warehouse placed by the policy and recorded: its own database (database isolation) or
     * a shared one (shared-database); `created` says whether this call made the place (what drop() undoes). With
     * schema isolation: the platform database.
     */
    async place(organizationId: string): Promise<{ target: WarehouseTarget; created: boolean }> {
      if (isolation !== 'shared-database') return ensure(organizationId);
      const created = (await locationOf(organizationId)) === null;
      if (created) await placeInSharedDatabase(organizationId);
      locations.delete(organizationId);
      return { target: (await find(organizationId))!, created };
    },

    /**
     * Undoes a placement (a failed provisioning, or the organization removed): an organization's own database
     * dropped, or its schema dropped from a shared one; its record removed. A database on another server is
     * that server's to drop. Nothing to do for a warehouse of the platform database.
     */
    async drop(organizationId: string): Promise<void> {
      if (database.kind !== 'postgres') return;
      locations.delete(organizationId);
      await locked(`finboard:warehouse-database:${organizationId}`, async (client) => {
        const recorded = await client.query<{ database_name: string; server_url: string | null }>(
          'select database_name, server_url from warehouse_locations where organization_id = $1',
          [organizationId],
        );
        const row = recorded.rows[0];
        if (!row) return;
        const location = { databaseName: row.database_name, serverUrl: row.server_url };
        if (location.databaseName === warehouseDatabaseName(organizationId)) {
          await targets.forget(keyOf(location));
          if (location.serverUrl === null)
            await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(location.databaseName)} WITH (FORCE)`);
        } else {
          const { pool } = await targets.get(keyOf(location));
          await pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(warehouseSchemaName(organizationId))} CASCADE`);
          const versions = await pool.query(`select to_regclass('public.warehouse_migrations') is not null as present`);
          if (versions.rows[0]?.present)
            await pool.query('delete from public.warehouse_migrations where organization_id = $1', [organizationId]);
        }
        await client.query('delete from warehouse_locations where organization_id = $1', [organizationId]);
      });
    },

    /** How many warehouse databases' pools are open. */
    get openPools() {
      return targets.size;
    },

    /** Every warehouse database's pool ended (shutdown). */
    close: () => targets.close(),
  };
}
