import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { ColumnMapping } from '@finboard/shared/column-mapping';
import type { DataType } from '@finboard/shared/data-types';
import { LAYOUT_MAX_MEGABYTES, layoutMessages, layoutSchema, type Layout } from '@finboard/shared/layouts';
import type { UploadEncryption, UploadKey } from '@finboard/shared/upload-encryption';
import { MAX_CSV_PROBLEMS, uploadApiMessages, type UploadedFile } from '@finboard/shared/uploads';
import { pipelineMessages } from '@finboard/shared/pipelines';
import type { Executor } from '../../db/client.ts';
import type { Transaction } from '../../db/transaction.ts';
import { badRequest, internalError, notFound } from '../../errors.ts';
import type { StoredFileCrypto, StoredFileEncryption } from '../../platform/crypto/stored-files.ts';
import { storedFileEncryptionSchema } from '../../platform/crypto/stored-files.ts';
import { openUpload } from '../../platform/crypto/upload-opener.ts';
import type { UploadKeys } from '../../platform/crypto/upload-keys.ts';
import type { ContainerStore } from '../../platform/storage/containers.ts';
import type { FileHold, FileHolds } from '../../platform/storage/file-holds.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { DataTypesService } from '../data-types/data-types.service.ts';
import type { CanonicalFile, NewAccount } from '../layouts/canonical-file.ts';
import { layoutFingerprint } from '../layouts/fingerprint.ts';
import type { LayoutsService } from '../layouts/layouts.service.ts';
import { copyReadyFingerprint } from './copy-ready.ts';
import { stageWhileArriving, type UploadStagesPort } from './stage-while-arriving.ts';
import type { MonthDigest } from './month-digest.ts';
import { CsvRefusedError, readDataTypeCsv, type CsvReadSummary } from './data-type-csv.ts';
import { INCOMING_FOLDER, PLATFORM_UPLOADS_FOLDER, SETTLED_FOLDER } from './upload-folders.ts';
import type { ClaimedFile, UploadedFileListQuery, UploadedFileRow, UploadsRepository } from './uploads.repository.ts';

export type { ClaimedFile } from './uploads.repository.ts';
export type { UploadStagesPort } from './stage-while-arriving.ts';

/** One file of an upload form, its sealed body still arriving. */
export interface IncomingFile {
  organizationId: string;
  dataType: DataType;
  period?: string;
  encryption: UploadEncryption;
  columnMapping?: ColumnMapping;
  /** A real export's layout (issue 23): its rows are laid out as the data type's table before the checks. */
  layout?: Layout;
  /** With a layout: accounts the file names and the chart lacks are created by the run. */
  createAccounts?: boolean;
  /** How its rows load: replacing an earlier file's rows, or the whole periods it covers. */
  replaces?: FileReplacement;
  name: string;
  body: AsyncIterable<Uint8Array>;
}

/** What a file's upload asks its run to replace (ledger-write.ts): an earlier file, or its periods. */
export interface FileReplacement {
  fileId?: string;
  periods?: boolean;
}

/** A file checked and sealed into storage, not yet recorded: recorded with the others of its form, or discarded. */
export interface StoredUpload {
  id: string;
  organizationId: string;
  dataType: DataType;
  period?: string;
  name: string;
  storageKey: string;
  /** The organization's container holding the file (`storageKey` is then `incoming/<id>`); null: platform storage. */
  containerName: string | null;
  atRest: StoredFileEncryption;
  summary: CsvReadSummary;
  replaces?: FileReplacement;
  layout?: Layout;
  /** The laid-out file's header (its layout is kept under the header's fingerprint). */
  layoutHeader?: string[];
  newAccounts?: NewAccount[];
  /** Keeps the orphan sweep off the file until it is recorded or discarded. */
  hold: FileHold;
  /** Its lines were staged as it arrived (upload-stages.ts): they carry this load id; their month's digest. */
  staged?: StagedUpload;
}

/** Where an upload staged its lines (upload-stages.ts): their load id, and their month's digest if it got one. */
export interface StagedUpload {
  loadId: number;
  digest?: MonthDigest;
}

