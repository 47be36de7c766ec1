import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '../../db/client.ts';
import { createIdlePools } from '../../db/idle-pools.ts';
import { limitedPool } from '../../db/pool-limits.ts';
import { warehouseReaders } from '../../db/schema.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import {
  qualifiedName,
  quoteIdent,
  warehouseReaderRoleName,
  warehouseSchemaName,
} from '../../warehouse/identifiers.ts';
import { READABLE_RELATIONS } from './sql-guard.ts';

/** Connections per organization's reader pool: Chat DB statements are short; a few suffice. */
const READER_POOL_SIZE = 2;

/**
 * On PostgreSQL, Chat DB's statements run on connections that log in as the organization's own read-only
 * role (warehouseReaderRoleName): a member of no role, with SELECT on the warehouse's canonical relations
 * and nothing else, read-only by default. Unlike the platform's connection (a member of every organization
 * role), a RESET ROLE or SET ROLE there reaches nothing. Its password is generated here and kept sealed. It
 * logs in where the organization's warehouse lives (the platform database, or the organization's own).
 */
export function createWarehouseReaders(deps: {
  database: DatabaseHandle;
  warehouse: Pick<WarehouseService, 'targetOf'>;
  secrets: SecretBox;
}) {
  const { database, warehouse, secrets } = deps;
  // Opened on first use, closed once idle (db/idle-pools.ts): an installation's readers are as many as its organizations.
  const pools = createIdlePools<{ pool: pg.Pool }>({
    open: async (organizationId) => ({ pool: await open(organizationId) }),
    idleMs: database.limits.idleTimeoutMs,
  });

  /** Creates the role (or resets its password when its row was lost) and grants what it may read; idempotent. */
  async function provision(organizationId: string): Promise<{ role: string; password: string; url: string }> {
    const role = warehouseReaderRoleName(organizationId);
    const schema = warehouseSchemaName(organizationId);
    const target = await warehouse.targetOf(organizationId);
    // Roles belong to the whole server: the role and its sealed password are the platform's business.
    const login = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`finboard:reader:${organizationId}`}, 0))`);
      const [stored] = await tx
        .select()
        .from(warehouseReaders)
        .where(eq(warehouseReaders.organizationId, organizationId));
      let password: string | undefined;
      try {
        password = stored ? secrets.open(stored.passwordSealed, organizationId) : undefined;
      } catch {
        password = undefined; // sealed under another key: a new password is set below
      }
      const exists = rowsExist(await tx.execute(sql`select 1 from pg_catalog.pg_roles where rolname = ${role}`));
      if (!password || !exists) {
        // base64url: no quote can end the literal (DDL takes no bound parameters).
        password = randomBytes(32).toString('base64url');
        const verb = exists ? 'ALTER' : 'CREATE';
        await tx.execute(
          sql.raw(
            `${verb} ROLE ${quoteIdent(role)} WITH LOGIN NOINHERIT NOCREATEDB NOCREATEROLE CONNECTION LIMIT ${READER_POOL_SIZE + 1} PASSWORD '${password}'`,
          ),
        );
        await tx
          .insert(warehouseReaders)
          .values({ organizationId, roleName: role, passwordSealed: secrets.seal(password, organizationId) })
          .onConflictDoUpdate({
            target: warehouseReaders.organizationId,
            set: { roleName: role, passwordSealed: secrets.seal(password, organizationId) },
          });
      }
      for (const setting of [
        `default_transaction_read_only = on`,
        `search_path = ${quoteIdent(schema)}`,
        `statement_timeout = '5s'`,
      ])
        await tx.execute(sql.raw(`ALTER ROLE ${quoteIdent(role)} SET ${setting}`));
      return { role, password };
    });
    // Its grants are the warehouse database's: every time a pool opens, so relations a later warehouse
    // migration added become readable too.
    await target.db.transaction(async (tx) => {
      if (target.databaseName)
        await tx.execute(
          sql.raw(`GRANT CONNECT ON DATABASE ${quoteIdent(target.databaseName)} TO ${quoteIdent(role)}`),
        );
      await tx.execute(sql.raw(`GRANT USAGE ON SCHEMA ${quoteIdent(schema)} TO ${quoteIdent(role)}`));
      for (const relation of READABLE_RELATIONS) {
        const found = await tx.execute(
          sql`select to_regclass(${qualifiedName(schema, relation)}) is not null as present`,
        );
        const present = (found as unknown as { rows: { present: boolean }[] }).rows[0]?.present === true;
        if (present)
          await tx.execute(sql.raw(`GRANT SELECT ON ${qualifiedName(schema, relation)} TO ${quoteIdent(role)}`));
      }
    });
    return { ...login, url: target.url! };
  }

  async function open(organizationId: string): Promise<pg.Pool> {
    const { role, password, url: databaseUrl } = await provision(organizationId);
    const url = new URL(databaseUrl);
    url.username = role;
    url.password = '';
    const pool = new pg.Pool({
      connectionString: url.toString(),
      password,
      ...limitedPool(database.limits, READER_POOL_SIZE),
    });
    pool.on('error', (error) => console.error(`idle Chat DB connection failed: ${error.message}`));
    return pool;
  }

  return {
    /** The organization's reader pool, opened (and its role provisioned) on first use. */
    async poolOf(organizationId: string): Promise<pg.Pool> {
      return (await pools.get(organizationId)).pool;
    },
    /** How many organizations' reader pools are open. */
    get openPools() {
      return pools.size;
    },
    close: () => pools.close(),
  };
}
export type WarehouseReaders = ReturnType<typeof createWarehouseReaders>;

const rowsExist = (result: unknown) => (result as { rows: unknown[] }).rows.length > 0;
