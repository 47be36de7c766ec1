import { desc } from 'drizzle-orm';
import type { OutboxEmail } from '@finboard/shared/outbox';
import type { Database } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';

export const outboxRepository = (db: Database) => ({
  async listNewest(limit: number): Promise<OutboxEmail[]> {
    const rows = await db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit);
    return rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
    }));
  },
});
