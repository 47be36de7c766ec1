import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import { sealMailBody } from './outbox-content.ts';

export interface MailMessage {
  /** Which kind of mail (`password-reset`, `invitation`…): what the log says besides the recipient. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
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
  logger: FastifyBaseLogger;
}

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
  const { smtpUrl, from, db, outboxBox, logger } = opts;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return {
      transport: 'smtp',
      async send({ kind, ...message }) {
        await transporter.sendMail({ from, ...message });
        logger.info({ to: message.to, kind }, 'mail sent over SMTP');
      },
      close: () => transporter.close(),
    };
  }
  return {
    transport: 'outbox',
    async send({ kind, to, subject, text, html }) {
      const id = randomUUID();
      const content = sealMailBody(outboxBox, id, html === undefined ? { text } : { text, html });
      await db.insert(outboxEmails).values({ id, to, subject, content, transport: 'outbox' });
      logger.info({ to, kind }, 'mail stored in the outbox');
    },
    close: () => undefined,
  };
}
