import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle, Executor } from '../db/client.ts';
import {
  CANONICAL_COLUMNS,
  CANONICAL_TABLES,
  canonicalModelStatements,
  warehouseMarker,
  type CanonicalTable,
} from './canonical-model.ts';
import { csvChunks } from './csv-rows.ts';
import {
  qualifiedName,
  quoteIdent,
  UnknownIdentifierError,
  warehouseRoleName,
  warehouseSchemaName,
  type CatalogRelation,
  type WarehouseCatalog,
} from './identifiers.ts';

/** Rows per COPY statement: the embedded database holds each COPY's data in memory (~5 MB of GL lines). */
const ROWS_PER_COPY = 50_000;
/** Rows per chunk written to a COPY stream (the stream itself applies back-pressure). */
const ROWS_PER_WRITE = 5_000;
/** Serializes provisioning (start-up and organization creation may race across processes). */
const PROVISION_LOCK = sql`select pg_advisory_xact_lock(hashtextextended('finboard:warehouse:provision', 0))`;

type Rows = Iterable<unknown[]> | AsyncIterable<unknown[]>;

export interface CopyOptions {
  /** Delete the tables' rows first, in the same transaction: the load replaces them or nothing changes. */
  replace?: boolean;
}

/** Rows for the named columns of one canonical table. */
export interface TableLoad {
  table: CanonicalTable;
  columns: readonly string[];
  rows: Rows;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type WarehouseService = ReturnType<typeof createWarehouseService>;

/**
 * Every organization's warehouse: a schema of its own holding the canonical model, reachable by a role
 * of its own. Work done on an organization's behalf runs as that role, so a query that names another
 * organization's schema (or the platform's tables) is refused by the database itself.
 */
export function createWarehouseService(deps: { database: DatabaseHandle; logger: FastifyBaseLogger }) {
  const { database, logger } = deps;
  const { db } = database;

  const schemaOf = (organizationId: string) => warehouseSchemaName(organizationId);

  async function provisionIn(tx: Executor, organizationId: string): Promise<void> {
    const schema = warehouseSchemaName(organizationId);
    const role = warehouseRoleName(organizationId);
    const s = quoteIdent(schema);
    const r = quoteIdent(role);
    const run = (statement: string) => tx.execute(sql.raw(statement));

    await tx.execute(PROVISION_LOCK);
    const [existing] = rowsOf<{ role: boolean; member: boolean }>(
      await tx.execute(sql`select exists (select 1 from pg_roles where rolname = ${role}) as role,
        exists (select 1 from pg_auth_members m join pg_roles g on g.oid = m.roleid
                where g.rolname = ${role} and m.member = (select oid from pg_roles where rolname = current_user)) as member`),
    );
    if (!existing?.role) await run(`CREATE ROLE ${r} NOLOGIN`);
    // SET ROLE needs membership unless the application connects as a superuser.
    if (!existing?.member) await run(`GRANT ${r} TO CURRENT_USER`);

    await run(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await run(`REVOKE ALL ON SCHEMA ${s} FROM PUBLIC`);
    for (const statement of canonicalModelStatements(schema)) await run(statement);

    await run(`GRANT USAGE ON SCHEMA ${s} TO ${r}`);
    const tables = CANONICAL_TABLES.map((table) => qualifiedName(schema, table)).join(', ');
    await run(`REVOKE ALL ON ${tables} FROM PUBLIC`);
    await run(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${tables} TO ${r}`);
    await run(`GRANT USAGE ON ALL SEQUENCES IN SCHEMA ${s} TO ${r}`);
    const views = (await viewNames(tx, schema)).map((view) => qualifiedName(schema, view)).join(', ');
    if (views) await run(`GRANT SELECT ON ${views} TO ${r}`);
    // The marker is written last: a schema carrying it is complete (start-up looks for it).
    await run(`COMMENT ON SCHEMA ${s} IS '${warehouseMarker()}'`);
  }

  const viewNames = async (tx: Executor, schema: string) =>
    rowsOf<{ name: string }>(
      await tx.execute(sql`select table_name as name from information_schema.views where table_schema = ${schema}`),
    ).map((row) => row.name);

  async function withOrganization<T>(organizationId: string, work: (tx: Executor) => Promise<T>): Promise<T> {
    // Both names are generated ('org_' / 'fb_org_' + hex), never user input, and need no quoting.
    const schema = warehouseSchemaName(organizationId);
    const role = warehouseRoleName(organizationId);
    return db.transaction(async (tx) => {
      // SET LOCAL ROLE and SET LOCAL search_path in one round trip (this runs on every Studio call).
      await tx.execute(sql`select set_config('role', ${role}, true), set_config('search_path', ${schema}, true)`);
      return work(tx);
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
    const client = await database.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL ROLE ${quoteIdent(warehouseRoleName(organizationId))}`);
      // Dependants first: loads come in dependency order (periods and accounts before GL lines).
      if (options.replace)
        for (const { target } of statements.toReversed()) await client.query(`DELETE FROM ${target}`);
      const counts: number[] = [];
      for (const [i, { rows, columns }] of loads.entries()) {
        const pieces = csvChunks(rows, columns.length, ROWS_PER_WRITE)[Symbol.asyncIterator]();
        let piece = await pieces.next();
        let count = 0;
        // One COPY per ROWS_PER_COPY rows: the embedded database takes each COPY whole (pglite-wire.ts).
        while (!piece.done) {
          const stream = client.query(copyFrom(statements[i]!.copy));
          await pipeline(
            Readable.from(
              (async function* () {
                for (let copied = 0; !piece.done && copied < ROWS_PER_COPY; piece = await pieces.next()) {
                  copied += piece.value.rows;
                  yield piece.value.csv;
                }
              })(),
            ),
            stream,
          );
          count += stream.rowCount;
        }
        counts.push(count);
      }
      await client.query('COMMIT');
      return counts;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        // The connection is unusable after a failed COPY: the pool must not hand it out again.
        broken = rollbackError as Error;
      }
      throw error;
    } finally {
      client.release(broken ?? false);
    }
  }

