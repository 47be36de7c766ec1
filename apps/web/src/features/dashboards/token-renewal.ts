/** Microsoft's sample renews an embed token when 10 minutes remain (docs/integrations.md §1.8). */
export const RENEW_BEFORE_MS = 10 * 60_000;
/** After a failed renewal, try again this soon (the old token may still have a while to live). */
export const RETRY_RENEWAL_MS = 30_000;

/**
 * How long to wait before renewing a token that expires at `expiration`. A token that lives longer than
 * twice the margin is renewed when the margin remains; a shorter one halfway through what is left, so a
 * short-lived token is not renewed in a tight loop. An expired or unreadable one is renewed at once.
 */
export function renewalDelay(expiration: string, now: number): number {
  const remaining = Date.parse(expiration) - now;
  if (!Number.isFinite(remaining) || remaining <= 0) return 0;
  return remaining > 2 * RENEW_BEFORE_MS ? remaining - RENEW_BEFORE_MS : Math.floor(remaining / 2);
}

/** The error event's detail of an expired token (powerbi-client's `IError`). */
export const isTokenExpired = (detail: unknown) =>
  typeof detail === 'object' && detail !== null && (detail as { message?: unknown }).message === 'TokenExpired';

interface Token {
  embedToken: string;
  expiration: string;
}

/**
 * Keeps an embedded report's token fresh: `schedule(expiration)` renews it before then, `renew()` at once
 * (TokenExpired). A renewal fetches a new token and hands it to the embedded report (setAccessToken, no
 * reload); a failed one is retried soon, while the old token may still work.
 */
export function createTokenRenewer(options: {
  fetchToken: () => Promise<Token>;
  setAccessToken: (token: string) => Promise<unknown>;
  onRenewed?: () => void;
  onError: (error: unknown) => void;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let renewing: Promise<void> | undefined;

  const wait = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void renew(), ms);
  };

  async function attempt() {
    try {
      const next = await options.fetchToken();
      if (stopped) return;
      await options.setAccessToken(next.embedToken);
      options.onRenewed?.();
      wait(renewalDelay(next.expiration, now()));
    } catch (error) {
      if (stopped) return;
      options.onError(error);
      wait(RETRY_RENEWAL_MS);
    }
  }

  /** Renews now; a renewal already under way is joined rather than repeated. */
  function renew(): Promise<void> {
    clearTimeout(timer);
    renewing ??= attempt().finally(() => {
      renewing = undefined;
    });
    return renewing;
  }

  return {
    schedule(expiration: string) {
      stopped = false;
      wait(renewalDelay(expiration, now()));
    },
    renew,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
