import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg, { type PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database, DatabaseHandle, Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { queryClientOf } from '../db/query-client.ts';
import { createFairScheduler } from '../platform/concurrency/fair-scheduler.ts';
import { createLimiter } from '../platform/concurrency/limiter.ts';
import { CANONICAL_COLUMNS, CANONICAL_TABLES, type CanonicalTable } from './canonical-model.ts';
import { csvChunks } from './csv-rows.ts';
import { beginLoad, hasLineage } from './lineage.ts';
import { relationExists } from './relations.ts';
import { refreshAggregatesOn, type AggregateRefresh } from './aggregates.ts';
import {
  qualifiedName,
  quoteIdent,
  UnknownIdentifierError,
  warehouseRoleName,
  warehouseSchemaName,
  type CatalogRelation,
  type WarehouseCatalog,
} from './identifiers.ts';
import {
  createWarehouseLocator,
  type WarehouseIsolation,
  type WarehousePlacement,
  type WarehouseTarget,
} from './warehouse-locator.ts';
import { createWarehouseMigrator, type MigrateAllResult } from './warehouse-migrator.ts';
import type { WarehouseMigration } from './migrations/migration.ts';

/** Rows per COPY statement: the embedded database holds each COPY's data in memory (~5 MB of GL lines). */
const ROWS_PER_COPY = 50_000;
/**
 * Rows per COPY statement in a transaction of its own on the embedded database, where every other
 * connection waits for it: 0.15–0.45 s of GL lines into a scratch table on the shared two-core machine,
 * where 50,000 took 0.3–0.95 s (bench/tenant-fairness.ts).
 */
const ROWS_PER_SHORT_COPY = 20_000;
/** Rows per chunk written to a COPY stream (the stream itself applies back-pressure). */
const ROWS_PER_WRITE = 5_000;

type Rows = Iterable<unknown[]> | AsyncIterable<unknown[]>;

/** The tables the monthly aggregates are computed from (aggregates.ts). */
const AGGREGATE_SOURCES: readonly CanonicalTable[] = ['01_Account', '02_GL_Detail'];

export interface CopyOptions {
  /** Delete the tables' rows first, in the same transaction: the load replaces them or nothing changes. */
  replace?: boolean;
  /** What the load is called in the rows' lineage (warehouse migration 3): 'Demo books' unless given. */
  label?: string;
}

/** Rows for the named columns of one canonical table. */
export interface TableLoad {
  table: CanonicalTable;
  columns: readonly string[];
  rows: Rows;
}

/** A table an organization makes (Import Flat File): its name and columns, checked by the caller. */
export interface NewTable {
  name: string;
  columns: readonly { name: string; sqlType: 'text' | 'bigint' | 'numeric' | 'date' | 'boolean' }[];
}

/** The name of a new table is taken: by a table (with its rows) or by a view. */
export class WarehouseTableExistsError extends Error {
  constructor(
    readonly table: string,
    readonly kind: 'table' | 'view',
    readonly rows: number,
  ) {
    super(`The warehouse already has a ${kind} named ${JSON.stringify(table)}`);
    this.name = 'WarehouseTableExistsError';
  }
}

/**
 * Streams rows into an open COPY … FROM STDIN statement on `client` (inside the caller's transaction),
 * one COPY per ROWS_PER_COPY rows: the embedded database takes each COPY whole (pglite-wire.ts).
 */
async function copyInto(
  client: PoolClient,
  copySql: string,
  rows: Rows,
  width: number,
  options: {
    /** Runs each COPY statement (e.g. in a transaction of its own). */
    around?: (statement: () => Promise<number>) => Promise<number>;
    /** Read each statement's rows before `around` starts it, not while it runs. */
    readFirst?: boolean;
    rowsPerStatement?: number;
  } = {},
): Promise<number> {
  const { around = (statement) => statement(), readFirst = false, rowsPerStatement = ROWS_PER_COPY } = options;
  const pieces = csvChunks(rows, width, Math.min(ROWS_PER_WRITE, rowsPerStatement))[Symbol.asyncIterator]();
  let piece = await pieces.next();
  let count = 0;
  const statementRows = async function* () {
    for (let copied = 0; !piece.done && copied < rowsPerStatement; piece = await pieces.next()) {
      copied += piece.value.rows;
      yield piece.value.csv;
    }
  };
  while (!piece.done) {
    let read: string[] | undefined;
    if (readFirst) {
      read = [];
      for await (const csv of statementRows()) read.push(csv);
    }
    count += await around(async () => {
      const stream = client.query(copyFrom(copySql));
      await pipeline(Readable.from(read ?? statementRows()), stream);
      return stream.rowCount;
    });
  }
  return count;
}

/**
 * `before`, then `COPY … FROM STDIN` of `bytes` as they come on `client`, then `after`, inside the caller's
 * transaction; the row count.
 */
async function copyBytesInto(
  client: PoolClient,
  copySql: string,
  bytes: AsyncIterable<Uint8Array>,
  { before, after }: CopyStatements,
): Promise<number> {
  for (const statement of before) await client.query(statement);
  const stream = client.query(copyFrom(copySql));
  await pipeline(Readable.from(bytes), stream);
  for (const statement of after) await client.query(statement);
  return stream.rowCount;
}

/** Statements run just before and after a COPY of bytes (its defaults, say), in its transaction. */
interface CopyStatements {
  before: readonly string[];
  after: readonly string[];
}

/** One organization's own connection (withOrganizationConnection). */
export interface OrganizationConnection {
  /** One statement outside a transaction of the organization, as the platform (e.g. ANALYZE: only the owner may). */
  asPlatform(statement: string): Promise<void>;
  /** One transaction on this connection as the organization's role, search_path its schema. */
  transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T>;
  /** `COPY … FROM STDIN WITH (FORMAT csv)` of `rows` (`width` values each), a transaction per statement; the row count. */
  copy(copySql: string, rows: Rows, width: number): Promise<number>;
  /**
   * PostgreSQL only (undefined on the embedded database, which takes a COPY whole in memory): `before`, then
   * `COPY … FROM STDIN` of `bytes` as they come, then `after`, in one transaction; the row count.
   */
  copyBytes?: (copySql: string, bytes: AsyncIterable<Uint8Array>, statements: CopyStatements) => Promise<number>;
  /** As `copyBytes`, inside the transaction `transaction` has open (PostgreSQL only). */
  copyBytesWithin?: (copySql: string, bytes: AsyncIterable<Uint8Array>, statements: CopyStatements) => Promise<number>;
}

/**
 * `step` in one transaction on `client`: committed, or rolled back and its error passed on. A connection
 * that cannot even roll back (after a failed COPY) is reported to `broken`: the pool must not reuse it.
 */
async function inTransaction<T>(
  client: PoolClient,
  step: () => Promise<T>,
  broken: (error: Error) => void,
  /** BEGIN, and any SET LOCAL sent with it in the same round trip. */
  begin = 'BEGIN',
): Promise<T> {
  await client.query(begin);
  try {
    const result = await step();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      broken(rollbackError as Error);
    }
    throw error;
  }
}

