import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { messages } from '@finboard/shared/messages';
import { tooManyRequests } from '../errors.ts';

/**
 * Attempt counters keyed by client IP and by e-mail ("10 per minute per IP and e-mail").
 * In memory: one API node. Several nodes would swap in rate-limiter-flexible's Postgres store.
 */
export interface AttemptLimiter {
  /** Counts one attempt on every key; throws 429 once any key is over its limit. */
  hit(keys: string[]): Promise<void>;
  /** Throws 429 if any key has already used up its attempts, without counting. */
  assertAllowed(keys: string[]): Promise<void>;
  /** Counts a failed attempt (login counts failures only, so people who sign in often are never blocked). */
  recordFailure(keys: string[]): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

export function createAttemptLimiter(points: number, durationSeconds: number): AttemptLimiter {
  const limiter = new RateLimiterMemory({ points, duration: durationSeconds });
  const refuse = (res: RateLimiterRes) =>
    tooManyRequests(messages.tooManyAttempts, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));

  const consumeAll = async (keys: string[]) => {
    for (const key of keys) {
      try {
        await limiter.consume(key);
      } catch (res) {
        if (res instanceof RateLimiterRes) throw refuse(res);
        throw res;
      }
    }
  };

  return {
    hit: consumeAll,
    async assertAllowed(keys) {
      for (const key of keys) {
        const res = await limiter.get(key);
        if (res && res.consumedPoints >= points) throw refuse(res);
      }
    },
    async recordFailure(keys) {
      await Promise.all(keys.map((key) => limiter.penalty(key)));
    },
    async clear(keys) {
      await Promise.all(keys.map((key) => limiter.delete(key)));
    },
  };
}
