import { PassThrough, pipeline, type Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  dataManagementMessages as m,
  GROUP_VALUE_COLUMNS,
  type CheckValueData,
  type DataColumn,
  type DataColumnType,
  type DataFilter,
  type DataHistoryEntry,
  type DataListData,
  type DataListQueryParsed,
  type DataRow,
  type DataTablesData,
  type HistoryAction,
  type RowOrigin,
} from '@finboard/shared/data-management';
import { isCalendarDate, isTimestamp } from '@finboard/shared/validation';
import {
  columnLabel,
  displayTableName,
  isLineageColumn,
  isMoneyColumn,
  isWarehouseSystemTable,
} from '@finboard/shared/warehouse';
import { paginationOf, type Pagination } from '@finboard/shared/pagination';
import type { Executor } from '../../db/client.ts';
import { sqlStateOf } from '../../db/errors.ts';
import { AppError, badRequest, conflict, internalError, notFound } from '../../errors.ts';
import { spreadsheetCsv, type CsvRecord } from '../../platform/csv/csv-writer.ts';
import {
  assertColumnInRelation,
  assertRelationInCatalog,
  UnknownIdentifierError,
  type CatalogColumn,
  type CatalogRelation,
  type WarehouseCatalog,
} from '../../warehouse/identifiers.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Principal } from '../auth/principal.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { RESERVED_TABLE_NAMES } from '@finboard/shared/journals';
import { GL_TABLE, guardLineWrite, journalsOfLineWrite } from './journal-guard.ts';
import { recordRowChanges, rowEntityId, WAREHOUSE_ROW_ENTITY, type RowChange } from './row-changes.ts';
import type { StudioChange, StudioLedger } from './studio-change.ts';
import {
  dataManagementRepository,
  type BatchStart,
  type CheckedFilter,
  type Ordering,
  type StudioColumn,
  type StudioRelation,
} from './data-management.repository.ts';

/**
 * The catalog of an organization is read once and kept this long. The warehouse's DDL changes only when
 * it is provisioned (organization creation, model upgrades at start-up), and a table name is looked up
 * on every request: one information_schema query per request would cost more than the page itself.
 * An unknown name never refreshes the cache, so hostile names cannot make every request expensive.
 */
const CATALOG_TTL_MS = 60_000;
/** Above this many rows an unfiltered table answers the planner's estimate instead of count(*). */
const ESTIMATE_THRESHOLD = 100_000;
/**
 * Rows an export reads per query (and transaction). The first batch is small, so the file starts at once;
 * each next one is twice as big up to the largest: a sort that no index serves scans the whole table for
 * every batch (measured on 300,000 GL lines by debit on PostgreSQL: ~4 times the old single cursor at
 * 2,000 rows a batch). The largest bounds the memory an export holds. A batch grows only while it stays
 * under EXPORT_BATCH_MS or costs hardly more than the one before (that sort's scan takes as long for any
 * batch): on the embedded database every other organization's statement waits for it (a batch of 10,000
 * GL lines in key order held it 0.2–1 s on the shared two-core machine).
 */
const EXPORT_BATCH_ROWS = { first: 1_000, largest: 10_000 };
const EXPORT_BATCH_MS = 100;
/**
 * Rows of an export turned into CSV at once: formatting 10,000 GL lines took 80–200 ms of the event loop,
 * which every other request waited for, on PostgreSQL too (bench/tenant-fairness.ts).
 */
const EXPORT_CSV_ROWS = 1_000;
const MAX_TEXT_LENGTH = 1000;
const ROW_ID = /^[1-9][0-9]{0,17}$/;
export { WAREHOUSE_ROW_ENTITY };

/** information_schema's type names → the Studio's types and the cast their parameters get. */
const TYPES: Record<string, { type: DataColumnType; cast: string }> = {
  text: { type: 'text', cast: 'text' },
  'character varying': { type: 'text', cast: 'text' },
  character: { type: 'text', cast: 'text' },
  smallint: { type: 'integer', cast: 'smallint' },
  integer: { type: 'integer', cast: 'integer' },
  bigint: { type: 'bigint', cast: 'bigint' },
  numeric: { type: 'numeric', cast: 'numeric' },
  real: { type: 'numeric', cast: 'real' },
  'double precision': { type: 'numeric', cast: 'double precision' },
  date: { type: 'date', cast: 'date' },
  boolean: { type: 'boolean', cast: 'boolean' },
  'timestamp without time zone': { type: 'timestamp', cast: 'timestamp' },
  'timestamp with time zone': { type: 'timestamp', cast: 'timestamptz' },
};