export type WarehouseService = ReturnType<typeof createWarehouseService>;

/**
 * Every organization's warehouse: a schema of its own holding the canonical model, reachable by a role
 * of its own. Work done on an organization's behalf runs as that role, so a query that names another
 * organization's schema (or the platform's tables) is refused by the database itself. Where the schema
 * lives — the platform database, or a database of the organization's own — the locator says
 * (warehouse-locator.ts); every access below goes through targetOf().
 */
/** Warehouses migrated at once at start-up on PostgreSQL (WAREHOUSE_MIGRATION_CONCURRENCY). */
export const DEFAULT_MIGRATION_CONCURRENCY = 4;

export function createWarehouseService(deps: {
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  /** The warehouse model's migrations; tests add their own. */
  migrations?: readonly WarehouseMigration[];
  /** WAREHOUSE_ISOLATION (default `schema`). */
  isolation?: WarehouseIsolation;
  /** WAREHOUSE_ISOLATION=shared-database: warehouses per database and the servers new databases go on. */
  placement?: WarehousePlacement;
  /**
   * Told, once committed, that a load, a refresh or a copy of this service changed the organization's monthly
   * aggregates (the portfolio's summaries follow them). Never awaited; it must not throw.
   */
  onAggregatesChanged?: (organizationId: string) => void;
  /**
   * Warehouses start-up migrates at once (WAREHOUSE_MIGRATION_CONCURRENCY) on PostgreSQL; PGlite's one backend
   * migrates one at a time whatever this says.
   */
  migrationConcurrency?: number;
}) {
  const { database, logger } = deps;
  const aggregatesChanged = (organizationId: string) => deps.onAggregatesChanged?.(organizationId);
  const { db } = database;
  const { inTurn, holdingConnection } = fairShares(database);
  const locator = createWarehouseLocator({
    database,
    isolation: deps.isolation ?? 'schema',
    placement: deps.placement,
    logger,
  });
  const migrator = createWarehouseMigrator({
    db,
    logger,
    migrations: deps.migrations,
    databaseOf: async (organizationId) => (await locator.ensure(organizationId)).target.db,
  });
  /** Database isolation: the platform transaction opened around an organization's (leaveOrganization). */
  const platformTransactions = new WeakMap<Executor, Executor>();

  const schemaOf = (organizationId: string) => warehouseSchemaName(organizationId);

  /**
   * Database or shared-database isolation: the warehouse placed (its database created when needed) and migrated
   * there; the placement undone when that fails.
   */
  async function provisionPlaced(organizationId: string): Promise<WarehouseTarget> {
    const { target, created } = await locator.place(organizationId);
    try {
      await migrator.migrate(organizationId);
    } catch (error) {
      if (created)
        await locator
          .drop(organizationId)
          .catch((dropError: unknown) =>
            logger.error({ err: dropError, organizationId }, 'dropping a half-made warehouse database failed'),
          );
      throw error;
    }
    return target;
  }

  /**
   * Where the organization's warehouse is; with database isolation, made on first use when it has none. While
   * start-up's migrations run, a warehouse still behind is migrated first: its organization waits for its own
   * migration only (503 when it failed).
   */
  async function targetOf(organizationId: string): Promise<WarehouseTarget> {
    await migrator.whenCurrent(organizationId);
    return (await locator.find(organizationId)) ?? provisionPlaced(organizationId);
  }

  function withOrganization<T>(organizationId: string, work: (tx: Executor) => Promise<T>): Promise<T> {
    // Both names are generated ('org_' / 'fb_org_' + hex), never user input, and need no quoting.
    const schema = warehouseSchemaName(organizationId);
    const role = warehouseRoleName(organizationId);
    return inTurn(organizationId, async () => {
      const target = await targetOf(organizationId);
      const inWarehouse = (tx?: Executor) =>
        target.db.transaction(async (own) => {
          if (tx) platformTransactions.set(own, tx);
          // SET LOCAL ROLE and SET LOCAL search_path in one round trip (this runs on every Studio call).
          await own.execute(sql`select set_config('role', ${role}, true), set_config('search_path', ${schema}, true)`);
          return work(own);
        });
      if (!target.databaseName) return inWarehouse();
      // Another database: the platform's transaction (audit events) commits right after the warehouse's, or
      // rolls back with it; there is no transaction across two databases.
      return db.transaction((platformTx) => inWarehouse(platformTx));
    });
  }

  /** The COPY statement for a canonical table and a checked list of its columns. */
  function copyStatement(organizationId: string, table: CanonicalTable, columns: readonly string[]) {
    if (!CANONICAL_TABLES.includes(table)) throw new UnknownIdentifierError('table', String(table));
    if (columns.length === 0) throw new TypeError('A load names at least one column');
    const allowed: readonly string[] = CANONICAL_COLUMNS[table];
    for (const column of columns) if (!allowed.includes(column)) throw new UnknownIdentifierError('column', column);
    if (new Set(columns).size !== columns.length) throw new TypeError('A load names each column once');
    const target = qualifiedName(warehouseSchemaName(organizationId), table);
    return {
      target,
      copy: `COPY ${target} (${columns.map(quoteIdent).join(', ')}) FROM STDIN WITH (FORMAT csv)`,
    };
  }

  /** Bulk loads of several tables, all or nothing. */
  async function loadTables(organizationId: string, loads: readonly TableLoad[], options: CopyOptions = {}) {
    const statements = loads.map((load) => copyStatement(organizationId, load.table, load.columns));
    const counts = await inOwnTransaction(organizationId, async (client) => {
      await client.query(`SET LOCAL ROLE ${quoteIdent(warehouseRoleName(organizationId))}`);
      // Dependants first: loads come in dependency order (periods and accounts before GL lines).
      if (options.replace)
        for (const { target } of statements.toReversed()) await client.query(`DELETE FROM ${target}`);
      const counts: number[] = [];
      for (const [i, { rows, columns }] of loads.entries())
        counts.push(await copyInto(client, statements[i]!.copy, rows, columns.length));
      // The rows' lineage: one load for all of them (the rows copied are the only ones without one).
      const schema = warehouseSchemaName(organizationId);
      if (await hasLineage(client, schema)) {
        const loadId = await beginLoad(client, schema, { kind: 'demo', label: options.label ?? 'Demo books' });
        for (const { target } of statements)
          await client.query(`UPDATE ${target} SET load_id = $1 WHERE load_id IS NULL`, [loadId]);
      }
      // The monthly aggregates move with the ledger and the accounts, in the same transaction (a warehouse
      // before migration 2 — tests of older models — has none).
      if (loads.some((load) => AGGREGATE_SOURCES.includes(load.table))) {
        if (await relationExists(client, schema, '05_Aggregate_Refresh')) await refreshAggregatesOn(client, schema);
      }
      return counts;
    });
    // Fiscal years (00_Period) place the months of a year to date.
    if (loads.some((load) => load.table === '00_Period' || AGGREGATE_SOURCES.includes(load.table)))
      aggregatesChanged(organizationId);
    return counts;
  }

  /**
   * One transaction on a connection of its own to the organization's warehouse, which goes back to the
   * pool only if it is still usable.
   */
  function inOwnTransaction<T>(organizationId: string, step: (client: PoolClient) => Promise<T>): Promise<T> {
    return inTurn(organizationId, async () => {
      const client = await (await targetOf(organizationId)).pool.connect();
      let broken: Error | undefined;
      try {
        return await inTransaction(
          client,
          () => step(client),
          (error) => (broken = error),
        );
      } finally {
        client.release(broken ?? false);
      }
    });
  }

  /**
   * A connection of its own for work on one organization that spans several transactions (a pipeline
   * run's temporary scratch table lives as long as the connection). Nothing is set for the session: on the
   * embedded database every connection shares one backend, so each transaction sets the role itself
   * (`transaction`). The connection is dropped, not reused, when `work` fails.
   */
  function withOrganizationConnection<T>(
    organizationId: string,
    work: (connection: OrganizationConnection) => Promise<T>,
  ): Promise<T> {
    const role = quoteIdent(warehouseRoleName(organizationId));
    const schema = quoteIdent(warehouseSchemaName(organizationId));
    return holdingConnection(async () => {
      const client = await (await targetOf(organizationId)).pool.connect();
      let broken: Error | undefined;
      const connection: OrganizationConnection = {
        asPlatform: (statement) => inTurn(organizationId, async () => void (await client.query(statement))),
        transaction: (step) =>
          inTurn(organizationId, () =>
            inTransaction(
              client,
              () => step(client),
              (error) => (broken = error),
              `BEGIN; SET LOCAL ROLE ${role}; SET LOCAL search_path TO ${schema}`,
            ),
          ),
        // A transaction per COPY statement: the embedded database serves nobody else during a transaction,
        // and reading a big file must not hold it. There a COPY starts only once all its rows are in
        // (pglite-wire.ts), so they are read before its transaction begins, and fewer go in one statement;
        // PostgreSQL takes them as they come.
        copy: (copySql, rows, width) =>
          copyInto(client, copySql, rows, width, {
            around: (statement) => connection.transaction(statement),
            ...(database.kind === 'pglite' && { readFirst: true, rowsPerStatement: ROWS_PER_SHORT_COPY }),
          }),
        ...(database.kind === 'postgres' && {
          copyBytes: (copySql, bytes, statements) =>
            connection.transaction(() => copyBytesInto(client, copySql, bytes, statements)),
          copyBytesWithin: (copySql, bytes, statements) => copyBytesInto(client, copySql, bytes, statements),
        }),
      };
      try {
        return await work(connection);
      } catch (error) {
        broken ??= error as Error;
        throw error;
      } finally {
        client.release(broken ?? false);
      }
    });
  }

  /**
   * PostgreSQL: a connection of its own to the organization's warehouse, outside every pool, as the platform —
   * for work held as long as a client takes (an upload's stage: a slow client must not hold a pooled one).
   * Undefined on the embedded database. The caller ends it.
   */
  async function ownConnection(organizationId: string): Promise<pg.Client | undefined> {
    if (database.kind !== 'postgres') return undefined;
    const client = new pg.Client((await targetOf(organizationId)).pool.options);
    await client.connect();
    return client;
  }

  /**
   * A table the organization made (Import Flat File): created, or with `replace` dropped and created
   * again, by the platform's role (the warehouse's owner: an organization's role never holds DDL rights),
   * readable and writable by the organization's role, which then COPYs `rows` into it — all in one
   * transaction, so a refusal or a failure leaves the warehouse as it was. Answers the rows loaded.
   * Throws WarehouseTableExistsError when the name is taken and `replace` is not set (or names a view).
   */
  async function createTableFromRows(
    organizationId: string,
    table: NewTable,
    rows: Rows,
    options: { replace: boolean },
  ): Promise<number> {
    const schema = warehouseSchemaName(organizationId);
    const target = qualifiedName(schema, table.name);
    if (table.columns.length === 0) throw new TypeError('A table has at least one column');
    const definitions = table.columns.map((column) => `${quoteIdent(column.name)} ${column.sqlType}`);
    return inOwnTransaction(organizationId, async (client) => {
      // Two imports of one name wait for each other instead of failing on the second CREATE.
      await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `finboard:warehouse-table:${organizationId}:${table.name}`,
      ]);
      const existing = await existingRelation(client, schema, table.name);
      if (existing && (existing.kind !== 'table' || !options.replace))
        throw new WarehouseTableExistsError(table.name, existing.kind, existing.rows);
      if (existing) await client.query(`DROP TABLE ${target}`);
      await client.query(
        `CREATE TABLE ${target} (row_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, ${definitions.join(', ')})`,
      );
      const role = quoteIdent(warehouseRoleName(organizationId));
      await client.query(`REVOKE ALL ON ${target} FROM PUBLIC`);
      await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${target} TO ${role}`);
      await client.query(`SET LOCAL ROLE ${role}`);
      const copy = `COPY ${target} (${table.columns.map((column) => quoteIdent(column.name)).join(', ')}) FROM STDIN WITH (FORMAT csv)`;
      return copyInto(client, copy, rows, table.columns.length);
    });
  }

  /** A relation of the warehouse by its exact name, with its row count when it is a table. */
  async function existingRelation(
    client: PoolClient,
    schema: string,
    name: string,
  ): Promise<{ kind: 'table' | 'view'; rows: number } | undefined> {
    const found = await client.query<{ kind: string }>(
      `select c.relkind as kind from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
      [schema, name],
    );
    const kind = found.rows[0]?.kind;
    if (kind === undefined) return undefined;
    if (kind !== 'r' && kind !== 'p') return { kind: 'view', rows: 0 };
    const counted = await client.query<{ rows: string }>(`select count(*) as rows from ${qualifiedName(schema, name)}`);
    return { kind: 'table', rows: Number(counted.rows[0]!.rows) };
  }

  return {
    /**
     * Idempotent: schema, role and every warehouse migration of one organization, with its role's
     * grants, in `tx` when given (a new organization's transaction) or a transaction of its own. With
     * database isolation, its own database is created (and dropped again if a migration fails) and each
     * migration commits there on its own: no transaction spans two databases.
     */
    async provision(organizationId: string, tx?: Executor): Promise<void> {
      if (locator.isolation !== 'schema') await provisionPlaced(organizationId);
      else if (tx) await migrator.provision(tx, organizationId);
      else await db.transaction((own) => migrator.provision(own, organizationId));
    },

    /**
     * Start-up: brings every listed organization's warehouse to the latest version — creating missing
     * ones, each migration in a transaction of its own, several warehouses at once on PostgreSQL; one query
     * when none is behind.
     */
    migrateAll: (
      organizationIds: readonly string[],
      signal?: AbortSignal,
      onQueued?: () => void,
    ): Promise<MigrateAllResult> =>
      migrator.migrateAll(organizationIds, signal, {
        concurrency: database.kind === 'postgres' ? (deps.migrationConcurrency ?? DEFAULT_MIGRATION_CONCURRENCY) : 1,
        onQueued,
      }),

    /** Where start-up's migrations stand (metrics). */
    migrationProgress: migrator.progress,

    /** The warehouse's recorded version (WAREHOUSE_MIGRATIONS.length once up to date). */
    versionOf: migrator.versionOf,

    schemaOf,

    /** WAREHOUSE_ISOLATION: where organizations' warehouses live. */
    isolation: locator.isolation,

    /** Where the organization's warehouse is reached (Chat DB's readers connect there). */
    targetOf,

    /**
     * Runs `work` in the organization's turn at the embedded database (fairShares), for work that takes a pool
     * connection of its own (Chat DB's runner); at once on PostgreSQL. Never call it from inside a turn.
     */
    inTurn,

    /**
     * Undoes provision() for an organization whose creation failed: with database isolation its own
     * database is dropped; with schema isolation the warehouse went with the creation's transaction.
     */
    discard: (organizationId: string) => locator.drop(organizationId),

    /** The organization database pools (database isolation), at shutdown. */
    close: () => locator.close(),

    ownConnection,

    /** The organization's own role: what withOrganization() runs as. */
    roleOf: (organizationId: string) => warehouseRoleName(organizationId),

    /**
     * Runs `work` in a transaction as the organization's own role, search_path set to its schema only — a
     * defence for a statement that forgot its schema; every statement of ours names it (qualifiedName).
     */
    withOrganization,

    /**
     * Inside withOrganization(): where the platform's rows of a warehouse change go (its audit events), so
     * they commit (or roll back) with it — the same transaction back to the platform's role and search
     * path, or with database isolation the platform transaction around the warehouse's.
     */
    async leaveOrganization(tx: Executor): Promise<Executor> {
      const platformTx = platformTransactions.get(tx);
      if (platformTx) return platformTx;
      await tx.execute(sql.raw('RESET ROLE'));
      await tx.execute(sql.raw('SET LOCAL search_path TO DEFAULT'));
      return tx;
    },

    /** The organization's tables and views with their columns, as its own role sees them. */
    async catalog(organizationId: string): Promise<WarehouseCatalog> {
      const schema = warehouseSchemaName(organizationId);
      const columns = await withOrganization(organizationId, async (tx) =>
        rowsOf<{
          relation: string;
          kind: string;
          name: string;
          type: string;
          nullable: string;
          identity: string;
          generated: string;
          primary_key: boolean;
          has_default: boolean | null;
        }>(
          await tx.execute(sql`
            select c.table_name as relation, t.table_type as kind, c.column_name as name, c.data_type as type,
              c.is_nullable as nullable, c.is_identity as identity, c.is_generated as generated,
              exists (
                select 1 from information_schema.table_constraints k
                join information_schema.key_column_usage u
                  on u.constraint_schema = k.constraint_schema and u.constraint_name = k.constraint_name
                where k.table_schema = c.table_schema and k.table_name = c.table_name
                  and k.constraint_type = 'PRIMARY KEY' and u.column_name = c.column_name
              ) and not exists (
                -- A partitioned table's key holds its partition key because PostgreSQL requires it: the row's
                -- identity is the rest (02_GL_Detail: row_id, not period).
                select 1 from pg_catalog.pg_partitioned_table p
                join pg_catalog.pg_attribute a on a.attrelid = p.partrelid and a.attnum = any(p.partattrs::int2[])
                where p.partrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
                  and a.attname = c.column_name
              ) as primary_key,
              -- information_schema shows column_default to the owner only; pg_attribute to every role.
              (select a.atthasdef from pg_catalog.pg_attribute a
                where a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
                  and a.attname = c.column_name) as has_default
            from information_schema.columns c
            join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
            where c.table_schema = ${schema}
              -- A partition is part of its table (02_GL_Detail by period), never a table of its own.
              and not (select k.relispartition from pg_catalog.pg_class k
                where k.oid = format('%I.%I', c.table_schema, c.table_name)::regclass)
            order by c.table_name, c.ordinal_position`),
        ),
      );
      const relations = new Map<string, CatalogRelation>();
      for (const column of columns) {
        let relation = relations.get(column.relation);
        if (!relation) {
          relation = { name: column.relation, kind: column.kind === 'VIEW' ? 'view' : 'table', columns: [] };
          relations.set(column.relation, relation);
        }
        relation.columns.push({
          name: column.name,
          type: column.type,
          nullable: column.nullable === 'YES',
          primaryKey: column.primary_key,
          generated: column.identity === 'YES' || column.generated === 'ALWAYS',
          hasDefault: column.has_default === true,
        });
      }
      return { schema, relations: [...relations.values()] };
    },

    /** Bulk load through COPY … FROM STDIN (pg-copy-streams), as the organization's role, in one transaction; returns the row count. */
    async copyRows(
      organizationId: string,
      table: CanonicalTable,
      columns: readonly string[],
      rows: Rows,
      options: CopyOptions = {},
    ): Promise<number> {
      const [count] = await loadTables(organizationId, [{ table, columns, rows }], options);
      return count!;
    },

    /**
     * Several tables loaded as copyRows() loads one, in one transaction: with `replace`, a warehouse's
     * books are swapped whole or not at all. Give the loads in dependency order; returns each one's count.
     */
    loadTables,

    withOrganizationConnection,

    /**
     * Rebuilds the organization's monthly aggregates from its ledger (every period, or only `periods`) in one
     * transaction as its role; answers when and how many balance rows.
     */
    async refreshAggregates(organizationId: string, periods?: readonly string[]): Promise<AggregateRefresh> {
      const refreshed = await inOwnTransaction(organizationId, async (client) => {
        await client.query(`SET LOCAL ROLE ${quoteIdent(warehouseRoleName(organizationId))}`);
        return refreshAggregatesOn(client, warehouseSchemaName(organizationId), periods);
      });
      aggregatesChanged(organizationId);
      return refreshed;
    },

    createTableFromRows,

    /** The table or view named `name` in the organization's warehouse (a table with its row count), if any. */
    relationNamed(organizationId: string, name: string) {
      return inTurn(organizationId, async () => {
        const client = await (await targetOf(organizationId)).pool.connect();
        try {
          return await existingRelation(client, warehouseSchemaName(organizationId), name);
        } finally {
          client.release();
        }
      });
    },

    /**
     * Onboarding's clone: the reference data of one organization's warehouse (periods, chart of accounts)
     * copied into another's, never the ledger, budget or balances. Rows the target already has (by natural
     * key) are kept as they are, so a second run adds nothing. One transaction as the platform (the only
     * role that reaches both schemas); answers the rows added per table. Warehouses in two databases: the
     * source's rows are read as JSON and inserted from it in the target's transaction.
     */
    async copyReferenceData(
      fromOrganizationId: string,
      toOrganizationId: string,
    ): Promise<{ periods: number; accounts: number }> {
      const from = warehouseSchemaName(fromOrganizationId);
      const to = warehouseSchemaName(toOrganizationId);
      const source = await targetOf(fromOrganizationId);
      const sameDatabase = source === (await targetOf(toOrganizationId));
      const tables = ['00_Period', '01_Account'] as const;
      const rowsAsJson = new Map<string, string>();
      if (!sameDatabase)
        for (const table of tables) {
          const read = await source.pool.query<{ rows: string }>(
            `select coalesce(json_agg(t order by t.row_id), '[]')::text as rows from ${qualifiedName(from, table)} t`,
          );
          rowsAsJson.set(table, read.rows[0]!.rows);
        }
      const copied = await inOwnTransaction(toOrganizationId, async (client) => {
        const copy = async (table: (typeof tables)[number], key: string) => {
          const columns = CANONICAL_COLUMNS[table].map(quoteIdent).join(', ');
          const rows = sameDatabase
            ? qualifiedName(from, table)
            : `json_populate_recordset(null::${qualifiedName(to, table)}, $1::json)`;
          const result = await client.query(
            `INSERT INTO ${qualifiedName(to, table)} (${columns})
             SELECT ${columns} FROM ${rows} ORDER BY row_id
             ON CONFLICT (${quoteIdent(key)}) DO NOTHING`,
            sameDatabase ? [] : [rowsAsJson.get(table)],
          );
          return result.rowCount ?? 0;
        };
        const periods = await copy('00_Period', 'Period');
        const accounts = await copy('01_Account', 'account_code');
        // The monthly aggregates read the accounts (their types and names).
        if (accounts > 0) await refreshAggregatesOn(client, to);
        return { periods, accounts };
      });
      if (copied.accounts > 0) aggregatesChanged(toOrganizationId);
      return copied;
    },

    /**
     * Each warehouse's size on disk (tables, indexes, TOAST) and table count, by organization: one query
     * per database (one in all with schema isolation). A warehouse not made yet is left out, not made.
     */
    async sizes(organizationIds: readonly string[]): Promise<Map<string, { size: number; tables: number }>> {
      const result = new Map<string, { size: number; tables: number }>();
      const byDatabase = new Map<Database, string[]>();
      for (const id of organizationIds) {
        const target = await locator.find(id);
        if (target) byDatabase.set(target.db, [...(byDatabase.get(target.db) ?? []), id]);
      }
      for (const [where, ids] of byDatabase) await sizesIn(where, ids, result);
      return result;
    },

    /** Whether the organization's warehouse exists and keeps lineage (warehouse migration 3). */
    async keepsLineage(organizationId: string): Promise<boolean> {
      return hasLineage(queryClientOf((await targetOf(organizationId)).db), warehouseSchemaName(organizationId));
    },

    /** Whether the organization's warehouse has GL data (the header's info bell: viewHasData). */
    async hasData(organizationId: string): Promise<boolean> {
      const schema = warehouseSchemaName(organizationId);
      const gl = qualifiedName(schema, '02_GL_Detail');
      if (!(await relationExists(queryClientOf((await targetOf(organizationId)).db), schema, '02_GL_Detail')))
        return false;
      return withOrganization(organizationId, async (tx) => {
        const [row] = rowsOf<{ any: boolean }>(await tx.execute(sql.raw(`select exists (select 1 from ${gl}) as any`)));
        return row?.any === true;
      });
    },
  };
}

