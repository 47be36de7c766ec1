import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { uploadedFileListQuerySchema } from '@finboard/shared/uploads';
import type { Executor } from '../../db/client.ts';
import type { NewAccount } from '../layouts/canonical-file.ts';
import { rowsOf } from '../../db/client.ts';
import { likeContaining } from '../../db/like.ts';
import { matchingCount, pageAndTotal } from '../../db/paging.ts';
import { dataTypes, uploadedFiles, users } from '../../db/schema.ts';

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;
export type NewUploadedFileRow = typeof uploadedFiles.$inferInsert;
export type UploadedFileListQuery = z.output<typeof uploadedFileListQuerySchema>;

/** A listed file with the names people read: its data type's and its uploader's. */
export interface ListedUploadedFile {
  file: UploadedFileRow;
  dataTypeName: string;
  uploadedBy: string | null;
}

/** A file a pipeline run has taken (status processing). */
export interface ClaimedFile {
  id: string;
  name: string;
  period: string | null;
  rows: number | null;
  /** An earlier file whose rows this one replaces, and whether it replaces its whole periods. */
  replacesFileId: string | null;
  replacePeriods: boolean;
  /** Accounts a laid-out file names that the chart lacked at upload: the run creates them. */
  newAccounts: NewAccount[] | null;
}

/** Uploaded files, on a database or a transaction (services receive one; see app.ts). */
export type UploadsRepository = ReturnType<typeof uploadsRepository>;