/** Data rows of a stored file, checked again and in the data type's expected columns (canonical text). */
export type FileRows = AsyncIterable<(string | null)[][]>;

/** A stored file that is canonical CSV: its plain bytes, for a run's COPY as they are. */
export interface CopyReadyFile {
  bytes: AsyncIterable<Uint8Array>;
  delimiter: string;
  /** The data type's column each of the file's columns is, in the file's order. */
  columns: string[];
  /** Every journal of the GL file balances, as its upload found (journal-balances.ts). */
  journalsBalanced: boolean;
}

/**
 * Where an organization's uploads go once its onboarding storage step is done: its container (the
 * onboarding module knows which) on the configured store.
 */
export interface UploadContainers {
  store: ContainerStore;
  containerOf(organizationId: string): Promise<string | undefined>;
}

/** `acme-files/incoming`: the container and folder holding a file, as the files list shows it. */
const locationOf = (file: { containerName: string | null; storageKey: string }) =>
  file.containerName === null ? null : `${file.containerName}/${file.storageKey.split('/')[0]}`;

/** A real export laid out for its checks, with the original file's size and hash. */
interface LaidOutUpload extends CanonicalFile {
  bytes: number;
  sha256: string;
}

/** A stream's bytes whole, or 400 past `megabytes` (the stream is read to its end either way). */
async function wholeFile(chunks: AsyncIterable<Uint8Array>, megabytes: number): Promise<Buffer> {
  const kept: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size <= megabytes * 1024 * 1024) kept.push(chunk);
  }
  if (size > megabytes * 1024 * 1024) throw badRequest('LAYOUT_FILE_TOO_LARGE', layoutMessages.tooLarge(megabytes));
  return Buffer.concat(kept);
}

async function* textChunks(text: string): AsyncGenerator<Buffer> {
  yield Buffer.from(text);
}

/** The checks read the laid-out table: their problems are named at the original file's lines. */
function atFileLines(error: unknown, sourceLines: readonly number[]): unknown {
  if (!(error instanceof CsvRefusedError)) return error;
  const problems = error.problems.map((problem) => ({
    ...problem,
    line: sourceLines[problem.line - 2] ?? problem.line,
  }));
  return new CsvRefusedError(problems, error.problemCount, error.rowsRead);
}

/**
 * Uploads (issue 10 §1): files arrive sealed by the browser, are opened chunk by chunk, checked as CSV
 * against their data type while they stream, and kept sealed under the server's own key until a
 * pipeline run loads them. A file that fails any check leaves nothing behind. An onboarded organization's
 * files go to its container's incoming folder, and settleFolders() moves them to processed or rejected
 * once a run has decided; other organizations' files stay in the platform's storage.
 */
