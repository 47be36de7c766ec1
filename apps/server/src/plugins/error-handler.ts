import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '@finboard/shared/api';
import { messages } from '@finboard/shared/messages';
import { AppError } from '../errors.ts';

/**
 * The one place failures become the spec's envelope `{status:false, message, errors?}`.
 * 5xx details stay in the log with the request id; clients get a generic message.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter) void reply.header('retry-after', String(error.retryAfter));
      const body: ApiError = { status: false, message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        msg: issue.message ?? messages.validationFailed,
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      }));
      return reply
        .status(400)
        .send({ status: false, message: errors[0]?.msg ?? messages.validationFailed, errors } satisfies ApiError);
    }

    if (isResponseSerializationError(error)) {
      // The route's pattern, never the URL: a URL may carry a token (/reset-password/{token}).
      request.log.error(
        { err: error, issues: error.cause.issues, method: request.method, route: request.routeOptions.url },
        'response did not match its schema',
      );
      return reply.status(500).send({ status: false, message: messages.internal } satisfies ApiError);
    }

    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ status: false, message: messages.internal } satisfies ApiError);
    }
    // Fastify's own 4xx (malformed JSON, wrong content type, body too large): its message is safe and clear.
    return reply.status(statusCode).send({ status: false, message: error.message } satisfies ApiError);
  });
});
