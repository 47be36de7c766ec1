import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, at `debug`: method, redacted URL, status and time, written when the response is
 * sent. Fastify's default is two lines at `info` ("incoming request", "request completed"), which buries the
 * log's events under routine traffic; `LOG_LEVEL=debug` shows the requests again. A request that fails
 * while answering still logs at `error`.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }

  // Fastify's line names the raw URL, which can carry a token; the completed line above names it redacted.
  override routeNotFound(): void {}
}
