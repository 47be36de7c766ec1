import type { SavedLayout } from '@finboard/shared/layouts';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { SavedColumnLayout } from '@finboard/shared/column-mapping';
import type { dataTypeListQuerySchema, DataTypeColumn } from '@finboard/shared/data-types';
import type { Executor } from '../../db/client.ts';
import { likeContaining } from '../../db/like.ts';
import { matchingCount, pageAndTotal } from '../../db/paging.ts';
import { dataTypes, organizations } from '../../db/schema.ts';

export type DataTypeRow = typeof dataTypes.$inferSelect;
export type NewDataTypeRow = typeof dataTypes.$inferInsert;
export type DataTypeListQuery = Omit<z.output<typeof dataTypeListQuerySchema>, 'organizationId'>;

/** A standard type as seeded: the same for every organization. */
export interface StandardDataType {
  key: string;
  name: string;
  description: string;
  targetTable: string;
  columns: readonly DataTypeColumn[];
  delimiter: string;
  periodBased: boolean;
}

export const dataTypesRepository = (db: Executor) => ({
  async list(organizationId: string, query: DataTypeListQuery): Promise<{ rows: DataTypeRow[]; total: number }> {
    const where = and(
      eq(dataTypes.organizationId, organizationId),
      query.name ? sql`${dataTypes.name} ilike ${likeContaining(query.name)}` : undefined,
      query.targetTable ? eq(dataTypes.targetTable, query.targetTable) : undefined,
    );
    const direction = query.sortOrder === 'desc' ? desc : asc;
    const sortKey: Record<DataTypeListQuery['sortBy'], SQL> = {
      name: sql`lower(${dataTypes.name})`,
      targetTable: sql`${dataTypes.targetTable}`,
      updatedAt: sql`${dataTypes.updatedAt}`,
    };
    const { rows, total } = await pageAndTotal(
      db,
      dataTypes,
      where,
      db
        .select({ row: dataTypes, total: matchingCount(dataTypes, where) })
        .from(dataTypes)
        .where(where)
        .orderBy(direction(sortKey[query.sortBy]), asc(sql`lower(${dataTypes.name})`), asc(dataTypes.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    );
    return { rows: rows.map((row) => row.row), total };
  },

  /** Every data type of the organization (of every organization without one: start-up only), by name. */
  allOf(organizationId?: string): Promise<DataTypeRow[]> {
    return db
      .select()
      .from(dataTypes)
      .where(organizationId ? eq(dataTypes.organizationId, organizationId) : undefined)
      .orderBy(dataTypes.organizationId, sql`lower(${dataTypes.name})`, dataTypes.id);
  },

  /** A data type of this organization (another organization's id finds nothing, as an unknown one). */
  async findById(organizationId: string, id: string, forUpdate = false): Promise<DataTypeRow | undefined> {
    const query = db
      .select()
      .from(dataTypes)
      .where(and(eq(dataTypes.organizationId, organizationId), eq(dataTypes.id, id)))
      .limit(1);
    const [row] = await (forUpdate ? query.for('update') : query);
    return row;
  },

  /** Whether another data type of the organization already has this name (case-insensitive, as the index says). */
  async nameTaken(organizationId: string, name: string, exceptId?: string): Promise<boolean> {
    const [row] = await db
      .select({ id: dataTypes.id })
      .from(dataTypes)
      .where(
        and(
          eq(dataTypes.organizationId, organizationId),
          sql`lower(${dataTypes.name}) = lower(${name})`,
          exceptId ? ne(dataTypes.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  async insert(organizationId: string, values: Omit<NewDataTypeRow, 'id' | 'organizationId'>): Promise<DataTypeRow> {
    const [row] = await db
      .insert(dataTypes)
      .values({ ...values, organizationId })
      .returning();
    return row!;
  },

  async update(
    organizationId: string,
    id: string,
    values: Partial<Omit<NewDataTypeRow, 'id' | 'organizationId' | 'standardKey'>>,
  ): Promise<DataTypeRow | undefined> {
    const [row] = await db
      .update(dataTypes)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(dataTypes.organizationId, organizationId), eq(dataTypes.id, id)))
      .returning();
    return row;
  },

  /** The layouts confirmed at upload; not an edit of the type, so `updated_at` stays. */
  async setColumnMappings(
    organizationId: string,
    id: string,
    layouts: SavedColumnLayout[],
  ): Promise<DataTypeRow | undefined> {
    const [row] = await db
      .update(dataTypes)
      .set({ columnMappings: layouts })
      .where(and(eq(dataTypes.organizationId, organizationId), eq(dataTypes.id, id)))
      .returning();
    return row;
  },

  async setLayouts(organizationId: string, id: string, layouts: SavedLayout[]): Promise<void> {
    await db
      .update(dataTypes)
      .set({ layouts })
      .where(and(eq(dataTypes.organizationId, organizationId), eq(dataTypes.id, id)));
  },

  async delete(organizationId: string, id: string): Promise<DataTypeRow | undefined> {
    const [row] = await db
      .delete(dataTypes)
      .where(and(eq(dataTypes.organizationId, organizationId), eq(dataTypes.id, id)))
      .returning();
    return row;
  },

  /** Adds each standard type the organization lacks, in one statement. */
  insertMissingStandard: (standard: readonly StandardDataType[], organizationId: string) =>
    insertMissingStandard(db, standard, organizationId),

  /** The platform's start-up seeding: the same for every organization at once. */
  insertMissingStandardForAll: (standard: readonly StandardDataType[]) => insertMissingStandard(db, standard),
});

/**
 * A standard type already there, or a type of the organization's own holding its name, is left alone.
 * Without an organization: every organization (start-up only, never on a request's behalf).
 */
async function insertMissingStandard(
  db: Executor,
  standard: readonly StandardDataType[],
  organizationId?: string,
): Promise<{ organizationId: string; name: string }[]> {
  const values = sql.join(
    standard.map(
      (type) =>
        sql`(${type.key}, ${type.name}, ${type.description}, ${type.targetTable}, ${JSON.stringify(type.columns)}::jsonb, ${type.delimiter}, ${type.periodBased}::boolean)`,
    ),
    sql`, `,
  );
  const result = await db.execute<{ organization_id: string; name: string }>(sql`
    insert into ${dataTypes} (organization_id, standard_key, name, description, target_table, columns, delimiter, period_based)
    select o.id, s.key, s.name, s.description, s.target_table, s.columns, s.delimiter, s.period_based
    from ${organizations} o
    cross join (values ${values}) as s(key, name, description, target_table, columns, delimiter, period_based)
    where ${organizationId ? sql`o.id = ${organizationId}` : sql`true`}
    order by o.id, s.key
    on conflict do nothing
    returning organization_id, name`);
  return (result as unknown as { rows: { organization_id: string; name: string }[] }).rows.map((row) => ({
    organizationId: row.organization_id,
    name: row.name,
  }));
}
