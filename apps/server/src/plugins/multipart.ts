import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';
import multipart, { type Multipart } from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@finboard/shared/messages';
import { badRequest } from '../errors.ts';

/** multipart/form-data requests (@fastify/multipart) with the platform's limits; routes read them with `readMultipart`. */
export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 50, parts: 60 } });
});

export type MultipartOptions = Parameters<FastifyRequest['parts']>[0] & {
  /** Honoured by parts() though its type leaves it out. */
  throwFileSizeLimit?: boolean;
  /**
   * Fields a form may send once, each with the message a second one answers (400, wherever it comes, even
   * with the same value): a form naming two organizations, or two of anything that applies to all its files,
   * is refused, never read as the last one wins.
   */
  onceFields?: Readonly<Record<string, string>>;
};

/*
 * The parser's own failures (busboy: no boundary, a body cut short, bytes that are not multipart) are
 * plain Errors with neither a status nor a code. @fastify/multipart's limits, ours (AppError), system and
 * database errors all carry one and go to the error handler as they are.
 */
const isParserError = (error: unknown) => error instanceof Error && !('statusCode' in error) && !('code' in error);

/**
 * Reads a multipart request part by part; `onPart` consumes each part (a file part's stream included).
 * A form the parser cannot read answers 400 with the catalogue message and nothing is kept. When reading
 * stops early (onPart refused a part, or a field of `onceFields` came twice), the rest of the body is read
 * and dropped before the answer.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: MultipartOptions,
  onPart: (part: Multipart) => Promise<void>,
): Promise<void> {
  const { onceFields = {}, ...partsOptions } = options;
  const { tenantField } = request.routeOptions.config;
  // A form names one organization: a route that reads it from a field must refuse a second one.
  if (tenantField && !Object.hasOwn(onceFields, tenantField))
    throw new Error(`route ${request.routeOptions.url} reads ${tenantField} from its form without onceFields`);
  const seen = new Set<string>();
  try {
    for await (const part of request.parts(partsOptions)) {
      if (part.type === 'field' && Object.hasOwn(onceFields, part.fieldname)) {
        if (seen.has(part.fieldname)) throw badRequest('FIELD_REPEATED', onceFields[part.fieldname]!);
        seen.add(part.fieldname);
      }
      await onPart(part);
    }
  } catch (error) {
    await discardRest(request.raw);
    throw isParserError(error) ? badRequest('MALFORMED_MULTIPART', messages.malformedForm) : error;
  }
}

/**
 * The unread rest of a refused body, read and dropped. Left piped into the stopped parser, it would stall
 * the keep-alive connection: the client's next request on it would never be read. (Closing the connection
 * instead would make clients still sending see a reset rather than our answer.)
 */
async function discardRest(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
  await finished(raw).catch(() => undefined);
}
