import { sql, type SQL } from 'drizzle-orm';
import type { DataColumnType, DataFilter, DataRow } from '@finboard/shared/data-management';
import type { Executor } from '../../db/client.ts';
import { quoteIdent, type CatalogColumn, type CatalogRelation } from '../../warehouse/identifiers.ts';

/**
 * SQL of the Data Management Studio. Every identifier here comes from the organization's catalog
 * (checked by the service) and is quoted by the warehouse's one helper; every value is a bound parameter.
 * Runs inside warehouse.withOrganization(): the organization's role, search_path = its schema only.
 */

/** A catalog column with the Studio's type and the exact SQL type its parameters are cast to. */
export interface StudioColumn extends CatalogColumn {
  studioType: DataColumnType;
  castTo: string;
  editable: boolean;
}

export interface StudioRelation {
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

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

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
      return sql`${asText} ilike ${`%${escapeLike(String(filter.value))}%`}`;
    case 'startsWith':
      return sql`${asText} ilike ${`${escapeLike(String(filter.value))}%`}`;
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

const whereOf = (filters: readonly CheckedFilter[]) =>
  filters.length === 0 ? sql`` : sql` where ${sql.join(filters.map(condition), sql` and `)}`;

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
const estimateOf = (c: SQL) => sql`greatest(${c}.reltuples, coalesce(pg_stat_get_live_tuples(${c}.oid), 0))::float8`;

const from = (target: StudioRelation) => sql`${ident(target.relation.name)} t`;

export const dataManagementRepository = {
  async page(
    tx: Executor,
    target: StudioRelation,
    filters: readonly CheckedFilter[],
    ordering: Ordering,
    limit: number,
    offset: number,
  ): Promise<DataRow[]> {
    const order = orderOf(target, ordering);
    // The page's keys come first and only its rows are read and formatted: past the first page,
    // formatting every skipped row (to_char, numeric::text) made page 5,000 of a million GL lines about
    // five times slower (bench/data-management.ts); sorted by a column without an index, carrying whole
    // rows through the sort made the first page of a million lines by debit 3.5 times slower (380 ms
    // against 105 ms). Only the first page in key order, an index scan, reads its rows directly.
    const keyOrderFirstPage = offset === 0 && ordering.column === target.key;
    const query =
      target.key && !keyOrderFirstPage
        ? sql`select ${selectList(target)} from ${from(target)}
              where ${columnRef(target.key)} in (
                select ${columnRef(target.key)} from ${from(target)}${whereOf(filters)}
                order by ${order} limit ${limit} offset ${offset})
              order by ${order}`
        : sql`select ${selectList(target)} from ${from(target)}${whereOf(filters)}
              order by ${order} limit ${limit} offset ${offset}`;
    const rows = rowsOf<Record<string, unknown>>(await tx.execute(query));
    return rows.map((row) => normalizeRow(target, row));
  },

  async count(tx: Executor, target: StudioRelation, filters: readonly CheckedFilter[]): Promise<number> {
    const [row] = rowsOf<{ n: string | number }>(
      await tx.execute(sql`select count(*)::bigint as n from ${from(target)}${whereOf(filters)}`),
    );
    return Number(row?.n ?? 0);
  },

  /** The row estimate of a table of the search path (-1: unknown). */
  async estimate(tx: Executor, table: string): Promise<number> {
    const [row] = rowsOf<{ n: number | null }>(
      await tx.execute(
        sql`select ${estimateOf(sql`c`)} as n from pg_class c where c.oid = to_regclass(${quoteIdent(table)})`,
      ),
    );
    return row?.n ?? -1;
  },

  /** Row estimates of every table of a schema, in one query. */
  async estimates(tx: Executor, schema: string): Promise<Map<string, number>> {
    const rows = rowsOf<{ name: string; n: number }>(
      await tx.execute(sql`select c.relname as name, ${estimateOf(sql`c`)} as n
        from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where s.nspname = ${schema} and c.relkind = 'r'`),
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

  async insert(tx: Executor, target: StudioRelation, values: Map<StudioColumn, unknown>): Promise<DataRow> {
    const columns = [...values.keys()];
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(
        sql`insert into ${ident(target.relation.name)} as t (${sql.join(
          columns.map((column) => ident(column.name)),
          sql`, `,
        )}) values (${sql.join(
          columns.map((column) => param(values.get(column), column)),
          sql`, `,
        )}) returning ${selectList(target)}`,
      ),
    );
    return normalizeRow(target, rows[0]!);
  },

  async update(
    tx: Executor,
    target: StudioRelation,
    key: string,
    values: Map<StudioColumn, unknown>,
  ): Promise<DataRow | undefined> {
    const assignments = [...values].map(([column, value]) => sql`${ident(column.name)} = ${param(value, column)}`);
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

  /**
   * Streams the filtered, sorted rows through a cursor, `batch` at a time, to `sink` (all rows of a big
   * table without holding them in memory). Runs inside the caller's transaction.
   */
  async each(
    tx: Executor,
    target: StudioRelation,
    filters: readonly CheckedFilter[],
    ordering: Ordering,
    batch: number,
    sink: (rows: DataRow[]) => Promise<void>,
  ): Promise<void> {
    await tx.execute(
      sql`declare studio_export no scroll cursor for
          select ${selectList(target)} from ${from(target)}${whereOf(filters)} order by ${orderOf(target, ordering)}`,
    );
    for (;;) {
      const rows = rowsOf<Record<string, unknown>>(
        await tx.execute(sql.raw(`fetch forward ${Math.trunc(batch)} from studio_export`)),
      );
      if (rows.length === 0) break;
      await sink(rows.map((row) => normalizeRow(target, row)));
      if (rows.length < batch) break;
    }
    await tx.execute(sql.raw('close studio_export'));
  },

  /** Whether `value` occurs in `column` of any of `tables` (group values: accounts, periods, dimensions). */
  async valueExists(tx: Executor, places: readonly { table: string; column: string }[], value: string) {
    const probes = places.map(
      (place) => sql`exists (select 1 from ${ident(place.table)} where ${ident(place.column)} = ${value})`,
    );
    const [row] = rowsOf<{ found: boolean }>(await tx.execute(sql`select (${sql.join(probes, sql` or `)}) as found`));
    return row?.found === true;
  },

  async periodClosed(tx: Executor, period: string): Promise<boolean | undefined> {
    const [row] = rowsOf<{ closed: boolean }>(
      await tx.execute(sql`select is_closed as closed from ${ident('00_Period')} where ${ident('Period')} = ${period}`),
    );
    return row?.closed;
  },
};
