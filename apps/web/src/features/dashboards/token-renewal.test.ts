import { describe, expect, it, vi } from 'vitest';
import { createTokenRenewer, isTokenExpired, RENEW_BEFORE_MS, RETRY_RENEWAL_MS, renewalDelay } from './token-renewal';

const now = Date.parse('2026-03-01T12:00:00Z');
const inMinutes = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe('embed token renewal', () => {
  it('renews an hour-long token when ten minutes remain', () => {
    expect(renewalDelay(inMinutes(60), now)).toBe(50 * 60_000);
    expect(RENEW_BEFORE_MS).toBe(10 * 60_000);
  });

  it('renews a short-lived token halfway through, never in a tight loop', () => {
    expect(renewalDelay(inMinutes(8), now)).toBe(4 * 60_000);
    expect(renewalDelay(inMinutes(20), now)).toBe(10 * 60_000);
  });

  it('renews an expired or unreadable expiration at once', () => {
    expect(renewalDelay(inMinutes(-1), now)).toBe(0);
    expect(renewalDelay('not a date', now)).toBe(0);
  });

  it('knows the TokenExpired error event', () => {
    expect(
      isTokenExpired({ message: 'TokenExpired', detailedMessage: 'Access token has expired', errorCode: '403' }),
    ).toBe(true);
    expect(isTokenExpired({ message: 'LoadReportFailed' })).toBe(false);
    expect(isTokenExpired(undefined)).toBe(false);
  });
});

describe('the token renewer', () => {
  it('hands a new token to the report before the old one expires, then keeps doing so', async () => {
    vi.useFakeTimers({ now });
    try {
      const applied: { token: string; at: number }[] = [];
      let issued = 0;
      const renewer = createTokenRenewer({
        fetchToken: async () => ({
          embedToken: `token-${++issued}`,
          expiration: new Date(Date.now() + 60 * 60_000).toISOString(),
        }),
        setAccessToken: async (token) => void applied.push({ token, at: Date.now() }),
        onError: () => undefined,
      });
      renewer.schedule(inMinutes(60));

      await vi.advanceTimersByTimeAsync(50 * 60_000);
      expect(applied).toEqual([{ token: 'token-1', at: now + 50 * 60_000 }]);
      await vi.advanceTimersByTimeAsync(50 * 60_000);
      expect(applied.map((a) => a.token)).toEqual(['token-1', 'token-2']);
      renewer.stop();
      await vi.advanceTimersByTimeAsync(120 * 60_000);
      expect(applied).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renews at once on TokenExpired, joins a renewal under way, and retries a failed one in 30 s', async () => {
    vi.useFakeTimers({ now });
    try {
      const errors: unknown[] = [];
      let calls = 0;
      const renewer = createTokenRenewer({
        fetchToken: async () => {
          calls++;
          if (calls === 1) throw new Error('Failed to fetch Power BI embed info');
          return { embedToken: 'fresh', expiration: inMinutes(60) };
        },
        setAccessToken: async () => undefined,
        onError: (error) => errors.push(error),
      });
      await Promise.all([renewer.renew(), renewer.renew()]);
      expect(calls).toBe(1);
      expect(errors).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(RETRY_RENEWAL_MS);
      expect(calls).toBe(2);
      renewer.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
