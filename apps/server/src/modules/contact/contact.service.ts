import type { FastifyBaseLogger } from 'fastify';
import type { ContactRequest } from '@finboard/shared/contact';
import { PRODUCT_NAME } from '@finboard/shared/constants';
import type { Database } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { UsersService } from '../users/users.service.ts';

export type ContactService = ReturnType<typeof createContactService>;

export function createContactService(deps: {
  db: Database;
  users: UsersService;
  mailer: Mailer;
  logger: FastifyBaseLogger;
}) {
  const { db, users, mailer, logger } = deps;
  return {
    /** Stores the message, then e-mails every active platform administrator. */
    async submit(input: ContactRequest, ip: string): Promise<void> {
      const [stored] = await db
        .insert(contactMessages)
        .values({
          name: input.name,
          email: input.email,
          company: input.company || null,
          subject: input.subject,
          message: input.message,
          ip,
        })
        .returning({ id: contactMessages.id });
      const admins = await users.listActiveAdminEmails();
      const text = [
        `New contact-us message on ${PRODUCT_NAME}`,
        '',
        `From: ${input.name} <${input.email}>`,
        input.company ? `Company: ${input.company}` : undefined,
        `Subject: ${input.subject}`,
        '',
        input.message,
      ]
        .filter((line) => line !== undefined)
        .join('\n');
      const results = await Promise.allSettled(
        admins.map((to) => mailer.send({ kind: 'contact', to, subject: `[Contact] ${input.subject}`, text })),
      );
      const failed = results.filter((result) => result.status === 'rejected');
      if (failed.length > 0) logger.error({ messageId: stored?.id, failed: failed.length }, 'contact mail failed');
    },
  };
}
