import type { FastifyBaseLogger } from 'fastify';
import { outboxMessages, type OutboxEmail } from '@finboard/shared/outbox';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { StoredFileEncryption } from '../../platform/crypto/stored-files.ts';
import type { SealedBuffers } from '../../platform/storage/sealed-buffers.ts';
import { openMailBody, sealMailBody } from '../../platform/mail/outbox-content.ts';
import { outboxRepository, type OutboxRow } from './outbox.repository.ts';

/** Shown instead of a body sealed under another key (APP_SECRET_KEY or DATA_DIR/secret.key changed). */
export const UNREADABLE_BODY = 'This e-mail cannot be read: it was stored under another application secret key.';

const SEAL_BATCH = 200;

export type OutboxService = ReturnType<typeof createOutboxService>;

/** The mail kept in the outbox, opened only for the administrators who read it. */
export function createOutboxService({
  db,
  box,
  files,
  logger,
}: {
  db: Database;
  box: SecretBox;
  files: SealedBuffers;
  logger: FastifyBaseLogger;
}) {
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
        attachments: (row.attachments ?? []).map(({ filename, contentType, bytes }) => ({
          filename,
          contentType,
          bytes,
        })),
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** An attachment's name, type and bytes, opened for the administrator who downloads it. */
    async attachment(id: string, index: number): Promise<{ filename: string; contentType: string; content: Buffer }> {
      const attachment = (await repo.find(id))?.attachments?.[index];
      if (!attachment) throw notFound(outboxMessages.attachmentNotFound);
      const { filename, contentType, storageKey, encryption } = attachment;
      const content = await files.get(storageKey, storageKey, encryption as StoredFileEncryption);
      return { filename, contentType, content };
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
