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
  close(): void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it, mail is kept in the outbox table (readable
 * by admins) and logged, so password resets work on a laptop with nothing installed.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  db: Database;
  logger: FastifyBaseLogger;
}): Mailer {
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
