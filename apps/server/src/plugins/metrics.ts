import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ApiError } from '@finboard/shared/api';
import { messages } from '@finboard/shared/messages';
import type { DatabaseHandle } from '../db/client.ts';
import type { MigrationProgress } from '../warehouse/warehouse-migrator.ts';

export interface MetricsOptions {
  database: DatabaseHandle;
  /** A scrape must present it as `Authorization: Bearer …`. Unset: the main port does not serve /metrics. */
  token?: string;
  /** A listener of its own for /metrics, opened by `app.metrics.listen()`. Unset: none. */
  port?: number;
  host: string;
  /** Where start-up's warehouse migrations stand (warehouse-migrator.ts). */
  warehouseMigrations?: () => MigrationProgress;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      /** Opens the metrics port when one is configured (after the main listen); resolves to its address. */
      listen(): Promise<string | undefined>;
    };
  }
}

/** Labels of requests that matched no route (unknown paths, the web app's pages): one series, not one per URL. */
const UNMATCHED = 'unmatched';

let processRegistry: Registry | undefined;
/** CPU, memory, event loop, GC: one set per process, however many apps it builds (the tests build dozens). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so the time taken says nothing about the token, its length included. */
function presentsToken(request: FastifyRequest, expected: Buffer): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(sha256(presented), expected);
}

const notFound = (reply: FastifyReply) =>
  reply.status(404).send({ status: false, message: messages.routeNotFound } satisfies ApiError);

/**
 * Prometheus metrics (prom-client): requests and their latency per route pattern (never the raw URL, so the
 * number of series stays bounded), the database pool when there is one, and the process. Kept off the public
 * internet: served on the main port only to a scrape presenting METRICS_TOKEN, and/or on METRICS_PORT.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by method, route pattern and status code',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED);
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const pool = options.database.pool;
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge('db_pool_connections', 'Connections the database pool holds (pg.Pool totalCount)', () => pool.totalCount);
    poolGauge('db_pool_idle_connections', 'Pooled connections not in use (pg.Pool idleCount)', () => pool.idleCount);
    poolGauge(
      'db_pool_waiting_requests',
      'Queries waiting for a free pooled connection (pg.Pool waitingCount); above 0 the pool is exhausted',
      () => pool.waitingCount,
    );
  }

  const progress = options.warehouseMigrations;
  if (progress) {
    const migrationGauge = (name: string, help: string, read: (now: MigrationProgress) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(progress()));
        },
      });
    migrationGauge(
      'warehouse_migrations_pending',
      'Warehouses behind the latest warehouse migration at start-up, not yet brought up to date',
      (now) => now.pending,
    );
    migrationGauge('warehouse_migrations_done', 'Warehouses brought up to date since start-up', (now) => now.done);
    migrationGauge(
      'warehouse_migrations_failed',
      "Warehouses whose migration failed since start-up: their organization's requests are refused (503)",
      (now) => now.failed,
    );
  }

  const scrapeable = Registry.merge([processMetrics(), registry]);
  const expectedToken = options.token === undefined ? undefined : sha256(options.token);
  const scrape = async (request: FastifyRequest, reply: FastifyReply) => {
    if (expectedToken && !presentsToken(request, expectedToken)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ status: false, message: messages.unauthenticated } satisfies ApiError);
    }
    return reply
      .type(scrapeable.contentType)
      .header('cache-control', 'no-store')
      .send(await scrapeable.metrics());
  };

  // Without a token the main port answers 404 itself; otherwise the web app would answer /metrics with a page.
  app.get('/metrics', { schema: { hide: true } }, expectedToken ? scrape : (_request, reply) => notFound(reply));

  let metricsServer: FastifyInstance | undefined;
  app.decorate('metrics', {
    async listen() {
      if (options.port === undefined || metricsServer) return undefined;
      metricsServer = Fastify({
        loggerInstance: app.log.child({ listener: 'metrics' }),
        // A scrape every few seconds would drown the log.
        logController: new LogController({ disableRequestLogging: true }),
      });
      metricsServer.get('/metrics', scrape);
      metricsServer.setNotFoundHandler((_request, reply) => notFound(reply));
      return metricsServer.listen({ host: options.host, port: options.port });
    },
  });
  app.addHook('onClose', async () => {
    await metricsServer?.close();
  });
});
