import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { uploadedFileListQuerySchema } from '@finboard/shared/uploads';
import type { Executor } from '../../db/client.ts';
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

export const uploadsRepository = (db: Executor) => ({
  async insert(rows: NewUploadedFileRow[]): Promise<UploadedFileRow[]> {
    return rows.length === 0 ? [] : db.insert(uploadedFiles).values(rows).returning();
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
});