const fieldError = (message: string, path: string) => badRequest('INVALID_VALUE', message, [{ msg: message, path }]);
const tableNotFound = () => notFound(m.tableNotFound);
const recordNotFound = () => notFound(m.recordNotFound);
const viewsReadOnly = () => new AppError(405, 'VIEW_READ_ONLY', m.viewsReadOnly);

function studioColumn(column: CatalogColumn, isView: boolean): StudioColumn {
  const known = TYPES[column.type];
  return {
    ...column,
    studioType: known?.type ?? 'text',
    castTo: known?.cast ?? 'text',
    // Types the Studio does not know are shown as text but never written back.
    editable: !isView && !column.generated && !column.primaryKey && known !== undefined,
    comparable: known !== undefined,
    money: known?.type === 'numeric' && isMoneyColumn(column.name),
  };
}

/** A value as the column's type needs it; '' and null are "no value". Throws 400 naming the column. */
function coerce(column: StudioColumn, raw: unknown): unknown {
  const name = column.name;
  if (raw === null || raw === undefined || raw === '') return null;
  switch (column.studioType) {
    case 'text':
      if (typeof raw !== 'string' && typeof raw !== 'number') throw fieldError(m.mustBeText(name), name);
      if (String(raw).length > MAX_TEXT_LENGTH) throw fieldError(m.tooLong(name), name);
      return String(raw);
    case 'integer':
    case 'bigint': {
      const limit = column.castTo === 'smallint' ? 32_767 : column.castTo === 'integer' ? 2_147_483_647 : 2 ** 53 - 1;
      const number = typeof raw === 'string' && /^\s*[-+]?\d+\s*$/.test(raw) ? Number(raw) : raw;
      if (typeof number !== 'number' || !Number.isInteger(number) || Math.abs(number) > limit)
        throw fieldError(m.mustBeInteger(name), name);
      return number;
    }
    case 'numeric': {
      const text =
        typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
      if (!/^[-+]?(\d{1,20}(\.\d{0,10})?|\.\d{1,10})$/.test(text)) throw fieldError(m.mustBeNumber(name), name);
      return text;
    }
    case 'date':
      if (typeof raw !== 'string' || !isCalendarDate(raw.trim())) throw fieldError(m.mustBeDate(name), name);
      return raw.trim();
    case 'timestamp':
      if (typeof raw !== 'string' || !isTimestamp(raw.trim())) throw fieldError(m.mustBeTimestamp(name), name);
      return raw.trim();
    case 'boolean':
      if (raw === true || raw === 'true') return true;
      if (raw === false || raw === 'false') return false;
      throw fieldError(m.mustBeBoolean(name), name);
  }
}

