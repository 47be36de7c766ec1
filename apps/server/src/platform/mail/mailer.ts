import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';

export interface MailMessage {
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
  logger: FastifyBaseLogger;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it, mail is kept in the outbox table (readable
 * by admins) and logged, so password resets work on a laptop with nothing installed.
 */
export function createMailer(opts: MailerOptions): Mailer {
  const transport = createTransport(opts);
  const pending = new Set<Promise<void>>();
  return {
    ...transport,
    sendInBackground(message) {
      const job = transport
        .send(message)
        .catch((err: unknown) =>
          opts.logger.error({ err, to: message.to, subject: message.subject }, 'sending mail failed'),
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}

function createTransport(opts: MailerOptions): Pick<Mailer, 'transport' | 'send' | 'close'> {
  const { smtpUrl, from, db, logger } = opts;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return {
      transport: 'smtp',
      async send(message) {
        await transporter.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
      },
      close: () => transporter.close(),
    };
  }
  return {
    transport: 'outbox',
    async send(message) {
      await db.insert(outboxEmails).values({ ...message, transport: 'outbox' });
      logger.info({ to: message.to, subject: message.subject, text: message.text }, 'mail stored in the outbox');
    },
    close: () => undefined,
  };
}
