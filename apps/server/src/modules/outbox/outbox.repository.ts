import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';

export type OutboxRow = typeof outboxEmails.$inferSelect;

export const outboxRepository = (db: Database) => ({
  listNewest: (limit: number): Promise<OutboxRow[]> =>
    db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit),

  find: async (id: string): Promise<OutboxRow | undefined> =>
    (await db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0],

  /** Rows kept before bodies were sealed, a batch at a time. */
  listPlainText: (limit: number) =>
    db
      .select({ id: outboxEmails.id, text: outboxEmails.text, html: outboxEmails.html })
      .from(outboxEmails)
      .where(isNotNull(outboxEmails.text))
      .limit(limit),

  /** Stores the sealed body and clears the plain one, unless another process did it first. */
  async replacePlainText(id: string, content: string): Promise<boolean> {
    const rows = await db
      .update(outboxEmails)
      .set({ content, text: null, html: null })
      .where(and(eq(outboxEmails.id, id), isNotNull(outboxEmails.text)))
      .returning({ id: outboxEmails.id });
    return rows.length === 1;
  },
});
