import http from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '@finboard/shared/api';
import { messages } from '@finboard/shared/messages';
import { isInvalidInputError } from '../db/errors.ts';
import { AppError } from '../errors.ts';

/**
 * Fastify's and its plugins' own refusals, in our words: some of theirs repeat the URL or the field
 * that was sent. Codes not listed keep Fastify's message (fixed texts such as the malformed JSON one).
 */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: messages.invalidUrl,
  FST_ERR_INVALID_URL: messages.invalidUrl,
  FST_ERR_MAX_PARAM_LENGTH: messages.urlTooLong,
  FST_ERR_CTP_BODY_TOO_LARGE: messages.requestTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: messages.malformedRequest,
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: messages.unsupportedMediaType,
  // @fastify/multipart
  FST_PARTS_LIMIT: messages.requestTooLarge,
  FST_FILES_LIMIT: messages.requestTooLarge,
  FST_FIELDS_LIMIT: messages.requestTooLarge,
  FST_REQ_FILE_TOO_LARGE: messages.requestTooLarge,
  FST_PROTO_VIOLATION: messages.malformedForm,
  FST_INVALID_MULTIPART_CONTENT_TYPE: messages.malformedForm,
  FST_INVALID_JSON_FIELD_ERROR: messages.malformedForm,
  FST_MP_PREMATURE_CLOSE: messages.malformedForm,
};

const envelope = (message: string): ApiError => ({ status: false, message });

/**
 * The one place failures become the spec's envelope `{status:false, message, errors?}`.
 * 5xx details stay in the log with the request id; clients get a generic message.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // A value the database refused (a NUL, a date out of its range…) that the request schemas let
    // through: the input's fault, so 400, but logged as a gap in the schemas to close.
    if (isInvalidInputError(error) && (error instanceof AppError ? error.statusCode : 500) >= 500) {
      request.log.warn({ err: error }, 'the database refused a value the request schema accepted');
      return reply.status(400).send(envelope(error instanceof AppError ? error.message : messages.invalidValue));
    }

    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error, cause: error.cause }, 'request failed');
      if (error.retryAfter) void reply.header('retry-after', String(error.retryAfter));
      const body: ApiError = envelope(error.message);
      if (error.errors) body.errors = error.errors;
      const data = error.responseData();
      if (data !== undefined) body.data = data;
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
      return reply.status(500).send(envelope(messages.internal));
    }

    return sendFrameworkError(error, request, reply);
  });
});

function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(envelope(messages.internal));
  }
  // Fastify's own 4xx (malformed JSON, wrong content type, body too large…).
  return reply.status(statusCode).send(envelope(FRAMEWORK_MESSAGES[error.code] ?? error.message));
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a URL that does
 * not decode, a path parameter over `maxParamLength`), answered in the envelope like everything else.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  void sendFrameworkError(error, request, reply);
};

/** Node's HTTP parser errors that have an answer of their own; anything else it cannot parse is a 400. */
const CLIENT_ERRORS: Record<string, { statusCode: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { statusCode: 431, message: messages.headersTooLarge },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { statusCode: 413, message: messages.requestTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { statusCode: 408, message: messages.requestTimeout },
};

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser rejects before Fastify sees them (headers or
 * URL over `maxHeaderSize`, bytes that are not HTTP). Answered in the envelope on the raw socket, as Node
 * itself would, then the connection is closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { statusCode, message } = CLIENT_ERRORS[error.code ?? ''] ?? {
    statusCode: 400,
    message: messages.malformedRequest,
  };
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(envelope(message));
    socket.write(
      `HTTP/1.1 ${statusCode} ${http.STATUS_CODES[statusCode]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
