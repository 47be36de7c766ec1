import type { FastifyBaseLogger } from 'fastify';
import type { AggregateRefresh } from '../../warehouse/aggregates.ts';

/** Studio edits come in bursts (a journal, then its lines): one refresh this long after the last of them. */
const REFRESH_DELAY_MS = 2_000;

interface Pending {
  timer: NodeJS.Timeout;
  /** The periods to refresh; undefined: all of them. */
  periods: Set<string> | undefined;
}

/**
 * Debounced refreshes of the monthly aggregates, per organization: edits within `delayMs` of each other
 * make one refresh of the periods they touched. One refresh at a time per organization (a second waits
 * for the first; the database serializes them across processes too, aggregates.ts).
 */
export function createAggregateRefresher(deps: {
  refresh: (organizationId: string, periods?: readonly string[]) => Promise<AggregateRefresh>;
  logger: FastifyBaseLogger;
  delayMs?: number;
}) {
  const delayMs = deps.delayMs ?? REFRESH_DELAY_MS;
  const pending = new Map<string, Pending>();
  const running = new Map<string, Promise<unknown>>();
  let stopped = false;

  function run(organizationId: string, periods?: readonly string[]): Promise<AggregateRefresh> {
    const before = running.get(organizationId) ?? Promise.resolve();
    const next = before.catch(() => undefined).then(() => deps.refresh(organizationId, periods));
    running.set(organizationId, next);
    void next
      .catch(() => undefined)
      .finally(() => {
        if (running.get(organizationId) === next) running.delete(organizationId);
      });
    return next;
  }

  return {
    schedule(organizationId: string, periods?: readonly string[]): void {
      if (stopped) return;
      const waiting = pending.get(organizationId);
      if (waiting) clearTimeout(waiting.timer);
      const merged =
        periods === undefined || (waiting && waiting.periods === undefined)
          ? undefined
          : new Set([...(waiting?.periods ?? []), ...periods]);
      if (merged && merged.size === 0 && !waiting) return;
      const timer = setTimeout(() => {
        pending.delete(organizationId);
        run(organizationId, merged && [...merged]).catch((err: unknown) =>
          deps.logger.error({ err, organizationId }, 'refreshing the monthly aggregates failed'),
        );
      }, delayMs);
      timer.unref();
      pending.set(organizationId, { timer, periods: merged });
    },

    /** A full refresh now; one waiting for edits is folded into it. */
    now(organizationId: string): Promise<AggregateRefresh> {
      const waiting = pending.get(organizationId);
      if (waiting) {
        clearTimeout(waiting.timer);
        pending.delete(organizationId);
      }
      return run(organizationId);
    },

    async stop(): Promise<void> {
      stopped = true;
      for (const waiting of pending.values()) clearTimeout(waiting.timer);
      pending.clear();
      await Promise.allSettled([...running.values()]);
    },
  };
}
export type AggregateRefresher = ReturnType<typeof createAggregateRefresher>;