export function createUploadsService(deps: {
  /** The uploaded files' rows. */
  files: UploadsRepository;
  /** The same rows within a caller's transaction: a pipeline run closing with its files' status. */
  filesIn: (tx: Executor) => UploadsRepository;
  /** One transaction with the rows bound to it (a form's files recorded together). */
  transaction: Transaction<{ files: UploadsRepository }>;
  dataTypes: DataTypesService;
  /** Lays out real exports (issue 23). */
  layouts: Pick<LayoutsService, 'canonicalOf'>;
  storage: FileStorage;
  containers: UploadContainers;
  uploadKeys: UploadKeys;
  storedFiles: StoredFileCrypto;
  holds: FileHolds;
  /** Stages big GL files' lines as they arrive (PostgreSQL); none: their runs stage them. */
  stages?: UploadStagesPort;
  logger: FastifyBaseLogger;
}) {
  const {
    files: repo,
    filesIn,
    transaction,
    dataTypes,
    layouts,
    storage,
    containers,
    uploadKeys,
    storedFiles,
    holds,
    stages,
    logger,
  } = deps;

  /** The storage that holds a file: its container's files, or the platform's storage. */
  const storageOf = (file: { containerName: string | null }): FileStorage =>
    file.containerName === null ? storage : containers.store.files(file.containerName);

  /** Ends holds on a path that is failing already: a failed release is logged (the hold, no longer renewed, dies). */
  const releaseQuietly = (fileHolds: readonly FileHold[]) =>
    holds
      .release(fileHolds)
      .then(() => undefined)
      .catch((err: unknown) => logger.error({ err }, 'releasing the holds of discarded files failed'));

  /** A real export laid out as its data type's table: refused with the problems at the file's own lines. */
  async function laidOutUpload(file: IncomingFile, bytes: Buffer): Promise<LaidOutUpload> {
    const canonical = await layouts.canonicalOf({
      organizationId: file.organizationId,
      dataType: file.dataType,
      bytes,
      layout: file.layout!,
      createAccounts: file.createAccounts === true,
      period: file.period,
    });
    if (canonical.problems.length > 0)
      throw new CsvRefusedError(
        canonical.problems.slice(0, MAX_CSV_PROBLEMS),
        canonical.problems.length,
        canonical.sourceLines.length,
      );
    return {
      ...canonical,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  }

  /** Where a new file of the organization goes: its container's incoming folder once it has one. */
  async function placeFor(organizationId: string, id: string) {
    const containerName = (await containers.containerOf(organizationId)) ?? null;
    return containerName === null
      ? { containerName, storageKey: `${PLATFORM_UPLOADS_FOLDER}/${organizationId}/${id}` }
      : { containerName, storageKey: `${INCOMING_FOLDER}/${id}` };
  }

  return {
    uploadKey(): Promise<UploadKey> {
      return uploadKeys.current();
    },

    /**
     * Opens, checks and stores one file as it streams: the plain bytes go to the CSV reader and, sealed
     * again, to storage. Rejects (and keeps nothing) on a damaged body or a file its data type refuses.
     */
    async store(file: IncomingFile): Promise<StoredUpload> {
      const id = randomUUID();
      const { containerName, storageKey } = await placeFor(file.organizationId, id);
      // Held before the first byte, so that a sweep in any process leaves the file alone while this one lives.
      const hold = await holds.take({ container: containerName, key: storageKey });
      const { transform, encryption: atRest } = storedFiles.sealForStorage(id);
      // Storage starts reading only once its folder exists: a file refused before then must not make the
      // transform's error an uncaught one. Storage still sees it (a destroyed stream) and keeps nothing.
      transform.on('error', () => undefined);
      const storing = storageOf({ containerName }).putStream(storageKey, transform);
      storing.catch(() => undefined); // awaited below; a failure before then must not go unhandled

      // A GL file of a chosen month that only adds, read by its own header, may be staged as it arrives.
      const stageable =
        stages !== undefined &&
        file.dataType.targetTable === '02_GL_Detail' &&
        file.period !== undefined &&
        !file.layout &&
        !file.columnMapping &&
        !file.replaces?.fileId &&
        !file.replaces?.periods;
      const staging = stageable
        ? stageWhileArriving(stages, {
            organizationId: file.organizationId,
            fileId: id,
            period: file.period!,
            delimiter: file.dataType.delimiter,
          })
        : undefined;
      // The cash accounts as the upload begins: a staged file's digest counts its cash flow by them.
      const cashAccounts = staging && (await stages!.cashAccounts(file.organizationId).catch(() => undefined));
      let reader: ReturnType<typeof readDataTypeCsv> | undefined;

      async function* plainToStorageToo(): AsyncGenerator<Buffer> {
        for await (const chunk of openUpload(file.body, file.encryption, uploadKeys)) {
          if (!transform.write(chunk)) await once(transform, 'drain');
          await staging?.write(chunk, reader?.headerColumns);
          yield chunk;
        }
      }
      let laidOut: LaidOutUpload | undefined;
      let summary: CsvReadSummary;
      let staged: StagedUpload | undefined;
      try {
        // A real export is laid out whole first (its rows become the data type's table), then checked as any file.
        if (file.layout) {
          const bytes = await wholeFile(plainToStorageToo(), LAYOUT_MAX_MEGABYTES);
          laidOut = await laidOutUpload(file, bytes);
        }
        reader = readDataTypeCsv(laidOut ? textChunks(laidOut.csv) : plainToStorageToo(), {
          dataType: file.dataType,
          period: file.period,
          columnMapping: laidOut ? undefined : file.columnMapping,
          checkOnly: true,
          ...(staging && { digest: cashAccounts ? { cashAccounts } : {} }),
        });
        // The rows themselves are loaded by the pipeline run, from storage; here they are only checked.
        try {
          for await (const batch of reader) void batch;
        } catch (error) {
          throw laidOut ? atFileLines(error, laidOut.sourceLines) : error;
        }
        summary = laidOut ? { ...reader.summary, bytes: laidOut.bytes, sha256: laidOut.sha256 } : reader.summary;
        transform.end();
        await storing;
        if (summary.copyColumns) {
          const committed = await staging?.commit({ columns: summary.copyColumns, rows: summary.rowsRead });
          staged = committed && { ...committed, ...(summary.digest && { digest: summary.digest }) };
        } else await staging?.abort();
      } catch (error) {
        transform.destroy(error instanceof Error ? error : new Error(String(error)));
        await Promise.all([storing.catch(() => undefined), staging?.abort()]);
        await releaseQuietly([hold]);
        throw error;
      }
      return {
        id,
        organizationId: file.organizationId,
        dataType: file.dataType,
        period: file.period,
        name: file.name,
        storageKey,
        containerName,
        atRest,
        summary,
        replaces: file.replaces,
        ...(file.layout && {
          layout: file.layout,
          layoutHeader: laidOut?.header,
          newAccounts: laidOut?.newAccounts ?? [],
        }),
        hold,
        ...(staged && { staged }),
      };
    },

    /**
     * Records the files of one form together, and keeps each mapping the user confirmed on its data type. The
     * rows and the end of the files' holds commit together: a file recorded is never an orphan to the sweep.
     */
    async record(files: readonly StoredUpload[], uploadedBy: string): Promise<UploadedFileRow[]> {
      const rows = await transaction(async ({ files: own, tx }) => {
        const inserted = await own.insert(
          files.map((file) => ({
            id: file.id,
            organizationId: file.organizationId,
            dataTypeId: file.dataType.id,
            name: file.name,
            size: file.summary.bytes,
            sha256: file.summary.sha256,
            period: file.period ?? null,
            status: 'uploaded',
            rows: file.summary.rowsRead,
            storageKey: file.storageKey,
            containerName: file.containerName,
            encryption: file.atRest,
            columnMapping: file.summary.columnMapping,
            copyReady:
              file.summary.copyColumns && !file.layout
                ? {
                    fingerprint: copyReadyFingerprint(file.dataType),
                    columns: file.summary.copyColumns,
                    ...(file.summary.journalsBalanced === true && { journalsBalanced: true as const }),
                    ...(file.staged && { staged: file.staged }),
                  }
                : null,
            replacesFileId: file.replaces?.fileId ?? null,
            replacePeriods: file.replaces?.periods === true,
            layout: file.layout ?? null,
            newAccounts: file.newAccounts ?? null,
            uploadedBy,
          })),
        );
        // Fewer: this process stalled past the stale period and a sweep took a hold, so its file may be gone.
        const released = await holds.release(
          files.map((file) => file.hold),
          tx,
        );
        if (released !== files.length)
          throw internalError(
            'UPLOAD_HOLD_LOST',
            uploadApiMessages.fileUploadFailed,
            new Error(`${files.length - released} of the upload's file holds were taken by the orphan sweep`),
          );
        return inserted;
      });
      for (const file of files) {
        const { columnMapping, mappingFrom, header } = file.summary;
        if (columnMapping && mappingFrom === 'upload')
          await dataTypes.saveColumnMapping(file.organizationId, file.dataType.id, header, columnMapping);
        // A real export's layout, confirmed by this upload, reads the next file of the same header.
        if (file.layout && file.layoutHeader)
          await dataTypes.saveLayout(
            file.organizationId,
            file.dataType.id,
            layoutFingerprint(file.layoutHeader),
            file.layout,
          );
      }
      return rows;
    },

    /** Removes what a refused form had already stored (and staged). */
    async discard(files: readonly StoredUpload[]): Promise<void> {
      try {
        await Promise.all([
          ...files.map((file) => storageOf(file).delete(file.storageKey)),
          ...files.flatMap((file) => (file.staged && stages ? [stages.drop(file.organizationId, file.id)] : [])),
        ]);
      } finally {
        // Even when a delete failed: an unheld file is the sweep's once its grace has passed.
        await releaseQuietly(files.map((file) => file.hold));
      }
    },

    async list(
      organizationId: string,
      query: UploadedFileListQuery,
    ): Promise<{ files: UploadedFile[]; total: number }> {
      const { rows, total } = await repo.list(organizationId, query);
      return {
        total,
        files: rows.map(({ file, dataTypeName, uploadedBy }) => ({
          id: file.id,
          name: file.name,
          size: file.size,
          sha256: file.sha256,
          status: file.status as UploadedFile['status'],
          dataTypeId: file.dataTypeId,
          dataTypeName,
          period: file.period,
          uploadedBy,
          uploadedAt: file.uploadedAt.toISOString(),
          rows: file.rows,
          error: file.error,
          location: locationOf(file),
        })),
      };
    },

    /**
     * The rows of a stored file for a pipeline run: opened from storage and read again with the data type
     * as it is now, the period and the mapping of its upload (so a file is loaded exactly as it was checked,
     * or refused if the data type has changed since).
     */
    async openRows(organizationId: string, fileId: string): Promise<FileRows> {
      const file = await repo.findById(organizationId, fileId);
      if (!file) throw notFound('File not found');
      const dataType = await dataTypes.get(organizationId, file.dataTypeId);
      const plain = await storedFiles.openStoredFile(
        storageOf(file),
        file.storageKey,
        storedFileEncryptionSchema.parse(file.encryption),
        file.id,
      );
      // A real export is laid out again as it was at upload (its new accounts are the run's already).
      const layout = file.layout === null ? undefined : layoutSchema.parse(file.layout);
      const canonical = layout
        ? await layouts.canonicalOf({
            organizationId,
            dataType,
            bytes: await wholeFile(plain, LAYOUT_MAX_MEGABYTES),
            layout,
            createAccounts: false,
            period: file.period ?? undefined,
          })
        : undefined;
      if (canonical && canonical.problems.length > 0)
        throw new CsvRefusedError(
          canonical.problems.slice(0, MAX_CSV_PROBLEMS),
          canonical.problems.length,
          canonical.sourceLines.length,
        );
      const reader = readDataTypeCsv(canonical ? textChunks(canonical.csv) : plain, {
        dataType: { ...dataType, columnMappings: [] },
        period: file.period ?? undefined,
        columnMapping: canonical ? undefined : ((file.columnMapping as ColumnMapping | null) ?? undefined),
      });
      return (async function* () {
        for await (const batch of reader) yield batch.rows;
      })();
    },

    /**
     * The plain bytes of a stored file that is its data type's canonical CSV, for a run to COPY as they are; none
     * when the file was laid out or mapped at upload, was not canonical, or its data type changed since.
     */
    async openCopyReady(organizationId: string, fileId: string): Promise<CopyReadyFile | undefined> {
      const file = await repo.findById(organizationId, fileId);
      if (!file?.copyReady || file.layout !== null) return undefined;
      const dataType = await dataTypes.get(organizationId, file.dataTypeId);
      if (copyReadyFingerprint(dataType) !== file.copyReady.fingerprint) return undefined;
      const bytes = await storedFiles.openStoredFile(
        storageOf(file),
        file.storageKey,
        storedFileEncryptionSchema.parse(file.encryption),
        file.id,
      );
      return {
        bytes,
        delimiter: dataType.delimiter,
        columns: file.copyReady.columns,
        journalsBalanced: file.copyReady.journalsBalanced === true,
      };
    },

    /**
     * A file whose upload staged its lines (upload-stages.ts) and that waits for its run, checked against its data
     * type as it is now: the load id its lines carry, their count and whether its journals balance.
     */
    async stagedUploadOf(
      organizationId: string,
      fileId: string,
    ): Promise<
      { loadId: number; rows: number; journalsBalanced: boolean; digest: MonthDigest | undefined } | undefined
    > {
      const file = await repo.findById(organizationId, fileId);
      const staged = file?.copyReady?.staged;
      if (!file || !staged || file.rows === null) return undefined;
      const dataType = await dataTypes.get(organizationId, file.dataTypeId);
      if (copyReadyFingerprint(dataType) !== file.copyReady!.fingerprint) return undefined;
      return {
        loadId: staged.loadId,
        rows: file.rows,
        journalsBalanced: file.copyReady!.journalsBalanced === true,
        digest: staged.digest,
      };
    },

    /** Which of these ids uploaded files have: the orphan sweep never removes a file named after one. */
    committedIds: (ids: readonly string[]): Promise<Set<string>> => repo.existingIds(ids),

    /** Which of these ids are of files waiting for their run (the orphan sweep keeps their stages). */
    waitingIds: (ids: readonly string[]): Promise<Set<string>> => repo.existingIds(ids, 'uploaded'),

    // What pipeline runs do with the files waiting for them (issue 10 §2). The status changes that close a
    // run take the run's transaction, `tx`, so that a run and its files never disagree.

    /** How many files of each data type wait for their pipeline. */
    pendingCounts: (organizationId: string): Promise<Map<string, number>> => repo.pendingCounts(organizationId),

    /** The data type's waiting files become the run's, oldest first. */
    /**
     * A file an upload may name as the one it replaces: loaded (processed) from the same data type of the
     * organization. 400 otherwise, before anything is stored.
     */
    async assertReplaceable(organizationId: string, dataTypeId: string, fileId: string): Promise<void> {
      const file = await repo.findById(organizationId, fileId);
      if (!file || file.dataTypeId !== dataTypeId || file.status !== 'processed')
        throw badRequest('REPLACED_FILE_NOT_FOUND', pipelineMessages.replacedFileNotFound);
    },

    claimPending: (organizationId: string, dataTypeId: string, runId: string): Promise<ClaimedFile[]> =>
      repo.claimPending(organizationId, dataTypeId, runId),

    /** Loaded, with the rows each file gave. */
    markProcessed: (tx: Executor, organizationId: string, rowsPerFile: ReadonlyMap<string, number>) =>
      filesIn(tx).markProcessed(organizationId, rowsPerFile),

    /** Refused by a run, each with its first problem: they wait for no later run. */
    markRejected: (tx: Executor, organizationId: string, errors: ReadonlyMap<string, string>) =>
      filesIn(tx).markRejected(organizationId, errors),

    /** The run's files it did not finish wait for the next run again. */
    releaseClaimed: (tx: Executor, organizationId: string, runId: string) =>
      filesIn(tx).releaseClaimed(organizationId, runId),

    /**
     * After a run has committed: the organization's container files it processed or rejected move out of
     * incoming into the folder of their status (also those an earlier failed move left behind). Each move
     * is copy, record the new key, delete the old copy: a failure at any point leaves the file where its
     * row says, and is logged; the next run of the organization tries again. Never throws.
     */
    async settleFolders(organizationId: string): Promise<{ moved: number; failed: number }> {
      let moved = 0;
      let failed = 0;
      let unsettled: Awaited<ReturnType<UploadsRepository['unsettled']>> = [];
      try {
        unsettled = await repo.unsettled(organizationId);
      } catch (err) {
        logger.error({ err, organizationId }, 'uploaded files could not be listed for moving out of incoming');
        return { moved, failed: 1 };
      }
      for (const file of unsettled) {
        const folder = SETTLED_FOLDER[file.status as keyof typeof SETTLED_FOLDER];
        const to = `${folder}/${file.id}`;
        const files = containers.store.files(file.containerName);
        try {
          await files.copy(file.storageKey, to);
          await repo.moveTo(organizationId, file.id, file.storageKey, to);
        } catch (err) {
          failed += 1;
          logger.error(
            { err, organizationId, fileId: file.id, container: file.containerName, from: file.storageKey, to },
            'an uploaded file could not be moved out of incoming; it stays there until the next run',
          );
          continue;
        }
        moved += 1;
        // Recorded in its new place already: a copy left in incoming is only clutter, logged to be removed.
        await files
          .delete(file.storageKey)
          .catch((err: unknown) =>
            logger.warn(
              { err, organizationId, fileId: file.id, container: file.containerName, key: file.storageKey },
              'a moved file left its copy in incoming',
            ),
          );
      }
      return { moved, failed };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
