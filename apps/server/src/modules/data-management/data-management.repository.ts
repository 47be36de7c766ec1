import { sql, type SQL } from 'drizzle-orm';
import type { DataColumnType, DataFilter, DataRow } from '@finboard/shared/data-management';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { likeContaining, likeStartingWith } from '../../db/like.ts';
import {
  qualifiedName,
  qualifiedSql,
  quoteIdent,
  type CatalogColumn,
  type CatalogRelation,
} from '../../warehouse/identifiers.ts';

/**
 * SQL of the Data Management Studio. Every identifier here comes from the organization's catalog
 * (checked by the service) and is quoted by the warehouse's one helper; every value is a bound parameter.
 * Runs inside warehouse.withOrganization() as the organization's role; every relation is named with its
 * schema, so a table the search path would resolve elsewhere (one named pg_class) reads as itself.
 */

/** A catalog column with the Studio's type and the exact SQL type its parameters are cast to. */
export interface StudioColumn extends CatalogColumn {
  studioType: DataColumnType;
  castTo: string;
  editable: boolean;
  /** `castTo` is the column's own type: its values can come back as parameters and compare exactly. */
  comparable: boolean;
  /** A numeric money column of the column catalog: totalled over the filter. */
  money: boolean;
}

export interface StudioRelation {
  /** The warehouse schema the relation is in. */
  schema: string;
  relation: CatalogRelation;
  columns: StudioColumn[];
  /** The single primary key column (row_id) of a table; views have none. */
  key?: StudioColumn;
}

/** A filter whose column was checked and whose values were coerced to the column's type. */
export interface CheckedFilter {
  column: StudioColumn;
  op: DataFilter['op'];
  value?: unknown;
  valueTo?: unknown;
}

export interface Ordering {
  column: StudioColumn;
  descending: boolean;
}

/**
 * Where the next batch of an export starts. Tables are read by keyset: after the sort value and key of
 * the last row read, the rows whose sort value is null (`blanks`) as a run of their own, where the order
 * puts them (last ascending, first descending), so each query stays a plain range an index can serve.
 * Views have no key and read by offset: their order covers every column, so rows that tie are equal.
 */
export type BatchStart = { offset: number } | KeysetStart;
type KeysetStart = { blanks: boolean; after?: { value: string | null; key: string } };

export interface ExportBatch {
  rows: DataRow[];
  /** Absent after the last batch. */
  next?: BatchStart;
}

const ident = (name: string) => sql.raw(quoteIdent(name));
const columnRef = (column: StudioColumn) => sql.raw(`t.${quoteIdent(column.name)}`);
const param = (value: unknown, column: StudioColumn) => sql`${value}::${sql.raw(column.castTo)}`;

/** How a column is answered: numerics as decimal strings, dates 'YYYY-MM-DD', timestamps ISO 8601. */
function selectItem(column: StudioColumn): SQL {
  const ref = columnRef(column);
  const as = ident(column.name);
  switch (column.studioType) {
    case 'numeric':
      return sql`${ref}::text as ${as}`;
    case 'date':
      return sql`to_char(${ref}, 'YYYY-MM-DD') as ${as}`;
    case 'timestamp':
      return sql`to_json(${ref}) #>> '{}' as ${as}`;
    default:
      return sql`${ref} as ${as}`;
  }
}

const selectList = (target: StudioRelation) =>
  sql.join(
    target.columns.map((column) => selectItem(column)),
    sql`, `,
  );

