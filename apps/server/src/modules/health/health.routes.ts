import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

/** Liveness answers while the process runs; readiness only while the database answers too. */
export async function healthRoutes(app: FastifyInstance, opts: { database: DatabaseHandle }): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await opts.database.ping();
      return { status: 'ready', database: opts.database.kind };
    } catch (err) {
      request.log.error({ err }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', database: opts.database.kind });
    }
  });
}