/**
 * Fair shares of the embedded database. PGlite is one backend serving every connection a transaction at a
 * time, first come first served (pglite-wire.ts): one organization's five heavy Studio reads, queued, made
 * another's one-page read wait behind all five, and behind five more for each further transaction or
 * statement of its request. There warehouse transactions run one at a time, each organization's in the
 * order asked, the next taken from the organization whose transactions have had the least time
 * (fair-scheduler.ts), before it takes a pool connection: an organization that asks while another works
 * waits for the transaction running, not for those queued, and its request's next transaction keeps its
 * place. When a transaction ends while others wait, the next is chosen after a round trip to the database:
 * the statements that queued there meanwhile (another organization's session check) go first, and their
 * request can ask in time. Connections held across transactions (a pipeline run's scratch table lives on
 * one) stay fewer than the pool's, so a transaction whose turn came always gets one. PostgreSQL runs
 * transactions side by side: nothing waits there.
 */
function fairShares(database: DatabaseHandle) {
  const connections = database.pool.options.max ?? 10;
  // One connection serves one transaction at a time whoever asks: there is nothing to share.
  if (database.kind !== 'pglite' || connections < 2)
    return {
      inTurn: <T>(_organizationId: string, work: () => Promise<T>) => work(),
      holdingConnection: <T>(work: () => Promise<T>) => work(),
    };
  const turns = createFairScheduler({ settle: () => database.pool.query('select 1') });
  const held = createLimiter(connections - 1);
  return {
    inTurn: <T>(organizationId: string, work: () => Promise<T>) => turns.run(organizationId, work),
    holdingConnection: <T>(work: () => Promise<T>) => held.run(work),
  };
}

/** The sizes of the listed organizations' warehouse schemas in one database, into `result`. */
async function sizesIn(
  db: Database,
  organizationIds: readonly string[],
  result: Map<string, { size: number; tables: number }>,
): Promise<void> {
  const schemas = new Map(organizationIds.map((id) => [warehouseSchemaName(id), id]));
  const rows = rowsOf<{ schema: string; size: string; tables: number }>(
    await db.execute(sql`
          select n.nspname as schema, coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as size,
            count(*) filter (where c.relkind in ('r', 'p') and not c.relispartition
              and c.relname !~ '^pipeline_stage_')::int as tables
          from pg_catalog.pg_namespace n
            left join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relkind in ('r', 'p')
          where n.nspname in (${sql.join(
            [...schemas.keys()].map((schema) => sql`${schema}`),
            sql`, `,
          )})
          group by n.nspname`),
  );
  for (const row of rows) result.set(schemas.get(row.schema)!, { size: Number(row.size), tables: Number(row.tables) });
}