/** 'Key (period)=(2099-01) is not present in table "00_Period".' → the column, the value and the table. */
function foreignKeyParts(detail: string | undefined) {
  const match = detail?.match(
    /^Key \(("?)(.+?)\1\)=\((.*)\) is (not present in|still referenced from) table "?([^"]+)"?\.?$/s,
  );
  return match
    ? { column: match[2]!, value: match[3]!, referenced: match[4] === 'not present in', table: match[5]! }
    : undefined;
}

/** A value missing from its master table, in words: 'Period 2024-13 does not exist'. */
function missingMasterValue(parts: { column: string; value: string; table: string }): string | undefined {
  if (parts.table === '00_Period' && parts.column === 'period') return m.periodUnknown(parts.value);
  if (parts.table === '01_Account' && parts.column === 'account_code') return m.accountUnknown(parts.value);
  return undefined;
}

/** Database refusals of a write, as the spec's messages naming the column. */
function writeRefusal(error: unknown, target: StudioRelation, fallback: string): AppError | undefined {
  const state = sqlStateOf(error);
  const table = target.relation.name;
  switch (state.code) {
    case '23505':
      return conflict('DUPLICATE_RECORD', m.duplicate);
    case '23502': {
      const column = state.column ?? 'A value';
      return fieldError(m.required(column), column);
    }
    case '23503': {
      const parts = foreignKeyParts(state.detail);
      if (parts && !parts.referenced) {
        const message = m.stillReferenced(displayTableName(parts.table));
        return badRequest('RECORD_REFERENCED', message);
      }
      const column = parts?.column ?? state.constraint?.replace(`${table}_`, '').replace(/_fkey$/, '') ?? 'A value';
      const missing = parts && missingMasterValue(parts);
      return fieldError(missing ?? m.foreignKey(column, displayTableName(parts?.table ?? 'another table')), column);
    }
    case '23514': {
      // Canonical check constraints are named <table>_<column>[_<rule>].
      const rest = state.constraint?.startsWith(`${table}_`) ? state.constraint.slice(table.length + 1) : undefined;
      const column =
        target.columns.find((candidate) => rest === candidate.name || rest?.startsWith(`${candidate.name}_`))?.name ??
        rest ??
        'A value';
      return fieldError(m.notAllowed(column), column);
    }
    case '22003':
    case '22P02':
    case '22007':
    case '22008':
      return badRequest('INVALID_VALUE', fallback);
    default:
      return undefined;
  }
}

/** A page as the route parses it; totals are asked for explicitly (they read the whole filter). */
type StudioPageQuery = Omit<DataListQueryParsed, 'totals'> & { totals?: boolean };

export type DataManagementService = ReturnType<typeof createDataManagementService>;
export type DataManagementRepository = typeof dataManagementRepository;

const ACCOUNT_TABLE = '01_Account';

export function createDataManagementService(deps: {
  warehouse: Pick<WarehouseService, 'catalog' | 'withOrganization' | 'leaveOrganization'>;
  audit: Pick<AuditService, 'record' | 'listForOrganizationEntity'>;
  organizations: Pick<OrganizationsService, 'assertExists'>;
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Lineage and the monthly aggregates of every write (studio-change.ts). */
  ledger: StudioLedger;
  /** A user's name as the row origins show it ('Demo User'). */
  nameOf: (userId: string) => Promise<string | undefined>;
  /** Told once a write has committed (the portfolio's summaries follow the aggregates). Never awaited. */
  onWritten?: (organizationId: string) => void;
  repository?: DataManagementRepository;
  catalogTtlMs?: number;
  exportBatchRows?: { first: number; largest: number };
}) {
  const { warehouse, audit, organizations, ledger } = deps;
  const repo = deps.repository ?? dataManagementRepository;
  const ttl = deps.catalogTtlMs ?? CATALOG_TTL_MS;
  const exportBatchRows = deps.exportBatchRows ?? EXPORT_BATCH_ROWS;
  const catalogs = new Map<string, { catalog: WarehouseCatalog; until: number }>();

  async function catalogOf(organizationId: string): Promise<WarehouseCatalog> {
    const cached = catalogs.get(organizationId);
    if (cached && cached.until > Date.now()) return cached.catalog;
    await organizations.assertExists(organizationId);
    const whole = await warehouse.catalog(organizationId);
    // The reports' aggregates and the lineage are Finboard's own (rebuilt or written by it alone): not the
    // Studio's tables, and the lineage columns are read through a row's origin, never edited as values.
    const relations = whole.relations
      .filter((relation) => !isWarehouseSystemTable(relation.name))
      .map((relation) => ({
        ...relation,
        columns: relation.columns.filter((column) => !isLineageColumn(column.name)),
      }));
    const catalog = { ...whole, relations };
    if (catalog.relations.length > 0) catalogs.set(organizationId, { catalog, until: Date.now() + ttl });
    return catalog;
  }

  /** The relation a URL names, checked against the organization's own catalog: 404 for anything else. */
  async function resolve(organizationId: string, table: string, forWriting = false): Promise<StudioRelation> {
    // API segments (`/crud/{orgId}/journals`) are never tables, whatever a warehouse holds.
    if ((RESERVED_TABLE_NAMES as readonly string[]).includes(table)) throw tableNotFound();
    const catalog = await catalogOf(organizationId);
    let relation;
    try {
      relation = assertRelationInCatalog(catalog, table);
    } catch (error) {
      if (error instanceof UnknownIdentifierError) throw tableNotFound();
      throw error;
    }
    if (forWriting && relation.kind === 'view') throw viewsReadOnly();
    return studioRelation(catalog.schema, relation);
  }

  function studioRelation(schema: string, relation: CatalogRelation): StudioRelation {
    const isView = relation.kind === 'view';
    const columns = relation.columns.map((column) => studioColumn(column, isView));
    const keys = columns.filter((column) => column.primaryKey);
    const key = !isView && keys.length === 1 && keys[0]!.studioType === 'bigint' ? keys[0] : undefined;
    return { schema, relation, columns, key };
  }

  function columnOf(target: StudioRelation, name: unknown): StudioColumn {
    try {
      const found = assertColumnInRelation(target.relation, name);
      return target.columns.find((column) => column.name === found.name)!;
    } catch (error) {
      if (error instanceof UnknownIdentifierError) {
        const text = String(name);
        throw fieldError(m.unknownColumn(text), text);
      }
      throw error;
    }
  }

  function checkFilters(target: StudioRelation, filters: readonly DataFilter[]): CheckedFilter[] {
    return filters.map((filter) => {
      const column = columnOf(target, filter.column);
      if (filter.op === 'blank' || filter.op === 'notBlank') return { column, op: filter.op };
      const needsValue = (raw: unknown) => {
        if (raw === null || raw === undefined || raw === '')
          throw fieldError(m.filterNeedsValue(column.name), 'filters');
        return raw;
      };
      if (filter.op === 'contains' || filter.op === 'startsWith')
        return { column, op: filter.op, value: String(needsValue(filter.value)) };
      const value = coerce(column, needsValue(filter.value));
      const valueTo = filter.op === 'between' ? coerce(column, needsValue(filter.valueTo)) : undefined;
      return { column, op: filter.op, value, valueTo };
    });
  }

  function orderingOf(target: StudioRelation, sortBy: string | undefined, sortOrder: 'asc' | 'desc'): Ordering {
    const column = sortBy ? columnOf(target, sortBy) : (target.key ?? target.columns[0]!);
    return { column, descending: sortOrder === 'desc' };
  }

  /** The body's columns and their coerced values; unknown and read-only columns are refused. */
  function valuesOf(target: StudioRelation, body: Record<string, unknown>, rowId?: string) {
    const values = new Map<StudioColumn, unknown>();
    for (const [name, raw] of Object.entries(body)) {
      const column = columnOf(target, name);
      // A grid may send the whole row back: its own key, unchanged, is not a change.
      if (rowId !== undefined && column === target.key && String(raw) === rowId) continue;
      if (!column.editable) throw fieldError(m.notEditable(column.name), column.name);
      values.set(column, coerce(column, raw));
    }
    if (values.size === 0) throw badRequest('NO_VALUES', m.noValues);
    return values;
  }

  function keyed(target: StudioRelation, rowId: string) {
    if (!target.key || !ROW_ID.test(rowId)) throw recordNotFound();
    return target.key;
  }

  /** Unexpected failures answer the spec's message of the operation (details stay in the log). */
  async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw internalError('DATA_MANAGEMENT_FAILED', message, error);
    }
  }

  async function recordChange(
    tx: Executor,
    principal: Principal,
    organizationId: string,
    table: string,
    action: HistoryAction,
    row: DataRow,
    before: DataRow | null,
    after: DataRow | null,
  ) {
    await recordRowChanges({ warehouse, audit }, tx, principal, organizationId, table, [
      { action, row, before, after },
    ]);
  }

  /**
   * One row's write. Ledger lines keep their journals balanced and their periods open (journal-guard.ts), and
   * the monthly aggregates follow their journals in the same transaction (studio-change.ts).
   */
  async function rowWrite(
    tx: Executor,
    target: StudioRelation,
    change: StudioChange,
    row: { before?: DataRow; values: Map<StudioColumn, unknown> },
    write: () => Promise<DataRow | undefined>,
  ): Promise<DataRow | undefined> {
    if (target.relation.name !== GL_TABLE) return write();
    const line = {
      before: row.before,
      values: Object.fromEntries([...row.values].map(([column, value]) => [column.name, value])),
    };
    let settle = async () => undefined as void;
    const after = await guardLineWrite(tx, target.schema, line, async () => {
      // The journals are locked now: their share of the aggregates holds until the write.
      // An edit names its columns (a description edit leaves the aggregates as they are); an insert or a
      // delete moves its line's amounts whatever they are.
      const edited = row.before && row.values.size > 0 ? Object.keys(line.values) : undefined;
      settle = await change.linesChanging(journalsOfLineWrite(line), edited);
      return write();
    });
    await settle();
    return after;
  }

  /** The user as the row origins name them. */
  const actorOf = async (principal: Principal) => (await deps.nameOf(principal.id)) || principal.email;

  /** Runs a write; database refusals become the spec's messages, anything else stays a 500. */
  async function write<T>(
    organizationId: string,
    target: StudioRelation,
    fallback: string,
    work: (tx: Executor) => Promise<T>,
  ) {
    let result: T;
    try {
      result = await warehouse.withOrganization(organizationId, work);
    } catch (error) {
      throw writeRefusal(error, target, fallback) ?? error;
    }
    deps.onWritten?.(organizationId);
    return result;
  }

  const core = {
    async tables(organizationId: string): Promise<DataTablesData> {
      const catalog = await catalogOf(organizationId);
      const tables = catalog.relations.filter((relation) => relation.kind === 'table');
      const counts = await warehouse.withOrganization(organizationId, async (tx) => {
        const estimates = await repo.estimates(tx, catalog.schema);
        const out = new Map<string, number>();
        for (const table of tables) {
          const estimate = estimates.get(table.name) ?? -1;
          out.set(
            table.name,
            estimate >= ESTIMATE_THRESHOLD
              ? Math.round(estimate)
              : await repo.count(tx, studioRelation(catalog.schema, table), []),
          );
        }
        return out;
      });
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      return {
        tables: tables
          .map((table) => ({
            name: table.name,
            displayName: displayTableName(table.name),
            rowEstimate: counts.get(table.name),
          }))
          .sort(byName),
        views: catalog.relations
          .filter((relation) => relation.kind === 'view')
          .map((view) => ({ name: view.name, displayName: displayTableName(view.name) }))
          .sort(byName),
      };
    },

    async list(
      organizationId: string,
      table: string,
      query: StudioPageQuery,
    ): Promise<DataListData & { pagination: Pagination }> {
      const target = await resolve(organizationId, table);
      const filters = checkFilters(target, query.filters);
      const ordering = orderingOf(target, query.sortBy, query.sortOrder);
      const offset = (query.page - 1) * query.pageSize;
      const page = await warehouse.withOrganization(organizationId, async (tx) => {
        const rows = await repo.page(tx, target, filters, ordering, query.pageSize, offset);
        let total: number;
        let totalIsEstimate = false;
        const estimate =
          filters.length === 0 && target.relation.kind === 'table' ? await repo.estimate(tx, target) : -1;
        if (estimate >= ESTIMATE_THRESHOLD) {
          // Never less than what the pages shown so far prove to exist.
          total = Math.max(Math.round(estimate), offset + rows.length);
          totalIsEstimate = true;
        } else if (query.page === 1 && rows.length < query.pageSize) {
          total = rows.length;
        } else {
          total = await repo.count(tx, target, filters);
        }
        return {
          columns: target.columns.map((column): DataColumn => ({
            name: column.name,
            label: columnLabel(column.name),
            type: column.studioType,
            nullable: column.nullable,
            primaryKey: column.primaryKey,
            editable: column.editable,
            required: column.editable && !column.nullable && !column.hasDefault,
            money: column.money,
          })),
          rows,
          pagination: paginationOf(query, total, totalIsEstimate),
        };
      });
      if (!query.totals) return page;
      // The money totals read every row of the filter: a transaction of their own, so that on the embedded
      // database another organization waits behind one of the two reads, not both. (The grid shows them
      // beside every later page of the filter too, each read apart.)
      const totals = await warehouse.withOrganization(organizationId, (tx) => repo.totals(tx, target, filters));
      return { ...page, totals };
    },

    async create(principal: Principal, organizationId: string, table: string, body: Record<string, unknown>) {
      const target = await resolve(organizationId, table, true);
      const values = valuesOf(target, body);
      const name = target.relation.name;
      const actor = await actorOf(principal);
      return write(organizationId, target, m.createFailed, async (tx) => {
        const change = ledger.open(tx, target.schema, actor);
        const row = (await rowWrite(tx, target, change, { values }, async () =>
          repo.insert(tx, target, values, await change.adding(name)),
        ))!;
        if (name === ACCOUNT_TABLE) await change.accountChanged(null, row);
        await recordChange(tx, principal, organizationId, table, 'created', row, null, row);
        return row;
      });
    },

    async update(
      principal: Principal,
      organizationId: string,
      table: string,
      rowId: string,
      body: Record<string, unknown>,
    ) {
      const target = await resolve(organizationId, table, true);
      keyed(target, rowId);
      const values = valuesOf(target, body, rowId);
      const name = target.relation.name;
      const actor = await actorOf(principal);
      return write(organizationId, target, m.updateFailed, async (tx) => {
        const before = await repo.findByKey(tx, target, rowId, true);
        if (!before) throw recordNotFound();
        // Values it already holds are no change: nothing is written, recorded or marked as edited.
        if (!(await repo.differs(tx, target, rowId, values))) return before;
        const change = ledger.open(tx, target.schema, actor);
        const after = (await rowWrite(tx, target, change, { before, values }, async () =>
          repo.update(tx, target, rowId, values, await change.editing(name, [rowId])),
        ))!;
        if (name === ACCOUNT_TABLE) await change.accountChanged(before, after);
        await recordChange(tx, principal, organizationId, table, 'updated', after, before, after);
        return after;
      });
    },

    /**
     * Accounts of 01_Account given other subtypes (account code → subtype) as one Studio change of the user:
     * one transaction and one Studio load, each changed row kept and recorded as an edit of it would be (an
     * account that already holds its subtype is left as it is), the cash flow refreshed when one becomes or
     * stops being a cash account. `alongside` runs last in the same transaction, on the platform's side
     * (leaveOrganization): what it writes commits with the accounts, and what it throws rolls them back.
     */
    async setAccountSubtypes<T>(
      principal: Principal,
      organizationId: string,
      subtypes: ReadonlyMap<string, string>,
      alongside: (platformTx: Executor) => Promise<T>,
    ): Promise<T> {
      const target = await resolve(organizationId, ACCOUNT_TABLE, true);
      const code = columnOf(target, 'account_code');
      const subtype = columnOf(target, 'account_subtype');
      if (!subtype.editable) throw fieldError(m.notEditable(subtype.name), subtype.name);
      if (!target.key) throw recordNotFound();
      const actor = await actorOf(principal);
      return write(organizationId, target, m.updateFailed, async (tx) => {
        const keys = await repo.keysOf(tx, target, code, [...subtypes.keys()]);
        const change = ledger.open(tx, target.schema, actor);
        const changes: RowChange[] = [];
        for (const [accountCode, value] of subtypes) {
          const key = keys.get(accountCode);
          const before = key === undefined ? undefined : await repo.findByKey(tx, target, key, true);
          if (key === undefined || !before) throw recordNotFound();
          const values = new Map([[subtype, coerce(subtype, value)]]);
          if (!(await repo.differs(tx, target, key, values))) continue;
          const after = (await repo.update(tx, target, key, values, await change.editing(ACCOUNT_TABLE, [key])))!;
          await change.accountChanged(before, after);
          changes.push({ action: 'updated', row: after, before, after });
        }
        await recordRowChanges({ warehouse, audit }, tx, principal, organizationId, ACCOUNT_TABLE, changes);
        return alongside(await warehouse.leaveOrganization(tx));
      });
    },

    async remove(principal: Principal, organizationId: string, table: string, rowId: string): Promise<void> {
      const target = await resolve(organizationId, table, true);
      keyed(target, rowId);
      const name = target.relation.name;
      const actor = await actorOf(principal);
      await write(organizationId, target, m.deleteFailed, async (tx) => {
        const before = await repo.findByKey(tx, target, rowId, true);
        if (!before) throw recordNotFound();
        const change = ledger.open(tx, target.schema, actor);
        await rowWrite(tx, target, change, { before, values: new Map() }, async () => {
          await change.removing(name, [rowId]);
          await repo.remove(tx, target, rowId);
          return undefined;
        });
        if (name === ACCOUNT_TABLE) await change.accountChanged(before, null);
        await recordChange(tx, principal, organizationId, table, 'deleted', before, before, null);
      });
    },

    /** Where the row came from: its load and its last Studio edit (null when no load is recorded for it). */
    async origin(organizationId: string, table: string, rowId: string): Promise<RowOrigin | null> {
      const target = await resolve(organizationId, table);
      keyed(target, rowId);
      return warehouse.withOrganization(organizationId, async (tx) => {
        const origin = await ledger.origin(tx, target.schema, target.relation.name, rowId);
        if (origin === undefined || (origin === null && !(await repo.findByKey(tx, target, rowId))))
          throw recordNotFound();
        return origin;
      });
    },

    async history(organizationId: string, table: string, rowId: string): Promise<DataHistoryEntry[]> {
      const target = await resolve(organizationId, table);
      keyed(target, rowId);
      const events = await audit.listForOrganizationEntity(
        organizationId,
        WAREHOUSE_ROW_ENTITY,
        rowEntityId(table, rowId),
      );
      return events.map((event) => ({
        id: event.id,
        action: event.action.replace('warehouse_row.', '') as HistoryAction,
        actorEmail: event.actorEmail,
        createdAt: event.createdAt.toISOString(),
        before: (event.before as DataRow | null) ?? null,
        after: (event.after as DataRow | null) ?? null,
      }));
    },

    /**
     * CSV of every row of the current filtered, sorted view. A request never holds the database at the
     * client's pace: rows are read in batches (see BatchStart), each in a short transaction of its own,
     * and the next batch only when the client has taken the previous one (pipeline() pulls the generator
     * as the body drains). Fastify destroys the body when the client goes away (reply.js sendStream), which
     * ends the pipeline and returns the generator: nothing stays open. Checks and the first batch come
     * before the first byte, so a bad table, column or filter still answers the usual 4xx, a failing
     * query the usual 500; a failure later cuts the response off (the client sees an incomplete transfer).
     * Batches are not one snapshot: a row edited during a long export may show its old or new place.
     */
    async exportCsv(
      organizationId: string,
      table: string,
      query: Pick<DataListQueryParsed, 'sortBy' | 'sortOrder' | 'filters'>,
    ): Promise<{ filename: string; stream: Readable }> {
      const target = await resolve(organizationId, table);
      const filters = checkFilters(target, query.filters);
      const ordering = orderingOf(target, query.sortBy, query.sortOrder);
      const { columns } = target;
      let limit = exportBatchRows.first;
      /** How long the last batch half as big as `limit` took. */
      let smallerMs: number | undefined;
      const readBatch = async (start: BatchStart) => {
        let ms = 0;
        const batch = await warehouse.withOrganization(organizationId, async (tx) => {
          const started = performance.now();
          const read = await repo.exportBatch(tx, target, filters, ordering, limit, start);
          ms = performance.now() - started;
          return read;
        });
        if (
          limit < exportBatchRows.largest &&
          (smallerMs === undefined || ms < EXPORT_BATCH_MS || ms < smallerMs * 1.5)
        ) {
          smallerMs = ms;
          limit = Math.min(limit * 2, exportBatchRows.largest);
        }
        return batch;
      };
      const first = await readBatch(repo.firstBatch(target, ordering));
      const record = (row: DataRow): CsvRecord => columns.map((column) => row[column.name] ?? null);
      const context = { organizationId, table };
      const logger = deps.logger;

      async function* csv() {
        let rows = 0;
        let outcome: 'done' | 'failed' | 'cancelled' = 'cancelled';
        try {
          yield spreadsheetCsv([columns.map((column) => column.name)]);
          let batch = first;
          for (;;) {
            rows += batch.rows.length;
            for (let at = 0; at < batch.rows.length; at += EXPORT_CSV_ROWS) {
              // Other requests get their turn between pieces and batches.
              if (at > 0) await setImmediate();
              yield spreadsheetCsv(batch.rows.slice(at, at + EXPORT_CSV_ROWS).map(record));
            }
            if (!batch.next) break;
            await setImmediate();
            batch = await readBatch(batch.next);
          }
          outcome = 'done';
        } catch (error) {
          outcome = 'failed';
          throw error;
        } finally {
          if (outcome === 'cancelled') logger.info({ ...context, rows }, 'data export stopped by the client');
        }
      }

      const stream = new PassThrough();
      pipeline(csv, stream, (error) => {
        // A client that went away is logged by the generator above; anything else is a failure.
        if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
          logger.error({ err: error, ...context }, 'data export failed');
      });
      return { filename: `${displayTableName(table)}.csv`, stream };
    },

    /** The "group value" check before saving: does this account, period or dimension value exist? */
    async checkValue(organizationId: string, columnName: string, value: string): Promise<CheckValueData> {
      if (!(GROUP_VALUE_COLUMNS as readonly string[]).includes(columnName))
        throw fieldError(m.unknownColumn(columnName), 'columnName');
      const { schema } = await catalogOf(organizationId);
      try {
        return await warehouse.withOrganization(organizationId, async (tx) => {
          if (columnName === 'account_code') {
            const found = await repo.valueExists(tx, schema, [{ table: '01_Account', column: 'account_code' }], value);
            return found ? { valid: true } : { valid: false, message: m.accountUnknown(value) };
          }
          if (columnName === 'period' || columnName === 'Period') {
            const closed = await repo.periodClosed(tx, schema, value);
            if (closed === undefined) return { valid: false, message: m.periodUnknown(value) };
            return closed ? { valid: true, message: m.periodClosed } : { valid: true };
          }
          const places = [{ table: '02_GL_Detail', column: columnName }];
          if (columnName === 'department') places.push({ table: '03_Budget', column: 'department' });
          const found = await repo.valueExists(tx, schema, places, value);
          return found ? { valid: true } : { valid: false, message: m.newValue };
        });
      } catch (error) {
        throw internalError('CHECK_VALUE_FAILED', m.checkFailed, error);
      }
    },
  };

  return {
    tables: (organizationId: string) => orFail(m.tablesFailed, () => core.tables(organizationId)),
    list: (organizationId: string, table: string, query: StudioPageQuery) =>
      orFail(table === '00_Period' ? m.periodFailed : m.dataFailed, () => core.list(organizationId, table, query)),
    create: (principal: Principal, organizationId: string, table: string, body: Record<string, unknown>) =>
      orFail(m.createFailed, () => core.create(principal, organizationId, table, body)),
    update: (
      principal: Principal,
      organizationId: string,
      table: string,
      rowId: string,
      body: Record<string, unknown>,
    ) => orFail(m.updateFailed, () => core.update(principal, organizationId, table, rowId, body)),
    remove: (principal: Principal, organizationId: string, table: string, rowId: string) =>
      orFail(m.deleteFailed, () => core.remove(principal, organizationId, table, rowId)),
    setAccountSubtypes: <T>(
      principal: Principal,
      organizationId: string,
      subtypes: ReadonlyMap<string, string>,
      alongside: (platformTx: Executor) => Promise<T>,
    ) => orFail(m.updateFailed, () => core.setAccountSubtypes(principal, organizationId, subtypes, alongside)),
    history: (organizationId: string, table: string, rowId: string) =>
      orFail(m.historyFailed, () => core.history(organizationId, table, rowId)),
    origin: (organizationId: string, table: string, rowId: string) =>
      orFail(m.originFailed, () => core.origin(organizationId, table, rowId)),
    exportCsv: (
      organizationId: string,
      table: string,
      query: Pick<DataListQueryParsed, 'sortBy' | 'sortOrder' | 'filters'>,
    ) => orFail(m.exportFailed, () => core.exportCsv(organizationId, table, query)),
    checkValue: core.checkValue,
    /** After a change of the warehouse's tables (Import Flat File): the next request reads the catalog again. */
    forgetCatalog(organizationId: string): void {
      catalogs.delete(organizationId);
    },
  };
}
