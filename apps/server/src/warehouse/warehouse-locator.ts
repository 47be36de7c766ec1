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
import { quoteIdent, warehouseDatabaseName } from './identifiers.ts';

export type WarehouseIsolation = 'schema' | 'database';

/** Where one organization's warehouse is reached. */
export interface WarehouseTarget {
  db: Database;
  /** Connections of their own (COPY, work spanning transactions). */
  pool: pg.Pool;
  /** PostgreSQL: the connection URL with the platform's credentials (Chat DB's readers log in there). */
  url?: string;
  /** Database isolation: the organization's own database; undefined when it is the platform database. */
  databaseName?: string;
}

/**
 * Connections per organization database: warehouse requests are short, a pipeline load holds one, and
 * many organizations share one server's max_connections.
 */
const ORGANIZATION_POOL_SIZE = 4;
/** Looked up and found no location: not cached, so the next lookup looks again. */
class NotPlaced extends Error {}

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
 * The one place that says where an organization's warehouse lives. `schema` isolation: the platform
 * database for everyone, answered without a lookup. `database` isolation (PostgreSQL only): the database
 * recorded in `warehouse_locations`, reached through a pool of its own opened on first use and kept.
 */
export function createWarehouseLocator(deps: {
  database: DatabaseHandle;
  isolation: WarehouseIsolation;
  logger: FastifyBaseLogger;
}) {
  const { database, isolation, logger } = deps;
  if (isolation === 'database' && (database.kind !== 'postgres' || !database.url))
    throw new ConfigError(`Invalid configuration:\n  ${WAREHOUSE_ISOLATION_NEEDS_POSTGRES}`);
  const platform: WarehouseTarget = { db: database.db, pool: database.pool, url: database.url };
  // Resolved once: the default path costs no lookup and no round trip.
  const platformTarget = Promise.resolve(platform);
  // An organization nobody works on gives its connections back, then its pool (db/idle-pools.ts).
  const targets = createIdlePools<WarehouseTarget>({ open: load, idleMs: database.limits.idleTimeoutMs });

  async function load(organizationId: string): Promise<WarehouseTarget> {
    const [location] = await database.db
      .select()
      .from(warehouseLocations)
      .where(eq(warehouseLocations.organizationId, organizationId));
    if (!location) throw new NotPlaced();
    const url = warehouseDatabaseUrl(database.url!, location.databaseName, location.serverUrl);
    const pool = new pg.Pool({ connectionString: url, ...limitedPool(database.limits, ORGANIZATION_POOL_SIZE) });
    pool.on('error', (error) =>
      logger.error({ err: error, organizationId }, 'idle warehouse database connection failed'),
    );
    const db = drizzle({ client: pool, schema }) as unknown as Database;
    return { db, pool, url, databaseName: location.databaseName };
  }

  function find(organizationId: string): Promise<WarehouseTarget | undefined> {
    if (isolation === 'schema') return platformTarget;
    // Not there yet (or the lookup failed): the next call looks again.
    return targets.get(organizationId).catch((error: unknown) => {
      if (error instanceof NotPlaced) return undefined;
      throw error;
    });
  }

  /** Runs `work` on a platform connection holding the organization's session lock (CREATE/DROP DATABASE cannot be in a transaction). */
  async function locked<T>(organizationId: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const key = `finboard:warehouse-database:${organizationId}`;
    const client = await database.pool.connect();
    try {
      await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
      try {
        return await work(client);
      } finally {
        await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      }
    } finally {
      client.release();
    }
  }

  const forget = (organizationId: string) => targets.forget(organizationId);

  return {
    isolation,

    /** The organization's warehouse target; undefined (database isolation) when it has no database yet. */
    find,

    /**
     * The organization's target, its database created empty and recorded first when it has none
     * (database isolation); `created` says whether this call created it.
     */
    async ensure(organizationId: string): Promise<{ target: WarehouseTarget; created: boolean }> {
      const found = await find(organizationId);
      if (found) return { target: found, created: false };
      const name = warehouseDatabaseName(organizationId);
      const created = await locked(organizationId, async (client) => {
        const recorded = await client.query('select 1 from warehouse_locations where organization_id = $1', [
          organizationId,
        ]);
        if (recorded.rowCount) return false;
        const exists = await client.query('select 1 from pg_catalog.pg_database where datname = $1', [name]);
        if (!exists.rowCount) {
          await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
          // Only the platform (its owner) and the organization's Chat DB reader (granted later) connect.
          await client.query(`REVOKE ALL ON DATABASE ${quoteIdent(name)} FROM PUBLIC`);
        }
        await client.query('insert into warehouse_locations (organization_id, database_name) values ($1, $2)', [
          organizationId,
          name,
        ]);
        logger.info({ organizationId, database: name }, 'warehouse database created');
        return !exists.rowCount;
      });
      const target = await find(organizationId);
      if (!target) throw new Error(`The warehouse database of organization ${organizationId} was not recorded`);
      return { target, created };
    },

    /**
     * Database isolation: the organization's database dropped (its connections closed first, others'
     * ended) and its record removed — undoing a failed provisioning, or removing the organization.
     */
    async drop(organizationId: string): Promise<void> {
      if (isolation === 'schema') return;
      await forget(organizationId);
      await locked(organizationId, async (client) => {
        const recorded = await client.query<{ database_name: string; server_url: string | null }>(
          'select database_name, server_url from warehouse_locations where organization_id = $1',
          [organizationId],
        );
        const location = recorded.rows[0];
        if (!location) return;
        // A database moved to another server is that server's to drop.
        if (location.server_url === null)
          await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(location.database_name)} WITH (FORCE)`);
        await client.query('delete from warehouse_locations where organization_id = $1', [organizationId]);
      });
    },

    /** How many organization databases' pools are open. */
    get openPools() {
      return targets.size;
    },

    /** Every organization database's pool ended (shutdown). */
    close: () => targets.close(),
  };
}
