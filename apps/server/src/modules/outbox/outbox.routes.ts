import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccessSchema } from '@finboard/shared/api';
import { messages } from '@finboard/shared/messages';
import { outboxAttachmentParamsSchema, outboxDataSchema } from '@finboard/shared/outbox';
import { sendDownload } from '../../platform/http/download.ts';
import type { OutboxService } from './outbox.service.ts';

/** Admins read the mail the platform kept instead of sending (no SMTP configured). */
export async function outboxRoutes(app: FastifyInstance, opts: { outbox: OutboxService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/v1/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'E-mails kept in the outbox, newest first',
        description: 'Bodies are stored sealed (AES-256-GCM) and opened only for this answer.',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: apiSuccessSchema(outboxDataSchema) },
      },
    },
    async (request) => ({
      status: true as const,
      message: messages.outboxFetched,
      data: { emails: await opts.outbox.listNewest(request.query.limit) },
    }),
  );

  routes.get(
    '/api/v1/admin/outbox/:id/attachments/:index',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "An outbox e-mail's attachment (a report pack's PDF or workbook), opened for the download",
        params: outboxAttachmentParamsSchema,
      },
    },
    async (request, reply) => {
      const { filename, contentType, content } = await opts.outbox.attachment(request.params.id, request.params.index);
      return sendDownload(reply, { filename, contentType, body: content });
    },
  );
}
