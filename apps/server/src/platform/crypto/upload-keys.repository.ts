import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploadKeys } from '../../db/schema.ts';

export type UploadKeyRow = typeof uploadKeys.$inferSelect;

export const uploadKeysRepository = (db: Database) => ({
  newest: async (): Promise<UploadKeyRow | undefined> =>
    (await db.select().from(uploadKeys).orderBy(desc(uploadKeys.createdAt)).limit(1))[0],

  find: async (id: string): Promise<UploadKeyRow | undefined> =>
    (await db.select().from(uploadKeys).where(eq(uploadKeys.id, id)))[0],

  async insert(row: Omit<UploadKeyRow, 'createdAt'>): Promise<void> {
    await db.insert(uploadKeys).values(row).onConflictDoNothing();
  },
});

export type UploadKeysRepository = ReturnType<typeof uploadKeysRepository>;
