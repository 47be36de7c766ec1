import { MAX_SAVED_LAYOUTS, type Layout, type SavedLayout } from '@finboard/shared/layouts';
import {
  columnMappingFor,
  withSavedLayout,
  type ColumnMapping,
  type SavedColumnLayout,
} from '@finboard/shared/column-mapping';
import {
  dataTypeMessages,
  STANDARD_DATA_TYPES,
  type DataType,
  type DataTypeColumn,
  type DataTypeFields,
} from '@finboard/shared/data-types';
import { paginationOf, type Pagination } from '@finboard/shared/pagination';
import type { WarehouseTable } from '@finboard/shared/warehouse';
import type { Database, Executor } from '../../db/client.ts';
import { CANONICAL_COLUMNS } from '../../warehouse/canonical-model.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, invalidInput, notFound } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Principal } from '../../principal.ts';
import {
  dataTypesRepository,
  type DataTypeListQuery,
  type DataTypeRow,
  type StandardDataType,
} from './data-types.repository.ts';

export function toDataType(row: DataTypeRow): DataType {
  return {
    id: row.id,
    organization_id: row.organizationId,
    name: row.name,
    description: row.description,
    targetTable: row.targetTable as WarehouseTable,
    columns: row.columns as DataTypeColumn[],
    delimiter: row.delimiter as DataType['delimiter'],
    periodBased: row.periodBased,
    isStandard: row.standardKey !== null,
    columnMappings: row.columnMappings as SavedColumnLayout[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What the audit trail keeps: the type as the API shows it, without the timestamps the event has itself
 * and the saved column layouts (a by-product of uploads, not an edit).
 */
const snapshot = (row: DataTypeRow) => {
  const { createdAt: _created, updatedAt: _updated, columnMappings: _layouts, ...rest } = toDataType(row);
  return rest;
};

const STANDARD: readonly StandardDataType[] = STANDARD_DATA_TYPES.map((type) => ({ ...type, delimiter: ',' }));

const columnsOf = (fields: DataTypeFields) => ({
  name: fields.name,
  description: fields.description,
  targetTable: fields.targetTable,
  // Stored as the API answers them: `format` only when there is one.
  columns: fields.columns.map(({ format, ...column }) => ({ ...column, ...(format && { format }) })),
  delimiter: fields.delimiter,
  periodBased: fields.periodBased,
});

/**
 * Every expected column must be one the target table has, or a file of this type could never load
 * (names compared in any letter case, as the duplicate-column rule does). Each wrong column is named.
 */
function assertColumnsOfTarget(fields: DataTypeFields): void {
  const known = new Set<string>(CANONICAL_COLUMNS[fields.targetTable].map((name) => name.toLowerCase()));
  const errors = fields.columns.flatMap((column, index) =>
    known.has(column.name.toLowerCase())
      ? []
      : [{ msg: dataTypeMessages.notAColumn(column.name, fields.targetTable), path: `columns.${index}.name` }],
  );
  if (errors.length > 0) throw badRequest('NOT_A_COLUMN', errors[0]!.msg, errors);
}

const nameTaken = () => conflict('DATA_TYPE_NAME_TAKEN', dataTypeMessages.nameTaken, 'name');
const missing = () => notFound(dataTypeMessages.notFound);

export type DataTypesService = ReturnType<typeof createDataTypesService>;

/** Every data type has its pipeline (issue 10): added in the transaction that adds the type. */
export interface DataTypePipelines {
  /** Adds the pipelines these data types lack; how many were added. */
  addMissing(tx: Executor, dataTypes: readonly { id: string; organizationId: string }[]): Promise<number>;
}

export function createDataTypesService(deps: { db: Database; audit: AuditService; pipelines: DataTypePipelines }) {
  const { db, audit, pipelines } = deps;

  /**
   * Runs `work` on a data type of the organization, in a transaction holding its row. Another
   * organization's id answers 404 like an unknown one, so ids of other tenants reveal nothing.
   */
  const changeDataType = <T>(
    organizationId: string,
    id: string,
    work: (tx: Executor, before: DataTypeRow) => Promise<T>,
  ) =>
    db
      .transaction(async (tx) => {
        const before = await dataTypesRepository(tx).findById(organizationId, id, true);
        if (!before) throw missing();
        return work(tx, before);
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'data_types_organization_name_unique')) throw nameTaken();
        throw error;
      });

  const auditChange = (
    tx: Executor,
    actor: Principal | null,
    action: string,
    row: DataTypeRow,
    before: unknown,
    after: unknown,
  ) =>
    audit.record(
      { actor, action, entityType: 'data_type', entityId: row.id, organizationId: row.organizationId, before, after },
      tx,
    );

  /** Seeds the standard types an organization (or every one) lacks; one audit event per organization seeded. */
  async function seed(actor: Principal | null, tx: Executor, organizationId?: string): Promise<number> {
    const repo = dataTypesRepository(tx);
    const added = organizationId
      ? await repo.insertMissingStandard(STANDARD, organizationId)
      : await repo.insertMissingStandardForAll(STANDARD);
    await pipelines.addMissing(tx, await repo.allOf(organizationId));
    const byOrganization = new Map<string, string[]>();
    for (const row of added)
      byOrganization.set(row.organizationId, [...(byOrganization.get(row.organizationId) ?? []), row.name]);
    for (const [id, names] of byOrganization) {
      await audit.record(
        {
          actor,
          action: 'data_types.standard_seeded',
          entityType: 'organization',
          entityId: id,
          organizationId: id,
          after: { dataTypes: names },
        },
        tx,
      );
    }
    return added.length;
  }

  return {
    async list(
      organizationId: string,
      query: DataTypeListQuery,
    ): Promise<{ dataTypes: DataType[]; pagination: Pagination }> {
      const { rows, total } = await dataTypesRepository(db).list(organizationId, query);
      return { dataTypes: rows.map(toDataType), pagination: paginationOf(query, total) };
    },

    /** Every data type of the organization, by name (the pipelines' names, tables and columns). */
    async listAll(organizationId: string): Promise<DataType[]> {
      return (await dataTypesRepository(db).allOf(organizationId)).map(toDataType);
    },

    async get(organizationId: string, id: string): Promise<DataType> {
      const row = await dataTypesRepository(db).findById(organizationId, id);
      if (!row) throw missing();
      return toDataType(row);
    },

    /** The organization's data type, or nothing when it has none by that id (another organization's included). */
    async find(organizationId: string, id: string): Promise<DataType | undefined> {
      const row = await dataTypesRepository(db).findById(organizationId, id);
      return row && toDataType(row);
    },

    async create(actor: Principal, organizationId: string, fields: DataTypeFields): Promise<DataType> {
      assertColumnsOfTarget(fields);
      return db
        .transaction(async (tx) => {
          const repo = dataTypesRepository(tx);
          if (await repo.nameTaken(organizationId, fields.name)) throw nameTaken();
          const row = await repo.insert(organizationId, columnsOf(fields));
          await pipelines.addMissing(tx, [row]);
          await auditChange(tx, actor, 'data_type.created', row, null, snapshot(row));
          return toDataType(row);
        })
        .catch((error: unknown) => {
          // The unique index is the last word when two people add the same name at once.
          if (isUniqueViolation(error, 'data_types_organization_name_unique')) throw nameTaken();
          throw error;
        });
    },

    /** Edit Data Type. A standard type keeps its target table: uploads and pipelines of that table rely on it. */
    async update(actor: Principal, organizationId: string, id: string, fields: DataTypeFields): Promise<DataType> {
      assertColumnsOfTarget(fields);
      return changeDataType(organizationId, id, async (tx, before) => {
        if (before.standardKey !== null && fields.targetTable !== before.targetTable) {
          throw badRequest('STANDARD_DATA_TYPE', dataTypeMessages.standardTargetFixed, [
            { msg: dataTypeMessages.standardTargetFixed, path: 'targetTable' },
          ]);
        }
        const repo = dataTypesRepository(tx);
        if (await repo.nameTaken(organizationId, fields.name, id)) throw nameTaken();
        const row = (await repo.update(organizationId, id, columnsOf(fields)))!;
        await auditChange(tx, actor, 'data_type.updated', row, snapshot(before), snapshot(row));
        return toDataType(row);
      });
    },

    async remove(actor: Principal, organizationId: string, id: string): Promise<void> {
      await changeDataType(organizationId, id, async (tx, before) => {
        if (before.standardKey !== null) throw conflict('STANDARD_DATA_TYPE', dataTypeMessages.standardNotDeletable);
        await dataTypesRepository(tx).delete(organizationId, id);
        await auditChange(tx, actor, 'data_type.deleted', before, snapshot(before), null);
      });
    },

    /**
     * Keeps a column layout confirmed at upload, newest first (at most MAX_SAVED_LAYOUTS), so the next file
     * with this header maps itself. The mapping is checked against the type and the header first.
     */
    async saveColumnMapping(
      organizationId: string,
      dataTypeId: string,
      header: readonly string[],
      mapping: ColumnMapping,
    ): Promise<SavedColumnLayout[]> {
      return db.transaction(async (tx) => {
        const repo = dataTypesRepository(tx);
        const row = await repo.findById(organizationId, dataTypeId, true);
        if (!row) throw missing();
        const checked = columnMappingFor(toDataType(row), header).safeParse(mapping);
        if (!checked.success) throw invalidInput(checked.error.issues, 'columnMapping');
        const layouts = withSavedLayout(row.columnMappings as SavedColumnLayout[], header, checked.data);
        await repo.setColumnMappings(organizationId, dataTypeId, layouts);
        return layouts;
      });
    },

    /** The layout confirmed earlier for files whose header has this fingerprint (issue 23), if any. */
    async savedLayout(organizationId: string, dataTypeId: string, fingerprint: string): Promise<Layout | undefined> {
      const row = await dataTypesRepository(db).findById(organizationId, dataTypeId);
      return (row?.layouts as SavedLayout[] | undefined)?.find((saved) => saved.fingerprint === fingerprint)?.layout;
    },

    /** Keeps a layout confirmed on an upload for the next file of the same header (the newest first). */
    async saveLayout(organizationId: string, dataTypeId: string, fingerprint: string, layout: Layout): Promise<void> {
      await db.transaction(async (tx) => {
        const repo = dataTypesRepository(tx);
        const row = await repo.findById(organizationId, dataTypeId, true);
        if (!row) throw missing();
        const others = (row.layouts as SavedLayout[]).filter((saved) => saved.fingerprint !== fingerprint);
        await repo.setLayouts(
          organizationId,
          dataTypeId,
          [{ fingerprint, layout }, ...others].slice(0, MAX_SAVED_LAYOUTS),
        );
      });
    },

    /** Puts back layouts read earlier: onboarding undoes a clone that failed half-way. */
    async restoreColumnMappings(organizationId: string, dataTypeId: string, layouts: SavedColumnLayout[]) {
      await dataTypesRepository(db).setColumnMappings(organizationId, dataTypeId, layouts);
    },

    /** A new organization starts with the standard types, in the transaction that creates it. */
    seedStandardForOrganization: (actor: Principal, organizationId: string, tx: Executor) =>
      seed(actor, tx, organizationId),

    /** At start-up: every organization lacking a standard type gets it (idempotent). Returns how many were added. */
    seedStandardForAll: () => db.transaction((tx) => seed(null, tx)),
  };
}
