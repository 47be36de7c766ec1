import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded-database.ts';
import { DEFAULT_POOL_LIMITS, limitedPool, type PoolLimits } from './pool-limits.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; poolSize?: number }
  | { kind: 'postgres'; url: string; poolSize?: number; limits?: PoolLimits };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget['kind'];
  /** PostgreSQL: the server's URL (Chat DB logs in there as each organization's reader role). */
  url?: string;
  /** PostgreSQL: how long the connections of every pool the app opens on it live (pool-limits.ts). */
  limits: PoolLimits;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** A client of its own for work that needs one connection (COPY … FROM STDIN). */
  pool: pg.Pool;
  /** The embedded database's data directory as a gzipped tarball (tests keep a migrated one as their template). */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * Pool size on PGlite: its one backend runs one exchange at a time (pglite-wire.ts), so more connections
 * only keep the worker busy while the app reads an answer and sends the next query; measured with
 * bench/load.ts.
 */
const PGLITE_POOL_SIZE = 4;

/**
 * Opens the platform database behind one driver, pg: PostgreSQL, or the embedded PGlite, which runs
 * in a worker thread serving the PostgreSQL protocol on a private unix socket.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder();
  let embedded: EmbeddedDatabase | undefined;
  let connection: pg.PoolConfig;
  if (target.kind === 'pglite') {
    if (target.dataDir) fs.mkdirSync(target.dataDir, { recursive: true });
    embedded = await startEmbeddedDatabase({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
    connection = { ...embedded.connection, max: target.poolSize ?? PGLITE_POOL_SIZE };
  } else {
    connection = {
      connectionString: target.url,
      ...limitedPool(target.limits ?? DEFAULT_POOL_LIMITS, target.poolSize ?? 10),
    };
  }
  const pool = new pg.Pool(connection);
  // pg reports failures of idle connections (a server restart, a terminated backend) on the pool;
  // unhandled, that event would crash the process instead of the next query simply reconnecting.
  pool.on('error', (error) => console.error(`idle database connection failed: ${error.message}`));
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: target.kind,
    url: target.kind === 'postgres' ? target.url : undefined,
    limits: (target.kind === 'postgres' && target.limits) || DEFAULT_POOL_LIMITS,
    pool,
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    async close() {
      await pool.end();
      await embedded?.close();
    },
    dumpDataDir: embedded?.dumpDataDir,
  };
}

/** The migrations live beside the package, whether we run from src/ (tsx, tests) or dist/ (built). */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Database migrations folder "drizzle" not found');
    dir = parent;
  }
}

/** A database or an open transaction: repositories accept either, so services can make work atomic. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** The rows of a raw `db.execute(sql…)` result (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
