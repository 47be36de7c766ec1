import type { DatabaseHandle } from '../../db/client.ts';

/** Readiness gives the database this long to answer; a probe that hangs tells a supervisor nothing. */
const READINESS_TIMEOUT_MS = 2_000;

/**
 * Liveness fails once the embedded database has left pings unanswered this long. PGlite runs inside this
 * process, one statement at a time: if it stops answering, this process is what is broken, and only a
 * restart cures it (an export that once froze it left /healthz answering 200 for ever). The limit is
 * far above the longest legitimate wait: a bulk load holds PGlite for its whole COPY (a million GL lines
 * take seconds to tens of seconds). On PostgreSQL liveness never depends on the database: a restart does
 * not heal a database server, and failing every node at once while it is down would only add a storm of
 * restarts to the outage. Readiness (503 after 2 s) takes such nodes out of rotation instead.
 */
const EMBEDDED_LIVENESS_LIMIT_MS = 120_000;

export type HealthService = ReturnType<typeof createHealthService>;

export function createHealthService(deps: {
  database: Pick<DatabaseHandle, 'kind' | 'ping'>;
  readinessTimeoutMs?: number;
  livenessLimitMs?: number;
  now?: () => number;
}) {
  const { database, now = Date.now } = deps;
  const readinessTimeoutMs = deps.readinessTimeoutMs ?? READINESS_TIMEOUT_MS;
  const livenessLimitMs = deps.livenessLimitMs ?? EMBEDDED_LIVENESS_LIMIT_MS;
  /** The one ping under way: probes of a database that does not answer never pile up. */
  let pending: Promise<void> | undefined;
  /** When the oldest ping not yet answered started (failures do not count as answers). */
  let unansweredSince: number | undefined;

  function ping(): Promise<void> {
    if (!pending) {
      unansweredSince ??= now();
      pending = database
        .ping()
        .then(() => {
          unansweredSince = undefined;
        })
        .finally(() => {
          pending = undefined;
        });
    }
    return pending;
  }

  return {
    /** Whether the database answers a ping within the readiness timeout. */
    async ready(): Promise<boolean> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), readinessTimeoutMs);
      });
      try {
        return await Promise.race([ping().then(() => true as const), timeout]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },

    /**
     * False once the embedded database has not answered for the liveness limit; never waits for it
     * (a ping is started, at most one at a time, so liveness probes alone notice a frozen database).
     */
    alive(): boolean {
      if (database.kind !== 'pglite') return true;
      ping().catch(() => undefined);
      return unansweredSince === undefined || now() - unansweredSince < livenessLimitMs;
    },
  };
}
