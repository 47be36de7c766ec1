import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob } | { kind: 'postgres'; url: string; poolSize?: number };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget['kind'];
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance on the embedded default (tests dump it as a template). */
  pglite?: PGlite;
  /** The pool on PostgreSQL: bulk loads need a client of their own for COPY … FROM STDIN. */
  pool?: pg.Pool;
}

/** Opens the platform database: PGlite (embedded default) or PostgreSQL, behind one Drizzle type. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder();
  if (target.kind === 'pglite') {
    if (target.dataDir) fs.mkdirSync(target.dataDir, { recursive: true });
    const client = await PGlite.create({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
    const db = drizzlePglite({ client, schema });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      pglite: client,
      migrate: () => migratePglite(db, { migrationsFolder }),
      ping: async () => void (await client.query('select 1')),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
  // pg reports failures of idle connections (a server restart, a terminated backend) on the pool;
  // unhandled, that event would crash the process instead of the next query simply reconnecting.
  pool.on('error', (error) => console.error(`idle PostgreSQL connection failed: ${error.message}`));
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    pool,
    migrate: () => migratePg(db, { migrationsFolder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
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
