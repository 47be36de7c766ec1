import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { SealedBuffers } from '../storage/sealed-buffers.ts';
import { sealMailBody } from './outbox-content.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  /** Which kind of mail (`password-reset`, `invitation`…): what the log says besides the recipient. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files the mail carries (a report pack's PDF and workbook). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /**
   * Sends after the response: its time never tells whether an account exists, and a slow mail server
   * never holds a request. A failure is logged.
   */
  sendInBackground(message: MailMessage): void;
  /** Waits for mail still being sent (graceful shutdown, tests). */
  flush(): Promise<void>;
  close(): void;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  db: Database;
  /** Seals the body of mail kept in the outbox. */
  outboxBox: SecretBox;
  /** Where the outbox keeps attachments, sealed. */
  files: SealedBuffers;
  logger: FastifyBaseLogger;
}

/** Where the outbox keeps an e-mail's attachment; also its sealing context. */
export const outboxAttachmentKey = (emailId: string, index: number) => `outbox/${emailId}/${index}`;

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it, mail is kept in the outbox table (readable
 * by admins), its body sealed, so password resets work on a laptop with nothing installed. The log
 * says only to whom and which kind of mail: bodies carry links with tokens and temporary passwords.
 */
export function createMailer(opts: MailerOptions): Mailer {
  const transport = createTransport(opts);
  const pending = new Set<Promise<void>>();
  return {
    ...transport,
    sendInBackground(message) {
      const job = transport
        .send(message)
        .catch((err: unknown) => opts.logger.error({ err, to: message.to, kind: message.kind }, 'sending mail failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}

function createTransport(opts: MailerOptions): Pick<Mailer, 'transport' | 'send' | 'close'> {
  const { smtpUrl, from, db, outboxBox, files, logger } = opts;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return {
      transport: 'smtp',
      async send({ kind, attachments, ...message }) {
        await transporter.sendMail({ from, ...message, ...(attachments && { attachments }) });
        logger.info({ to: message.to, kind }, 'mail sent over SMTP');
      },
      close: () => transporter.close(),
    };
  }
  return {
    transport: 'outbox',
    async send({ kind, to, subject, text, html, attachments = [] }) {
      const id = randomUUID();
      const content = sealMailBody(outboxBox, id, html === undefined ? { text } : { text, html });
      const kept = await Promise.all(
        attachments.map(async ({ filename, contentType, content: bytes }, index) => {
          const storageKey = outboxAttachmentKey(id, index);
          const encryption = await files.put(storageKey, storageKey, bytes);
          return { filename, contentType, bytes: bytes.length, storageKey, encryption };
        }),
      );
      await db
        .insert(outboxEmails)
        .values({ id, to, subject, content, transport: 'outbox', ...(kept.length > 0 && { attachments: kept }) });
      logger.info({ to, kind }, 'mail stored in the outbox');
    },
    close: () => undefined,
  };
}
