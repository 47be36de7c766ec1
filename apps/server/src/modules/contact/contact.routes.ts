import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessageSchema } from '@finboard/shared/api';
import { contactRequestSchema } from '@finboard/shared/contact';
import { messages } from '@finboard/shared/messages';
import { createAttemptLimiter } from '../../plugins/rate-limit.ts';
import type { ContactService } from './contact.service.ts';

export async function contactRoutes(app: FastifyInstance, opts: { contact: ContactService }): Promise<void> {
  const submissions = createAttemptLimiter(5, 60);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/contact-us',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the Finboard team',
        security: [],
        body: contactRequestSchema,
        response: { 200: apiMessageSchema },
      },
    },
    async (request) => {
      await submissions.hit([`ip:${request.ip}`]);
      await opts.contact.submit(request.body, request.ip);
      return { status: true as const, message: messages.contactSent };
    },
  );
}
