import type { FastifyInstance } from 'fastify';
import type { OutboxEmail } from '@finboard/shared/outbox';

/**
 * The mail kept in the outbox for `to`, newest first, with its body opened as administrators read it
 * (the table holds bodies only sealed).
 */
export async function outboxMailTo(app: FastifyInstance, to: string): Promise<OutboxEmail[]> {
  return (await app.services.outbox.listNewest(500)).filter((email) => email.to === to);
}