/** pg answers bigint as a string: the client gets a number while it is a safe integer. */
function normalizeRow(target: StudioRelation, row: Record<string, unknown>): DataRow {
  const out: DataRow = {};
  for (const column of target.columns) {
    const value = row[column.name];
    if (value === null || value === undefined) out[column.name] = null;
    else if (column.studioType === 'bigint') {
      const number = Number(value);
      out[column.name] = Number.isSafeInteger(number) ? number : String(value);
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[column.name] = value;
    else out[column.name] = String(value);
  }
  return out;
}

function condition(filter: CheckedFilter): SQL {
  const { column, op } = filter;
  const ref = columnRef(column);
  // Text search works on any column's text form (e.g. an amount starting with "12").
  const asText = column.studioType === 'text' ? ref : sql`${ref}::text`;
  switch (op) {
    case 'eq':
      return sql`${ref} = ${param(filter.value, column)}`;
    case 'ne':
      return sql`${ref} is distinct from ${param(filter.value, column)}`;
    case 'contains':
      return sql`${asText} ilike ${likeContaining(String(filter.value))}`;
    case 'startsWith':
      return sql`${asText} ilike ${likeStartingWith(String(filter.value))}`;
    case 'gt':
      return sql`${ref} > ${param(filter.value, column)}`;
    case 'gte':
      return sql`${ref} >= ${param(filter.value, column)}`;
    case 'lt':
      return sql`${ref} < ${param(filter.value, column)}`;
    case 'lte':
      return sql`${ref} <= ${param(filter.value, column)}`;
    case 'between':
      return sql`${ref} between ${param(filter.value, column)} and ${param(filter.valueTo, column)}`;
    case 'blank':
      return column.studioType === 'text' ? sql`(${ref} is null or ${ref} = '')` : sql`${ref} is null`;
    case 'notBlank':
      return column.studioType === 'text' ? sql`(${ref} is not null and ${ref} <> '')` : sql`${ref} is not null`;
  }
}

const whereOf = (conditions: readonly SQL[]) =>
  conditions.length === 0 ? sql`` : sql` where ${sql.join([...conditions], sql` and `)}`;
const filtersOf = (filters: readonly CheckedFilter[]) => filters.map(condition);

/**
 * The sort column, then the key as tiebreak (row_id: an index on the sort column plus the primary key
 * lets PostgreSQL stop after one page); views, which have no key, break ties on their other columns.
 */
function orderOf(target: StudioRelation, ordering: Ordering): SQL {
  const direction = sql.raw(ordering.descending ? 'desc' : 'asc');
  const tiebreak = target.key ? [target.key] : target.columns.filter((column) => column.name !== ordering.column.name);
  const items = [ordering.column, ...tiebreak.filter((column) => column !== ordering.column)];
  return sql.join(
    items.map((column) => sql`${columnRef(column)} ${direction}`),
    sql`, `,
  );
}

/**
 * The planner's estimate, or the live rows the statistics counted since the last ANALYZE when that is
 * more (a table loaded a moment ago has not been analyzed yet: reltuples is -1 or stale).
 */
/**
 * A table's rows as its statistics count them; a partitioned table's (relkind p) as its own statistics count them
 * or its partitions' together, whichever is more.
 */
const estimateOf = (c: SQL) =>
  sql`greatest(${c}.reltuples, coalesce(pg_stat_get_live_tuples(${c}.oid), 0), (
    select sum(greatest(k.reltuples, coalesce(pg_stat_get_live_tuples(k.oid), 0))) from pg_catalog.pg_class k
    where ${c}.relkind = 'p' and k.oid in (select i.inhrelid from pg_catalog.pg_inherits i where i.inhparent = ${c}.oid)
  ))::float8`;

const relationOf = (target: StudioRelation) => qualifiedSql(target.schema, target.relation.name);
const from = (target: StudioRelation) => sql`${relationOf(target)} t`;

/**
 * Rows `offset` to `offset + limit` of the filtered, sorted relation, with `extra` select items. The
 * page's keys come first and only its rows are read and formatted: past the first page, formatting every
 * skipped row (to_char, numeric::text) made page 5,000 of a million GL lines about five times slower
 * (bench/data-management.ts); sorted by a column without an index, carrying whole rows through the sort
 * made the first page of a million lines by debit 3.5 times slower (380 ms against 105 ms). Only the
 * first page in key order, an index scan, reads its rows directly.
 */
async function selectRows(
  tx: Executor,
  target: StudioRelation,
  conditions: readonly SQL[],
  ordering: Ordering,
  limit: number,
  offset: number,
  extra: readonly SQL[] = [],
): Promise<Record<string, unknown>[]> {
  const order = orderOf(target, ordering);
  const items = sql.join([selectList(target), ...extra], sql`, `);
  const keyOrderFirstPage = offset === 0 && ordering.column === target.key;
  const query =
    target.key && !keyOrderFirstPage
      ? sql`select ${items} from ${from(target)}
            where ${columnRef(target.key)} in (
              select ${columnRef(target.key)} from ${from(target)}${whereOf(conditions)}
              order by ${order} limit ${limit} offset ${offset})
            order by ${order}`
      : sql`select ${items} from ${from(target)}${whereOf(conditions)}
            order by ${order} limit ${limit} offset ${offset}`;
  return rowsOf<Record<string, unknown>>(await tx.execute(query));
}

/** The rows after `start.after` in the run `start` names (see BatchStart); a table's key orders ties. */
function keysetConditions(target: StudioRelation, ordering: Ordering, start: KeysetStart) {
  const key = target.key!;
  const column = ordering.column;
  const beyond = sql.raw(ordering.descending ? '<' : '>');
  const conditions: SQL[] = [];
  if (column !== key && column.nullable)
    conditions.push(start.blanks ? sql`${columnRef(column)} is null` : sql`${columnRef(column)} is not null`);
  if (start.after) {
    const lastKey = sql`${start.after.key}::bigint`;
    conditions.push(
      column === key || start.blanks
        ? sql`${columnRef(key)} ${beyond} ${lastKey}`
        : sql`(${columnRef(column)}, ${columnRef(key)}) ${beyond} (${param(start.after.value, column)}, ${lastKey})`,
    );
  }
  return conditions;
}

/** A select alias no column of the relation has. */
function aliasBeside(target: StudioRelation, name: string): string {
  const taken = new Set(target.columns.map((column) => column.name));
  let alias = name;
  while (taken.has(alias)) alias = `_${alias}`;
  return alias;
}

export const dataManagementRepository = {
  async page(
    tx: Executor,
    target: StudioRelation,
    filters: readonly CheckedFilter[],
    ordering: Ordering,
    limit: number,
    offset: number,
  ): Promise<DataRow[]> {
    const rows = await selectRows(tx, target, filtersOf(filters), ordering, limit, offset);
    return rows.map((row) => normalizeRow(target, row));
  },

  async count(tx: Executor, target: StudioRelation, filters: readonly CheckedFilter[]): Promise<number> {
    const [row] = rowsOf<{ n: string | number }>(
      await tx.execute(sql`select count(*)::bigint as n from ${from(target)}${whereOf(filtersOf(filters))}`),
    );
    return Number(row?.n ?? 0);
  },

  /**
   * The sum of every money column over the whole filter (the same conditions as the page), summed as
   * numeric and answered as text: exact to the cent however many rows. None of them: no query.
   */
  async totals(
    tx: Executor,
    target: StudioRelation,
    filters: readonly CheckedFilter[],
  ): Promise<Record<string, string>> {
    const money = target.columns.filter((column) => column.money);
    if (money.length === 0) return {};
    const sums = money.map((column) => sql`coalesce(sum(${columnRef(column)}), 0.00)::text as ${ident(column.name)}`);
    const [row] = rowsOf<Record<string, string>>(
      await tx.execute(sql`select ${sql.join(sums, sql`, `)} from ${from(target)}${whereOf(filtersOf(filters))}`),
    );
    return Object.fromEntries(money.map((column) => [column.name, String(row?.[column.name] ?? '0.00')]));
  },

  /** The row estimate of a table (-1: unknown). */
  async estimate(tx: Executor, target: StudioRelation): Promise<number> {
    const [row] = rowsOf<{ n: number | null }>(
      await tx.execute(
        sql`select ${estimateOf(sql`c`)} as n from pg_catalog.pg_class c
          where c.oid = to_regclass(${qualifiedName(target.schema, target.relation.name)})`,
      ),
    );
    return row?.n ?? -1;
  },

  /** Row estimates of every table of a schema, in one query. */
  async estimates(tx: Executor, schema: string): Promise<Map<string, number>> {
    const rows = rowsOf<{ name: string; n: number }>(
      await tx.execute(sql`select c.relname as name, ${estimateOf(sql`c`)} as n
        from pg_catalog.pg_class c join pg_catalog.pg_namespace s on s.oid = c.relnamespace
        where s.nspname = ${schema} and c.relkind in ('r', 'p') and not c.relispartition`),
    );
    return new Map(rows.map((row) => [row.name, row.n]));
  },

  async findByKey(tx: Executor, target: StudioRelation, key: string, lock = false): Promise<DataRow | undefined> {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(
        sql`select ${selectList(target)} from ${from(target)}
            where ${columnRef(target.key!)} = ${key}::bigint${lock ? sql` for update` : sql``}`,
      ),
    );
    return rows[0] && normalizeRow(target, rows[0]);
  },

  /** The keys of the rows whose `column` (text) holds one of `values`, by value. */
  async keysOf(
    tx: Executor,
    target: StudioRelation,
    column: StudioColumn,
    values: readonly string[],
  ): Promise<Map<string, string>> {
    if (values.length === 0) return new Map();
    const rows = rowsOf<{ value: string; key: string }>(
      await tx.execute(
        sql`select ${columnRef(column)} as value, ${columnRef(target.key!)}::text as key from ${from(target)}
            where ${columnRef(column)} in ${[...new Set(values)]}`,
      ),
    );
    return new Map(rows.map((row) => [row.value, row.key]));
  },

  /** Inserts a row; `loadId`: the load it is written as (lineage), never a value of the request. */
  async insert(
    tx: Executor,
    target: StudioRelation,
    values: Map<StudioColumn, unknown>,
    loadId?: number,
  ): Promise<DataRow> {
    const columns = [...values.keys()];
    const names = columns.map((column) => ident(column.name));
    const params = columns.map((column) => param(values.get(column), column));
    if (loadId !== undefined) {
      names.push(ident('load_id'));
      params.push(sql`${loadId}::bigint`);
    }
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(
        sql`insert into ${relationOf(target)} as t (${sql.join(names, sql`, `)}) values (${sql.join(
          params,
          sql`, `,
        )}) returning ${selectList(target)}`,
      ),
    );
    return normalizeRow(target, rows[0]!);
  },

  /** Whether writing `values` would change the row (false: every column already holds its value). */
  async differs(tx: Executor, target: StudioRelation, key: string, values: Map<StudioColumn, unknown>) {
    const columns = sql.join(
      [...values.keys()].map((column) => columnRef(column)),
      sql`, `,
    );
    const given = sql.join(
      [...values].map(([column, value]) => param(value, column)),
      sql`, `,
    );
    const [row] = rowsOf<{ differs: boolean }>(
      await tx.execute(
        sql`select row(${columns}) is distinct from row(${given}) as differs from ${from(target)}
            where ${columnRef(target.key!)} = ${key}::bigint`,
      ),
    );
    return row?.differs !== false;
  },

  /** Updates a row; `editLoadId`: the Studio load that edits it (lineage), never a value of the request. */
  async update(
    tx: Executor,
    target: StudioRelation,
    key: string,
    values: Map<StudioColumn, unknown>,
    editLoadId?: number,
  ): Promise<DataRow | undefined> {
    const assignments = [...values].map(([column, value]) => sql`${ident(column.name)} = ${param(value, column)}`);
    if (editLoadId !== undefined) assignments.push(sql`${ident('edit_load_id')} = ${editLoadId}::bigint`);
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(
        sql`update ${from(target)} set ${sql.join(assignments, sql`, `)}
            where ${columnRef(target.key!)} = ${key}::bigint returning ${selectList(target)}`,
      ),
    );
    return rows[0] && normalizeRow(target, rows[0]);
  },

  async remove(tx: Executor, target: StudioRelation, key: string): Promise<DataRow | undefined> {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(
        sql`delete from ${from(target)} where ${columnRef(target.key!)} = ${key}::bigint returning ${selectList(target)}`,
      ),
    );
    return rows[0] && normalizeRow(target, rows[0]);
  },

  /** Where an export of the relation in this order starts (see BatchStart). */
  firstBatch(target: StudioRelation, ordering: Ordering): BatchStart {
    if (!target.key || !ordering.column.comparable) return { offset: 0 };
    const blanksFirst = ordering.descending && ordering.column !== target.key && ordering.column.nullable;
    return { blanks: blanksFirst };
  },

  /**
   * One batch of an export: up to `limit` filtered, sorted rows from `start`, and where the next batch
   * starts. Each batch is a query of its own, so the caller can read it in a short transaction and hold
   * nothing while the rows travel to the client.
   */
  async exportBatch(
    tx: Executor,
    target: StudioRelation,
    filters: readonly CheckedFilter[],
    ordering: Ordering,
    limit: number,
    start: BatchStart,
  ): Promise<ExportBatch> {
    if ('offset' in start) {
      const rows = await selectRows(tx, target, filtersOf(filters), ordering, limit, start.offset);
      return {
        rows: rows.map((row) => normalizeRow(target, row)),
        next: rows.length < limit ? undefined : { offset: start.offset + rows.length },
      };
    }
    const column = ordering.column;
    const key = target.key!;
    // The sort value as text, exactly as the column's type reads it back (numerics, timestamps, floats).
    const sortValue = aliasBeside(target, 'sort_value');
    const raw = await selectRows(
      tx,
      target,
      [...filtersOf(filters), ...keysetConditions(target, ordering, start)],
      ordering,
      limit,
      0,
      [sql`${columnRef(column)}::text as ${ident(sortValue)}`],
    );
    const rows = raw.map((row) => normalizeRow(target, row));
    const last = raw.at(-1);
    if (last && rows.length === limit) {
      const value = start.blanks ? null : String(last[sortValue]);
      return { rows, next: { blanks: start.blanks, after: { value, key: String(rows.at(-1)![key.name]) } } };
    }
    // This run is done; the blanks come after the values ascending, before them descending.
    const blanksNext = column !== key && column.nullable && !start.blanks && !ordering.descending;
    const valuesNext = start.blanks && ordering.descending;
    return { rows, next: blanksNext || valuesNext ? { blanks: blanksNext } : undefined };
  },

  /** Whether `value` occurs in `column` of any of `tables` (group values: accounts, periods, dimensions). */
  async valueExists(tx: Executor, schema: string, places: readonly { table: string; column: string }[], value: string) {
    const probes = places.map(
      (place) =>
        sql`exists (select 1 from ${qualifiedSql(schema, place.table)} where ${ident(place.column)} = ${value})`,
    );
    const [row] = rowsOf<{ found: boolean }>(await tx.execute(sql`select (${sql.join(probes, sql` or `)}) as found`));
    return row?.found === true;
  },

  async periodClosed(tx: Executor, schema: string, period: string): Promise<boolean | undefined> {
    const [row] = rowsOf<{ closed: boolean }>(
      await tx.execute(
        sql`select is_closed as closed from ${qualifiedSql(schema, '00_Period')} where ${ident('Period')} = ${period}`,
      ),
    );
    return row?.closed;
  },
};
