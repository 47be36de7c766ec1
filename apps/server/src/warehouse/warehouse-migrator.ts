import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '@finboard/shared/messages';
import type { Database, Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { createLimiter } from '../platform/concurrency/limiter.ts';
import { warehouseMigrations } from '../db/schema.ts';
import { qualifiedName, quoteIdent, quoteLiteral, warehouseRoleName, warehouseSchemaName } from './identifiers.ts';
import type { WarehouseMigration } from './migrations/migration.ts';
import { WAREHOUSE_MIGRATIONS } from './warehouse-migrations.ts';

/**
 * What provisioning wrote on a complete warehouse before numbered migrations: such a warehouse is at
 * the baseline (migration 1). The migrator records that once and removes the comment.
 */
export const LEGACY_WAREHOUSE_MARKER = 'finboard-warehouse:1';

/** A warehouse database's own record of its warehouses' migrations (not the platform's): the platform table's shape. */
export const OWN_VERSION_TABLE = `CREATE TABLE IF NOT EXISTS public.warehouse_migrations (
  organization_id uuid NOT NULL, version integer NOT NULL, name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (organization_id, version))`;

/** The outcome of bringing several warehouses up to date. */
export interface MigrateAllResult {
  /** Organizations whose warehouse had at least one migration applied (or was created). */
  migrated: string[];
  /** Organizations whose warehouse stopped at a failing migration (logged); it stays at the version before. */
  failed: string[];
}

/** Where start-up's migrations stand (logged as they go, and on /metrics). */
export interface MigrationProgress {
  /** Warehouses behind at start-up not yet done (queued or under way). */
  pending: number;
  done: number;
  failed: number;
}

/** Progress is logged at most this often while migrations run. */
const PROGRESS_LOG_MS = 5_000;

export type WarehouseMigrator = ReturnType<typeof createWarehouseMigrator>;

/**
 * Creates, and later changes, every organization's warehouse through numbered migrations
 * (./warehouse-migrations.ts). Each warehouse's version is recorded in the platform table
 * `warehouse_migrations`. A migration and its version bump commit together under a per-organization
 * advisory lock, so a crash leaves the warehouse at the previous version (the next start resumes from
 * there) and two processes never apply the same migration twice.
 */
export function createWarehouseMigrator(deps: {
  db: Database;
  logger: FastifyBaseLogger;
  migrations?: readonly WarehouseMigration[];
  /**
   * The database holding the organization's warehouse (default the platform's). Another one records
   * each migration in a `warehouse_migrations` table of its own, in the migration's transaction, and
   * the platform's table follows (migrateAll's summary).
   */
  databaseOf?: (organizationId: string) => Promise<Database>;
}) {
  const { db, logger } = deps;
  const databaseOf = deps.databaseOf ?? (() => Promise.resolve(db));
  const migrations = deps.migrations ?? WAREHOUSE_MIGRATIONS;
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1)
      throw new Error(`Warehouse migration "${migration.name}" is number ${migration.version}, expected ${index + 1}`);
  });
  const latest = migrations.length;

  const run = (tx: Executor, statement: string) => tx.execute(sql.raw(statement));

  /** Held until the transaction ends: one migrator at a time per warehouse, across processes. */
  const lock = (tx: Executor, organizationId: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`finboard:warehouse:${organizationId}`}, 0))`);

  async function recordedVersion(tx: Executor, organizationId: string): Promise<number> {
    const [row] = await tx
      .select({ version: sql<number>`coalesce(max(${warehouseMigrations.version}), 0)::int` })
      .from(warehouseMigrations)
      .where(eq(warehouseMigrations.organizationId, organizationId));
    return row?.version ?? 0;
  }

  /** A warehouse provisioned before migrations existed: recorded at the baseline, its comment removed. */
  async function adoptLegacy(tx: Executor, organizationId: string): Promise<boolean> {
    const schema = warehouseSchemaName(organizationId);
    const [legacy] = rowsOf<{ marked: boolean }>(
      await tx.execute(sql`select obj_description(oid, 'pg_namespace') = ${LEGACY_WAREHOUSE_MARKER} as marked
        from pg_catalog.pg_namespace where nspname = ${schema}`),
    );
    if (!legacy?.marked) return false;
    await tx.insert(warehouseMigrations).values({ organizationId, version: 1, name: migrations[0]!.name });
    await run(tx, `COMMENT ON SCHEMA ${quoteIdent(schema)} IS NULL`);
    logger.info({ organizationId }, 'warehouse made before warehouse migrations recorded at the baseline');
    return true;
  }

  /** The organization's role (NOLOGIN, reachable by the platform's role) and its schema, closed to others. */
  async function ensureSchemaAndRole(tx: Executor, organizationId: string): Promise<void> {
    const schema = quoteIdent(warehouseSchemaName(organizationId));
    const roleName = warehouseRoleName(organizationId);
    const role = quoteIdent(roleName);
    const [existing] = rowsOf<{ role: boolean; member: boolean }>(
      await tx.execute(sql`select exists (select 1 from pg_catalog.pg_roles where rolname = ${roleName}) as role,
        exists (select 1 from pg_catalog.pg_auth_members m join pg_catalog.pg_roles g on g.oid = m.roleid
                where g.rolname = ${roleName}
                  and m.member = (select oid from pg_catalog.pg_roles where rolname = current_user)) as member`),
    );
    if (!existing?.role) await run(tx, `CREATE ROLE ${role} NOLOGIN`);
    // SET ROLE needs membership unless the application connects as a superuser.
    if (!existing?.member) await run(tx, `GRANT ${role} TO CURRENT_USER`);
    await run(tx, `CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await run(tx, `REVOKE ALL ON SCHEMA ${schema} FROM PUBLIC`);
  }

  /**
   * The organization's role may read and write every table of its warehouse and read every view —
   * whichever migration added them — but an upload's stage (ledger/upload-stages.ts), which its run grants. Views are never writable through it: a simple view would be.
   */
  async function grantOrganizationRole(tx: Executor, organizationId: string): Promise<void> {
    const schemaName = warehouseSchemaName(organizationId);
    const schema = quoteIdent(schemaName);
    const role = quoteIdent(warehouseRoleName(organizationId));
    // The schema's relations through their dependency on it (an index lookup): pg_class has no index on the
    // namespace alone, and a scan of it grows with every organization's relations in the database.
    const relations = rowsOf<{ name: string; kind: string }>(
      await tx.execute(sql`select c.relname as name, c.relkind as kind
        from pg_catalog.pg_depend d join pg_catalog.pg_class c on c.oid = d.objid
        where d.classid = 'pg_catalog.pg_class'::regclass and d.refclassid = 'pg_catalog.pg_namespace'::regclass
          and d.refobjid = (select oid from pg_catalog.pg_namespace where nspname = ${schemaName})
          and c.relkind in ('r', 'p', 'v', 'm', 'S') and c.relname !~ '^pipeline_stage_' order by c.relname`),
    );
    const names = (kinds: string[]) =>
      relations
        .filter((relation) => kinds.includes(relation.kind))
        .map((relation) => qualifiedName(schemaName, relation.name))
        .join(', ');
    const tables = names(['r', 'p']);
    const views = names(['v', 'm']);
    const sequences = names(['S']);

    await run(tx, `GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
    if (tables) {
      await run(tx, `REVOKE ALL ON ${tables} FROM PUBLIC`);
      await run(tx, `GRANT SELECT, INSERT, UPDATE, DELETE ON ${tables} TO ${role}`);
    }
    if (views) {
      await run(tx, `REVOKE ALL ON ${views} FROM PUBLIC, ${role}`);
      await run(tx, `GRANT SELECT ON ${views} TO ${role}`);
    }
    if (sequences) await run(tx, `GRANT USAGE ON SEQUENCE ${sequences} TO ${role}`);
  }

  /**
   * Applies the organization's next pending migration in `tx`, which must hold its lock, and records
   * it there; returns it, or undefined when the warehouse is up to date.
   */
  async function applyNext(tx: Executor, organizationId: string): Promise<WarehouseMigration | undefined> {
    let current = await recordedVersion(tx, organizationId);
    if (current === 0 && (await adoptLegacy(tx, organizationId))) current = 1;
    const next = migrations[current];
    if (!next) return undefined;
    await ensureSchemaAndRole(tx, organizationId);
    for (const statement of next.statements(warehouseSchemaName(organizationId))) await run(tx, statement);
    await grantOrganizationRole(tx, organizationId);
    await tx.insert(warehouseMigrations).values({ organizationId, version: next.version, name: next.name });
    return next;
  }

  const ensureVersionTable = (own: Database) => run(own, OWN_VERSION_TABLE);

  /**
   * A warehouse database is closed to PUBLIC, temporary tables included; a pipeline run stages its lines in one as
   * the organization's role. (The platform database keeps PostgreSQL's default, which lets everyone.) Grants on one
   * database update one catalog row: they are made one at a time.
   */
  const grantTemporaryTables = (own: Database, organizationId: string) =>
    own.transaction(async (tx) => {
      const role = warehouseRoleName(organizationId);
      const [held] = rowsOf<{ granted: boolean }>(
        await tx.execute(sql`select has_database_privilege(${role}, current_database(), 'TEMPORARY') as granted`),
      );
      if (held?.granted) return;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('finboard:database-grants', 0))`);
      await run(
        tx,
        `DO $$ BEGIN EXECUTE format('GRANT TEMPORARY ON DATABASE %I TO %I', current_database(), ${quoteLiteral(role)}); END $$`,
      );
    });

  /** The platform's record catches up with an organization database's own (also after a crash between them). */
  async function syncVersions(own: Database, organizationId: string): Promise<void> {
    const rows = await own
      .select()
      .from(warehouseMigrations)
      .where(eq(warehouseMigrations.organizationId, organizationId));
    if (rows.length > 0) await db.insert(warehouseMigrations).values(rows).onConflictDoNothing();
  }

  /**
   * Start-up's queue (migrateAll): the warehouses behind, not yet started; those under way; those that failed
   * (refused until the next start: the code expects their new shape). A warehouse asked for while behind is
   * migrated at once (`whenCurrent`), so its organization waits for its own migration only.
   */
  const queued = new Set<string>();
  const running = new Map<string, Promise<WarehouseMigration[]>>();
  const failed = new Set<string>();
  /** What start-up's migration of each warehouse did: applied some, found it current. */
  const outcomes = new Map<string, 'migrated' | 'current'>();
  const progress: MigrationProgress = { pending: 0, done: 0, failed: 0 };

  function start(organizationId: string, signal?: AbortSignal): Promise<WarehouseMigration[]> {
    const under = running.get(organizationId);
    if (under) return under;
    queued.delete(organizationId);
    const work = migrate(organizationId, signal).then(
      (applied) => {
        progress.pending -= 1;
        progress.done += 1;
        outcomes.set(organizationId, applied.length > 0 ? 'migrated' : 'current');
        return applied;
      },
      (err: unknown) => {
        progress.pending -= 1;
        progress.failed += 1;
        failed.add(organizationId);
        logger.error({ err, organizationId }, 'warehouse migration failed; the warehouse stays at its version');
        throw err;
      },
    );
    running.set(organizationId, work);
    void work.catch(() => undefined).finally(() => running.delete(organizationId));
    return work;
  }

  /** Each pending migration of one warehouse in a transaction of its own; stops early when `signal` aborts. */
  async function migrate(organizationId: string, signal?: AbortSignal): Promise<WarehouseMigration[]> {
    const own = await databaseOf(organizationId);
    const separate = own !== db;
    if (separate) await ensureVersionTable(own);
    const applied: WarehouseMigration[] = [];
    while (!signal?.aborted) {
      const next = await own.transaction(async (tx) => {
        await lock(tx, organizationId);
        return applyNext(tx, organizationId);
      });
      if (!next) break;
      applied.push(next);
      logger.info({ organizationId, version: next.version, migration: next.name }, 'warehouse migrated');
    }
    if (separate) {
      await grantTemporaryTables(own, organizationId);
      await syncVersions(own, organizationId);
    }
    return applied;
  }

  return {
    /** The version every warehouse is brought to: the number of migrations. */
    latestVersion: latest,

    /** The warehouse's recorded version (0: none yet; a legacy warehouse counts as 0 until adopted). */
    versionOf: (organizationId: string) => recordedVersion(db, organizationId),

    /**
     * A new organization's warehouse, in the caller's transaction (the organization's own): every
     * migration in turn, so the organization and its warehouse exist together or not at all.
     */
    async provision(tx: Executor, organizationId: string): Promise<void> {
      await lock(tx, organizationId);
      while (await applyNext(tx, organizationId));
    },

    migrate,

    /**
     * Settles once the organization's warehouse is current: at once when it is not behind, else when its
     * migration (started now when it was still queued) is done. A warehouse whose migration failed is refused
     * (503) until the next start; the others carry on.
     */
    async whenCurrent(organizationId: string): Promise<void> {
      const work = running.get(organizationId) ?? (queued.has(organizationId) ? start(organizationId) : undefined);
      if (work) await work.catch(() => undefined);
      if (failed.has(organizationId)) throw new AppError(503, 'WAREHOUSE_NOT_CURRENT', messages.warehouseNotCurrent);
    },

    /** Where start-up's migrations stand. */
    progress: (): MigrationProgress => ({ ...progress }),

    /**
     * Start-up: brings each organization's warehouse to the latest version, creating missing ones (one
     * query when all are up to date), `concurrency` warehouses at once. One failing warehouse is logged and
     * the others carry on; an aborted `signal` (shutdown) starts no other: the next start resumes.
     */
    async migrateAll(
      organizationIds: readonly string[],
      signal?: AbortSignal,
      options: {
        concurrency?: number;
        /** Told once the warehouses behind are queued: from then on, a request for one waits for it. */
        onQueued?: () => void;
      } = {},
    ): Promise<MigrateAllResult> {
      const { concurrency = 1 } = options;
      const versions = new Map(
        (
          await db
            .select({
              organizationId: warehouseMigrations.organizationId,
              version: sql<number>`max(${warehouseMigrations.version})::int`,
            })
            .from(warehouseMigrations)
            .groupBy(warehouseMigrations.organizationId)
        ).map((row) => [row.organizationId, row.version]),
      );
      const result: MigrateAllResult = { migrated: [], failed: [] };
      const behind = organizationIds.filter((organizationId) => {
        const version = versions.get(organizationId) ?? 0;
        // A newer server migrated it (a rollback of the code): this one leaves it as it is.
        if (version > latest) logger.warn({ organizationId, version, latest }, 'warehouse is newer than this server');
        return version < latest && !running.has(organizationId) && !queued.has(organizationId);
      });
      for (const organizationId of behind) queued.add(organizationId);
      progress.pending += behind.length;
      options.onQueued?.();
      if (behind.length === 0) return result;
      logger.info({ behind: behind.length, concurrency }, 'warehouse migrations starting');
      let logged = performance.now();
      const limiter = createLimiter(concurrency);
      await Promise.all(
        behind.map((organizationId) =>
          limiter.run(async () => {
            // Not started when shut down; one already migrated on demand is not migrated again.
            if (signal?.aborted && !running.has(organizationId)) return;
            const work =
              running.get(organizationId) ?? (queued.has(organizationId) ? start(organizationId, signal) : undefined);
            await work?.catch(() => undefined);
            if (performance.now() - logged >= PROGRESS_LOG_MS) {
              logged = performance.now();
              logger.info({ ...progress }, 'warehouse migrations under way');
            }
          }),
        ),
      );
      for (const organizationId of behind) {
        if (failed.has(organizationId)) result.failed.push(organizationId);
        else if (outcomes.get(organizationId) === 'migrated') result.migrated.push(organizationId);
        outcomes.delete(organizationId);
      }
      logger.info({ migrated: result.migrated.length, failed: result.failed.length }, 'warehouse migrations done');
      return result;
    },
  };
}