export const uploadsRepository = (db: Executor) => ({
  async insert(rows: NewUploadedFileRow[]): Promise<UploadedFileRow[]> {
    return rows.length === 0 ? [] : db.insert(uploadedFiles).values(rows).returning();
  },

  /**
   * Which of `ids` are uploaded files, of any organization: the orphan sweep asks about names it found in
   * storage, before it removes a file named after an id.
   */
  /** Which of these ids uploaded files have (of that status, when given). */
  async existingIds(ids: readonly string[], status?: string): Promise<Set<string>> {
    const found = new Set<string>();
    for (let start = 0; start < ids.length; start += 1000) {
      const some = inArray(uploadedFiles.id, ids.slice(start, start + 1000));
      const rows = await db
        .select({ id: uploadedFiles.id })
        .from(uploadedFiles)
        .where(status === undefined ? some : and(some, eq(uploadedFiles.status, status)));
      for (const row of rows) found.add(row.id);
    }
    return found;
  },

  /** A file of this organization (another organization's id finds nothing, as an unknown one). */
  async findById(organizationId: string, id: string): Promise<UploadedFileRow | undefined> {
    const [row] = await db
      .select()
      .from(uploadedFiles)
      .where(and(eq(uploadedFiles.organizationId, organizationId), eq(uploadedFiles.id, id)))
      .limit(1);
    return row;
  },

  async list(
    organizationId: string,
    query: UploadedFileListQuery,
  ): Promise<{ rows: ListedUploadedFile[]; total: number }> {
    const where = and(
      eq(uploadedFiles.organizationId, organizationId),
      query.name ? sql`${uploadedFiles.name} ilike ${likeContaining(query.name)}` : undefined,
      query.status ? eq(uploadedFiles.status, query.status) : undefined,
      query.dataTypeId ? eq(uploadedFiles.dataTypeId, query.dataTypeId) : undefined,
    );
    const direction = query.sortOrder === 'desc' ? desc : asc;
    const sortKey = {
      uploadedAt: uploadedFiles.uploadedAt,
      name: sql`lower(${uploadedFiles.name})`,
      size: uploadedFiles.size,
      status: uploadedFiles.status,
      rows: uploadedFiles.rows,
    }[query.sortBy];
    const { rows, total } = await pageAndTotal(
      db,
      uploadedFiles,
      where,
      db
        .select({
          file: uploadedFiles,
          dataTypeName: dataTypes.name,
          uploadedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
          total: matchingCount(uploadedFiles, where),
        })
        .from(uploadedFiles)
        .innerJoin(dataTypes, eq(dataTypes.id, uploadedFiles.dataTypeId))
        .leftJoin(users, eq(users.id, uploadedFiles.uploadedBy))
        .where(where)
        .orderBy(direction(sortKey), desc(uploadedFiles.uploadedAt), asc(uploadedFiles.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    );
    return { rows, total };
  },

  /** How many files of each data type of the organization wait for their pipeline (status uploaded). */
  async pendingCounts(organizationId: string): Promise<Map<string, number>> {
    const rows = await db
      .select({ dataTypeId: uploadedFiles.dataTypeId, files: sql<number>`count(*)::int`.mapWith(Number) })
      .from(uploadedFiles)
      .where(and(eq(uploadedFiles.organizationId, organizationId), eq(uploadedFiles.status, 'uploaded')))
      .groupBy(uploadedFiles.dataTypeId);
    return new Map(rows.map((row) => [row.dataTypeId, row.files]));
  },

  /** The data type's files waiting for its pipeline become this run's (one statement: no file is taken twice). */
  async claimPending(organizationId: string, dataTypeId: string, runId: string): Promise<ClaimedFile[]> {
    const result = await db.execute(sql`
      update ${uploadedFiles} set status = 'processing', run_id = ${runId}, error = null
      where organization_id = ${organizationId} and data_type_id = ${dataTypeId} and status = 'uploaded'
      returning id, name, period, rows, uploaded_at, replaces_file_id, replace_periods, new_accounts`);
    return rowsOf<
      ClaimedFile & {
        uploaded_at: string;
        rows: string | number | null;
        replaces_file_id: string | null;
        replace_periods: boolean;
        new_accounts: NewAccount[] | null;
      }
    >(result)
      .toSorted((a, b) => String(a.uploaded_at).localeCompare(String(b.uploaded_at)) || a.id.localeCompare(b.id))
      .map((row) => ({
        id: row.id,
        name: row.name,
        period: row.period,
        rows: row.rows === null ? null : Number(row.rows),
        replacesFileId: row.replaces_file_id,
        replacePeriods: row.replace_periods === true,
        newAccounts: row.new_accounts,
      }));
  },

  async markProcessed(organizationId: string, rowsPerFile: ReadonlyMap<string, number>): Promise<void> {
    for (const [id, rows] of rowsPerFile)
      await db
        .update(uploadedFiles)
        .set({ status: 'processed', rows, error: null })
        .where(and(eq(uploadedFiles.organizationId, organizationId), eq(uploadedFiles.id, id)));
  },

  async markRejected(organizationId: string, errors: ReadonlyMap<string, string>): Promise<void> {
    for (const [id, error] of errors)
      await db
        .update(uploadedFiles)
        .set({ status: 'rejected', error })
        .where(and(eq(uploadedFiles.organizationId, organizationId), eq(uploadedFiles.id, id)));
  },

  /** Container files a run has settled (processed or rejected) that are not yet in that status's folder. */
  async unsettled(
    organizationId: string,
  ): Promise<{ id: string; status: string; storageKey: string; containerName: string }[]> {
    const rows = await db
      .select({
        id: uploadedFiles.id,
        status: uploadedFiles.status,
        storageKey: uploadedFiles.storageKey,
        containerName: uploadedFiles.containerName,
      })
      .from(uploadedFiles)
      .where(
        and(
          eq(uploadedFiles.organizationId, organizationId),
          sql`${uploadedFiles.containerName} is not null`,
          sql`${uploadedFiles.status} in ('processed', 'rejected')`,
          sql`${uploadedFiles.storageKey} <> ${uploadedFiles.status} || '/' || ${uploadedFiles.id}::text`,
        ),
      );
    return rows.map((row) => ({ ...row, containerName: row.containerName! }));
  },

  /** The file's new key, only if it is still where the mover found it (a concurrent mover's write wins). */
  async moveTo(organizationId: string, id: string, from: string, to: string): Promise<void> {
    await db
      .update(uploadedFiles)
      .set({ storageKey: to })
      .where(
        and(
          eq(uploadedFiles.organizationId, organizationId),
          eq(uploadedFiles.id, id),
          eq(uploadedFiles.storageKey, from),
        ),
      );
  },

  /** The run's files that it did not finish wait for the next run again. */
  async releaseClaimed(organizationId: string, runId: string): Promise<void> {
    await db
      .update(uploadedFiles)
      .set({ status: 'uploaded', runId: null })
      .where(
        and(
          eq(uploadedFiles.organizationId, organizationId),
          eq(uploadedFiles.runId, runId),
          eq(uploadedFiles.status, 'processing'),
        ),
      );
  },
});
