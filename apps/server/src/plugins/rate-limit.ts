import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { messages } from '@finboard/shared/messages';
import { tooManyRequests } from '../errors.ts';

/** One counted attempt, which its caller may give back (a sign-in that opened a session). */
export interface Attempt {
  giveBack(): Promise<void>;
}

/**
 * Attempt counters keyed by client IP and by e-mail ("10 per minute per IP and e-mail").
 * In memory: one API node. Several nodes would swap in rate-limiter-flexible's Postgres store, whose
 * consume is one atomic statement too.
 */
export interface AttemptLimiter {
  /**
   * Counts one attempt on every key before the work it guards, in one step (no await between checking
   * and counting), so requests that arrive together cannot all pass. Throws 429 once any key has used
   * up its attempts; a refused attempt counts on no key.
   */
  hit(keys: string[]): Promise<Attempt>;
}

export function createAttemptLimiter(points: number, durationSeconds: number): AttemptLimiter {
  const limiter = new RateLimiterMemory({ points, duration: durationSeconds });

  /**
   * Gives a point back to `key`, unless the window it was counted in has already ended: a reward in
   * the next window would start it at -1, one attempt more than the limit.
   */
  const giveBackIfCurrent = (key: string, windowEndsAt: number) =>
    Date.now() < windowEndsAt ? limiter.reward(key).then(() => undefined) : Promise.resolve();

  return {
    async hit(keys) {
      const counted: { key: string; windowEndsAt: number }[] = [];
      const giveBackAll = () =>
        Promise.all(counted.map(({ key, windowEndsAt }) => giveBackIfCurrent(key, windowEndsAt)));
      for (const key of keys) {
        try {
          const res = await limiter.consume(key);
          counted.push({ key, windowEndsAt: Date.now() + res.msBeforeNext });
        } catch (res) {
          if (!(res instanceof RateLimiterRes)) {
            await giveBackAll();
            throw res;
          }
          // The refused consume counted too: give it and the other keys' points back.
          counted.push({ key, windowEndsAt: Date.now() + res.msBeforeNext });
          await giveBackAll();
          throw tooManyRequests(messages.tooManyAttempts, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
        }
      }
      let givenBack = false;
      return {
        async giveBack() {
          if (givenBack) return;
          givenBack = true;
          await giveBackAll();
        },
      };
    },
  };
}
