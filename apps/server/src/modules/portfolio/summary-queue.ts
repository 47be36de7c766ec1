import type { FastifyBaseLogger } from 'fastify';
import { createLimiter } from '../../platform/concurrency/limiter.ts';

export type SummaryQueue = ReturnType<typeof createSummaryQueue>;

/**
 * The organizations whose summary must be computed again because their monthly aggregates changed: told by
 * every writer of the aggregates once its transaction has committed (`changed`, which never throws nor waits),
 * worked in this process by the refresher app.ts hands it (`work`, before anything is told). An organization is
 * refreshed once at a time; a change told while it is refreshed makes one more refresh after it, so the last
 * write is always summarized, and many writes in a row cost two refreshes. At most `concurrency` organizations at
 * once. A refresh that fails is logged as a warning: the write it follows has committed and stays.
 */
export function createSummaryQueue(deps: { logger: Pick<FastifyBaseLogger, 'warn'>; concurrency?: number }) {
  const limiter = createLimiter(deps.concurrency ?? 2);
  let refresh: ((organizationId: string) => Promise<void>) | undefined;
  /** Told before a refresher was given (start-up): worked once it is. */
  const waiting = new Set<string>();
  /** Organizations being refreshed, and those told again meanwhile. */
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  let stopped = false;

  function start(organizationId: string): void {
    const work = limiter
      .run(async () => {
        if (stopped) return;
        await refresh!(organizationId);
      })
      .catch((err: unknown) => deps.logger.warn({ err, organizationId }, 'the portfolio summary was not refreshed'))
      .finally(() => {
        running.delete(organizationId);
        if (again.delete(organizationId) && !stopped) start(organizationId);
      });
    running.set(organizationId, work);
  }

  return {
    /** The organization's aggregates changed (committed): its summary is refreshed soon. */
    changed(organizationId: string): void {
      if (stopped) return;
      if (!refresh) waiting.add(organizationId);
      else if (running.has(organizationId)) again.add(organizationId);
      else start(organizationId);
    },
    /** The refresher, given once by app.ts (as job handlers are), after which what waited is worked. */
    work(refresher: (organizationId: string) => Promise<void>): void {
      refresh = refresher;
      for (const organizationId of waiting) start(organizationId);
      waiting.clear();
    },
    /** Settles when no refresh is under way or due (tests, and a read that wants its writes). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running.values()]);
    },
    /** Stops taking changes; settles when the refreshes under way have. */
    async stop(): Promise<void> {
      stopped = true;
      waiting.clear();
      again.clear();
      await Promise.all([...running.values()]);
    },
  };
}
