import type { FastifyBaseLogger } from 'fastify';
import type { OutboxEmail } from '@finboard/shared/outbox';
import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { openMailBody, sealMailBody } from '../../platform/mail/outbox-content.ts';
import { outboxRepository, type OutboxRow } from './outbox.repository.ts';

/** Shown instead of a body sealed under another key (APP_SECRET_KEY or DATA_DIR/secret.key changed). */
export const UNREADABLE_BODY = 'This e-mail cannot be read: it was stored under another application secret key.';

const SEAL_BATCH = 200;

export type OutboxService = ReturnType<typeof createOutboxService>;

/** The mail kept in the outbox, opened only for the administrators who read it. */
export function createOutboxService({ db, box, logger }: { db: Database; box: SecretBox; logger: FastifyBaseLogger }) {
  const repo = outboxRepository(db);

  function bodyOf(row: OutboxRow): string {
    if (row.content === null) return row.text ?? '';
    try {
      return openMailBody(box, row.id, row.content).text;
    } catch (err) {
      logger.warn({ err, id: row.id }, 'an outbox e-mail could not be opened');
      return UNREADABLE_BODY;
    }
  }

  return {
    async listNewest(limit: number): Promise<OutboxEmail[]> {
      const rows = await repo.listNewest(limit);
      return rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: bodyOf(row),
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /**
     * Seals the bodies of mail kept in plain text before they were sealed (run at start-up). Safe to
     * run from several processes at once. Returns how many it sealed.
     */
    async sealPlainText(): Promise<number> {
      let sealed = 0;
      for (;;) {
        const rows = await repo.listPlainText(SEAL_BATCH);
        if (rows.length === 0) return sealed;
        for (const row of rows) {
          const body = row.html === null ? { text: row.text! } : { text: row.text!, html: row.html };
          if (await repo.replacePlainText(row.id, sealMailBody(box, row.id, body))) sealed += 1;
        }
      }
    },
  };
}
