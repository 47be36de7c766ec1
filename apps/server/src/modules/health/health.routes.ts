import type { FastifyInstance } from 'fastify';
import type { ApiError } from '@finboard/shared/api';
import { messages } from '@finboard/shared/messages';
import type { DatabaseHandle } from '../../db/client.ts';
import type { HealthService } from './health.service.ts';

const unavailable = { status: false, message: messages.databaseUnavailable } satisfies ApiError;

/**
 * Liveness answers while the process works (see HealthService for when the database is part of that);
 * readiness only while the database answers, within 2 s, never hanging with it.
 */
export async function healthRoutes(
  app: FastifyInstance,
  opts: { health: HealthService; databaseKind: DatabaseHandle['kind'] },
): Promise<void> {
  const { health, databaseKind } = opts;
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    if (health.alive()) return { status: 'ok' };
    request.log.error({ database: databaseKind }, 'liveness check failed: the embedded database has stopped answering');
    return reply.status(503).send(unavailable);
  });
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    if (await health.ready()) return { status: 'ready', database: databaseKind };
    request.log.error({ database: databaseKind }, 'readiness check failed: the database did not answer');
    return reply.status(503).send(unavailable);
  });
}
