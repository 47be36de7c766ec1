import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  flatFileMessages as m,
  isValidFlatFileTableName,
  type FlatFileColumnType,
  type FlatFileImport,
  type FlatFileTableExists,
} from '@finboard/shared/flat-file';
import type { UploadEncryption } from '@finboard/shared/upload-encryption';
import { uploadMessages } from '@finboard/shared/uploads';
import { sqlStateOf } from '../../db/errors.ts';
import { AppError, badRequest, internalError } from '../../errors.ts';
import type { StoredFileCrypto } from '../../platform/crypto/stored-files.ts';
import { openUpload } from '../../platform/crypto/upload-opener.ts';
import type { UploadKeys } from '../../platform/crypto/upload-keys.ts';
import type { FileHolds } from '../../platform/storage/file-holds.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { columnsThatFit, rowFits, rowSlot } from '../../warehouse/row-width.ts';
import { WarehouseTableExistsError, type WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { UploadContainers } from './uploads.service.ts';
import { INCOMING_FOLDER, PLATFORM_IMPORTS_FOLDER } from './upload-folders.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Principal } from '../../principal.ts';
import type { DataManagementService } from '../data-management/data-management.service.ts';
import {
  assertRecordWidth,
  columnNamesOf,
  ColumnTypeInference,
  copyValue,
  CsvRecordSplitter,
  SQL_TYPES,
  type CsvRecord,
  type FlatFileDelimiter,
} from './flat-file-csv.ts';

/** The table exists and `replace` was not confirmed: the page asks, then sends the file again with replace=true. */
export class FlatFileTableExistsError extends AppError {
  constructor(
    readonly tableName: string,
    readonly rows: number,
  ) {
    super(409, 'TABLE_EXISTS', m.tableExists(tableName, rows));
    this.name = 'FlatFileTableExistsError';
  }

  override responseData(): FlatFileTableExists {
    return { tableName: this.tableName, rows: this.rows };
  }
}

export interface FlatFileImportRequest {
  principal: Principal;
  /** From the tenant guard (organizationFromField), never from the form directly. */
  organizationId: string;
  tableName: string;
  /** The person confirmed replacing a table of that name. */
  replace: boolean;
  encryption: UploadEncryption;
  /** The file part's sealed body, as it arrives. */
  body: AsyncIterable<Uint8Array>;
}

const invalidTableName = () => badRequest('INVALID_TABLE_NAME', m.invalidTableName);
const formatError = (message: string) => badRequest('INVALID_FILE_FORMAT', message);

/**
 * A file whose rows no table can hold, named by the type that takes most of a row: how many columns of it
 * fit beside the file's other columns, whatever their values (row-width.ts).
 */
function rowTooWide(types: readonly FlatFileColumnType[]): AppError {
  const slots = types.map((type) => rowSlot(SQL_TYPES[type]));
  const bytes = new Map<FlatFileColumnType, number>();
  for (const [index, type] of types.entries()) bytes.set(type, (bytes.get(type) ?? 0) + slots[index]!.bytes);
  const [widest] = [...bytes].reduce((most, entry) => (entry[1] > most[1] ? entry : most));
  const fit = columnsThatFit(
    rowSlot(SQL_TYPES[widest]),
    slots.filter((_, index) => types[index] !== widest),
    types.filter((type) => type === widest).length,
  );
  return badRequest('ROW_TOO_WIDE', m.rowTooWide(types.length, fit, widest));
}

/**
 * Where the plain file waits, sealed, between the two reads; deleted when the import ends either way, or by
 * the orphan sweep when the process dies during the import.
 */
const temporaryKey = (organizationId: string, fileId: string) =>
  `${PLATFORM_IMPORTS_FOLDER}/${organizationId}/${fileId}`;

export type FlatFileImportService = ReturnType<typeof createFlatFileImportService>;

/** A file received and checked, waiting (sealed, under a temporary key) to become a table. */
export interface ReceivedFlatFile {
  /** Creates the table from the file (or refuses), then drops the temporary file. */
  load(): Promise<FlatFileImport>;
  /** Drops the temporary file: the import does not happen. */
  discard(): Promise<void>;
}

/**
 * Import Flat File (issue 10 §1): a CSV, sealed by the browser, becomes a new table of the organization's
 * warehouse. The file is read twice — once as it arrives, to check it and infer its columns' types from
 * all of its rows, while it is stored sealed under a temporary key; then from storage into COPY — so a
 * file of any size goes through in flat memory. A refused or failed import changes nothing.
 */
export function createFlatFileImportService(deps: {
  warehouse: WarehouseService;
  storage: FileStorage;
  /** An onboarded organization's file waits in its own container instead (its incoming folder). */
  containers: UploadContainers;
  storedFiles: StoredFileCrypto;
  uploadKeys: UploadKeys;
  /** Its catalog cache is told about the new table, so the Studio lists it at once. */
  dataManagement: Pick<DataManagementService, 'forgetCatalog'>;
  audit: AuditService;
  /** The file is held while the import uses it: a sweep removes it only once this process is gone. */
  holds: FileHolds;
  logger: FastifyBaseLogger;
}) {
  const { warehouse, storage, containers, storedFiles, uploadKeys, dataManagement, audit, holds, logger } = deps;

  /**
   * Where the file waits between its two reads: the organization's container once it has one (its files
   * never leave the client's storage), else the platform's storage. No archive is kept either way: the
   * file's data key lives only as long as the import.
   */
  async function temporaryPlace(organizationId: string, fileId: string) {
    const container = await containers.containerOf(organizationId);
    return container
      ? { storage: containers.store.files(container), container, key: `${INCOMING_FOLDER}/${fileId}` }
      : { storage, container: null, key: temporaryKey(organizationId, fileId) };
  }

  /** Before any byte of the file is read: a bad name, a view's name, or a table not confirmed for replacing. */
  async function assertCanCreate(organizationId: string, tableName: string, replace: boolean): Promise<void> {
    if (!isValidFlatFileTableName(tableName)) throw invalidTableName();
    const existing = await warehouse.relationNamed(organizationId, tableName);
    if (existing?.kind === 'view') throw invalidTableName();
    if (existing && !replace) throw new FlatFileTableExistsError(tableName, existing.rows);
  }

  /** First read: the file checked and its columns inferred while it goes, sealed, into storage. */
  async function storeAndInspect(
    request: FlatFileImportRequest,
    fileId: string,
    { storage, key: storageKey }: { storage: FileStorage; key: string },
  ) {
    const splitter = new CsvRecordSplitter();
    let header: CsvRecord | undefined;
    let inference: ColumnTypeInference | undefined;
    let rows = 0;
    const take = (records: CsvRecord[]) => {
      for (const record of records) {
        if (!header) {
          header = record;
          inference = new ColumnTypeInference(columnNamesOf(record.cells.map((cell) => cell.trim())).length);
          continue;
        }
        assertRecordWidth(record, header.cells.length);
        inference!.observe(record.cells);
        rows += 1;
      }
    };
    async function* inspected(plain: AsyncIterable<Buffer>) {
      for await (const chunk of plain) {
        take(splitter.push(chunk));
        yield chunk;
      }
      take(splitter.end());
    }
    const plain = Readable.from(inspected(openUpload(request.body, request.encryption, uploadKeys)), {
      objectMode: false,
    });
    const encryption = await storedFiles.storeSealed(storage, storageKey, fileId, plain);
    if (!header || !inference) throw formatError(uploadMessages.emptyFile);
    if (rows === 0) throw formatError(uploadMessages.noRows);
    return {
      encryption,
      delimiter: splitter.delimiter!,
      columns: columnNamesOf(header.cells.map((cell) => cell.trim())),
      types: inference.types(),
      readings: inference.readings(),
      varlenaBytes: inference.varlenaBytes(),
      rows,
    };
  }

  /** Second read: the stored file's data records as COPY values of the inferred types. */
  async function* storedRows(
    { storage, key: storageKey }: { storage: FileStorage; key: string },
    fileId: string,
    stored: Awaited<ReturnType<typeof storeAndInspect>>,
  ): AsyncGenerator<(string | null)[]> {
    const plain = await storedFiles.openStoredFile(storage, storageKey, stored.encryption, fileId);
    const splitter = new CsvRecordSplitter(stored.delimiter as FlatFileDelimiter);
    let headerSeen = false;
    const values = (records: CsvRecord[]) =>
      records.flatMap((record) => {
        if (!headerSeen) {
          headerSeen = true;
          return [];
        }
        assertRecordWidth(record, stored.columns.length);
        return [record.cells.map((cell, index) => copyValue(stored.readings[index]!, cell))];
      });
    try {
      for await (const chunk of plain) yield* values(splitter.push(chunk as Buffer));
      yield* values(splitter.end());
    } finally {
      plain.destroy();
    }
  }

  /** A failure as the import answers it: a name taken meanwhile is the table-exists question, anything unknown a 500. */
  function importError(error: unknown, tableName: string, types?: readonly FlatFileColumnType[]): AppError {
    if (error instanceof WarehouseTableExistsError) {
      // Another import took the name while this file was arriving.
      return error.kind === 'view' ? invalidTableName() : new FlatFileTableExistsError(tableName, error.rows);
    }
    if (error instanceof AppError) return error;
    // 54000: a row too wide after all, e.g. values compressed in the row rather than moved out of it.
    if (types && sqlStateOf(error).code === '54000') return rowTooWide(types);
    return internalError('FLAT_FILE_IMPORT_FAILED', m.failed, error);
  }

  /**
   * The first read, as the file arrives: checked, its columns inferred, stored sealed under a temporary key.
   * The route then calls `load` (the table is created from it) or `discard` once the rest of its form is
   * read, so a form refused after its file changes nothing; either way the temporary file goes.
   */
  async function receive(request: FlatFileImportRequest): Promise<ReceivedFlatFile> {
    const { organizationId, tableName, replace } = request;
    await assertCanCreate(organizationId, tableName, replace);
    const fileId = randomUUID();
    const place = await temporaryPlace(organizationId, fileId);
    const hold = await holds.take({ container: place.container, key: place.key });
    const removeTemporary = async () => {
      await place.storage.delete(place.key).catch((err: unknown) => {
        logger.error({ err, organizationId }, 'a flat file import left its temporary file behind');
      });
      // Released even when the delete failed: the file, unheld, is the sweep's once its grace has passed.
      await holds.release([hold]).catch((err: unknown) => {
        logger.error({ err, organizationId }, 'releasing the hold of a flat file import failed');
      });
    };
    let stored: Awaited<ReturnType<typeof storeAndInspect>>;
    try {
      stored = await storeAndInspect(request, fileId, place);
      // Before the table is made: PostgreSQL would refuse the first row too wide for a page.
      if (!rowFits(stored.types.map((type, index) => rowSlot(SQL_TYPES[type], stored.varlenaBytes[index]))))
        throw rowTooWide(stored.types);
    } catch (error) {
      await removeTemporary();
      throw importError(error, tableName);
    }

    async function load(): Promise<FlatFileImport> {
      try {
        const columns = stored.columns.map((name, index) => ({ name, type: stored.types[index]! }));
        const rows = await warehouse.createTableFromRows(
          organizationId,
          { name: tableName, columns: columns.map(({ name, type }) => ({ name, sqlType: SQL_TYPES[type] })) },
          storedRows(place, fileId, stored),
          { replace },
        );
        dataManagement.forgetCatalog(organizationId);
        // The table is there whatever happens next: a failed audit write is logged, not answered as a failed import.
        await audit
          .record({
            actor: request.principal,
            action: replace ? 'warehouse_table.replace' : 'warehouse_table.import',
            entityType: 'warehouse_table',
            entityId: tableName,
            organizationId,
            after: { columns, rows },
          })
          .catch((err: unknown) =>
            logger.error({ err, organizationId, tableName }, 'auditing a flat file import failed'),
          );
        return { tableName, columns, rows };
      } catch (error) {
        throw importError(error, tableName, stored.types);
      } finally {
        await removeTemporary();
      }
    }

    return { load, discard: removeTemporary };
  }

  return { assertCanCreate, receive };
}