  return {
    /** Idempotent: schema, role, canonical tables, views and grants of one organization. */
    async provision(organizationId: string, tx?: Executor): Promise<void> {
      if (tx) await provisionIn(tx, organizationId);
      else await db.transaction((own) => provisionIn(own, organizationId));
    },

    /** Provisions those of `organizationIds` whose warehouse is missing or incomplete; one query when none is. */
    async provisionMissing(organizationIds: readonly string[]): Promise<string[]> {
      if (organizationIds.length === 0) return [];
      const complete = new Set(
        rowsOf<{ name: string }>(
          await db.execute(sql`select nspname as name from pg_namespace
            where obj_description(oid, 'pg_namespace') = ${warehouseMarker()}`),
        ).map((row) => row.name),
      );
      const missing = organizationIds.filter((id) => !complete.has(schemaOf(id)));
      for (const id of missing) await db.transaction((tx) => provisionIn(tx, id));
      if (missing.length > 0) logger.info({ count: missing.length }, 'provisioned missing organization warehouses');
      return missing;
    },

    schemaOf,

    /** The organization's own role: what withOrganization() runs as. */
    roleOf: (organizationId: string) => warehouseRoleName(organizationId),

    /** Runs `work` in a transaction as the organization's own role, search_path set to its schema only. */
    withOrganization,

    /**
     * Inside withOrganization(): back to the platform's role and search path for the rest of the
     * transaction, so the audit event of a warehouse change commits (or rolls back) with it.
     */
    async leaveOrganization(tx: Executor): Promise<void> {
      await tx.execute(sql.raw('RESET ROLE'));
      await tx.execute(sql.raw('SET LOCAL search_path TO DEFAULT'));
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
              ) as primary_key
            from information_schema.columns c
            join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
            where c.table_schema = ${schema}
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

    /** Whether the organization's warehouse has GL data (the header's info bell: viewHasData). */
    async hasData(organizationId: string): Promise<boolean> {
      const gl = qualifiedName(warehouseSchemaName(organizationId), '02_GL_Detail');
      const [found] = rowsOf<{ present: boolean }>(
        await db.execute(sql`select to_regclass(${gl}) is not null as present`),
      );
      if (!found?.present) return false;
      return withOrganization(organizationId, async (tx) => {
        const [row] = rowsOf<{ any: boolean }>(
          await tx.execute(sql.raw(`select exists (select 1 from ${quoteIdent('02_GL_Detail')}) as any`)),
        );
        return row?.any === true;
      });
    },
  };
}
