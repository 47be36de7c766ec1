import type { Config } from '../../config/env.ts';
import { createNetsuiteClient, type NetsuiteClient } from './netsuite-client.ts';

/**
 * The NetSuite client of the configuration. Always there: each connection brings its own account, consumer
 * key and certificate, so the server needs no setting of its own to connect.
 */
export function netsuiteClientOf(config: Config): NetsuiteClient {
  return createNetsuiteClient({
    baseUrl: config.NETSUITE_BASE_URL,
    rateLimitWaitMs: config.NETSUITE_RATE_LIMIT_WAIT_MS,
    maxRateLimitRetries: 3,
    maxConcurrency: config.NETSUITE_MAX_CONCURRENCY,
  });
}
